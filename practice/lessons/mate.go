package lessons

import "azar/variants/chess"

// mateKey is a position (by Zobrist key) with a number of moves left.
type mateKey struct {
	hash uint64
	n    int
}

// mateSolver decides exactly whether the side to move mates within n
// moves against every defence: a full-width AND-OR search with no
// pruning that could miss a defence, memoised by position and moves left.
// It is meant for the lessons' short mates (n up to 3 or 4 in sparse
// endings); its cost grows with the branching factor to the power 2n.
type mateSolver struct {
	memo map[mateKey]bool
}

func newMateSolver() *mateSolver { return &mateSolver{memo: map[mateKey]bool{}} }

// mates reports whether the side to move in p mates within n moves. p is
// restored before it returns.
func (s *mateSolver) mates(p *chess.Position, n int) bool {
	if n <= 0 {
		return false
	}
	k := mateKey{p.Hash(), n}
	if v, ok := s.memo[k]; ok {
		return v
	}
	var l chess.MoveList
	p.GenerateLegal(&l)
	found := false
	for _, m := range l.Slice() {
		// With one move left only a check can mate.
		if n == 1 && !p.GivesCheck(m) {
			continue
		}
		p.Make(m)
		ok := s.lost(p, n-1)
		p.Unmake()
		if ok {
			found = true
			break
		}
	}
	s.memo[k] = found
	return found
}

// lost reports whether the side to move in p is mated now, or, with n
// moves left to the attacker, against every reply.
func (s *mateSolver) lost(p *chess.Position, n int) bool {
	var l chess.MoveList
	p.GenerateLegal(&l)
	if l.N == 0 {
		return p.InCheck()
	}
	if n <= 0 {
		return false
	}
	for _, m := range l.Slice() {
		p.Make(m)
		ok := s.mates(p, n)
		p.Unmake()
		if !ok {
			return false
		}
	}
	return true
}

// mateDistance is the least n up to limit for which the side to move in p
// mates within n moves, or 0 if there is none within limit.
func mateDistance(p *chess.Position, limit int) int {
	s := newMateSolver()
	for n := 1; n <= limit; n++ {
		if s.mates(p, n) {
			return n
		}
	}
	return 0
}
