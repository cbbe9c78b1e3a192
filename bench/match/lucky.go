package match

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"azar/variants/lucky"
)

// Lucky is Cartas de la Suerte (variants/lucky, docs/lucky.md) refereed:
// the runner shuffles the draw pile from the game's seeded source of
// chance, and when an engine answers `bestmove draw` it turns the top card
// and appends the reveal to the public action list; the engine is then
// asked again for the card's actions. Cards returned to the deck go in at
// random places and the discard pile is reshuffled when the pile runs out
// (rules §5.2), all from the same source, so a game replays from its seed.
// Both games of an opening pair start from the same deck order. Every
// action is validated by the rules package, and games end by its rules.
type Lucky struct {
	// Rules are the rule options. The engines must be told the same with
	// their own options (Lucky_Edition, ...).
	Rules lucky.Options
}

// Name returns "lucky".
func (Lucky) Name() string { return "lucky" }

// Seats returns White ("w" clock) and Black ("b" clock).
func (Lucky) Seats() []Seat { return Chess{}.Seats() }

// NewGame sets up the opening (a lucky FEN, or a chess FEN whose whole
// deck is in the draw pile, and book actions, which may not draw) and
// shuffles the draw pile from rng. The book actions are checked here and
// played by the runner through Play.
func (v Lucky) NewGame(o Opening, rng *rand.Rand) (Game, error) {
	if err := v.Rules.Validate(); err != nil {
		return nil, err
	}
	g := &luckyGame{rules: v.Rules}
	if o.FEN == "" {
		g.st = lucky.New(v.Rules)
	} else {
		st, err := lucky.ParseState(o.FEN, v.Rules)
		if err != nil {
			return nil, err
		}
		g.st = st
		if g.fen = st.Encode(); g.fen == lucky.New(v.Rules).Encode() {
			g.fen = ""
		}
	}
	check := g.st.Clone().(*lucky.State)
	for _, m := range o.Moves {
		if m == "draw" {
			return nil, fmt.Errorf("opening %q: book actions may not draw (the referee deals the cards)", o.ID)
		}
		if err := check.ApplyTokens(m); err != nil {
			return nil, fmt.Errorf("opening %q: %w", o.ID, err)
		}
	}
	g.pile = lucky.NewPile(g.st.Pile(), rng)
	ids := make([]string, len(g.pile.Cards()))
	for i, k := range g.pile.Cards() {
		ids[i] = k.String()
	}
	g.deal = strings.Join(ids, ",")
	return g, nil
}

type luckyGame struct {
	rules  lucky.Options
	st     *lucky.State
	fen    string      // the start, "" for the standard one
	pile   *lucky.Pile // the physical draw pile (the secret order)
	deal   string      // its order at the start, for the tags
	tokens []string    // every action from the start, reveals included
	ending
}

func (g *luckyGame) ToMove() int { return int(g.st.Side()) }

// Position is the same for both seats (everything is public): the start
// and every action, each reveal right after its draw.
func (g *luckyGame) Position(int) string { return positionArg(g.fen, "", g.tokens) }

// Play validates and applies seat's action. After `draw` it turns the top
// card and applies the reveal; the action's Text is then `draw {card}`,
// the card as a PGN comment. Text is the action token otherwise
// (docs/lucky.md, "PGN").
func (g *luckyGame) Play(seat int, action string) (Action, error) {
	if err := g.turnError(seat, g.ToMove()); err != nil {
		return Action{}, err
	}
	a, err := g.st.ParseAction(action)
	if err != nil {
		return Action{}, err
	}
	if lucky.TypeOf(a) == lucky.ActReveal {
		return Action{}, fmt.Errorf("%s: the referee reveals the cards", action)
	}
	act := Action{Seat: seat, Number: g.st.Turn()/2 + 1, Move: lucky.FormatAction(a), Cont: g.st.Phase() != lucky.PhaseStart}
	act.Text = act.Move
	if err := g.st.Apply(a); err != nil {
		return Action{}, err
	}
	g.tokens = append(g.tokens, act.Move)
	if g.st.Phase() == lucky.PhaseChance {
		k := g.pile.Draw(g.st.Discard())
		if err := g.st.Apply(lucky.RevealAction(k)); err != nil {
			// The referee's pile and the rules' disagree: a bug.
			panic(fmt.Sprintf("lucky referee: reveal %s refused: %v", k, err))
		}
		g.tokens = append(g.tokens, k.String())
		act.Text += " {" + k.String() + "}"
	}
	g.pile.Sync(g.st.Pile())
	g.judgeRules(g.st)
	return act, nil
}

func (g *luckyGame) Result() (Result, bool) { return g.resultOf(g.st, len(g.tokens)) }

// Tags are SetUp and FEN for an opening position, LuckyDeck (the draw
// pile's order at the start, top first) and LuckyRules when the rule
// options are not the defaults.
func (g *luckyGame) Tags() []Tag {
	tags := append(startTags(g.fen), Tag{"LuckyDeck", g.deal})
	if g.rules != (lucky.Options{}) {
		tags = append(tags, Tag{"LuckyRules", g.rules.String()})
	}
	return tags
}

// LuckyState is the referee's state of a lucky game: for tests and tools.
// g must come from Lucky.NewGame.
func LuckyState(g Game) (*lucky.State, bool) {
	lg, ok := g.(*luckyGame)
	if !ok {
		return nil, false
	}
	return lg.st, true
}

// LuckyActions is every action of a lucky game from its start, reveals
// included (what Position sends after "moves").
func LuckyActions(g Game) []string {
	if lg, ok := g.(*luckyGame); ok {
		return append([]string(nil), lg.tokens...)
	}
	return nil
}
