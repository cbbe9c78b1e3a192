package search

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"azar/variants/chess"
)

// Tactical regression set: testdata/tactics.epd holds positions with a
// unique winning move (checked with Stockfish, see the file's header). Each
// is searched by a fresh single-threaded engine to a fixed node budget, so
// the result is deterministic for a given build.
const (
	tacticsFile   = "testdata/tactics.epd"
	tacticsNodes  = 200_000
	tacticsSolved = 28 // of 36: exactly what the engine solves (2026-12-01, on main at f664449); raise it when it solves more
)

type tactic struct {
	id  string
	fen string
	bm  string // UCI
}

// readEPD parses the "<4-field FEN> bm <uci>; id "<name>"; ..." lines of an
// EPD file, skipping blank lines and '#' comments.
func readEPD(t *testing.T, path string) []tactic {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []tactic
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) < 6 {
			t.Fatalf("%s:%d: short EPD record", path, n)
		}
		tc := tactic{fen: strings.Join(fields[:4], " ")}
		for _, op := range strings.Split(strings.Join(fields[4:], " "), ";") {
			op = strings.TrimSpace(op)
			name, arg, _ := strings.Cut(op, " ")
			switch name {
			case "bm":
				tc.bm = strings.TrimSpace(arg)
			case "id":
				tc.id = strings.Trim(strings.TrimSpace(arg), `"`)
			}
		}
		if tc.bm == "" || tc.id == "" || strings.Contains(tc.bm, " ") {
			t.Fatalf("%s:%d: want exactly one bm and an id: %q", path, n, line)
		}
		out = append(out, tc)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestTactics(t *testing.T) {
	if testing.Short() {
		t.Skip("tactical set skipped in -short mode")
	}
	set := readEPD(t, tacticsFile)
	if len(set) < tacticsSolved {
		t.Fatalf("%s has %d positions, fewer than the %d required", tacticsFile, len(set), tacticsSolved)
	}
	opts := DefaultOptions()
	opts.Threads = 1
	start := time.Now()
	var solved, failed []string
	for _, tc := range set {
		p, err := chess.ParseFEN(tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.id, err)
		}
		bm, err := p.ParseUCIMove(tc.bm)
		if err != nil {
			t.Fatalf("%s: bm %s: %v", tc.id, tc.bm, err)
		}
		r := New(opts).Search(context.Background(), p, Limits{Nodes: tacticsNodes}, nil)
		if r.Move == bm {
			solved = append(solved, tc.id)
		} else {
			failed = append(failed, tc.id+" ("+r.Move.String()+", want "+tc.bm+")")
		}
	}
	t.Logf("solved %d/%d at %d nodes in %v", len(solved), len(set), tacticsNodes, time.Since(start).Round(time.Millisecond))
	t.Logf("solved: %s", strings.Join(solved, " "))
	t.Logf("failed: %s", strings.Join(failed, ", "))
	if len(solved) < tacticsSolved {
		t.Errorf("solved %d/%d tactics, want at least %d", len(solved), len(set), tacticsSolved)
	}
}
