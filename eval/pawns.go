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
	// shelter[c] is colour c's king shelter for a king on shelterKing[c]-1
	// (0: not computed yet).
	shelter     [2]Score
	shelterKing [2]uint8
}

// pawnTableBits sizes the per-evaluator pawn cache: 2^13 entries of 56
// bytes (448 KiB).
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
	e.shelterKing = [2]uint8{}
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
	return r - (63-bits.LeadingZeros64(uint64(b)))>>3
}

// shelterScore is the pawn shelter and storm in front of colour c's king
// on k: for the king's file and its neighbours (the b-, c- and d-file for
// a king on the a-file), the nearest own and enemy pawn in front.
func shelterScore(pawns *[2]chess.Bitboard, c chess.Color, k chess.Square, t *Trace) Score {
	w := &weights
	var s Score
	f := min(max(k.File(), 1), 6)
	front := ahead[c][k.Rank()]
	for ff := f - 1; ff <= f+1; ff++ {
		m := front & fileMask[ff]
		ds := nearest(c, m&pawns[c], k.Rank())
		de := nearest(c, m&pawns[c^1], k.Rank())
		s += w.PawnShield[ds&7] + w.PawnStorm[de&7]
		if t != nil {
			t.Coef.PawnShield[ds][c]++
			t.Coef.PawnStorm[de][c]++
		}
	}
	return s
}

// kingShelter returns colour c's king shelter for its king on k, from the
// entry's cache when the king has not moved since it was computed.
func (e *pawnEntry) kingShelter(c chess.Color, k chess.Square) Score {
	if e.shelterKing[c] != uint8(k)+1 {
		e.shelter[c] = shelterScore(&e.pawns, c, k, nil)
		e.shelterKing[c] = uint8(k) + 1
	}
	return e.shelter[c]
}
