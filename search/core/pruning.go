package core

import "azar/variants"

// NodeOptions are the chess-like refinements of the node loop, for games
// whose turns are single moves of a chess army (Ajedrez con Espía): each
// is off in the zero value, so that the other games' searches are the
// node loop's plain alpha-beta (their node counts do not move).
type NodeOptions struct {
	// CheckExtension searches a side in check at a turn start one ply
	// deeper (up to two thirds of MaxPly), also at the horizon.
	CheckExtension bool
	// NullMove: at a null-window node not in check whose static value
	// reaches beta, at depth 3 or more, the side passes (NullMover) and
	// a search 2 + depth/4 plies shallower that still reaches beta cuts.
	NullMove bool
	// ReverseFutility is the margin per ply of reverse futility pruning
	// (0: off): at a null-window node not in check at depth 3 or less,
	// a static value beyond beta by the margin times the depth cuts.
	ReverseFutility int
	// LMR reduces late quiet actions (those with a history slot, not a
	// killer) at depth 3 or more, not in check: by a ply from the fourth
	// action, by two from the ninth at depth 5 or more; an action that
	// beats alpha is searched again at full depth.
	LMR bool
	// KillerOrder turns the killer heuristic on (0: off): the two last
	// quiet actions that cut at a ply are ordered at KillerOrder and
	// KillerOrder-1 (on the game's Order scale) instead of by history.
	KillerOrder int
	// HistoryCap is the history count at which a seat's table is halved
	// (0: 8000).
	HistoryCap int32
	// MateRelative stores win and loss values in the table relative to
	// the node, not the root, so that a transposition at another ply
	// reads its own distance to the end.
	MateRelative bool
	// QuiesceFutility is the margin of the static-exchange futility of
	// quiescence (0: off; needs ExchangeHints): a capture that loses
	// material, or whose gain plus the margin does not reach alpha, is
	// not searched.
	QuiesceFutility int
}

// NullMover is a game with a pass for null-move pruning.
type NullMover interface {
	// NullAction is the pass of the side to act, and whether null-move
	// pruning is sound here (not, in chess, with only pawns and the
	// king, where zugzwang is common).
	NullAction() (variants.Action, bool)
}

// ExchangeHints give quiescence's futility the static exchange.
type ExchangeHints interface {
	// Exchange is the material a tactical action wins by static
	// exchange; ok is false for an action that is not a capture or a
	// promotion (never pruned).
	Exchange(a variants.Action) (gain int, ok bool)
}

// TacticalGenerator is a game that lists quiescence's actions more
// cheaply than Legal does all of them.
type TacticalGenerator interface {
	// Tactical appends the legal tactical actions (those Order calls
	// tactical) of the side to act, which is not in check.
	Tactical(buf []variants.Action) []variants.Action
}

// QuiescenceLimiter restricts quiescence.
type QuiescenceLimiter interface {
	// FirstPlyOnly reports a tactical action that quiescence searches
	// only at its first ply (spy chess's reveals: a reveal at the horizon
	// is a threat, a chain of them is rare and costly).
	FirstPlyOnly(a variants.Action) bool
}

// WorldHints is a game of hidden information whose worlds share a public
// position: the best action found in one world orders the search of the
// others (SearchWorlds), where the table has nothing.
type WorldHints interface {
	// HintKey identifies the position as the searching seat sees it (the
	// same in every world).
	HintKey() uint64
}

const hintMask = 1<<16 - 1

// mateToTable and mateFromTable move win and loss values between the
// root's reference and the node's (NodeOptions.MateRelative).
func (s *searcher) mateToTable(v, ply int) int {
	if !s.node.MateRelative {
		return v
	}
	switch {
	case v >= WinBound:
		return v + ply
	case v <= -WinBound:
		return v - ply
	}
	return v
}

func (s *searcher) mateFromTable(v, ply int) int {
	if !s.node.MateRelative {
		return v
	}
	switch {
	case v >= WinBound:
		return v - ply
	case v <= -WinBound:
		return v + ply
	}
	return v
}

// killer reports whether a is one of ply's killers (with them on).
func (s *searcher) killer(ply int, a variants.Action) bool {
	return s.node.KillerOrder != 0 && (a == s.killers[ply][0] || a == s.killers[ply][1])
}

// prune is the null-window pruning before a node's actions (reverse
// futility and null move): a value that cuts, or ok false.
func (s *searcher) prune(beta, depth, ply int) (int, bool) {
	stand := s.evaluate(EvalTurnStart)
	if m := s.node.ReverseFutility; m > 0 && depth <= 3 && stand-m*depth >= beta {
		return stand, true
	}
	if !s.node.NullMove || depth < 3 || stand < beta || s.null == nil {
		return 0, false
	}
	pass, ok := s.null.NullAction()
	if !ok {
		return 0, false
	}
	r := 2 + depth/4
	s.qnext = 0
	v := s.child(pass, s.g.Side(), beta-1, beta, depth-r, ply, false)
	if s.stop.halted {
		return 0, false
	}
	if v >= beta && v < WinBound {
		return v, true
	}
	return 0, false
}
