package spy

import (
	"azar/variants"
	"azar/variants/chess"
)

// The repetition key is this package's own Zobrist hash, recomputed after
// each action: the board's key cannot be used as is because it counts an
// en-passant square by standard chess's legality, which the original queens
// change.
var (
	zPiece    [16][64]uint64
	zBicolour [64]uint64
	zQueen    [2][64]uint64
	zComp     [2][8]uint64
	zCentre   [2]uint64
	zRevealed [2]uint64
	zCastle   [16]uint64
	zEP       [8]uint64
	zSide     uint64
	zSpy      [2][65]uint64
)

func init() {
	next := variants.NewKeyStream(0x9E3779B97F4A7C15).Next
	for i := range zPiece {
		for j := range zPiece[i] {
			zPiece[i][j] = next()
		}
	}
	for i := range zBicolour {
		zBicolour[i] = next()
	}
	for c := range 2 {
		for i := range zQueen[c] {
			zQueen[c][i] = next()
		}
		for i := range zComp[c] {
			zComp[c][i] = next()
		}
		zCentre[c] = next()
		zRevealed[c] = next()
	}
	for i := range zCastle {
		zCastle[i] = next()
	}
	for i := range zEP {
		zEP[i] = next()
	}
	zSide = next()
	for c := range 2 {
		for i := range zSpy[c] {
			zSpy[c][i] = next()
		}
		zSpy[c][chess.NoSquare] = 0
	}
}

// WorldKey is Key plus where each player's usable spy stands (nothing for
// an unknown, neutral, lost or revealed card): the key of a position in
// one determinized world, for a transposition table shared by worlds.
func (s *State) WorldKey() uint64 {
	return s.key ^ zSpy[0][s.SpySquare(chess.White)] ^ zSpy[1][s.SpySquare(chess.Black)]
}

func (s *State) computeKey() uint64 {
	p := s.pos
	var h uint64
	for b := p.Occupied(); b != 0; {
		sq := b.PopLSB()
		h ^= zPiece[p.At(sq)][sq]
	}
	for b := s.bicolour; b != 0; {
		h ^= zBicolour[b.PopLSB()]
	}
	for c := range 2 {
		if s.qsq[c] != chess.NoSquare {
			h ^= zQueen[c][s.qsq[c]] ^ zComp[c][s.qcomp[c]]
		}
		if s.centre[c] {
			h ^= zCentre[c]
		}
		if s.revealed[c] {
			h ^= zRevealed[c]
		}
	}
	h ^= zCastle[p.CastleRights()]
	if s.epLegal() {
		h ^= zEP[s.ep.File()]
	}
	if p.Side() == chess.Black {
		h ^= zSide
	}
	return h
}

// epLegal reports whether the side to move has a legal en-passant capture.
func (s *State) epLegal() bool {
	if s.ep == chess.NoSquare {
		return false
	}
	us := s.pos.Side()
	for c := chess.PawnAttacks(us.Other(), s.ep) & s.pos.Pieces(us, chess.Pawn); c != 0; {
		if s.moveLegal(newEnPassant(c.PopLSB(), s.ep)) {
			return true
		}
	}
	return false
}
