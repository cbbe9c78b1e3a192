package hidden

import (
	"context"
	"slices"
	"time"

	"azar/eval"
	"azar/search"
	"azar/variants"
	"azar/variants/chess"
	"azar/variants/spy"
)

const (
	maxPly   = search.MaxPly
	inf      = search.Infinity
	mateIn   = search.MateScore
	maxActs  = 320
	checkInt = 1024 // nodes between two looks at the clock
	hintMask = 1<<16 - 1
	// rootMargin: at the root of each world, actions are searched with
	// the window (best - rootMargin, +inf), so every action within the
	// margin of the world's best gets an exact score and the others an
	// upper bound at most rootMargin below it; verify makes the chosen
	// action's scores exact in every world.
	rootMargin = 60
)

// searcher is one search's alpha-beta over a determinized world.
type searcher struct {
	e        *Engine
	ctx      context.Context // cancelled by stop
	s        *spy.State
	ev       *eval.Evaluator
	rootSide chess.Color
	tm       search.TimeManager
	start    time.Time

	nodes uint64
	// nodeLimit is the node limit once the first depth is complete (0
	// before): `go nodes 1` answers from a whole depth 1.
	nodeLimit uint64
	seldepth  int
	aborted   bool

	bufs    [maxPly + 1][]variants.Action
	keys    [maxPly + 1][maxActs]int32
	killers [maxPly + 1][2]variants.Action
	history [2][64][64]int32
	// hints: the last good action per public position, shared by the
	// worlds (indexed by a hash; a wrong hint only costs ordering).
	hints [hintMask + 1]variants.Action
	pv    [maxPly + 1][maxPly + 1]variants.Action
	pvLen [maxPly + 1]int
}

// canReveal reports whether colour c's reveals are searched (and its
// unrevealed spy counted): not for the engine's own side under
// PolicyNever.
func (t *searcher) canReveal(c chess.Color) bool {
	return !(c == t.rootSide && t.e.opts.Policy == PolicyNever)
}

// revealsAt reports whether the side to move's reveals are searched at
// ply: canReveal, and for the engine's own side only up to RevealPlies.
func (t *searcher) revealsAt(ply int) bool {
	c := t.s.Side()
	return t.canReveal(c) && (c != t.rootSide || ply <= t.e.opts.RevealPlies)
}

// updatePV makes a, followed by the child's line, the line at ply.
func (t *searcher) updatePV(ply int, a variants.Action) {
	t.pv[ply][ply] = a
	copy(t.pv[ply][ply+1:], t.pv[ply+1][ply+1:t.pvLen[ply+1]])
	t.pvLen[ply] = t.pvLen[ply+1]
}

func (t *searcher) nodeLimitHit() bool {
	return t.nodeLimit > 0 && t.nodes >= t.nodeLimit
}

// stop reports whether the search must end now: at the node limit, and
// every checkInt nodes, when stopped or out of time.
func (t *searcher) stop() bool {
	if t.aborted {
		return true
	}
	if t.nodeLimitHit() {
		t.aborted = true
		return true
	}
	if t.nodes%checkInt != 0 {
		return false
	}
	if t.ctx.Err() != nil || (!t.e.pondering.Load() && t.tm.PastHard()) {
		t.aborted = true
	}
	return t.aborted
}

// searchWorld searches every root action of w to depth and, if the
// search was not stopped, stores their scores and lines in w.
func (t *searcher) searchWorld(w *world, roots []variants.Action, order []int, depth int) bool {
	t.s = w.st
	idx := slices.Clone(order)
	if w.depth > 0 {
		slices.SortStableFunc(idx, func(a, b int) int { return w.scores[b] - w.scores[a] })
	}
	scores := make([]int, len(roots))
	exact := make([]bool, len(roots))
	pvs := make([][]variants.Action, len(roots))
	legal := t.s.Legal(nil)
	best := -inf
	for n, i := range idx {
		a := roots[i]
		if !slices.Contains(legal, a) {
			// Cannot happen for a seat's own actions, which do not depend
			// on the opponent's card; scored as a loss to be safe.
			scores[i] = -mateIn
			continue
		}
		alpha := -inf
		if n > 0 && best > -inf+rootMargin {
			alpha = best - rootMargin
		}
		t.nodes++
		t.s.ApplyTrusted(a)
		v := -t.negamax(-inf, -alpha, depth-1, 1)
		t.s.Undo()
		if t.aborted {
			return false
		}
		scores[i], exact[i] = v, v > alpha
		pvs[i] = append([]variants.Action{a}, t.pv[1][1:t.pvLen[1]]...)
		best = max(best, v)
	}
	w.scores, w.exact, w.pvs, w.depth = scores, exact, pvs, depth
	return true
}

// verify makes sure the action chosen at depth has an exact score in
// every world: while the best action by aggregate has an upper bound in
// some world, it is searched there again with a full window, and the
// aggregate is recomputed. It reports false if the search was stopped.
func (t *searcher) verify(worlds []*world, roots []variants.Action, depth int) bool {
	for range roots {
		agg := aggregate(worlds, roots)
		if len(agg) == 0 {
			return true
		}
		i := slices.Index(roots, agg[0].Action)
		done := true
		for _, w := range worlds {
			if w.depth != depth || w.exact[i] {
				continue
			}
			done = false
			t.s = w.st
			t.nodes++
			t.s.ApplyTrusted(roots[i])
			v := -t.negamax(-inf, inf, depth-1, 1)
			t.s.Undo()
			if t.aborted {
				return false
			}
			w.scores[i], w.exact[i] = v, true
			w.pvs[i] = append([]variants.Action{roots[i]}, t.pv[1][1:t.pvLen[1]]...)
		}
		if done {
			return true
		}
	}
	return true
}

// terminal is the score of a finished game for the side to move.
func (t *searcher) terminal(ply int) int {
	_, scores, _ := t.s.Result()
	if len(scores) < 2 {
		return 0
	}
	switch scores[t.s.Side()] {
	case 0:
		return -mateIn + ply
	case 1:
		return mateIn - ply
	}
	return 0
}

// legal lists the side to move's legal actions at ply, without the
// reveals its policy or RevealPlies leaves out.
func (t *searcher) legal(ply int) []variants.Action {
	acts := t.s.Legal(t.bufs[ply][:0])
	t.bufs[ply] = acts[:0]
	if !t.revealsAt(ply) {
		return dropReveals(acts)
	}
	return acts
}

// dropReveals removes the reveals from acts (in place) unless nothing else
// would be left.
func dropReveals(acts []variants.Action) []variants.Action {
	isReveal := func(a variants.Action) bool { _, ok := spy.IsReveal(a); return ok }
	if !slices.ContainsFunc(acts, func(a variants.Action) bool { return !isReveal(a) }) {
		return acts
	}
	return slices.DeleteFunc(acts, isReveal)
}

func (t *searcher) negamax(alpha, beta, depth, ply int) int {
	t.pvLen[ply] = ply
	if t.stop() {
		return 0
	}
	s := t.s
	if ply > t.seldepth {
		t.seldepth = ply
	}
	// A claimed draw (spy.ClaimAction) is over with nothing to search; a
	// repetition is scored as the draw it can be made.
	if s.DrawClaimed() || s.RepetitionCount() >= 2 {
		return 0
	}
	if ply >= maxPly-2 {
		return t.evaluate()
	}
	inCheck := s.InCheck()
	if inCheck && ply < 2*len(t.bufs)/3 {
		depth++
	}
	if depth <= 0 {
		return t.qsearch(alpha, beta, ply, 0)
	}
	t.nodes++

	key := s.WorldKey()
	// The best action found in another world for the same public
	// position (and own spy) orders this world's search.
	hintKey := s.Key() ^ uint64(s.SpySquare(t.rootSide))<<58
	ttAct := t.hints[hintKey&hintMask]
	if e, ok := t.e.tt.Probe(key); ok {
		if e.Action != 0 {
			ttAct = e.Action
		}
		if int(e.Depth) >= depth {
			v := scoreFromTT(int(e.Value), ply)
			switch {
			case e.Bound == search.BoundExact,
				e.Bound == search.BoundLower && v >= beta,
				e.Bound == search.BoundUpper && v <= alpha:
				return v
			}
		}
	}
	acts := t.legal(ply)
	if len(acts) == 0 {
		if over, _, _ := s.Result(); over {
			return t.terminal(ply)
		}
		return 0
	}

	// Pruning at non-PV nodes, not in check: reverse futility (the static
	// score beats beta by a depth-scaled margin) and null move (passing
	// still beats beta).
	if !inCheck && beta-alpha == 1 && abs(beta) < search.MateBound {
		stand := t.evaluate()
		if depth <= 3 && stand-120*depth >= beta {
			return stand
		}
		if depth >= 3 && stand >= beta && t.hasPieces() {
			r := 2 + depth/4
			s.ApplyTrusted(spy.PassAction)
			v := -t.negamax(-beta, -beta+1, depth-1-r, ply+1)
			s.Undo()
			if t.aborted {
				return 0
			}
			if v >= beta && v < search.MateBound {
				return v
			}
		}
	}

	t.orderActions(acts, ply, ttAct)
	origAlpha := alpha
	best, bestAct := -inf, variants.Action(0)
	for n := range acts {
		a := t.pick(acts, ply, n)
		quiet := t.quiet(a)
		t.s.ApplyTrusted(a)
		var v int
		if n == 0 {
			v = -t.negamax(-beta, -alpha, depth-1, ply+1)
		} else {
			r := 0
			if quiet && depth >= 3 && n >= 3 && !inCheck && a != t.killers[ply][0] && a != t.killers[ply][1] {
				r = 1
				if n >= 8 && depth >= 5 {
					r = 2
				}
			}
			v = -t.negamax(-alpha-1, -alpha, depth-1-r, ply+1)
			if v > alpha && r > 0 {
				v = -t.negamax(-alpha-1, -alpha, depth-1, ply+1)
			}
			if v > alpha && v < beta {
				v = -t.negamax(-beta, -alpha, depth-1, ply+1)
			}
		}
		t.s.Undo()
		if t.aborted {
			return 0
		}
		if v > best {
			best, bestAct = v, a
			if v > alpha {
				alpha = v
				t.updatePV(ply, a)
				if v >= beta {
					if quiet {
						t.rewardQuiet(a, depth, ply)
					}
					break
				}
			}
		}
	}
	bound := search.BoundUpper
	switch {
	case best >= beta:
		bound = search.BoundLower
	case best > origAlpha:
		bound = search.BoundExact
	}
	t.e.tt.Store(key, bestAct, scoreToTT(best, ply), depth, bound)
	if bestAct != 0 && bound != search.BoundUpper {
		t.hints[hintKey&hintMask] = bestAct
	}
	return best
}

// qsearch resolves captures, promotions and reveals (every action when in
// check) before the static evaluation is trusted.
func (t *searcher) qsearch(alpha, beta, ply, qply int) int {
	t.pvLen[ply] = ply
	t.nodes++
	if t.stop() {
		return 0
	}
	if ply > t.seldepth {
		t.seldepth = ply
	}
	s := t.s
	if s.DrawClaimed() {
		return 0 // the claim of an evasion list (in check)
	}
	inCheck := s.InCheck()
	var acts []variants.Action
	best := -inf
	if inCheck {
		acts = t.legal(ply)
		if len(acts) == 0 {
			if over, _, _ := s.Result(); over {
				return t.terminal(ply)
			}
			return 0
		}
	} else {
		best = t.evaluate()
		if best >= beta || ply >= maxPly-2 {
			return best
		}
		alpha = max(alpha, best)
		acts = s.Noisy(t.bufs[ply][:0])
		t.bufs[ply] = acts[:0]
		if qply > 0 || !t.revealsAt(ply) {
			// Reveals only at the quiescence search's first ply.
			acts = slices.DeleteFunc(acts, func(a variants.Action) bool { _, ok := spy.IsReveal(a); return ok })
		}
	}
	if ply >= maxPly-2 {
		return t.evaluate()
	}
	t.orderActions(acts, ply, 0)
	for n := range acts {
		a := t.pick(acts, ply, n)
		if !inCheck && t.futile(a, best, alpha) {
			continue
		}
		t.s.ApplyTrusted(a)
		v := -t.qsearch(-beta, -alpha, ply+1, qply+1)
		t.s.Undo()
		if t.aborted {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				t.updatePV(ply, a)
				if v >= beta {
					break
				}
			}
		}
	}
	return best
}

// futile reports whether the capture a can be skipped in the quiescence
// search: it loses material in the static exchange, or even winning it
// (plus a margin) would not reach alpha.
func (t *searcher) futile(a variants.Action, stand, alpha int) bool {
	if _, ok := spy.ActionMove(a); !ok {
		return false // a reveal (the claim is no noisy action)
	}
	see := t.s.SEE(a)
	return see < 0 || stand+see+200 <= alpha
}

// hasPieces reports whether the side to move has a piece other than
// pawns and the king (null-move pruning is unsafe in pawn endings).
func (t *searcher) hasPieces() bool {
	p := t.s.Position()
	us := t.s.Side()
	return p.ColorBB(us)&^(p.Pieces(us, chess.Pawn)|p.Pieces(us, chess.King)) != 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// quiet reports whether a is a quiet move (no capture, promotion or
// reveal) in the current position.
func (t *searcher) quiet(a variants.Action) bool {
	m, ok := spy.ActionMove(a)
	return ok && m.Kind() != chess.KindPromotion && !t.s.IsCapture(a)
}

// orderValue is the ordering value of a piece type: the nominal one
// (chess.PieceValue) and the king at 2000, so that of the captures of one
// victim the king's comes last. Built once, then only read.
var orderValue = func() (v [7]int32) {
	for t := chess.Pawn; t <= chess.King; t++ {
		v[t] = int32(chess.PieceValue(t))
	}
	v[chess.King] = 2000
	return v
}()

// orderActions scores acts for picking: the hash action, reveals, captures
// by most valuable victim and least valuable attacker, promotions, the
// killers, then quiet moves by history.
func (t *searcher) orderActions(acts []variants.Action, ply int, ttAct variants.Action) {
	p := t.s.Position()
	side := t.s.Side()
	keys := &t.keys[ply]
	for i, a := range acts {
		var k int32
		m, isMove := spy.ActionMove(a)
		switch {
		case a == ttAct:
			k = 1 << 30
		case !isMove:
			k = 1 << 29 // a reveal, or the claim: a draw bound at once
		case t.s.IsCapture(a):
			victim := int32(100)
			if pc := p.At(m.To()); pc != chess.NoPiece {
				victim = orderValue[pc.Type()]
			}
			k = 1<<28 + victim*16 - orderValue[p.At(m.From()).Type()]/16
			if m.Kind() == chess.KindPromotion {
				k += orderValue[m.Promotion()]
			}
			if t.s.SEE(a) < 0 {
				k -= 1<<28 + 1<<27 // losing captures after the quiet moves' best
			}
		case m.Kind() == chess.KindPromotion:
			k = 1<<28 + orderValue[m.Promotion()] - 1000
		case a == t.killers[ply][0]:
			k = 1 << 27
		case a == t.killers[ply][1]:
			k = 1<<27 - 1
		default:
			k = t.history[side][m.From()][m.To()]
		}
		keys[i] = k
	}
}

// pick moves the best-keyed remaining action to position n and returns it.
func (t *searcher) pick(acts []variants.Action, ply, n int) variants.Action {
	keys := &t.keys[ply]
	b := n
	for i := n + 1; i < len(acts); i++ {
		if keys[i] > keys[b] {
			b = i
		}
	}
	acts[n], acts[b] = acts[b], acts[n]
	keys[n], keys[b] = keys[b], keys[n]
	return acts[n]
}

func (t *searcher) rewardQuiet(a variants.Action, depth, ply int) {
	if t.killers[ply][0] != a {
		t.killers[ply][1] = t.killers[ply][0]
		t.killers[ply][0] = a
	}
	m, _ := spy.ActionMove(a)
	h := &t.history[t.s.Side()][m.From()][m.To()]
	*h += int32(depth * depth)
	if *h > 1<<20 {
		for c := range t.history {
			for f := range t.history[c] {
				for to := range t.history[c][f] {
					t.history[c][f][to] /= 2
				}
			}
		}
	}
}
