package chess

// CastleSide is one castling's geometry, for move generators outside this
// package (the variants' generators, which check their own rules).
type CastleSide struct {
	Right          CastleRights
	King, To, Rook Square
	// Empty must be empty; Path are the squares the king crosses and
	// reaches, which must not be attacked.
	Empty Bitboard
	Path  [2]Square
}

// CastleSides are colour us's two castlings, king side first.
func CastleSides(us Color) [2]CastleSide {
	if us == White {
		return [2]CastleSide{
			{WhiteKingSide, E1, G1, H1, F1.Bit() | G1.Bit(), [2]Square{F1, G1}},
			{WhiteQueenSide, E1, C1, A1, B1.Bit() | C1.Bit() | D1.Bit(), [2]Square{D1, C1}},
		}
	}
	return [2]CastleSide{
		{BlackKingSide, E8, G8, H8, F8.Bit() | G8.Bit(), [2]Square{F8, G8}},
		{BlackQueenSide, E8, C8, A8, B8.Bit() | C8.Bit() | D8.Bit(), [2]Square{D8, C8}},
	}
}
