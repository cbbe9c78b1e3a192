package core

import "azar/search"

// ChancePolicy is how chance nodes are searched.
type ChancePolicy struct {
	// Star turns Star1/Star2 on; off, chance nodes are plain expectimax
	// over full windows (for measurements).
	Star bool
	// Probe is Star2's probing pass (with Star).
	Probe bool
	// Rounds is the number of refinement rounds after the probes.
	Rounds int
	// DrawCost is the depth the action leading to a chance node costs.
	DrawCost int
	// ProbCut is ChanceProbCut (probcut.go), with Star.
	ProbCut ProbCut
}

// DefaultChancePolicy is Star1/Star2 with probing, three refinement
// rounds, DefaultDrawCost, and no ChanceProbCut.
func DefaultChancePolicy() ChancePolicy {
	return ChancePolicy{Star: true, Probe: true, Rounds: 3, DrawCost: DefaultDrawCost}
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
func (s *searcher) chanceNode(alpha, beta, depth, ply int) int {
	if s.tick() {
		return 0
	}
	s.seldep = max(s.seldep, ply)
	if depth <= 0 || ply >= MaxPly {
		return s.evaluate(EvalChance)
	}
	me := s.g.Side()
	key := s.g.Key()
	if s.tt != nil {
		if e, ok := s.tt.Probe(key); ok && int(e.Depth) >= depth && e.cuts(alpha, beta) {
			return int(e.Value)
		}
	}
	outs := s.chance.Chances(s.outs[ply][:0])
	s.outs[ply] = outs
	total := 0
	for _, o := range outs {
		total += o.Weight
	}
	var v int
	var b search.Bound
	if !s.cp.Star {
		sum := 0
		for i := range outs {
			x := s.child(s.outs[ply][i].Action, me, Lower-1, Upper+1, depth, ply, true)
			if s.stop.halted {
				return 0
			}
			sum += s.outs[ply][i].Weight * x
		}
		v, b = roundDiv(sum, total), search.BoundExact
	} else {
		var done bool
		if s.cp.ProbCut.On {
			v, b, done = s.chanceProbCut(alpha, beta, depth, ply, total)
		}
		if !done && !s.stop.halted {
			v, b = s.star12(alpha, beta, depth, ply, total, true)
		}
		if s.stop.halted {
			return 0
		}
	}
	if s.tt != nil {
		s.tt.Store(key, 0, v, depth, b)
	}
	return v
}
