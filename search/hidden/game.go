package hidden

import (
	"slices"

	"azar/eval"
	"azar/search/core"
	"azar/variants"
	"azar/variants/chess"
	"azar/variants/spy"
)

// game is one determinized world of a spy-chess search as the game-search
// core sees it (core.Game, with the null move, the static exchange, the
// quiescence generator and limiter, the action filter and the worlds'
// hints): the rules are variants/spy's, the evaluation eval's chess
// evaluation and spy terms, and the reveal policy the engine's options.
type game struct {
	s        *spy.State
	ev       *eval.Evaluator
	opts     *Options
	rootSide chess.Color
	// ply counts the actions applied since the root: the repetition rule
	// applies below the root only, and the engine's own reveals up to
	// opts.RevealPlies.
	ply int
}

func (g *game) Players() int { return 2 }

// ToAct ends the game, for the search, at a claimed draw and at a
// repetition below the root (scored as the draw it can be made). The
// rules' ends are reported lazily (Legal is empty then): the end test
// costs a move generation, which quiescence out of check never pays, as
// in the old loop.
func (g *game) ToAct() variants.Player {
	if g.drawn() {
		return variants.NoPlayer
	}
	return variants.Player(g.s.Side())
}

func (g *game) drawn() bool {
	return g.s.DrawClaimed() || (g.ply > 0 && g.s.RepetitionCount() >= 2)
}

func (g *game) Side() int { return int(g.s.Side()) }

func (g *game) Legal(buf []variants.Action) []variants.Action { return g.s.Legal(buf) }

func (g *game) Apply(a variants.Action) {
	g.s.ApplyTrusted(a)
	g.ply++
}

func (g *game) Undo() {
	g.s.Undo()
	g.ply--
}

// Key is the world's key: the worlds of a search share the table.
func (g *game) Key() uint64 { return g.s.WorldKey() }

func (g *game) Terminal(p int) (bool, float64) {
	if g.drawn() {
		return true, 0.5
	}
	over, scores, _ := g.s.Result()
	if !over || p >= len(scores) {
		return over, 0.5
	}
	return true, scores[p]
}

func (g *game) Evaluate(core.EvalKind) int {
	v := staticEval(g.ev, g.s, g.opts, g.rootSide)
	return max(min(v, core.EvalLimit), -core.EvalLimit)
}

func (g *game) TurnStart() bool { return true }

func (g *game) InCheck() bool { return g.s.InCheck() }

// Order is the old loop's ordering without the table's action, the
// killers and the history, which the core adds: reveals (and the claim)
// first, captures by most valuable victim and least valuable attacker,
// promotions, then the quiet moves; captures that lose material by static
// exchange after the quiet moves' best.
func (g *game) Order(a variants.Action) (int, bool) {
	m, isMove := spy.ActionMove(a)
	if !isMove {
		_, reveal := spy.IsReveal(a)
		return 1 << 29, reveal
	}
	p := g.s.Position()
	switch {
	case g.s.IsCapture(a):
		victim := int32(100)
		if pc := p.At(m.To()); pc != chess.NoPiece {
			victim = orderValue[pc.Type()]
		}
		k := 1<<28 + victim*16 - orderValue[p.At(m.From()).Type()]/16
		if m.Kind() == chess.KindPromotion {
			k += orderValue[m.Promotion()]
		}
		if g.s.SEE(a) < 0 {
			k -= 1<<28 + 1<<27
		}
		return int(k), true
	case m.Kind() == chess.KindPromotion:
		return int(1<<28 + orderValue[m.Promotion()] - 1000), true
	}
	return 0, false
}

// HistoryIndex: the quiet moves by from and to squares.
func (g *game) HistoryIndex(a variants.Action) int {
	m, ok := spy.ActionMove(a)
	if !ok || m.Kind() == chess.KindPromotion || g.s.IsCapture(a) {
		return -1
	}
	return int(m.From())*64 + int(m.To())
}

// FilterActions leaves out the reveals the policy or RevealPlies does
// not search here, unless nothing else would be left.
func (g *game) FilterActions(acts []variants.Action) []variants.Action {
	if g.revealsHere() {
		return acts
	}
	return dropReveals(acts)
}

// revealsHere reports whether the side to move's reveals are searched
// at this ply: always the opponent's; the engine's own unless its policy
// is never, and only up to RevealPlies below the root.
func (g *game) revealsHere() bool {
	c := g.s.Side()
	if c != g.rootSide {
		return true
	}
	return g.opts.Policy != PolicyNever && g.ply <= g.opts.RevealPlies
}

// NullAction is the pass, not with only pawns and the king.
func (g *game) NullAction() (variants.Action, bool) {
	p := g.s.Position()
	us := g.s.Side()
	return spy.PassAction, p.ColorBB(us)&^(p.Pieces(us, chess.Pawn)|p.Pieces(us, chess.King)) != 0
}

// Exchange is the static exchange of a move (not of a reveal).
func (g *game) Exchange(a variants.Action) (int, bool) {
	if _, ok := spy.ActionMove(a); !ok {
		return 0, false
	}
	return g.s.SEE(a), true
}

// Tactical is spy.State.Noisy, without the reveals not searched here.
func (g *game) Tactical(buf []variants.Action) []variants.Action {
	acts := g.s.Noisy(buf)
	if !g.revealsHere() {
		acts = slices.DeleteFunc(acts, isRevealAction)
	}
	return acts
}

// FirstPlyOnly: reveals only at quiescence's first ply.
func (g *game) FirstPlyOnly(a variants.Action) bool { return isRevealAction(a) }

// HintKey is the public position and the engine's own spy: the same in
// every world.
func (g *game) HintKey() uint64 {
	return g.s.Key() ^ uint64(g.s.SpySquare(g.rootSide))<<58
}

func isRevealAction(a variants.Action) bool { _, ok := spy.IsReveal(a); return ok }

// coreNodeOptions are the core's node options that make its loop the old
// one's: the check extension, null move, reverse futility at 120 cp a
// ply, LMR, killers, the history's halving at 2^20, node-relative mate
// values and the static-exchange futility of quiescence at 200 cp.
func coreNodeOptions() core.NodeOptions {
	return core.NodeOptions{
		CheckExtension:  true,
		NullMove:        true,
		ReverseFutility: 120,
		LMR:             true,
		KillerOrder:     1 << 27,
		HistoryCap:      1 << 20,
		MateRelative:    true,
		QuiesceFutility: 200,
	}
}

// orderValue is the ordering value of a piece type: the nominal one
// (chess.PieceValue) and the king at 2000, so that of the captures of one
// victim the king's comes last. Built once, then only read.
var orderValue = func() (v [7]int32) {
	for t := chess.Pawn; t <= chess.King; t++ {
		v[t] = int32(chess.PieceValue(t))
	}
	v[chess.King] = 2000
	return v
}()

// dropReveals removes the reveals from acts (in place) unless nothing else
// would be left.
func dropReveals(acts []variants.Action) []variants.Action {
	isReveal := func(a variants.Action) bool { _, ok := spy.IsReveal(a); return ok }
	if !slices.ContainsFunc(acts, func(a variants.Action) bool { return !isReveal(a) }) {
		return acts
	}
	return slices.DeleteFunc(acts, isReveal)
}
