package eval

import "azar/variants/chess"

// Geometry tables and the combined material+PST table, filled once by
// init and only read afterwards (safe to share between search threads).
var (
	fileMask  [8]chess.Bitboard
	adjFiles  [8]chess.Bitboard
	frontSpan [2][64]chess.Bitboard // squares in front on the same file
	passMask  [2][64]chess.Bitboard // squares in front on the same and adjacent files
	// behindAdj: squares on the adjacent files at the same rank or behind.
	behindAdj [2][64]chess.Bitboard
	// ahead[c][r]: the ranks strictly in front of rank r for colour c.
	ahead    [2][8]chess.Bitboard
	kingZone [2][64]chess.Bitboard
	dist     [64][64]uint8 // Chebyshev (king-move) distance
	centre   [64]uint8     // Manhattan distance to the four centre squares
	// outpostRanks[c]: the 4th to 6th ranks for colour c.
	outpostRanks [2]chess.Bitboard
	// pushRank[c]: the rank colour c's pawns reach by one step from their
	// first square (the 3rd), from where a second step is allowed.
	pushRank [2]chess.Bitboard
	// spaceMask[c]: files c to f on colour c's 2nd to 4th ranks.
	spaceMask [2]chess.Bitboard
	// nearFiles[f][d]: the files (bit per file) at distance exactly d from f.
	nearFiles [8][8]uint8
	// psq[c][t][s]: material plus piece-square value of colour c's piece of
	// type t on s, for c's side.
	psq [2][7][64]Score
)

const darkSquares chess.Bitboard = 0xAA55AA55AA55AA55

func init() {
	for f := 0; f < 8; f++ {
		fileMask[f] = chess.FileA << f
	}
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjFiles[f] |= fileMask[f-1]
		}
		if f < 7 {
			adjFiles[f] |= fileMask[f+1]
		}
	}
	for r := 0; r < 8; r++ {
		for rr := r + 1; rr < 8; rr++ {
			ahead[chess.White][r] |= chess.Rank1 << (8 * rr)
		}
		for rr := 0; rr < r; rr++ {
			ahead[chess.Black][r] |= chess.Rank1 << (8 * rr)
		}
	}
	outpostRanks[chess.White] = chess.Rank4 | chess.Rank5 | chess.Rank6
	outpostRanks[chess.Black] = chess.Rank5 | chess.Rank4 | chess.Rank3
	pushRank[chess.White], pushRank[chess.Black] = chess.Rank3, chess.Rank6
	centreFiles := fileMask[2] | fileMask[3] | fileMask[4] | fileMask[5]
	spaceMask[chess.White] = centreFiles & (chess.Rank2 | chess.Rank3 | chess.Rank4)
	spaceMask[chess.Black] = centreFiles & (chess.Rank7 | chess.Rank6 | chess.Rank5)
	for f := 0; f < 8; f++ {
		for g := 0; g < 8; g++ {
			nearFiles[f][abs(f-g)] |= 1 << g
		}
	}
	for s := chess.Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		for c := chess.White; c <= chess.Black; c++ {
			frontSpan[c][s] = ahead[c][r] & fileMask[f]
			passMask[c][s] = ahead[c][r] & (fileMask[f] | adjFiles[f])
			behindAdj[c][s] = adjFiles[f] &^ ahead[c][r]
			z := chess.KingAttacks(s) | s.Bit()
			if c == chess.White {
				z |= z << 8
			} else {
				z |= z >> 8
			}
			kingZone[c][s] = z
		}
		for t := chess.Square(0); t < 64; t++ {
			dist[s][t] = uint8(max(abs(f-t.File()), abs(r-t.Rank())))
		}
		centre[s] = uint8(max(3-f, f-4) + max(3-r, r-4))
	}
	initPSQ()
}

// initPSQ combines the material and piece-square weights.
func initPSQ() {
	for t := chess.Pawn; t <= chess.King; t++ {
		for s := chess.Square(0); s < 64; s++ {
			v := weights.PST[t-1][s]
			if t != chess.King {
				v += weights.Material[t-1]
			}
			psq[chess.White][t][s] = v
			psq[chess.Black][t][s^56] = v
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
