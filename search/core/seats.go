package core

import (
	"context"
	"slices"
	"time"

	"azar/search"
	"azar/variants"
)

// SeatPolicy is how a game of more than two seats is searched.
type SeatPolicy uint8

// The seat policies.
const (
	// Paranoid (Sturtevant and Korf, 2000): the root seat against a
	// coalition of all the others, who minimize the root's value: a
	// two-sided negamax in which the rivals' consecutive turns keep the
	// window and the sign, and a ply is a change of side.
	Paranoid SeatPolicy = iota
	// BRS is Best-Reply Search+ (Esser, Gras, Winands, Schadd and Lanctot,
	// 2014): between two turns of the root seat, a rival layer in which
	// only one rival, the one with the best reply, searches its actions;
	// the others play their default action (the highest by static move
	// ordering), so that the turn order and the states stay real. A
	// rival layer is one ply, as a root turn is. At the horizon the
	// quiescence is paranoid's: every rival in turn may capture.
	BRS
	// MaxN (Luckhardt and Irani, 1986): a value per seat, each seat
	// maximizing its own; immediate pruning only (seats.go, "maxⁿ").
	MaxN
)

// SeatPolicyNames are the policies' names, in order (an engine option's
// values).
func SeatPolicyNames() []string { return []string{"paranoid", "brs", "maxn"} }

func (p SeatPolicy) String() string {
	if names := SeatPolicyNames(); int(p) < len(names) {
		return names[p]
	}
	return "?"
}

// ParseSeatPolicy reads a policy name.
func ParseSeatPolicy(s string) (SeatPolicy, bool) {
	for i, n := range SeatPolicyNames() {
		if n == s {
			return SeatPolicy(i), true
		}
	}
	return Paranoid, false
}

// branchedKey marks, in the table key, BRS+ rival nodes after the layer's
// branching rival: they have one action, the default.
const branchedKey = 0xBB67AE8584CAA73B

// rival is a node of a BRS+ rival layer: a rival of the root to act, the
// value for the coalition within (alpha, beta). Before the layer has
// branched, the rival either branches (searches each of its actions, the
// later rivals then play their default) or plays its default and leaves
// the branching to a later rival; the last rival before the root must
// branch. After, it plays its default action.
func (s *searcher) rival(alpha, beta, depth, ply int, branched bool) int {
	if depth <= 0 {
		return s.qsearch(alpha, beta, ply, 0)
	}
	if s.tick() {
		return 0
	}
	s.seldep = max(s.seldep, ply)
	if ply >= MaxPly {
		return s.evaluate(EvalMidTurn)
	}
	key := s.g.Key()
	if branched {
		key ^= branchedKey
	}
	var ttMove variants.Action
	if s.tt != nil {
		if e, ok := s.tt.Probe(key); ok {
			ttMove = e.Action
			if int(e.Depth) >= depth && e.cuts(alpha, beta) {
				return int(e.Value)
			}
		}
	}
	acts := s.gen(ply, 0, false)
	if len(acts) == 0 {
		return s.evaluate(EvalMidTurn)
	}
	// The default first: it must not depend on the history the search
	// gathered, so that the layer's states are the same whatever was
	// searched before.
	if d := s.defaultAction(acts); d > 0 {
		a := acts[d]
		copy(acts[1:d+1], acts[:d])
		acts[0] = a
	}
	if branched {
		v := s.rivalChild(acts[0], alpha, beta, depth, ply, true)
		if s.stop.halted {
			return 0
		}
		s.storeResult(key, acts[0], v, alpha, beta, depth)
		return v
	}
	// The default action first, unbranched, unless no rival follows.
	s.g.Apply(acts[0])
	who := s.g.ToAct()
	s.g.Undo()
	last := who < 0 || int(who) == s.root
	from := 0
	if !last {
		from = 1
	}
	if k := slices.Index(acts, ttMove); k > from {
		copy(acts[from+1:k+1], acts[from:k])
		acts[from] = ttMove
	}
	me := s.g.Side()
	best, bestA := Lower-1, variants.Action(0)
	a0 := alpha
	for i := range len(acts) {
		a := s.acts[ply][i]
		// The default of a layer not yet branched leaves the branching
		// to the rivals after it.
		br := last || i > 0
		var v int
		if i == 0 || beta-alpha == 1 {
			v = s.rivalChild(a, alpha, beta, depth, ply, br)
		} else {
			v = s.rivalChild(a, alpha, alpha+1, depth, ply, br)
			if v > alpha && v < beta {
				v = s.rivalChild(a, alpha, beta, depth, ply, br)
			}
		}
		if s.stop.halted {
			return 0
		}
		if v > best {
			best, bestA = v, a
			if v > alpha {
				alpha = v
				if v >= beta {
					s.goodQuiet(me, a, depth)
					break
				}
			}
		}
	}
	s.storeResult(key, bestA, best, a0, beta, depth)
	return best
}

// rivalChild plays a rival's action: the next rival continues the layer
// (same side, same window), the root's turn ends it.
// defaultAction is the index of a rival's default action in acts: the
// highest static Order, the lowest action among equals.
func (s *searcher) defaultAction(acts []variants.Action) int {
	best, bo := 0, 0
	for i, a := range acts {
		o, _ := s.g.Order(a)
		if i == 0 || o > bo || (o == bo && a < acts[best]) {
			best, bo = i, o
		}
	}
	return best
}

func (s *searcher) rivalChild(a variants.Action, alpha, beta, depth, ply int, branched bool) int {
	me := s.g.Side()
	s.g.Apply(a)
	var v int
	if who := s.g.ToAct(); who >= 0 && int(who) != s.root {
		v = s.rival(alpha, beta, depth, ply+1, branched)
	} else {
		v = s.after(me, alpha, beta, depth, ply+1, false)
	}
	s.g.Undo()
	return v
}

// maxⁿ. Each node's value is a vector, one value per seat, each seat
// choosing the child best for its own. The leaves' vectors are centred
// (their mean taken off): every vector sums to zero within n-1, values
// within ±2·EvalLimit. Only immediate pruning is done (a seat that wins
// at the next ply stops). Shallow pruning (Korf, 1991) cannot cut here:
// under a parent seat q worth qBest, a child giving its seat p at least x
// leaves q at most (n-1) - x - (n-2)·L, L the least value (-2·EvalLimit),
// and that is below qBest only if x + qBest > 12000, which no pair of
// values reaches; deep pruning is unsound for maxⁿ.
const (
	// maxnQuiesce is how many plies of captures maxⁿ's quiescence looks
	// at: without alpha-beta, every seat's captures multiply.
	maxnQuiesce = 4
)

// maxnLeaf writes the centred static values (or, for a finished game,
// the scores as values) into s.vec[ply].
func (s *searcher) maxnLeaf(ply int, over bool) {
	v := &s.vec[ply]
	if over {
		for p := range s.n {
			_, sc := s.g.Terminal(p)
			// A share of 1 over the seats as a value: a win WinScore,
			// a loss -WinScore/(n-1), zero-sum.
			v[p] = int((float64(s.n)*sc - 1) * float64(WinScore-ply) / float64(s.n-1))
		}
		return
	}
	s.seats.EvaluateSeats(EvalMidTurn, v[:s.n])
	sum := 0
	for p := range s.n {
		v[p] = max(min(v[p], EvalLimit), -EvalLimit)
		sum += v[p]
	}
	mean := floorDiv(sum, s.n)
	for p := range s.n {
		v[p] -= mean
	}
}

// better reports whether vector c is better than b for seat p: a higher
// value for p; between equals, the one worse for the root (a rival with
// nothing to choose is taken to choose against the root), then the lower
// values seat by seat, so that the choice never depends on the order the
// children were searched in.
func (s *searcher) better(c, b *[MaxSeats]int, p int) bool {
	if c[p] != b[p] {
		return c[p] > b[p]
	}
	if c[s.root] != b[s.root] {
		return c[s.root] < b[s.root]
	}
	for x := range s.n {
		if c[x] != b[x] {
			return c[x] < b[x]
		}
	}
	return false
}

// maxnSearch writes the vector of the node into s.vec[ply].
func (s *searcher) maxnSearch(depth, ply, qdepth int) {
	s.tick()
	if s.stop.halted {
		return
	}
	s.seldep = max(s.seldep, ply)
	who := s.g.ToAct()
	if who < 0 {
		s.maxnLeaf(ply, true)
		return
	}
	if ply >= MaxPly {
		s.maxnLeaf(ply, false)
		return
	}
	quiesce := depth <= 0
	if quiesce && qdepth >= maxnQuiesce {
		s.maxnLeaf(ply, false)
		return
	}
	p := int(who)
	var ttMove variants.Action
	key := s.g.Key()
	if s.tt != nil && !quiesce {
		if e, ok := s.tt.Probe(key); ok {
			ttMove = e.Action
		}
	}
	acts := s.gen(ply, ttMove, quiesce)
	best := &s.vec[ply]
	bestA := variants.Action(0)
	have := false
	if quiesce || len(acts) == 0 {
		// Standing pat: the static values.
		s.maxnLeaf(ply, false)
		have = true
	}
	for i := range acts {
		a := s.acts[ply][i]
		s.g.Apply(a)
		qd := qdepth
		if quiesce {
			qd++
		}
		s.maxnSearch(depth-1, ply+1, qd)
		s.g.Undo()
		if s.stop.halted {
			return
		}
		c := &s.vec[ply+1]
		if !have || s.better(c, best, p) {
			*best, bestA, have = *c, a, true
			if best[p] >= WinScore-ply-1 {
				// A win for p at the next ply cannot be beaten (and
				// every such win is the same vector).
				if !quiesce {
					s.goodQuiet(p, a, max(depth, 1))
				}
				break
			}
		}
	}
	if s.tt != nil && !quiesce && bestA != 0 {
		// For move ordering only: a vector does not fit an entry.
		s.tt.Store(key, bestA, best[p], depth, search.BoundLower)
	}
}

// iterateMaxN is the driver's iterative deepening for maxⁿ: the root
// seat takes the child best for it; no aspiration (there is no window).
func (e *Searcher) iterateMaxN(ctx context.Context, s *searcher, roots []rootAction, l search.Limits, res Result, clk search.TimeManager, report func(Info)) Result {
	maxDepth := MaxPly - 1
	if l.Depth > 0 {
		maxDepth = min(l.Depth, maxDepth)
	}
	me := s.root
	var lastIter time.Duration
	for depth := 1; depth <= maxDepth; depth++ {
		iterStart := clk.Elapsed()
		s.seldep = 0
		bi, bv := -1, 0
		for i := range roots {
			s.g.Apply(roots[i].a)
			s.maxnSearch(depth-1, 1, 0)
			s.g.Undo()
			if s.stop.halted {
				break
			}
			roots[i].score = s.vec[1][me]
			if bi < 0 || roots[i].score > bv {
				bi, bv = i, roots[i].score
			}
		}
		if s.stop.halted {
			// A root action searched in full that beats the previous
			// iteration's best is kept.
			if bi > 0 && bv > res.Score {
				res.Action, res.Score = roots[bi].a, bv
			}
			break
		}
		r := roots[bi]
		copy(roots[1:bi+1], roots[:bi])
		roots[0] = r
		res.Action, res.Score, res.Depth = r.a, bv, depth
		lastIter = clk.Elapsed() - iterStart
		if report != nil {
			info := Info{Depth: depth, SelDepth: s.seldep, Score: bv, Nodes: s.nodes, Time: clk.Elapsed(), PV: s.pv(r.a, false)}
			s.seatScores(&info)
			if s.tt != nil {
				info.HashFull = s.tt.HashFull()
			}
			report(info)
		}
		if l.Mate > 0 && bv >= WinBound || ctx.Err() != nil {
			break
		}
		if s.stop.limit = l.Nodes; s.stop.limit > 0 && s.nodes >= s.stop.limit {
			break
		}
		if !e.pondering.Load() && clk.WouldOverrun(3*lastIter) {
			break
		}
	}
	res.Nodes = s.nodes
	return res
}
