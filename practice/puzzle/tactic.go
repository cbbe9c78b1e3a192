package puzzle

import (
	"azar/variants/chess"
)

// The material measure of tactics uses fixed textbook values, not the
// tuned evaluation's, so that retuning eval never changes which puzzles
// are valid.
var material = [7]int{0, 100, 300, 300, 500, 900, 0}

// Tactic thresholds of the material measure (docs/puzzles.md): the first
// move must win at least MinGain over the position's quiescence value and
// every other first move must keep at least Margin less. The measure only
// finds the shapes that win material; whether such a line is a true
// puzzle, and what `check` accepts, is the deep search's (deep.go).
const (
	TacticDepth = 3 // full-width plies after the move being valued, then captures
	MinGain     = 300
	Margin      = 200
	mateValue   = 100000
	maxQPly     = 40
)

// materialSearch is a small alpha-beta over material only: full width to a
// fixed depth, then captures and queen promotions (all evasions in check).
// It is deterministic and independent of the engine's search and eval.
type materialSearch struct {
	pos   *chess.Position
	lists [TacticDepth + maxQPly + 4]chess.MoveList
	nodes uint64
}

func newMaterialSearch(pos *chess.Position) *materialSearch {
	return &materialSearch{pos: pos.Clone()}
}

// balance is the material of the side to move minus the other side's.
func (s *materialSearch) balance() int {
	us, them := s.pos.Side(), s.pos.Side().Other()
	v := 0
	for t := chess.Pawn; t <= chess.Queen; t++ {
		v += material[t] * (s.pos.Pieces(us, t).Count() - s.pos.Pieces(them, t).Count())
	}
	return v
}

// gain is the nominal material a move takes (with a promotion's profit),
// used for ordering: most valuable victim first, then least valuable
// attacker.
func (s *materialSearch) gain(m chess.Move) int {
	switch m.Kind() {
	case chess.KindEnPassant:
		return material[chess.Pawn] * 16
	case chess.KindCastle:
		return 0
	}
	v := material[s.pos.At(m.To()).Type()] * 16
	if m.Kind() == chess.KindPromotion {
		v += (material[m.Promotion()] - material[chess.Pawn]) * 16
	}
	if v > 0 {
		v -= material[s.pos.At(m.From()).Type()] / 100
	}
	return v
}

func (s *materialSearch) order(l *chess.MoveList) {
	var keys [256]int
	for i := 0; i < l.N; i++ {
		keys[i] = s.gain(l.Moves[i])
	}
	// insertion sort, stable: equal keys keep generation order, so every
	// run visits the same tree.
	for i := 1; i < l.N; i++ {
		m, k := l.Moves[i], keys[i]
		j := i - 1
		for ; j >= 0 && keys[j] < k; j-- {
			l.Moves[j+1], keys[j+1] = l.Moves[j], keys[j]
		}
		l.Moves[j+1], keys[j+1] = m, k
	}
}

func (s *materialSearch) search(alpha, beta, depth, ply int) int {
	s.nodes++
	if depth <= 0 {
		return s.quiesce(alpha, beta, ply)
	}
	l := &s.lists[ply]
	s.pos.GenerateLegal(l)
	if l.N == 0 {
		if s.pos.InCheck() {
			return -mateValue + ply
		}
		return 0
	}
	s.order(l)
	best := -mateValue - 1
	for i := 0; i < l.N; i++ {
		s.pos.Make(l.Moves[i])
		v := -s.search(-beta, -alpha, depth-1, ply+1)
		s.pos.Unmake()
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
	return best
}

func (s *materialSearch) quiesce(alpha, beta, ply int) int {
	s.nodes++
	inCheck := s.pos.InCheck()
	best := -mateValue - 1
	if !inCheck {
		best = s.balance()
		if best >= beta || ply >= len(s.lists)-1 {
			return best
		}
		alpha = max(alpha, best)
	}
	l := &s.lists[ply]
	if inCheck {
		s.pos.GenerateLegal(l)
		if l.N == 0 {
			return -mateValue + ply
		}
		if ply >= len(s.lists)-1 {
			return s.balance()
		}
	} else {
		s.pos.Generate(l, chess.GenNoisy)
	}
	s.order(l)
	for i := 0; i < l.N; i++ {
		s.pos.Make(l.Moves[i])
		v := -s.quiesce(-beta, -alpha, ply+1)
		s.pos.Unmake()
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
	return best
}

// value is the material balance, for the side to move in s.pos, that move
// m keeps after TacticDepth more plies and the captures, searched in the
// window (alpha, beta).
func (s *materialSearch) value(m chess.Move, alpha, beta int) int {
	s.pos.Make(m)
	v := -s.search(-beta, -alpha, TacticDepth, 1)
	s.pos.Unmake()
	return v
}

// MoveValue is the material balance, from the mover's side, that m keeps
// in pos by the tactic measure (exact, not a bound).
func MoveValue(pos *chess.Position, m chess.Move) int {
	return newMaterialSearch(pos).value(m, -mateValue-1, mateValue+1)
}

// BestValue is the best MoveValue over pos's legal moves, with its move
// (the first in generation order among equals). ok is false when pos has
// no legal move.
func BestValue(pos *chess.Position) (best chess.Move, v int, ok bool) {
	s := newMaterialSearch(pos)
	var l chess.MoveList
	s.pos.GenerateLegal(&l)
	if l.N == 0 {
		return chess.NoMove, 0, false
	}
	v = -mateValue - 1
	for _, m := range l.Slice() {
		if x := s.value(m, v, mateValue+1); x > v {
			best, v = m, x
		}
	}
	return best, v, true
}

// QuietValue is the quiescence value of pos for the side to move: what it
// has before any tactic, with the captures already on the board.
func QuietValue(pos *chess.Position) int {
	s := newMaterialSearch(pos)
	return s.quiesce(-mateValue-1, mateValue+1, 0)
}

// TacticProof is what VerifyTactic found.
type TacticProof struct {
	Move     chess.Move // the only first move that wins the material
	Base     int        // QuietValue of the position
	Value    int        // MoveValue of Move
	Runnerup int        // an upper bound on every other first move's value
}

// VerifyTactic reports whether pos holds a tactic by the project's
// definition: one first move keeps at least MinGain more material than
// the quiescence value, no first move leads to a mate within the search,
// and every other first move keeps at least Margin less than it.
func VerifyTactic(pos *chess.Position) (TacticProof, bool) {
	var pf TacticProof
	best, v, ok := BestValue(pos)
	if !ok || v >= mateValue-100 || v <= -mateValue+100 {
		return pf, false
	}
	pf.Move, pf.Value = best, v
	pf.Base = QuietValue(pos)
	if pf.Base <= -mateValue+100 || v-pf.Base < MinGain {
		return pf, false
	}
	s := newMaterialSearch(pos)
	var l chess.MoveList
	s.pos.GenerateLegal(&l)
	limit := v - Margin // every alternative must be at most this
	pf.Runnerup = -mateValue
	for _, m := range l.Slice() {
		if m == best {
			continue
		}
		x := s.value(m, limit, limit+1)
		if x > limit {
			return pf, false
		}
		pf.Runnerup = max(pf.Runnerup, x)
	}
	return pf, true
}
