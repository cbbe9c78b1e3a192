package chess

import "math/bits"

// Color is a side: White or Black.
type Color uint8

// The two sides of a chess game.
const (
	White Color = iota
	Black
)

// Other returns the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece without colour. NoPieceType is zero so that
// an empty board array reads as empty.
type PieceType uint8

// Piece types, in the order the tables index them.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Piece is a coloured piece: colour<<3 | type. NoPiece (0) is an empty square.
type Piece uint8

// NoPiece marks an empty square.
const NoPiece Piece = 0

// MakePiece combines a colour and a type.
func MakePiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's colour (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3) }

const pieceLetters = " PNBRQK  pnbrqk"

// Letter is the FEN letter of the piece: upper case for White.
func (p Piece) Letter() byte {
	if int(p) >= len(pieceLetters) {
		return '?'
	}
	return pieceLetters[p]
}

// Letter is the upper-case letter of the type ('P', 'N', ... 'K').
func (t PieceType) Letter() byte { return pieceLetters[t] }

// PieceFromLetter parses a FEN piece letter.
func PieceFromLetter(b byte) (Piece, bool) {
	for i := 1; i < len(pieceLetters); i++ {
		if pieceLetters[i] == b && b != ' ' {
			return Piece(i), true
		}
	}
	return NoPiece, false
}

// Square is a board square, a1 = 0, b1 = 1, ..., h8 = 63.
type Square uint8

// NoSquare stands for "no square", e.g. no en-passant target.
const NoSquare Square = 64

// Named squares used by the rules (castling) and by tests.
const (
	A1 Square = iota
	B1
	C1
	D1
	E1
	F1
	G1
	H1
	A8 Square = 56 + iota - 8
	B8
	C8
	D8
	E8
	F8
	G8
	H8
)

// MakeSquare builds a square from file (0 = a) and rank (0 = rank 1).
func MakeSquare(file, rank int) Square { return Square(rank*8 + file) }

// File is 0 for the a-file ... 7 for the h-file.
func (s Square) File() int { return int(s) & 7 }

// Rank is 0 for rank 1 ... 7 for rank 8.
func (s Square) Rank() int { return int(s) >> 3 }

func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads "e4".
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return MakeSquare(int(s[0]-'a'), int(s[1]-'1')), true
}

// Bitboard is a set of squares, bit i = square i.
type Bitboard uint64

// Bit returns the one-square set.
func (s Square) Bit() Bitboard { return 1 << s }

// Count is the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// LSB is the lowest square of a non-empty set.
func (b Bitboard) LSB() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// PopLSB removes and returns the lowest square of a non-empty set.
func (b *Bitboard) PopLSB() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return b&(1<<s) != 0 }

// More than one square in the set.
func (b Bitboard) Many() bool { return b&(b-1) != 0 }

// Board geometry masks.
const (
	FileA Bitboard = 0x0101010101010101
	FileH Bitboard = FileA << 7
	Rank1 Bitboard = 0xff
	Rank2 Bitboard = Rank1 << 8
	Rank3 Bitboard = Rank1 << 16
	Rank4 Bitboard = Rank1 << 24
	Rank5 Bitboard = Rank1 << 32
	Rank6 Bitboard = Rank1 << 40
	Rank7 Bitboard = Rank1 << 48
	Rank8 Bitboard = Rank1 << 56
)

// CastleRights is a 4-bit set of the castling rights still held.
type CastleRights uint8

// The four castling rights.
const (
	WhiteKingSide CastleRights = 1 << iota
	WhiteQueenSide
	BlackKingSide
	BlackQueenSide
	AllCastleRights = WhiteKingSide | WhiteQueenSide | BlackKingSide | BlackQueenSide
)

func (c CastleRights) String() string {
	if c == 0 {
		return "-"
	}
	s := ""
	for i, l := range "KQkq" {
		if c&(1<<i) != 0 {
			s += string(l)
		}
	}
	return s
}
