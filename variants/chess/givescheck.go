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

// CheckInfo answers GivesCheck for many moves of one position with a set
// lookup each, as a move picker filtering a whole list needs: the squares
// from which each piece type would attack the enemy king, and our pieces
// that block one of our sliders' lines to it (a move off that line checks
// by discovery). The direct squares are taken with the board as it is; the
// square the piece leaves cannot matter, since a slider moving along a line
// through the king would have been giving check already. Promotions,
// castling, en passant and positions with movement modifiers are answered
// by GivesCheck.
type CheckInfo struct {
	squares     [King + 1]Bitboard
	discoverers Bitboard
	ksq         Square
	plain       bool
}

// CheckInfo computes the check squares of the side to move.
func (p *Position) CheckInfo() CheckInfo {
	us := p.side
	ci := CheckInfo{ksq: p.KingSquare(us.Other())}
	if p.modsOn || ci.ksq == NoSquare {
		return ci
	}
	ci.plain = true
	occ := p.byType[0]
	ksq := ci.ksq
	ci.squares[Pawn] = pawnAttacks[us.Other()][ksq]
	ci.squares[Knight] = knightAttacks[ksq]
	ci.squares[Bishop] = BishopAttacks(ksq, occ)
	ci.squares[Rook] = RookAttacks(ksq, occ)
	ci.squares[Queen] = ci.squares[Bishop] | ci.squares[Rook]
	ci.discoverers = p.soleBlockers(ksq, us, us)
	return ci
}

// GivesCheck reports whether the legal move m of p (the position the info
// was computed for) checks the opponent.
func (ci *CheckInfo) GivesCheck(p *Position, m Move) bool {
	if !ci.plain || m.Kind() != KindNormal {
		return p.GivesCheck(m)
	}
	from, to := m.From(), m.To()
	return ci.squares[p.board[from].Type()].Has(to) ||
		ci.discoverers.Has(from) && !line[ci.ksq][from].Has(to)
}
