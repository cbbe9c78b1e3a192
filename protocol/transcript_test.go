package protocol_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"azar/protocol"
	"azar/search"
	"azar/variants/chess"
)

// Transcripts piped through the real binary.

var (
	infoRE = regexp.MustCompile(`^info depth \d+ seldepth \d+ multipv \d+ score (cp -?\d+|mate -?\d+)( lowerbound| upperbound)? nodes \d+ nps \d+ hashfull \d+ time \d+( pv( [a-h][1-8][a-h][1-8][nbrq]?)+)?$`)
	bestRE = regexp.MustCompile(`^bestmove (\S+)( ponder (\S+))?$`)
)

// position builds the position a `position` command describes, for
// checking the engine's answers.
func position(t *testing.T, fen string, moves ...string) *chess.Position {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range moves {
		m, err := p.ParseUCIMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
	return p
}

// checkBestmove asserts the line is a bestmove legal in pos (with a legal
// ponder move, if any) and returns the move.
func checkBestmove(t *testing.T, line string, pos *chess.Position) string {
	t.Helper()
	m := bestRE.FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("not a bestmove line: %q", line)
	}
	mv, err := pos.ParseUCIMove(m[1])
	if err != nil {
		t.Fatalf("bestmove %s is illegal in %s: %v", m[1], pos.FEN(), err)
	}
	if m[3] != "" {
		q := pos.Clone()
		q.Make(mv)
		if _, err := q.ParseUCIMove(m[3]); err != nil {
			t.Fatalf("ponder move %s is illegal after %s in %s", m[3], m[1], pos.FEN())
		}
	}
	return m[1]
}

func checkInfoLines(t *testing.T, lines []string) {
	t.Helper()
	for _, l := range lines {
		if strings.HasPrefix(l, "info depth") && !strings.Contains(l, "currmove") && !infoRE.MatchString(l) {
			t.Errorf("malformed info line %q", l)
		}
	}
}

func fenOf(t *testing.T, e *engineProc) string {
	t.Helper()
	e.send("d")
	for _, l := range e.sync() {
		if f, ok := strings.CutPrefix(l, "Fen: "); ok {
			return f
		}
	}
	t.Fatal("d printed no Fen line")
	return ""
}

func TestHandshake(t *testing.T) {
	e := startEngine(t, "azar")
	e.send("uci")
	got := e.readUntil(func(l string) bool { return l == "uciok" }, 10*time.Second)
	want := []string{
		"id name Azar " + protocol.Version,
		"id author the Azar developers",
		"option name Hash type spin default 16 min 1 max 16384",
		"option name Threads type spin default 1 min 1 max 256",
		"option name MultiPV type spin default 1 min 1 max 256",
		"option name Ponder type check default false",
		"option name Move Overhead type spin default 30 min 0 max 5000",
		"option name UCI_Variant type combo default chess var chess var spy var lucky var chaturanga4 var magic",
		"option name Debug Log File type string default <empty>",
	}
	// The strength levels, then each game's options in registry order:
	// chess's feature switches (in field order), book and network, spy, lucky,
	// chaturanga4, magic.
	want = append(want,
		"option name Level type spin default 0 min 0 max 6",
		"option name UCI_LimitStrength type check default false",
		"option name UCI_Elo type spin default 1200 min 600 max 2100",
		"option name LevelSeed type spin default 0 min 0 max 2147483647",
	)
	features := reflect.ValueOf(search.DefaultFeatures())
	for i := 0; i < features.NumField(); i++ {
		want = append(want, fmt.Sprintf("option name %s type check default %v", features.Type().Field(i).Name, features.Field(i).Bool()))
	}
	want = append(want, "option name OwnBook type check default false", "option name BookFile type string default <empty>")
	want = append(want, "option name UseNNUE type check default false", "option name EvalFile type string default <empty>")
	want = append(want,
		"option name SpyRevealPolicy type combo default search var search var never var asap",
		"option name SpyWorlds type spin default 16 min 1 max 64",
		"option name SpyHoldShare type spin default 90 min 0 max 100",
		"option name SpyRevealPlies type spin default 128 min 0 max 128",
		"option name SpyKingCapture type check default false",
		"option name SpyDrawClaims type combo default automatic var automatic var fide",
	)
	want = append(want, luckyOptionLines()...)
	want = append(want,
		"option name C4_ExtendedInsufficient type check default false",
		"option name C4Policy type combo default brs var paranoid var brs var maxn",
		"option name Magic_Mode type combo default classic var classic var advanced",
		"option name Magic_HandSize type spin default 10 min 1 max 10",
		"option name Magic_DrawClaims type combo default automatic var automatic var fide",
		"option name Magic_Cards type combo default search var search var never var random",
		"option name Magic_Worlds type spin default 16 min 1 max 256",
		"option name Magic_CardDepth type spin default 0 min 0 max 64",
		"option name Magic_CardMargin type spin default 0 min 0 max 1000",
		"option name Magic_Belief type combo default uniform var uniform var passes",
	)
	want = append(want, "uciok")
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("uci answered\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if rest := e.sync(); len(rest) != 0 {
		t.Errorf("unexpected output before readyok: %q", rest)
	}
	e.send("setoption name Hash value 32", "setoption name threads value 2", "setoption name Ponder value true",
		"setoption name move overhead value 50", "setoption name UCI_Variant value chess", "setoption name LMR value false",
		"setoption name MultiPV value 2", "ucinewgame", "position startpos", "go depth 3")
	got = e.readUntil(prefix("bestmove"), 20*time.Second)
	checkInfoLines(t, got)
	checkBestmove(t, got[len(got)-1], chess.NewPosition())
	if count(got, func(l string) bool { return strings.Contains(l, "multipv 2") }) == 0 {
		t.Errorf("MultiPV 2 printed no second line: %q", got)
	}
	if n := count(got, prefix("info string error")); n != 0 {
		t.Errorf("valid options rejected: %q", got)
	}
	e.finish(true)
}

// TestGame plays a short game, the engine taking both sides at depth 5.
func TestGame(t *testing.T) {
	e := startEngine(t, "azar")
	e.send("uci")
	e.readUntil(func(l string) bool { return l == "uciok" }, 10*time.Second)
	e.send("ucinewgame")
	e.sync()
	moves := []string{"e2e4", "e7e5"}
	for ply := 0; ply < 12; ply++ {
		pos := position(t, chess.StartFEN, moves...)
		e.send("position startpos moves "+strings.Join(moves, " "), "go depth 5")
		got := e.readUntil(prefix("bestmove"), 30*time.Second)
		checkInfoLines(t, got)
		if count(got, prefix("info depth 5 ")) == 0 {
			t.Errorf("ply %d: no depth-5 info line: %q", ply, got)
		}
		moves = append(moves, checkBestmove(t, got[len(got)-1], pos))
		if len(legalOf(position(t, chess.StartFEN, moves...))) == 0 {
			break
		}
	}
	if rest := e.finish(true); len(rest) != 0 {
		t.Errorf("output after quit: %q", rest)
	}
}

func legalOf(p *chess.Position) []chess.Move {
	var l chess.MoveList
	p.GenerateLegal(&l)
	return l.Slice()
}

func TestStopInfinite(t *testing.T) {
	e := startEngine(t, "azar")
	for _, goCmd := range []string{"go infinite", "go", "go depth 2 infinite", "go searchmoves a7a6 h7h5"} {
		e.send("position startpos moves d2d4", goCmd)
		got := e.readUntil(prefix("info depth 2 "), 10*time.Second)
		if n := count(got, prefix("bestmove")); n != 0 {
			t.Fatalf("%s: bestmove before stop: %q", goCmd, got)
		}
		// An infinite search holds its bestmove, even when finished.
		if q := e.quiet(300 * time.Millisecond); count(q, prefix("bestmove")) != 0 {
			t.Fatalf("%s: bestmove before stop: %q", goCmd, q)
		}
		if rest := e.sync(); count(rest, prefix("bestmove")) != 0 {
			t.Fatalf("%s: bestmove before stop: %q", goCmd, rest)
		}
		e.send("stop")
		got = e.readUntil(prefix("bestmove"), 5*time.Second)
		best := checkBestmove(t, got[len(got)-1], position(t, chess.StartFEN, "d2d4"))
		if goCmd == "go searchmoves a7a6 h7h5" && best != "a7a6" && best != "h7h5" {
			t.Errorf("searchmoves a7a6 h7h5 answered %s", best)
		}
		if rest := e.sync(); count(rest, prefix("bestmove")) != 0 {
			t.Fatalf("%s: second bestmove: %q", goCmd, rest)
		}
	}
	// stop with nothing running is ignored.
	e.send("stop")
	if rest := e.sync(); len(rest) != 0 {
		t.Errorf("stop while idle printed %q", rest)
	}
	e.finish(true)
}

func TestPonder(t *testing.T) {
	e := startEngine(t, "azar")
	e.send("setoption name Ponder value true", "position startpos moves e2e4 e7e5", "go ponder wtime 3000 btime 3000 winc 10 binc 10")
	if q := e.quiet(500 * time.Millisecond); count(q, prefix("bestmove")) != 0 {
		t.Fatalf("bestmove while pondering: %q", q)
	}
	start := time.Now()
	e.send("ponderhit")
	got := e.readUntil(prefix("bestmove"), 5*time.Second)
	checkBestmove(t, got[len(got)-1], position(t, chess.StartFEN, "e2e4", "e7e5"))
	t.Logf("bestmove %v after ponderhit", time.Since(start))
	if rest := e.sync(); count(rest, prefix("bestmove")) != 0 {
		t.Fatalf("second bestmove: %q", rest)
	}

	// A ponder miss: stop, then the real position.
	e.send("position startpos moves e2e4 e7e5 g1f3", "go ponder wtime 3000 btime 3000")
	e.readUntil(prefix("info depth 1 "), 5*time.Second)
	e.send("stop")
	got = e.readUntil(prefix("bestmove"), 5*time.Second)
	checkBestmove(t, got[len(got)-1], position(t, chess.StartFEN, "e2e4", "e7e5", "g1f3"))
	e.send("position startpos moves e2e4 e7e5 d2d4", "go wtime 3000 btime 3000")
	got = e.readUntil(prefix("bestmove"), 5*time.Second)
	checkBestmove(t, got[len(got)-1], position(t, chess.StartFEN, "e2e4", "e7e5", "d2d4"))

	// ponderhit sent at once after go ponder.
	for i := 0; i < 5; i++ {
		e.send("position startpos", "go ponder wtime 200 btime 200", "ponderhit")
		got = e.readUntil(prefix("bestmove"), 5*time.Second)
		checkBestmove(t, got[len(got)-1], chess.NewPosition())
	}
	e.finish(true)
}

// TestShortLimits: tiny clocks and limits answer at once with a legal move:
// the search stops on the limit, which its info lines show. depth 1 and
// nodes 1 are exact (one thread; nodes are checked every 1024); a clock of
// a millisecond or less reaches depth 1 or 2 here, and a loaded machine
// only searches less, so depth 10 is a search the clock did not stop.
func TestShortLimits(t *testing.T) {
	e := startEngine(t, "azar")
	e.sync() // started and initialised
	fens := []string{chess.StartFEN, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1"}
	for _, fen := range fens {
		for _, goCmd := range []string{"go wtime 1 btime 1", "go wtime 0 btime 0", "go wtime -50 btime -50", "go btime 1",
			"go movetime 1", "go movetime 0", "go nodes 1", "go depth 1", "go wtime 1 btime 1 movestogo 1"} {
			e.send("position fen "+fen, goCmd)
			got := e.readUntil(prefix("bestmove"), 5*time.Second)
			depth, nodes := 0, 0
			for _, l := range got {
				f := strings.Fields(l)
				if len(f) < 3 || f[0] != "info" || f[1] != "depth" {
					continue
				}
				d, _ := strconv.Atoi(f[2])
				depth = max(depth, d)
				if i := slices.Index(f, "nodes"); i > 0 && i+1 < len(f) {
					n, _ := strconv.Atoi(f[i+1])
					nodes = max(nodes, n)
				}
			}
			switch {
			case goCmd == "go depth 1" && depth != 1,
				goCmd == "go nodes 1" && nodes > 2048,
				depth >= 10:
				t.Errorf("%s in %s: searched to depth %d, %d nodes: the limit did not stop it", goCmd, fen, depth, nodes)
			}
			checkInfoLines(t, got)
			checkBestmove(t, got[len(got)-1], position(t, fen))
		}
	}
	e.finish(true)
}

func TestSingleLegalMove(t *testing.T) {
	e := startEngine(t, "azar")
	const fen = "k7/8/8/8/8/8/6q1/7K w - - 0 1" // Kxg2 is the only move
	for _, goCmd := range []string{"go wtime 1000 btime 1000", "go depth 1", "go wtime 1 btime 1", "go depth 10"} {
		e.send("position fen "+fen, goCmd)
		got := e.readUntil(prefix("bestmove"), 10*time.Second)
		if b := checkBestmove(t, got[len(got)-1], position(t, fen)); b != "h1g2" {
			t.Errorf("%s: bestmove %s, want h1g2", goCmd, b)
		}
	}
	e.finish(true)
}

func TestNoLegalMove(t *testing.T) {
	e := startEngine(t, "azar")
	for _, c := range []struct{ fen, info string }{
		{"7k/8/8/8/8/8/5PPP/r5K1 w - - 0 1", "info depth 0 score mate 0"}, // checkmated
		{"k7/8/8/8/8/8/5q2/7K w - - 0 1", "info depth 0 score cp 0"},      // stalemate
	} {
		e.send("position fen "+c.fen, "go depth 5")
		got := e.readUntil(prefix("bestmove"), 5*time.Second)
		if strings.Join(got, "\n") != c.info+"\nbestmove 0000" {
			t.Errorf("%s: got %q", c.fen, got)
		}
		e.send("go infinite")
		if q := e.quiet(200 * time.Millisecond); count(q, prefix("bestmove")) != 0 {
			t.Errorf("go infinite without moves answered before stop: %q", q)
		}
		e.send("stop")
		got = e.readUntil(prefix("bestmove"), 5*time.Second)
		if got[len(got)-1] != "bestmove 0000" {
			t.Errorf("%s: got %q", c.fen, got)
		}
	}
	e.finish(true)
}

// Mates with a unique first move (checked with Stockfish at depth 20,
// MultiPV 3: no second move mates as fast).
func TestMates(t *testing.T) {
	e := startEngine(t, "azar")
	for _, c := range []struct {
		fen   string
		mate  int
		depth int
		best  string
	}{
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, 1, "d1d8"},
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, 6, "d1d8"},
		{"6rk/6pp/8/6N1/8/8/8/6QK w - - 0 1", 1, 4, "g5f7"},
		{"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2, 4, "d5f6"},
		{"r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3, 6, "f6a6"},
	} {
		e.send("ucinewgame", "position fen "+c.fen, "go depth "+itoa(c.depth))
		got := e.readUntil(prefix("bestmove"), 30*time.Second)
		checkInfoLines(t, got)
		if b := checkBestmove(t, got[len(got)-1], position(t, c.fen)); b != c.best {
			t.Errorf("%s depth %d: bestmove %s, want %s", c.fen, c.depth, b, c.best)
		}
		last := got[len(got)-2]
		if !strings.Contains(last, " score mate "+itoa(c.mate)+" ") {
			t.Errorf("%s depth %d: last info %q, want score mate %d", c.fen, c.depth, last, c.mate)
		}
	}
	// go mate N stops once the mate is found.
	e.send("ucinewgame", "position fen r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", "go mate 3")
	got := e.readUntil(prefix("bestmove"), 30*time.Second)
	if got[len(got)-1] != "bestmove f6a6 ponder f7f6" && !strings.HasPrefix(got[len(got)-1], "bestmove f6a6") {
		t.Errorf("go mate 3: %q", got)
	}
	e.finish(true)
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestBadInput: every input the engine cannot accept gets exactly one
// error line, and the position (checked with d) and options stay.
func TestBadInput(t *testing.T) {
	e := startEngine(t, "azar")
	const setup = "position startpos moves e2e4 c7c5 g1f3"
	bad := []string{
		"xyzzy",
		"GO depth 1",
		"position",
		"position fen",
		"position startpos moves e2e4 e7e5 e1e3",    // illegal move: whole command rejected
		"position startpos moves e2e4 zz99",         // unparsable move
		"position startpos moves e2e4 e7e5 e2e4",    // no piece there any more
		"position startpos moves e7e5",              // wrong side
		"position startpos e2e4",                    // missing 'moves'
		"position startpos moves e2e4 e7e5 0000",    // a pass is not chess
		"position fen 8/8/8/8/8/8/8/8 w - - 0 1",    // no kings
		"position fen rnbqkbnr/pppppppp/8/8 w KQkq", // 4 ranks
		"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
		"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
		"position fen 4k3/8/8/8/8/8/8/4K2R w KQ - 0 1",    // castling right without the rook
		"position fen 4k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1", // black rights without black rooks
		"position fen 4k3/8/8/8/8/8/8/4K3 b - e3 0 1",     // impossible en passant
		"position fen 4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",    // side not to move in check
		"position fen 4k3/8/8/8/8/8/8/4K3 w - - -1 1",     // negative clock
		"position foo",
		"setoption name Hash value abc",
		"setoption name Hash value 0",
		"setoption name Hash value 99999999",
		"setoption name Hash",
		"setoption name Threads value 0",
		"setoption name Threads value 257",
		"setoption name MultiPV value -1",
		"setoption name Move Overhead value 5001",
		"setoption name Ponder value maybe",
		"setoption name UCI_Variant value crazyhouse",
		"setoption name NullMove value yes",
		"setoption name NoSuchOption value 1",
		"setoption name",
		"setoption Hash 16",
		"setoption name Debug Log File value /nonexistent-dir/sub/log.txt",
		"debug maybe",
		// A faulty go gets its error line and a bestmove: go_limits_test.go.
	}
	e.send(setup)
	want := fenOf(t, e)
	for _, b := range bad {
		e.send(b)
		got := e.sync()
		if n := count(got, prefix("info string error ")); n != 1 || len(got) != 1 {
			t.Errorf("%q: want exactly one error line, got %q", b, got)
		}
		if f := fenOf(t, e); f != want {
			t.Errorf("%q changed the position to %s", b, f)
		}
	}
	// The options kept their values: MultiPV is still 1 (one pv line per
	// depth) and the engine still searches.
	e.send("go depth 4")
	got := e.readUntil(prefix("bestmove"), 10*time.Second)
	if count(got, func(l string) bool { return strings.Contains(l, "multipv 2") }) != 0 {
		t.Errorf("MultiPV changed: %q", got)
	}
	checkBestmove(t, got[len(got)-1], position(t, chess.StartFEN, "e2e4", "c7c5", "g1f3"))

	// Commands that cannot run during a search.
	e.send("go infinite")
	e.readUntil(prefix("info depth 1 "), 5*time.Second)
	for _, b := range []string{"go depth 1", "go infinite", "go perft 2", "setoption name Hash value 8", "ucinewgame"} {
		e.send(b)
		got := e.sync()
		if n := count(got, prefix("info string error ")); n != 1 {
			t.Errorf("%q while searching: want one error line, got %q", b, got)
		}
		if n := count(got, prefix("bestmove")); n != 0 {
			t.Errorf("%q while searching: bestmove %q", b, got)
		}
	}
	// d and position are fine during a search; the search keeps its own copy.
	e.send("position startpos moves d2d4")
	e.send("stop")
	got = e.readUntil(prefix("bestmove"), 5*time.Second)
	checkBestmove(t, got[len(got)-1], position(t, chess.StartFEN, "e2e4", "c7c5", "g1f3"))
	if f := fenOf(t, e); f != position(t, chess.StartFEN, "d2d4").FEN() {
		t.Errorf("position during a search not applied: %s", f)
	}
	// A huge line is rejected once and the engine goes on.
	e.send("position startpos moves " + strings.Repeat("e2e4 ", 300000))
	if got := e.sync(); len(got) != 1 || !strings.HasPrefix(got[0], "info string error") {
		t.Errorf("long line: %q", got)
	}
	e.finish(true)
}

func TestEndOfInput(t *testing.T) {
	// EOF during an infinite search: bestmove, then exit 0.
	e := startEngine(t, "azar")
	e.send("position startpos", "go infinite")
	e.readUntil(prefix("info depth 1 "), 5*time.Second)
	rest := e.finish(false)
	if n := count(rest, prefix("bestmove")); n != 1 {
		t.Errorf("EOF during search: %d bestmoves in %q", n, rest)
	}
	// quit during a search: the same.
	e = startEngine(t, "azar")
	e.send("position startpos", "go ponder wtime 1000 btime 1000")
	e.readUntil(prefix("info depth 1 "), 5*time.Second)
	rest = e.finish(true)
	if n := count(rest, prefix("bestmove")); n != 1 {
		t.Errorf("quit during search: %d bestmoves in %q", n, rest)
	}
	// Plain EOF at once, and quit with trailing input that is never read.
	e = startEngine(t, "azar")
	if rest := e.finish(false); len(rest) != 0 {
		t.Errorf("EOF: %q", rest)
	}
	e = startEngine(t, "azar")
	e.send("quit", "uci")
	if rest := e.finish(false); len(rest) != 0 {
		t.Errorf("commands after quit answered: %q", rest)
	}
}

func TestPerftAndDisplay(t *testing.T) {
	e := startEngine(t, "azar")
	const kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	e.send("position fen "+kiwi, "go perft 3")
	got := e.readUntil(prefix("Nodes searched: "), 30*time.Second)
	var want []string
	for _, d := range position(t, kiwi).Divide(3) {
		want = append(want, d.Move.String()+": "+itoa(int(d.Nodes)))
	}
	want = append(want, "", "Nodes searched: 97862")
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("go perft 3:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if rest := e.sync(); len(rest) != 1 || rest[0] != "" {
		t.Errorf("after Nodes searched: %q", rest)
	}
	// A long perft is stopped; isready answers meanwhile.
	e.send("position startpos", "go perft 9")
	if rest := e.sync(); count(rest, prefix("Nodes")) != 0 {
		t.Errorf("perft 9 finished?! %q", rest)
	}
	e.send("stop")
	if rest := e.sync(); count(rest, func(l string) bool { return l == "info string perft stopped" }) != 1 {
		t.Errorf("stopped perft: %q", rest)
	}
	e.send("position fen "+kiwi, "d")
	got = e.sync()
	board := strings.Join(got, "\n")
	for _, w := range []string{"| r |   |   |   | k |   |   | r | 8", "Fen: " + kiwi, "Key: "} {
		if !strings.Contains(board, w) {
			t.Errorf("d output lacks %q:\n%s", w, board)
		}
	}
	e.send("position startpos moves e2e4 d7d5 e4d5", "eval")
	if got := e.sync(); len(got) != 1 || !strings.HasPrefix(got[0], "Eval: ") || !strings.Contains(got[0], "cp (White)") {
		t.Errorf("eval: %q", got)
	}
	e.finish(true)
}

// TestDebugLogFile: the log gets every input and output line; stdout gets
// none of it.
func TestDebugLogFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "azar log.txt")
	e := startEngine(t, "azar")
	e.send("setoption name Debug Log File value " + path)
	e.send("uci", "position startpos", "go depth 2")
	got := e.readUntil(prefix("bestmove"), 10*time.Second)
	got = append(got, e.sync()...)
	e.send("setoption name Debug Log File value <empty>", "isready")
	got = append(got, e.readUntil(func(l string) bool { return l == "readyok" }, 5*time.Second)...)
	for _, l := range got {
		if strings.Contains(l, "level=") || strings.Contains(l, ">> ") {
			t.Errorf("log line on stdout: %q", l)
		}
	}
	e.finish(true)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	log := string(data)
	for _, w := range []string{">> uci", "<< uciok", ">> go depth 2", "<< bestmove", ">> isready", "<< readyok",
		">> setoption name Debug Log File value <empty>"} {
		if !strings.Contains(log, w) {
			t.Errorf("debug log lacks %q:\n%s", w, log)
		}
	}
	if strings.Contains(log, ">> quit") {
		t.Errorf("debug log still written after it was switched off:\n%s", log)
	}
}

// TestCurrMove: a long search reports the move it is on.
func TestCurrMove(t *testing.T) {
	if testing.Short() {
		t.Skip("takes over 3 s")
	}
	e := startEngine(t, "azar")
	e.send("position startpos", "go infinite")
	got := e.readUntil(func(l string) bool { return strings.Contains(l, " currmove ") }, 20*time.Second)
	l := got[len(got)-1]
	if !regexp.MustCompile(`^info depth \d+ currmove [a-h][1-8][a-h][1-8][nbrq]? currmovenumber \d+$`).MatchString(l) {
		t.Errorf("currmove line %q", l)
	}
	e.send("stop")
	got = e.readUntil(prefix("bestmove"), 5*time.Second)
	checkBestmove(t, got[len(got)-1], chess.NewPosition())
	e.finish(true)
}
