package nnue

import (
	"fmt"
	"testing"

	"azar/variants/chess"
)

// BenchmarkMakeEvaluate is the search's pattern per child: push the move,
// make it, evaluate, unmake, pop; over Kiwipete's 48 moves, per hidden
// size. The figures are in docs/nnue.md.
func BenchmarkMakeEvaluate(b *testing.B) {
	for _, h := range []int{128, 256, 512, 1024} {
		b.Run(fmt.Sprint(h), func(b *testing.B) {
			n := randomNetwork(b, h, 9)
			p, _ := chess.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
			s := NewStack(n)
			s.Reset(p)
			var l chess.MoveList
			p.GenerateLegal(&l)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, m := range l.Slice() {
					s.Push(p, m)
					p.Make(m)
					s.Evaluate(p)
					p.Unmake()
					s.Pop()
				}
			}
			b.ReportMetric(float64(b.N*l.N)/b.Elapsed().Seconds(), "evals/s")
		})
	}
}

// BenchmarkRefresh is a full accumulator refresh of Kiwipete (32 pieces)
// at hidden size 256.
func BenchmarkRefresh(b *testing.B) {
	n := randomNetwork(b, 256, 9)
	p, _ := chess.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var a Accumulator
	for i := 0; i < b.N; i++ {
		a.Refresh(n, p)
	}
}
