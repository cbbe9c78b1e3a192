package nnue

import (
	"bufio"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"azar/variants/chess"
)

// randomNetwork has small random weights, like a trained network's.
func randomNetwork(t testing.TB, hidden int, seed uint64) *Network {
	r := rand.New(rand.NewPCG(seed, 1))
	fw := make([]int16, Inputs*hidden)
	for i := range fw {
		fw[i] = int16(r.IntN(129) - 64)
	}
	fb := make([]int16, hidden)
	for i := range fb {
		fb[i] = int16(r.IntN(257) - 64)
	}
	ow := make([]int16, 2*hidden)
	for i := range ow {
		ow[i] = int16(r.IntN(255) - 127) // within the vector kernels' ±127
	}
	n, err := NewNetwork(hidden, fw, fb, ow, int32(r.IntN(20001)-10000))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// perftPositions are the move generator's test positions: castling, en
// passant and promotions all occur in their trees.
func perftPositions(t testing.TB) []*chess.Position {
	f, err := os.Open("../../variants/chess/testdata/perft.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []*chess.Position
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		fen, _, _ := strings.Cut(line, ";")
		p, err := chess.ParseFEN(strings.TrimSpace(fen))
		if err != nil {
			t.Fatalf("%q: %v", fen, err)
		}
		out = append(out, p)
	}
	if len(out) < 100 {
		t.Fatalf("only %d perft positions", len(out))
	}
	return out
}

func sameAccumulator(n *Network, a, b *Accumulator) bool {
	h := n.Hidden()
	return slices.Equal(a.v[0][:h], b.v[0][:h]) && slices.Equal(a.v[1][:h], b.v[1][:h])
}

// TestIncrementalMatchesRefresh walks random make/unmake sequences from
// every perft position, evaluating at random moments (so the lazy
// updates cover several plies at once), and compares the stack's
// accumulator with one computed from scratch.
func TestIncrementalMatchesRefresh(t *testing.T) {
	n := randomNetwork(t, 32, 1)
	r := rand.New(rand.NewPCG(2, 3))
	s := NewStack(n)
	var fresh Accumulator
	kinds := map[chess.MoveKind]int{}
	checks := 0
	for _, root := range perftPositions(t) {
		p := root.Clone()
		s.Reset(p)
		depth := 0
		var l chess.MoveList
		for step := 0; step < 60; step++ {
			p.GenerateLegal(&l)
			if l.N == 0 || (depth > 0 && r.IntN(4) == 0) {
				if depth == 0 {
					break
				}
				p.Unmake()
				s.Pop()
				depth--
			} else {
				m := l.Moves[r.IntN(l.N)]
				// Prefer the special moves when there are any.
				for _, x := range l.Slice() {
					if x.Kind() != chess.KindNormal && r.IntN(2) == 0 {
						m = x
					}
				}
				kinds[m.Kind()]++
				s.Push(p, m)
				p.Make(m)
				depth++
			}
			if r.IntN(3) == 0 {
				fresh.Refresh(n, p)
				if !sameAccumulator(n, s.Current(p), &fresh) {
					t.Fatalf("incremental accumulator differs from refresh at %s", p.FEN())
				}
				if got, want := s.Evaluate(p), n.Evaluate(p); got != want {
					t.Fatalf("stack evaluates %d, fresh %d at %s", got, want, p.FEN())
				}
				checks++
			}
		}
	}
	for _, k := range []chess.MoveKind{chess.KindNormal, chess.KindPromotion, chess.KindEnPassant, chess.KindCastle} {
		if kinds[k] == 0 {
			t.Errorf("no move of kind %d was played", k)
		}
	}
	if checks < 1000 {
		t.Errorf("only %d comparisons", checks)
	}
}

// TestNullMoveAndDeepStack: a null move changes only the side to move, and
// positions deeper than the stack are still evaluated exactly.
func TestNullMoveAndDeepStack(t *testing.T) {
	n := randomNetwork(t, 16, 4)
	p := chess.NewPosition()
	s := NewStack(n)
	s.Reset(p)
	s.Push(p, chess.NullMove)
	p.Make(chess.NullMove)
	if got, want := s.Evaluate(p), n.Evaluate(p); got != want {
		t.Fatalf("after a null move: %d, want %d", got, want)
	}
	p.Unmake()
	s.Pop()
	var l chess.MoveList
	for i := 0; i < StackSize+10; i++ {
		p.GenerateLegal(&l)
		m := l.Moves[i%l.N]
		s.Push(p, m)
		p.Make(m)
		if p.Status(false) != chess.Ongoing {
			break
		}
	}
	if got, want := s.Evaluate(p), n.Evaluate(p); got != want {
		t.Fatalf("beyond the stack: %d, want %d", got, want)
	}
}

// floatOutput is the network evaluated in float64 on the dequantised
// weights: what the integer pass approximates.
func floatOutput(n *Network, p *chess.Position) float64 {
	h := n.Hidden()
	var out float64
	for half, persp := range []chess.Color{p.Side(), p.Side().Other()} {
		for j := 0; j < h; j++ {
			acc := float64(n.featureBias[j])
			occ := p.Occupied()
			for occ != 0 {
				sq := occ.PopLSB()
				acc += float64(n.featureWeights[Feature(persp, p.At(sq), sq)*h+j])
			}
			x := math.Max(0, math.Min(1, acc/QA))
			out += x * x * float64(n.outputWeights[half*h+j]) / QB
		}
	}
	out += float64(n.outputBias) / (QA * QB)
	return out * Scale
}

func TestIntegerPassMatchesFloatReference(t *testing.T) {
	n := randomNetwork(t, 64, 5)
	for _, p := range perftPositions(t) {
		want := floatOutput(n, p)
		got := n.Evaluate(p)
		// Two truncating divisions: less than one centipawn each.
		if math.Abs(float64(got)-want) > 2 {
			t.Fatalf("%s: integer %d, float %.3f", p.FEN(), got, want)
		}
	}
}

// TestKnownTinyNetwork: one hidden neuron that counts White's queens
// (weight QA, so a queen saturates it) seen from White, and is read with
// output weight QB for the side to move.
func TestKnownTinyNetwork(t *testing.T) {
	fw := make([]int16, Inputs)
	wq := chess.MakePiece(chess.White, chess.Queen)
	for sq := chess.Square(0); sq < 64; sq++ {
		fw[Feature(chess.White, wq, sq)] = QA // White's own queen
		fw[Feature(chess.Black, wq, sq)] = QA / 2
	}
	n, err := NewNetwork(1, fw, []int16{0}, []int16{QB, -QB}, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		fen  string
		want int
	}{
		// White to move: Σ = 255²·64 − 127²·64 = 3129344; /255 → 12271;
		// ·400/(255·64) → 300 (the float value is 400·(1 − (127/255)²) = 300.8).
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", 300},
		{"4k3/8/8/8/8/8/8/3QK3 b - - 0 1", -300},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0},
	} {
		p, err := chess.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := n.Evaluate(p); got != c.want {
			t.Errorf("%s: %d, want %d", c.fen, got, c.want)
		}
	}
}

func TestFileRoundTrip(t *testing.T) {
	n := randomNetwork(t, 8, 6)
	b, err := n.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if len(b) != FileSize(8) {
		t.Fatalf("%d bytes, want %d", len(b), FileSize(8))
	}
	m, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range perftPositions(t)[:20] {
		if n.Evaluate(p) != m.Evaluate(p) {
			t.Fatal("the parsed network evaluates differently")
		}
	}
	bad := map[string][]byte{
		"empty":     nil,
		"truncated": b[:len(b)-1],
		"long":      append(append([]byte(nil), b...), 0),
		"magic":     append([]byte("XXNN"), b[4:]...),
	}
	flip := append([]byte(nil), b...)
	flip[100] ^= 1
	bad["checksum"] = flip
	hidden := append([]byte(nil), b...)
	hidden[12] = 0
	bad["hidden 0"] = hidden
	for name, x := range bad {
		if _, err := Parse(x); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := Load("testdata/does-not-exist"); err == nil {
		t.Error("missing file accepted")
	}
}

func FuzzParse(f *testing.F) {
	b, _ := randomNetwork(f, 2, 7).MarshalBinary()
	f.Add(b)
	f.Add(b[:headerSize])
	f.Add([]byte("AZNN"))
	f.Add([]byte(defaultFile))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Parse(data)
		if err != nil {
			return
		}
		again, _ := n.MarshalBinary()
		if string(again) != string(data) {
			t.Fatal("an accepted file does not re-encode to itself")
		}
		n.Evaluate(chess.NewPosition())
	})
}

func TestStackDoesNotAllocate(t *testing.T) {
	n := randomNetwork(t, 256, 8)
	p, _ := chess.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	s := NewStack(n)
	s.Reset(p)
	var l chess.MoveList
	p.GenerateLegal(&l)
	allocs := testing.AllocsPerRun(100, func() {
		for _, m := range l.Slice() {
			s.Push(p, m)
			p.Make(m)
			s.Evaluate(p)
			p.Unmake()
			s.Pop()
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run", allocs)
	}
}
