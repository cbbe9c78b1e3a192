package games

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"azar/app/engine"
	"azar/variants/chess"
	"azar/variants/lucky"
	"azar/variants/spy"
)

// cardGame is a card variant's game as the referee holds it: the rules
// package's full state and the secrets (the deck's order and seed, the
// spy cards). It is rebuilt from the options, the secret and the public
// action tokens (newCardGame), so a game read back from the store is
// exactly the game that was saved. What a player may see of it goes out
// through view only.
type cardGame interface {
	// toAct is the colour ("w" or "b") that acts next; "" once over.
	toAct() string
	// outcome is the result and the reason ("" while the game goes on).
	outcome() (result, reason string)
	// legal is what seat may do now, as protocol tokens (empty when it
	// is not seat's to act).
	legal(seat string) []string
	// act validates seat's token and returns the new public token list
	// and the new secret. Nothing changes here: the caller commits.
	act(seat, tok string) (tokens []string, secret string, err error)
	// tokens is the public action list (reveals of drawn cards included).
	tokens() []string
	// notation is each token as the move list shows it.
	notation() []string
	// describe is the note of tok, legal for seat now, as if played: a
	// hint told in words.
	describe(seat, tok string) Note
	secret() string
	board() *chess.Position
	// inCheck reports whether the side to act is in check.
	inCheck() bool
	// engineRequest is what seat's engine is told: its options (the
	// variant, the rules) and its position (its own card only).
	engineRequest(seat string) ([]engine.Option, string)
	// offerRequest is the engine's search of the player's position when
	// it judges a draw offer: told only what the engine itself knows
	// (its own secret, never the player's), though the player is to act.
	offerRequest(engineSeat string) ([]engine.Option, string)
	// engineAnswer turns the engine's bestmove into an act.
	engineAnswer(seat, best string) (tokens []string, secret string, err error)
	// view fills the variant's part of the View for the player at seat
	// ("" on one device: the side to act).
	view(v *View, seat string)
	// pgnTags and pgnMoves write the game for its PGN.
	pgnTags() [][2]string
	pgnMoves() string
	// outOfTurn and hidesEngine are play's.
	outOfTurn(seat string) bool
	hidesEngine() bool
}

// newSeed is 64 random bits for a game's source of chance.
func newSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	return binary.LittleEndian.Uint64(b[:])
}

// numberedMoves writes tokens with move numbers where a turn of White
// (or Black, the first) starts: sides[i] is the side that played token
// i, starts[i] whether it began a turn, turn[i] its move number.
func numberedMoves(toks []string, sides []string, starts []bool, numbers []int) string {
	var parts []string
	for i, tk := range toks {
		if starts[i] {
			if sides[i] == "w" {
				parts = append(parts, strconv.Itoa(numbers[i])+".")
			} else {
				parts = append(parts, strconv.Itoa(numbers[i])+"...")
			}
		}
		parts = append(parts, tk)
	}
	return strings.Join(parts, " ")
}

// cardEntry is a card game's entry: the three card games share it, each
// with its rules' own options and game.
type cardEntry struct {
	variant string
	// local is why the game cannot be played on one device ("" when it
	// can): a game that hides each player's cards.
	local string
	// normalize checks the rules and the start and writes them in their
	// canonical form.
	normalize func(o *Options) error
	// newGame rebuilds the game from its secret and tokens; for a new
	// game (secret "") it deals from seed.
	newGame func(o Options, secret string, tokens []string, seed uint64) (cardGame, error)
}

var (
	luckyEntry = &cardEntry{variant: VariantLucky, normalize: normalizeLucky,
		newGame: func(o Options, secret string, toks []string, seed uint64) (cardGame, error) {
			return newLuckyGame(o, secret, toks, seed)
		}}
	spyEntry = &cardEntry{variant: VariantSpy, normalize: normalizeSpy,
		local: "spy chess hides each player's card: it is played against the engine, not on one device",
		newGame: func(o Options, secret string, toks []string, seed uint64) (cardGame, error) {
			return newSpyGame(o, secret, toks, seed)
		}}
	magicEntry = &cardEntry{variant: VariantMagic, normalize: normalizeMagic,
		local: "magic chess hides each player's hand: it is played against the engine, not on one device",
		newGame: func(o Options, secret string, toks []string, seed uint64) (cardGame, error) {
			return newMagicGame(o, secret, toks, seed)
		}}
)

func (e *cardEntry) name() string { return e.variant }

func (e *cardEntry) prepare(o *Options) error {
	if err := noSeats(o); err != nil {
		return err
	}
	if err := prepareTwoSeats(o, e.local); err != nil {
		return err
	}
	return e.normalize(o)
}

func (e *cardEntry) deal(o Options, newSeed func() uint64) (play, error) {
	cg, err := e.newGame(o, "", nil, newSeed())
	if err != nil {
		return nil, err
	}
	if r, _ := cg.outcome(); r != "*" {
		return nil, errorf(Invalid, "start position: the game is already over")
	}
	return cards{cg}, nil
}

func (e *cardEntry) open(o Options, secret string, moves []string) (play, error) {
	if secret == "" {
		return nil, fmt.Errorf("a card game without its secret")
	}
	cg, err := e.newGame(o, secret, moves, 0)
	if err != nil {
		return nil, err
	}
	return cards{cg}, nil
}

func normalizeLucky(o *Options) error {
	rules, err := luckyRules(o.Rules)
	if err != nil {
		return errorf(Invalid, "lucky rules: %v", err)
	}
	o.Rules = luckyRulesMap(rules)
	if o.FEN != "" {
		st, err := lucky.ParseState(o.FEN, rules)
		if err != nil {
			return errorf(Invalid, "start position: %v", err)
		}
		if o.FEN = st.Encode(); o.FEN == lucky.New(rules).Encode() {
			o.FEN = ""
		}
	}
	return nil
}

func normalizeSpy(o *Options) error {
	rules, err := spyRules(o.Rules)
	if err != nil {
		return errorf(Invalid, "spy rules: %v", err)
	}
	o.Rules = spyRulesMap(rules)
	if o.FEN != "" {
		st, err := spy.ParseState(o.FEN, rules)
		if err != nil {
			return errorf(Invalid, "start position: %v", err)
		}
		for c := chess.White; c <= chess.Black; c++ {
			if st.Card(c) != spy.NoCard || st.Revealed(c) {
				return errorf(Invalid, "start position: a spy start holds no cards and no reveals (the referee deals)")
			}
		}
		if o.FEN = st.Encode(); o.FEN == spy.StartFEN {
			o.FEN = ""
		}
	}
	return nil
}

func normalizeMagic(o *Options) error {
	rules, err := magicRules(o.Rules)
	if err != nil {
		return errorf(Invalid, "magic rules: %v", err)
	}
	o.Rules = magicRulesMap(rules)
	if o.FEN != "" {
		return errorf(Invalid, "start position: a magic game starts from the standard position (the referee deals the hands)")
	}
	return nil
}

// cards is a card game as a play: the referee's code the three card
// games share, around each one's rules (cardGame).
type cards struct{ cardGame }

func (c cards) engineTurn(o Options) (string, int, bool) { return engineSeatOf(o, c.toAct()) }

func (c cards) answer(seat string, res engine.Result) ([]string, string, *Eval, error) {
	toks, secret, err := c.engineAnswer(seat, res.Move)
	if err != nil {
		return nil, "", nil, err
	}
	var ev *Eval
	if !c.hidesEngine() {
		// A spy or magic engine's score weighs its own card or hand:
		// not for the page.
		ev = evalFor(seat, res.Score)
	}
	return toks, secret, ev, nil
}

func (c cards) hint(seat string, res engine.Result) (Hint, error) {
	legal := c.legal(seat)
	tok := res.Move
	if tok == "0000" && !slices.Contains(legal, tok) && slices.Contains(legal, "pass") {
		tok = "pass" // a magic engine writes its pass as the null move
	}
	if !slices.Contains(legal, tok) {
		return Hint{}, fmt.Errorf("the engine's hint %q is not legal here", res.Move)
	}
	n := c.describe(seat, tok)
	if len(n) == 0 {
		n = Note{textPart("draw a card", "roba una carta")}
	}
	return Hint{Move: tok, SAN: hintText(n), Note: n}, nil
}

// hintText is a hint's words: the note in English, and never empty (the
// draw, whose note is empty, says so). The page writes a hint's SAN in
// its own letters, a capital K, Q, R, B or N first as a piece's: words
// that start with one are started in lower case.
func hintText(n Note) string {
	s := n.Text("en")
	if s == "" {
		return "draw a card"
	}
	if len(n) > 0 && n[0].SAN == "" && strings.ContainsAny(s[:1], "KQRBN") {
		s = strings.ToLower(s[:1]) + s[1:]
	}
	return s
}

func (c cards) refuses(r request) error {
	switch r {
	case requestUndo:
		// Taking back a draw would let the player draw again knowing
		// the card on top.
		return errorf(Conflict, "the card games have no undo")
	}
	return nil
}

func (c cards) takeBack(Options) int { return -1 }

// acceptsDraw: a card can still add or turn pieces, so a bare board is
// no dead draw here.
func (c cards) acceptsDraw(own engine.Score) bool { return acceptsDraw(c.board(), false, own) }

func (c cards) analysisGame(Options, string) (*chess.Game, error) {
	return nil, errorf(Invalid, "the analysis is for standard chess")
}

// view fills the board and the moves as every card game shows them, then
// the game's own part for the viewer's seat.
func (c cards) view(v *View, w viewer) {
	pos := c.board()
	boardView(v, pos, c.tokens(), c.notation())
	if v.Turn = c.toAct(); v.Turn == "" {
		v.Turn = colorLetter(pos.Side())
	}
	if c.inCheck() {
		if k := pos.KingSquare(pos.Side()); k != chess.NoSquare {
			v.Check = k.String()
		}
	}
	if w.acts != "" {
		v.Legal = c.legal(w.acts)
	}
	if toks := c.tokens(); len(toks) > 0 {
		v.LastMove = toks[len(toks)-1] // the game's own part may mark another
	}
	c.cardGame.view(v, w.seat)
}

func (c cards) players(o Options) [][2]string { return playerTags(o) }
func (c cards) pgnTags(Options) [][2]string   { return c.cardGame.pgnTags() }
func (c cards) pgnMoves(Options) string       { return c.cardGame.pgnMoves() }
