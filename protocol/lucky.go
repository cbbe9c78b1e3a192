package protocol

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"azar/search"
	"azar/search/chance"
	"azar/variants"
	"azar/variants/chess"
	"azar/variants/lucky"
)

// Cartas de la Suerte (variants/lucky; docs/protocol.md, section "Lucky
// cards"): its own position, rule options and engine (search/chance),
// used instead of the chess ones while UCI_Variant is lucky.

const variantLucky = "lucky"

// luckySession is the lucky variant's part of a session.
type luckySession struct {
	rules  lucky.Options
	copts  chance.Options
	state  *lucky.State // nil while the rule options are inconsistent
	engine *chance.Engine
}

func (p *Protocol) luckyMode() bool { return p.variant == variantLucky }

// luckyState is the lucky position for cmd, set to the start on first
// use; nil, after an error line, while the rule options are inconsistent.
func (p *Protocol) luckyState(cmd string) *lucky.State {
	if p.lucky.state == nil {
		p.resetLucky()
	}
	if p.lucky.state == nil {
		p.errorf("%s: the lucky options are inconsistent: %v", cmd, p.lucky.rules.Validate())
	}
	return p.lucky.state
}

// resetLucky sets the lucky position to the start under the current rule
// options (none while they are inconsistent: position and go then say
// why).
func (p *Protocol) resetLucky() {
	p.lucky.state = nil
	if p.lucky.rules.Validate() == nil {
		p.lucky.state = lucky.New(p.lucky.rules)
	}
}

// luckyEngine returns the lucky engine with the session's shared settings
// (Hash, Move Overhead) applied.
func (p *Protocol) luckyEngine() *chance.Engine {
	if p.lucky.copts.HashMB == 0 {
		p.lucky.copts = chance.DefaultOptions()
	}
	p.lucky.copts.HashMB = p.sopts.HashMB
	p.lucky.copts.MoveOverhead = p.sopts.MoveOverhead
	if p.lucky.engine == nil {
		p.lucky.engine = chance.New(p.lucky.copts)
	} else {
		p.lucky.engine.SetOptions(p.lucky.copts)
	}
	return p.lucky.engine
}

// luckyOptions are the lucky variant's options: the seven rule options of
// docs/lucky.md (changing one puts the lucky position back to the start),
// the engine's draw policy and the chance-node pruning switch.
func (p *Protocol) luckyOptions() []*uciOption {
	if p.lucky.copts.HashMB == 0 {
		p.lucky.copts = chance.DefaultOptions()
	}
	rule := func(name string) func(p *Protocol, v string) error {
		return func(p *Protocol, v string) error { return p.setLuckyRule(name, v) }
	}
	return []*uciOption{
		{name: "Lucky_Edition", kind: comboOption, def: "second", vars: []string{"second", "first"}, set: rule("edition")},
		{name: "Lucky_MandatoryCard", kind: checkOption, def: "false", set: rule("mandatory_card")},
		{name: "Lucky_KingCapture", kind: checkOption, def: "false", set: rule("king_capture")},
		{name: "Lucky_TemporalCards", kind: stringOption, def: "all", set: rule("temporal_cards")},
		{name: "Lucky_TemporalThreeTurns", kind: checkOption, def: "false", set: rule("temporal_three_turns")},
		{name: "Lucky_RulesCardsInDeck", kind: checkOption, def: "false", set: rule("rules_cards_in_deck")},
		{name: "Lucky_DrawClaims", kind: comboOption, def: "automatic", vars: []string{"automatic", "fide"}, set: rule("draw_claims")},
		{name: "LuckyDrawPolicy", kind: comboOption, def: chance.PolicySearch.String(), vars: chance.Policies,
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

// setLuckyRule changes a rule option; the lucky position goes back to the
// start under the new rules (send position again). An empty string value
// of Lucky_TemporalCards means all.
func (p *Protocol) setLuckyRule(name, v string) error {
	r := p.lucky.rules
	if err := r.Set(name, v); err != nil {
		return err
	}
	if r != p.lucky.rules || p.lucky.state == nil {
		p.lucky.rules = r
		p.resetLucky()
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
	if err := st.Play(moves...); err != nil {
		return nil, err
	}
	return st, nil
}

func (p *Protocol) cmdLuckyPosition(args []string) {
	st, err := parseLuckyPosition(args, p.lucky.rules)
	if err != nil {
		p.errorf("position: %v", err)
		return
	}
	p.lucky.state = st
}

func (p *Protocol) cmdLuckyGo(args []string) {
	st := p.luckyState("go")
	if st == nil {
		// The error line is written; the GUI still gets its bestmove.
		g, _ := parseGoArgs(args, func(string) error { return nil })
		p.answerWithoutSearch(g.limits, "bestmove 0000")
		return
	}
	// No searchmoves at a pending reveal: the engine does not pick the card.
	pending := st.ToAct() == variants.Chance
	g, only, problems := parseGoActions(args, st.ParseAction, !pending)
	if pending && g.perft == 0 {
		// The engine never reveals cards: one error line for this and
		// for any fault of the command, then bestmove 0000.
		msg := "the drawn card has not been revealed (append the card to the moves)"
		if len(problems) > 0 {
			msg = "go: " + strings.Join(problems, "; ") + "; " + msg
		}
		p.errorf("%s", msg)
		p.answerWithoutSearch(g.limits, "bestmove 0000")
		return
	}
	p.reportGoProblems(problems)
	ctx, j := p.newJob()
	view := st.Clone().(*lucky.State)
	if g.perft > 0 {
		// The tree of actions, where a pending reveal has one child per
		// card kind the pile may give.
		go p.runActionPerft(ctx, j, view, g.perft, view.ApplyTrusted, "lucky perft", view.Encode)
		return
	}
	go p.runLuckySearch(ctx, j, p.luckyEngine(), view, p.levelLimits(g.limits), only)
}

// runLuckySearch is the lucky search goroutine: progress lines, then
// exactly one bestmove with a legal action (0000 without one). The engine
// is never asked to reveal a card (cmdLuckyGo answers a position waiting
// for the reveal itself).
func (p *Protocol) runLuckySearch(ctx context.Context, j *job, eng *chance.Engine, st *lucky.State, l search.Limits, only []variants.Action) {
	defer close(j.done)
	defer j.cancel()
	legal := searchable(st.Legal(nil), only)
	last := "bestmove 0000"
	if len(legal) > 0 && st.ToAct() >= 0 {
		last = "bestmove " + lucky.FormatAction(legal[0])
	}
	defer p.endSearch(j, last, "lucky search", st.Encode)
	if st.ToAct() == variants.NoPlayer || len(legal) == 0 {
		over, scores, _ := st.Result()
		p.release(ctx, j, l, noMoveInfo(over && scores[st.Side()] == 0), "bestmove 0000")
		return
	}
	searching := make(chan struct{})
	endPonder := sync.OnceFunc(func() { close(searching) })
	defer endPonder()
	go func() {
		// A ponderhit may come before the engine has started pondering;
		// repeat it until the search ends.
		select {
		case <-j.hitCh:
		case <-searching:
			return
		}
		for {
			eng.PonderHit()
			select {
			case <-searching:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	report := func(info chance.Info) { p.out.send(formatLuckyInfo(info, st)) }
	res := eng.Search(ctx, st, l, only, report)
	endPonder() // before bestmove: the next search must not get this ponderhit
	waitForRelease(ctx, j, l)
	best := legal[0]
	if res.Found {
		best = p.checkedAction(st, res.Action, slices.Contains(legal, res.Action), best, "lucky search", st.Encode)
	}
	p.out.sendLast(&j.finished, "bestmove "+lucky.FormatAction(best))
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

// luckyDisplay is `d` in the lucky variant.
func (p *Protocol) luckyDisplay() {
	st := p.luckyState("d")
	if st == nil {
		return
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
	switch over, _, reason := st.Result(); {
	case over:
		lines = append(lines, "Status: over, "+reason)
	case st.ToAct() == variants.Chance:
		lines = append(lines, fmt.Sprintf("Status: %s drew; the card is to be revealed (%d kinds possible)", st.Side(), len(st.Chances(nil))))
	default:
		what := st.Phase().String()
		if k := st.CardInProgress(); k != lucky.NoKind {
			what = k.String()
		}
		lines = append(lines, fmt.Sprintf("Status: %s to act (%s), %d legal actions", st.Side(), what, len(st.Legal(nil))))
	}
	p.out.send(lines...)
}

// luckyEval is `eval` in the lucky variant: the static evaluation with
// the card terms, for the player to act (at a pending reveal: the drawer,
// with the card's expected value).
func (p *Protocol) luckyEval() {
	st := p.luckyState("eval")
	if st == nil {
		return
	}
	p.sendEval(chance.Evaluate(st, p.lucky.copts.Policy), st.Side(), "side to act")
}
