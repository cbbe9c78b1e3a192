package search

import (
	"context"
	"testing"

	"azar/variants/chess"
)

// BenchmarkSearchMiddlegame measures search speed (nodes/s) on a fixed
// depth search of a few middlegame positions.
func BenchmarkSearchMiddlegame(b *testing.B) {
	fens := []string{
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
		"rq3rk1/ppp2ppp/1bnpb3/3N2B1/3NP3/7P/PPPQ1PP1/2KR3R w - - 7 14",
	}
	var nodes uint64
	e := New(DefaultOptions())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.NewGame()
		for _, f := range fens {
			p, _ := chess.ParseFEN(f)
			nodes += e.Search(context.Background(), p, Limits{Depth: 11}, nil).Nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
