package core

import (
	"azar/search"
	"azar/variants"
)

// star12 prunes a chance node, after Ballard's *-minimax (Star1 and
// Star2). In integer form: the outcomes have weights w_i summing to T,
// the node's value is round(S/T) with S = Σ w_i v_i, and each outcome
// keeps an interval [lo_i, hi_i] known to hold v_i, at first [Lower,
// Upper]. The node fails low as soon as Σ w_i hi_i ≤ αT and high as soon
// as Σ w_i lo_i ≥ βT: the bounds of the outcomes not yet searched are what
// lets the node stop early, and why the values must be bounded.
//
//  1. Probing (Star2), at a null window (α, α+1) (every chance node but
//     those of the principal variation, which need exact values and go
//     straight to step 3). Every outcome is tested with that window. The drawer acts next, so a good card stops at the first
//     action that beats α: Star2's probe, a quick lower bound from one
//     move. A card with no such action gives an upper bound instead.
//  2. Refinement. Let E = Σ w_i e_i, e_i the last bound found for outcome
//     i. If E ≤ αT the node is heading low: the slack αT - E is shared out
//     among the outcomes that have only a lower bound, and each is tested
//     (null window) at its lower bound plus its share; if all pass, the
//     upper bounds sum to at most αT and the node fails low. Symmetrically
//     when E ≥ βT. A few rounds at most.
//  3. Star1. What is still open is searched outcome by outcome with the
//     window its siblings' bounds leave: ax = (αT - Σ_{j≠i} w_j hi_j) / w_i
//     and bx = (βT - Σ_{j≠i} w_j lo_j) / w_i, narrowed to (lo_i-1, hi_i+1).
//     At or below ax the node fails low, at or above bx high; in between
//     the outcome's value is exact.
//
// All of it is exact: when nothing cuts, every outcome ends exact and the
// value is the sum plain expectimax computes, in the same order.
//
// drew is the depth rule of the outcomes: true for the chance node's own
// search (the draw paid for the end of the turn); ChanceProbCut passes
// false for its shallow test, where the end of the turn costs a ply.
func (s *searcher) star12(alpha, beta, depth, ply, total int, drew bool) (int, search.Bound) {
	n := len(s.outs[ply])
	lo, hi, est := s.lows[ply][:0], s.highs[ply][:0], s.est[ply][:0]
	for range n {
		lo, hi, est = append(lo, Lower), append(hi, Upper), append(est, 0)
	}
	s.lows[ply], s.highs[ply], s.est[ply] = lo, hi, est
	b := bounds{s: s, ply: ply, drew: drew, aT: alpha * total, bT: beta * total, sl: Lower * total, sh: Upper * total}
	if v, bd, ok := b.cut(total); ok {
		return v, bd
	}
	if s.cp.Probe && beta-alpha == 1 {
		if v, bd, done := b.probeAll(alpha, depth, total); done {
			return v, bd
		}
		return b.refineThenStar1(alpha, depth, total)
	}
	return b.star1(alpha, depth, total)
}

// probeAll tests every outcome with the null window at alpha (Star2's
// probes); done when the node is decided (or the search halted).
func (b *bounds) probeAll(alpha, depth, total int) (int, search.Bound, bool) {
	for i := range len(b.s.outs[b.ply]) {
		b.test(i, alpha, depth)
		if b.s.stop.halted {
			return 0, search.BoundNone, true
		}
		if v, bd, ok := b.cut(total); ok {
			return v, bd, true
		}
	}
	return 0, 0, false
}

// refineThenStar1 is star12's steps 2 and 3: the refinement rounds, then
// Star1 on every outcome still open.
func (b *bounds) refineThenStar1(alpha, depth, total int) (int, search.Bound) {
	s := b.s
	for round := 0; round < s.cp.Rounds; round++ {
		if !b.refine(depth) || s.stop.halted {
			break
		}
		if v, bd, ok := b.cut(total); ok {
			return v, bd
		}
	}
	if s.stop.halted {
		return 0, search.BoundNone
	}
	return b.star1(alpha, depth, total)
}

// bounds is the bookkeeping of one chance node: the sums of the outcomes'
// lower and upper bounds weighted, and the cut thresholds.
type bounds struct {
	s      *searcher
	ply    int
	drew   bool // the outcomes' depth rule (see star12)
	aT, bT int
	sl, sh int // Σ w_i lo_i, Σ w_i hi_i
}

func (b *bounds) w(i int) int { return b.s.outs[b.ply][i].Weight }

func (b *bounds) setLo(i, v int) {
	lo, hi := b.s.lows[b.ply], b.s.highs[b.ply]
	v = min(max(v, lo[i]), hi[i])
	b.sl += b.w(i) * (v - lo[i])
	lo[i] = v
}

func (b *bounds) setHi(i, v int) {
	lo, hi := b.s.lows[b.ply], b.s.highs[b.ply]
	v = max(min(v, hi[i]), lo[i])
	b.sh += b.w(i) * (v - hi[i])
	hi[i] = v
}

func (b *bounds) cut(total int) (int, search.Bound, bool) {
	switch {
	case b.sh <= b.aT:
		return roundDiv(b.sh, total), search.BoundUpper, true
	case b.sl >= b.bT:
		return roundDiv(b.sl, total), search.BoundLower, true
	}
	return 0, 0, false
}

// test searches outcome i with the null window (t, t+1) and records the
// bound it gives.
func (b *bounds) test(i, t, depth int) {
	s := b.s
	me := s.g.Side()
	s.g.Apply(s.outs[b.ply][i].Action)
	var v int
	if s.g.ToAct() == variants.NoPlayer {
		v = s.terminal(me, b.ply+1)
		b.setLo(i, v)
		b.setHi(i, v)
	} else {
		v = s.after(me, t, t+1, depth, b.ply+1, b.drew)
		if v <= t {
			b.setHi(i, v)
		} else {
			b.setLo(i, v)
		}
	}
	s.g.Undo()
	s.est[b.ply][i] = min(max(v, s.lows[b.ply][i]), s.highs[b.ply][i])
}

// refine runs one round of step 2; it reports whether it tested anything.
func (b *bounds) refine(depth int) bool {
	s := b.s
	ply := b.ply
	lo, hi, est := s.lows[ply], s.highs[ply], s.est[ply]
	e := 0
	for i := range est {
		e += b.w(i) * est[i]
	}
	var low bool
	switch {
	case e <= b.aT:
		low = true
	case e >= b.bT:
		low = false
	default:
		return false
	}
	// The outcomes still missing the bound that side needs.
	open := 0
	for i := range est {
		if lo[i] == hi[i] {
			continue
		}
		if (low && hi[i] > est[i]) || (!low && lo[i] < est[i]) {
			open += b.w(i)
		}
	}
	if open == 0 {
		return false
	}
	var share int
	if low {
		share = (b.aT - e) / open
	} else {
		share = (e - b.bT) / open
	}
	tested := false
	for i := range est {
		if lo[i] == hi[i] || (low && hi[i] <= est[i]) || (!low && lo[i] >= est[i]) {
			continue
		}
		if low {
			b.test(i, est[i]+share, depth)
		} else {
			b.test(i, est[i]-share-1, depth)
		}
		tested = true
		if s.stop.halted {
			return true
		}
	}
	return tested
}

// star1 is step 3. Heading low (the weight of the outcomes known to be at
// most α outweighs the rest), the outcomes above α go first, and vice
// versa: they move the sums most.
func (b *bounds) star1(alpha, depth, total int) (int, search.Bound) {
	s := b.s
	ply := b.ply
	me := s.g.Side()
	n := len(s.outs[ply])
	lo, hi := s.lows[ply], s.highs[ply]
	order := s.order[ply][:0]
	headLow := 0
	for i := range n {
		if hi[i] <= alpha {
			headLow += b.w(i)
		} else if lo[i] > alpha {
			headLow -= b.w(i)
		}
	}
	for pass := 0; pass < 2; pass++ {
		for i := range n {
			first := (headLow >= 0) == (hi[i] > alpha)
			if first == (pass == 0) {
				order = append(order, i)
			}
		}
	}
	s.order[ply] = order
	for k := range n {
		i := s.order[ply][k]
		li, hi := s.lows[ply][i], s.highs[ply][i]
		if li == hi {
			continue
		}
		w := b.w(i)
		ax := floorDiv(b.aT-(b.sh-w*hi), w)
		bx := ceilDiv(b.bT-(b.sl-w*li), w)
		A, B := max(ax, li-1), min(bx, hi+1)
		v := s.child(s.outs[ply][i].Action, me, A, B, depth, ply, b.drew)
		if s.stop.halted {
			return 0, search.BoundNone
		}
		switch {
		case v <= A:
			b.setHi(i, v)
		case v >= B:
			b.setLo(i, v)
		default:
			b.setLo(i, v)
			b.setHi(i, v)
		}
		if v, bd, ok := b.cut(total); ok {
			return v, bd
		}
		if s.lows[ply][i] != s.highs[ply][i] {
			// Only an inconsistent result (a table entry grafted from
			// another path) leaves an interval open here: close it.
			v := s.child(s.outs[ply][i].Action, me, Lower-1, Upper+1, depth, ply, b.drew)
			if s.stop.halted {
				return 0, search.BoundNone
			}
			w := b.w(i)
			b.sl += w * (v - s.lows[ply][i])
			b.sh += w * (v - s.highs[ply][i])
			s.lows[ply][i], s.highs[ply][i] = v, v
		}
	}
	sum := 0
	for i := range n {
		sum += b.w(i) * s.lows[ply][i]
	}
	return roundDiv(sum, total), search.BoundExact
}
