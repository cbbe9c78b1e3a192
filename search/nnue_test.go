package search

import (
	"math/rand/v2"
	"testing"

	"azar/eval/nnue"
	"azar/variants/chess"
)

func randomNetwork(t *testing.T) *nnue.Network {
	r := rand.New(rand.NewPCG(3, 4))
	const h = 16
	fw := make([]int16, nnue.Inputs*h)
	for i := range fw {
		fw[i] = int16(r.IntN(129) - 64)
	}
	fb := make([]int16, h)
	for i := range fb {
		fb[i] = int16(r.IntN(129))
	}
	ow := make([]int16, 2*h)
	for i := range ow {
		ow[i] = int16(r.IntN(129) - 64)
	}
	n, err := nnue.NewNetwork(h, fw, fb, ow, 0)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestSearchWithNetwork: with a network the search still solves the mates
// (which do not depend on the evaluation), is deterministic, really uses
// the network (another tree than the hand-crafted evaluation's), and
// leaves every thread's accumulators at the root.
func TestSearchWithNetwork(t *testing.T) {
	opts := DefaultOptions()
	opts.Network = randomNetwork(t)
	opts.Threads = 2
	e := New(opts)
	for _, m := range mates[:5] {
		r := searchFEN(t, e, m.fen, Limits{Depth: 2*m.n + 2})
		if ok, n := IsMate(r.Score); r.Move.String() != m.move || !ok || n != m.n {
			t.Errorf("%s: got %s score %d, want %s mate in %d", m.fen, r.Move, r.Score, m.move, m.n)
		}
	}
	for _, th := range e.threads {
		if th.nn == nil {
			t.Fatal("a thread has no accumulators")
		}
		if got, want := th.nn.Evaluate(th.pos), opts.Network.Evaluate(th.pos); got != want {
			t.Errorf("thread %d: accumulators give %d at the root, want %d (make/unmake out of step)", th.id, got, want)
		}
	}

	fen := "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	one := DefaultOptions()
	one.Network = opts.Network
	net := New(one)
	a := searchFEN(t, net, fen, Limits{Depth: 6})
	net.NewGame()
	b := searchFEN(t, net, fen, Limits{Depth: 6})
	hand := searchFEN(t, New(DefaultOptions()), fen, Limits{Depth: 6})
	if a.Nodes != b.Nodes || a.Move != b.Move || a.Score != b.Score {
		t.Errorf("not deterministic: %v %d %d vs %v %d %d", a.Move, a.Score, a.Nodes, b.Move, b.Score, b.Nodes)
	}
	if a.Nodes == hand.Nodes && a.Score == hand.Score {
		t.Error("the network search is the hand-crafted one")
	}
	p, _ := chess.ParseFEN(fen)
	if th := net.threads[0]; th.nn.Evaluate(th.pos) != opts.Network.Evaluate(p) {
		t.Error("accumulators not back at the root after the search")
	}
	// Turning the network off gives the hand-crafted search back.
	net.SetOptions(DefaultOptions())
	net.NewGame()
	if c := searchFEN(t, net, fen, Limits{Depth: 6}); c.Nodes != hand.Nodes || c.Score != hand.Score {
		t.Errorf("network off: %d nodes score %d, want %d %d", c.Nodes, c.Score, hand.Nodes, hand.Score)
	}
}
