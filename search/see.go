package search

import (
	"azar/eval"
	"azar/variants/chess"
)

// seeValue gives the exchange values: the nominal ones (chess.PieceValue),
// and the king worth more than any trade so it is always the last to
// capture. Built once, then only read: an array on the hot path.
var seeValue = func() (v [7]int) {
	for t := chess.Pawn; t <= chess.King; t++ {
		v[t] = chess.PieceValue(t)
	}
	v[chess.King] = 20000
	return v
}()

// seeGE reports whether the static exchange on m's destination gains at
// least threshold for the mover: the swap algorithm with least valuable
// attackers first, sliders revealed behind captured pieces as x-rays.
func seeGE(p *chess.Position, m chess.Move, threshold int) bool {
	if m.Kind() != chess.KindNormal {
		return 0 >= threshold // promotions, en passant, castling: treat as even
	}
	from, to := m.From(), m.To()
	swap := seeValue[p.At(to).Type()] - threshold
	if swap < 0 {
		return false
	}
	swap = seeValue[p.At(from).Type()] - swap
	if swap <= 0 {
		return true
	}
	occ := p.Occupied() ^ from.Bit() ^ to.Bit()
	stm := p.Side()
	attackers := p.AttackersTo(to, occ)
	diag := p.Type(chess.Bishop) | p.Type(chess.Queen)
	orth := p.Type(chess.Rook) | p.Type(chess.Queen)
	res := 1
	for {
		stm = stm.Other()
		attackers &= occ
		mine := attackers & p.ColorBB(stm)
		if mine == 0 {
			break
		}
		res ^= 1
		var t chess.PieceType
		for t = chess.Pawn; t <= chess.King; t++ {
			if mine&p.Type(t) != 0 {
				break
			}
		}
		if t == chess.King {
			// The king may only take last: if the other side still
			// attacks, the capture is illegal and the result flips.
			if attackers&p.ColorBB(stm.Other()) != 0 {
				res ^= 1
			}
			break
		}
		swap = seeValue[t] - swap
		if swap < res {
			break
		}
		b := mine & p.Type(t)
		occ ^= (b & -b)
		if t == chess.Pawn || t == chess.Bishop || t == chess.Queen {
			attackers |= chess.BishopAttacks(to, occ) & diag
		}
		if t == chess.Rook || t == chess.Queen {
			attackers |= chess.RookAttacks(to, occ) & orth
		}
	}
	return res == 1
}

// captureValue is the nominal value of what m captures (for ordering).
func captureValue(p *chess.Position, m chess.Move) int {
	switch m.Kind() {
	case chess.KindEnPassant:
		return eval.PieceValue(chess.Pawn)
	case chess.KindPromotion:
		return eval.PieceValue(p.At(m.To()).Type()) + eval.PieceValue(m.Promotion()) - eval.PieceValue(chess.Pawn)
	}
	return eval.PieceValue(p.At(m.To()).Type())
}

// SEEGE is seeGE for the variant searches that share the chess board
// (search/chance): whether m's static exchange gains at least threshold.
func SEEGE(p *chess.Position, m chess.Move, threshold int) bool { return seeGE(p, m, threshold) }
