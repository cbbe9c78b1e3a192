package chance

import (
	"sync/atomic"

	"azar/variants"
)

// Values. Every value the search handles lies in [Lower, Upper]: static
// evaluations are clamped to ±EvalLimit, a won game is worth WinScore less
// the plies (actions) to reach it, a lost one the opposite. Bounded values
// are what lets Star1 and Star2 prune chance nodes.
const (
	WinScore  = 4000
	EvalLimit = 3000
	MaxPly    = 128
	// WinBound: values at least this are (nearly) certain wins.
	WinBound = WinScore - MaxPly
	Lower    = -WinScore
	Upper    = WinScore
)

// evalKind says where a static evaluation is taken.
type evalKind uint8

const (
	evalTurnStart evalKind = iota // a turn start: the player may still draw
	evalChance                    // a chance node: the card is about to be revealed
	evalMidTurn                   // inside a turn (quiescence after a knight move)
)

// weighted is a chance outcome with an integer weight: the copies of that
// card in the pile. The probability is weight / total.
type weighted struct {
	a variants.Action
	w int
}

// game is what the search sees of a game with chance nodes and
// multi-action turns; *luckyGame adapts variants/lucky to it, and the
// tests plug in synthetic trees.
type game interface {
	// ToAct is the player to act, variants.Chance, or variants.NoPlayer.
	ToAct() variants.Player
	// Side is the player whose turn it is (the drawer at a chance node).
	Side() int
	Legal(buf []variants.Action) []variants.Action
	// Chances appends the outcomes with integer weights.
	Chances(buf []weighted) []weighted
	Apply(a variants.Action)
	Undo()
	Key() uint64
	// Terminal reports a finished game and player p's score in it (1
	// win, 0.5 draw, 0 loss).
	Terminal(p int) (over bool, score float64)
	// Evaluate is the static value for Side().
	Evaluate(kind evalKind) int
	// TurnStart reports a turn start (not inside a turn).
	TurnStart() bool
	// InCheck reports whether Side() is in check.
	InCheck() bool
	// Order scores an action for move ordering (higher first); tactical
	// says whether quiescence searches it.
	Order(a variants.Action) (score int, tactical bool)
	// IsDraw reports the draw action.
	IsDraw(a variants.Action) bool
	// HistoryIndex maps a quiet action to a history-table slot (0..4095),
	// or -1.
	HistoryIndex(a variants.Action) int
	// LosingCapture reports a capture that loses material by static
	// exchange (ChanceProbCut's shallow searches skip them).
	LosingCapture(a variants.Action) bool
	// Checks reports whether a leaves the rival's king attacked.
	Checks(a variants.Action) bool
	// PolicyFilter applies the engine's draw policy to the actions of
	// its own turn starts; it returns the slice, possibly shortened.
	PolicyFilter(acts []variants.Action) []variants.Action
}

// searcher is one search over a game: the expectimax/alpha-beta recursion
// with Star1/Star2 at chance nodes.
type searcher struct {
	g     game
	tt    *table // nil: no table
	star  bool   // Star1/Star2 pruning at chance nodes
	probe bool   // Star2 probing (with star)
	// pc is ChanceProbCut (probcut.go): forward pruning of chance nodes
	// from shallow searches of their outcomes, with star.
	pc probCut
	// shallow is set while ChanceProbCut's shallow searches run with
	// pc.lean: they prune as a reduced search (probcut.go).
	shallow bool
	// rounds is the number of refinement rounds after the probes.
	rounds int
	// drawCost is the depth a draw costs (the chance node is searched
	// that much shallower); the end of a drawing turn costs nothing.
	drawCost int
	nodes    uint64
	limit    uint64 // node limit, 0 = none
	stop     *atomic.Bool
	halted   bool
	onCheck  func() bool // polled every 16 nodes; true = stop
	seldep   int

	acts    [MaxPly + 2][]variants.Action
	scores  [MaxPly + 2][]int
	outs    [MaxPly + 2][]weighted
	lows    [MaxPly + 2][]int
	highs   [MaxPly + 2][]int
	est     [MaxPly + 2][]int
	order   [MaxPly + 2][]int
	history [2][4096]int32
}

func newSearcher(g game) *searcher {
	s := &searcher{g: g, star: true, probe: true, drawCost: DefaultDrawCost, rounds: 3}
	for i := range s.acts {
		s.acts[i] = make([]variants.Action, 0, 64)
		s.scores[i] = make([]int, 0, 64)
	}
	return s
}

// reset prepares the searcher for a new search of g, keeping its buffers
// and history.
func (s *searcher) reset(g game) {
	s.g = g
	s.tt = nil
	s.star, s.probe, s.rounds, s.drawCost = true, true, 3, DefaultDrawCost
	s.pc = probCut{}
	s.shallow = false
	s.nodes, s.limit, s.halted, s.seldep = 0, 0, false, 0
	s.stop, s.onCheck = nil, nil
}

// drewKey marks, in the table key, nodes of a turn that began with a draw
// (their remaining depth counts differently, see after).
const drewKey = 0x6A09E667F3BCC909

func (s *searcher) tick() bool {
	if s.halted {
		return true
	}
	// Before the node is counted: a halted search counts no node it did
	// not search, so `go nodes N` reports exactly N.
	if s.limit > 0 && s.nodes >= s.limit {
		s.halted = true
		return true
	}
	s.nodes++
	// Often: a node inside a card can cost a millisecond (the card's
	// obligation is worked out over its whole sequences), so a thousand
	// nodes could overrun a blitz budget.
	if s.nodes&15 == 0 {
		if (s.stop != nil && s.stop.Load()) || (s.onCheck != nil && s.onCheck()) {
			s.halted = true
		}
	}
	return s.halted
}

func (s *searcher) terminal(me, ply int) int {
	_, sc := s.g.Terminal(me)
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
// costs drawCost plies (the chance node is searched that much shallower),
// and the end of a turn costs one ply unless the turn began with a draw
// (it paid already).
func (s *searcher) after(me, alpha, beta, depth, ply int, drew bool) int {
	switch who := s.g.ToAct(); {
	case who == variants.NoPlayer:
		return s.terminal(me, ply)
	case who == variants.Chance:
		return s.chance(alpha, beta, depth-s.drawCost, ply)
	case int(who) == me:
		return s.search(alpha, beta, depth, ply, drew)
	default:
		d := depth - 1
		if drew {
			d = depth
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
	acts := s.g.Legal(s.acts[ply][:0])
	acts = s.g.PolicyFilter(acts)
	sc := s.scores[ply][:0]
	side := s.g.Side() & 1
	n := 0
	for _, a := range acts {
		o, tactical := s.g.Order(a)
		if quiesce && !tactical {
			continue
		}
		if a == ttMove && ttMove != 0 {
			o = 1 << 30
		} else if h := s.g.HistoryIndex(a); h >= 0 {
			o += int(s.history[side][h])
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

func (s *searcher) key(drew bool) uint64 {
	k := s.g.Key()
	if drew {
		k ^= drewKey
	}
	return k
}

// search is a decision node: the value for Side(), who acts, within
// (alpha, beta), fail-soft. The children of the same player keep the
// window and the sign; the rival's are negated.
func (s *searcher) search(alpha, beta, depth, ply int, drew bool) int {
	if depth <= 0 {
		return s.qsearch(alpha, beta, ply)
	}
	if s.tick() {
		return 0
	}
	s.seldep = max(s.seldep, ply)
	if ply >= MaxPly {
		return s.g.Evaluate(evalMidTurn)
	}
	me := s.g.Side()
	key := s.key(drew)
	var ttMove variants.Action
	if s.tt != nil {
		if e, ok := s.tt.probe(key); ok {
			ttMove = e.move
			if int(e.depth) >= depth {
				v := int(e.value)
				if e.bound == boundExact || (e.bound == boundLower && v >= beta) || (e.bound == boundUpper && v <= alpha) {
					return v
				}
			}
		}
		if ttMove == 0 && drew && s.pc.on {
			// Inside a card, the shallow search of ChanceProbCut stored
			// its best action under the key without the drew flag: try
			// it first (ordering only; the depth rules differ).
			if e, ok := s.tt.probe(key ^ drewKey); ok {
				ttMove = e.move
			}
		}
	}
	acts := s.gen(ply, ttMove, false)
	if len(acts) == 0 {
		// Cannot happen for a live state (a turn always has an action).
		return s.g.Evaluate(evalMidTurn)
	}
	best, bestA := Lower-1, variants.Action(0)
	a0 := alpha
	for i, a := range acts {
		if s.shallow && i >= shallowLMP && beta-alpha == 1 && !s.g.TurnStart() && s.lateQuiet(a) {
			continue
		}
		var v int
		if i == 0 || beta-alpha == 1 {
			v = s.child(a, me, alpha, beta, depth, ply, drew)
		} else {
			v = s.child(a, me, alpha, alpha+1, depth, ply, drew)
			if v > alpha && v < beta {
				v = s.child(a, me, alpha, beta, depth, ply, drew)
			}
		}
		if s.halted {
			return 0
		}
		if v > best {
			best, bestA = v, a
			if v > alpha {
				alpha = v
				if v >= beta {
					if h := s.g.HistoryIndex(a); h >= 0 {
						p := &s.history[me&1][h]
						*p += int32(depth * depth)
						if *p > 8000 {
							for i := range s.history[me&1] {
								s.history[me&1][i] /= 2
							}
						}
					}
					break
				}
			}
		}
	}
	if s.tt != nil {
		b := boundExact
		switch {
		case best >= beta:
			b = boundLower
		case best <= a0:
			b = boundUpper
		}
		s.tt.store(key, bestA, best, depth, b)
	}
	return best
}

// qsearch resolves captures at the horizon. The player to act may stand
// pat (the static value includes the option to draw) unless in check.
func (s *searcher) qsearch(alpha, beta, ply int) int {
	if s.tick() {
		return 0
	}
	s.seldep = max(s.seldep, ply)
	kind := evalMidTurn
	if s.g.TurnStart() {
		kind = evalTurnStart
	}
	if ply >= MaxPly {
		return s.g.Evaluate(kind)
	}
	me := s.g.Side()
	inCheck := s.g.InCheck() && s.g.TurnStart()
	best := Lower - 1
	if !inCheck {
		best = s.g.Evaluate(kind)
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
	}
	acts := s.gen(ply, 0, !inCheck)
	for i := 0; i < len(acts); i++ {
		a := s.acts[ply][i]
		if inCheck && s.g.IsDraw(a) {
			continue
		}
		if s.shallow && !inCheck && s.g.LosingCapture(a) {
			continue
		}
		v := s.child(a, me, alpha, beta, 0, ply, false)
		if s.halted {
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
		best = s.g.Evaluate(kind)
	}
	return best
}

// roundDiv is n/d rounded to the nearest integer, halves away from zero.
func roundDiv(n, d int) int {
	if n >= 0 {
		return (2*n + d) / (2 * d)
	}
	return -((-2*n + d) / (2 * d))
}

func floorDiv(n, d int) int {
	q := n / d
	if (n%d != 0) && ((n < 0) != (d < 0)) {
		q--
	}
	return q
}

func ceilDiv(n, d int) int { return -floorDiv(-n, d) }

// chance is a chance node: the expected value for the drawer, Side(), of
// the card about to be revealed, rounded to a whole centipawn. With depth
// exhausted it is the static estimate (the board plus the expected value
// of the card). Otherwise every outcome is searched at this depth (the
// draw has paid its ply), with Star2 probing and Star1 windows when
// pruning is on (after ChanceProbCut when that is on too), and with the
// full window when it is off.
func (s *searcher) chance(alpha, beta, depth, ply int) int {
	if s.tick() {
		return 0
	}
	s.seldep = max(s.seldep, ply)
	if depth <= 0 || ply >= MaxPly {
		return s.g.Evaluate(evalChance)
	}
	me := s.g.Side()
	key := s.g.Key()
	if s.tt != nil {
		if e, ok := s.tt.probe(key); ok && int(e.depth) >= depth {
			v := int(e.value)
			if e.bound == boundExact || (e.bound == boundLower && v >= beta) || (e.bound == boundUpper && v <= alpha) {
				return v
			}
		}
	}
	outs := s.g.Chances(s.outs[ply][:0])
	s.outs[ply] = outs
	total := 0
	for _, o := range outs {
		total += o.w
	}
	var v int
	var b uint8
	if !s.star {
		sum := 0
		for i := range outs {
			x := s.child(s.outs[ply][i].a, me, Lower-1, Upper+1, depth, ply, true)
			if s.halted {
				return 0
			}
			sum += s.outs[ply][i].w * x
		}
		v, b = roundDiv(sum, total), boundExact
	} else {
		var done bool
		if s.pc.on {
			v, b, done = s.chanceProbCut(alpha, beta, depth, ply, total)
		}
		if !done && !s.halted {
			v, b = s.star12(alpha, beta, depth, ply, total, true)
		}
		if s.halted {
			return 0
		}
	}
	if s.tt != nil {
		s.tt.store(key, 0, v, depth, b)
	}
	return v
}
