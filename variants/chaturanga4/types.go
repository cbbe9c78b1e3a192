package chaturanga4

import "azar/variants/chess"

// Seat is a player: Red, Green, Yellow, Black, the turn order.
type Seat uint8

// The seats in turn order (Red starts; play passes clockwise).
const (
	Red Seat = iota
	Green
	Yellow
	Black
	Seats = 4
)

// seatLetters are the C4N letters of the seats.
const seatLetters = "rgyb"

func (s Seat) String() string { return seatLetters[s : s+1] }

// Name is the seat's English name.
func (s Seat) Name() string { return [...]string{"Red", "Green", "Yellow", "Black"}[s] }

// next is the seat after s in turn order (eliminated seats included).
func (s Seat) next() Seat { return (s + 1) % Seats }

// PieceType is a kind of piece.
type PieceType uint8

// The piece types. Elephant, Boat and Knight are the pool types, in the
// pool's canonical C4N order.
const (
	NoPieceType PieceType = iota
	Elephant              // moves like a chess rook
	Boat                  // leaps exactly two squares diagonally (the alfil)
	Knight
	Pawn
	King // the raja
	pieceTypes
)

// typeLetters are the C4N letters of the piece types.
const typeLetters = ".EBNPK"

// poolTypes are the types a pool holds, in canonical order.
var poolTypes = [...]PieceType{Elephant, Boat, Knight}

// poolIndex maps a pool type to its index in a pool (Elephant 0, Boat 1,
// Knight 2).
func poolIndex(t PieceType) int { return int(t) - int(Elephant) }

// isPoolType reports whether captured pieces of type t enter a pool.
func isPoolType(t PieceType) bool { return t >= Elephant && t <= Knight }

// Piece is a seat's piece, or NoPiece.
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

// MakePiece returns seat s's piece of type t.
func MakePiece(s Seat, t PieceType) Piece { return Piece(s)<<3 | Piece(t) }

// Seat is the owner of a piece that is not NoPiece.
func (p Piece) Seat() Seat { return Seat(p >> 3) }

// Type is the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// String is the C4N token: owner letter then piece letter ("rK").
func (p Piece) String() string {
	if p == NoPiece {
		return ".."
	}
	return seatLetters[p.Seat():p.Seat()+1] + typeLetters[p.Type():p.Type()+1]
}

// Square and Bitboard are the chess board's.
type (
	Square   = chess.Square
	Bitboard = chess.Bitboard
)

// center holds d4, e4, d5 and e5, where the boat triumph happens.
const center = Bitboard(1)<<27 | Bitboard(1)<<28 | Bitboard(1)<<35 | Bitboard(1)<<36

// MoveKind says what a move does.
type MoveKind uint8

// The move kinds.
const (
	KindNormal     MoveKind = iota // a piece moves, capturing or not (a pawn may become a waiting pawn)
	KindPromotion                  // a pawn arrives on its promotion line and becomes a pool piece
	KindConversion                 // a waiting pawn becomes a pool piece: the whole turn
	KindPass                       // no legal move: the seat passes
)

// Move is one action: from (6 bits), to (6), kind (2), pool type (3).
type Move uint32

// NoMove is the zero move, never legal (from = to = a1, normal).
const NoMove Move = 0

// PassMove is the pass.
const PassMove = Move(KindPass) << 12

func newMove(from, to Square, k MoveKind, t PieceType) Move {
	return Move(from) | Move(to)<<6 | Move(k)<<12 | Move(t)<<14
}

// From is the square the piece leaves (a conversion's pawn square).
func (m Move) From() Square { return Square(m & 63) }

// To is the square the piece reaches (a conversion's pawn square).
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Kind is what the move does.
func (m Move) Kind() MoveKind { return MoveKind(m >> 12 & 3) }

// PoolType is the piece a promotion or a conversion takes from the pool.
func (m Move) PoolType() PieceType { return PieceType(m >> 14 & 7) }

// String is the move's UCI token: g2f2, a promotion b7b8n, a conversion
// b8b8n (the waiting pawn's square twice), a pass 0000.
func (m Move) String() string {
	switch m.Kind() {
	case KindPass:
		return "0000"
	case KindPromotion, KindConversion:
		return m.From().String() + m.To().String() + string("?ebn"[m.PoolType()])
	}
	return m.From().String() + m.To().String()
}
