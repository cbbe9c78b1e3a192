package core

import (
	"azar/search"
	"azar/variants"
)

// ChanceProbCut (after Schadd, Winands and Uiterwijk, 2009): forward
// pruning at chance nodes. Star1/Star2 can only cut a chance node once
// the bounds of the outcomes not yet searched ([Lower, Upper] = ±4000)
// no longer reach the window, which takes nearly every outcome searched
// in full (docs/lucky.md, "Chance-node pruning"). Here a shallow search
// of each outcome predicts its deep value, and the node is cut when the
// predictions, widened by a margin, already decide it against the
// window. The shallow search plays the cards' action sequences (that is
// its cost, a few times less than the deep search), and the rival answers
// them with a search two plies shallower, or with quiescence at depth 1.
//
// The shallow search's bias decides the margins:
//
//   - At depth 1 the shallow search is the card followed by the rival's
//     quiescence, the deep one the card followed by a full ply of the
//     rival. The rival's extra ply mostly finds it more (threats, quiet
//     replies), so the full-width shallow value is an optimistic estimate
//     for the drawer: for the draws of the 50 positions of TestNodeCounts
//     it was never below the deep value of the chance node (0 to 127 cp
//     above). A
//     fail-low is then predicted with the small margin probCutSlack, a
//     fail-high never (Star2's probes, guided by the predictions, prove
//     fail-highs exactly and cheaply: a good card needs one good action
//     sequence).
//   - At depth 2 and more the shallow search takes two plies off the
//     rival's reply (the same side moves last at both horizons). Its
//     errors go both ways at depth 2 (for the same draws, up to 240 cp,
//     all but two within 150) and are larger at depth 3, mostly below the
//     deep value there (from 406 below to 81 above): the drawer's own
//     next turn, which the shallow search lacks, tends to gain. The
//     margin is the same on both sides: the margin at depth 2,
//     the deep margin beyond.
//
// The shallow search is only a predictor, so (with ProbCut.Lean) it
// prunes as a chess engine's reduced search would, and the margins absorb
// what that costs in accuracy:
//
//   - quiescence skips captures that lose material by static exchange,
//     for both players (most of the shallow search's nodes are the
//     quiescence searches after the cards' action sequences);
//   - inside a card (a player's actions in the middle of a turn), at a
//     null window, only the first shallowLMP actions in the search's order
//     are searched, and after them the captures, promotions and actions
//     that give check: the relocations, `enemy2` and the three-move cards
//     have hundreds of sequences, and their late quiet ones seldom decide
//     a card's value.
//
// Both lower the drawer's shallow values, so at depth 1 the prediction is
// no longer optimistic by construction; the decisions of TestNodeCounts
// (and of two further sets kept aside while tuning) say what it costs.
//
// When nothing is cut, a null-window node is searched exactly by Star1 and
// Star2 with the predictions as the probes' thresholds (guidedStar), and a
// chance node on the principal variation by star12 as without
// ChanceProbCut, except at depth 1, where the optimism of the prediction P
// gives a cheaper approximation: the deep value is proved (exactly) to be
// above P - probCutPVDelta and taken as P.
//
// Values near a game end are not predicted: windows outside ±EvalLimit
// are left to Star1/Star2, and an outcome whose shallow value is a win
// for the drawer counts as Lower in a fail-high sum (at depth 2 and more a
// loss counts as Upper in a fail-low sum too; at depth 1 a loss found
// against the rival's quiescence stands against its full ply).
//
// The constants were tuned on TestNodeCounts at depths 3, 4 and 5 (the 50
// positions of randomPositions(50, 1), and at depths 3 and 4 the games
// set): margins that keep every decision of plain expectimax there, with
// some room. On the two sets kept aside (random2, games2) they keep every
// decision at depth 3 and lose one and three at depth 4 (docs/lucky.md).
const (
	// DefaultProbCutMargin is the margin at depth 2, in centipawns.
	// About 75 is the least that keeps every decision of TestNodeCounts
	// at depth 4 (at 50 one changes: a draw worth 337 cp that the shallow
	// search sees at 118); 150 covers all but two of the depth-2 errors
	// measured there, for 6% more nodes than 100.
	DefaultProbCutMargin = 150
	// DefaultProbCutDeepMargin is the margin at depth 3 and more: it
	// covers every depth-3 error measured on those positions (at most
	// 406). About 370 is the least that keeps every decision at depth 5
	// (at 300 one changes: a draw worth 1126 cp that the shallow search
	// sees at 728, against a move worth 1097, for 5.8 times fewer nodes
	// than plain expectimax instead of 4.0).
	DefaultProbCutDeepMargin = 450
	// probCutSlack is the fail-low margin at depth 1, where the shallow
	// value is optimistic for the drawer: 0 keeps every decision at
	// depths 3 and 4 (20 costs 11% more nodes at depth 3).
	probCutSlack = 0
	// probCutPVDelta is how far below its optimistic prediction P the
	// value of a depth-1 chance node on the principal variation is
	// proved to be before P is taken as its value: the error of that
	// value is at most this (when P is not below the deep value). 20
	// keeps every decision at depth 4; 0 (exact values) costs 12% more
	// nodes there, 10 gives the same decisions and 2% more.
	probCutPVDelta = 20
	// noCut is a margin no prediction can pass.
	noCut = 2 * WinScore
	// shallowLMP is how many actions of a node inside a card the lean
	// shallow search tries before it keeps only the tactical and checking
	// ones (at null windows). On TestNodeCounts at depth 3: 10 keeps every
	// decision on both position sets; 5 loses one on the random set (a
	// draw worth 208 cp more than the best move, whose good sequence is a
	// late quiet one).
	shallowLMP = 10
	// probCutTestGap: with ProbCut.Gate, the depth-1 null-window
	// test of the shallow chance node runs only where the static value of
	// the chance node (the board plus the card's expected value) is more
	// than this below alpha. Elsewhere the draw usually passes the test
	// (in Azar's games the draw is most often the best action at a turn
	// start where it is allowed), and a test that does not cut costs
	// about as much as the predictions it precedes. 0, 50, 100 and 200
	// were tried: within a few per cent of each other at depth 3 (100
	// was chosen on runs without shallowLMP; with it 0 is 3% better on
	// the random set, the same on the games set).
	probCutTestGap = 100
	// DefaultProbCutStaticHigh is the margin of the static fail-high cut
	// at depth 1 (ProbCut.StaticHigh): a chance node below the root's own
	// draw, at a null window, whose static value (the board plus the
	// card's expected value) is at least this above beta is cut high.
	// On TestNodeCounts (issue 31 §3), 200 keeps every decision of the
	// default before it at depths 4 and 5 and saves 21% of the nodes at
	// depth 5 on the random set; at depth 4 it saves 0 to 4%. 150 saves
	// 2 to 11% at depth 4 but changes a decision of the random set at
	// depth 5 (a draw worth about 1110 cp against a move worth 1097); at
	// 100 two decisions of the games set change at depth 4, at 50 five.
	DefaultProbCutStaticHigh = 200
)

// ProbCut holds ChanceProbCut's settings; the zero value is off.
type ProbCut struct {
	On      bool
	Slack   int  // fail-low margin at depth 1 (no fail-high there)
	Margin  int  // both sides at depth 2
	Deep    int  // both sides at depth 3 and more
	PVDelta int  // depth-1 PV approximation; 0: off (exact PV nodes)
	Lean    bool // the shallow searches prune (see above)
	Gate    bool // the depth-1 test only below alpha - probCutTestGap
	IID     bool // a shallower exact search before a deep one (iidChance)
	// StaticHigh: at depth 1, outside the principal variation and below
	// the root's own chance node, a static value at least this above
	// beta cuts the node high (0: off).
	StaticHigh int
}

// NewProbCut is ChanceProbCut with the margins at depth 2 and beyond (0:
// the defaults), full-width shallow searches and no gate.
func NewProbCut(margin, deep int) ProbCut {
	if margin <= 0 {
		margin = DefaultProbCutMargin
	}
	if deep <= 0 {
		deep = DefaultProbCutDeepMargin
	}
	return ProbCut{On: true, Slack: probCutSlack, Margin: margin, Deep: deep, PVDelta: probCutPVDelta}
}

// chanceProbCut runs before star12 at a chance node whose outcomes are in
// s.outs[ply]. done reports a result (a bound or, at depth 1 on the
// principal variation, the approximation); otherwise star12 searches the
// node. s.est[ply] holds the predictions afterwards.
func (s *searcher) chanceProbCut(alpha, beta, depth, ply, total int) (v int, bound search.Bound, done bool) {
	if alpha <= -EvalLimit || beta >= EvalLimit {
		return 0, 0, false
	}
	pv := beta-alpha > 1
	optimistic := depth == 1
	lowM, highM := s.cp.ProbCut.Margin, s.cp.ProbCut.Margin
	switch {
	case optimistic:
		lowM, highM = s.cp.ProbCut.Slack, noCut
	case depth >= 3:
		lowM, highM = s.cp.ProbCut.Deep, s.cp.ProbCut.Deep
	}
	// The cheapest prediction, at depth 1 below the root's draw: the
	// static value. Most of these nodes are the rival's draws that
	// refute a root move, and their exact proof (every card given a good
	// sequence, each refuted by the other side's full ply) is where most
	// of the nodes of depth 4 go; the full-width predictions below are
	// optimistic at depth 1 and never predict a fail-high, so the static
	// value does, with a margin.
	if optimistic && !pv && ply > 1 && s.cp.ProbCut.StaticHigh > 0 {
		if st := s.evaluate(EvalChance); st-s.cp.ProbCut.StaticHigh >= beta {
			return st - s.cp.ProbCut.StaticHigh, search.BoundLower, true
		}
	}
	// The card's actions are free (drew false makes the end of the turn
	// cost a ply instead), so the rival replies at sd-1: quiescence at
	// depth 1, two plies shallower than the deep search beyond.
	sd := max(1, depth-1)
	// The shallow searches below prune as a reduced search (the flag
	// stays set through nested chance nodes and goes back to the caller's
	// before the deep searches; a halted search leaves it to reset).
	outer := s.shallow
	s.shallow = s.cp.ProbCut.Lean

	// At depth 1 outside the principal variation, a null-window test of
	// the shallow chance node first: Star2's machinery on the shallow
	// outcomes, so that the usual cut (the drawer's draw worse than its
	// best move) costs one pass over the cards' actions.
	if optimistic && !pv && !(s.cp.ProbCut.Gate && s.evaluate(EvalChance) >= alpha-probCutTestGap) {
		t := alpha - lowM
		v, _ := s.star12(t, t+1, sd, ply, total, false)
		if s.stop.halted {
			return 0, 0, false
		}
		if v <= t {
			s.shallow = outer
			return v + lowM, search.BoundUpper, true
		}
	}

	// The predictions: every outcome's shallow value (with the table,
	// the test above made this pass cheaper).
	me := s.g.Side()
	n := len(s.outs[ply])
	pred := s.est[ply][:0]
	sLo, sHi := 0, 0 // Σ w_i (p_i - highM), Σ w_i (p_i + lowM)
	for i := range n {
		p := s.child(s.outs[ply][i].Action, me, Lower-1, Upper+1, sd, ply, false)
		if s.stop.halted {
			return 0, 0, false
		}
		pred = append(pred, p)
		w := s.outs[ply][i].Weight
		if p >= WinBound {
			sLo += w * Lower
		} else {
			sLo += w * max(p-highM, Lower)
		}
		if p <= -WinBound && !optimistic {
			sHi += w * Upper
		} else {
			sHi += w * min(p+lowM, Upper)
		}
	}
	s.est[ply] = pred
	s.shallow = outer
	switch {
	case sHi <= alpha*total:
		return floorDiv(sHi, total), search.BoundUpper, true
	case sLo >= beta*total:
		return ceilDiv(sLo, total), search.BoundLower, true
	case !pv:
		if s.cp.ProbCut.IID && depth >= 2 && weighted(s.est[ply], s.outs[ply]) < beta*total {
			s.iidChance(alpha, beta, depth, ply, total)
			if s.stop.halted {
				return 0, 0, false
			}
		}
		v, bound = s.guidedStar(alpha, beta, depth, ply, total)
		return v, bound, true
	case optimistic && s.cp.ProbCut.PVDelta > 0:
		return s.pvApprox(alpha, beta, depth, ply, total)
	}
	return 0, 0, false
}

// iidChance is internal iterative deepening for a chance node of depth 2
// or more whose predictions did not cut and do not reach beta (the deep
// search has to refute cards, which good ordering makes cheap): Star1/Star2
// at depth-1 with the same window, only for what it leaves in the table
// (the cards' best sequences, the rival's refutations at depth-1, which
// order the deep search). The shallow searches never reach the rival's
// full ply, and where ChanceProbCut cut the node at the previous
// iteration nothing else searched it. The predictions in s.est[ply] are
// kept (star12 overwrites them).
func (s *searcher) iidChance(alpha, beta, depth, ply, total int) {
	pred := append(s.iid[ply][:0], s.est[ply]...)
	s.iid[ply] = pred
	s.star12(alpha, beta, depth-1, ply, total, true)
	s.est[ply] = append(s.est[ply][:0], pred...)
}

// weighted is Σ w_i x_i over a chance node's outcomes.
func weighted(x []int, outs []Weighted) int {
	e := 0
	for i, v := range x {
		e += outs[i].Weight * v
	}
	return e
}

// pvApprox is the value of a depth-1 chance node on the principal
// variation from its prediction P (the weighted shallow values in
// s.est[ply]): a null-window test proves the deep value above
// t = max(alpha, P - pvDelta); P is optimistic, so the value lies in
// (t, P] and P is returned. A failed test gives the exact fail-low when
// t is alpha, and otherwise leaves the node to star12.
func (s *searcher) pvApprox(alpha, beta, depth, ply, total int) (int, search.Bound, bool) {
	sum := 0
	for i, p := range s.est[ply] {
		sum += s.outs[ply][i].Weight * p
	}
	P := roundDiv(sum, total)
	t := max(alpha, P-s.cp.ProbCut.PVDelta)
	if t >= beta {
		return 0, 0, false
	}
	v, b := s.guidedStar(t, t+1, depth, ply, total)
	switch {
	case s.stop.halted:
		return 0, 0, false
	case v <= t:
		if t == alpha {
			return v, b, true
		}
		return 0, 0, false
	case v >= beta:
		return v, search.BoundLower, true
	}
	return min(max(P, v), beta-1), search.BoundExact, true
}

// guidedStar searches a null-window chance node exactly with Star1/Star2
// (star12's steps 2 and 3), starting from the predictions in s.est[ply]
// instead of probes at alpha: when they sum to at least beta, the
// refinement tests every outcome at its prediction less a share of the
// surplus, and a good card passes such a test with its first good action
// sequence (the shallow search's best, tried first through the table).
// Otherwise the probes at alpha come first, as in star12.
func (s *searcher) guidedStar(alpha, beta, depth, ply, total int) (int, search.Bound) {
	n := len(s.outs[ply])
	lo, hi, est := s.lows[ply][:0], s.highs[ply][:0], s.est[ply]
	e := 0
	for i := range n {
		lo, hi = append(lo, Lower), append(hi, Upper)
		e += s.outs[ply][i].Weight * est[i]
	}
	s.lows[ply], s.highs[ply] = lo, hi
	b := bounds{s: s, ply: ply, drew: true, aT: alpha * total, bT: beta * total, sl: Lower * total, sh: Upper * total}
	if e < b.bT && s.cp.Probe {
		if v, bd, done := b.probeAll(alpha, depth, total); done {
			return v, bd
		}
	}
	return b.refineThenStar1(alpha, depth, total)
}

// lateQuiet reports an action the lean shallow search may skip late in a
// node inside a card: not a capture or queen promotion (Order's tactical
// actions), not the draw, and not giving check.
func (s *searcher) lateQuiet(a variants.Action) bool {
	if _, tactical := s.g.Order(a); tactical || s.isChanceAction(a) {
		return false
	}
	return s.hints == nil || !s.hints.Checks(a)
}
