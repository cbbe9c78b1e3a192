package eval

import (
	"math/bits"

	"azar/variants/chess"
)

// pawnEntry caches the terms that depend on the pawns alone. An entry is
// keyed by both pawn bitboards themselves, so a hit is exact (no
// collisions) and the cache never changes a score. The zero entry is the
// correct one for a position without pawns.
type pawnEntry struct {
	pawns  [2]chess.Bitboard
	passed chess.Bitboard    // passed pawns of both colours
	span   [2]chess.Bitboard // squares colour c's pawns attack or may attack after advancing
	score  Score             // pawn material, PST and structure, White minus Black
}

// pawnTableBits sizes the per-evaluator pawn cache: 2^13 entries of 48
// bytes (384 KiB).
const pawnTableBits = 13

func pawnIndex(wp, bp chess.Bitboard) uint64 {
	h := uint64(wp)*0x9E3779B97F4A7C15 ^ uint64(bp)*0xC2B2AE3D27D4EB4F
	h ^= h >> 29
	h *= 0xBF58476D1CE4E5B9
	return h >> (64 - pawnTableBits)
}

// forward shifts a set one rank towards colour c's promotion rank.
func forward(c chess.Color, b chess.Bitboard) chess.Bitboard {
	if c == chess.White {
		return b << 8
	}
	return b >> 8
}

// pawnAttacksBB is every square colour c's pawns in b attack.
func pawnAttacksBB(c chess.Color, b chess.Bitboard) chess.Bitboard {
	f := forward(c, b)
	return (f&^chess.FileA)>>1 | (f&^chess.FileH)<<1
}

// fillForward extends each square of b to the end of its file in colour
// c's direction.
func fillForward(c chess.Color, b chess.Bitboard) chess.Bitboard {
	if c == chess.White {
		b |= b << 8
		b |= b << 16
		b |= b << 32
	} else {
		b |= b >> 8
		b |= b >> 16
		b |= b >> 32
	}
	return b
}

func relRank(c chess.Color, s chess.Square) int { return s.Rank() ^ int(7*c) }

// computePawns fills e for the pawn sets wp and bp, and records the
// features in t when t is not nil.
func computePawns(e *pawnEntry, wp, bp chess.Bitboard, t *Trace) {
	w := &weights
	e.pawns = [2]chess.Bitboard{wp, bp}
	e.passed = 0
	var sc [2]Score
	for c := chess.White; c <= chess.Black; c++ {
		own, enemy := e.pawns[c], e.pawns[c^1]
		e.span[c] = fillForward(c, pawnAttacksBB(c, own))
		for b := own; b != 0; {
			s := b.PopLSB()
			r, f := relRank(c, s), s.File()
			sc[c] += psq[c][chess.Pawn][s]
			stop := forward(c, s.Bit())
			isolated := own&adjFiles[f] == 0
			if frontSpan[c][s]&own != 0 {
				sc[c] += w.PawnDoubled
				if t != nil {
					t.Coef.PawnDoubled[c]++
				}
			} else if passMask[c][s]&enemy == 0 {
				e.passed |= s.Bit()
				sc[c] += w.PassedPawn[r]
				if t != nil {
					t.Coef.PassedPawn[r][c]++
				}
			}
			if isolated {
				sc[c] += w.PawnIsolated
				if t != nil {
					t.Coef.PawnIsolated[c]++
				}
			} else if own&behindAdj[c][s] == 0 && pawnAttacksBB(c, stop)&enemy != 0 {
				sc[c] += w.PawnBackward
				if t != nil {
					t.Coef.PawnBackward[c]++
				}
			}
			if own&adjFiles[f]&(chess.Rank1<<(8*s.Rank())) != 0 {
				sc[c] += w.PawnPhalanx[r]
				if t != nil {
					t.Coef.PawnPhalanx[r][c]++
				}
			}
			if n := (own & pawnAttacksBB(c^1, s.Bit())).Count(); n > 0 {
				sc[c] += w.PawnSupported[r] * Score(n)
				if t != nil {
					t.Coef.PawnSupported[r][c] += int32(n)
				}
			}
			if t != nil {
				t.Coef.Material[0][c]++
				t.Coef.PST[0][s^chess.Square(56*c)][c]++
			}
		}
	}
	e.score = sc[0] - sc[1]
}

// nearest returns the distance in ranks from rank r to the nearest square
// of b in colour c's forward direction, or 0 if b is empty.
func nearest(c chess.Color, b chess.Bitboard, r int) int {
	if b == 0 {
		return 0
	}
	if c == chess.White {
		return b.LSB().Rank() - r
	}
	return r - (63 - bits.LeadingZeros64(uint64(b)))>>3
}
