package protocol_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"azar/books"
	"azar/protocol"
	"azar/search"
	"azar/variants/chess"
)

// testBook writes a small book: from the start e2e4 (weight 3) and d2d4
// (1); after 1. e4, e7e5 (1) and c7c5 (weight 0, never played); after
// 1. e4 e5, the castling-free g1f3 (1).
func testBook(t *testing.T) string {
	t.Helper()
	entry := func(moves, move string, w uint16) books.Entry {
		p := position(t, chess.StartFEN, strings.Fields(moves)...)
		m, err := p.ParseUCIMove(move)
		if err != nil {
			t.Fatal(err)
		}
		return books.Entry{Key: books.Key(p), Move: books.EncodeMove(m), Weight: w}
	}
	es := []books.Entry{
		entry("", "e2e4", 3), entry("", "d2d4", 1),
		entry("e2e4", "e7e5", 1), entry("e2e4", "c7c5", 0),
		entry("e2e4 e7e5", "g1f3", 1),
	}
	// Sorted by key, as a book must be.
	sort.SliceStable(es, func(i, j int) bool { return es[i].Key < es[j].Key })
	var buf bytes.Buffer
	if err := books.Write(&buf, es); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "test.bin")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func bookSession(t *testing.T) (*sink, func(string)) {
	out := &sink{}
	p := protocol.New(strings.NewReader(""), out, protocol.WithLogger(quietLogger()), protocol.WithMaxHashMB(8),
		protocol.WithBookSeed(1), protocol.WithLogOpener(func(string) (io.WriteCloser, error) { return nopCloser{io.Discard}, nil }))
	t.Cleanup(p.Close)
	return out, func(l string) { p.Handle(l) }
}

// goAndWait sends the lines (the last a go) and returns the output up to
// its bestmove.
func goAndWait(t *testing.T, out *sink, h func(string), lines ...string) []string {
	t.Helper()
	n := len(out.lines())
	for _, l := range lines {
		h(l)
	}
	i := out.waitFor(t, n, prefix("bestmove"), 20*time.Second)
	return out.lines()[n : i+1]
}

func TestOwnBook(t *testing.T) {
	book := testBook(t)
	out, h := bookSession(t)
	h("setoption name BookFile value " + book)

	// OwnBook is off by default: the engine searches.
	got := goAndWait(t, out, h, "position startpos", "go depth 1")
	if count(got, prefix("info depth 1 ")) == 0 || count(got, prefix("info string book")) != 0 {
		t.Fatalf("OwnBook false: %q, want a search", got)
	}

	h("setoption name OwnBook value true")
	seen := map[string]int{}
	for i := 0; i < 40; i++ {
		got := goAndWait(t, out, h, "position startpos", "go depth 30")
		if len(got) != 2 || !strings.HasPrefix(got[0], "info string book move ") || !strings.HasSuffix(got[0], " (e2e4 3 d2d4 1)") {
			t.Fatalf("in book: %q, want the book's info line and bestmove", got)
		}
		m := checkBestmove(t, got[1], chess.NewPosition())
		if got[0] != "info string book move "+m+" (e2e4 3 d2d4 1)" {
			t.Fatalf("info %q names another move than bestmove %s", got[0], m)
		}
		seen[m]++
	}
	if len(seen) != 2 || seen["e2e4"] <= seen["d2d4"] {
		t.Errorf("book moves played %v, want both, e2e4 (weight 3) more often", seen)
	}

	// The weight-0 move is never played; after 1. e4 only e5 is.
	for i := 0; i < 10; i++ {
		got := goAndWait(t, out, h, "position startpos moves e2e4", "go movetime 100")
		if got[len(got)-1] != "bestmove e7e5" {
			t.Fatalf("after 1. e4: %q, want bestmove e7e5", got)
		}
	}
	// searchmoves narrows the book's choice, and a move out of the book
	// is searched.
	if got := goAndWait(t, out, h, "position startpos", "go depth 5 searchmoves d2d4 g1f3"); got[len(got)-1] != "bestmove d2d4" {
		t.Errorf("searchmoves d2d4 g1f3: %q, want the book's d2d4", got)
	}
	got = goAndWait(t, out, h, "position startpos", "go depth 1 searchmoves g1f3")
	if count(got, prefix("info string book")) != 0 || got[len(got)-1] != "bestmove g1f3" {
		t.Errorf("searchmoves g1f3: %q, want a search answering g1f3", got)
	}
	// Out of the book the engine searches.
	got = goAndWait(t, out, h, "position startpos moves d2d4 d7d5", "go depth 1")
	if count(got, prefix("info depth 1 ")) == 0 || count(got, prefix("info string book")) != 0 {
		t.Errorf("out of book: %q, want a search", got)
	}
	// go infinite holds the book move until stop.
	n := len(out.lines())
	h("position startpos moves e2e4 e7e5")
	h("go infinite")
	h("isready")
	out.waitFor(t, n, func(l string) bool { return l == "readyok" }, 5*time.Second)
	if count(out.lines()[n:], prefix("bestmove")) != 0 {
		t.Fatalf("go infinite: bestmove before stop: %q", out.lines()[n:])
	}
	h("stop")
	if ls := out.lines()[n:]; ls[len(ls)-1] != "bestmove g1f3" || count(ls, prefix("bestmove")) != 1 {
		t.Errorf("go infinite, stop: %q, want one bestmove g1f3", ls)
	}
	// At any level the book move comes first.
	h("setoption name UCI_LimitStrength value true")
	h("setoption name UCI_Elo value " + strconv.Itoa(search.MinLevelElo))
	if got := goAndWait(t, out, h, "position startpos moves e2e4", "go wtime 1000 btime 1000"); len(got) != 2 || got[1] != "bestmove e7e5" {
		t.Errorf("weakest level: %q, want the book's e7e5 at once", got)
	}
}

// TestBookFileErrors: a book that cannot be read gets one error line and
// the previous book stays; an empty value removes the book.
func TestBookFileErrors(t *testing.T) {
	book := testBook(t)
	out, h := bookSession(t)
	h("setoption name OwnBook value true")
	h("setoption name BookFile value " + book)
	short := filepath.Join(t.TempDir(), "short.bin")
	if err := os.WriteFile(short, make([]byte, 17), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{filepath.Join(t.TempDir(), "missing.bin"), short} {
		n := len(out.lines())
		h("setoption name BookFile value " + bad)
		h("isready")
		got := out.lines()[n:]
		if len(got) != 2 || !strings.HasPrefix(got[0], "info string error option BookFile: cannot read the book: ") || got[1] != "readyok" {
			t.Errorf("BookFile %s: %q, want one error line", bad, got)
		}
	}
	if got := goAndWait(t, out, h, "position startpos moves e2e4", "go depth 1"); got[len(got)-1] != "bestmove e7e5" {
		t.Errorf("after the failed loads: %q, want the first book's e7e5", got)
	}
	h("setoption name BookFile value <empty>")
	got := goAndWait(t, out, h, "position startpos", "go depth 1")
	if count(got, prefix("info string book")) != 0 {
		t.Errorf("no book: %q, want a search", got)
	}
}
