package puzzle

import (
	"os"
	"strings"
	"testing"
	"time"
)

func TestParseLine(t *testing.T) {
	good := rookMate2.Line()
	p, err := ParseLine(good)
	if err != nil {
		t.Fatal(err)
	}
	if p.FEN != rookMate2.FEN || p.Kind != Mate || p.Moves != 2 || strings.Join(p.Solution, " ") != "a1a7 h8g8 b2b8" || p.Hint != "h" {
		t.Errorf("round trip: %+v", p)
	}
	for _, c := range []struct{ line, err string }{
		{"a | b", "want 5 fields"},
		{"8/8/8/8/8/8/8/8 w - - 0 1 | mate | 1 | a1a2 | h", "king"},
		{rookMate2.FEN + " | mate | x | a1a7 | h", "not a number"},
		{rookMate2.FEN + " | mate | 4 | a1a7 | h", "want 1 to 3"},
		{rookMate2.FEN + " | fork | 2 | a1a7 h8g8 b2b8 | h", "unknown kind"},
		{rookMate2.FEN + " | skewer | 1 | a1a7 | h", "a tactic has 2"},
		{rookMate2.FEN + " | mate | 2 | a1a7 h8g8 | h", "solution has 2 plies, want 3"},
		{rookMate2.FEN + " | mate | 2 | a1a7 h8h7 b2b8 | h", "illegal"},
		{rookMate2.FEN + " | mate | 2 | a1a7 h8g8 b2b7 | h", "does not end in checkmate"},
		{rookMate2.FEN + " | mate | 2 | a1a7 h8g8 b2b8 | ", "empty hint"},
		{rookMate2.FEN + " | mate | 2 | a1a7 h8g8 b2b8 | a\x01b", "control character"},
	} {
		if _, err := ParseLine(c.line); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: error %v, want one containing %q", c.line, err, c.err)
		}
	}
	if _, err := ParseSet("# comment\n\n" + good + "\nbad line\n"); err == nil || !strings.Contains(err.Error(), "line 4") {
		t.Errorf("ParseSet error %v, want one naming line 4", err)
	}
}

func shipped(t *testing.T) []Puzzle {
	t.Helper()
	set, err := Set()
	if err != nil {
		t.Fatal(err)
	}
	return set
}

func TestShippedSetShape(t *testing.T) {
	set := shipped(t)
	if len(set) < 365 {
		t.Fatalf("%d puzzles shipped, want at least 365", len(set))
	}
	kinds := map[string]int{}
	seen := map[string]bool{}
	for _, p := range set {
		k := string(p.Kind)
		if p.Kind == Mate {
			k += string(rune('0' + p.Moves))
		}
		kinds[k]++
		key := strings.Join(strings.Fields(p.FEN)[:4], " ")
		if seen[key] {
			t.Errorf("position shipped twice: %s", p.FEN)
		}
		seen[key] = true
	}
	for _, k := range []string{"mate1", "mate2", "mate3", "double-attack", "skewer"} {
		if kinds[k] < 10 {
			t.Errorf("only %d puzzles of kind %s: %v", kinds[k], k, kinds)
		}
	}
	t.Logf("%d puzzles: %v", len(set), kinds)
}

// TacticSample: `go test` verifies every TacticSample-th shipped tactic
// by the deep search (the first, then every third), and every mate; the
// whole set is TestShippedSetVerifiesAll's, on request (docs/puzzles.md).
const TacticSample = 3

// Every shipped mate is proved again, and a fixed sample of the tactics
// is held to the true-puzzle standard (about 20 s on the loaded machine).
func TestShippedSetVerifies(t *testing.T) { verifyShipped(t, TacticSample) }

// TestShippedSetVerifiesAll holds every shipped puzzle to the standard
// (about 45 s on the loaded machine): AZAR_PUZZLE_FULL=1 go test -run
// TestShippedSetVerifiesAll ./practice/puzzle/, or azar puzzle verify.
func TestShippedSetVerifiesAll(t *testing.T) {
	if os.Getenv("AZAR_PUZZLE_FULL") == "" {
		t.Skip("the whole set's deep verification runs with AZAR_PUZZLE_FULL=1")
	}
	verifyShipped(t, 1)
}

func verifyShipped(t *testing.T, every int) {
	d := NewDeep()
	tactics, checked := 0, 0
	for i, p := range shipped(t) {
		var dp *Deep
		if p.Kind != Mate {
			tactics++
			if (tactics-1)%every != 0 {
				continue
			}
			dp = d
		}
		checked++
		if err := verifyWith(p, dp); err != nil {
			t.Errorf("puzzle %d (%s): %v", i, p.FEN, err)
		}
	}
	t.Logf("%d puzzles verified, %d of them tactics by the deep search", checked, (tactics+every-1)/every)
}

func TestDaily(t *testing.T) {
	set := shipped(t)
	day, _ := ParseDate("2026-03-15")
	a, err := ForDate(set, day)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ForDate(set, day.Add(23*time.Hour))
	if a.Line() != b.Line() {
		t.Error("two calls on one date give different puzzles")
	}
	first, _ := ParseDate(EpochDate)
	if Index(first, len(set)) != 0 {
		t.Error("the epoch does not show the first puzzle")
	}
	seen := map[string]bool{}
	for d := range 365 {
		p, _ := ForDate(set, first.AddDate(0, 0, d+40))
		seen[p.Line()] = true
	}
	if len(seen) != 365 {
		t.Errorf("365 consecutive dates give %d distinct puzzles", len(seen))
	}
	for _, s := range []string{"1900-01-01", "2025-12-31", "9999-12-31"} {
		d, err := ParseDate(s)
		if err != nil {
			t.Fatal(err)
		}
		if i := Index(d, len(set)); i < 0 || i >= len(set) {
			t.Errorf("%s: index %d out of range", s, i)
		}
	}
	if i := Index(first.AddDate(0, 0, -1), 400); i != 399 {
		t.Errorf("the day before the epoch: index %d, want 399", i)
	}
	for _, s := range []string{"", "2026-13-01", "2026-02-30", "26-1-1", "2026-01-01x"} {
		if _, err := ParseDate(s); err == nil {
			t.Errorf("date %q accepted", s)
		}
	}
	if _, err := ForDate(nil, first); err == nil {
		t.Error("an empty set gave a puzzle")
	}
}

func TestShippedHintsNameTheMover(t *testing.T) {
	for _, p := range shipped(t) {
		pos, _ := p.Position()
		m, err := pos.ParseUCIMove(p.Solution[0])
		if err != nil {
			t.Fatal(err)
		}
		if p.Kind == Mate && p.Moves == 1 {
			continue // the mate-in-1 hints name the mating piece and pattern
		}
		name := pieceNames[movedType(pos, m)]
		if !strings.Contains(p.Hint, name) {
			t.Errorf("%s: hint %q does not name the %s that moves first", p.FEN, p.Hint, name)
		}
	}
}

func TestShippedHintsAreDerived(t *testing.T) {
	for _, p := range shipped(t) {
		h, err := Hint(p)
		if err != nil || h != p.Hint {
			t.Errorf("%s: stored hint %q, derived %q (%v)", p.FEN, p.Hint, h, err)
		}
	}
}
