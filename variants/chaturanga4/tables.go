package chaturanga4

import (
	"azar/variants"
	"azar/variants/chess"
)

// Tables filled once in init and only read afterwards.
var (
	// boatLeaps[s]: the squares two steps diagonally away from s.
	boatLeaps [64]Bitboard
	// pawnPush[seat][s]: the square in front of a pawn (empty on the
	// promotion line); pawnTakes[seat][s]: its two capture squares.
	pawnPush  [Seats][64]Bitboard
	pawnTakes [Seats][64]Bitboard
	// promotionLine[seat]: the file or rank where the seat's pawns promote.
	promotionLine [Seats]Bitboard

	keyPiece  [Seats][pieceTypes][64]uint64
	keyToMove [Seats]uint64
	keyActive [1 << Seats]uint64
	keyPool   [Seats][3][maxPool + 1]uint64
)

// maxPool bounds one type's count in a pool: three pieces of a type at
// most exist per army plus its four pawns, promoted.
const maxPool = 8

// pawnDirs are each seat's forward step (file, rank): Red west, Green
// north, Yellow east, Black south.
var pawnDirs = [Seats][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}}

func init() {
	fileA, rank1 := Bitboard(0x0101010101010101), Bitboard(0xFF)
	promotionLine = [Seats]Bitboard{fileA, rank1 << 56, fileA << 7, rank1}
	for s := Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		on := func(ff, rr int) bool { return ff >= 0 && ff < 8 && rr >= 0 && rr < 8 }
		for _, d := range [4][2]int{{2, 2}, {2, -2}, {-2, 2}, {-2, -2}} {
			if on(f+d[0], r+d[1]) {
				boatLeaps[s] |= chess.MakeSquare(f+d[0], r+d[1]).Bit()
			}
		}
		for seat, d := range pawnDirs {
			if promotionLine[seat].Has(s) {
				continue // a waiting pawn has no forward square
			}
			if on(f+d[0], r+d[1]) {
				pawnPush[seat][s] = chess.MakeSquare(f+d[0], r+d[1]).Bit()
			}
			// The diagonals forward: the step plus one square to each
			// side across it.
			sx, sy := d[1], d[0]
			for _, side := range []int{-1, 1} {
				if ff, rr := f+d[0]+side*sx, r+d[1]+side*sy; on(ff, rr) {
					pawnTakes[seat][s] |= chess.MakeSquare(ff, rr).Bit()
				}
			}
		}
	}
	keys := variants.NewKeyStream(0xC4A7_0004_5EA7_2026)
	for s := range keyPiece {
		for t := range keyPiece[s] {
			for q := range keyPiece[s][t] {
				keyPiece[s][t][q] = keys.Next()
			}
		}
		keyToMove[s] = keys.Next()
		for t := range keyPool[s] {
			for n := range keyPool[s][t] {
				keyPool[s][t][n] = keys.Next()
			}
		}
	}
	for m := range keyActive {
		keyActive[m] = keys.Next()
	}
}
