package chess

// The general move generator: pseudo-legal moves filtered by playing each
// one and looking at the mover's king. It serves positions with movement
// modifiers (pieces that also jump like knights, frozen piece types) and
// positions without exactly one king of the side to move, which the variants
// create. It is slower than the fast path and only runs when needed.

func (p *Position) generateGeneral(l *MoveList, mode GenMode) {
	var pseudo MoveList
	p.generatePseudo(&pseudo, mode)
	for _, m := range pseudo.Slice() {
		if p.keepsKingSafe(m) {
			l.add(m)
		}
	}
}

// keepsKingSafe plays m and reports whether none of the mover's kings is
// then attacked.
func (p *Position) keepsKingSafe(m Move) bool {
	us := p.side
	p.Make(m &^ keepTurnBit)
	safe := true
	for k := p.Pieces(us, King); k != 0; {
		if p.Attacked(k.PopLSB(), us.Other()) {
			safe = false
			break
		}
	}
	p.Unmake()
	return safe
}

func (p *Position) movable(t PieceType) bool {
	return p.mods.Frozen[p.side]&(1<<t) == 0
}

func (p *Position) jumpsToo(t PieceType) bool {
	return p.mods.KnightToo[p.side]&(1<<t) != 0
}

func (p *Position) generatePseudo(l *MoveList, mode GenMode) {
	us := p.side
	occ := p.byType[0]
	var targets Bitboard
	switch mode {
	case GenAll:
		targets = ^p.byColor[us]
	case GenNoisy:
		targets = p.byColor[us.Other()]
	case GenQuiet:
		targets = ^occ
	}
	for t := Knight; t <= King; t++ {
		if !p.movable(t) {
			continue
		}
		for b := p.Pieces(us, t); b != 0; {
			from := b.PopLSB()
			att := pieceAttacks(t, from, occ)
			if p.jumpsToo(t) {
				att |= knightAttacks[from]
			}
			addAll(l, from, att&targets)
		}
	}
	if p.movable(King) && mode != GenNoisy && p.castle != 0 && !p.InCheck() {
		p.genCastlingGeneral(l, us)
	}
	if p.movable(Pawn) {
		pawns := p.Pieces(us, Pawn)
		p.pawnSetMoves(l, mode, pawns, ^Bitboard(0))
		if p.jumpsToo(Pawn) {
			for b := pawns; b != 0; {
				from := b.PopLSB()
				addAll(l, from, knightAttacks[from]&targets)
			}
		}
		if p.ep != NoSquare && mode != GenQuiet {
			for c := pawnAttacks[us.Other()][p.ep] & pawns; c != 0; {
				l.add(newSpecial(c.PopLSB(), p.ep, KindEnPassant))
			}
		}
	}
}

// genCastlingGeneral is castling with the attack test that knows the
// modifiers; the king's presence on its square is implied by the rights.
func (p *Position) genCastlingGeneral(l *MoveList, us Color) {
	occ := p.byType[0]
	them := us.Other()
	type side struct {
		right          CastleRights
		king, to, rook Square
		empty, path    Bitboard
	}
	sides := [2][2]side{
		{{WhiteKingSide, E1, G1, H1, F1.Bit() | G1.Bit(), F1.Bit() | G1.Bit()},
			{WhiteQueenSide, E1, C1, A1, B1.Bit() | C1.Bit() | D1.Bit(), C1.Bit() | D1.Bit()}},
		{{BlackKingSide, E8, G8, H8, F8.Bit() | G8.Bit(), F8.Bit() | G8.Bit()},
			{BlackQueenSide, E8, C8, A8, B8.Bit() | C8.Bit() | D8.Bit(), C8.Bit() | D8.Bit()}},
	}
	for _, s := range sides[us] {
		if p.castle&s.right == 0 || occ&s.empty != 0 ||
			p.board[s.king] != MakePiece(us, King) || p.board[s.rook] != MakePiece(us, Rook) {
			continue
		}
		ok := true
		for path := s.path; path != 0; {
			if p.Attacked(path.PopLSB(), them) {
				ok = false
				break
			}
		}
		if ok {
			l.add(newSpecial(s.king, s.to, KindCastle))
		}
	}
}
