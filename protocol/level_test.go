package protocol_test

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// multiPVs returns the highest multipv index among info lines.
func multiPVs(lines []string) int {
	most := 0
	for _, l := range lines {
		f := strings.Fields(l)
		for i := 0; i+1 < len(f); i++ {
			if f[i] == "multipv" {
				n := 0
				for _, c := range f[i+1] {
					n = n*10 + int(c-'0')
				}
				most = max(most, n)
			}
		}
	}
	return most
}

// goLines sends the lines and returns everything up to the bestmove.
func goLines(t *testing.T, out *sink, h func(string), lines ...string) []string {
	t.Helper()
	n := len(out.lines())
	for _, l := range lines {
		h(l)
	}
	i := out.waitFor(t, n, prefix("bestmove"), 30*time.Second)
	return out.lines()[n : i+1]
}

func TestLevelMateNeverEscapes(t *testing.T) {
	out, h := variantSession(t, "chess", "setoption name Level value 1")
	for seed := 1; seed <= 12; seed++ {
		h("setoption name LevelSeed value " + strconv.Itoa(seed))
		ls := goLines(t, out, h, "position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "go wtime 60000 btime 60000")
		if got := ls[len(ls)-1]; got != "bestmove d1d8" {
			t.Fatalf("seed %d: level 1 answered %q with a mate in one on the board", seed, got)
		}
	}
}

// A weak level chooses among the search's candidates: over seeds it plays
// more than one opening move, while full strength plays one; the same seed
// gives the same move.
func TestLevelChoosesAmongCandidates(t *testing.T) {
	out, h := variantSession(t, "chess")
	moves := map[string]bool{}
	for _, seed := range []string{"1", "2", "3", "4", "5", "6", "7", "8"} {
		h("setoption name LevelSeed value " + seed)
		// A new game each time, as for the weak level below: the table
		// left by the search before may change a 600-node search's move.
		ls := goLines(t, out, h, "ucinewgame", "position startpos", "go nodes 600")
		if n := multiPVs(ls); n != 1 {
			t.Fatalf("full strength searched %d PVs", n)
		}
		moves[ls[len(ls)-1]] = true
	}
	if len(moves) != 1 {
		t.Fatalf("full strength played %v", moves)
	}
	h("setoption name Level value 1")
	moves = map[string]bool{}
	for _, seed := range []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"} {
		h("setoption name LevelSeed value " + seed)
		ls := goLines(t, out, h, "ucinewgame", "position startpos", "go wtime 60000 btime 60000")
		if n := multiPVs(ls); n < 2 {
			t.Fatalf("level 1 searched %d PVs, want several candidates", n)
		}
		best := ls[len(ls)-1]
		moves[best] = true
		again := goLines(t, out, h, "ucinewgame", "position startpos", "go wtime 60000 btime 60000")
		if again[len(again)-1] != best {
			t.Fatalf("seed %s: %q then %q", seed, best, again[len(again)-1])
		}
	}
	if len(moves) < 2 {
		t.Errorf("level 1 played only %v over 12 seeds", moves)
	}
}

func TestLevelOptions(t *testing.T) {
	out, h := variantSession(t, "chess")
	n := len(out.lines())
	h("setoption name Level value 7")
	h("setoption name UCI_Elo value 500")
	if ls := out.lines()[n:]; len(ls) != 2 || !strings.HasPrefix(ls[0], "info string error option Level") || !strings.HasPrefix(ls[1], "info string error option UCI_Elo") {
		t.Fatalf("bad values: %q", ls)
	}
	// UCI_Elo alone does not weaken the engine; with UCI_LimitStrength it
	// does. Level 6 and Experto play the search's move.
	h("setoption name UCI_Elo value 600")
	if ls := goLines(t, out, h, "position startpos", "go depth 2"); multiPVs(ls) != 1 {
		t.Errorf("UCI_Elo without UCI_LimitStrength weakened the engine")
	}
	h("setoption name UCI_LimitStrength value true")
	if ls := goLines(t, out, h, "position startpos", "go depth 2"); multiPVs(ls) < 2 {
		t.Errorf("UCI_LimitStrength at 600 searched one PV")
	}
	h("setoption name Level value 6")
	if ls := goLines(t, out, h, "position startpos", "go depth 2"); multiPVs(ls) != 1 {
		t.Errorf("level 6 (it wins over UCI_Elo) searched several PVs")
	}
	// Analysis (go infinite) is at full strength.
	h("setoption name Level value 1")
	n = len(out.lines())
	h("position startpos")
	h("go infinite")
	out.waitFor(t, n, prefix("info depth 3"), 30*time.Second)
	ls := goLines(t, out, h, "stop")
	if multiPVs(append(out.lines()[n:], ls...)) != 1 {
		t.Errorf("go infinite at level 1 searched several PVs")
	}
}
