package core

import (
	"azar/search"
	"azar/variants"
)

// searcher is one search over a game: negamax in which a side's
// consecutive actions keep the window and the sign, expectimax with the
// chance policy at chance nodes, and the seat policy for more than two
// seats (seats.go).
type searcher struct {
	g      Game
	tt     *Table // nil: no table
	chance ChanceGame
	hints  TacticalHints
	filter ActionFilter
	seats  SeatEvaluator // more than two seats only
	null   NullMover
	exch   ExchangeHints
	tgen   TacticalGenerator
	qlim   QuiescenceLimiter
	whints WorldHints
	n      int // seats
	// root is the seat the search decides for; with coalition (paranoid
	// and BRS+) every other seat is its rival, with brs the rivals' turns
	// are BRS+'s rival layers, with maxn every seat maximizes its own
	// value (seats.go).
	root      int
	coalition bool
	brs       bool
	maxn      bool

	cp   ChancePolicy
	node NodeOptions
	// shallow is set while ChanceProbCut's shallow searches run with
	// cp.ProbCut.Lean: they prune as a reduced search (probcut.go).
	shallow bool

	nodes  uint64
	stop   stopper
	seldep int

	acts    [MaxPly + 2][]variants.Action
	scores  [MaxPly + 2][]int
	outs    [MaxPly + 2][]Weighted
	lows    [MaxPly + 2][]int
	highs   [MaxPly + 2][]int
	est     [MaxPly + 2][]int
	iid     [MaxPly + 2][]int // iidChance's copy of est
	order   [MaxPly + 2][]int
	vec     [MaxPly + 2][MaxSeats]int // maxⁿ values, and the seats' static values
	history [MaxSeats][HistorySlots]int32
	killers [MaxPly + 2][2]variants.Action
	// hints: with WorldHints, the last good action per public position,
	// shared by the worlds (indexed by a hash; a wrong hint only costs
	// ordering).
	wbest []variants.Action
	// qnext is the quiescence ply of the next node searched: set by
	// quiescence for its children, consumed by search (a node reached
	// from quiescence is no horizon, and is not extended), reset before
	// every other child.
	qnext int
}

func newSearcher() *searcher {
	s := &searcher{}
	for i := range s.acts {
		s.acts[i] = make([]variants.Action, 0, 64)
		s.scores[i] = make([]int, 0, 64)
	}
	return s
}

// reset prepares the searcher for a new search of g, keeping its buffers
// and history.
func (s *searcher) reset(g Game, tt *Table, cp ChancePolicy, sp SeatPolicy) {
	s.tt, s.cp = tt, cp
	s.bind(g, sp)
	s.setNode(NodeOptions{})
	s.shallow = false
	s.nodes, s.seldep = 0, 0
	s.stop = stopper{pollMask: 15}
}

// bind makes g the game searched, keeping the counters, the stop state,
// the history and the table: the worlds of one root (worlds.go) are
// searched by one searcher in turn.
func (s *searcher) bind(g Game, sp SeatPolicy) {
	s.g = g
	s.chance, _ = g.(ChanceGame)
	s.hints, _ = g.(TacticalHints)
	s.filter, _ = g.(ActionFilter)
	s.null, _ = g.(NullMover)
	s.exch, _ = g.(ExchangeHints)
	s.tgen, _ = g.(TacticalGenerator)
	s.qlim, _ = g.(QuiescenceLimiter)
	s.whints, _ = g.(WorldHints)
	s.n = g.Players()
	s.seats = nil
	s.root = g.Side()
	s.coalition, s.brs, s.maxn = false, false, false
	if s.n > 2 {
		s.seats, _ = g.(SeatEvaluator)
		switch sp {
		case BRS:
			s.coalition, s.brs = true, true
		case MaxN:
			s.maxn = true
		default:
			s.coalition = true
		}
	}
}

// setNode sets the node options of a search and forgets the killers and
// the worlds' hints of the last one.
func (s *searcher) setNode(o NodeOptions) {
	s.node = o
	if o.KillerOrder != 0 {
		s.killers = [MaxPly + 2][2]variants.Action{}
	}
	if s.whints != nil {
		if s.wbest == nil {
			s.wbest = make([]variants.Action, hintMask+1)
		}
		clear(s.wbest)
	}
}

// drewKey marks, in the table key, nodes of a turn that began with a draw
// (their remaining depth counts differently, see after).
const drewKey = 0x6A09E667F3BCC909

// ally reports whether seat who plays on me's side: the same seat, or
// under a coalition policy, two seats that are both not the root.
func (s *searcher) ally(who, me int) bool {
	if s.coalition {
		return (who == s.root) == (me == s.root)
	}
	return who == me
}

// evaluate is the static value for the side to act: the game's own with
// two seats, the root seat's value (negated for its rivals) with more.
func (s *searcher) evaluate(kind EvalKind) int {
	if s.seats == nil {
		return s.g.Evaluate(kind)
	}
	v := &s.vec[MaxPly+1]
	s.seats.EvaluateSeats(kind, v[:s.n])
	x := max(min(v[s.root], EvalLimit), -EvalLimit)
	if s.g.Side() != s.root {
		x = -x
	}
	return x
}

// terminal is the value of a finished game for me (under a coalition:
// the root's value, negated for its rivals).
func (s *searcher) terminal(me, ply int) int {
	p, sign := me, 1
	if s.coalition && me != s.root {
		p, sign = s.root, -1
	}
	return sign * scoreValue(s.g, p, ply)
}

// scoreValue is seat p's score in the finished game as a value: a win,
// a loss, or 0 for a draw.
func scoreValue(g Game, p, ply int) int {
	_, sc := g.Terminal(p)
	switch {
	case sc > 0.75:
		return WinScore - ply
	case sc < 0.25:
		return -(WinScore - ply)
	}
	return 0
}

// DefaultDrawCost is the depth a draw costs: two plies, as a card's
// actions fan out like a ply and a half of moves (a few thousand action
// sequences per draw in a middlegame).
const DefaultDrawCost = 2

// after is the value, for me, of the state just reached by me's action.
// The depth rules: an action that keeps the turn costs nothing, drawing
// costs DrawCost plies (the chance node is searched that much shallower),
// and the end of a turn costs one ply unless the turn began with a draw
// (it paid already).
func (s *searcher) after(me, alpha, beta, depth, ply int, drew bool) int {
	switch who := s.g.ToAct(); {
	case who == variants.NoPlayer:
		return s.terminal(me, ply)
	case who == variants.Chance:
		return s.chanceNode(alpha, beta, depth-s.cp.DrawCost, ply)
	case s.ally(int(who), me):
		return s.search(alpha, beta, depth, ply, drew)
	default:
		d := depth - 1
		if drew {
			d = depth
		}
		if s.brs && me == s.root {
			return -s.rival(-beta, -alpha, d, ply, false)
		}
		return -s.search(-beta, -alpha, d, ply, false)
	}
}

func (s *searcher) child(a variants.Action, me, alpha, beta, depth, ply int, drew bool) int {
	s.g.Apply(a)
	v := s.after(me, alpha, beta, depth, ply+1, drew)
	s.g.Undo()
	return v
}

// gen fills the action buffer of ply with the legal actions, ordered (the
// table's move first, then by Order and history), and returns it.
func (s *searcher) gen(ply int, ttMove variants.Action, quiesce bool) []variants.Action {
	var acts []variants.Action
	if quiesce && s.tgen != nil {
		acts = s.tgen.Tactical(s.acts[ply][:0])
	} else {
		acts = s.g.Legal(s.acts[ply][:0])
	}
	if s.filter != nil {
		acts = s.filter.FilterActions(acts)
	}
	sc := s.scores[ply][:0]
	side := s.g.Side()
	n := 0
	for _, a := range acts {
		o, tactical := s.g.Order(a)
		if quiesce && !tactical {
			continue
		}
		switch {
		case a == ttMove && ttMove != 0:
			o = 1 << 30
		case !tactical && s.killer(ply, a):
			o = s.node.KillerOrder
			if a == s.killers[ply][1] {
				o--
			}
		default:
			if h := s.g.HistoryIndex(a); h >= 0 {
				o += int(s.history[side][h])
			}
		}
		acts[n] = a
		sc = append(sc, o)
		n++
	}
	acts = acts[:n]
	// insertion sort, stable: generation order among equals
	for i := 1; i < n; i++ {
		a, o := acts[i], sc[i]
		j := i
		for j > 0 && sc[j-1] < o {
			acts[j], sc[j] = acts[j-1], sc[j-1]
			j--
		}
		acts[j], sc[j] = a, o
	}
	s.acts[ply], s.scores[ply] = acts, sc
	return acts
}

// goodQuiet rewards a quiet action that cut (the history heuristic, and
// with them on the killers: goodKiller).
func (s *searcher) goodQuiet(me int, a variants.Action, depth int) {
	if h := s.g.HistoryIndex(a); h >= 0 {
		t := &s.history[me]
		t[h] += int32(depth * depth)
		limit := int32(8000)
		if s.node.HistoryCap > 0 {
			limit = s.node.HistoryCap
		}
		if t[h] > limit {
			for i := range t {
				t[i] /= 2
			}
		}
	}
}

func (s *searcher) key(drew bool) uint64 {
	k := s.g.Key()
	if drew {
		k ^= drewKey
	}
	return k
}

func (s *searcher) isChanceAction(a variants.Action) bool {
	return s.chance != nil && s.chance.IsChanceAction(a)
}

// search is a decision node: the value for Side(), who acts, within
// (alpha, beta), fail-soft. The children of the same side keep the
// window and the sign; the rival's are negated. NodeOptions add the
// chess-like refinements (pruning.go).
func (s *searcher) search(alpha, beta, depth, ply int, drew bool) int {
	q := s.qnext
	s.qnext = 0
	inCheck := false
	if s.node.CheckExtension && q == 0 && s.g.TurnStart() && s.g.InCheck() {
		inCheck = true
		if ply < 2*MaxPly/3 {
			depth++
		}
	}
	if depth <= 0 {
		return s.qsearch(alpha, beta, ply, q)
	}
	if s.tick() {
		return 0
	}
	s.seldep = max(s.seldep, ply)
	if ply >= MaxPly {
		return s.evaluate(EvalMidTurn)
	}
	me := s.g.Side()
	key := s.key(drew)
	var ttMove variants.Action
	var hint uint64
	if s.wbest != nil {
		hint = s.whints.HintKey()
		ttMove = s.wbest[hint&hintMask]
	}
	if s.tt != nil {
		if e, ok := s.tt.Probe(key); ok {
			if e.Action != 0 || s.wbest == nil {
				ttMove = e.Action
			}
			if int(e.Depth) >= depth {
				e.Value = int16(s.mateFromTable(int(e.Value), ply))
				if e.cuts(alpha, beta) {
					return int(e.Value)
				}
			}
		}
		if ttMove == 0 && drew && s.cp.ProbCut.On {
			// Inside a card, the shallow search of ChanceProbCut stored
			// its best action under the key without the drew flag: try
			// it first (ordering only; the depth rules differ).
			if e, ok := s.tt.Probe(key ^ drewKey); ok {
				ttMove = e.Action
			}
		}
	}
	if (s.node.NullMove || s.node.ReverseFutility > 0) && !inCheck && beta-alpha == 1 && beta > -WinBound && beta < WinBound && s.g.TurnStart() {
		if v, ok := s.prune(beta, depth, ply); ok {
			return v
		} else if s.stop.halted {
			return 0
		}
	}
	acts := s.gen(ply, ttMove, false)
	if len(acts) == 0 {
		// The end of a game that reports it lazily (Game.ToAct); for a
		// live state it cannot happen (a turn always has an action).
		if over, _ := s.g.Terminal(me); over {
			return s.terminal(me, ply)
		}
		return s.evaluate(EvalMidTurn)
	}
	best, bestA := Lower-1, variants.Action(0)
	a0 := alpha
	for i, a := range acts {
		if s.shallow && i >= shallowLMP && beta-alpha == 1 && !s.g.TurnStart() && s.lateQuiet(a) {
			continue
		}
		r := 0
		if s.node.LMR && i >= 3 && depth >= 3 && !inCheck && s.g.HistoryIndex(a) >= 0 && !s.killer(ply, a) {
			r = 1
			if i >= 8 && depth >= 5 {
				r = 2
			}
		}
		s.qnext = 0
		var v int
		if i == 0 || (beta-alpha == 1 && r == 0) {
			v = s.child(a, me, alpha, beta, depth, ply, drew)
		} else {
			v = s.child(a, me, alpha, alpha+1, depth-r, ply, drew)
			if v > alpha && r > 0 && !s.stop.halted {
				v = s.child(a, me, alpha, alpha+1, depth, ply, drew)
			}
			if v > alpha && v < beta && !s.stop.halted {
				v = s.child(a, me, alpha, beta, depth, ply, drew)
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
					if s.node.KillerOrder != 0 && s.g.HistoryIndex(a) >= 0 && s.killers[ply][0] != a {
						s.killers[ply][1], s.killers[ply][0] = s.killers[ply][0], a
					}
					break
				}
			}
		}
	}
	s.storeResult(key, bestA, s.mateToTable(best, ply), a0, beta, depth)
	if s.wbest != nil && bestA != 0 && best > a0 {
		s.wbest[hint&hintMask] = bestA
	}
	return best
}

// storeResult records a node's fail-soft value in the table.
func (s *searcher) storeResult(key uint64, a variants.Action, best, alpha, beta, depth int) {
	if s.tt == nil {
		return
	}
	b := search.BoundExact
	switch {
	case best >= beta:
		b = search.BoundLower
	case best <= alpha:
		b = search.BoundUpper
	}
	s.tt.Store(key, a, best, depth, b)
}

// qsearch resolves captures at the horizon (qply: its plies so far).
// The side to act may stand pat (the static value includes the option to
// draw) unless in check.
func (s *searcher) qsearch(alpha, beta, ply, qply int) int {
	if s.tick() {
		return 0
	}
	s.seldep = max(s.seldep, ply)
	kind := EvalMidTurn
	if s.g.TurnStart() {
		kind = EvalTurnStart
	}
	if ply >= MaxPly {
		return s.evaluate(kind)
	}
	me := s.g.Side()
	inCheck := s.g.InCheck() && s.g.TurnStart()
	best := Lower - 1
	if !inCheck {
		best = s.evaluate(kind)
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
	}
	acts := s.gen(ply, 0, !inCheck)
	if inCheck && len(acts) == 0 {
		if over, _ := s.g.Terminal(me); over {
			return s.terminal(me, ply)
		}
	}
	futility := s.node.QuiesceFutility > 0 && s.exch != nil && !inCheck
	for i := 0; i < len(acts); i++ {
		a := s.acts[ply][i]
		if inCheck && s.isChanceAction(a) {
			continue
		}
		if s.shallow && !inCheck && s.hints != nil && s.hints.LosingCapture(a) {
			continue
		}
		if qply > 0 && !inCheck && s.qlim != nil && s.qlim.FirstPlyOnly(a) {
			continue
		}
		if futility {
			if g, ok := s.exch.Exchange(a); ok && (g < 0 || best+g+s.node.QuiesceFutility <= alpha) {
				continue
			}
		}
		s.qnext = qply + 1
		v := s.child(a, me, alpha, beta, 0, ply, false)
		if s.stop.halted {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	if best < Lower {
		best = s.evaluate(kind)
	}
	return best
}
