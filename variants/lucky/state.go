// Package lucky implements "Cartas de la Suerte" (Lucky Cards chess), as
// specified in docs/rules/lucky.md, on top of the variants/chess board: the
// 54-card deck (56 with the instruction cards), drawing as a chance event,
// every movement, material and temporal card, annulment, both editions,
// Carta Obligatoria with optional king capture, and every end condition.
//
// A State is one game. Its turns are made of actions (variants.Action): a
// chess move, `draw`, the referee's reveal of the drawn card, each move or
// removal or placement a card directs, `annul`, `0000`. docs/lucky.md
// documents the action tokens and the FEN extension.
package lucky

import (
	"azar/variants"
	"azar/variants/chess"
)

// Phase says what the player to act is doing inside their turn.
type Phase uint8

// Phases of a turn.
const (
	PhaseStart    Phase = iota // start of turn: move, draw, annul (or claim)
	PhaseChance                // `draw` played: the referee reveals the card
	PhaseMove                  // one normal move owed (temporal card, rules card, fallback)
	PhaseKnight                // superknights: optional second knight move
	PhaseSequence              // move1/move2/move3/choose1/choose2 in progress
	PhaseEnemy                 // enemy2 in progress
	PhaseRelocate              // relocate: choose the relocation
	PhaseRemove                // remove:X, plain or cruel bomb: choose the removal
	PhaseBombAll               // fierce or crazy bomb: the collective removal
	PhaseRecover               // recover: choose the placement
	PhaseWave                  // pawns-back / pawns-forward: the collective pawn step
)

var phaseNames = [...]string{"start", "draw", "move", "knight", "sequence", "enemy", "relocate",
	"remove", "bomb", "recover", "wave"}

func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return "?"
}

// reason codes for a finished game.
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
	rKingCaptured
	rClaimThreefold
	rClaimFifty
)

var reasonText = [...]string{"", "checkmate", "stalemate", "insufficient material",
	"threefold repetition", "fifty-move rule", "fivefold repetition", "seventy-five-move rule",
	"king captured", "threefold repetition (claimed)", "fifty-move rule (claimed)"}

// meta is every part of the state except the board and the histories; Undo
// restores it by copy.
type meta struct {
	phase   Phase
	side    chess.Color // the player whose turn it is
	card    Kind        // card in progress (NoKind if none)
	used    uint8       // icons of the card already used (bit i = Icons[i])
	moved   chess.Bitboard
	pile    Deck
	discard Deck
	pileN   uint8
	discN   uint8
	held    [2]Kind
	counter [2]uint8        // three-turn counters
	pool    [2][7]uint8     // captured pools, by piece type
	ep      [2]chess.Square // en-passant targets the player to act may capture on
	epNext  [2]chess.Square // en-passant targets created this turn, for the rival
	irrev   bool            // this turn had a pawn move, capture, removal or placement
	rule50  uint16          // turns without any of those
	turn    uint32          // turns since the start: 0 is White's first
	claim   reason          // draw_claims=fide: what the player to move may claim
	over    bool
	winner  int8 // 0 White, 1 Black, -1 draw
	why     reason
}

type undoRec struct {
	m      meta
	makes  uint16 // board Makes to take back
	repLen uint32 // length of the repetition history before
}

// State is a game of Cartas de la Suerte in progress. It implements
// variants.State. It is not safe for concurrent use; Clone it.
type State struct {
	opts    Options
	deck    Deck // playing-deck composition for opts
	deckN   int
	pos     *chess.Position
	m       meta
	undo    []undoRec
	rep     []uint64 // repetition keys at every turn start
	makes   int      // board Makes done by the Apply in progress
	scratch []variants.Action
}

var _ variants.State = (*State)(nil)

// New returns the start of a game with the given options: the standard
// position, White to move, the whole playing deck in the draw pile (its
// order unknown), empty discard pile, no temporal cards. It panics if the
// options are invalid (see Options.Validate).
func New(opts Options) *State {
	if err := opts.Validate(); err != nil {
		panic("lucky.New: " + err.Error())
	}
	s := &State{opts: opts, pos: chess.NewPosition()}
	s.deck = opts.Composition()
	s.deckN = s.deck.Total()
	s.m.card = NoKind
	s.m.held = [2]Kind{NoKind, NoKind}
	s.m.ep = [2]chess.Square{chess.NoSquare, chess.NoSquare}
	s.m.epNext = s.m.ep
	s.m.pile = s.deck
	s.m.pileN = uint8(s.deckN)
	s.init()
	s.beginTurnEval()
	return s
}

func (s *State) init() {
	s.undo = make([]undoRec, 0, 256)
	s.rep = make([]uint64, 0, 256)
	s.scratch = make([]variants.Action, 0, 256)
	s.syncMods()
}

// Options returns the rule options of the game.
func (s *State) Options() Options { return s.opts }

// Position returns the board. It is the state's own: read it, never
// change it.
func (s *State) Position() *chess.Position { return s.pos }

// Side is the player whose turn it is (also during a chance event).
func (s *State) Side() chess.Color { return s.m.side }

// Phase says what the player to act is doing inside their turn.
func (s *State) Phase() Phase { return s.m.phase }

// CardInProgress is the card being resolved, or NoKind.
func (s *State) CardInProgress() Kind { return s.m.card }

// Held returns the temporal card c holds (NoKind if none) and, with the
// three-turn option, its counter.
func (s *State) Held(c chess.Color) (Kind, int) { return s.m.held[c], int(s.m.counter[c]) }

// Pile returns the draw pile's composition (its order is unknown).
func (s *State) Pile() Deck { return s.m.pile }

// Discard returns the discard pile's composition.
func (s *State) Discard() Deck { return s.m.discard }

// PileSize is the number of cards in the draw pile.
func (s *State) PileSize() int { return int(s.m.pileN) }

// DrawSource is the pile the next card comes from and its size: the draw
// pile, or the discard pile when the draw pile is empty (it is reshuffled
// into a new draw pile).
func (s *State) DrawSource() (Deck, int) {
	if s.m.pileN > 0 {
		return s.m.pile, int(s.m.pileN)
	}
	return s.m.discard, s.m.discard.Total()
}

// Pool is how many pieces of type t colour c has in its captured pool.
func (s *State) Pool(c chess.Color, t chess.PieceType) int { return int(s.m.pool[c][t]) }

// DeckSize is the number of cards in the playing deck.
func (s *State) DeckSize() int { return s.deckN }

// FirstTurn reports whether the player to act is on their first turn.
func (s *State) FirstTurn() bool { return s.m.turn < 2 }

// Turn is the number of turns played since the start (0 during White's
// first turn).
func (s *State) Turn() int { return int(s.m.turn) }

// Players is 2.
func (s *State) Players() int { return 2 }

// ToAct is the player to act, variants.Chance while the drawn card is to
// be revealed, variants.NoPlayer when the game is over.
func (s *State) ToAct() variants.Player {
	switch {
	case s.m.over:
		return variants.NoPlayer
	case s.m.phase == PhaseChance:
		return variants.Chance
	}
	return variants.Player(s.m.side)
}

var (
	scoreWhite = []float64{1, 0}
	scoreBlack = []float64{0, 1}
	scoreDraw  = []float64{0.5, 0.5}
)

// Result reports the end of the game. The scores slice is shared: do not
// modify it.
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

// Clone returns an independent copy, history included (Undo works on it).
func (s *State) Clone() variants.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.pos = s.pos.Clone()
	c.undo = append(make([]undoRec, 0, cap(s.undo)), s.undo...)
	c.rep = append(make([]uint64, 0, cap(s.rep)), s.rep...)
	c.scratch = make([]variants.Action, 0, 256)
	return &c
}

// CardCount is the number of cards accounted for: draw pile, discard pile,
// temporal cards held and the card in progress. It always equals DeckSize.
func (s *State) CardCount() int {
	n := int(s.m.pileN) + int(s.m.discN)
	for _, k := range s.m.held {
		if k != NoKind {
			n++
		}
	}
	if s.m.card != NoKind {
		n++
	}
	return n
}

// kingAttacked reports whether c's king is attacked (false if c has none).
func (s *State) kingAttacked(c chess.Color) bool {
	k := s.pos.KingSquare(c)
	return k != chess.NoSquare && s.pos.Attacked(k, c.Other())
}

// InCheck reports whether the player whose turn it is is in check.
func (s *State) InCheck() bool { return s.kingAttacked(s.m.side) }

// holds reports whether c holds a temporal card of family f.
func (s *State) holds(c chess.Color, f Family) bool {
	k := s.m.held[c]
	return k != NoKind && cards[k].Family == f
}

// baseMods are the modifiers that change attacks (super:X) and the lead
// king; they are always installed on the board between actions.
func (s *State) baseMods() chess.Modifiers {
	var md chess.Modifiers
	for c := 0; c < 2; c++ {
		k := s.m.held[c]
		if k == NoKind {
			continue
		}
		switch cards[k].Family {
		case FamSuper:
			md.KnightToo[c] |= 1 << cards[k].Piece
		case FamLeadKing:
			md.Frozen[c] |= 1 << chess.King
		}
	}
	return md
}

func (s *State) syncMods() { s.pos.SetModifiers(s.baseMods()) }

// genMods installs and returns the modifiers for generating mover's moves:
// the base ones plus the rival's freeze:X unless mover is in check.
func (s *State) genMods(mover chess.Color) chess.Modifiers {
	md := s.baseMods()
	r := mover.Other()
	if k := s.m.held[r]; k != NoKind && cards[k].Family == FamFreeze {
		s.pos.SetModifiers(md)
		if !s.kingAttacked(mover) {
			md.Frozen[mover] |= 1 << cards[k].Piece
		}
	}
	s.pos.SetModifiers(md)
	return md
}
