package chess

// Zobrist keys, drawn once from a fixed-seed generator so that hashes (and
// so opening-book and transposition-table behaviour) are the same on every
// run and machine. Read-only after init.
var (
	zobristPiece  [16][64]uint64
	zobristCastle [16]uint64
	zobristEP     [8]uint64
	zobristSide   uint64
)

func init() {
	rng := xorshift{0x5DEECE66D1234567}
	for p := range zobristPiece {
		for s := range zobristPiece[p] {
			zobristPiece[p][s] = rng.next()
		}
	}
	for i := range zobristCastle {
		zobristCastle[i] = rng.next()
	}
	for i := range zobristEP {
		zobristEP[i] = rng.next()
	}
	zobristSide = rng.next()
}
