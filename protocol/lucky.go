package protocol

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"azar/search"
	"azar/search/chance"
	"azar/variants"
	"azar/variants/chess"
	"azar/variants/lucky"
)

// Cartas de la Suerte (variants/lucky; docs/protocol.md, section "Lucky
// cards"): its own position, rule options and engine (search/chance),
// used instead of the chess ones while UCI_Variant is lucky.

// luckyGame is the lucky variant's registry entry.
type luckyGame struct {
	p      *Protocol
	rules  lucky.Options
	copts  chance.Options
	state  *lucky.State // nil while the rule options are inconsistent
	engine *chance.Engine
}

func (*luckyGame) name() string { return "lucky" }

// enter: the lucky position goes back to the start.
func (g *luckyGame) enter() { g.reset() }

func (g *luckyGame) newGame() {
	if g.engine != nil {
		g.engine.NewGame()
	}
}

func (g *luckyGame) dropEngine() { g.engine = nil }

// current is the lucky position for cmd, set to the start on first use;
// nil, after an error line, while the rule options are inconsistent.
func (g *luckyGame) current(cmd string) *lucky.State {
	if g.state == nil {
		g.reset()
	}
	if g.state == nil {
		g.p.errorf("%s: the lucky options are inconsistent: %v", cmd, g.rules.Validate())
	}
	return g.state
}

// reset sets the lucky position to the start under the current rule
// options (none while they are inconsistent: position and go then say
// why).
func (g *luckyGame) reset() {
	g.state = nil
	if g.rules.Validate() == nil {
		g.state = lucky.New(g.rules)
	}
}

// eng returns the lucky engine with the session's shared settings (Hash,
// Move Overhead) applied.
func (g *luckyGame) eng() *chance.Engine {
	if g.copts.HashMB == 0 {
		g.copts = chance.DefaultOptions()
	}
	g.copts.HashMB = g.p.sopts.HashMB
	g.copts.MoveOverhead = g.p.sopts.MoveOverhead
	if g.engine == nil {
		g.engine = chance.New(g.copts)
	} else {
		g.engine.SetOptions(g.copts)
	}
	return g.engine
}

// luckyOptions are the lucky variant's options: the seven rule options of
// docs/lucky.md (changing one puts the lucky position back to the start),
// the engine's draw policy and the chance-node pruning switch.
func (g *luckyGame) options() []*uciOption {
	if g.copts.HashMB == 0 {
		g.copts = chance.DefaultOptions()
	}
	rule := func(name string) func(p *Protocol, v string) error {
		return func(p *Protocol, v string) error { return p.lucky.setRule(name, v) }
	}
	return []*uciOption{
		{name: "Lucky_Edition", kind: comboOption, def: "second", vars: []string{"second", "first"}, set: rule("edition")},
		{name: "Lucky_MandatoryCard", kind: checkOption, def: "false", set: rule("mandatory_card")},
		{name: "Lucky_KingCapture", kind: checkOption, def: "false", set: rule("king_capture")},
		{name: "Lucky_TemporalCards", kind: stringOption, def: "all", set: rule("temporal_cards")},
		{name: "Lucky_TemporalThreeTurns", kind: checkOption, def: "false", set: rule("temporal_three_turns")},
		{name: "Lucky_RulesCardsInDeck", kind: checkOption, def: "false", set: rule("rules_cards_in_deck")},
		{name: "Lucky_DrawClaims", kind: comboOption, def: "automatic", vars: []string{"automatic", "fide"}, set: rule("draw_claims")},
		{name: "LuckyDrawPolicy", kind: comboOption, def: chance.PolicySearch.String(), vars: chance.Policies(),
			set: func(p *Protocol, v string) error {
				p.lucky.copts.Policy, _ = chance.ParsePolicy(v)
				return nil
			}},
		{name: "LuckyChancePruning", kind: checkOption, def: "true",
			set: func(p *Protocol, v string) error {
				p.lucky.copts.Pruning = v == "true"
				return nil
			}},
		{name: "LuckyProbCut", kind: checkOption, def: "true",
			set: func(p *Protocol, v string) error {
				p.lucky.copts.ProbCut = v == "true"
				return nil
			}},
		{name: "LuckyLeanShallow", kind: checkOption, def: "true",
			set: func(p *Protocol, v string) error {
				p.lucky.copts.LeanShallow = v == "true"
				p.lucky.copts.StaticGate = v == "true"
				return nil
			}},
	}
}

// setRule changes a rule option; the lucky position goes back to the
// start under the new rules (send position again). An empty string value
// of Lucky_TemporalCards means all.
func (g *luckyGame) setRule(name, v string) error {
	r := g.rules
	if err := r.Set(name, v); err != nil {
		return err
	}
	if r != g.rules || g.state == nil {
		g.rules = r
		g.reset()
	}
	return nil
}

// parseLuckyPosition reads
//
//	position startpos [moves <a1> ...]
//	position fen <lucky FEN> [moves <a1> ...]
//
// on a fresh state; any fault rejects the whole command.
func parseLuckyPosition(args []string, rules lucky.Options) (*lucky.State, error) {
	if err := rules.Validate(); err != nil {
		return nil, fmt.Errorf("the lucky options are inconsistent: %v", err)
	}
	fen, rest, err := splitPosition(args, "want 'startpos' or 'fen <lucky FEN>', then optionally 'moves ...'", "moves")
	if err != nil {
		return nil, err
	}
	var st *lucky.State
	if fen == nil {
		st = lucky.New(rules)
	} else if st, err = lucky.ParseState(strings.Join(fen, " "), rules); err != nil {
		return nil, err
	}
	moves, err := movesAfter(rest, "'moves'")
	if err != nil {
		return nil, err
	}
	if err := st.ApplyTokens(moves...); err != nil {
		return nil, err
	}
	return st, nil
}

func (g *luckyGame) position(args []string) error {
	st, err := parseLuckyPosition(args, g.rules)
	if err != nil {
		return err
	}
	g.state = st
	return nil
}

func (g *luckyGame) goCmd(args []string) {
	p := g.p
	st := g.current("go")
	if st == nil {
		// The error line is written; the GUI still gets its bestmove.
		gc, _ := parseGoArgs(args, func(string) error { return nil })
		p.answer(gc.limits, "", "bestmove 0000")
		return
	}
	// No searchmoves at a pending reveal: the engine does not pick the card.
	pending := st.ToAct() == variants.Chance
	gc, only, problems := parseGoActions(args, st.ParseAction, !pending)
	if pending && gc.perft == 0 {
		// The engine never reveals cards: one error line for this and
		// for any fault of the command, then bestmove 0000.
		msg := "the drawn card has not been revealed (append the card to the moves)"
		if len(problems) > 0 {
			msg = "go: " + strings.Join(problems, "; ") + "; " + msg
		}
		p.errorf("%s", msg)
		p.answer(gc.limits, "", "bestmove 0000")
		return
	}
	p.reportGoProblems(problems)
	view := st.Clone().(*lucky.State)
	if gc.perft > 0 {
		// The tree of actions, where a pending reveal has one child per
		// card kind the pile may give.
		ctx, j := p.newJob()
		go p.runActionPerft(ctx, j, view, gc.perft, view.ApplyTrusted, "lucky perft", view.Encode)
		return
	}
	p.startSearch(g.search(view, p.levelLimits(gc.limits), only))
}

// search is the lucky search job: progress lines, then exactly one
// bestmove with a legal action (0000 without one). The engine is never
// asked to reveal a card (goCmd answers a position waiting for the reveal
// itself).
func (g *luckyGame) search(st *lucky.State, l search.Limits, only []variants.Action) searchJob {
	p := g.p
	eng := g.eng()
	sj := searchJob{what: "lucky search", where: st.Encode, limits: l, fallback: "bestmove 0000", ponderHit: eng.PonderHit}
	legal := searchable(st.Legal(nil), only)
	if len(legal) > 0 && st.ToAct() >= 0 {
		sj.fallback = "bestmove " + lucky.FormatAction(legal[0])
	}
	if st.ToAct() == variants.NoPlayer || len(legal) == 0 {
		over, scores, _ := st.Result()
		sj.noMove = noMoveInfo(over && scores[st.Side()] == 0)
		return sj
	}
	sj.run = func(ctx context.Context) string {
		res := eng.Search(ctx, st, l, only, func(info chance.Info) { p.out.send(formatLuckyInfo(info, st)) })
		best := legal[0]
		if res.Found {
			best = p.checkedAction(st, res.Action, slices.Contains(legal, res.Action), best, "lucky search", st.Encode)
		}
		return "bestmove " + lucky.FormatAction(best)
	}
	return sj
}

// formatLuckyInfo writes one progress report as a UCI info line: the score
// is the expected value in centipawns for the player to act (a sure win
// is about chance.WinScore); the PV stops at the first chance node.
func formatLuckyInfo(info chance.Info, st *lucky.State) string {
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d seldepth %d multipv 1 score cp %d", info.Depth, max(info.SelDepth, info.Depth), info.Score)
	writeCounts(&b, info.Nodes, info.HashFull, info.Time)
	q := st.Clone().(*lucky.State)
	var pv []string
	for _, a := range info.PV {
		if q.Apply(a) != nil {
			break
		}
		pv = append(pv, lucky.FormatAction(a))
	}
	writePV(&b, pv)
	return b.String()
}

// display is `d` in the lucky variant.
func (g *luckyGame) display() []string {
	st := g.current("d")
	if st == nil {
		return nil
	}
	lines := strings.Split(strings.Trim(st.Position().String(), "\n"), "\n")
	// The board's own Fen/Key lines describe the chess core; drop them.
	lines = slices.DeleteFunc(lines, func(s string) bool {
		return strings.HasPrefix(s, "Fen:") || strings.HasPrefix(s, "Key:") || strings.HasPrefix(s, "Checkers:")
	})
	lines = append(lines, "Fen: "+st.Encode(), fmt.Sprintf("Key: %016X", st.Key()))
	var held []string
	for c := chess.White; c <= chess.Black; c++ {
		k, n := st.Held(c)
		h := k.String()
		if k != lucky.NoKind && st.Options().ThreeTurns {
			h += fmt.Sprintf(" (%d turns)", n)
		}
		held = append(held, fmt.Sprintf("%s %s", c, h))
	}
	lines = append(lines, "Held: "+strings.Join(held, ", "),
		fmt.Sprintf("Piles: %d to draw, %d discarded", st.PileSize(), st.Discard().Total()),
		"Rules: "+st.Options().String())
	switch over, scores, reason := st.Result(); {
	case over:
		lines = append(lines, overStatus(scores, colorName, reason))
	case st.ToAct() == variants.Chance:
		lines = append(lines, fmt.Sprintf("Status: %s drew; the card is to be revealed (%d kinds possible)", st.Side(), len(st.Chances(nil))))
	default:
		what := st.Phase().String()
		if k := st.CardInProgress(); k != lucky.NoKind {
			what = k.String()
		}
		lines = append(lines, fmt.Sprintf("Status: %s to act (%s), %d legal actions", st.Side(), what, len(st.Legal(nil))))
	}
	return lines
}

// eval is `eval` in the lucky variant: the static evaluation with the
// card terms, for the player to act (at a pending reveal: the drawer, with
// the card's expected value).
func (g *luckyGame) eval() {
	st := g.current("eval")
	if st == nil {
		return
	}
	g.p.sendEval(chance.Evaluate(st, g.copts.Policy), st.Side(), "side to act")
}
