package hidden

import (
	"context"
	"math/rand/v2"
	"testing"

	"azar/search"
	"azar/variants"
	"azar/variants/spy"
)

// revealPositions plays seeded random games (random spy cards for both
// sides, random moves, no reveals) and keeps, from each, the first
// position after ply 16 to 45 where the side to move may reveal, seen
// from that side: a fixed set on which the reveal policies' searches can
// be compared.
func revealPositions(n int) []*spy.State {
	rng := rand.New(rand.NewPCG(5, 9))
	var out []*spy.State
	for len(out) < n {
		st, err := spy.NewGame(spy.Options{},
			spy.SpyCard(spy.Role(rng.IntN(spy.NumRoles))), spy.SpyCard(spy.Role(rng.IntN(spy.NumRoles))))
		if err != nil {
			panic(err)
		}
		stop := 16 + rng.IntN(30)
		for ply := 0; ply < 200; ply++ {
			if over, _, _ := st.Result(); over {
				break
			}
			var moves []variants.Action
			canReveal := false
			for _, a := range st.Legal(nil) {
				if _, ok := spy.IsReveal(a); ok {
					canReveal = true
				} else {
					moves = append(moves, a)
				}
			}
			if ply >= stop && canReveal {
				out = append(out, st.View(variants.Player(st.Side())))
				break
			}
			if len(moves) == 0 {
				break
			}
			st.ApplyTrusted(moves[rng.IntN(len(moves))])
		}
	}
	return out
}

// BenchmarkRevealPolicyNodes searches 40 positions where the side to move
// may reveal to a fixed depth under each reveal policy (and `search` with
// its own reveals at plies 0 and 2 only) and reports the nodes per search: what
// searching the engine's own reveals costs (docs/spy.md, "Cost").
//
//	go test ./search/hidden -run - -bench RevealPolicyNodes -benchtime 1x
func BenchmarkRevealPolicyNodes(b *testing.B) {
	positions := revealPositions(40)
	for _, c := range []struct {
		name   string
		policy Policy
		plies  int
	}{
		{"search", PolicySearch, AllPlies},
		{"search-soon", PolicySearch, RevealPlySoon},
		{"never", PolicyNever, DefaultRevealPlies},
	} {
		b.Run(c.name, func(b *testing.B) {
			var nodes uint64
			searches := 0
			for b.Loop() {
				for _, st := range positions {
					o := DefaultOptions()
					o.Policy, o.RevealPlies = c.policy, c.plies
					r := New(o).Search(context.Background(), st, search.Limits{Depth: 4}, nil, nil)
					nodes += r.Nodes
					searches++
				}
			}
			b.ReportMetric(float64(nodes)/float64(searches), "nodes/search")
		})
	}
}
