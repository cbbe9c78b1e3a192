package magic

import (
	"math/rand/v2"

	"azar/variants"
	"azar/variants/chess"
)

// Phase is the decision the state waits for.
type Phase uint8

// Phases.
const (
	PhStart   Phase = iota // the active player: a standard move, a MAIN or PRE card (or a claim)
	PhMove                 // the active player owes a standard move (after PRE, correction, mate save)
	PhEnd                  // the active player: an END card or pass
	PhRCommit              // the other player: a reaction to the card just committed, or pass
	PhRImpact              // the other player: a reaction to the impact event, or pass
	PhReplace              // after a rewind: the rewound player's different move
	PhMS                   // the checkmated player: a mate-save card, or pass (resign to the mate)
)

func (p Phase) String() string {
	switch p {
	case PhStart:
		return "start"
	case PhMove:
		return "move"
	case PhEnd:
		return "end"
	case PhRCommit:
		return "rcommit"
	case PhRImpact:
		return "rimpact"
	case PhReplace:
		return "replace"
	case PhMS:
		return "ms"
	}
	return "?"
}

// Effect is one active duration effect (or ward) on the board: a value.
type Effect struct {
	Card    CardID
	Owner   chess.Color
	Counter int8
	Kind    EffectKind
	seq     uint16 // commitment order: the older ward triggers first (here, not last: 24 bytes, not 32, in every copy of the state)
	// Pieces is the set of piece identities the effect is anchored to
	// (bit i = identity i): the shielded, winged or paralysed pieces.
	Pieces uint64
	// Zone is the square, file, block or flank of a zone-anchored effect.
	Zone chess.Bitboard
}

// maxEffects bounds the effects in play: 20 cards can make one.
const maxEffects = 20

// epRight is an en-passant right: the player who may take, the square
// passed and the identity of the pawn that passed it.
type epRight struct {
	sq   chess.Square
	pawn uint8
	by   chess.Color
}

var noEP = epRight{sq: chess.NoSquare}

// stdRecord keeps what a rewind (AM03/AM04) restores: the last standard
// move and the state just before it.
type stdRecord struct {
	valid   bool
	endCard bool // the mover committed an END card afterwards
	mover   chess.Color
	move    chess.Move
	turn    uint32 // the turn the move belongs to
	hist    int32  // board history length after the move
	nMakes  uint8
	makes   [4]chess.Move
	ids     [64]uint8
	pool    [2][7]uint8
	ep      epRight
	irrev   bool
	rule50  uint16
	nEnded  uint8
	ended   [6]Effect
	// lost is what the move took from effects that went on: the pieces
	// (a captured or promoted man) dropped from a multi-man anchoring
	// such as Baluarte's.
	nLost uint8
	lost  [5]lostAnchor
}

// lostAnchor is the pieces a move dropped from the anchoring of the
// effect of card.
type lostAnchor struct {
	card   CardID
	pieces uint64
}

type commitment struct {
	act       variants.Action
	who       chess.Color
	countered bool
}

type reason uint8

const (
	rNone reason = iota
	rCheckmate
	rStalemate
	rInsufficient
	rThreefold
	rFifty
	rFivefold
	rSeventyFive
	rClaimThreefold
	rClaimFifty
)

var reasonText = [...]string{"", "checkmate", "stalemate", "insufficient material",
	"threefold repetition", "fifty-move rule", "fivefold repetition", "seventy-five-move rule",
	"threefold repetition (claimed)", "fifty-move rule (claimed)"}

// meta is the state apart from the board, the histories, the effects and
// the last standard move's record; Undo restores it by copy. The effects
// and the record are kept apart because they are most of the state's
// bytes (a thousand with them, two hundred without) and change less often
// than every action: push saves the effects in play only, and the record
// is not copied at all: meta holds its index in State.recs, and an action
// that changes it writes a slot of its own (lastRec). Copying the whole
// meta for every action and back for every Undo was a tenth of the
// search.
type meta struct {
	side    chess.Color // the active player
	ph      Phase
	hand    [2]CardSet
	known   [2]bool // hand[c] is known (else only handN[c])
	handN   [2]uint8
	stock   CardSet // the referee's state only
	unknown CardSet // a view: cards whose place is unknown (the other hand and the stock)
	discard CardSet
	nEff    uint8 // the effects in play are State.eff[:nEff]
	seq     uint16
	rec     int32     // the last standard move's record is State.recs[rec]
	ids     [64]uint8 // piece identity per square (0 = empty)
	pool    [2][7]uint8
	ep      epRight
	rule50  uint16 // turns without an irreversible event
	turn    uint32
	irrev   bool // this turn had an irreversible event

	// noStd: at PhStart, the active player has no standard move (the
	// turn's start found none: the stalemate window of decision 9).
	noStd    bool
	cardUsed bool // the active player committed this turn's card
	moved    bool // the active player made this turn's standard move
	moveOnly bool // saved by a mate save: move only
	pendOn   bool
	pend     commitment
	impact   uint8 // in PhRImpact: 1 opened by a standard move, 2 by card-directed moves
	replacer chess.Color
	replMS   bool       // the replacement follows a mate-save rewind
	undone   chess.Move // the move the replacement must differ from
	replIrr  bool       // irreversible events of the rewound turn (mate-save case)
	replR50  uint16     // the fifty-move count before the rewound turn ended

	claim  reason
	over   bool
	winner int8 // 0 White, 1 Black, -1 draw
	why    reason
}

// undoRec is what Undo restores: the meta (with the index of the last
// standard move's record) and the effects in play (eff[:m.nEff] only is
// written).
type undoRec struct {
	m      meta
	hist   int32
	nredo  uint8
	redo   [4]chess.Move
	repLen int32
	eff    [maxEffects]Effect
}

// State is a game of Ajedrez Mágico. It implements variants.State. It is
// not safe for concurrent use; Clone it.
type State struct {
	opts Options
	pos  *chess.Position
	m    meta
	// eff is the effects in play, eff[:m.nEff], in commitment order; the
	// slots after them are zero.
	eff [maxEffects]Effect
	// recs[m.rec] is what a rewind (AM03/AM04) restores: the record of
	// the last standard move. An action at undo depth n (len(undo) after
	// its push) that changes the record writes it in recs[n], so the
	// records of the actions below it, which their metas point to, stay
	// as they were: Undo has nothing to copy back (lastRec). m.rec <=
	// len(undo) always.
	recs []stdRecord
	undo []undoRec
	rep  []uint64
	buf  []variants.Action
	// skip is the cards LegalWithout leaves out while it runs.
	skip CardSet
	// tgs is genCard's scratch buffer of candidate targets (not shared
	// by clones).
	tgs []tg
	// Move buffers of the functions that run at every node: an mlist is
	// 2 KB, and declaring one zeroes it, which cost hasLegal a third of
	// its time. mlGen is legalFor's and Noisy's (neither calls the other
	// with it live), mlProbe hasLegal's, which they call.
	mlGen, mlProbe mlist
	// effBefore is recordStd's copy of the effects before the move.
	effBefore [maxEffects]Effect
	// turns is the turn-start cache this state shares with the other
	// worlds of a search (nil: none).
	turns *TurnCache
	// keyMemo is slowKey's last input and its key.
	keyMemo struct {
		in  slowKeyIn
		key uint64
		ok  bool
	}
}

var _ variants.State = (*State)(nil)

// New shuffles the deck with the seed, deals opts.Hand() cards to each
// player one at a time starting with White, leaves the rest as the stock,
// and sets up the standard position with White to move. It panics if the
// options are invalid.
func New(opts Options, seed uint64) *State {
	if err := opts.Validate(); err != nil {
		panic(err.Error())
	}
	var order [NumCards]CardID
	for i := range order {
		order[i] = CardID(i)
	}
	rng := rand.New(rand.NewPCG(seed, 0x6d61676963)) // "magic"
	for i := NumCards - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		order[i], order[j] = order[j], order[i]
	}
	var hands [2]CardSet
	n := opts.Hand()
	for i := 0; i < 2*n; i++ {
		hands[i&1] |= 1 << order[i]
	}
	return NewWithHands(opts, hands[0], hands[1])
}

// NewWithHands starts a game with the given hands (the rest is the
// stock). It panics on invalid options or overlapping hands.
func NewWithHands(opts Options, white, black CardSet) *State {
	if err := opts.Validate(); err != nil {
		panic(err.Error())
	}
	if white&black != 0 || (white|black)&^allCards != 0 {
		panic("magic.NewWithHands: overlapping hands")
	}
	s := &State{opts: opts, pos: chess.NewPosition()}
	s.m.hand = [2]CardSet{white, black}
	s.m.known = [2]bool{true, true}
	s.m.handN = [2]uint8{uint8(white.Count()), uint8(black.Count())}
	s.m.stock = allCards &^ white &^ black
	s.m.ep = noEP
	s.initIDs()
	s.init()
	s.startTurn()
	return s
}

func (s *State) init() {
	s.undo = make([]undoRec, 0, 128)
	s.recs = make([]stdRecord, 1, 128)
	s.rep = make([]uint64, 0, 128)
	s.buf = make([]variants.Action, 0, 256)
}

func (s *State) initIDs() {
	id := uint8(1)
	for b := s.pos.Occupied(); b != 0; {
		s.m.ids[b.PopLSB()] = id
		id++
	}
}

// Options returns the game's rule options.
func (s *State) Options() Options { return s.opts }

// Position returns the board (walls and mines are effects, not pieces).
// It is the state's own: read it, never change it.
func (s *State) Position() *chess.Position { return s.pos }

// Side is the active player (whose turn it is).
func (s *State) Side() chess.Color { return s.m.side }

// Phase is the decision pending.
func (s *State) Phase() Phase { return s.m.ph }

// Hand returns c's hand and whether this state knows it.
func (s *State) Hand(c chess.Color) (CardSet, bool) { return s.m.hand[c], s.m.known[c] }

// HandSize is the number of cards in c's hand (public).
func (s *State) HandSize(c chess.Color) int { return int(s.m.handN[c]) }

// Discard is the discard pile.
func (s *State) Discard() CardSet { return s.m.discard }

// Stock is the unused stock (the referee's state only; 0 in a view).
func (s *State) Stock() CardSet { return s.m.stock }

// Unaccounted is, in a view, the cards that are in the other hand or in
// the stock (the viewer's belief over the other hand); 0 in the
// referee's state.
func (s *State) Unaccounted() CardSet { return s.m.unknown }

// Effects returns the active effects in commitment order.
func (s *State) Effects() []Effect { return append([]Effect(nil), s.eff[:s.m.nEff]...) }

// Pool is how many pieces of type t colour c has off the board.
func (s *State) Pool(c chess.Color, t chess.PieceType) int { return int(s.m.pool[c][t]) }

// Pending is the card committed and waiting for the R-COMMIT window.
func (s *State) Pending() (variants.Action, bool) { return s.m.pend.act, s.m.pendOn }

// Players is 2.
func (s *State) Players() int { return 2 }

// ToAct is the seat that decides next, or variants.NoPlayer at the end.
func (s *State) ToAct() variants.Player {
	if s.m.over {
		return variants.NoPlayer
	}
	return variants.Player(s.actor())
}

func (s *State) actor() chess.Color {
	switch s.m.ph {
	case PhRCommit, PhRImpact:
		return s.m.side.Other()
	case PhReplace:
		return s.m.replacer
	}
	return s.m.side
}

// Chances: the game has no chance events after the deal.
func (s *State) Chances(buf []variants.Outcome) []variants.Outcome { return buf }

var (
	scoreWhite = []float64{1, 0}
	scoreBlack = []float64{0, 1}
	scoreDraw  = []float64{0.5, 0.5}
)

// Result reports the end of the game. The scores slice is shared.
func (s *State) Result() (bool, []float64, string) {
	if !s.m.over {
		return false, nil, ""
	}
	switch s.m.winner {
	case 0:
		return true, scoreWhite, reasonText[s.m.why]
	case 1:
		return true, scoreBlack, reasonText[s.m.why]
	}
	return true, scoreDraw, reasonText[s.m.why]
}

// Clone returns an independent copy, history included.
func (s *State) Clone() variants.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.pos = s.pos.Clone()
	c.undo = append(make([]undoRec, 0, cap(s.undo)), s.undo...)
	c.recs = append(make([]stdRecord, 0, cap(s.recs)), s.recs...)
	c.rep = append(make([]uint64, 0, cap(s.rep)), s.rep...)
	c.buf = make([]variants.Action, 0, 256)
	c.tgs = nil
	return &c
}

// View returns what seat knows: a copy in which the other hand is only a
// count and its cards, with the stock, are the unaccounted cards. The
// history is kept (so Undo works) with the same cards hidden.
func (s *State) View(seat variants.Player) *State {
	v := s.clone()
	if seat != 0 && seat != 1 {
		return v
	}
	opp := chess.Color(seat).Other()
	hide := func(m *meta) {
		if !m.known[opp] {
			return
		}
		m.unknown |= m.hand[opp] | m.stock
		m.hand[opp] = 0
		m.stock = 0
		m.known[opp] = false
	}
	hide(&v.m)
	for i := range v.undo {
		hide(&v.undo[i].m)
	}
	return v
}

// Determinize returns a referee's state consistent with this view: the
// other hand is drawn at random from the unaccounted cards, the rest is
// the stock. On a referee's state it returns a copy.
func (s *State) Determinize(rng *rand.Rand) *State {
	t := s.clone()
	cards := t.m.unknown.Cards()
	rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	for c := 0; c < 2; c++ {
		if t.m.known[c] {
			continue
		}
		n := min(int(t.m.handN[c]), len(cards))
		var h CardSet
		for _, x := range cards[:n] {
			h |= 1 << x
		}
		cards = cards[n:]
		t.m.hand[c] = h
		t.m.known[c] = true
	}
	t.m.stock |= t.m.unknown &^ t.m.hand[0] &^ t.m.hand[1]
	t.m.unknown = 0
	t.undo = t.undo[:0] // the sampled hands have no consistent past
	t.recs[0] = t.recs[t.m.rec]
	t.recs = t.recs[:1]
	t.m.rec = 0
	return t
}

// CardCount is the number of cards accounted for: hands (or their
// counts), stock, unaccounted, discard, effects in play and the card
// pending. It always equals NumCards.
func (s *State) CardCount() int {
	n := s.m.stock.Count() + s.m.discard.Count()
	for c := 0; c < 2; c++ {
		if s.m.known[c] {
			n += s.m.hand[c].Count()
		}
	}
	n += s.m.unknown.Count() // an unknown hand's cards are among these
	n += int(s.m.nEff)
	if s.m.pendOn {
		n++
	}
	return n
}

// placeOf lists the places a card can be (stock, discard, unaccounted,
// the known hands, the effects in play, the pending card), for the tests
// that check every card is in exactly one.
func (s *State) placeOf() (sets []CardSet) {
	sets = append(sets, s.m.stock, s.m.discard, s.m.unknown)
	for c := 0; c < 2; c++ {
		if s.m.known[c] {
			sets = append(sets, s.m.hand[c])
		}
	}
	var onBoard CardSet
	for _, e := range s.eff[:s.m.nEff] {
		onBoard |= 1 << e.Card
	}
	sets = append(sets, onBoard)
	if s.m.pendOn {
		sets = append(sets, 1<<cardOf(s.m.pend.act))
	}
	return sets
}
