package chess

// GenMode selects which legal moves Generate produces. Noisy and Quiet
// split All exactly: Noisy is captures, en passant, capture-promotions and
// queen promotions; Quiet is everything else (including under-promotions
// and castling).
type GenMode uint8

// Generation modes.
const (
	GenAll GenMode = iota
	GenNoisy
	GenQuiet
)

// GenerateLegal fills l with every legal move of the side to move.
func (p *Position) GenerateLegal(l *MoveList) { p.Generate(l, GenAll) }

// Generate fills l with the legal moves of the given mode. Standard chess
// takes a fully legal generator (check mask, pins, king-safety per target);
// positions with variant modifiers or without a king take the general path
// in movegen_variant.go, so the fast path pays one branch for them.
func (p *Position) Generate(l *MoveList, mode GenMode) {
	l.N = 0
	us := p.side
	kings := p.Pieces(us, King)
	if p.modsOn || kings == 0 || kings.Many() {
		p.generateGeneral(l, mode)
		return
	}
	them := us.Other()
	occ := p.byType[0]
	enemy := p.byColor[them]
	ksq := kings.LSB()

	var targets Bitboard
	switch mode {
	case GenAll:
		targets = ^p.byColor[us]
	case GenNoisy:
		targets = enemy
	case GenQuiet:
		targets = ^occ
	}

	// King steps: each target checked with the king lifted off the board,
	// so it cannot hide behind itself from a slider.
	occNoKing := occ ^ ksq.Bit()
	for t := kingAttacks[ksq] & targets; t != 0; {
		to := t.PopLSB()
		if !p.attackedBy(to, occNoKing, them) {
			l.add(NewMove(ksq, to))
		}
	}

	checkers := p.AttackersTo(ksq, occ) & enemy
	if checkers.Many() {
		return
	}
	mask := ^Bitboard(0)
	if checkers != 0 {
		mask = between[ksq][checkers.LSB()] | checkers
	} else if mode != GenNoisy {
		p.genCastling(l, us)
	}
	pinned := p.pinnedPieces(us, ksq)
	targets &= mask

	for b := p.Pieces(us, Knight) &^ pinned; b != 0; {
		from := b.PopLSB()
		addAll(l, from, knightAttacks[from]&targets)
	}
	for b := (p.byType[Bishop] | p.byType[Queen]) & p.byColor[us]; b != 0; {
		from := b.PopLSB()
		att := BishopAttacks(from, occ) & targets
		if pinned.Has(from) {
			att &= line[ksq][from]
		}
		addAll(l, from, att)
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & p.byColor[us]; b != 0; {
		from := b.PopLSB()
		att := RookAttacks(from, occ) & targets
		if pinned.Has(from) {
			att &= line[ksq][from]
		}
		addAll(l, from, att)
	}
	p.genPawns(l, mode, mask, pinned, ksq)
}

func addAll(l *MoveList, from Square, to Bitboard) {
	for to != 0 {
		l.add(NewMove(from, to.PopLSB()))
	}
}

// attackedBy reports whether colour c attacks s, with a given occupancy
// (standard pieces only: the fast path has no modifiers).
func (p *Position) attackedBy(s Square, occ Bitboard, c Color) bool {
	them := p.byColor[c]
	return knightAttacks[s]&p.byType[Knight]&them != 0 ||
		pawnAttacks[c.Other()][s]&p.byType[Pawn]&them != 0 ||
		kingAttacks[s]&p.byType[King]&them != 0 ||
		BishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen])&them != 0 ||
		RookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen])&them != 0
}

// pinnedPieces returns us's pieces that stand alone between their king and
// an enemy slider aimed at it.
func (p *Position) pinnedPieces(us Color, ksq Square) Bitboard {
	return p.soleBlockers(ksq, us.Other(), us)
}

// soleBlockers returns the pieces of colour blockers that stand alone
// between the king square ksq and a slider of colour snipers aimed at it:
// pinned pieces when the snipers are the king's enemies, pieces whose move
// off the line gives a discovered check when they are its own.
func (p *Position) soleBlockers(ksq Square, snipers, blockers Color) Bitboard {
	aimed := (RookAttacks(ksq, 0)&(p.byType[Rook]|p.byType[Queen]) |
		BishopAttacks(ksq, 0)&(p.byType[Bishop]|p.byType[Queen])) & p.byColor[snipers]
	var alone Bitboard
	occ := p.byType[0]
	for aimed != 0 {
		s := aimed.PopLSB()
		b := between[ksq][s] & occ
		if b != 0 && !b.Many() {
			alone |= b & p.byColor[blockers]
		}
	}
	return alone
}

func (p *Position) genCastling(l *MoveList, us Color) {
	occ := p.byType[0]
	them := us.Other()
	if us == White {
		if p.castle&WhiteKingSide != 0 && occ&(F1.Bit()|G1.Bit()) == 0 &&
			!p.attackedBy(F1, occ, them) && !p.attackedBy(G1, occ, them) {
			l.add(newSpecial(E1, G1, KindCastle))
		}
		if p.castle&WhiteQueenSide != 0 && occ&(B1.Bit()|C1.Bit()|D1.Bit()) == 0 &&
			!p.attackedBy(D1, occ, them) && !p.attackedBy(C1, occ, them) {
			l.add(newSpecial(E1, C1, KindCastle))
		}
		return
	}
	if p.castle&BlackKingSide != 0 && occ&(F8.Bit()|G8.Bit()) == 0 &&
		!p.attackedBy(F8, occ, them) && !p.attackedBy(G8, occ, them) {
		l.add(newSpecial(E8, G8, KindCastle))
	}
	if p.castle&BlackQueenSide != 0 && occ&(B8.Bit()|C8.Bit()|D8.Bit()) == 0 &&
		!p.attackedBy(D8, occ, them) && !p.attackedBy(C8, occ, them) {
		l.add(newSpecial(E8, C8, KindCastle))
	}
}

// pawnDirs holds, per colour, the square deltas forward and for captures
// towards the a- and h-file, the rank a single push must reach to allow a
// double push, and the promotion rank.
type pawnDirs struct {
	up, left, right  int
	rank3, promoRank Bitboard
}

var pawnGeometry = [2]pawnDirs{
	{8, 7, 9, Rank3, Rank8},
	{-8, -9, -7, Rank6, Rank1},
}

// genPawns adds pawn moves. Unpinned pawns are handled a whole set at a
// time; a pinned pawn may only move along its pin line.
func (p *Position) genPawns(l *MoveList, mode GenMode, mask, pinned Bitboard, ksq Square) {
	us := p.side
	pawns := p.Pieces(us, Pawn)
	if pawns == 0 {
		return
	}
	p.pawnSetMoves(l, mode, pawns&^pinned, mask)
	for b := pawns & pinned; b != 0; {
		from := b.PopLSB()
		p.pawnSetMoves(l, mode, from.Bit(), mask&line[ksq][from])
	}
	if p.ep != NoSquare && mode != GenQuiet {
		for c := pawnAttacks[us.Other()][p.ep] & pawns; c != 0; {
			from := c.PopLSB()
			if p.epIsLegal(from, p.ep) {
				l.add(newSpecial(from, p.ep, KindEnPassant))
			}
		}
	}
}

// pawnTargets returns the destinations of the pawns in movers, within
// mask: single and double pushes, captures towards the a- and h-file.
func (p *Position) pawnTargets(g *pawnDirs, movers, mask Bitboard) (push1, push2, capL, capR Bitboard) {
	empty := ^p.byType[0]
	enemy := p.byColor[p.side.Other()]
	push1 = shiftBy(movers, g.up) & empty
	push2 = shiftBy(push1&g.rank3, g.up) & empty & mask
	push1 &= mask
	capL = shiftBy(movers&^FileA, g.left) & enemy & mask
	capR = shiftBy(movers&^FileH, g.right) & enemy & mask
	return
}

// pawnSetMoves adds the pushes, captures and promotions of the pawns in
// movers whose destinations lie in mask.
func (p *Position) pawnSetMoves(l *MoveList, mode GenMode, movers, mask Bitboard) {
	g := &pawnGeometry[p.side]
	push1, push2, capL, capR := p.pawnTargets(g, movers, mask)
	if mode != GenNoisy {
		addPawnMoves(l, push1&^g.promoRank, g.up)
		addPawnMoves(l, push2, 2*g.up)
	}
	if mode != GenQuiet {
		addPawnMoves(l, capL&^g.promoRank, g.left)
		addPawnMoves(l, capR&^g.promoRank, g.right)
	}
	if (push1|capL|capR)&g.promoRank != 0 {
		addPromotions(l, push1&g.promoRank, g.up, mode, false)
		addPromotions(l, capL&g.promoRank, g.left, mode, true)
		addPromotions(l, capR&g.promoRank, g.right, mode, true)
	}
}

func shiftBy(b Bitboard, d int) Bitboard {
	if d > 0 {
		return b << uint(d)
	}
	return b >> uint(-d)
}

func addPawnMoves(l *MoveList, to Bitboard, delta int) {
	for to != 0 {
		t := to.PopLSB()
		l.add(NewMove(Square(int(t)-delta), t))
	}
}

func addPromotions(l *MoveList, to Bitboard, delta int, mode GenMode, capture bool) {
	for to != 0 {
		t := to.PopLSB()
		from := Square(int(t) - delta)
		if mode != GenQuiet {
			l.add(NewPromotion(from, t, Queen))
		}
		if mode == GenAll || (mode == GenNoisy && capture) || (mode == GenQuiet && !capture) {
			l.add(NewPromotion(from, t, Rook))
			l.add(NewPromotion(from, t, Bishop))
			l.add(NewPromotion(from, t, Knight))
		}
	}
}
