package match

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"azar/variants/chess"
	"azar/variants/spy"
)

// Spy is Ajedrez con Espía (variants/spy, docs/spy.md) refereed: the
// runner deals the two cards from the game's seeded source of chance,
// keeps the full state (both cards), tells each engine only its own card,
// asks an engine that drew a wildcard for its choice before the first
// move, validates every move, reveal and draw claim (under draw_claims=fide
// a claim ends the game drawn, "threefold repetition (claimed)" or
// "fifty-move rule (claimed)"), and ends the game by the rules.
// Both games of an opening pair get the same deal with the colours
// swapped, so the card luck cancels out in the pair.
type Spy struct {
	// Rules are the rule options (king capture, draw claims). The
	// engines must be told the same with their own options
	// (SpyKingCapture, SpyDrawClaims).
	Rules spy.Options
}

// EndKingCaptured ends a spy game under the king-capture option.
const EndKingCaptured End = "king captured"

// Name returns "spy".
func (Spy) Name() string { return "spy" }

// Seats returns White ("w" clock) and Black ("b" clock).
func (Spy) Seats() []Seat { return Chess{}.Seats() }

// NewGame deals the cards from rng and sets up the opening (a spy FEN or
// a chess FEN, without cards or reveals, and book moves); the book moves
// are checked here and played by the runner through Play. The wildcard
// choices are asked after the book moves.
func (v Spy) NewGame(o Opening, rng *rand.Rand) (Game, error) {
	g := &spyGame{rules: v.Rules}
	g.dealt[0], g.dealt[1] = spy.Deal(rng)
	if o.FEN == "" {
		g.start = spy.NewPublic(v.Rules)
	} else {
		st, err := spy.ParseState(o.FEN, v.Rules)
		if err != nil {
			return nil, err
		}
		for c := chess.White; c <= chess.Black; c++ {
			if st.Card(c) != spy.NoCard || st.Revealed(c) {
				return nil, fmt.Errorf("opening %q: a spy opening holds no cards and no reveals (the referee deals)", o.ID)
			}
		}
		g.start = st
		if g.fen = st.Encode(); g.fen == spy.StartFEN {
			g.fen = ""
		}
	}
	check := g.start.Clone().(*spy.State)
	if err := check.ApplyTokens(o.Moves...); err != nil {
		return nil, fmt.Errorf("opening %q: %w", o.ID, err)
	}
	g.book = len(o.Moves)
	g.st = g.start.Clone().(*spy.State)
	for c := chess.White; c <= chess.Black; c++ {
		if g.dealt[c] == spy.Wild {
			g.pending[c] = true
		} else if err := g.st.AssumeCard(c, g.dealt[c]); err != nil {
			return nil, err
		}
	}
	return g, nil
}

type spyGame struct {
	rules   spy.Options
	start   *spy.State // the public start (no cards)
	fen     string     // its FEN, "" for the standard start
	st      *spy.State // the full game: both cards once chosen
	dealt   [2]spy.Card
	pending [2]bool // a wildcard whose choice has not been made
	book    int     // book moves still to be played before the choices
	tokens  []string
	ending
}

// choosing is the seat whose wildcard choice is awaited, or -1.
func (g *spyGame) choosing() int {
	if len(g.tokens) < g.book {
		return -1
	}
	for c := range 2 {
		if g.pending[c] {
			return c
		}
	}
	return -1
}

func (g *spyGame) ToMove() int {
	if c := g.choosing(); c >= 0 {
		return c
	}
	return int(g.st.Side())
}

// Position is what seat's engine is told: the start, that seat's own
// card only (a bare wildcard while its choice is awaited), and every
// action so far, reveals as reveal:<card>.
func (g *spyGame) Position(seat int) string {
	card := g.st.Card(chess.Color(seat))
	name := "wild"
	if card != spy.NoCard {
		name = card.String()
	}
	return positionArg(g.fen, fmt.Sprintf(" card %c=%s", "wb"[seat], name), g.tokens)
}

func (g *spyGame) Play(seat int, action string) (Action, error) {
	if err := g.turnError(seat, g.ToMove()); err != nil {
		return Action{}, err
	}
	if seat == g.choosing() {
		c, err := spy.ParseCard(action)
		if err != nil || !c.IsWild() || c == spy.Wild {
			return Action{}, fmt.Errorf("%s must choose its wildcard's spy (wild:KR ... wild:QN), got %q", chess.Color(seat), action)
		}
		if err := g.st.AssumeCard(chess.Color(seat), c); err != nil {
			return Action{}, err
		}
		g.pending[seat] = false
		return Action{Seat: seat, Number: g.st.Ply()/2 + 1, Move: c.String(), Text: c.String(), Secret: true}, nil
	}
	a, err := g.st.ParseAction(action)
	if err != nil {
		return Action{}, err
	}
	act := Action{Seat: seat, Number: g.st.Ply()/2 + 1, Move: g.st.FormatAction(a), Text: g.st.SAN(a)}
	if err := g.st.Apply(a); err != nil {
		return Action{}, err
	}
	g.tokens = append(g.tokens, act.Move)
	g.judgeRules(g.st)
	return act, nil
}

func (g *spyGame) Result() (Result, bool) { return g.resultOf(g.st, len(g.tokens)) }

// Tags are SetUp and FEN for an opening position, the cards dealt
// (WhiteCard, BlackCard: a wildcard with its choice once made) and the
// rule options when not the defaults (SpyRules).
func (g *spyGame) Tags() []Tag {
	tags := startTags(g.fen)
	for c := chess.White; c <= chess.Black; c++ {
		card := g.st.Card(c)
		if card == spy.NoCard {
			card = g.dealt[c]
		}
		tags = append(tags, Tag{seatName(int(c)) + "Card", card.String()})
	}
	var rules []string
	if g.rules.KingCapture {
		rules = append(rules, "king_capture")
	}
	if g.rules.DrawClaims == spy.DrawFIDE {
		rules = append(rules, "draw_claims=fide")
	}
	if len(rules) > 0 {
		tags = append(tags, Tag{"SpyRules", strings.Join(rules, ",")})
	}
	return tags
}

// SpyState is the referee's full state of a spy game (both cards): for
// tests and tools. g must come from Spy.NewGame.
func SpyState(g Game) (*spy.State, bool) {
	sg, ok := g.(*spyGame)
	if !ok {
		return nil, false
	}
	return sg.st, true
}

// Replay plays a recorded game again from its seed: a new game of v for
// the record's opening, with the chance of pair rec.Pair under seed (as
// Run dealt it), and every recorded action through Play, with the
// recorded eliminations (rec.Eliminated) where they happened. It returns
// the game, whose Result and state can be compared with the record's.
func Replay(v Variant, seed uint64, rec *GameRecord) (Game, error) {
	g, err := v.NewGame(rec.Opening, rand.New(rand.NewPCG(seed, uint64(rec.Pair))))
	if err != nil {
		return nil, err
	}
	elim := rec.Eliminated
	eliminate := func(played int) {
		for ; len(elim) > 0 && elim[0].After <= played; elim = elim[1:] {
			g.Forfeit(elim[0].Seat, elim[0].End, elim[0].Text)
		}
	}
	for i, a := range rec.Actions {
		eliminate(i)
		if s := g.ToMove(); s != a.Seat {
			return nil, fmt.Errorf("action %d (%s): seat %d to act, the record says %d", i+1, a.Move, s, a.Seat)
		}
		if _, err := g.Play(a.Seat, a.Move); err != nil {
			return nil, fmt.Errorf("action %d (%s): %w", i+1, a.Move, err)
		}
	}
	eliminate(len(rec.Actions))
	return g, nil
}
