package eval

import (
	"azar/variants/chess"
	"azar/variants/spy"
)

// Ajedrez con Espía: the spy terms added to the chess evaluation of the
// board (centipawns). The chess evaluation sees an original queen as a
// queen; spyCompBonus corrects it for the components it has. An "amazon"
// (rook + bishop + knight) is valued far above a queen, a chancellor (rook
// + knight) and above all an archbishop (bishop + knight) below: in the
// match tests (docs/spy.md, Figures) lower values, 250/-25/-75 and
// 450/-30/-150, made the engine reveal pieces whose reveals then lost
// games more often than they won them.
var spyCompBonus = [8]int{
	spy.CompR | spy.CompB | spy.CompN: 700,
	spy.CompR | spy.CompB:             0,
	spy.CompR | spy.CompN:             -100,
	spy.CompB | spy.CompN:             -250,
}

// spyPawnRankBonus is what a gained pawn adds to a pawn reveal's swing by
// the rank it will stand on for its new owner (0 = the new owner's first
// rank): a spy pawn still at home becomes a pawn on the revealer's
// seventh rank.
var spyPawnRankBonus = [8]int{0, 0, 0, 10, 30, 60, 150, 0}

// spySwing is what revealing colour c's spy on sq would change in
// material: the piece gained and the piece the opponent loses, less what
// c's original queen loses.
func spySwing(s *spy.State, c chess.Color, sq chess.Square) int {
	t := s.Position().At(sq).Type()
	_, comp := s.OriginalQueen(c)
	v := 2*PieceValue(t) + spyCompBonus[comp&^spyCompOf(t)] - spyCompBonus[comp]
	if t == chess.Pawn {
		r := sq.Rank()
		if c == chess.Black {
			r = 7 - r
		}
		v += spyPawnRankBonus[r]
	}
	return v
}

func spyCompOf(t chess.PieceType) spy.Comp {
	switch t {
	case chess.Rook:
		return spy.CompR
	case chess.Bishop:
		return spy.CompB
	case chess.Knight:
		return spy.CompN
	}
	return 0
}

// SpyTerm is colour c's spy-chess material beyond the chess evaluation:
// its original queen's components, and the potential of its unrevealed
// spy when c may reveal it (canReveal: false for a side whose engine
// policy never reveals), counted at share per cent of its reveal's swing
// (the engine's SpyHoldShare option, search/hidden).
func SpyTerm(s *spy.State, c chess.Color, canReveal bool, share int) int {
	qsq, comp := s.OriginalQueen(c)
	if qsq == chess.NoSquare {
		return 0
	}
	v := spyCompBonus[comp]
	if !canReveal {
		return v
	}
	if sq := s.SpySquare(c); sq != chess.NoSquare {
		v += max(spySwing(s, c, sq), 0) * share / 100 // a reveal that loses is never made
	}
	return v
}
