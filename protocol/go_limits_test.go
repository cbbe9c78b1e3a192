package protocol_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"azar/variants/chess"
	"azar/variants/lucky"
	"azar/variants/spy"
)

// A `go` with a fault gets its one error line, then a search with the
// parameters that were valid (depth 1 when none is left) and its
// bestmove; the engine is idle again afterwards.

// checkStartBestmove asserts line is a legal bestmove in variant's start
// position.
func checkStartBestmove(t *testing.T, variant, line string) {
	t.Helper()
	switch variant {
	case "chess":
		checkBestmove(t, line, chess.NewPosition())
	case "lucky":
		checkLuckyBestmove(t, line, lucky.New(lucky.Options{}))
	case "spy":
		st, err := spy.ParseState(spy.StartFEN, spy.Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkSpyBestmove(t, line, st)
	}
}

var infoCountsRE = regexp.MustCompile(`^info depth (\d+) .* nodes (\d+) `)

// lastInfo returns the depth and nodes of the last info line with counts.
func lastInfo(t *testing.T, lines []string) (depth int, nodes uint64) {
	t.Helper()
	depth = -1
	for _, l := range lines {
		if m := infoCountsRE.FindStringSubmatch(l); m != nil {
			depth, _ = strconv.Atoi(m[1])
			nodes, _ = strconv.ParseUint(m[2], 10, 64)
		}
	}
	if depth < 0 {
		t.Fatalf("no info line with counts in %q", lines)
	}
	return depth, nodes
}

// goAnswer sends the lines, the last of them a go, and returns what the
// session printed up to and including its bestmove.
func goAnswer(t *testing.T, out *sink, h func(string), lines ...string) []string {
	t.Helper()
	from := len(out.lines())
	for _, l := range lines {
		h(l)
	}
	i := out.waitFor(t, from, prefix("bestmove"), 30*time.Second)
	return out.lines()[from : i+1]
}

func TestFaultyGoAnswers(t *testing.T) {
	for _, c := range []struct {
		cmd, err string // the command and its error line (a prefix)
		depth    int    // the depth it then searches to
	}{
		{"go depth 0", "go: depth 0: want 1 or more", 1},
		{"go wtime 99999999999999999999", "go: wtime \"99999999999999999999\": out of the 64-bit range", 1},
		{"go nodes 18446744073709551615", "go: nodes \"18446744073709551615\": out of the 64-bit range", 1},
		{"go foo", "go: unknown parameter \"foo\" ignored", 1},
		{"go bogus 5 depth 2", "go: unknown parameter \"bogus 5\" ignored", 2},
		{"go depth 2 depth 3", "go: depth given twice (the first kept)", 2},
		{"go depth x", "go: depth \"x\": not an integer", 1},
		{"go nodes -5", "go: nodes -5: want 1 or more", 1},
		{"go mate 0", "go: mate 0: want 1 or more", 1},
		{"go movetime -1", "go: movetime -1: want 0 or more", 1},
		{"go wtime", "go: wtime without a value", 1},
		{"go depth nodes 3000", "go: depth without a value", 0}, // nodes kept (its depth not checked)
		{"go movestogo -1 depth 2", "go: movestogo -1: want 0 or more", 2},
		{"go searchmoves", "go: searchmoves without moves", 1},
		{"go searchmoves zz depth 2", "go: searchmoves: \"zz\" is illegal or malformed", 2},
		{"go perft 0", "go: perft 0: want a depth from 1 to 20", 1},
		{"go perft 21", "go: perft 21: want a depth from 1 to 20", 1},
		{"go perft 2 depth 3", "go: perft takes only a depth (perft ignored)", 3},
		{"go depth 0 foo", "go: depth 0: want 1 or more; unknown parameter \"foo\" ignored", 1},
	} {
		for _, v := range []string{"chess", "lucky", "spy"} {
			out, h := variantSession(t, v)
			got := goAnswer(t, out, h, c.cmd)
			if !strings.HasPrefix(got[0], "info string error "+c.err) || count(got, prefix("info string error")) != 1 {
				t.Errorf("%s %q: want one error line %q first, got %q", v, c.cmd, c.err, got)
			}
			checkStartBestmove(t, v, got[len(got)-1])
			if d, _ := lastInfo(t, got); c.depth > 0 && d != c.depth {
				t.Errorf("%s %q: searched to depth %d, want %d: %q", v, c.cmd, d, c.depth, got)
			}
			// Idle again: the next go is not refused.
			if got := goAnswer(t, out, h, "go depth 1"); count(got, prefix("info string error")) != 0 {
				t.Errorf("%s: after %q, go depth 1 answered %q", v, c.cmd, got)
			}
		}
	}
}

// TestFaultyGoInfinite: a fault does not end an infinite search early;
// stop does, with one bestmove.
func TestFaultyGoInfinite(t *testing.T) {
	for _, v := range []string{"chess", "lucky", "spy"} {
		out, h := variantSession(t, v)
		h("go infinite depth 0")
		out.waitFor(t, 0, prefix("info depth 1 "), 30*time.Second)
		// A go during the search is refused, without a bestmove.
		h("go depth 0")
		before := out.lines()
		if count(before, prefix("bestmove")) != 0 || count(before, prefix("info string error go while searching")) != 1 {
			t.Errorf("%s: %q", v, before)
		}
		h("stop")
		all := out.lines()
		if count(all, prefix("bestmove")) != 1 || count(all, prefix("info string error")) != 2 {
			t.Errorf("%s: after stop: %q", v, all)
		}
		checkStartBestmove(t, v, all[len(all)-1])
	}
}

// TestGoWithoutSearch: where the variant cannot search, a go still gets
// exactly one error line and its bestmove.
func TestGoWithoutSearch(t *testing.T) {
	// A lucky draw waiting for its reveal, with a fault of the go: one
	// line for both.
	out, h := variantSession(t, "lucky")
	got := goAnswer(t, out, h, "position startpos moves e2e4 e7e5 g1f3 b8c6 draw", "go depth 0")
	want := []string{"info string error go: depth 0: want 1 or more; the drawn card has not been revealed (append the card to the moves)", "bestmove 0000"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("pending reveal: %q, want %q", got, want)
	}
	// Inconsistent lucky options.
	out, h = variantSession(t, "lucky", "setoption name Lucky_KingCapture value true")
	got = goAnswer(t, out, h, "go depth 3")
	if len(got) != 2 || !strings.HasPrefix(got[0], "info string error go: the lucky options are inconsistent") || got[1] != "bestmove 0000" {
		t.Errorf("inconsistent options: %q", got)
	}
	// The spy wildcard's choice, with searchmoves (no action to choose).
	out, h = variantSession(t, "spy")
	got = goAnswer(t, out, h, "position startpos card b=wild", "go searchmoves e2e4")
	if !strings.HasPrefix(got[0], "info string error go: searchmoves: \"e2e4\"") || count(got, prefix("info string error")) != 1 || got[len(got)-1] != "bestmove wild:QR" {
		t.Errorf("wildcard choice: %q", got)
	}
}

// TestGoNodes: the last info line of `go nodes N` counts at most N nodes,
// or is depth 1 when depth 1 alone takes more.
func TestGoNodes(t *testing.T) {
	for _, v := range []string{"chess", "lucky", "spy"} {
		out, h := variantSession(t, v)
		_, depth1 := lastInfo(t, goAnswer(t, out, h, "go depth 1"))
		for _, n := range []uint64{1, 100, 500, 826, 5000} {
			out, h := variantSession(t, v)
			got := goAnswer(t, out, h, "go nodes "+strconv.FormatUint(n, 10))
			checkStartBestmove(t, v, got[len(got)-1])
			d, nodes := lastInfo(t, got)
			switch {
			case n <= depth1 && (d != 1 || nodes != depth1):
				t.Errorf("%s nodes %d: last info depth %d, %d nodes; want depth 1's %d", v, n, d, nodes, depth1)
			case n > depth1 && nodes > n:
				t.Errorf("%s nodes %d: last info depth %d, %d nodes", v, n, d, nodes)
			}
			if n >= 5000 && d < 2 && v == "chess" {
				t.Errorf("%s nodes %d: stopped at depth %d", v, n, d)
			}
		}
	}
}
