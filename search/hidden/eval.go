package hidden

import (
	"context"

	"azar/eval"
	"azar/variants/chess"
	"azar/variants/spy"
)

// The spy terms added to the chess evaluation (centipawns, from the side
// to move's view). The chess evaluator sees an original queen as a queen;
// compBonus corrects it for the components it has. An "amazon" (rook +
// bishop + knight) is valued far above a queen, a chancellor (rook +
// knight) and above all an archbishop (bishop + knight) below: in the
// match tests (docs/spy.md, Figures) lower values, 250/-25/-75 and
// 450/-30/-150, made the engine reveal pieces whose reveals then lost
// games more often than they won them.
var compBonus = [8]int{
	spy.CompR | spy.CompB | spy.CompN: 700,
	spy.CompR | spy.CompB:             0,
	spy.CompR | spy.CompN:             -100,
	spy.CompB | spy.CompN:             -250,
}

// DefaultHoldShare is the default of Options.HoldShare: the share (per
// cent) of a reveal's material swing that an unrevealed live spy is worth
// to a side that may reveal it (its original queen on the board). Below
// 100 so that the search reveals when the reveal keeps its gain and the
// spy risks being lost; high, because a reveal also gives the opponent's
// search the engine's card (one world instead of fifteen), which the
// tests showed to cost more than a pawn's worth: the engine reveals for
// tactics, not for the material alone. In the 400 games against `never`
// (docs/spy.md, Figures) the games without a reveal by the engine scored
// 46.6 %: a holding value never cashed may steer the play, which is why
// it is an option (SpyHoldShare) to tune.
const DefaultHoldShare = 90

// pawnRankBonus is what a gained pawn adds to a pawn reveal's swing by
// the rank it will stand on for its new owner (0 = the new owner's first
// rank): a spy pawn still at home becomes a pawn on the revealer's
// seventh rank.
var pawnRankBonus = [8]int{0, 0, 0, 10, 30, 60, 150, 0}

// swing is what revealing colour c's spy on sq would change in material:
// the piece gained and the piece the opponent loses, less what c's
// original queen loses.
func swing(s *spy.State, c chess.Color, sq chess.Square) int {
	t := s.Position().At(sq).Type()
	_, comp := s.OriginalQueen(c)
	v := 2*eval.PieceValue(t) + compBonus[comp&^compOf(t)] - compBonus[comp]
	if t == chess.Pawn {
		r := sq.Rank()
		if c == chess.Black {
			r = 7 - r
		}
		v += pawnRankBonus[r]
	}
	return v
}

func compOf(t chess.PieceType) spy.Comp {
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

// spyTerm is colour c's spy-chess material beyond the chess evaluation:
// its original queen's components, and the potential of its unrevealed
// spy when c may reveal it (canReveal: false for a side whose policy never
// reveals), counted at share per cent of its reveal's swing.
func spyTerm(s *spy.State, c chess.Color, canReveal bool, share int) int {
	qsq, comp := s.OriginalQueen(c)
	if qsq == chess.NoSquare {
		return 0
	}
	v := compBonus[comp]
	if !canReveal {
		return v
	}
	if sq := s.SpySquare(c); sq != chess.NoSquare {
		v += max(swing(s, c, sq), 0) * share / 100 // a reveal that loses is never made
	}
	return v
}

// evaluate is the static evaluation of a world's position from the side
// to move's view.
func (t *searcher) evaluate() int {
	s := t.s
	us := s.Side()
	v := t.ev.Evaluate(s.Position())
	share := t.e.opts.HoldShare
	v += spyTerm(s, us, t.canReveal(us), share) - spyTerm(s, us.Other(), t.canReveal(us.Other()), share)
	return max(min(v, maxEval), -maxEval)
}

// maxEval keeps static scores clear of mate scores.
const maxEval = 20000

// Evaluate is the static evaluation of st for its side to move, with the
// spy terms, weighted over the worlds of the unknown cards as the search
// weights them (on the win-probability scale).
func (e *Engine) Evaluate(st *spy.State) int {
	t := &searcher{e: e, ctx: context.Background(), ev: eval.NewEvaluator(), rootSide: st.Side()}
	exp, total := 0.0, 0.0
	for _, w := range e.worlds(st) {
		t.s = w.st
		exp += w.prob * winProb(t.evaluate())
		total += w.prob
	}
	if total == 0 {
		return 0
	}
	return cpOf(exp / total)
}
