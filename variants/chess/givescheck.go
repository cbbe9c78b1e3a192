package chess

// GivesCheck reports whether the legal move m checks the opponent, without
// playing it for ordinary moves and promotions: a direct attack by the
// moved piece from its new square, or a slider uncovered behind it. Other
// kinds, and positions with movement modifiers, are answered by playing
// the move.
func (p *Position) GivesCheck(m Move) bool {
	k := m.Kind()
	if p.modsOn || (k != KindNormal && k != KindPromotion) {
		p.Make(m)
		c := p.InCheck()
		p.Unmake()
		return c
	}
	us := p.side
	ksq := p.KingSquare(us.Other())
	if ksq == NoSquare {
		return false
	}
	from, to := m.From(), m.To()
	occ := p.byType[0]&^from.Bit() | to.Bit()
	pt := p.board[from].Type()
	if k == KindPromotion {
		pt = m.Promotion()
	}
	var att Bitboard
	switch pt {
	case Pawn:
		att = pawnAttacks[us][to]
	case Knight:
		att = knightAttacks[to]
	case Bishop:
		att = BishopAttacks(to, occ)
	case Rook:
		att = RookAttacks(to, occ)
	case Queen:
		att = QueenAttacks(to, occ)
	}
	if att.Has(ksq) {
		return true
	}
	mine := p.byColor[us] &^ from.Bit()
	return RookAttacks(ksq, occ)&(p.byType[Rook]|p.byType[Queen])&mine != 0 ||
		BishopAttacks(ksq, occ)&(p.byType[Bishop]|p.byType[Queen])&mine != 0
}
