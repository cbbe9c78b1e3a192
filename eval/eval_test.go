package eval

import (
	"bufio"
	"os"
	"runtime"
	"strings"
	"testing"

	"azar/variants/chess"
)

// handPicked are positions of every kind for the symmetry and consistency
// tests: openings, middlegames with both castling rights and en passant,
// passed pawns, bare kings, opposite bishops, promotions pending.
var handPicked = []string{
	chess.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	"rnbqkbnr/pppp1ppp/8/8/3Pp3/5N2/PPP1PPPP/RNBQKB1R b KQkq d3 0 3",
	"8/8/8/4k3/8/8/8/3QK3 w - - 0 1",
	"8/7k/8/3B4/8/2b5/4K3/8 w - - 0 1",
	"8/1P4k1/8/8/8/8/6p1/1K6 b - - 0 1",
	"2kr3r/ppp2ppp/2n1b3/2b1q3/4P3/2NB1N2/PPP2PPP/R2Q1RK1 b - - 3 12",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
	"4k3/8/8/8/8/8/8/4K2N w - - 0 1",
	"r1bq1rk1/pp3ppp/2n1pn2/2bp4/2P5/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
	"3r2k1/1q3pp1/p3p2p/1p1nP3/3Q4/P4N2/1P3PPP/3R2K1 w - - 0 25",
}

// middlegames are the benchmark positions.
var middlegames = []string{
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"r1bq1rk1/pp3ppp/2n1pn2/2bp4/2P5/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
	"2kr3r/ppp2ppp/2n1b3/2b1q3/4P3/2NB1N2/PPP2PPP/R2Q1RK1 b - - 3 12",
	"3r2k1/1q3pp1/p3p2p/1p1nP3/3Q4/P4N2/1P3PPP/3R2K1 w - - 0 25",
	"r1bqk2r/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQkq - 2 7",
	"r2q1rk1/ppp1bppp/2n1bn2/3pp3/4P3/2NP1N2/PPP1BPPP/R1BQ1RK1 w - - 4 8",
	"rn1qkb1r/pp3ppp/2p1pn2/3p1b2/2PP4/1QN1P3/PP3PPP/R1B1KBNR b KQkq - 1 6",
	"r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 1 7",
	"r2qr1k1/1b1nbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 6 13",
	"r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2N2B2/PPPQ2PP/2KR3R w - - 2 14",
	"2rq1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1P2PNP1/PB1NBP1P/2RQ1RK1 w - - 1 12",
	"r4rk1/pp1b1ppp/1qn1pn2/3p4/1b1P4/2NBPN2/PPQ2PPP/R1B2RK1 w - - 3 11",
	"1r3rk1/p4ppp/2p2n2/q1pp4/4P3/P1QP1N2/2P2PPP/1R3RK1 b - - 0 17",
	"r2q1rk1/1p2bppp/p1n1pn2/3p4/3P1B2/P1NBPN2/1P3PPP/R2Q1RK1 b - - 0 11",
	"2r2rk1/1bqnbppp/p2ppn2/1p6/3NPP2/P1N1B1P1/1PP1Q1BP/R4RK1 w - - 0 15",
	"r3r1k1/pp3pbp/1qp1bnp1/2B5/2BP4/PQ3N2/1P3PPP/R3R1K1 b - - 4 16",
	"5rk1/pp2qppp/2p1pn2/8/2PP4/6P1/P3QPBP/5RK1 w - - 1 20",
	"r1b1k2r/ppq2ppp/2n1pn2/3p4/1bPP4/2N1PN2/PP1B1PPP/R2QKB1R w KQkq - 1 8",
	"r5k1/pp3ppp/2p1b3/4Pq2/3P4/P1r2N2/5PPP/R2Q1RK1 w - - 0 19",
}

func mustFEN(t testing.TB, fen string) *chess.Position {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

// mirrorFEN swaps the colours: ranks flipped, letters' case swapped, the
// other side to move, castling rights and en-passant square mirrored.
func mirrorFEN(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z':
				return r - 'a' + 'A'
			case r >= 'A' && r <= 'Z':
				return r - 'A' + 'a'
			}
			return r
		}, s)
	}
	f[0] = swap(strings.Join(ranks, "/"))
	if f[1] == "w" {
		f[1] = "b"
	} else {
		f[1] = "w"
	}
	if f[2] != "-" {
		c := swap(f[2])
		// Keep FEN's order: white rights first.
		var w, b string
		for _, r := range c {
			if r >= 'A' && r <= 'Z' {
				w += string(r)
			} else {
				b += string(r)
			}
		}
		f[2] = w + b
	}
	if f[3] != "-" {
		f[3] = string([]byte{f[3][0], '1' + '8' - f[3][1]})
	}
	return strings.Join(f, " ")
}

// symmetryFENs is the hand-picked set plus the perft suite when present.
func symmetryFENs(t *testing.T) []string {
	fens := append([]string{}, handPicked...)
	fens = append(fens, middlegames...)
	f, err := os.Open("../variants/chess/testdata/perft.epd")
	if err != nil {
		t.Logf("perft suite not available (%v); hand-picked positions only", err)
		return fens
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		fens = append(fens, strings.TrimSpace(strings.Split(s, ";")[0]))
	}
	return fens
}

func TestMirrorFEN(t *testing.T) {
	got := mirrorFEN("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQk f6 0 3")
	want := "rnbqkbnr/pppp1ppp/8/8/3PpP2/8/PPP1P1PP/RNBQKBNR b Kkq f3 0 3"
	if got != want {
		t.Fatalf("got %s want %s", got, want)
	}
}

// TestSymmetry: a position and its colour mirror evaluate the same for
// the side to move, and every child position (one ply) too.
func TestSymmetry(t *testing.T) {
	e, em := NewEvaluator(), NewEvaluator()
	n := 0
	check := func(p *chess.Position) {
		q, err := chess.ParseFEN(mirrorFEN(p.FEN()))
		if err != nil {
			t.Fatalf("mirror of %s: %v", p.FEN(), err)
		}
		n++
		if a, b := e.Evaluate(p), em.Evaluate(q); a != b {
			t.Errorf("%s: %d, mirrored %s: %d", p.FEN(), a, q.FEN(), b)
		}
	}
	for _, fen := range symmetryFENs(t) {
		p := mustFEN(t, fen)
		check(p)
		var l chess.MoveList
		p.GenerateLegal(&l)
		for _, m := range l.Slice() {
			p.Make(m)
			check(p)
			p.Unmake()
		}
	}
	t.Logf("%d positions", n)
}

// TestTraceMatchesEvaluate: the tracing path returns exactly what
// Evaluate does (with a cold and a warm pawn cache).
func TestTraceMatchesEvaluate(t *testing.T) {
	e := NewEvaluator()
	var tr Trace
	for _, fen := range symmetryFENs(t) {
		p := mustFEN(t, fen)
		want := TraceOf(p, &tr)
		if got := e.Evaluate(p); got != want {
			t.Errorf("%s: Evaluate %d, TraceOf %d", fen, got, want)
		}
		if got := e.Evaluate(p); got != want {
			t.Errorf("%s: second Evaluate %d, TraceOf %d", fen, got, want)
		}
		if got := NewEvaluator().Evaluate(p); got != want {
			t.Errorf("%s: fresh evaluator %d, TraceOf %d", fen, got, want)
		}
	}
}

func eval(t *testing.T, fen string) int {
	t.Helper()
	return NewEvaluator().Evaluate(mustFEN(t, fen))
}

func TestKnownSigns(t *testing.T) {
	if v := eval(t, "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"); v < 700 {
		t.Errorf("up a queen: %d, want > 700", v)
	}
	if v := eval(t, "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"); v > -700 {
		t.Errorf("down a queen (Black to move): %d, want < -700", v)
	}
	if v := eval(t, "8/8/8/4k3/8/8/8/3QK3 w - - 0 1"); v < 800 {
		t.Errorf("KQ v K: %d, want > 800", v)
	}
	if v := eval(t, "8/8/8/4k3/8/8/8/3QK3 b - - 0 1"); v > -800 {
		t.Errorf("KQ v K, Black to move: %d, want < -800", v)
	}
	if v := eval(t, "8/8/8/4k3/8/8/8/3RK3 w - - 0 1"); v < 400 {
		t.Errorf("KR v K: %d, want > 400", v)
	}
	// The bare king is worse off in the corner.
	if a, b := eval(t, "7k/8/8/8/8/8/8/3QK3 w - - 0 1"), eval(t, "8/8/8/4k3/8/8/8/3QK3 w - - 0 1"); a <= b {
		t.Errorf("KQ v K: king in the corner %d, in the centre %d", a, b)
	}
	seventh := eval(t, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
	second := eval(t, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1")
	if seventh <= second+100 {
		t.Errorf("passed pawn on the 7th %d, on the 2nd %d", seventh, second)
	}
	// A lone minor piece cannot win.
	if v := eval(t, "4k3/8/8/8/8/8/8/4KB2 w - - 0 1"); v < -25 || v > 25 {
		t.Errorf("KB v K: %d, want about 0", v)
	}
	if v := eval(t, chess.StartFEN); v < 0 || v > 50 {
		t.Errorf("start position: %d, want a small plus for the side to move", v)
	}
	// Doubled isolated pawns are worse than healthy ones.
	if a, b := eval(t, "4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1"), eval(t, "4k3/pp6/8/8/8/P7/P7/4K3 w - - 0 1"); a <= b {
		t.Errorf("healthy pawns %d, doubled %d", a, b)
	}
}

func TestPieceValue(t *testing.T) {
	want := map[chess.PieceType]int{chess.Pawn: 100, chess.Knight: 320, chess.Bishop: 330, chess.Rook: 500, chess.Queen: 900, chess.King: 0}
	for pt, v := range want {
		if PieceValue(pt) != v {
			t.Errorf("PieceValue(%c) = %d, want %d", pt.Letter(), PieceValue(pt), v)
		}
	}
}

func TestScorePacking(t *testing.T) {
	for _, mg := range []int{-32000, -901, -1, 0, 1, 77, 32000} {
		for _, eg := range []int{-32000, -1, 0, 1, 1234, 32000} {
			s := S(mg, eg)
			if s.MG() != mg || s.EG() != eg {
				t.Fatalf("S(%d,%d) unpacks to %d,%d", mg, eg, s.MG(), s.EG())
			}
			if d := s * 3; mg*3 >= -32768 && mg*3 < 32768 && eg*3 >= -32768 && eg*3 < 32768 && (d.MG() != 3*mg || d.EG() != 3*eg) {
				t.Fatalf("3*S(%d,%d) = %d,%d", mg, eg, d.MG(), d.EG())
			}
			if d := s - S(5, -7); d.MG() != mg-5 && mg-5 >= -32768 || d.EG() != eg+7 && eg+7 < 32768 {
				t.Fatalf("S(%d,%d)-S(5,-7) = %d,%d", mg, eg, d.MG(), d.EG())
			}
		}
	}
}

// TestNoKing: a position without kings (variants) must not crash.
func TestNoKing(t *testing.T) {
	p, err := chess.ParseFENLoose("8/3p4/8/8/8/8/3P4/R7 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	e := NewEvaluator()
	if v := e.Evaluate(p); v < 300 {
		t.Errorf("extra rook, no kings: %d", v)
	}
}

func TestNoAllocs(t *testing.T) {
	e := NewEvaluator()
	var ps []*chess.Position
	for _, fen := range middlegames {
		ps = append(ps, mustFEN(t, fen))
	}
	i := 0
	if a := testing.AllocsPerRun(1000, func() {
		e.Evaluate(ps[i%len(ps)])
		i++
	}); a != 0 {
		t.Fatalf("Evaluate allocates %.1f times per call", a)
	}
}

// benchPositions runs f over the middlegame positions b.N times and
// reports, besides wall time, the thread's CPU time per call (cpu-ns/op),
// which other processes on a busy machine do not inflate.
func benchPositions(b *testing.B, f func(p *chess.Position)) {
	var ps []*chess.Position
	for _, fen := range middlegames {
		ps = append(ps, mustFEN(b, fen))
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ResetTimer()
	c0 := threadCPU()
	i := 0
	for b.Loop() {
		f(ps[i%len(ps)])
		i++
	}
	if c1 := threadCPU(); c0 >= 0 && c1 >= 0 && i > 0 {
		b.ReportMetric(float64(c1-c0)/float64(i), "cpu-ns/op")
	}
}

// BenchmarkEvaluate: warm pawn cache, as in a search.
func BenchmarkEvaluate(b *testing.B) {
	e := NewEvaluator()
	benchPositions(b, func(p *chess.Position) { e.Evaluate(p) })
}

// BenchmarkEvaluateColdPawns recomputes the pawn structure every call
// (the worst case: every probe misses).
func BenchmarkEvaluateColdPawns(b *testing.B) {
	var pe pawnEntry
	benchPositions(b, func(p *chess.Position) {
		computePawns(&pe, p.Pieces(chess.White, chess.Pawn), p.Pieces(chess.Black, chess.Pawn), nil)
		evaluate(p, &pe, nil)
	})
}
