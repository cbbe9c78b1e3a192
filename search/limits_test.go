package search

import (
	"math"
	"testing"
	"time"

	"azar/variants/chess"
)

// The time manager's budgets are checked at given elapsed times, never
// against the wall clock.

func TestMoveTimeBudget(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		movetime, overhead, hard time.Duration
	}{
		{1000 * ms, 30 * ms, 970 * ms},
		{100 * ms, 0, 100 * ms},
		{5000 * ms, 250 * ms, 4750 * ms},
		{20 * ms, 30 * ms, ms}, // less than the overhead: at once
	} {
		tm := NewTimeManager(time.Now(), Limits{MoveTime: c.movetime}, chess.White, c.overhead, ChessTimePolicy())
		if tm.Hard() != c.hard || tm.Soft() != c.hard {
			t.Errorf("movetime %v overhead %v: hard %v soft %v, want both %v", c.movetime, c.overhead, tm.Hard(), tm.Soft(), c.hard)
		}
		just := c.hard - time.Microsecond
		if tm.pastHardAt(just) || !tm.pastHardAt(c.hard) {
			t.Errorf("movetime %v: hard stop not at %v", c.movetime, c.hard)
		}
		// No soft stop: every scale of the iteration loop, and no
		// iteration skipped for its expected length.
		for _, scale := range []float64{0.01, 0.6, 1, 3} {
			if tm.pastSoftAt(just, scale) {
				t.Errorf("movetime %v: PastSoft(%v) at %v", c.movetime, scale, just)
			}
		}
		if tm.wouldOverrunAt(0, time.Hour) || tm.wouldOverrunAt(just, time.Hour) {
			t.Errorf("movetime %v: WouldOverrun", c.movetime)
		}
	}
}

// TestClockBudget: under a clock the soft budget still applies.
func TestClockBudget(t *testing.T) {
	ms := time.Millisecond
	l := Limits{WTime: 60_000 * ms, BTime: 30_000 * ms, WInc: 600 * ms}
	tm := NewTimeManager(time.Now(), l, chess.White, 30*ms, ChessTimePolicy())
	// (60000 - 30) / 30 + 600 / 2 = 2299 ms; hard 4 times that.
	if want := 2299 * ms; tm.Soft() != want || tm.Hard() != 4*want {
		t.Fatalf("soft %v hard %v, want %v and %v", tm.Soft(), tm.Hard(), want, 4*want)
	}
	if tm.pastSoftAt(tm.Soft()*6/10, 0.6) || !tm.pastSoftAt(tm.Soft()*6/10+ms, 0.6) {
		t.Errorf("PastSoft(0.6) not at 60%% of %v", tm.Soft())
	}
	if !tm.wouldOverrunAt(tm.Soft()/2, tm.Soft()) || tm.wouldOverrunAt(0, tm.Soft()) {
		t.Errorf("WouldOverrun against soft %v", tm.Soft())
	}
	if tm.pastHardAt(tm.Hard()-ms) || !tm.pastHardAt(tm.Hard()) {
		t.Errorf("hard stop not at %v", tm.Hard())
	}
	// Black's clock for Black.
	tm = NewTimeManager(time.Now(), l, chess.Black, 30*ms, ChessTimePolicy())
	if want := (30_000 - 30) * ms / 30; tm.Soft() != want {
		t.Errorf("black soft %v, want %v", tm.Soft(), want)
	}
	// Without a clock nothing stops the search.
	tm = NewTimeManager(time.Now(), Limits{Depth: 5}, chess.White, 30*ms, ChessTimePolicy())
	if tm.Limited() || tm.pastHardAt(time.Hour) || tm.pastSoftAt(time.Hour, 0.01) || tm.wouldOverrunAt(time.Hour, time.Hour) {
		t.Error("a depth search has a time budget")
	}
}

// TestNodeLimit: `go nodes N` searches exactly N nodes on one thread
// once depth 1 is complete; below depth 1's count it answers from depth 1.
func TestNodeLimit(t *testing.T) {
	for _, fen := range []string{
		chess.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	} {
		e := New(DefaultOptions())
		depth1 := searchFEN(t, e, fen, Limits{Depth: 1}).Nodes
		for _, n := range []uint64{1, 100, 500, 826, 5000, 20000} {
			e.NewGame()
			var last Info
			p, _ := chess.ParseFEN(fen)
			r := e.Search(t.Context(), p, Limits{Nodes: n}, func(i Info) { last = i })
			if n <= depth1 {
				if r.Depth != 1 || r.Nodes != depth1 || last.Depth != 1 {
					t.Errorf("%s nodes %d: depth %d, %d nodes, last info depth %d; want depth 1 and its %d nodes", fen, n, r.Depth, r.Nodes, last.Depth, depth1)
				}
				continue
			}
			if r.Nodes != n || last.Nodes > n || r.Move == chess.NoMove {
				t.Errorf("%s nodes %d: searched %d, last info %d nodes, move %v", fen, n, r.Nodes, last.Nodes, r.Move)
			}
		}
	}
}

// TestNodeLimitThreads: with helper threads the limit counts every
// thread's nodes, and they overshoot it by at most an eighth (each
// thread's nodes since it last published them), plus one node each after
// the stop.
func TestNodeLimitThreads(t *testing.T) {
	o := DefaultOptions()
	o.Threads = 4
	e := New(o)
	for _, n := range []uint64{2000, 5000, 50000} {
		e.NewGame()
		r := searchFEN(t, e, chess.StartFEN, Limits{Nodes: n})
		if r.Nodes < n || r.Nodes > n+n/8+8 {
			t.Errorf("nodes %d on 4 threads: searched %d", n, r.Nodes)
		}
	}
}

func TestPollInterval(t *testing.T) {
	for _, c := range []struct {
		limit   uint64
		threads int
		want    uint64
	}{
		{0, 1, stopCheckInterval}, {1, 1, 1}, {100, 1, 12}, {5000, 1, 625}, {1 << 30, 1, stopCheckInterval}, {5000, 4, 156}, {7, 64, 1},
	} {
		if got := pollInterval(c.limit, c.threads); got != c.want {
			t.Errorf("pollInterval(%d, %d) = %d, want %d", c.limit, c.threads, got, c.want)
		}
	}
}

// TestNodeTimeScale: the factor NodeTime puts on the soft budget, at
// known shares of the nodes and known score drops.
func TestNodeTimeScale(t *testing.T) {
	for _, c := range []struct {
		best, total uint64
		depth       int
		want        float64
	}{
		{80, 100, 10, 1},    // the share that keeps the budget
		{90, 100, 10, 0.75}, // settled: sooner
		{100, 100, 10, 0.5}, // the floor
		{60, 100, 10, 1.5},  // rivals still fought over: longer
		{10, 100, 10, 1.75}, // the ceiling
		{10, 100, 5, 1},     // too shallow to say
		{0, 0, 10, 1},       // no nodes yet
	} {
		if got := nodeTimeScale(c.best, c.total, c.depth); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("nodeTimeScale(%d, %d, %d) = %v, want %v", c.best, c.total, c.depth, got, c.want)
		}
	}
	for _, c := range []struct {
		last, now, depth int
		want             float64
	}{
		{30, 30, 10, 1},            // unchanged
		{30, 80, 10, 1},            // a rise
		{30, -20, 10, 1.5},         // half a pawn lost
		{300, -200, 10, 2},         // capped at double
		{30, -20, 5, 1},            // too shallow
		{MateScore - 5, 30, 10, 1}, // a mate score is not a drop in pawns
		{30, -MateScore + 9, 10, 1},
		{-Infinity, 30, 10, 1}, // the first iteration
	} {
		if got := scoreDropScale(c.last, c.now, c.depth); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("scoreDropScale(%d, %d, %d) = %v, want %v", c.last, c.now, c.depth, got, c.want)
		}
	}
}
