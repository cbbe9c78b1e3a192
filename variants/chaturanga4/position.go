package chaturanga4

import "math/bits"

// Options are the rule options.
type Options struct {
	// ExtendedInsufficient adds raja + boat v raja + knight to the
	// two-seat insufficient-material draws (extended_insufficient).
	ExtendedInsufficient bool
}

// Position is a game in progress: the board, who is still in, the pools,
// the counters, and the history that undo and the repetition rule need.
type Position struct {
	board  [64]Piece
	bySeat [Seats]Bitboard
	byType [pieceTypes]Bitboard // byType[0] is every occupied square
	active uint8                // bit s: seat s's raja is on the board
	toMove Seat
	pools  [Seats][3]uint8 // Elephant, Boat, Knight
	// halfmove counts turns since the last pawn move, capture or
	// conversion; round starts at 1 and grows when play wraps to an
	// earlier seat.
	halfmove int
	round    int
	hash     uint64
	// eliminated lists the seats out, in the order their rajas fell (for
	// the ranking).
	eliminated []Seat
	opts       Options
	hist       []undo
}

// undo is what Unmake needs to take a move back.
type undo struct {
	move     Move
	captured Piece
	moved    Piece // the piece that moved, before any promotion
	// triumph holds the boats a boat triumph took, one per square of the
	// centre (NoPiece where none was taken), in center's square order.
	triumph  [4]Piece
	halfmove int
	round    int
	toMove   Seat
	active   uint8
	hash     uint64
}

// ToMove is the seat whose turn it is.
func (p *Position) ToMove() Seat { return p.toMove }

// At is the piece on s.
func (p *Position) At(s Square) Piece { return p.board[s] }

// Active reports whether seat s's raja is still on the board.
func (p *Position) Active(s Seat) bool { return p.active&(1<<s) != 0 }

// ActiveCount is the number of seats still in.
func (p *Position) ActiveCount() int { return bits.OnesCount8(p.active) }

// Pool returns how many pieces of a pool type seat s may promote to.
func (p *Position) Pool(s Seat, t PieceType) int {
	if !isPoolType(t) {
		return 0
	}
	return int(p.pools[s][poolIndex(t)])
}

// Halfmove is the turns since the last pawn move, capture or conversion.
func (p *Position) Halfmove() int { return p.halfmove }

// Round is the round number.
func (p *Position) Round() int { return p.round }

// Hash is the position's key: pieces, seat to move, active seats, pools
// (what the repetition rule compares).
func (p *Position) Hash() uint64 { return p.hash }

// Pieces are seat s's pieces of type t.
func (p *Position) Pieces(s Seat, t PieceType) Bitboard { return p.bySeat[s] & p.byType[t] }

// SeatPieces are all of seat s's pieces.
func (p *Position) SeatPieces(s Seat) Bitboard { return p.bySeat[s] }

// Occupied is every occupied square.
func (p *Position) Occupied() Bitboard { return p.byType[0] }

// Eliminated lists the seats out, in the order their rajas were taken.
func (p *Position) Eliminated() []Seat { return append([]Seat(nil), p.eliminated...) }

// Options returns the rule options.
func (p *Position) Options() Options { return p.opts }

// SetOptions changes the rule options.
func (p *Position) SetOptions(o Options) { p.opts = o }

// Clone returns an independent copy.
func (p *Position) Clone() *Position {
	q := *p
	q.eliminated = append([]Seat(nil), p.eliminated...)
	q.hist = append([]undo(nil), p.hist...)
	return &q
}

func (p *Position) put(pc Piece, s Square) {
	p.board[s] = pc
	b := s.Bit()
	p.bySeat[pc.Seat()] |= b
	p.byType[pc.Type()] |= b
	p.byType[0] |= b
	p.hash ^= keyPiece[pc.Seat()][pc.Type()][s]
}

func (p *Position) take(s Square) Piece {
	pc := p.board[s]
	p.board[s] = NoPiece
	b := ^s.Bit()
	p.bySeat[pc.Seat()] &= b
	p.byType[pc.Type()] &= b
	p.byType[0] &= b
	p.hash ^= keyPiece[pc.Seat()][pc.Type()][s]
	return pc
}

// addPool changes seat s's count of type t by d, keeping the hash.
func (p *Position) addPool(s Seat, t PieceType, d int) {
	i := poolIndex(t)
	p.hash ^= keyPool[s][i][p.pools[s][i]]
	p.pools[s][i] = uint8(int(p.pools[s][i]) + d)
	p.hash ^= keyPool[s][i][p.pools[s][i]]
}

func (p *Position) setActive(a uint8) {
	p.hash ^= keyActive[p.active] ^ keyActive[a]
	p.active = a
}

func (p *Position) setToMove(s Seat) {
	p.hash ^= keyToMove[p.toMove] ^ keyToMove[s]
	p.toMove = s
}

// computeHash is the key from scratch (FEN parsing, tests).
func (p *Position) computeHash() uint64 {
	h := keyToMove[p.toMove] ^ keyActive[p.active]
	for s := Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPiece {
			h ^= keyPiece[pc.Seat()][pc.Type()][s]
		}
	}
	for s := range p.pools {
		for i, n := range p.pools[s] {
			h ^= keyPool[s][i][n]
		}
	}
	return h
}
