package chess

// IsLegal reports whether m is one of the moves GenerateLegal produces in
// p. The search tries the hash move before generating any move, and a hash
// move may belong to another position (a key collision, a slot written by
// another thread), so it must be checked; most nodes that hold one cut on
// it, and then never generate. Standard normal moves and promotions are
// checked directly, by the same rules the generator applies; castling, en
// passant and positions with variant modifiers compare against a full
// generation (rare enough not to matter).
func (p *Position) IsLegal(m Move) bool {
	us := p.side
	kings := p.Pieces(us, King)
	kind := m.Kind()
	if p.modsOn || kings == 0 || kings.Many() || kind == KindCastle || kind == KindEnPassant {
		var l MoveList
		p.Generate(&l, GenAll)
		return l.Contains(m)
	}
	// Fields a generated normal move or promotion never sets.
	if m>>17 != 0 || (kind == KindNormal && m&(3<<12) != 0) {
		return false
	}
	if kind != KindNormal && kind != KindPromotion {
		return false
	}
	from, to := m.From(), m.To()
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != us || p.byColor[us].Has(to) {
		return false
	}
	occ := p.byType[0]
	pt := pc.Type()
	if pt == Pawn {
		g := &pawnGeometry[us]
		if g.promoRank.Has(to) != (kind == KindPromotion) {
			return false
		}
		push1, push2, capL, capR := p.pawnTargets(g, from.Bit(), ^Bitboard(0))
		if !(push1 | push2 | capL | capR).Has(to) {
			return false
		}
	} else {
		if kind == KindPromotion {
			return false
		}
		if !pieceAttacks(pt, from, occ).Has(to) {
			return false
		}
	}
	them := us.Other()
	ksq := kings.LSB()
	if pt == King {
		return !p.attackedBy(to, occ^from.Bit(), them)
	}
	checkers := p.AttackersTo(ksq, occ) & p.byColor[them]
	if checkers.Many() {
		return false
	}
	if checkers != 0 && !(between[ksq][checkers.LSB()] | checkers).Has(to) {
		return false
	}
	return !p.pinnedPieces(us, ksq).Has(from) || line[ksq][from].Has(to)
}
