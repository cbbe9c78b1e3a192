package chess

// Make plays m, which must be legal (or, for the variant primitives,
// consistent: a drop or relocation onto an empty square, a removal of a
// present piece). It updates the hash, castling and en-passant rights and
// the fifty-move clock incrementally and never allocates while the history
// stays within its reserved capacity.
func (p *Position) Make(m Move) {
	p.hist = append(p.hist, undo{
		hash: p.hash, move: m, castle: p.castle, ep: p.ep, side: p.side, rule50: int32(p.rule50),
	})
	u := &p.hist[len(p.hist)-1]
	h := p.hash
	if p.ep != NoSquare {
		h ^= zobristEP[p.ep.File()]
		p.ep = NoSquare
	}
	p.rule50++
	if !m.KeepsTurn() {
		p.ply++
	}
	us := p.side
	from, to := m.From(), m.To()
	epCandidate := NoSquare

	switch m.Kind() {
	case KindNormal, KindPromotion:
		pc := p.board[from]
		if cap := p.board[to]; cap != NoPiece {
			u.captured = cap
			p.take(to)
			h ^= zobristPiece[cap][to]
			p.rule50 = 0
		}
		p.shift(pc, from, to)
		h ^= zobristPiece[pc][from] ^ zobristPiece[pc][to]
		if pc.Type() == Pawn {
			p.rule50 = 0
			if int(to)-int(from) == 16 || int(from)-int(to) == 16 {
				epCandidate = (from + to) / 2
			} else if m.Kind() == KindPromotion {
				np := MakePiece(us, m.Promotion())
				p.take(to)
				p.put(np, to)
				h ^= zobristPiece[pc][to] ^ zobristPiece[np][to]
			}
		}
	case KindEnPassant:
		pc := p.board[from]
		capSq := MakeSquare(to.File(), from.Rank())
		u.captured = p.board[capSq]
		p.take(capSq)
		p.shift(pc, from, to)
		h ^= zobristPiece[u.captured][capSq] ^ zobristPiece[pc][from] ^ zobristPiece[pc][to]
		p.rule50 = 0
	case KindCastle:
		king := p.board[from]
		rf, rt := castleRookSquares(to)
		rook := p.board[rf]
		p.shift(king, from, to)
		p.shift(rook, rf, rt)
		h ^= zobristPiece[king][from] ^ zobristPiece[king][to] ^ zobristPiece[rook][rf] ^ zobristPiece[rook][rt]
	case KindDrop:
		pc := m.DropPiece()
		p.put(pc, to)
		h ^= zobristPiece[pc][to]
		p.rule50 = 0
	case KindRemove:
		u.captured = p.board[to]
		p.take(to)
		h ^= zobristPiece[u.captured][to]
		p.rule50 = 0
	case KindRelocate:
		pc := p.board[from]
		p.shift(pc, from, to)
		h ^= zobristPiece[pc][from] ^ zobristPiece[pc][to]
	case KindNull:
	}

	if nc := p.castle & castleKeep[from] & castleKeep[to]; nc != p.castle && m.Kind() != KindNull && m.Kind() != KindDrop {
		h ^= zobristCastle[p.castle] ^ zobristCastle[nc]
		p.castle = nc
	}
	if !m.KeepsTurn() {
		p.side = us.Other()
		h ^= zobristSide
	}
	if epCandidate != NoSquare && !m.KeepsTurn() {
		if p.ep = p.legalEP(epCandidate); p.ep != NoSquare {
			h ^= zobristEP[p.ep.File()]
		}
	}
	p.hash = h
}

// KeyAfter is the hash the position will have after the normal move or
// capture m, for a search to prefetch the hash-table slot before making
// the move. Castling, en passant, promotion and castling-right changes
// are not followed: the key is then merely a wrong guess, never used as
// a key.
func (p *Position) KeyAfter(m Move) uint64 {
	from, to := m.From(), m.To()
	pc := p.board[from]
	h := p.hash ^ zobristSide ^ zobristPiece[pc][from] ^ zobristPiece[pc][to]
	if c := p.board[to]; c != NoPiece {
		h ^= zobristPiece[c][to]
	}
	if p.ep != NoSquare {
		h ^= zobristEP[p.ep.File()]
	}
	return h
}

// Unmake takes back the last move made.
func (p *Position) Unmake() {
	u := &p.hist[len(p.hist)-1]
	m := u.move
	from, to := m.From(), m.To()
	p.side = u.side
	switch m.Kind() {
	case KindNormal:
		p.shift(p.board[to], to, from)
		if u.captured != NoPiece {
			p.put(u.captured, to)
		}
	case KindPromotion:
		p.take(to)
		p.put(MakePiece(p.side, Pawn), from)
		if u.captured != NoPiece {
			p.put(u.captured, to)
		}
	case KindEnPassant:
		p.shift(p.board[to], to, from)
		p.put(u.captured, MakeSquare(to.File(), from.Rank()))
	case KindCastle:
		rf, rt := castleRookSquares(to)
		p.shift(p.board[to], to, from)
		p.shift(p.board[rt], rt, rf)
	case KindDrop:
		p.take(to)
	case KindRemove:
		p.put(u.captured, to)
	case KindRelocate:
		p.shift(p.board[to], to, from)
	}
	p.hash, p.castle, p.ep, p.rule50 = u.hash, u.castle, u.ep, int(u.rule50)
	if !m.KeepsTurn() {
		p.ply--
	}
	p.hist = p.hist[:len(p.hist)-1]
}

// castleRookSquares gives the rook's origin and destination for a castling
// king move ending on kingTo.
func castleRookSquares(kingTo Square) (Square, Square) {
	switch kingTo {
	case G1:
		return H1, F1
	case C1:
		return A1, D1
	case G8:
		return H8, F8
	default: // C8
		return A8, D8
	}
}

// legalEP returns s if the side to move has a legal en-passant capture onto
// s, else NoSquare. Keeping the square only when the capture is possible
// makes the hash follow the FIDE repetition rule (docs/rules/standard.md B2.1).
func (p *Position) legalEP(s Square) Square {
	if s == NoSquare {
		return NoSquare
	}
	us := p.side
	cands := pawnAttacks[us.Other()][s] & p.Pieces(us, Pawn)
	for cands != 0 {
		from := cands.PopLSB()
		if p.epIsLegal(from, s) {
			return s
		}
	}
	return NoSquare
}

// epIsLegal checks an en-passant capture by the side to move from `from` to
// `to` by looking at the board as it would be after it: no slider may
// attack the king through the two vacated squares.
func (p *Position) epIsLegal(from, to Square) bool {
	us := p.side
	if p.modsOn && p.mods.Frozen[us]&(1<<Pawn) != 0 {
		return false
	}
	ksq := p.KingSquare(us)
	if ksq == NoSquare {
		return true
	}
	capSq := MakeSquare(to.File(), from.Rank())
	occ := p.byType[0]&^from.Bit()&^capSq.Bit() | to.Bit()
	them := p.byColor[us.Other()] &^ capSq.Bit()
	if RookAttacks(ksq, occ)&(p.byType[Rook]|p.byType[Queen])&them != 0 {
		return false
	}
	if BishopAttacks(ksq, occ)&(p.byType[Bishop]|p.byType[Queen])&them != 0 {
		return false
	}
	// The captured pawn may have been the only checker; any other
	// non-slider checker still attacks the king.
	if pawnAttacks[us][ksq]&p.Pieces(us.Other(), Pawn)&them != 0 {
		return false
	}
	if p.knightMovers(us.Other())&knightAttacks[ksq]&them != 0 {
		return false
	}
	return true
}
