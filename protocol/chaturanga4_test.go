package protocol_test

import (
	"strings"
	"testing"
	"time"

	"azar/variants/chaturanga4"
)

func c4Session(t *testing.T) (*sink, func(string)) {
	return variantSession(t, "chaturanga4", "setoption name Hash value 4")
}

// lineAfter sends the lines and returns the output they caused once one
// line matches done.
func linesUntil(t *testing.T, out *sink, h func(string), done func(string) bool, lines ...string) []string {
	t.Helper()
	n := len(out.lines())
	for _, l := range lines {
		h(l)
	}
	i := out.waitFor(t, n, done, 30*time.Second)
	return out.lines()[n : i+1]
}

func TestChaturanga4Perft(t *testing.T) {
	out, h := c4Session(t)
	got := linesUntil(t, out, h, prefix("Nodes searched"), "position startpos", "go perft 2")
	if got[len(got)-1] != "Nodes searched: 81" {
		t.Fatalf("perft 2: %q", got)
	}
	moves := 0
	for _, l := range got {
		if strings.HasSuffix(l, ": 9") {
			moves++
		}
	}
	if moves != 9 {
		t.Errorf("perft 2 divide: %d moves with 9 replies each, want 9: %q", moves, got)
	}
	// Draw rules do not end perft: a position repeated twice already still
	// has its moves.
	got = linesUntil(t, out, h, prefix("Nodes searched"),
		"position fen 7bK/8/8/yK7/8/8/8/gK6rK r rgyb -/-/-/- 0 1 moves h1h2 a1a2 a5a6 h8h7 h2h1 a2a1 a6a5 h7h8 h1h2 a1a2 a5a6 h8h7 h2h1 a2a1 a6a5 h7h8",
		"go perft 1")
	if got[len(got)-1] != "Nodes searched: 3" {
		t.Errorf("perft 1 at a repetition: %q", got)
	}
}

func TestChaturanga4Transcript(t *testing.T) {
	out, h := c4Session(t)
	d := linesUntil(t, out, h, prefix("Status:"), "position startpos moves g2f2", "d")
	if !containsLine(d, "Fen: yByP2bKbEbNbB/yNyP2bPbPbPbP/yEyP6/yKyP6/6rPrK/6rPrE/gPgPgPgP1rP1rN/gBgNgEgK2rPrB g rgyb -/-/-/- 0 1") {
		t.Errorf("d after g2f2: %q", d)
	}
	// A search: UCI info lines with the per-seat values, and a legal move
	// for Green.
	got := linesUntil(t, out, h, prefix("bestmove"), "go depth 2")
	st := chaturanga4.NewState(chaturanga4.Options{})
	a, _ := st.ParseAction("g2f2")
	st.Apply(a)
	best := strings.TrimPrefix(got[len(got)-1], "bestmove ")
	if _, err := st.ParseAction(best); err != nil {
		t.Errorf("bestmove %q is not a legal Green move: %v", best, err)
	}
	if count(got, prefix("info string scores r=")) != count(got, prefix("info depth")) || count(got, prefix("info depth")) == 0 {
		t.Errorf("info lines: %q", got)
	}
	// The seats' clocks; a chess clock is not one of them.
	got = linesUntil(t, out, h, prefix("bestmove"), "position startpos", "go rtime 500 gtime 500 ytime 500 btime 500 rinc 10 ginc 10 yinc 10 binc 10")
	if count(got, prefix("info string error")) != 0 {
		t.Errorf("four clocks: %q", got)
	}
	got = linesUntil(t, out, h, prefix("bestmove"), "go wtime 500 winc 10")
	if !strings.HasPrefix(got[0], "info string error go: unknown parameter \"wtime 500 winc 10\" ignored") {
		t.Errorf("a chess clock: %q", got)
	}
	got = linesUntil(t, out, h, prefix("bestmove"), "go depth 3 searchmoves g1f1")
	if got[len(got)-1] != "bestmove g1f1" {
		t.Errorf("searchmoves: %q", got)
	}
	// The raja on h4 is taken by Green's elephant: Red is out and Yellow,
	// not Red, moves next.
	got = linesUntil(t, out, h, prefix("Status:"), "position fen 7bK/8/8/yK7/7rK/8/8/gK6gE g rgyb -/-/-/- 0 1 moves h1h4", "d")
	if !containsLine(got, "Status: Yellow to move, 5 legal moves") || !containsLine(got, "Fen: 7bK/8/8/yK7/7gE/8/8/gK7 y -gyb -/-/-/- 0 1") {
		t.Errorf("after h1h4: %q", got)
	}
}

func containsLine(lines []string, want string) bool {
	for _, l := range lines {
		if l == want {
			return true
		}
	}
	return false
}

func TestChaturanga4BadInput(t *testing.T) {
	out, h := c4Session(t)
	h("position startpos moves g2f2")
	for _, bad := range []string{
		"position fen 7bK/8/8/8/8/8/8/7rK r r--b -/-/-/- 0",   // five fields
		"position fen 7bK/8/8/8/8/8/8/7rK r rgyb -/-/-/- 0 1", // seats without rajas
		"position startpos moves g2f2 g2f2",                   // Green has no piece on g2
		"position startpos moves g2f2 d2d4",                   // no double step
		"position startpos moves 0000",                        // Red may not pass
		"position startpos moves g2f2x",                       // malformed
		"setoption name C4Policy value alphabeta",             // not a policy
		"setoption name C4_ExtendedInsufficient value maybe",  // not a check value
	} {
		n := len(out.lines())
		h(bad)
		if ls := out.lines()[n:]; len(ls) != 1 || !strings.HasPrefix(ls[0], "info string error") {
			t.Errorf("%s: %q", bad, ls)
		}
	}
	d := linesUntil(t, out, h, prefix("Status:"), "d")
	if !containsLine(d, "Status: Green to move, 9 legal moves") {
		t.Errorf("the position after the errors: %q", d)
	}
	for _, p := range []string{"paranoid", "brs", "maxn"} {
		h("setoption name C4Policy value " + p)
		got := linesUntil(t, out, h, prefix("bestmove"), "go depth 2")
		if count(got, prefix("info string error")) != 0 {
			t.Errorf("%s: %q", p, got)
		}
	}
	// The game over: one seat left answers at once.
	got := linesUntil(t, out, h, prefix("bestmove"), "position fen 7rK/8/8/8/8/8/8/8 r r--- -/-/-/- 0 1", "go depth 3")
	if got[len(got)-1] != "bestmove 0000" {
		t.Errorf("one seat left: %q", got)
	}
}
