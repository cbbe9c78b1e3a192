package protocol

import (
	"strings"
	"testing"
	"time"

	"azar/search"
	"azar/variants/chess"
)

func TestParseGo(t *testing.T) {
	ms := time.Millisecond
	start := chess.NewPosition()
	e2e4, _ := start.ParseUCIMove("e2e4")
	d2d4, _ := start.ParseUCIMove("d2d4")
	for _, c := range []struct {
		args  string
		want  search.Limits
		perft int
	}{
		{"", search.Limits{Infinite: true}, 0},
		{"infinite", search.Limits{Infinite: true}, 0},
		{"ponder", search.Limits{Ponder: true, Infinite: true}, 0},
		{"wtime 1000 btime 2000 winc 10 binc 20 movestogo 7", search.Limits{WTime: 1000 * ms, BTime: 2000 * ms, WInc: 10 * ms, BInc: 20 * ms, MovesToGo: 7}, 0},
		{"wtime 0 btime -100", search.Limits{WTime: ms, BTime: ms}, 0},
		{"btime 500", search.Limits{WTime: ms, BTime: 500 * ms}, 0},
		{"winc -5 wtime 10", search.Limits{WTime: 10 * ms, BTime: ms}, 0},
		{"depth 7", search.Limits{Depth: 7}, 0},
		{"depth 100000", search.Limits{Depth: search.MaxPly - 1}, 0},
		{"nodes 12345", search.Limits{Nodes: 12345}, 0},
		{"mate 3", search.Limits{Mate: 3}, 0},
		{"movetime 250", search.Limits{MoveTime: 250 * ms}, 0},
		{"movetime 0", search.Limits{MoveTime: ms}, 0},
		{"wtime 99999999999999", search.Limits{WTime: maxMillis * ms, BTime: ms}, 0},
		{"wtime -9223372036854775808 btime -99999999999999 winc -9223372036854775808", search.Limits{WTime: ms, BTime: ms}, 0},
		{"searchmoves e2e4 d2d4 depth 3", search.Limits{SearchMoves: []chess.Move{e2e4, d2d4}, Depth: 3}, 0},
		{"depth 3 searchmoves e2e4", search.Limits{SearchMoves: []chess.Move{e2e4}, Depth: 3}, 0},
		{"ponder wtime 100 btime 100", search.Limits{Ponder: true, WTime: 100 * ms, BTime: 100 * ms}, 0},
		{"perft 4", search.Limits{Infinite: true}, 4},
	} {
		g, problems := parseGo(strings.Fields(c.args), start)
		if problems != nil {
			t.Errorf("go %s: %q", c.args, problems)
			continue
		}
		if g.perft != c.perft || !limitsEqual(g.limits, c.want) {
			t.Errorf("go %s: got %+v perft %d, want %+v perft %d", c.args, g.limits, g.perft, c.want, c.perft)
		}
	}
	for _, bad := range []string{"depth", "depth x", "depth 0", "nodes 0", "nodes -1", "mate 0", "movetime -1", "movestogo -1",
		"foo", "depth 1 depth 2", "searchmoves", "searchmoves e7e5", "searchmoves e2e4 zz", "perft 0", "perft 21", "perft 3 depth 2",
		"depth 2 perft 3", "wtime 1.5", "wtime 0x10"} {
		if _, problems := parseGo(strings.Fields(bad), start); len(problems) == 0 {
			t.Errorf("go %s: no fault reported", bad)
		}
	}
}

func limitsEqual(a, b search.Limits) bool {
	if len(a.SearchMoves) != len(b.SearchMoves) {
		return false
	}
	for i := range a.SearchMoves {
		if a.SearchMoves[i] != b.SearchMoves[i] {
			return false
		}
	}
	return a.WTime == b.WTime && a.BTime == b.BTime && a.WInc == b.WInc && a.BInc == b.BInc &&
		a.MovesToGo == b.MovesToGo && a.Depth == b.Depth && a.Nodes == b.Nodes && a.Mate == b.Mate &&
		a.MoveTime == b.MoveTime && a.Infinite == b.Infinite && a.Ponder == b.Ponder
}

func TestParsePosition(t *testing.T) {
	for _, c := range []struct{ args, fen string }{
		{"startpos", chess.StartFEN},
		{"startpos moves", chess.StartFEN},
		{"startpos moves e2e4 e7e5", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"},
		{"fen 4k3/8/8/8/8/8/8/4K2R w K - 3 40 moves e1g1", "4k3/8/8/8/8/8/8/5RK1 b - - 4 40"},
		{"fen 4k3/8/8/8/8/8/8/4K2R w K -", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"},
		{"fen 8/P6k/8/8/8/8/8/K7 w - - 0 1 moves a7a8N", "N7/7k/8/8/8/8/8/K7 b - - 0 1"},
	} {
		p, err := parsePosition(strings.Fields(c.args))
		if err != nil {
			t.Errorf("position %s: %v", c.args, err)
			continue
		}
		if p.FEN() != c.fen {
			t.Errorf("position %s: %s, want %s", c.args, p.FEN(), c.fen)
		}
	}
	for _, bad := range []string{"", "startpos e2e4", "startpos moves e2e5", "fen", "fen moves e2e4", "kiwipete",
		"fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 2", "fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 moves e1e3"} {
		if _, err := parsePosition(strings.Fields(bad)); err == nil {
			t.Errorf("position %s: accepted", bad)
		}
	}
}

func TestFormatInfo(t *testing.T) {
	pos := chess.NewPosition()
	e2e4, _ := pos.ParseUCIMove("e2e4")
	e7e5 := chess.NewMove(chess.MakeSquare(4, 6), chess.MakeSquare(4, 4))
	bogus := chess.NewMove(chess.MakeSquare(0, 0), chess.MakeSquare(0, 7)) // a1a8 through pieces
	for _, c := range []struct {
		info search.Info
		want string
	}{
		{search.Info{Depth: 5, SelDepth: 9, MultiPV: 1, Score: 34, Bound: search.BoundExact, Nodes: 20000, Time: 10 * time.Millisecond, HashFull: 3, PV: []chess.Move{e2e4, e7e5}},
			"info depth 5 seldepth 9 multipv 1 score cp 34 nodes 20000 nps 2000000 hashfull 3 time 10 pv e2e4 e7e5"},
		{search.Info{Depth: 3, SelDepth: 3, Score: search.MateScore - 3, Bound: search.BoundLower, Nodes: 7, PV: []chess.Move{e2e4, bogus}},
			"info depth 3 seldepth 3 multipv 1 score mate 2 lowerbound nodes 7 nps 7000 hashfull 0 time 0 pv e2e4"},
		{search.Info{Depth: 4, SelDepth: 6, MultiPV: 2, Score: -search.MateScore + 4, Bound: search.BoundUpper, Nodes: 1, Time: time.Second},
			"info depth 4 seldepth 6 multipv 2 score mate -2 upperbound nodes 1 nps 1 hashfull 0 time 1000"},
		{search.Info{Depth: 12, CurrMove: e2e4, CurrMoveNumber: 3}, "info depth 12 currmove e2e4 currmovenumber 3"},
	} {
		if got := formatInfo(c.info, pos); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
}

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{"xyz": `"xyz"`, "a\x00b": `"a\x00b"`, `say "hi"`: `"say \"hi\""`, "é": `"é"`, "\xff": `"\xff"`} {
		if got := quote(in); got != want {
			t.Errorf("quote(%q) = %s, want %s", in, got, want)
		}
	}
}
