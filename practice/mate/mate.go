// Package mate is the exact mate prover of the practice tools: the daily
// puzzle (practice/puzzle) and the lessons' tasks (practice/lessons) ask
// it whether a side forces mate in n moves, with which first moves, and
// how the defender holds out longest. It is a full-width AND-OR search
// with a memo and nothing that could miss a defence, so its answers are
// proofs; its cost grows with the branching factor to the power 2n, which
// is why it is asked about short mates and sparse endings only.
//
// It knows the rules (variants/chess) and nothing of puzzles, lessons,
// engines or text.
package mate

import "azar/variants/chess"

// MaxMoves is the longest mate, in the attacker's moves, the prover is
// asked about: the puzzles go to 3, the lessons' endings to 6.
const MaxMoves = 8

// prover answers "does the side to move force mate in at most n moves?"
// exactly: every legal move of the attacker is an OR branch, every legal
// defence an AND branch. Stalemate and automatic draws by insufficient
// material are escapes. The fifty-move rule and repetition are not
// modelled: a puzzle starts from a FEN with no history, and the generator
// refuses positions whose half-move clock is near 100.
type prover struct {
	pos    *chess.Position
	lists  [2*MaxMoves + 2]chess.MoveList
	killer [2*MaxMoves + 2]chess.Move
	memo   map[proofKey]bool
}

type proofKey struct {
	hash     uint64
	n        int8
	defender bool
}

func newProver(pos *chess.Position) *prover {
	return &prover{pos: pos.Clone(), memo: make(map[proofKey]bool)}
}

// In reports whether the side to move in pos forces checkmate in at most
// n of its moves (1 to MaxMoves) against every defence. pos is not
// modified.
func In(pos *chess.Position, n int) bool {
	if n < 1 || n > MaxMoves {
		return false
	}
	return newProver(pos).mates(n, 0)
}

// Length returns the smallest n ≤ limit (at most MaxMoves) such that the
// side to move forces mate in n, having proved that no shorter mate
// exists; ok is false when there is no mate in limit or fewer.
func Length(pos *chess.Position, limit int) (n int, ok bool) {
	pr := newProver(pos)
	for n = 1; n <= min(limit, MaxMoves); n++ {
		if pr.mates(n, 0) {
			return n, true
		}
	}
	return 0, false
}

// Moves lists every first move of the side to move that forces mate in
// at most n, in generation order.
func Moves(pos *chess.Position, n int) []chess.Move {
	if n < 1 || n > MaxMoves {
		return nil
	}
	pr := newProver(pos)
	var l chess.MoveList
	pr.pos.GenerateLegal(&l)
	var out []chess.Move
	for _, m := range l.Slice() {
		if pr.moveMates(m, n) {
			out = append(out, m)
		}
	}
	return out
}

// MoveMates reports whether the move m of the side to move in pos forces
// mate in at most n moves counting m itself (1 to MaxMoves).
func MoveMates(pos *chess.Position, m chess.Move, n int) bool {
	if n < 1 || n > MaxMoves {
		return false
	}
	return newProver(pos).moveMates(m, n)
}

// Lost reports whether the side to move in pos is checkmated now or, with
// n more moves (0 to MaxMoves) to the attacker, against every defence.
func Lost(pos *chess.Position, n int) bool {
	if n < 0 || n > MaxMoves {
		return false
	}
	return newProver(pos).defenderLost(n, 0)
}

// moveMates reports whether the attacker's move m forces mate in at most
// n moves counting m itself.
func (pr *prover) moveMates(m chess.Move, n int) bool {
	if n == 1 && !pr.pos.GivesCheck(m) {
		return false
	}
	pr.pos.Make(m)
	ok := pr.defenderLost(n-1, 1)
	pr.pos.Unmake()
	return ok
}

// mates: the attacker is to move and mates in at most n.
func (pr *prover) mates(n, ply int) bool {
	if n <= 0 {
		return false
	}
	key := proofKey{hash: pr.pos.Hash(), n: int8(n)}
	if v, ok := pr.memo[key]; ok {
		return v
	}
	l := &pr.lists[ply]
	pr.pos.GenerateLegal(l)
	found := false
	// Checks first: they are the only candidates for the last move and
	// the likeliest elsewhere, so a true answer comes early.
	for pass := 0; pass < 2 && !found; pass++ {
		if pass == 1 && n == 1 {
			break
		}
		for i := 0; i < l.N; i++ {
			m := l.Moves[i]
			if pr.pos.GivesCheck(m) != (pass == 0) {
				continue
			}
			pr.pos.Make(m)
			ok := pr.defenderLost(n-1, ply+1)
			pr.pos.Unmake()
			if ok {
				found = true
				break
			}
		}
	}
	pr.memo[key] = found
	return found
}

// defenderLost: the defender is to move; true when it is checkmated now or
// every defence leads to a mate in at most k more attacker moves.
func (pr *prover) defenderLost(k, ply int) bool {
	if k == 0 {
		return pr.pos.InCheck() && pr.pos.CountLegal() == 0
	}
	key := proofKey{hash: pr.pos.Hash(), n: int8(k), defender: true}
	if v, ok := pr.memo[key]; ok {
		return v
	}
	l := &pr.lists[ply]
	pr.pos.GenerateLegal(l)
	var lost bool
	switch {
	case l.N == 0:
		lost = pr.pos.InCheck()
	case pr.pos.InsufficientMaterial(false):
		lost = false
	default:
		lost = true
		// The defence that refuted a sibling is tried first: one escape
		// is enough to answer false.
		if km := pr.killer[ply]; km != chess.NoMove {
			for i := 1; i < l.N; i++ {
				if l.Moves[i] == km {
					l.Moves[0], l.Moves[i] = l.Moves[i], l.Moves[0]
					break
				}
			}
		}
		for i := 0; i < l.N; i++ {
			d := l.Moves[i]
			pr.pos.Make(d)
			ok := pr.mates(k, ply+1)
			pr.pos.Unmake()
			if !ok {
				pr.killer[ply] = d
				lost = false
				break
			}
		}
	}
	pr.memo[key] = lost
	return lost
}

// Escape finds, after the attacker's move m in pos, a defence after which
// there is no mate in n-1 more moves. It returns NoMove with stalemate set
// when the defender has no move and is not in check, and NoMove with
// stalemate unset when m does force mate in n.
func Escape(pos *chess.Position, m chess.Move, n int) (defence chess.Move, stalemate bool) {
	pr := newProver(pos)
	pr.pos.Make(m)
	var l chess.MoveList
	pr.pos.GenerateLegal(&l)
	if l.N == 0 {
		return chess.NoMove, !pr.pos.InCheck()
	}
	for _, d := range l.Slice() {
		pr.pos.Make(d)
		ok := n > 1 && !pr.pos.InsufficientMaterial(false) && pr.mates(n-1, 2)
		pr.pos.Unmake()
		if !ok {
			return d, false
		}
	}
	return chess.NoMove, false
}

// LongestDefence returns the defence in pos (defender to move) that puts
// off the mate longest, with the number of attacker moves the mate still
// needs after it (0 when no mate within limit follows). Ties go to the
// first in generation order.
func LongestDefence(pos *chess.Position, limit int) (chess.Move, int) {
	pr := newProver(pos)
	var l chess.MoveList
	pr.pos.GenerateLegal(&l)
	best, bestN := chess.NoMove, -1
	for _, d := range l.Slice() {
		pr.pos.Make(d)
		n := 0
		for k := 1; k <= min(limit, MaxMoves); k++ {
			if pr.mates(k, 1) {
				n = k
				break
			}
		}
		pr.pos.Unmake()
		if n == 0 {
			return d, 0
		}
		if n > bestN {
			best, bestN = d, n
		}
	}
	return best, bestN
}
