package chess

// Move is one action on the board, packed in 32 bits:
//
//	bits  0-5   from square (for a drop: the Piece placed)
//	bits  6-11  to square
//	bits 12-13  promotion piece (0 knight, 1 bishop, 2 rook, 3 queen)
//	bits 14-16  kind (normal, promotion, en passant, castle, drop, remove,
//	            relocate, null)
//	bit  17     keep turn: after this action the same side acts again
//
// The zero Move is NoMove (a1a1 is never a move).
type Move uint32

// MoveKind says what a Move does.
type MoveKind uint8

// The kinds of action a Move can carry. Standard chess uses the first four;
// the others are the primitives the variants build on.
const (
	KindNormal MoveKind = iota
	KindPromotion
	KindEnPassant
	KindCastle
	KindDrop     // put a piece (from field) on an empty square
	KindRemove   // take the piece on the to square off the board
	KindRelocate // move a piece from one square to an empty one, not a chess move
	KindNull     // pass
)

// NoMove is the empty move.
const NoMove Move = 0

const keepTurnBit = 1 << 17

// NewMove builds a normal move.
func NewMove(from, to Square) Move { return Move(from) | Move(to)<<6 }

// NewPromotion builds a promotion to pt (Knight..Queen).
func NewPromotion(from, to Square, pt PieceType) Move {
	return Move(from) | Move(to)<<6 | Move(pt-Knight)<<12 | Move(KindPromotion)<<14
}

func newSpecial(from, to Square, k MoveKind) Move {
	return Move(from) | Move(to)<<6 | Move(k)<<14
}

// NewDrop places piece p on the empty square to.
func NewDrop(p Piece, to Square) Move { return Move(p) | Move(to)<<6 | Move(KindDrop)<<14 }

// NewRemoval takes the piece on s off the board.
func NewRemoval(s Square) Move { return Move(s) | Move(s)<<6 | Move(KindRemove)<<14 }

// NewRelocation moves the piece on from to the empty square to, outside the
// rules of piece movement (a teleport).
func NewRelocation(from, to Square) Move { return newSpecial(from, to, KindRelocate) }

// NullMove passes the turn.
const NullMove Move = Move(KindNull) << 14

// From is the origin square (for a drop, see DropPiece).
func (m Move) From() Square { return Square(m & 63) }

// To is the destination square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Kind says what the move does.
func (m Move) Kind() MoveKind { return MoveKind(m >> 14 & 7) }

// Promotion is the piece type a pawn becomes (only for KindPromotion).
func (m Move) Promotion() PieceType { return PieceType(m>>12&3) + Knight }

// DropPiece is the piece a drop places.
func (m Move) DropPiece() Piece { return Piece(m & 63) }

// KeepsTurn reports whether the same side acts again after this move.
func (m Move) KeepsTurn() bool { return m&keepTurnBit != 0 }

// WithKeepTurn marks the move so that the mover acts again afterwards
// (multi-action turns of the card variants).
func (m Move) WithKeepTurn() Move { return m | keepTurnBit }

// String is the move in UCI long algebraic notation: e2e4, e7e8q, e1g1 for
// castling, N@e4 for a drop (lower case for a black piece), 0000 for a pass;
// removals print as -e4 and relocations as e4>e6 (Azar's extension). The
// keep-turn flag is not printed: which actions share a turn is the variant's
// rule, not part of the notation.
func (m Move) String() string {
	suffix := ""
	switch m.Kind() {
	case KindNull:
		return "0000" + suffix
	case KindDrop:
		return string(m.DropPiece().Letter()) + "@" + m.To().String() + suffix
	case KindRemove:
		return "-" + m.To().String() + suffix
	case KindRelocate:
		return m.From().String() + ">" + m.To().String() + suffix
	case KindPromotion:
		return m.From().String() + m.To().String() + string(m.Promotion().Letter()+'a'-'A') + suffix
	}
	if m == NoMove {
		return "(none)"
	}
	return m.From().String() + m.To().String() + suffix
}

// MaxMoves is a MoveList's capacity.
const MaxMoves = 512

// MoveList is a fixed-size move buffer: generation never allocates. Its
// capacity covers the variants too: standard chess has at most 218 legal
// moves, but queens that also jump like knights (super:Q) with every pawn
// promoted can exceed 400. Buffers kept beside a list, one entry per
// move, are sized by MaxMoves.
type MoveList struct {
	Moves [MaxMoves]Move
	N     int
}

func (l *MoveList) add(m Move) { l.Moves[l.N] = m; l.N++ }

// Slice returns the generated moves (aliasing the list's array).
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }

// Contains reports whether m is in the list.
func (l *MoveList) Contains(m Move) bool {
	for _, x := range l.Moves[:l.N] {
		if x == m {
			return true
		}
	}
	return false
}
