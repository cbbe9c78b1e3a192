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

// gamePositionsFile holds the second position set of TestNodeCounts
// (AZAR_LUCKY_SET=games): turn starts from Azar's own games, where the
// pieces are defended as engines defend them, unlike the random-play set.
// TestExtractGamePositions wrote it; docs/lucky.md says from which games.
const gamePositionsFile = "testdata/game_positions.txt"

// gamePositions reads gamePositionsFile: one lucky FEN per line, '#'
// lines are comments.
func gamePositions(t testing.TB) []*lucky.State {
	t.Helper()
	b, err := os.ReadFile(gamePositionsFile)
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
			t.Fatalf("%s:%d: %v", gamePositionsFile, n+1, err)
		}
		out = append(out, st)
	}
	return out
}

// TestGamePositions keeps the file usable as the rules and the FEN evolve:
// 50 positions, each a turn start out of check where the draw is legal,
// whose FEN reads back to itself.
func TestGamePositions(t *testing.T) {
	ps := gamePositions(t)
	if len(ps) != 50 {
		t.Fatalf("%d positions, want 50", len(ps))
	}
	for i, st := range ps {
		if !drawableStart(st) {
			t.Errorf("position %d is not a turn start out of check where the draw is legal: %s", i, st.Encode())
		}
		again, err := lucky.ParseState(st.Encode(), lucky.Options{})
		if err != nil || again.Encode() != st.Encode() {
			t.Errorf("position %d does not read back: %v", i, err)
		}
	}
}

// TestExtractGamePositions rewrites gamePositionsFile from a PGN file of
// `azar match -variant lucky` (AZAR_LUCKY_PGN=path; skipped without it).
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
	head := fmt.Sprintf("# TestNodeCounts, AZAR_LUCKY_SET=games: written by TestExtractGamePositions\n# from %s (docs/lucky.md, \"Chance-node pruning: node counts\").\n",
		path[strings.LastIndexByte(path, '/')+1:])
	if err := os.WriteFile(gamePositionsFile, []byte(head+strings.Join(out, "\n")+"\n"), 0o644); err != nil {
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
