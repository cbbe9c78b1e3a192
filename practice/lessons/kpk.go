package lessons

import (
	"math"

	"azar/variants/chess"
)

// The exact solution of king and pawn against king, for the lessons'
// claims and checks. It is solved afresh for each question, over the
// positions reachable from the one asked about (the pawn only goes
// forward, so that is at most a few tens of thousands), by value
// iteration of the distance to a safe promotion: a few milliseconds, no
// table kept between calls.
//
// Squares are normalised so that the pawn's side is "strong" and its pawn
// moves up the board (a black pawn's squares are mirrored rank-wise).

const kpkInf = math.MaxInt32

// Terminal children of a move: a promotion that wins, and one that does
// not or a capture of the pawn (a draw).
const (
	kpkWin  = -1
	kpkDraw = -2
)

// kpkState packs side to move (0 strong, 1 weak), the strong king, the
// weak king and the pawn.
type kpkState int32

func packKPK(stm int, sk, wk, ps chess.Square) kpkState {
	return kpkState(stm<<18 | int(sk)<<12 | int(wk)<<6 | int(ps))
}

func (s kpkState) unpack() (stm int, sk, wk, ps chess.Square) {
	return int(s >> 18), chess.Square(s >> 12 & 63), chess.Square(s >> 6 & 63), chess.Square(s & 63)
}

// kpkRoot normalises p, which must have two kings and one pawn and
// nothing else. strong is the pawn's colour.
func kpkRoot(p *chess.Position) (root kpkState, strong chess.Color, ok bool) {
	if p.Occupied().Count() != 3 || p.Type(chess.Pawn).Count() != 1 || p.Type(chess.King).Count() != 2 {
		return 0, 0, false
	}
	pawn := p.Type(chess.Pawn).LSB()
	strong = p.At(pawn).Color()
	norm := func(s chess.Square) chess.Square {
		if strong == chess.Black {
			return s ^ 56
		}
		return s
	}
	stm := 0
	if p.Side() != strong {
		stm = 1
	}
	return packKPK(stm, norm(p.KingSquare(strong)), norm(p.KingSquare(strong.Other())), norm(pawn)), strong, true
}

// kpkChildren lists the moves of s as states or terminals.
func kpkChildren(s kpkState, out []kpkState) []kpkState {
	stm, sk, wk, ps := s.unpack()
	out = out[:0]
	if stm == 0 {
		for b := chess.KingAttacks(sk) &^ chess.KingAttacks(wk) &^ ps.Bit(); b != 0; {
			out = append(out, packKPK(1, b.PopLSB(), wk, ps))
		}
		to := ps + 8
		if to != sk && to != wk {
			if to.Rank() == 7 {
				if kpkPromotionWins(sk, wk, to) {
					out = append(out, kpkWin)
				} else {
					out = append(out, kpkDraw)
				}
			} else {
				out = append(out, packKPK(1, sk, wk, to))
				if two := to + 8; ps.Rank() == 1 && two != sk && two != wk {
					out = append(out, packKPK(1, sk, wk, two))
				}
			}
		}
		return out
	}
	for b := chess.KingAttacks(wk) &^ chess.KingAttacks(sk) &^ chess.PawnAttacks(chess.White, ps); b != 0; {
		t := b.PopLSB()
		if t == ps {
			out = append(out, kpkDraw)
		} else {
			out = append(out, packKPK(0, sk, t, ps))
		}
	}
	return out
}

// kpkPromotionWins reports whether promoting on q (weak side to move
// next) wins: a queen or a rook that cannot be taken and does not
// stalemate wins, since king and queen or king and rook against king is
// then always a win.
func kpkPromotionWins(sk, wk, q chess.Square) bool {
	occ := sk.Bit() | wk.Bit() | q.Bit()
	guarded := chess.KingAttacks(sk).Has(q)
	for _, pt := range []chess.PieceType{chess.Queen, chess.Rook} {
		if chess.KingAttacks(wk).Has(q) && !guarded {
			return false // taken at once, whatever it is
		}
		var att chess.Bitboard
		if pt == chess.Queen {
			att = chess.QueenAttacks(q, occ&^wk.Bit())
		} else {
			att = chess.RookAttacks(q, occ&^wk.Bit())
		}
		escapes := chess.KingAttacks(wk) &^ chess.KingAttacks(sk) &^ att &^ q.Bit()
		if escapes != 0 || att.Has(wk) {
			return true
		}
	}
	return false
}

// kpkSolve returns whether the strong side wins from root and, if so, in
// how many plies it makes a safe promotion (the promoting move included).
func kpkSolve(root kpkState) (win bool, plies int) {
	// id maps a state to its index in states, plus one (0: not seen).
	id := make([]int32, 1<<19)
	id[root] = 1
	states := []kpkState{root}
	var kids [][]int32
	var buf []kpkState
	for i := 0; i < len(states); i++ {
		buf = kpkChildren(states[i], buf)
		ks := make([]int32, len(buf))
		for j, c := range buf {
			if c < 0 {
				ks[j] = int32(c)
				continue
			}
			if id[c] == 0 {
				states = append(states, c)
				id[c] = int32(len(states))
			}
			ks[j] = id[c] - 1
		}
		kids = append(kids, ks)
	}
	dist := make([]int, len(states))
	for i := range dist {
		dist[i] = kpkInf
	}
	childDist := func(c int32) int {
		switch c {
		case kpkWin:
			return 0
		case kpkDraw:
			return kpkInf
		}
		return dist[c]
	}
	for changed := true; changed; {
		changed = false
		for i := len(states) - 1; i >= 0; i-- {
			stm, _, wk, ps := states[i].unpack()
			d := kpkInf
			switch {
			case stm == 0:
				for _, c := range kids[i] {
					if cd := childDist(c); cd < kpkInf {
						d = min(d, cd+1)
					}
				}
			case len(kids[i]) == 0:
				if chess.PawnAttacks(chess.White, ps).Has(wk) {
					d = 0 // mated by the pawn
				}
			default:
				d = 0
				for _, c := range kids[i] {
					cd := childDist(c)
					if cd == kpkInf {
						d = kpkInf
						break
					}
					d = max(d, cd+1)
				}
			}
			if d < dist[i] {
				dist[i] = d
				changed = true
			}
		}
	}
	return dist[0] < kpkInf, dist[0]
}

// kpkResult is the exact result of a king-and-pawn-against-king position:
// whether the pawn's side (strong) wins, and in how many plies it
// promotes safely. ok is false for any other material.
func kpkResult(p *chess.Position) (strong chess.Color, win bool, plies int, ok bool) {
	root, strong, ok := kpkRoot(p)
	if !ok {
		return 0, false, 0, false
	}
	win, plies = kpkSolve(root)
	return strong, win, plies, true
}

// kpkAfter is the exact result after m (legal in p, a king-and-pawn
// ending): whether the pawn's side wins and in how many more plies it
// promotes (0 when m is itself the winning promotion). ok is false when p
// is not such an ending.
func kpkAfter(p *chess.Position, m chess.Move) (strong chess.Color, win bool, plies int, ok bool) {
	_, strong, ok = kpkRoot(p)
	if !ok {
		return 0, false, 0, false
	}
	q := p.Clone()
	q.Make(m)
	if m.Kind() == chess.KindPromotion {
		// King and queen or king and rook against king wins unless the
		// new piece is taken at once or the promotion stalemates.
		pt := m.Promotion()
		win := (pt == chess.Queen || pt == chess.Rook) && q.Status(false) != chess.Stalemate && !capturable(q, m.To())
		return strong, win, 0, true
	}
	if _, w, n, ok := kpkResult(q); ok {
		return strong, w, n, true
	}
	return strong, false, 0, true // the pawn was taken
}

// capturable reports whether the side to move in p can take the piece on s.
func capturable(p *chess.Position, s chess.Square) bool {
	var l chess.MoveList
	p.GenerateLegal(&l)
	for _, m := range l.Slice() {
		if m.To() == s && m.Kind() != chess.KindCastle {
			return true
		}
	}
	return false
}
