// Package chance searches games with chance nodes and multi-action turns:
// Cartas de la Suerte (variants/lucky). It is expectimax inside an
// alpha-beta (negamax) search: the player to act maximises, the rival's
// values are negated, an action that keeps the turn keeps the value's
// sign, and a card draw is a chance node whose value is the expectation
// over the cards the draw pile may give (count/total, the discard pile when
// a reshuffle is due). Chance nodes are pruned with Ballard's Star1 and
// Star2 (probing), which need every value to be bounded: evaluations are
// clamped to ±EvalLimit and a win is worth WinScore less its distance.
//
// Around it: iterative deepening, a transposition table keyed by
// lucky.State.Key, move ordering (table move, captures, history), a
// quiescence search of captures, time management from search.Limits, and
// an evaluation that adds the temporal cards held and the deck's expected
// value to eval's chess evaluation. docs/lucky.md describes it.
package chance

import (
	"context"
	"slices"
	"sync/atomic"
	"time"

	"azar/eval"
	"azar/search"
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
	return Options{HashMB: 16, MoveOverhead: 10 * time.Millisecond, Pruning: true, ProbCut: true, LeanShallow: true, StaticGate: true}
}

// Info is one progress report: after each completed iteration.
type Info struct {
	Depth    int
	SelDepth int
	// Score is the expected value for the player to act, in centipawns;
	// at least WinBound for a (nearly) certain win.
	Score    int
	Nodes    uint64
	Time     time.Duration
	HashFull int
	PV       []variants.Action // up to the first chance node
}

// Result is the outcome of a search.
type Result struct {
	Action variants.Action
	Found  bool // false: no legal action
	Score  int
	Depth  int
	Nodes  uint64
}

// Engine searches lucky positions; one search at a time.
type Engine struct {
	opts      Options
	tt        *table
	ev        *eval.Evaluator
	pondering atomic.Bool
	s         *searcher
}

// New returns an engine.
func New(o Options) *Engine {
	e := &Engine{ev: eval.NewEvaluator()}
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
		e.tt = newTable(o.HashMB)
	}
	e.opts = o
}

// NewGame clears the table and the history.
func (e *Engine) NewGame() {
	e.tt.clear()
	if e.s != nil {
		e.s.history = [2][4096]int32{}
	}
}

// PonderHit turns a ponder search into a timed one.
func (e *Engine) PonderHit() { e.pondering.Store(false) }

// Evaluate is the static evaluation of st for the player to act (at a
// chance node: the drawer, including the card's expected value), under
// the draw policy for that player. It uses its own evaluator, so it may
// run while an engine searches.
func Evaluate(st *lucky.State, policy DrawPolicy) int {
	return evaluate(st, eval.NewEvaluator(), policy)
}

func evaluate(st *lucky.State, ev *eval.Evaluator, policy DrawPolicy) int {
	g := newLuckyGame(st, ev, policy, st.Side())
	switch {
	case st.ToAct() == variants.Chance:
		return g.Evaluate(evalChance)
	case st.Phase() == lucky.PhaseStart:
		return g.Evaluate(evalTurnStart)
	}
	return g.Evaluate(evalMidTurn)
}

type rootAction struct {
	a     variants.Action
	score int
}

// Search finds the action to play in st, which must be a decision of a
// player (not a pending reveal, not a finished game), under the limits,
// restricted to only when it is not empty. It reports each completed
// iteration and returns when the limits are reached or ctx is cancelled.
// st is not modified.
func (e *Engine) Search(ctx context.Context, st *lucky.State, l search.Limits, only []variants.Action, report func(Info)) Result {
	start := time.Now()
	e.pondering.Store(l.Ponder)
	e.tt.newSearch()
	who := st.ToAct()
	if who < 0 {
		return Result{}
	}
	me := chess.Color(who)
	work := st.Clone().(*lucky.State)
	g := newLuckyGame(work, e.ev, e.opts.Policy, me)
	acts := g.PolicyFilter(work.Legal(nil))
	if len(only) > 0 {
		acts = slices.DeleteFunc(acts, func(a variants.Action) bool { return !slices.Contains(only, a) })
	}
	if len(acts) == 0 {
		return Result{}
	}
	// The searcher (its buffers) is kept from one search to the next, so
	// that a game's many short searches make little garbage.
	if e.s == nil {
		e.s = newSearcher(g)
	}
	s := e.s
	s.reset(g)
	if !e.opts.NoTable {
		s.tt = e.tt
	}
	s.star = e.opts.Pruning
	s.probe = !e.opts.NoProbe
	if e.opts.Pruning && e.opts.ProbCut {
		s.pc = newProbCut(e.opts.ProbCutMargin, e.opts.ProbCutDeepMargin)
		s.pc.lean, s.pc.gate = e.opts.LeanShallow, e.opts.StaticGate
	}
	if e.opts.Rounds != 0 {
		s.rounds = max(e.opts.Rounds, 0)
	}
	if e.opts.DrawCost > 0 {
		s.drawCost = e.opts.DrawCost
	}
	// The node limit (s.limit) applies once depth 1 is complete: `go
	// nodes 1` answers from a whole depth 1.

	// A stop flag of this search's own: the watcher of a finished search
	// may still fire when the next one has begun.
	stopped := new(atomic.Bool)
	s.stop = stopped
	clk := search.NewTimeManager(start, l, me, e.opts.MoveOverhead, timePolicy())
	s.onCheck = func() bool { return !e.pondering.Load() && clk.PastHard() }

	// The watcher turns cancellation into the stop flag; the deferred
	// calls run in reverse order, so Search waits for the watcher to exit
	// and a late cancel can never stop the next search.
	done, watcherDone := make(chan struct{}), make(chan struct{})
	defer func() { <-watcherDone }()
	defer close(done)
	go func() {
		defer close(watcherDone)
		select {
		case <-ctx.Done():
			stopped.Store(true)
		case <-done:
		}
	}()

	// The first iteration's order: captures, then the quiet actions,
	// drawing last (as inside the tree).
	roots := make([]rootAction, len(acts))
	for i, a := range acts {
		o, _ := g.Order(a)
		roots[i] = rootAction{a: a, score: o}
	}
	slices.SortStableFunc(roots, func(x, y rootAction) int { return y.score - x.score })
	acts[0] = roots[0].a
	res := Result{Action: acts[0], Found: true, Score: evaluate(work, e.ev, e.opts.Policy)}
	if len(acts) == 1 {
		// A forced action: no search needed.
		if report != nil {
			report(Info{Depth: 1, Score: res.Score, Time: time.Since(start), PV: []variants.Action{acts[0]}})
		}
		return res
	}
	drew := work.Phase() != lucky.PhaseStart && work.Phase() != lucky.PhaseKnight
	// Depth 0: every root action through quiescence, to order the first
	// iteration (a card's root may have hundreds of actions) and to have
	// an answer should depth 1 not finish in time.
	for i := range roots {
		roots[i].score = s.child(roots[i].a, s.g.Side(), Lower-1, Upper+1, 0, 0, drew)
		if s.halted {
			break
		}
	}
	if !s.halted {
		slices.SortStableFunc(roots, func(x, y rootAction) int { return y.score - x.score })
		res.Action, res.Score = roots[0].a, roots[0].score
	}
	maxDepth := MaxPly - 1
	if l.Depth > 0 {
		maxDepth = min(l.Depth, maxDepth)
	}
	var lastIter time.Duration
	for depth := 1; depth <= maxDepth; depth++ {
		iterStart := time.Since(start)
		s.seldep = 0
		best, score, ok := s.aspiration(roots, depth, drew, res)
		if s.halted {
			if ok {
				res.Action, res.Score = best, score
			}
			break
		}
		res.Action, res.Score, res.Depth = best, score, depth
		lastIter = time.Since(start) - iterStart
		if report != nil {
			report(Info{Depth: depth, SelDepth: s.seldep, Score: score, Nodes: s.nodes,
				Time: time.Since(start), HashFull: e.tt.hashFull(), PV: e.pv(work, best, drew)})
		}
		if l.Mate > 0 && score >= WinBound {
			break
		}
		if s.limit = l.Nodes; s.limit > 0 && s.nodes >= s.limit {
			break
		}
		// The next iteration costs many times this one (chance nodes
		// multiply the branching): start it only if it can finish.
		if !e.pondering.Load() && clk.WouldOverrun(3*lastIter) {
			break
		}
	}
	res.Nodes = s.nodes
	return res
}

// aspiration searches the root to depth in a window around the previous
// iteration's value, widened on a fail (from the window, not from the
// values returned, so that the windows do not depend on how much the
// chance nodes prune). It returns the best action and its value; after a
// halt, ok says whether an action was found that beats the previous best
// (an action other than the first completed above it).
func (s *searcher) aspiration(roots []rootAction, depth int, drew bool, prev Result) (variants.Action, int, bool) {
	alpha, beta := Lower-1, Upper+1
	delta := 40
	if depth >= 3 && prev.Depth > 0 && prev.Score > -WinBound && prev.Score < WinBound {
		alpha, beta = prev.Score-delta, prev.Score+delta
	}
	for {
		bi, first, v := s.root(roots, depth, drew, alpha, beta)
		if s.halted {
			// An action that beat the first one searched beats the
			// previous best, unless that is a draw still waiting for
			// its turn at the end (ChanceProbCut's root order).
			if bi >= 0 && bi != first && v > alpha && !(s.pc.on && s.g.IsDraw(roots[0].a)) {
				return roots[bi].a, v, true
			}
			return 0, 0, false
		}
		switch {
		case v <= alpha && alpha >= Lower:
			alpha = max(alpha-delta, Lower-1)
		case v >= beta && beta <= Upper:
			beta = min(beta+delta, Upper+1)
		default:
			r := roots[bi]
			copy(roots[1:bi+1], roots[:bi])
			roots[0] = r
			if s.tt != nil {
				s.tt.store(s.key(drew), r.a, v, depth, boundExact)
			}
			return r.a, v, true
		}
		delta *= 2
	}
}

// root searches the root actions to depth with PVS in the window (alpha,
// beta) and returns the index of the best, the index of the first action
// searched and the best value (fail-soft); it stops at the first action at
// or above beta.
//
// With ChanceProbCut the draw goes last and is only tested with a null
// window against the best move: the decision needs nothing more, and
// the test is what ChanceProbCut prunes well, while the exact value of
// a chance node on the principal variation would need every outcome
// searched in full. A draw that passes the test is the best action with
// the test's lower bound as its value (so the root's score is then a
// lower bound). Ties go to the draw when it comes before the best move
// in the root order, as in plain PVS.
func (s *searcher) root(roots []rootAction, depth int, drew bool, alpha, beta int) (int, int, int) {
	me := s.g.Side()
	best, bestI, first := Lower-1, -1, -1
	passes := 1
	if s.pc.on {
		passes = 2
	}
	for pass := range passes {
		for i := range roots {
			a := roots[i].a
			if s.pc.on && s.g.IsDraw(a) != (pass == 1) {
				continue
			}
			var v int
			tie := false
			switch {
			case first < 0:
				first = i
				v = s.child(a, me, alpha, beta, depth, 0, drew)
			case pass == 1:
				t := alpha
				if bestI > i {
					t, tie = alpha-1, true
				}
				v = s.child(a, me, t, t+1, depth, 0, drew)
			default:
				v = s.child(a, me, alpha, alpha+1, depth, 0, drew)
				if v > alpha && v < beta && !s.halted {
					v = s.child(a, me, alpha, beta, depth, 0, drew)
				}
			}
			if s.halted {
				return bestI, first, best
			}
			roots[i].score = v
			if v > best || (tie && v == best) {
				best, bestI = v, i
				if v > alpha {
					alpha = v
					if v >= beta {
						return bestI, first, best
					}
				}
			}
		}
	}
	return bestI, first, best
}

// pv is the best action followed by the table's moves, up to the first
// chance node (or a missing or stale entry).
func (e *Engine) pv(st *lucky.State, best variants.Action, drew bool) []variants.Action {
	pv := []variants.Action{best}
	st.ApplyTrusted(best)
	n := 1
	var buf []variants.Action
	for len(pv) < 16 {
		who := st.ToAct()
		if who < 0 {
			break
		}
		if who != variants.Player(st.Side()) {
			break
		}
		k := st.Key()
		if drew && st.Phase() != lucky.PhaseStart {
			k ^= drewKey
		}
		ent, ok := e.tt.probe(k)
		if !ok || ent.move == 0 {
			k ^= drewKey
			if ent, ok = e.tt.probe(k); !ok || ent.move == 0 {
				break
			}
		}
		buf = st.Legal(buf[:0])
		if !slices.Contains(buf, ent.move) {
			break
		}
		pv = append(pv, ent.move)
		st.ApplyTrusted(ent.move)
		n++
	}
	for range n {
		st.Undo()
	}
	return pv
}

// timePolicy spreads the clock over 60 answers with the hard budget at
// 3 soft budgets and never over a quarter of the clock: each action of a
// lucky turn is its own `go`, so a game asks for about twice as many
// answers as moves, and a slow answer (a loaded machine) must find time
// left on the clock.
func timePolicy() search.TimePolicy {
	return search.TimePolicy{MovesToGo: 60, HardFactor: 3, HardShare: 0.25}
}
