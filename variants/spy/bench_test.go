package spy

import (
	"testing"

	"azar/variants"
)

const benchFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 RBN/RBN c-/c- - w=spy:KN,b=wild:QB"

func BenchmarkPerft3(b *testing.B) {
	s := mustParse(b, benchFEN)
	var n uint64
	for b.Loop() {
		n += s.Perft(3)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchmarkSearchStep is what a search does at a node: ToAct, Legal, and
// Apply/Undo of every action.
func BenchmarkSearchStep(b *testing.B) {
	s := mustParse(b, benchFEN)
	buf := make([]variants.Action, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		if s.ToAct() == variants.NoPlayer {
			b.Fatal("over")
		}
		buf = s.Legal(buf[:0])
		for _, a := range buf {
			if err := s.Apply(a); err != nil {
				b.Fatal(err)
			}
			s.ToAct()
			s.Undo()
		}
	}
}
