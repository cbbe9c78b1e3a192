package chance

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"azar/variants"
	"azar/variants/lucky"
)

// gamePositionFiles hold the position sets of TestNodeCounts taken from
// Azar's own games (AZAR_LUCKY_SET=games, games2), where the pieces are
// defended as engines defend them, unlike the random-play sets.
// TestExtractGamePositions wrote them; docs/lucky.md says from which
// games. games2 was kept aside while ChanceProbCut was tuned.
var gamePositionFiles = map[string]string{
	"games":  "testdata/game_positions.txt",
	"games2": "testdata/game_positions_2.txt",
}

// gamePositions reads one of gamePositionFiles: one lucky FEN per line,
// '#' lines are comments.
func gamePositions(t testing.TB, file string) []*lucky.State {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []*lucky.State
	for n, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		st, err := lucky.ParseState(line, lucky.Options{})
		if err != nil {
			t.Fatalf("%s:%d: %v", file, n+1, err)
		}
		out = append(out, st)
	}
	return out
}

// TestGamePositions keeps the files usable as the rules and the FEN
// evolve: 50 positions each, each a turn start out of check where the
// draw is legal, whose FEN reads back to itself.
func TestGamePositions(t *testing.T) {
	for set, file := range gamePositionFiles {
		ps := gamePositions(t, file)
		if len(ps) != 50 {
			t.Fatalf("%s: %d positions, want 50", set, len(ps))
		}
		for i, st := range ps {
			if !drawableStart(st) {
				t.Errorf("%s: position %d is not a turn start out of check where the draw is legal: %s", set, i, st.Encode())
			}
			again, err := lucky.ParseState(st.Encode(), lucky.Options{})
			if err != nil || again.Encode() != st.Encode() {
				t.Errorf("%s: position %d does not read back: %v", set, i, err)
			}
		}
	}
}

// TestExtractGamePositions rewrites the file of set AZAR_LUCKY_SET (games
// or games2; games when unset) from a PGN file of `azar match -variant
// lucky` (AZAR_LUCKY_PGN=path; skipped without it).
// The games are taken in the file's order; each gives at most one
// position: the first turn start at or after action number 12 + r, r
// uniform in [0, 50) from the same seeded source as randomPositions, where
// the player to act is out of check and may draw (either player: the
// state, not the policy, says whether the draw is legal). Fifty positions.
func TestExtractGamePositions(t *testing.T) {
	path := os.Getenv("AZAR_LUCKY_PGN")
	if path == "" {
		t.Skip("AZAR_LUCKY_PGN is not set")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	set := os.Getenv("AZAR_LUCKY_SET")
	if set == "" {
		set = "games"
	}
	file, ok := gamePositionFiles[set]
	if !ok {
		t.Fatalf("AZAR_LUCKY_SET=%s is not a set of game positions", set)
	}
	rng := rand.New(rand.NewPCG(1, 0xC0FFEE))
	var out []string
	for gi, toks := range pgnMovetexts(string(b)) {
		if len(out) == 50 {
			break
		}
		stopAt := 12 + rng.IntN(50)
		st, err := replayUntil(toks, stopAt)
		if err != nil {
			t.Fatalf("game %d: %v", gi+1, err)
		}
		if st != nil {
			out = append(out, st.Encode())
		}
	}
	if len(out) < 50 {
		t.Fatalf("only %d positions in %s", len(out), path)
	}
	head := fmt.Sprintf("# TestNodeCounts, AZAR_LUCKY_SET=%s: written by TestExtractGamePositions\n# from %s (docs/lucky.md, \"Chance-node pruning: node counts\").\n",
		set, path[strings.LastIndexByte(path, '/')+1:])
	if err := os.WriteFile(file, []byte(head+strings.Join(out, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// pgnMovetexts splits a PGN file into each game's movetext tokens:
// actions, move numbers, results and {comments}.
func pgnMovetexts(pgn string) [][]string {
	var games [][]string
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			games = append(games, tokens(text.String()))
			text.Reset()
		}
	}
	for _, line := range strings.Split(pgn, "\n") {
		switch {
		case strings.HasPrefix(line, "["):
			flush()
		case strings.TrimSpace(line) != "":
			text.WriteString(line)
			text.WriteByte(' ')
		}
	}
	flush()
	return games
}

func tokens(s string) []string {
	var out []string
	for {
		s = strings.TrimLeft(s, " \t\r")
		if s == "" {
			return out
		}
		end := strings.IndexAny(s, " \t\r{")
		if s[0] == '{' {
			end = strings.IndexByte(s, '}') + 1
		}
		if end <= 0 {
			end = len(s)
		}
		out = append(out, s[:end])
		s = s[end:]
	}
}

// replayUntil plays a game's tokens from the standard start (a `draw`'s
// card is the comment after it, as the referee writes it) and returns the
// first eligible turn start at or after action number from, or nil.
func replayUntil(toks []string, from int) (*lucky.State, error) {
	st := lucky.New(lucky.Options{})
	n := 0
	drew := false
	for _, tok := range toks {
		switch {
		case strings.HasPrefix(tok, "{"):
			if drew {
				a, err := st.ParseAction(strings.Trim(tok, "{}"))
				if err != nil {
					return nil, fmt.Errorf("card %s: %w", tok, err)
				}
				st.ApplyTrusted(a)
				drew = false
			}
			continue
		case strings.HasSuffix(tok, ".") || tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*":
			continue
		}
		if n >= from && drawableStart(st) {
			return st, nil
		}
		a, err := st.ParseAction(tok)
		if err != nil {
			return nil, fmt.Errorf("action %d: %w", n+1, err)
		}
		st.ApplyTrusted(a)
		drew = tok == "draw"
		n++
	}
	return nil, nil
}

// drawableStart reports whether st is what both position sets hold: a
// turn start (no card drawn or in progress) where the player to act is out
// of check and may draw.
func drawableStart(st *lucky.State) bool {
	return st.ToAct() != variants.Chance && st.Phase() == lucky.PhaseStart && !st.InCheck() &&
		containsAction(st.Legal(nil), lucky.DrawAction)
}
