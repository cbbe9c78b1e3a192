package hidden

import (
	"azar/eval"
	"azar/variants/chess"
	"azar/variants/spy"
)

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

// staticEval is the evaluation of s for its side to move, with the spy
// terms of both sides (the engine's own spy not counted under
// PolicyNever: the engine, rootSide, never reveals it).
func staticEval(ev *eval.Evaluator, s *spy.State, o *Options, rootSide chess.Color) int {
	us := s.Side()
	canReveal := func(c chess.Color) bool { return !(c == rootSide && o.Policy == PolicyNever) }
	v := ev.Evaluate(s.Position())
	v += eval.SpyTerm(s, us, canReveal(us), o.HoldShare) - eval.SpyTerm(s, us.Other(), canReveal(us.Other()), o.HoldShare)
	return v
}

// maxEval keeps static scores clear of mate scores.
const maxEval = 20000

// Evaluate is the static evaluation of st for its side to move, with the
// spy terms, weighted over the worlds of the unknown cards as the search
// weights them (on the win-probability scale).
func (e *Engine) Evaluate(st *spy.State) int {
	ev := eval.NewEvaluator()
	exp, total := 0.0, 0.0
	for _, w := range e.worlds(st) {
		v := max(min(staticEval(ev, w.st, &e.opts, st.Side()), maxEval), -maxEval)
		exp += w.prob * winProb(v)
		total += w.prob
	}
	if total == 0 {
		return 0
	}
	return cpOf(exp / total)
}
