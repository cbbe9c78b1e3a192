package chess

// Attack and geometry tables. They are filled once in init and only read
// afterwards, so they are safe to share between search threads.
var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	// between[a][b] holds the squares strictly between a and b when they
	// share a rank, file or diagonal; empty otherwise.
	between [64][64]Bitboard
	// line[a][b] is the whole rank, file or diagonal through a and b
	// (both included); empty when they are not aligned.
	line [64][64]Bitboard
	// castleKeep[s] is the set of rights that survive a piece leaving or
	// arriving on s.
	castleKeep [64]CastleRights
)

func init() {
	initMagics()
	for s := Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if ff, rr := f+d[0], r+d[1]; ff >= 0 && ff < 8 && rr >= 0 && rr < 8 {
				knightAttacks[s] |= MakeSquare(ff, rr).Bit()
			}
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if ff, rr := f+df, r+dr; (df != 0 || dr != 0) && ff >= 0 && ff < 8 && rr >= 0 && rr < 8 {
					kingAttacks[s] |= MakeSquare(ff, rr).Bit()
				}
			}
		}
		for _, df := range []int{-1, 1} {
			if ff := f + df; ff >= 0 && ff < 8 {
				if r < 7 {
					pawnAttacks[White][s] |= MakeSquare(ff, r+1).Bit()
				}
				if r > 0 {
					pawnAttacks[Black][s] |= MakeSquare(ff, r-1).Bit()
				}
			}
		}
	}
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			if a == b {
				continue
			}
			if RookAttacks(a, 0).Has(b) {
				between[a][b] = RookAttacks(a, b.Bit()) & RookAttacks(b, a.Bit())
				line[a][b] = fullLine(a, b)
			} else if BishopAttacks(a, 0).Has(b) {
				between[a][b] = BishopAttacks(a, b.Bit()) & BishopAttacks(b, a.Bit())
				line[a][b] = fullLine(a, b)
			}
		}
	}
	for s := range castleKeep {
		castleKeep[s] = AllCastleRights
	}
	castleKeep[E1] &^= WhiteKingSide | WhiteQueenSide
	castleKeep[H1] &^= WhiteKingSide
	castleKeep[A1] &^= WhiteQueenSide
	castleKeep[E8] &^= BlackKingSide | BlackQueenSide
	castleKeep[H8] &^= BlackKingSide
	castleKeep[A8] &^= BlackQueenSide
}

// fullLine walks from a in both directions towards and away from b, the
// two squares being aligned.
func fullLine(a, b Square) Bitboard {
	df, dr := sign(b.File()-a.File()), sign(b.Rank()-a.Rank())
	var l Bitboard
	for _, dir := range [2]int{1, -1} {
		f, r := a.File(), a.Rank()
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			l |= MakeSquare(f, r).Bit()
			f += df * dir
			r += dr * dir
		}
	}
	return l
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// KnightAttacks returns the squares a knight on s attacks.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s] }

// KingAttacks returns the squares a king on s attacks.
func KingAttacks(s Square) Bitboard { return kingAttacks[s] }

// PawnAttacks returns the squares a pawn of colour c on s attacks.
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c][s] }

// QueenAttacks returns the queen's attacks from s given the occupancy.
func QueenAttacks(s Square, occ Bitboard) Bitboard {
	return RookAttacks(s, occ) | BishopAttacks(s, occ)
}

// Between returns the squares strictly between a and b on a shared line.
func Between(a, b Square) Bitboard { return between[a][b] }

// Line returns the full line through a and b, or 0 if not aligned.
func Line(a, b Square) Bitboard { return line[a][b] }

// pieceAttacks is the attack set of a knight, bishop, rook, queen or king
// of type t on s with occupancy occ (pawns have their own tables).
func pieceAttacks(t PieceType, s Square, occ Bitboard) Bitboard {
	switch t {
	case Knight:
		return knightAttacks[s]
	case Bishop:
		return BishopAttacks(s, occ)
	case Rook:
		return RookAttacks(s, occ)
	case Queen:
		return QueenAttacks(s, occ)
	case King:
		return kingAttacks[s]
	}
	return 0
}
