package hands

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"azar/search"
	"azar/variants"
	"azar/variants/chess"
	"azar/variants/magic"
)

// worldPositions are n decisions at a turn's start from seeded random
// games of both modes, each a seat's view with the other hand hidden.
func worldPositions(n int) []*magic.State {
	var out []*magic.State
	for seed := uint64(1); len(out) < n && seed < 10*uint64(n); seed++ {
		ref := magic.New(magic.Options{Mode: magic.Mode(seed & 1)}, seed)
		rng := rand.New(rand.NewPCG(seed, 11))
		steps := 8 + int(seed%24)
		for k := 0; k < steps && ref.ToAct() >= 0; k++ {
			acts := ref.Legal(nil)
			ref.ApplyTrusted(acts[rng.IntN(len(acts))])
		}
		for k := 0; k < 20 && ref.ToAct() >= 0 && ref.Phase() != magic.PhStart; k++ {
			acts := ref.Legal(nil)
			ref.ApplyTrusted(acts[rng.IntN(len(acts))])
		}
		who := ref.ToAct()
		if who < 0 || ref.Phase() != magic.PhStart || ref.HandSize(chess.Color(1-who)) == 0 || len(ref.Legal(nil)) < 2 {
			continue
		}
		out = append(out, ref.View(who))
	}
	return out
}

// BenchmarkWorlds measures what sampling costs and how many worlds pay:
// on 40 decisions from seeded random games, the decision of 1 to 64
// worlds at a fixed node budget against the decision of a 64-world search
// at four times the budget: how often they agree, the expected score the
// 64-world search gives up by the smaller search's choice (regret, in
// per cent of a game), the depth reached and the nodes. Run once
// (docs/magic.md has the figures):
//
//	go test -run '^$' -bench BenchmarkWorlds -benchtime 1x -v ./search/hands/
func BenchmarkWorlds(b *testing.B) {
	for _, budget := range []uint64{25000, 100000, 400000} {
		b.Run(fmt.Sprintf("budget=%d", budget), func(b *testing.B) { benchWorlds(b, budget) })
	}
}

func benchWorlds(b *testing.B, budget uint64) {
	pos := worldPositions(40)
	for b.Loop() {
		refs := make([]Result, len(pos))
		for i, st := range pos {
			refs[i] = engine(CardsSearch, 64).Search(b.Context(), st, search.Limits{Nodes: 4 * budget}, nil, nil)
		}
		b.Logf("%d decisions, %d nodes each (the 64-world reference: %d)", len(pos), budget, 4*budget)
		b.Logf("%6s %7s %9s %7s %9s %7s", "worlds", "agree", "regret %", "depth", "nodes", "worlds")
		for _, w := range []int{1, 2, 4, 8, 16, 32, 64} {
			agree, depth, worlds := 0, 0, 0
			regret := 0.0
			var nodes uint64
			for i, st := range pos {
				r := engine(CardsSearch, w).Search(b.Context(), st, search.Limits{Nodes: budget}, nil, nil)
				if r.Action == refs[i].Action {
					agree++
				}
				regret += refs[i].Scores[0].Win - winOf(refs[i].Scores, r.Action)
				depth += r.Depth
				nodes += r.Nodes
				worlds += r.Worlds
			}
			n := float64(len(pos))
			b.Logf("%6d %6.1f%% %9.2f %7.2f %9d %7.1f", w, 100*float64(agree)/n, 100*regret/n, float64(depth)/n,
				nodes/uint64(len(pos)), float64(worlds)/n)
		}
	}
}

func winOf(s []ActionScore, a variants.Action) float64 {
	for _, x := range s {
		if x.Action == a {
			return x.Win
		}
	}
	panic(fmt.Sprintf("%s not among the reference's actions", magic.FormatAction(a)))
}
