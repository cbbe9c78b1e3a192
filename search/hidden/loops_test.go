package hidden

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"azar/search"
	"azar/variants/spy"
)

// testPositions are the positions of this package's tests: the twelve
// searched to compare the two loops (TestCoreLoop).
func testPositions(t testing.TB) []*spy.State {
	t.Helper()
	fens := []string{
		forkFEN, mateFEN, freeFEN, badRevealFEN,
		"7k/7b/8/8/7Q/1n6/RP6/K7 w - - 0 1 RBN/- c-/-- b8:b3 w=spy:QN",
		spy.StartFEN + " w=spy:KN",
		"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 RBN/- --/-- - w=spy:KN",
		spy.StartFEN + " w=spy:QB",
		"4k3/8/8/3q4/8/8/8/K7 w - - 100 80 -/RBN --/-- - w=neutral",
		"4k3/8/8/3Q4/8/8/8/K7 w - - 100 80 RBN/- --/-- - w=neutral",
		"k2q4/8/8/8/8/8/8/1N5K w - - 0 1 -/RBN --/-- - w=neutral",
		spy.StartFEN,
	}
	var out []*spy.State
	for i, f := range fens {
		var o spy.Options
		if i >= 8 && i <= 10 {
			o.DrawClaims = spy.DrawFIDE // TestClaims's
		}
		st, err := spy.ParseState(f, o)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, st)
	}
	return out
}

// TestCoreLoop compares the search on the game-search core with this
// package's own loop (Options.OwnLoop) at a fixed depth: nodes, and the
// actions chosen, which on the test positions must be the same, within
// 1.3 times the nodes. AZAR_SPY_SET=reveal40 takes the 40
// positions of BenchmarkRevealPolicyNodes, AZAR_SPY_DEPTH the depth (3,
// or 2 under -short), -v prints every position.
func TestCoreLoop(t *testing.T) {
	depth := 3
	if testing.Short() {
		depth = 2
	}
	if d, err := strconv.Atoi(os.Getenv("AZAR_SPY_DEPTH")); err == nil && d > 0 {
		depth = d
	}
	var positions []*spy.State
	switch set := os.Getenv("AZAR_SPY_SET"); set {
	case "", "tests":
		positions = testPositions(t)
	case "reveal40":
		positions = revealPositions(40)
	default:
		t.Fatalf("AZAR_SPY_SET=%s: not tests or reveal40", set)
	}
	var nodes [2]uint64
	var dur [2]time.Duration
	same, sameScore := 0, 0
	for i, st := range positions {
		var r [2]Result
		for k, own := range []bool{true, false} {
			o := DefaultOptions()
			o.OwnLoop = own
			t0 := time.Now()
			r[k] = New(o).Search(context.Background(), st, search.Limits{Depth: depth}, nil, nil)
			dur[k] += time.Since(t0)
			nodes[k] += r[k].Nodes
		}
		if r[0].Score == r[1].Score {
			sameScore++
		} else if r[0].Action == r[1].Action {
			t.Logf("position %d (%s): %s scores own %d, core %d", i, st.EncodeFull(), st.FormatAction(r[0].Action), r[0].Score, r[1].Score)
		}
		if r[0].Action == r[1].Action {
			same++
		} else {
			t.Logf("position %d (%s): own %s %d, core %s %d; own's choice on the core %d", i, st.EncodeFull(),
				st.FormatAction(r[0].Action), r[0].Score, st.FormatAction(r[1].Action), r[1].Score, scoreOf(r[1], r[0].Action))
		}
		if testing.Verbose() {
			t.Logf("%2d own %-14s %6d %9d | core %-14s %6d %9d | %.2fx", i, st.FormatAction(r[0].Action), r[0].Score, r[0].Nodes,
				st.FormatAction(r[1].Action), r[1].Score, r[1].Nodes, float64(r[1].Nodes)/float64(max(r[0].Nodes, 1)))
		}
	}
	ratio := float64(nodes[1]) / float64(max(nodes[0], 1))
	if os.Getenv("AZAR_SPY_SET") == "" && (same != len(positions) || ratio < 0.7 || ratio > 1.3) {
		t.Errorf("the core's loop chose the own loop's action in %d of %d positions, with %.3fx its nodes; want all, within 1.3x", same, len(positions), ratio)
	}
	t.Logf("depth %d, %d positions: nodes own %d, core %d (%.3fx); same action in %d, same score in %d; %.1fs own, %.1fs core",
		depth, len(positions), nodes[0], nodes[1], float64(nodes[1])/float64(max(nodes[0], 1)), same, sameScore,
		dur[0].Seconds(), dur[1].Seconds())
}

func scoreOf(r Result, a any) int {
	for _, s := range r.Scores {
		if any(s.Action) == a {
			return s.Score
		}
	}
	return 0
}

// BenchmarkLoops searches the twelve test positions to depth 4 with each
// loop and reports the nodes per second (the two loops search nearly the
// same nodes: TestCoreLoop):
//
//	go test ./search/hidden -run - -bench Loops -benchtime 3x
func BenchmarkLoops(b *testing.B) {
	positions := testPositions(b)
	for _, c := range []struct {
		name string
		own  bool
	}{{"own", true}, {"core", false}} {
		b.Run(c.name, func(b *testing.B) {
			o := DefaultOptions()
			o.OwnLoop = c.own
			e := New(o)
			var nodes uint64
			for b.Loop() {
				for _, st := range positions {
					e.NewGame()
					nodes += e.Search(context.Background(), st, search.Limits{Depth: 4}, nil, nil).Nodes
				}
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
