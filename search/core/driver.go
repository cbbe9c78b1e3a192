package core

import (
	"context"
	"slices"
	"sync/atomic"
	"time"

	"azar/search"
	"azar/variants"
)

// Config is what one search runs with besides the game and the limits.
type Config struct {
	// Table is the transposition table (nil: none). The PV is read from
	// it too.
	Table  *Table
	Chance ChancePolicy
	// Seats is the policy for more than two seats.
	Seats SeatPolicy
	// PollMask: the context and the clock are looked at every
	// PollMask+1 nodes (a power of two less one; 0: 15, for games whose
	// nodes can cost a millisecond, as a lucky card's).
	PollMask uint64
	// AfterChance says that the turn in progress at the root began with a
	// chance event: its end costs no depth (the draw paid for it).
	AfterChance bool
	// Node are the chess-like refinements of the node loop (pruning.go;
	// all off in the zero value).
	Node NodeOptions
	// RootMargin is, for SearchWorlds, how far below a world's best value
	// a root action is still searched for its exact value (0:
	// DefaultRootMargin).
	RootMargin int
	// Clock is the time manager of the search (built by the caller, which
	// knows the seat's clock and the game's time policy).
	Clock search.TimeManager
}

// Info is one progress report: after each completed iteration.
type Info struct {
	Depth    int
	SelDepth int
	// Score is the value for the seat to act, in centipawns; at least
	// WinBound for a (nearly) certain win.
	Score    int
	Nodes    uint64
	Time     time.Duration
	HashFull int
	PV       []variants.Action // see searcher.pv
	// Win, from SearchWorlds, is the best action's expected score over
	// the worlds (ActionValue.Win).
	Win float64
	// Seats, in a game of more than two seats, is each seat's value (its
	// static value against the others) at the end of the PV.
	Seats []int
}

// Result is the outcome of a search.
type Result struct {
	Action variants.Action
	Found  bool // false: no legal action
	Score  int
	Depth  int
	Nodes  uint64
}

// Searcher runs one search at a time over any Game; it keeps its buffers
// and history from one search to the next, so that a game's many short
// searches make little garbage.
type Searcher struct {
	s         *searcher
	pondering atomic.Bool
}

// NewSearcher returns a searcher.
func NewSearcher() *Searcher { return &Searcher{s: newSearcher()} }

// PonderHit turns a ponder search into a timed one.
func (e *Searcher) PonderHit() { e.pondering.Store(false) }

// ClearHistory forgets the history heuristic's counts (a new game).
func (e *Searcher) ClearHistory() { e.s.history = [MaxSeats][HistorySlots]int32{} }

type rootAction struct {
	a     variants.Action
	score int
}

// Search finds the action to play in g, which must be a decision of a seat
// (not a chance event, not a finished game), under the limits, restricted
// to only when it is not empty. It reports each completed iteration and
// returns when the limits are reached or ctx is cancelled. g is left as it
// was.
func (e *Searcher) Search(ctx context.Context, g Game, cfg Config, l search.Limits, only []variants.Action, report func(Info)) Result {
	clk := cfg.Clock
	e.pondering.Store(l.Ponder)
	if cfg.Table != nil {
		cfg.Table.NewSearch()
	}
	if g.ToAct() < 0 {
		return Result{}
	}
	s := e.s
	s.reset(g, cfg.Table, cfg.Chance, cfg.Seats)
	s.setNode(cfg.Node)
	acts := g.Legal(nil)
	if s.filter != nil {
		acts = s.filter.FilterActions(acts)
	}
	if len(only) > 0 {
		acts = slices.DeleteFunc(acts, func(a variants.Action) bool { return !slices.Contains(only, a) })
	}
	if len(acts) == 0 {
		return Result{}
	}
	if cfg.PollMask != 0 {
		s.stop.pollMask = cfg.PollMask
	}
	s.stop.done = ctx.Done()
	s.stop.check = func() bool { return !e.pondering.Load() && clk.PastHard() }
	// The node limit (s.stop.limit) applies once depth 1 is complete: `go
	// nodes 1` answers from a whole depth 1.

	// The first iteration's order: captures, then the quiet actions,
	// drawing last (as inside the tree).
	roots := make([]rootAction, len(acts))
	for i, a := range acts {
		o, _ := g.Order(a)
		roots[i] = rootAction{a: a, score: o}
	}
	slices.SortStableFunc(roots, func(x, y rootAction) int { return y.score - x.score })
	kind := EvalMidTurn
	if g.TurnStart() {
		kind = EvalTurnStart
	}
	res := Result{Action: roots[0].a, Found: true, Score: s.evaluate(kind)}
	if len(acts) == 1 {
		// A forced action: no search needed.
		if report != nil {
			report(Info{Depth: 1, Score: res.Score, Time: clk.Elapsed(), PV: []variants.Action{roots[0].a}})
		}
		return res
	}
	if s.maxn {
		return e.iterateMaxN(ctx, s, roots, l, res, clk, report)
	}
	drew := cfg.AfterChance
	// Depth 0: every root action through quiescence, to order the first
	// iteration (a card's root may have hundreds of actions) and to have
	// an answer should depth 1 not finish in time.
	for i := range roots {
		roots[i].score = s.child(roots[i].a, s.g.Side(), Lower-1, Upper+1, 0, 0, drew)
		if s.stop.halted {
			break
		}
	}
	if !s.stop.halted {
		slices.SortStableFunc(roots, func(x, y rootAction) int { return y.score - x.score })
		res.Action, res.Score = roots[0].a, roots[0].score
	}
	maxDepth := MaxPly - 1
	if l.Depth > 0 {
		maxDepth = min(l.Depth, maxDepth)
	}
	var lastIter time.Duration
	for depth := 1; depth <= maxDepth; depth++ {
		iterStart := clk.Elapsed()
		s.seldep = 0
		best, score, ok := s.aspiration(roots, depth, drew, res)
		if s.stop.halted {
			if ok {
				res.Action, res.Score = best, score
			}
			break
		}
		res.Action, res.Score, res.Depth = best, score, depth
		lastIter = clk.Elapsed() - iterStart
		if report != nil {
			info := Info{Depth: depth, SelDepth: s.seldep, Score: score, Nodes: s.nodes, Time: clk.Elapsed(), PV: s.pv(best, drew)}
			s.seatScores(&info)
			if cfg.Table != nil {
				info.HashFull = cfg.Table.HashFull()
			}
			report(info)
		}
		if l.Mate > 0 && score >= WinBound {
			break
		}
		// Cancelled since the last poll, or during the report: no
		// further iteration.
		if ctx.Err() != nil {
			break
		}
		if s.stop.limit = l.Nodes; s.stop.limit > 0 && s.nodes >= s.stop.limit {
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
		bi, first, v := s.rootSearch(roots, depth, drew, alpha, beta)
		if s.stop.halted {
			// An action that beat the first one searched beats the
			// previous best, unless that is a draw still waiting for
			// its turn at the end (ChanceProbCut's root order).
			if bi >= 0 && bi != first && v > alpha && !(s.cp.ProbCut.On && s.isChanceAction(roots[0].a)) {
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
				s.tt.Store(s.key(drew), r.a, v, depth, search.BoundExact)
			}
			return r.a, v, true
		}
		delta *= 2
	}
}

// rootSearch searches the root actions to depth with PVS in the window
// (alpha, beta) and returns the index of the best, the index of the first
// action searched and the best value (fail-soft); it stops at the first
// action at or above beta.
//
// With ChanceProbCut the draw goes last and is only tested with a null
// window against the best move: the decision needs nothing more, and
// the test is what ChanceProbCut prunes well, while the exact value of
// a chance node on the principal variation would need every outcome
// searched in full. A draw that passes the test is the best action with
// the test's lower bound as its value (so the root's score is then a
// lower bound). Ties go to the draw when it comes before the best move
// in the root order, as in plain PVS.
func (s *searcher) rootSearch(roots []rootAction, depth int, drew bool, alpha, beta int) (int, int, int) {
	me := s.g.Side()
	best, bestI, first := Lower-1, -1, -1
	passes := 1
	if s.cp.ProbCut.On {
		passes = 2
	}
	for pass := range passes {
		for i := range roots {
			a := roots[i].a
			if s.cp.ProbCut.On && s.isChanceAction(a) != (pass == 1) {
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
				if v > alpha && v < beta && !s.stop.halted {
					v = s.child(a, me, alpha, beta, depth, 0, drew)
				}
			}
			if s.stop.halted {
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

// pv is the best action followed by the table's actions. In a game with
// chance events it stops at the first chance node or change of seat (the
// table holds the other side's replies only from deeper searches); in
// others it follows the seats, through BRS+'s rival layers as the search
// keyed them. It stops at a missing or stale entry.
func (s *searcher) pv(best variants.Action, drew bool) []variants.Action {
	g, tt := s.g, s.tt
	pv := []variants.Action{best}
	if tt == nil {
		return pv
	}
	g.Apply(best)
	n := 1
	var buf []variants.Action
	branched := false
	for len(pv) < 16 {
		who := g.ToAct()
		if who < 0 || (s.chance != nil && int(who) != g.Side()) {
			break
		}
		k := g.Key()
		rival := s.brs && int(who) != s.root
		switch {
		case s.chance == nil:
			if rival && branched {
				k ^= branchedKey
			}
		case drew && !g.TurnStart():
			k ^= drewKey
		}
		ent, ok := tt.Probe(k)
		if (!ok || ent.Action == 0) && s.chance != nil {
			k ^= drewKey
			ent, ok = tt.Probe(k)
		}
		if !ok || ent.Action == 0 {
			break
		}
		buf = g.Legal(buf[:0])
		if !slices.Contains(buf, ent.Action) {
			break
		}
		switch {
		case !rival:
			branched = false
		case !branched:
			// The layer branches at the first rival that does not play
			// its default.
			branched = ent.Action != buf[s.defaultAction(buf)]
		}
		pv = append(pv, ent.Action)
		g.Apply(ent.Action)
		n++
	}
	for range n {
		g.Undo()
	}
	return pv
}

// seatScores sets info.Seats, in a game of more than two seats: each
// seat's static value at the end of the PV.
func (s *searcher) seatScores(info *Info) {
	if s.seats == nil {
		return
	}
	for _, a := range info.PV {
		s.g.Apply(a)
	}
	v := make([]int, s.n)
	s.seats.EvaluateSeats(EvalMidTurn, v)
	for range info.PV {
		s.g.Undo()
	}
	info.Seats = v
}
