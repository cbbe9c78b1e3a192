package chess

// CountLegal returns the number of legal moves without listing them: the
// same logic as the fast path of Generate, but destinations are counted by
// population count. Perft's bulk counting at the last ply uses it. Positions
// that need the general generator fall back to generating.
func (p *Position) CountLegal() int {
	us := p.side
	kings := p.Pieces(us, King)
	if p.modsOn || kings == 0 || kings.Many() {
		var l MoveList
		p.generateGeneral(&l, GenAll)
		return l.N
	}
	them := us.Other()
	occ := p.byType[0]
	enemy := p.byColor[them]
	ksq := kings.LSB()
	targets := ^p.byColor[us]

	n := 0
	occNoKing := occ ^ ksq.Bit()
	for t := kingAttacks[ksq] & targets; t != 0; {
		if !p.attackedBy(t.PopLSB(), occNoKing, them) {
			n++
		}
	}
	checkers := p.AttackersTo(ksq, occ) & enemy
	if checkers.Many() {
		return n
	}
	mask := ^Bitboard(0)
	if checkers != 0 {
		mask = between[ksq][checkers.LSB()] | checkers
	} else if p.castle != 0 {
		var l MoveList
		p.genCastling(&l, us)
		n += l.N
	}
	pinned := p.pinnedPieces(us, ksq)
	targets &= mask

	for b := p.Pieces(us, Knight) &^ pinned; b != 0; {
		n += (knightAttacks[b.PopLSB()] & targets).Count()
	}
	for b := (p.byType[Bishop] | p.byType[Queen]) & p.byColor[us]; b != 0; {
		from := b.PopLSB()
		att := BishopAttacks(from, occ) & targets
		if pinned.Has(from) {
			att &= line[ksq][from]
		}
		n += att.Count()
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & p.byColor[us]; b != 0; {
		from := b.PopLSB()
		att := RookAttacks(from, occ) & targets
		if pinned.Has(from) {
			att &= line[ksq][from]
		}
		n += att.Count()
	}
	pawns := p.Pieces(us, Pawn)
	if pawns == 0 {
		return n
	}
	n += p.pawnSetCount(pawns&^pinned, mask)
	for b := pawns & pinned; b != 0; {
		from := b.PopLSB()
		n += p.pawnSetCount(from.Bit(), mask&line[ksq][from])
	}
	if p.ep != NoSquare {
		for c := pawnAttacks[them][p.ep] & pawns; c != 0; {
			if p.epIsLegal(c.PopLSB(), p.ep) {
				n++
			}
		}
	}
	return n
}

// pawnSetCount counts what pawnSetMoves would add in GenAll mode.
func (p *Position) pawnSetCount(movers, mask Bitboard) int {
	g := &pawnGeometry[p.side]
	push1, push2, capL, capR := p.pawnTargets(g, movers, mask)
	promo := (push1 & g.promoRank).Count() + (capL & g.promoRank).Count() + (capR & g.promoRank).Count()
	return push1.Count() + push2.Count() + capL.Count() + capR.Count() + 3*promo
}
