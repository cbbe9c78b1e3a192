package chess

// seeValue is the static exchange's value of each piece type: the nominal
// ones (PieceValue) and the king above any trade, so that it is always
// the last to capture. Built once, then only read: an array on the chess
// search's hot path.
var seeValue = func() (v [7]int) {
	v = pieceValue
	v[King] = seeKingValue
	return v
}()

// seeKingValue is the king's value in a static exchange.
const seeKingValue = 20000

// SEEValue is the value of piece type t in a static exchange (PieceValue,
// the king above any trade): for the variants whose exchange follows
// their own rules (variants/spy's original queen).
func SEEValue(t PieceType) int { return seeValue[t] }

// SEEGE reports whether the static exchange on m's destination gains at
// least threshold for the mover: the swap algorithm with least valuable
// attackers first, sliders revealed behind captured pieces as x-rays; pins
// and checks ignored, as usual. The chess search calls it at its nodes
// (pruning, quiescence, the ordering of captures): it allocates nothing.
// The variants that share the board call it too (search/chance, where the
// cards' modified moves are not in the exchange).
func (p *Position) SEEGE(m Move, threshold int) bool {
	if m.Kind() != KindNormal {
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
	diag := p.Type(Bishop) | p.Type(Queen)
	orth := p.Type(Rook) | p.Type(Queen)
	res := 1
	for {
		stm = stm.Other()
		attackers &= occ
		mine := attackers & p.ColorBB(stm)
		if mine == 0 {
			break
		}
		res ^= 1
		var t PieceType
		for t = Pawn; t <= King; t++ {
			if mine&p.Type(t) != 0 {
				break
			}
		}
		if t == King {
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
		if t == Pawn || t == Bishop || t == Queen {
			attackers |= BishopAttacks(to, occ) & diag
		}
		if t == Rook || t == Queen {
			attackers |= RookAttacks(to, occ) & orth
		}
	}
	return res == 1
}
