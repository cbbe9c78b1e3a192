// Package chance is the Cartas de la Suerte (variants/lucky) engine on the
// game-search core (search/core): the adapter of a lucky.State to
// core.Game (lucky.go: ordering, the tactical hints, the draw policy, and
// the evaluation that adds the temporal cards held and the deck's expected
// value to eval's chess evaluation), the options that pick the core's
// chance policy (Star1/Star2, ChanceProbCut) and the time policy of a
// game whose turns are several answers. The node loop, the table and the
// driver are the core's. docs/lucky.md describes the search.
package chance

import (
	"context"
	"time"

	"azar/eval"
	"azar/search"
	"azar/search/core"
	"azar/variants"
	"azar/variants/chess"
	"azar/variants/lucky"
)

// Options are the engine's settings.
type Options struct {
	HashMB       int
	MoveOverhead time.Duration
	// Policy is the engine's own draw policy.
	Policy DrawPolicy
	// Pruning turns Star1/Star2 on (true, the default) or leaves chance
	// nodes to plain expectimax over full windows (false), for
	// measurements.
	Pruning bool
	// ProbCut adds ChanceProbCut to Star1/Star2 (with Pruning): a chance
	// node is cut when shallow searches of its outcomes, widened by a
	// margin, already decide it against the window, and the root tests
	// drawing last with a null window (docs/lucky.md, "Chance-node
	// pruning"). It is forward pruning: the decisions may differ from
	// plain expectimax where the shallow searches mislead by more than
	// the margins. On by default.
	ProbCut bool
	// ProbCutMargin and ProbCutDeepMargin are ChanceProbCut's margins in
	// centipawns at chance nodes of depth 2 and of depth 3 and more (0:
	// DefaultProbCutMargin, DefaultProbCutDeepMargin); depth 1 has its
	// own (see probcut.go).
	ProbCutMargin     int
	ProbCutDeepMargin int
	// LeanShallow lets ChanceProbCut's shallow searches prune as a
	// reduced search (captures losing by static exchange skipped in
	// quiescence, late quiet actions inside cards); StaticGate runs the
	// depth-1 null-window test only where the chance node's static value
	// is well below alpha (probcut.go). Both on by default; off, for A/B
	// measurements, the shallow searches are full-width.
	LeanShallow bool
	StaticGate  bool
	// IID: before the deep null-window search of a chance node of depth
	// 2 or more that ChanceProbCut did not cut, and whose predictions do
	// not reach beta, the node is searched one ply shallower (exact
	// Star1/Star2) for the table's ordering (core: iidChance). On by
	// default; it changes no value searched exactly, only the order.
	IID bool
	// StaticCut: at depth 1, below the root's own draw and outside the
	// principal variation, a chance node whose static value is
	// core.DefaultProbCutStaticHigh above beta is cut high (core:
	// ProbCut.StaticHigh). On by default.
	StaticCut bool
	// Merge merges the cards of a draw whose reveals reach the same
	// state but for the piles (merge.go): an approximation of about a
	// card's value over the pile's size, so plain expectimax and
	// Star1/Star2 (Pruning without ProbCut) are measured without it.
	Merge bool
	// NoProbe keeps Star1 but skips Star2's probing pass.
	NoProbe bool
	// Rounds is the number of refinement rounds after the probes (-1:
	// none, 0: the default, 3).
	Rounds int
	// DrawCost is the depth a draw costs (0: DefaultDrawCost).
	DrawCost int
	// NoTable searches without the transposition table (tests compare
	// against brute force with it).
	NoTable bool
}

// DefaultOptions: 16 MB, 10 ms overhead, search policy, pruning on
// (Star1/Star2 and ChanceProbCut).
func DefaultOptions() Options {
	return Options{HashMB: 16, MoveOverhead: 10 * time.Millisecond, Pruning: true, ProbCut: true, LeanShallow: true, StaticGate: true, IID: true, StaticCut: true}
}

// Values, as the core's (search/core).
const (
	WinScore  = core.WinScore
	EvalLimit = core.EvalLimit
	// WinBound: values at least this are (nearly) certain wins.
	WinBound = core.WinBound
	// DefaultDrawCost is the depth a draw costs: two plies, as a card's
	// actions fan out like a ply and a half of moves (a few thousand
	// action sequences per draw in a middlegame).
	DefaultDrawCost = core.DefaultDrawCost
)

// Info is one progress report: after each completed iteration. Score is
// the expected value for the player to act; the PV stops at the first
// chance node.
type Info = core.Info

// Result is the outcome of a search.
type Result = core.Result

// Engine searches lucky positions on the game-search core; one search at
// a time.
type Engine struct {
	opts Options
	tt   *core.Table
	ev   *eval.Evaluator
	s    *core.Searcher
}

// New returns an engine.
func New(o Options) *Engine {
	e := &Engine{ev: eval.NewEvaluator(), s: core.NewSearcher()}
	e.SetOptions(o)
	return e
}

// Options returns the settings.
func (e *Engine) Options() Options { return e.opts }

// SetOptions changes the settings (not during a search); the table is
// reallocated when its size changes.
func (e *Engine) SetOptions(o Options) {
	o.HashMB = max(o.HashMB, 1)
	if e.tt == nil || o.HashMB != e.opts.HashMB {
		e.tt = core.NewTable(o.HashMB)
	}
	e.opts = o
}

// NewGame clears the table and the history.
func (e *Engine) NewGame() {
	e.tt.Clear()
	e.s.ClearHistory()
}

// PonderHit turns a ponder search into a timed one.
func (e *Engine) PonderHit() { e.s.PonderHit() }

// Evaluate is the static evaluation of st for the player to act (at a
// chance node: the drawer, including the card's expected value), under
// the draw policy for that player. It uses its own evaluator, so it may
// run while an engine searches.
func Evaluate(st *lucky.State, policy DrawPolicy) int {
	g := newLuckyGame(st, eval.NewEvaluator(), policy, st.Side())
	switch {
	case st.ToAct() == variants.Chance:
		return g.Evaluate(core.EvalChance)
	case st.Phase() == lucky.PhaseStart:
		return g.Evaluate(core.EvalTurnStart)
	}
	return g.Evaluate(core.EvalMidTurn)
}

// chancePolicy is the core's chance policy under the options.
func (o Options) chancePolicy() core.ChancePolicy {
	cp := core.DefaultChancePolicy()
	cp.Star = o.Pruning
	cp.Probe = !o.NoProbe
	if o.Pruning && o.ProbCut {
		cp.ProbCut = core.NewProbCut(o.ProbCutMargin, o.ProbCutDeepMargin)
		cp.ProbCut.Lean, cp.ProbCut.Gate, cp.ProbCut.IID = o.LeanShallow, o.StaticGate, o.IID
		if o.StaticCut {
			cp.ProbCut.StaticHigh = core.DefaultProbCutStaticHigh
		}
	}
	if o.Rounds != 0 {
		cp.Rounds = max(o.Rounds, 0)
	}
	if o.DrawCost > 0 {
		cp.DrawCost = o.DrawCost
	}
	return cp
}

// Search finds the action to play in st, which must be a decision of a
// player (not a pending reveal, not a finished game), under the limits,
// restricted to only when it is not empty. It reports each completed
// iteration and returns when the limits are reached or ctx is cancelled.
// st is not modified.
func (e *Engine) Search(ctx context.Context, st *lucky.State, l search.Limits, only []variants.Action, report func(Info)) Result {
	start := time.Now()
	who := st.ToAct()
	if who < 0 {
		e.tt.NewSearch()
		return Result{}
	}
	me := chess.Color(who)
	work := st.Clone().(*lucky.State)
	cfg := core.Config{
		Chance: e.opts.chancePolicy(),
		// Often: a node inside a card can cost a millisecond (the
		// card's obligation is worked out over its whole sequences), so
		// a thousand nodes could overrun a blitz budget.
		PollMask: 15,
		// A turn that began with a draw: its end costs no depth.
		AfterChance: work.Phase() != lucky.PhaseStart && work.Phase() != lucky.PhaseKnight,
		Clock:       search.NewTimeManager(start, l, me, e.opts.MoveOverhead, timePolicy()),
	}
	if !e.opts.NoTable {
		cfg.Table = e.tt
	} else {
		e.tt.NewSearch()
	}
	g := newLuckyGame(work, e.ev, e.opts.Policy, me)
	g.merge = e.opts.Merge
	return e.s.Search(ctx, g, cfg, l, only, report)
}

// timePolicy spreads the clock over 60 answers with the hard budget at
// 3 soft budgets and never over a quarter of the clock: each action of a
// lucky turn is its own `go`, so a game asks for about twice as many
// answers as moves, and a slow answer (a loaded machine) must find time
// left on the clock.
func timePolicy() search.TimePolicy {
	return search.TimePolicy{MovesToGo: 60, HardFactor: 3, HardShare: 0.25}
}
