package core

import (
	"slices"

	"azar/variants"
)

// The reference searches: what every pruned search of a two-seat game
// must agree with, over the same tree (the same depth rules, quiescence
// and static values). Adapters' tests check their game against them
// (search/chance does on lucky positions); they are far too slow to play.

// BruteForce is expectimax without any pruning and without the table to
// depth, with the action leading to a chance node costing drawCost: the
// value the search with Star1/Star2 (and without ChanceProbCut, which is
// forward pruning) must find exactly, when it runs without the table
// (whose transpositions may graft deeper results).
func BruteForce(g Game, depth, drawCost int) int {
	return reference{drawCost}.brute(g, depth, 0, false)
}

// ReferenceAlphaBeta is a second reference, for positions where brute
// force over every decision is too slow: plain fail-soft alpha-beta at
// decision nodes (actions in Order's order, no table) and plain expectimax
// with the full window at chance nodes. It checks Star1/Star2 against
// chance nodes without pruning, independently of the search's code.
func ReferenceAlphaBeta(g Game, depth, drawCost int) int {
	return reference{drawCost}.refAB(g, Lower-1, Upper+1, depth, 0, false)
}

type reference struct{ drawCost int }

func (r reference) legal(g Game) []variants.Action {
	acts := g.Legal(nil)
	if f, ok := g.(ActionFilter); ok {
		acts = f.FilterActions(acts)
	}
	return acts
}

func isChanceAction(g Game, a variants.Action) bool {
	c, ok := g.(ChanceGame)
	return ok && c.IsChanceAction(a)
}

// brute is expectimax without any pruning, over the same tree the search
// defines (the same depth rules, quiescence and static values): the
// reference the pruned search must match exactly.
func (r reference) brute(g Game, depth, ply int, drew bool) int {
	if depth <= 0 {
		return r.refQ(g, Lower-1, Upper+1, ply)
	}
	if ply >= MaxPly {
		return g.Evaluate(EvalMidTurn)
	}
	me := g.Side()
	acts := r.legal(g)
	if len(acts) == 0 {
		return g.Evaluate(EvalMidTurn)
	}
	best := Lower - 1
	for _, a := range acts {
		g.Apply(a)
		v := r.bruteAfter(g, me, depth, ply+1, drew)
		g.Undo()
		best = max(best, v)
	}
	return best
}

func (r reference) bruteAfter(g Game, me, depth, ply int, drew bool) int {
	switch who := g.ToAct(); {
	case who == variants.NoPlayer:
		return scoreValue(g, me, ply)
	case who == variants.Chance:
		return r.bruteChance(g, depth-r.drawCost, ply)
	case depth <= 0 && int(who) == me:
		return r.refQ(g, Lower-1, Upper+1, ply)
	case depth <= 0:
		return -r.refQ(g, Lower-1, Upper+1, ply)
	case int(who) == me:
		return r.brute(g, depth, ply, drew)
	default:
		d := depth - 1
		if drew {
			d = depth
		}
		return -r.brute(g, d, ply, false)
	}
}

func (r reference) bruteChance(g Game, depth, ply int) int {
	if depth <= 0 || ply >= MaxPly {
		return g.Evaluate(EvalChance)
	}
	me := g.Side()
	outs := g.(ChanceGame).Chances(nil)
	sum, total := 0, 0
	for _, o := range outs {
		g.Apply(o.Action)
		sum += o.Weight * r.bruteAfter(g, me, depth, ply+1, true)
		g.Undo()
		total += o.Weight
	}
	return roundDiv(sum, total)
}

// refAB is a second reference for real positions, where brute force
// over every decision is too slow: plain fail-soft alpha-beta at decision
// nodes (actions in the search's order, no table) and plain expectimax
// with the full window at chance nodes. It checks Star1/Star2 against
// chance nodes without pruning, independently of the search's code.
func (r reference) refAB(g Game, alpha, beta, depth, ply int, drew bool) int {
	if depth <= 0 {
		return r.refQ(g, alpha, beta, ply)
	}
	me := g.Side()
	acts := r.legal(g)
	slices.SortStableFunc(acts, func(x, y variants.Action) int {
		ox, _ := g.Order(x)
		oy, _ := g.Order(y)
		return oy - ox
	})
	best := Lower - 1
	for _, a := range acts {
		g.Apply(a)
		var v int
		switch who := g.ToAct(); {
		case who == variants.NoPlayer:
			v = r.bruteAfter(g, me, depth, ply+1, drew)
		case who == variants.Chance:
			v = r.refChance(g, depth-r.drawCost, ply+1)
		case int(who) == me:
			v = r.refAB(g, alpha, beta, depth, ply+1, drew)
		default:
			d := depth - 1
			if drew {
				d = depth
			}
			v = -r.refAB(g, -beta, -alpha, d, ply+1, false)
		}
		g.Undo()
		if v > best {
			best = v
			alpha = max(alpha, v)
			if v >= beta {
				break
			}
		}
	}
	return best
}

func (r reference) refChance(g Game, depth, ply int) int {
	if depth <= 0 {
		return g.Evaluate(EvalChance)
	}
	me := g.Side()
	sum, total := 0, 0
	for _, o := range g.(ChanceGame).Chances(nil) {
		g.Apply(o.Action)
		var v int
		switch who := g.ToAct(); {
		case who == variants.NoPlayer:
			v = r.bruteAfter(g, me, depth, ply+1, true)
		case int(who) == me:
			v = r.refAB(g, Lower-1, Upper+1, depth, ply+1, true)
		default:
			v = -r.refAB(g, Lower-1, Upper+1, depth, ply+1, false)
		}
		g.Undo()
		sum += o.Weight * v
		total += o.Weight
	}
	return roundDiv(sum, total)
}

// refQ is the quiescence search of the reference: a plain alpha-beta
// over the same moves (quiescence is not what is under test, and without
// any pruning its capture trees explode). With the full window it is the
// exact value of the quiescence tree.
func (r reference) refQ(g Game, alpha, beta, ply int) int {
	kind := EvalMidTurn
	if g.TurnStart() {
		kind = EvalTurnStart
	}
	if ply >= MaxPly {
		return g.Evaluate(kind)
	}
	me := g.Side()
	inCheck := g.InCheck() && g.TurnStart()
	best := Lower - 1
	if !inCheck {
		best = g.Evaluate(kind)
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
	}
	acts := r.legal(g)
	// Captures by victim value, as the search orders them (without it,
	// alpha-beta over long capture sequences explodes).
	slices.SortStableFunc(acts, func(x, y variants.Action) int {
		ox, _ := g.Order(x)
		oy, _ := g.Order(y)
		return oy - ox
	})
	for _, a := range acts {
		if _, tactical := g.Order(a); !inCheck && !tactical {
			continue
		}
		if inCheck && isChanceAction(g, a) {
			continue
		}
		g.Apply(a)
		var v int
		switch who := g.ToAct(); {
		case who == variants.NoPlayer || who == variants.Chance:
			v = r.bruteAfter(g, me, 0, ply+1, false)
		case int(who) == me:
			v = r.refQ(g, alpha, beta, ply+1)
		default:
			v = -r.refQ(g, -beta, -alpha, ply+1)
		}
		g.Undo()
		if v > best {
			best = v
			alpha = max(alpha, v)
			if v >= beta {
				break
			}
		}
	}
	if best < Lower {
		best = g.Evaluate(kind)
	}
	return best
}
