package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"azar/books"
	"azar/variants/chess"
)

const bookUsage = `usage:
  azar book probe -book FILE [-fen FEN]
  azar book build -pgn FILE -out FILE [-max-ply N] [-min-game N]

probe prints the FEN's Polyglot key and the book's moves for it with their
weights; build makes a book from PGN games with PolyGlot make-book's
weights (docs/books.md). azar book probe -h and azar book build -h list
the flags.
`

// runBook is `azar book probe|build ...` (docs/books.md).
func runBook(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return errors.New("want 'book probe ...' or 'book build ...' (azar help book)")
	}
	switch args[0] {
	case "probe":
		return runBookProbe(args[1:], stdout, stderr)
	case "build":
		return runBookBuild(args[1:], stdout, stderr)
	case "-h", "-help", "--help":
		fmt.Fprint(stdout, bookUsage)
		return flag.ErrHelp
	}
	return fmt.Errorf("unknown book command %q: want probe or build", args[0])
}

// runBookProbe prints `key <16 hex digits>`, then `<uci move> <weight>` for
// each entry of the position, in file order. A move that is not legal in
// the position is printed as the book stores it, with a warning on stderr.
func runBookProbe(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("book probe", flag.ContinueOnError)
	path := fs.String("book", "", "Polyglot .bin book to read")
	fen := fs.String("fen", chess.StartFEN, "position to look up")
	bare, err := parseFlags(fs, "azar book probe -book FILE [-fen FEN]", args, stdout)
	if err != nil {
		return err
	}
	if *path == "" || len(bare) > 0 {
		return errors.New("book probe: want -book FILE [-fen FEN]")
	}
	b, err := books.Load(*path)
	if err != nil {
		return err
	}
	key, pos, err := books.KeyFEN(*fen)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(stdout)
	fmt.Fprintf(w, "key %016x\n", key)
	for _, e := range b.Lookup(key) {
		move := books.PolyglotString(e.Move)
		if m, ok := books.DecodeMove(pos, e.Move); ok {
			move = m.String()
		} else {
			fmt.Fprintf(stderr, "azar: book move %s is not legal in %s\n", move, pos.FEN())
		}
		fmt.Fprintf(w, "%s %d\n", move, e.Weight)
	}
	return w.Flush()
}

// runBookBuild builds a book from a PGN file with PolyGlot make-book's
// weights. The book is written whole to a temporary file and renamed, so a
// failure leaves an existing output file as it was.
func runBookBuild(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("book build", flag.ContinueOnError)
	def := books.DefaultBuildOptions()
	pgn := fs.String("pgn", "", "PGN file of standard-chess games")
	out := fs.String("out", "", "Polyglot .bin book to write")
	maxPly := fs.Int("max-ply", def.MaxPly, "count only the first N plies of each game")
	minGame := fs.Int("min-game", def.MinGame, "keep a move only if played in at least N games")
	bare, err := parseFlags(fs, "azar book build -pgn FILE -out FILE [-max-ply N] [-min-game N]", args, stdout)
	if err != nil {
		return err
	}
	if *pgn == "" || *out == "" || len(bare) > 0 {
		return errors.New("book build: want -pgn FILE -out FILE [-max-ply N] [-min-game N]")
	}
	f, err := os.Open(*pgn)
	if err != nil {
		return err
	}
	games, err := chess.ReadPGN(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", *pgn, err)
	}
	entries, err := books.Build(games, books.BuildOptions{MaxPly: *maxPly, MinGame: *minGame})
	if err != nil {
		return err
	}
	if err := writeFileAtomic(*out, entries); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d games, %d entries written to %s\n", len(games), len(entries), *out)
	return nil
}

func writeFileAtomic(path string, entries []books.Entry) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly once renamed
	w := bufio.NewWriter(tmp)
	err = books.Write(w, entries)
	if err == nil {
		err = w.Flush()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	return err
}
