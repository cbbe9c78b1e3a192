package main

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBookBuildProbe builds the book of books/testdata/games.pgn and probes
// it; the weights are those PolyGlot make-book gives the same games
// (books.TestMatchesPolyglot compares the whole file).
func TestBookBuildProbe(t *testing.T) {
	out := filepath.Join(t.TempDir(), "book.bin")
	var stdout, stderr bytes.Buffer
	err := runBook([]string{"build", "-pgn", "../../books/testdata/games.pgn", "-out", out, "-min-game", "1"}, &stdout, &stderr)
	if err != nil {
		t.Fatal(err, stderr.String())
	}
	if got := stdout.String(); got != "34 games, 467 entries written to "+out+"\n" {
		t.Errorf("build printed %q", got)
	}
	probes := []struct{ fen, want string }{
		{"", "key 463b96181691fc9c\ne2e4 27\nd2d4 8\nc2c4 1\n"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
			"key 823c9b50fd114196\ne7e5 7\nc7c5 5\ne7e6 2\nd7d5 2\nc7c6 1\n"},
		// Castling is stored as e1h1 and printed as the king's move.
		{"r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 5", "key f309fde4ccbb2e7d\ne1g1 3\n"},
		// g2g4 beside the pawn on f4: the key has the en-passant term
		// and the capture is a book move; without the FEN's g3 the key
		// is another position's, out of the book.
		{"r1bq1rk1/ppp1n1bp/3p1np1/3Pp3/2P1PpP1/2NN1P2/PP1BB2P/R2Q1RK1 b - g3 0 13", "key ca7ef0b34ef5ffc8\ng6g5 2\nf4g3 2\n"},
		{"r1bq1rk1/ppp1n1bp/3p1np1/3Pp3/2P1PpP1/2NN1P2/PP1BB2P/R2Q1RK1 b - - 0 13", "key bdb8d17fd1465b4b\n"},
		{"rnbqkbnr/1ppppppp/8/8/2B5/4PN2/P1pP1PPP/RNBQ1RK1 b kq - 1 5", "key 5ace3f45169290bd\nc2b1q 2\n"},
	}
	for _, p := range probes {
		stdout.Reset()
		args := []string{"probe", "-book", out}
		if p.fen != "" {
			args = append(args, "-fen", p.fen)
		}
		if err := runBook(args, &stdout, &stderr); err != nil {
			t.Fatal(err)
		}
		if stdout.String() != p.want {
			t.Errorf("probe %q:\n%s\nwant\n%s", p.fen, stdout.String(), p.want)
		}
	}
}

func TestBookErrors(t *testing.T) {
	var stdout, stderr bytes.Buffer
	dir := t.TempDir()
	out := filepath.Join(dir, "kept.bin")
	if err := os.WriteFile(out, []byte("previous"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.pgn")
	if err := os.WriteFile(bad, []byte("1. e4 e5 2. Ke3 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{},
		{"peek"},
		{"probe"},
		{"probe", "-book", filepath.Join(dir, "none.bin")},
		{"probe", "-book", out}, // 8 bytes: not whole entries
		{"probe", "-book", "../../books/testdata/games.pgn", "-fen", "8/8/8/8/8/8/8/8 w - - 0 1"},
		{"build", "-pgn", bad, "-out", out},
		{"build", "-pgn", "../../books/testdata/games.pgn", "-out", out, "-min-game", "0"},
		{"build", "-pgn", "../../books/testdata/games.pgn"},
	} {
		if err := runBook(args, &stdout, &stderr); err == nil {
			t.Errorf("book %q: no error", args)
		}
	}
	if data, _ := os.ReadFile(out); string(data) != "previous" {
		t.Errorf("a failed build changed the output file: %q", data)
	}
	for _, args := range [][]string{{"-h"}, {"probe", "-h"}, {"build", "--help"}} {
		stdout.Reset()
		if err := runBook(args, &stdout, &stderr); !errors.Is(err, flag.ErrHelp) {
			t.Errorf("book %q: %v, want flag.ErrHelp", args, err)
		}
		if !strings.Contains(stdout.String(), "usage:") {
			t.Errorf("book %q printed no usage: %q", args, stdout.String())
		}
	}
}
