package chess

// Modifiers change how one side's pieces move. They are the variants'
// per-side powers; standard chess has none and then the move generator takes
// its fast path.
type Modifiers struct {
	// KnightToo[c] is a set of piece types (bit 1<<PieceType) of colour c
	// that also move and capture like a knight (lucky cards' super:X, the
	// spy-chess queen).
	KnightToo [2]uint8
	// Frozen[c] is a set of piece types of colour c that may not move this
	// turn (freeze:X; "only the king moves" freezes everything else).
	Frozen [2]uint8
}

func (m Modifiers) active() bool {
	return m.KnightToo[0]|m.KnightToo[1]|m.Frozen[0]|m.Frozen[1] != 0
}

// undo is what Make saves so that Unmake can restore the position exactly.
type undo struct {
	hash     uint64
	move     Move
	captured Piece
	castle   CastleRights
	ep       Square
	side     Color
	rule50   int32
}

// Position is a chess position with its game history (for repetitions and
// Unmake). Copy it with Clone, not by assignment, so the history is not
// shared.
type Position struct {
	byType  [7]Bitboard // [0] is every piece
	byColor [2]Bitboard
	board   [64]Piece
	side    Color
	castle  CastleRights
	ep      Square // only set when an en-passant capture is legal
	rule50  int
	ply     int // half-moves since the game start, for the move number
	hash    uint64
	mods    Modifiers
	modsOn  bool
	hist    []undo
}

// historyCap is the history capacity reserved up front, so that Make never
// allocates inside a search (games and searches longer than this still work;
// they just grow the slice once).
const historyCap = 1024

// Side is the colour to move.
func (p *Position) Side() Color { return p.side }

// Hash is the Zobrist key of the position (pieces, side, castling rights,
// en-passant square when a capture there is legal).
func (p *Position) Hash() uint64 { return p.hash }

// At returns the piece on s.
func (p *Position) At(s Square) Piece { return p.board[s] }

// Pieces returns the squares of colour c's pieces of type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.byType[t] & p.byColor[c] }

// Type returns the squares of all pieces of type t.
func (p *Position) Type(t PieceType) Bitboard { return p.byType[t] }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.byType[0] }

// ColorBB returns the squares of colour c's pieces.
func (p *Position) ColorBB(c Color) Bitboard { return p.byColor[c] }

// KingSquare returns c's king square, or NoSquare if c has no king.
func (p *Position) KingSquare(c Color) Square {
	k := p.Pieces(c, King)
	if k == 0 {
		return NoSquare
	}
	return k.LSB()
}

// CastleRights returns the castling rights still held.
func (p *Position) CastleRights() CastleRights { return p.castle }

// EPSquare is the en-passant target, or NoSquare.
func (p *Position) EPSquare() Square { return p.ep }

// Rule50 is the half-move clock of the fifty-move rule.
func (p *Position) Rule50() int { return p.rule50 }

// FullMove is the move number as FEN counts it.
func (p *Position) FullMove() int { return p.ply/2 + 1 }

// Ply is the number of half-moves since the game start.
func (p *Position) Ply() int { return p.ply }

// Modifiers returns the active movement modifiers.
func (p *Position) Modifiers() Modifiers { return p.mods }

// SetModifiers installs per-side movement modifiers. They are part of the
// rules in force, not of the position's identity, so the hash is unchanged;
// a variant that needs them in the key mixes them in itself.
func (p *Position) SetModifiers(m Modifiers) {
	p.mods = m
	p.modsOn = m.active()
	if ep := p.legalEP(p.ep); ep != p.ep {
		p.hash ^= zobristEP[p.ep.File()]
		p.ep = ep
	}
}

// Clone returns an independent copy (own history buffer).
func (p *Position) Clone() *Position {
	q := *p
	q.hist = make([]undo, len(p.hist), max(historyCap, cap(p.hist)))
	copy(q.hist, p.hist)
	return &q
}

// LastMove returns the last move made, or NoMove.
func (p *Position) LastMove() Move {
	if len(p.hist) == 0 {
		return NoMove
	}
	return p.hist[len(p.hist)-1].move
}

// HistoryLen is the number of moves that can be unmade.
func (p *Position) HistoryLen() int { return len(p.hist) }

func (p *Position) put(pc Piece, s Square) {
	b := s.Bit()
	p.board[s] = pc
	p.byType[0] |= b
	p.byType[pc.Type()] |= b
	p.byColor[pc.Color()] |= b
}

func (p *Position) take(s Square) {
	pc := p.board[s]
	b := s.Bit()
	p.board[s] = NoPiece
	p.byType[0] &^= b
	p.byType[pc.Type()] &^= b
	p.byColor[pc.Color()] &^= b
}

func (p *Position) shift(pc Piece, from, to Square) {
	b := from.Bit() | to.Bit()
	p.board[from] = NoPiece
	p.board[to] = pc
	p.byType[0] ^= b
	p.byType[pc.Type()] ^= b
	p.byColor[pc.Color()] ^= b
}

// knightMovers is every piece of colour c that moves like a knight.
func (p *Position) knightMovers(c Color) Bitboard {
	b := p.byType[Knight]
	if p.modsOn {
		for t := Pawn; t <= King; t++ {
			if p.mods.KnightToo[c]&(1<<t) != 0 {
				b |= p.byType[t]
			}
		}
	}
	return b & p.byColor[c]
}

// AttackersTo returns the pieces of both colours attacking s with the given
// occupancy.
func (p *Position) AttackersTo(s Square, occ Bitboard) Bitboard {
	a := pawnAttacks[Black][s]&p.Pieces(White, Pawn) |
		pawnAttacks[White][s]&p.Pieces(Black, Pawn) |
		knightAttacks[s]&p.byType[Knight] |
		kingAttacks[s]&p.byType[King] |
		RookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen]) |
		BishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen])
	if p.modsOn {
		a |= knightAttacks[s] & (p.knightMovers(White) | p.knightMovers(Black))
	}
	return a
}

// Attacked reports whether colour by attacks s.
func (p *Position) Attacked(s Square, by Color) bool {
	return p.AttackersTo(s, p.byType[0])&p.byColor[by] != 0
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool {
	k := p.KingSquare(p.side)
	return k != NoSquare && p.Attacked(k, p.side.Other())
}

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard {
	k := p.KingSquare(p.side)
	if k == NoSquare {
		return 0
	}
	return p.AttackersTo(k, p.byType[0]) & p.byColor[p.side.Other()]
}

// computeHash recomputes the Zobrist key from scratch (FEN set-up, checks).
func (p *Position) computeHash() uint64 {
	var h uint64
	for b := p.byType[0]; b != 0; {
		s := b.PopLSB()
		h ^= zobristPiece[p.board[s]][s]
	}
	h ^= zobristCastle[p.castle]
	if p.ep != NoSquare {
		h ^= zobristEP[p.ep.File()]
	}
	if p.side == Black {
		h ^= zobristSide
	}
	return h
}
