package four

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"azar/search"
	"azar/search/core"
	"azar/variants"
	"azar/variants/chaturanga4"
	"azar/variants/chess"
)

func policies() []core.SeatPolicy { return []core.SeatPolicy{core.Paranoid, core.BRS, core.MaxN} }

// position builds a C4N position from "rK@h1 gE@d1 ..." (a seat letter,
// a piece letter, a square), the seat to move and the seats still in
// ("rg-b").
func position(t *testing.T, pieces, toMove, seats string) *chaturanga4.State {
	t.Helper()
	var board [64]string
	for _, f := range strings.Fields(pieces) {
		pc, sqs, ok := strings.Cut(f, "@")
		sq, ok2 := chess.ParseSquare(sqs)
		if !ok || !ok2 || len(pc) != 2 {
			t.Fatalf("bad piece %q", f)
		}
		board[sq] = pc
	}
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := range 8 {
			pc := board[rank*8+file]
			if pc == "" {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteString(pc)
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	c4n := b.String() + " " + toMove + " " + seats + " -/-/-/- 0 1"
	p, err := chaturanga4.ParseC4N(c4n)
	if err != nil {
		t.Fatalf("%s: %v", c4n, err)
	}
	return chaturanga4.StateFrom(p)
}

func searchDepth(t *testing.T, st *chaturanga4.State, p core.SeatPolicy, depth int) Result {
	t.Helper()
	o := DefaultOptions()
	o.Policy, o.HashMB = p, 2
	before := st.Encode()
	r := New(o).Search(t.Context(), st, search.Limits{Depth: depth}, nil)
	if st.Encode() != before {
		t.Fatalf("the search changed the state: %s, was %s", st.Encode(), before)
	}
	if !r.Found {
		t.Fatalf("%s: no move found in %s", p, before)
	}
	return r
}

func move(st *chaturanga4.State, a variants.Action) string { return st.FormatAction(a) }

// depths are the depths each test searches a policy to: paranoid and BRS+
// count a ply per change of side (a root turn, a rival layer), maxⁿ a ply
// per seat's move.
func depths(p core.SeatPolicy, sides int) []int {
	if p == core.MaxN {
		return []int{sides + 1, sides + 2}
	}
	return []int{sides, sides + 1}
}

// TestTakesHangingRaja: Red's elephant on a3 may take Green's raja on c3
// (Green is out, its army frozen) or Yellow's elephant on a6; every
// policy takes the raja.
func TestTakesHangingRaja(t *testing.T) {
	st := position(t, "rK@h1 rE@a3 rP@g2 gK@c3 gE@d1 gN@e1 gP@b2 gP@c2 gN@g5 yK@d8 yE@a6 yP@b7 bK@h6 bP@g7 bN@f8", "r", "rgyb")
	for _, p := range policies() {
		for _, d := range depths(p, 1) {
			if r := searchDepth(t, st, p, d); move(st, r.Action) != "a3c3" {
				t.Errorf("%s depth %d: %s %d, want a3c3 (Green's raja)", p, d, move(st, r.Action), r.Score)
			}
		}
	}
}

// TestSavesOwnRaja: Yellow's elephant on h5 attacks Red's raja on h1
// (Green moves first, then Yellow takes it before Red moves again), and
// Red may take Green's knight on c6 for free. Every policy saves the
// raja: after its move no seat attacks it.
func TestSavesOwnRaja(t *testing.T) {
	st := position(t, "rK@h1 rE@c3 rP@b2 gK@a1 gN@c6 gP@a2 yK@a8 yE@h5 yP@b7 bK@e8 bP@e7", "r", "rgyb")
	for _, p := range policies() {
		for _, d := range depths(p, 1) {
			r := searchDepth(t, st, p, d)
			pos := st.Position().Clone()
			pos.Make(chaturanga4.Move(r.Action))
			k := pos.Pieces(chaturanga4.Red, chaturanga4.King).LSB()
			for x := chaturanga4.Green; x <= chaturanga4.Black; x++ {
				if pos.AttackersOf(k, x) != 0 {
					t.Errorf("%s depth %d: %s %d leaves Red's raja to %s", p, d, move(st, r.Action), r.Score, x.Name())
				}
			}
		}
	}
}

// TestTwoMoveWin: Red and Green are left (Yellow's and Black's frozen
// pieces stand on the board). Green's raja on a1 has a2, b1 and b2;
// Red's elephant on b7 holds the b-file, and h3a3 takes a1 and a2: Green
// cannot save its raja, and Red wins on its next move. Red's other
// tries (h3h1 leaves a2) do not win.
func TestTwoMoveWin(t *testing.T) {
	st := position(t, "rK@h8 rE@b7 rE@h3 gK@a1 yP@d5 yN@e6 bP@f4", "r", "rg--")
	for _, p := range policies() {
		for _, d := range depths(p, 2) {
			r := searchDepth(t, st, p, d)
			if move(st, r.Action) != "h3a3" || r.Score < core.WinBound {
				t.Errorf("%s depth %d: %s %d, want h3a3 with a win", p, d, move(st, r.Action), r.Score)
			}
		}
	}
}

// TestLegalMoves: from seeded random games, every policy, at a depth and
// under a node limit that stops it in the middle of an iteration, returns
// a legal move and leaves the state as it was.
func TestLegalMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 4))
	n := 24
	if testing.Short() {
		n = 8
	}
	for i := range n {
		st := chaturanga4.NewState(chaturanga4.Options{})
		plies := rng.IntN(120)
		for range plies {
			acts := st.Legal(nil)
			if len(acts) == 0 {
				break
			}
			if err := st.Apply(acts[rng.IntN(len(acts))]); err != nil {
				t.Fatal(err)
			}
		}
		if st.ToAct() < 0 {
			continue
		}
		legal := st.Legal(nil)
		for _, p := range policies() {
			for _, l := range []search.Limits{{Depth: 2}, {Nodes: 1500 + uint64(i)*97}} {
				o := DefaultOptions()
				o.Policy, o.HashMB = p, 1
				before := st.Encode()
				r := New(o).Search(t.Context(), st, l, nil)
				if !r.Found || !slices.Contains(legal, r.Action) {
					t.Fatalf("%s %+v in %s: %s (found %v) is not legal", p, l, before, move(st, r.Action), r.Found)
				}
				if st.Encode() != before {
					t.Fatalf("%s: the search changed %s into %s", p, before, st.Encode())
				}
				if err := st.Clone().Apply(r.Action); err != nil {
					t.Fatalf("%s in %s: %v", p, before, err)
				}
			}
		}
	}
}

// TestStops: an infinite search cancelled from its depth-2 report
// answers depth 2's legal move and reports nothing deeper; a node limit stops at exactly that many nodes once depth 1 is
// complete.
func TestStops(t *testing.T) {
	st := chaturanga4.NewState(chaturanga4.Options{})
	legal := st.Legal(nil)
	for _, p := range policies() {
		o := DefaultOptions()
		o.Policy, o.HashMB = p, 1
		ctx, cancel := context.WithCancel(t.Context())
		deepest := 0
		r := New(o).Search(ctx, st, search.Limits{Infinite: true}, func(i Info) {
			deepest = max(deepest, i.Depth)
			if i.Depth == 2 {
				cancel()
			}
		})
		cancel()
		if !slices.Contains(legal, r.Action) || deepest != 2 || r.Depth != 2 {
			t.Errorf("%s cancelled at depth 2: %s at depth %d, reports to depth %d", p, move(st, r.Action), r.Depth, deepest)
		}
		d1 := New(o).Search(t.Context(), st, search.Limits{Depth: 1}, nil)
		for _, n := range []uint64{1, d1.Nodes + 500} {
			r := New(o).Search(t.Context(), st, search.Limits{Nodes: n}, nil)
			want := max(n, d1.Nodes)
			if r.Nodes != want || !slices.Contains(legal, r.Action) {
				t.Errorf("%s nodes %d: searched %d (depth 1: %d), %s", p, n, r.Nodes, d1.Nodes, move(st, r.Action))
			}
		}
	}
}

// TestReports: each iteration's report has a PV of legal moves through
// the seats, starting with the move chosen, and a value per seat.
func TestReports(t *testing.T) {
	st := chaturanga4.NewState(chaturanga4.Options{})
	for _, p := range policies() {
		o := DefaultOptions()
		o.Policy = p
		var last Info
		r := New(o).Search(t.Context(), st, search.Limits{Depth: depths(p, 2)[1]}, func(i Info) { last = i })
		if len(last.PV) < 2 || last.PV[0] != r.Action || len(last.Seats) != chaturanga4.Seats {
			t.Errorf("%s: PV %d moves from %s (chose %s), %d seat values", p, len(last.PV), move(st, last.PV[0]), move(st, r.Action), len(last.Seats))
			continue
		}
		w := st.Clone()
		for _, a := range last.PV {
			if err := w.Apply(a); err != nil {
				t.Errorf("%s: PV %v: %v", p, last.PV, err)
				break
			}
		}
		t.Logf("%s depth %d: PV of %d moves, seats %v", p, last.Depth, len(last.PV), last.Seats)
	}
}
