package chess

import "testing"

const kiwipeteFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func benchPerft(b *testing.B, fen string, depth int, full bool) {
	p, err := ParseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	for i := 0; i < b.N; i++ {
		if full {
			nodes += p.PerftFull(depth)
		} else {
			nodes += p.Perft(depth)
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnps")
}

// BenchmarkPerftStart6 is bulk-counting perft, the figure compared with
// dragontoothmg and Stockfish in docs/performance.md.
func BenchmarkPerftStart6(b *testing.B)    { benchPerft(b, StartFEN, 6, false) }
func BenchmarkPerftKiwipete5(b *testing.B) { benchPerft(b, kiwipeteFEN, 5, false) }

// BenchmarkPerftFull* make and unmake every leaf.
func BenchmarkPerftFullStart5(b *testing.B)    { benchPerft(b, StartFEN, 5, true) }
func BenchmarkPerftFullKiwipete4(b *testing.B) { benchPerft(b, kiwipeteFEN, 4, true) }

func BenchmarkGenerateKiwipete(b *testing.B) {
	p, _ := ParseFEN(kiwipeteFEN)
	var l MoveList
	for i := 0; i < b.N; i++ {
		p.GenerateLegal(&l)
	}
}

func BenchmarkMakeUnmakeKiwipete(b *testing.B) {
	p, _ := ParseFEN(kiwipeteFEN)
	var l MoveList
	p.GenerateLegal(&l)
	for i := 0; i < b.N; i++ {
		for _, m := range l.Slice() {
			p.Make(m)
			p.Unmake()
		}
	}
}

// BenchmarkPerftGeneralPathKiwipete4 runs Kiwipete's perft through the
// variants' general generator, selected by a no-op modifier (knights that
// also move like knights). It shows what the variant machinery costs;
// standard positions never take that path, and their only price for it is
// one predictable branch on Position.modsOn in Generate and CountLegal.
func BenchmarkPerftGeneralPathKiwipete4(b *testing.B) {
	p, err := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		b.Fatal(err)
	}
	p.SetModifiers(Modifiers{KnightToo: [2]uint8{1 << Knight, 1 << Knight}})
	var nodes uint64
	for i := 0; i < b.N; i++ {
		nodes += p.Perft(4)
	}
	if nodes/uint64(b.N) != 4085603 {
		b.Fatalf("general path perft %d, want 4085603", nodes/uint64(b.N))
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnps")
}
