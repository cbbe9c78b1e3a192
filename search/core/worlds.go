package core

import (
	"cmp"
	"context"
	"math"
	"slices"
	"time"

	"azar/search"
	"azar/variants"
)

// World is one determinized state of a game of hidden information (the
// hidden cards or hands fixed) and its weight: its probability, or any
// positive number proportional to it.
type World struct {
	Game   Game
	Weight float64
}

// ActionValue is one root action's value over the worlds.
type ActionValue struct {
	Action variants.Action
	// Win is the weighted mean over the worlds of WinProb of the action's
	// value in each: the expected game score in [0, 1], what the choice
	// maximises.
	Win float64
	// Score is Win in centipawns (Centipawns), or, when every world
	// agrees on a win (or on a loss), the least of the worlds' values: the
	// slowest win, the quickest loss.
	Score int
}

// WorldsResult is the outcome of SearchWorlds. Result.Score is the best
// action's ActionValue.Score; Result.Depth the last depth that every
// world completed.
type WorldsResult struct {
	Result
	// Worlds is the number of worlds searched.
	Worlds int
	// Values lists every root action, best first.
	Values []ActionValue
	// PV is the best action and then the line of the most probable world.
	PV []variants.Action
}

// DefaultRootMargin is the default of Config.RootMargin.
const DefaultRootMargin = 60

// SearchWorlds chooses an action for a decision over determinized worlds
// (perfect-information sampling): at each depth of an iterative deepening
// every world is searched over the same root actions with the node loop,
// and the actions are ranked by their expected game score over the worlds
// (WinProb of each world's value, weighted), so that a mate in a few
// worlds weighs as the lost game it is and not as a huge number of
// centipawns. One table, one node count and one stop (ctx, cfg.Clock,
// l.Nodes once depth 1 is complete in every world, l.Depth, l.Mate) serve
// all the worlds; the history is shared too, and with the WorldHints
// capability the best action found in one world orders the others'.
//
// The worlds must be the same decision of the same seat, differing only
// in what that seat cannot see, and their Keys must tell them apart (a
// world's key includes what was assumed). roots are the actions to choose
// from, legal in every world (nil: the first world's legal actions,
// through its ActionFilter); only, when not empty, restricts them further
// (searchmoves). An action not legal in some world counts as a loss
// there.
//
// In each world the first root action is searched with a full window and
// the others above the world's best less cfg.RootMargin: an action within
// the margin of the world's best gets its exact value, the others an
// upper bound; before a depth is accepted, the action chosen is searched
// again with a full window in every world where its value is a bound.
// Aspiration does not apply. A depth interrupted by the limits keeps the
// worlds it completed (their values at that depth, the others' at the
// previous one); Depth is then the previous depth.
//
// The caller waits for ponderhit or stop itself when the search must not
// return early (infinite, pondering). The worlds are left as they were.
//
// Example, for a seat that knows its own hand but not the rival's:
//
//	var ws []core.World
//	for _, d := range beliefs { // each: a state with the rival's hand fixed, and its probability
//		ws = append(ws, core.World{Game: newAdapter(d.State), Weight: d.Prob})
//	}
//	cfg := core.Config{Table: table, Chance: core.DefaultChancePolicy(), Clock: clock, PollMask: 1023}
//	r := searcher.SearchWorlds(ctx, ws, nil, cfg, limits, nil, func(i core.Info) { ... })
//	if r.Found {
//		play(r.Action) // r.Values[0]; r.Values[1:] the other actions, best first
//	}
func (e *Searcher) SearchWorlds(ctx context.Context, worlds []World, roots []variants.Action, cfg Config, l search.Limits, only []variants.Action, report func(Info)) WorldsResult {
	clk := cfg.Clock
	e.pondering.Store(l.Ponder)
	if cfg.Table != nil {
		cfg.Table.NewSearch()
	}
	var ws []*worldState
	for _, w := range worlds {
		if w.Weight > 0 && w.Game != nil && w.Game.ToAct() >= 0 {
			ws = append(ws, &worldState{World: w})
		}
	}
	if len(ws) == 0 {
		return WorldsResult{}
	}
	s := e.s
	s.reset(ws[0].Game, cfg.Table, cfg.Chance, cfg.Seats)
	s.setNode(cfg.Node)
	if roots == nil {
		roots = ws[0].Game.Legal(nil)
		if s.filter != nil {
			roots = s.filter.FilterActions(roots)
		}
	} else {
		roots = slices.Clone(roots)
	}
	if len(only) > 0 {
		roots = slices.DeleteFunc(roots, func(a variants.Action) bool { return !slices.Contains(only, a) })
	}
	if len(roots) == 0 {
		return WorldsResult{Worlds: len(ws)}
	}
	if cfg.PollMask != 0 {
		s.stop.pollMask = cfg.PollMask
	}
	s.stop.done = ctx.Done()
	s.stop.check = func() bool { return !e.pondering.Load() && clk.PastHard() }
	margin := cfg.RootMargin
	if margin <= 0 {
		margin = DefaultRootMargin
	}
	for _, w := range ws {
		w.scores = make([]int, len(roots))
		w.exact = make([]bool, len(roots))
	}
	r := worldsRun{s: s, ws: ws, roots: roots, seats: cfg.Seats, drew: cfg.AfterChance, margin: margin}

	maxDepth := MaxPly - 1
	if l.Depth > 0 {
		maxDepth = min(l.Depth, maxDepth)
	}
	if l.Mate > 0 {
		maxDepth = min(maxDepth, 2*l.Mate)
	}
	order := make([]int, len(roots)) // root actions, best first
	for i := range order {
		order[i] = i
	}
	res := WorldsResult{Worlds: len(ws)}
	var lastDepth time.Duration
	var reported variants.Action // the best action of the last report
	for depth := 1; depth <= maxDepth; depth++ {
		depthStart := clk.Elapsed()
		s.seldep = 0
		complete := true
		for _, w := range ws {
			if !r.searchWorld(w, order, depth) {
				complete = false
				break
			}
		}
		if complete && !r.verify(depth) {
			complete = false
		}
		if agg := r.aggregate(); len(agg) > 0 {
			res.Values = agg
			res.Action, res.Found, res.Score = agg[0].Action, true, agg[0].Score
			res.Depth = depth
			if !complete {
				res.Depth = depth - 1
			}
			// The next depth searches the best actions first.
			rank := make(map[variants.Action]int, len(agg))
			for i, v := range agg {
				rank[v.Action] = i
			}
			slices.SortStableFunc(order, func(a, b int) int { return rank[roots[a]] - rank[roots[b]] })
		}
		if !complete {
			break
		}
		s.stop.limit = l.Nodes
		lastDepth = clk.Elapsed() - depthStart
		reported = res.Action
		res.PV = r.pv(res.Action)
		if report != nil {
			info := Info{Depth: depth, SelDepth: s.seldep, Score: res.Score, Win: res.Values[0].Win, Nodes: s.nodes, Time: clk.Elapsed(), PV: res.PV}
			if cfg.Table != nil {
				info.HashFull = cfg.Table.HashFull()
			}
			report(info)
		}
		if len(roots) == 1 && !l.Infinite && !e.pondering.Load() {
			break
		}
		if l.Mate > 0 && res.Score >= WinBound && (WinScore-res.Score+1)/2 <= l.Mate {
			break
		}
		if (s.stop.limit > 0 && s.nodes >= s.stop.limit) || ctx.Err() != nil {
			break
		}
		// A depth over many worlds is not started unless it can finish.
		if !e.pondering.Load() && clk.WouldOverrun(2*lastDepth) {
			break
		}
	}
	if !res.Found {
		// Not even one world finished its first depth: the first action
		// in the given order.
		res.Action, res.Found = roots[order[0]], true
	}
	if res.Action != reported {
		// The worlds that finished an interrupted depth changed the
		// choice: say so before the answer.
		res.PV = []variants.Action{res.Action}
		if report != nil {
			info := Info{Depth: res.Depth, SelDepth: s.seldep, Score: res.Score, Nodes: s.nodes, Time: clk.Elapsed(), PV: res.PV}
			if len(res.Values) > 0 {
				info.Win = res.Values[0].Win
			}
			if cfg.Table != nil {
				info.HashFull = cfg.Table.HashFull()
			}
			report(info)
		}
	}
	res.Nodes = s.nodes
	return res
}

// worldState is a world's values at the last depth it completed.
type worldState struct {
	World
	depth  int    // 0: none completed
	scores []int  // per root action
	exact  []bool // per root action: scores is exact, not an upper bound
}

// worldsRun is one SearchWorlds call's worlds and root.
type worldsRun struct {
	s      *searcher
	ws     []*worldState
	roots  []variants.Action
	seats  SeatPolicy
	drew   bool
	margin int
}

// searchWorld searches every root action of w to depth, in the order of
// w's last values (order before it has any) and, if the search was not
// stopped, keeps the values in w.
func (r *worldsRun) searchWorld(w *worldState, order []int, depth int) bool {
	s := r.s
	s.bind(w.Game, r.seats)
	idx := slices.Clone(order)
	if w.depth > 0 {
		slices.SortStableFunc(idx, func(a, b int) int { return w.scores[b] - w.scores[a] })
	}
	scores := make([]int, len(r.roots))
	exact := make([]bool, len(r.roots))
	legal := w.Game.Legal(nil)
	me := w.Game.Side()
	best := Lower - 1
	for n, i := range idx {
		a := r.roots[i]
		if !slices.Contains(legal, a) {
			scores[i], exact[i] = Lower, true
			continue
		}
		alpha := Lower - 1
		if n > 0 && best-r.margin > Lower-1 {
			alpha = best - r.margin
		}
		s.qnext = 0
		v := s.child(a, me, alpha, Upper+1, depth, 0, r.drew)
		if s.stop.halted {
			return false
		}
		scores[i], exact[i] = v, v > alpha
		best = max(best, v)
	}
	w.scores, w.exact, w.depth = scores, exact, depth
	return true
}

// verify makes the value of the action chosen at depth exact in every
// world: while the best action by aggregate has an upper bound in some
// world, it is searched there again with a full window, and the
// aggregate is recomputed. It reports false if the search was stopped.
func (r *worldsRun) verify(depth int) bool {
	s := r.s
	for range r.roots {
		agg := r.aggregate()
		if len(agg) == 0 {
			return true
		}
		i := slices.Index(r.roots, agg[0].Action)
		done := true
		for _, w := range r.ws {
			if w.depth != depth || w.exact[i] {
				continue
			}
			done = false
			s.bind(w.Game, r.seats)
			s.qnext = 0
			v := s.child(r.roots[i], w.Game.Side(), Lower-1, Upper+1, depth, 0, r.drew)
			if s.stop.halted {
				return false
			}
			w.scores[i], w.exact[i] = v, true
		}
		if done {
			return true
		}
	}
	return true
}

// aggregate weights each root action's values over the worlds that have
// completed a depth and returns the actions best first (ties in the
// roots' order).
func (r *worldsRun) aggregate() []ActionValue {
	total := 0.0
	for _, w := range r.ws {
		if w.depth > 0 {
			total += w.Weight
		}
	}
	if total == 0 {
		return nil
	}
	out := make([]ActionValue, len(r.roots))
	for i, a := range r.roots {
		exp := 0.0
		wins, losses, least := true, true, Upper+1
		for _, w := range r.ws {
			if w.depth == 0 {
				continue
			}
			v := w.scores[i]
			exp += w.Weight * WinProb(v)
			wins = wins && v >= WinBound
			losses = losses && v <= -WinBound
			least = min(least, v)
		}
		exp /= total
		score := Centipawns(exp)
		if wins || losses {
			score = least
		}
		out[i] = ActionValue{Action: a, Win: exp, Score: score}
	}
	slices.SortStableFunc(out, func(a, b ActionValue) int { return cmp.Compare(b.Win, a.Win) })
	return out
}

// pv is the best action and the table's line in the most probable world
// that completed a depth.
func (r *worldsRun) pv(best variants.Action) []variants.Action {
	var w *worldState
	for _, x := range r.ws {
		if x.depth > 0 && (w == nil || x.Weight > w.Weight) {
			w = x
		}
	}
	if w == nil {
		return []variants.Action{best}
	}
	r.s.bind(w.Game, r.seats)
	return r.s.pv(best, r.drew)
}

// WinProb maps a value to an expected game score in [0, 1]: a logistic
// curve for centipawns (400 cp: ten to one), 1 or 0 for a win or a loss
// (a quicker win a little better, a slower loss a little less bad).
//
// The centipawns' curve is squeezed into [winEdge, 1-winEdge] and a win
// or a loss lies beyond it (each ply from the end costs winPly, and
// MaxPly*winPly < winEdge): every win weighs more than any centipawn
// value, every loss less. Without the squeeze a logistic at +24 pawns
// already came within 1e-6 of 1 and outweighed a mate in one, and a
// seat that was far ahead in the evaluation (the soft limit lets it
// reach ±30 pawns) never chose the mate (docs/magic.md, "Against MCTS").
func WinProb(v int) float64 {
	switch {
	case v >= WinBound:
		return MateWinProb(WinScore - v)
	case v <= -WinBound:
		return MateWinProb(-(WinScore + v))
	}
	return EvalWinProb(v)
}

// EvalWinProb is WinProb's curve for centipawns, on any engine's scale:
// the logistic squeezed into [winEdge, 1-winEdge].
func EvalWinProb(cp int) float64 {
	return winEdge + (1-2*winEdge)/(1+math.Pow(10, -float64(cp)/400))
}

// MateWinProb is WinProb's value of a win plies from the end (plies >
// 0) or of a loss -plies from it (plies < 0), beyond EvalWinProb's range
// for any plies up to MaxPly.
func MateWinProb(plies int) float64 {
	if plies < 0 {
		return float64(-plies) * winPly
	}
	return 1 - float64(plies)*winPly
}

// winEdge and winPly place WinProb's wins and losses outside its
// centipawns' range: float64 resolves the logistic's steps of a
// centipawn near ±30 pawns (about 1e-10) well within the squeeze.
const (
	winEdge = 1e-6
	winPly  = 1e-9
)

// Centipawns is WinProb's inverse for centipawns, within ±(WinBound-1)
// (so never read as a win or a loss).
func Centipawns(w float64) int {
	return CentipawnsWithin(w, WinBound-1)
}

// CentipawnsWithin is EvalWinProb's inverse, rounded and bounded to
// ±limit.
func CentipawnsWithin(w float64, limit int) int {
	if w <= winEdge || w >= 1-winEdge {
		if w <= winEdge {
			return -limit
		}
		return limit
	}
	w = (w - winEdge) / (1 - 2*winEdge)
	return max(min(int(math.Round(-400*math.Log10(1/w-1))), limit), -limit)
}
