package four

import (
	"context"
	"testing"

	"azar/search"
	"azar/search/core"
	"azar/variants/chaturanga4"
)

// BenchmarkSearch: each policy from the start position to a depth of
// about a round (nodes/s and allocations per search).
func BenchmarkSearch(b *testing.B) {
	for _, c := range []struct {
		name  string
		depth int
	}{{"paranoid", 3}, {"brs", 4}, {"maxn", 4}} {
		b.Run(c.name, func(b *testing.B) {
			o := DefaultOptions()
			o.Policy, _ = core.ParseSeatPolicy(c.name)
			e := New(o)
			st := chaturanga4.NewState(chaturanga4.Options{})
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				e.NewGame()
				nodes += e.Search(context.Background(), st, search.Limits{Depth: c.depth}, nil).Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
