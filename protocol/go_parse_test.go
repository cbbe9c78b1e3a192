package protocol

import (
	"strings"
	"testing"
	"time"

	"azar/search"
	"azar/variants/chess"
)

// TestParseGoDropsFaults: a faulty parameter is dropped and named, the
// valid ones kept; with no limit left the search is depth 1, never
// infinite.
func TestParseGoDropsFaults(t *testing.T) {
	ms := time.Millisecond
	start := chess.NewPosition()
	e2e4, _ := start.ParseUCIMove("e2e4")
	for _, c := range []struct {
		args     string
		want     search.Limits
		perft    int
		problems []string
	}{
		{"", search.Limits{Infinite: true}, 0, nil},
		{"depth 0", search.Limits{Depth: 1}, 0, []string{"depth 0: want 1 or more"}},
		{"depth 0 nodes 500", search.Limits{Nodes: 500}, 0, []string{"depth 0: want 1 or more"}},
		{"foo", search.Limits{Depth: 1}, 0, []string{"unknown parameter \"foo\" ignored"}},
		{"bogus 5 x depth 3", search.Limits{Depth: 3}, 0, []string{"unknown parameter \"bogus 5 x\" ignored"}},
		{"depth 3 depth 4", search.Limits{Depth: 3}, 0, []string{"depth given twice (the first kept)"}},
		{"infinite infinite", search.Limits{Infinite: true}, 0, []string{"infinite given twice (the first kept)"}},
		{"depth infinite", search.Limits{Infinite: true}, 0, []string{"depth without a value"}},
		{"infinite depth 0", search.Limits{Infinite: true}, 0, []string{"depth 0: want 1 or more"}},
		{"ponder depth 0", search.Limits{Ponder: true, Depth: 1}, 0, []string{"depth 0: want 1 or more"}},
		{"wtime 99999999999999999999", search.Limits{Depth: 1}, 0, []string{"wtime \"99999999999999999999\": out of the 64-bit range"}},
		{"wtime 99999999999999999999 btime 1000", search.Limits{WTime: ms, BTime: 1000 * ms}, 0, []string{"wtime \"99999999999999999999\": out of the 64-bit range"}},
		{"movetime x nodes 10", search.Limits{Nodes: 10}, 0, []string{"movetime \"x\": not an integer"}},
		{"searchmoves e2e4 zz depth 2", search.Limits{SearchMoves: []chess.Move{e2e4}, Depth: 2}, 0,
			[]string{"searchmoves: \"zz\" is illegal or malformed in " + chess.StartFEN}},
		{"searchmoves depth 2", search.Limits{Depth: 2}, 0, []string{"searchmoves without moves"}},
		{"searchmoves e2e4 searchmoves e7e5", search.Limits{SearchMoves: []chess.Move{e2e4}, Depth: 1}, 0, []string{"searchmoves given twice (the first kept)"}},
		{"perft 0", search.Limits{Depth: 1}, 0, []string{"perft 0: want a depth from 1 to 20"}},
		{"perft 2 depth 3", search.Limits{Depth: 3}, 0, []string{"perft takes only a depth (perft ignored)"}},
		{"perft", search.Limits{Depth: 1}, 0, []string{"perft without a value"}},
		{"depth 0 mate 0 foo", search.Limits{Depth: 1}, 0, []string{"depth 0: want 1 or more", "mate 0: want 1 or more", "unknown parameter \"foo\" ignored"}},
	} {
		g, problems := parseGo(strings.Fields(c.args), start)
		if g.perft != c.perft || !limitsEqual(g.limits, c.want) || strings.Join(problems, "|") != strings.Join(c.problems, "|") {
			t.Errorf("go %s: got %+v perft %d %q, want %+v perft %d %q", c.args, g.limits, g.perft, problems, c.want, c.perft, c.problems)
		}
	}
}
