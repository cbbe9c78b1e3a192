// Command azar is the Azar chess engine. With no arguments it speaks UCI on
// standard input and output (docs/protocol.md), because that is how chess
// GUIs launch an engine; subcommands play, measure and test it. `azar help`
// lists them.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"azar/protocol"
)

// subcommand is one row of the table that drives both dispatch and the
// usage text, so a new subcommand is one row in commands.
//
// run gets the arguments after the subcommand's name. It parses them with
// a flag.FlagSet made with flag.ContinueOnError and returns the flag
// package's error unchanged: flag.ErrHelp (for -h, -help or --help, after
// the flags were printed) is exit status 0, any other error exit status 2.
// parseFlags does this, with the help on stdout and errors on stderr.
type subcommand struct {
	name    string
	summary string // one line, shown by `azar help`
	run     func(args []string, stdout, stderr io.Writer) error
}

// commands is the table of subcommands, in the order `azar help` lists
// them. It is a function, not a package variable, so that help (a row
// itself) can read the table without an initialisation cycle.
func commands() []subcommand {
	return []subcommand{
		{"help", "this list, or the flags of one subcommand: azar help SUBCOMMAND", runHelp},
		{"perft", "count the leaf nodes of the move tree: azar perft [DEPTH] [-fen FEN]", runPerft},
		{"bench", "fixed-depth search of 50 positions; last line \"N nodes M nps\" (OpenBench)", runBench},
		{"match", "play engines against each other as referee: Elo, SPRT, PGN; card variants too", runMatch},
		{"compliance", "check an engine against docs/protocol.md: azar compliance -engine cmd=PROG [-variant V]", runCompliance},
		{"datagen", "self-play positions labelled with the result, for the tuner (text) or the network trainer (-format bin)", runDatagen},
		{"tune", "Texel tuner that rewrites eval/weights.go", runTune},
		{"book", "Polyglot opening books: azar book probe -book FILE [-fen FEN], azar book build -pgn FILE -out FILE", runBook},
		{"hint", "the engine's best move in a position: azar hint [-fen FEN | -pgn FILE]", runHint},
		{"analyze", "post-game analysis: evaluations, best moves, accuracy, blunders; JSON, SVG, PGN", runAnalyze},
		{"serve", "the browser app: azar serve [-addr 127.0.0.1:8080] [-data DIR] (docs/app.md)", runServe},
		{"puzzle", "the daily puzzle: azar puzzle [-date D] [-json]; azar puzzle check -date D MOVE...", runPuzzle},
		{"train-nnue", "train a network on datagen -format bin records (docs/nnue.md)", runTrainNNUE},
		{"lessons", "the twelve chess lessons: azar lessons [-lang es|en] [-json]", runLessons},
		{"apiload", "the app's API under load: N online games of two people at once, latency percentiles (docs/app.md)", runAPILoad},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole command with its streams passed in, so tests call it
// in-process. It returns the exit status: 0 on success and for help, 1
// when the UCI loop fails, 2 for any other error.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		// UCI mode: the protocol loop owns stdin and stdout until `quit`
		// or the end of the input; diagnostics go to stderr.
		if err := protocol.New(stdin, stdout).Run(); err != nil {
			fmt.Fprintln(stderr, "azar:", err)
			return 1
		}
		return 0
	}
	name, rest := args[0], args[1:]
	switch name {
	case "-h", "-help", "--help":
		name = "help"
	}
	cmd, ok := lookup(name)
	if !ok {
		fmt.Fprintf(stderr, "azar: unknown subcommand %q\n\n", name)
		printUsage(stderr)
		return 2
	}
	err := cmd.run(rest, stdout, stderr)
	var status exitStatus
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &status):
		return int(status) // the subcommand has said why
	default:
		fmt.Fprintf(stderr, "azar %s: %v\n", cmd.name, err)
		if name != "help" {
			fmt.Fprintf(stderr, "(azar help %s lists its flags)\n", cmd.name)
		}
		return 2
	}
}

func lookup(name string) (subcommand, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return subcommand{}, false
}

// printUsage writes the list of subcommands, from the table.
func printUsage(w io.Writer) {
	fmt.Fprint(w, `Azar is a chess engine for standard chess and card variants.

usage:
  azar                  UCI engine on stdin/stdout (what a chess GUI runs)
  azar SUBCOMMAND ...   one of:

`)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, `
azar help SUBCOMMAND (or azar SUBCOMMAND -h) prints that subcommand's flags.
Documentation: README.md and docs/ (the protocol in docs/protocol.md, the
rules of each game in docs/rules/).
`)
}

// runHelp is `azar help [SUBCOMMAND]`: the list of subcommands, or one
// subcommand's flags (its own -h).
func runHelp(args []string, stdout, stderr io.Writer) error {
	switch len(args) {
	case 0:
		printUsage(stdout)
		return nil
	case 1:
		switch args[0] {
		case "help", "-h", "-help", "--help":
			printUsage(stdout)
			return nil
		}
		c, ok := lookup(args[0])
		if !ok {
			return fmt.Errorf("unknown subcommand %q (azar help lists them)", args[0])
		}
		return c.run([]string{"-h"}, stdout, stderr)
	default:
		return fmt.Errorf("want at most one subcommand, got %q", args)
	}
}

// parseFlags parses args into fs and returns the bare arguments. Flags may
// come before or after them (`azar perft 3 -fen F`); after "--" everything
// is a bare argument. Help (-h, -help, --help) is printed on stdout; on a
// bad flag the flag package's own report is dropped and its error
// returned, which run prints on stderr with a pointer to the help. usage
// is the synopsis, e.g. "azar perft [DEPTH] [flags]".
func parseFlags(fs *flag.FlagSet, usage string, args []string, stdout io.Writer) ([]string, error) {
	var buf bytes.Buffer
	fs.SetOutput(&buf)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: %s\n\nflags:\n", usage)
		fs.PrintDefaults()
	}
	var bare []string
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			stdout.Write(buf.Bytes())
		}
		if err != nil {
			return nil, err
		}
		rest := fs.Args()
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(bare, rest...), nil
		}
		if len(rest) == 0 {
			return bare, nil
		}
		bare = append(bare, rest[0])
		args = rest[1:]
	}
}

// intArg reads the optional bare integer argument of bench and perft (a
// depth: `azar perft 3`, OpenBench's `azar bench 13`) into v, refusing
// more than one.
func intArg(bare []string, what string, v *int) error {
	switch len(bare) {
	case 0:
		return nil
	case 1:
		n, err := strconv.Atoi(bare[0])
		if err != nil {
			return fmt.Errorf("%s %q: want an integer", what, bare[0])
		}
		*v = n
		return nil
	default:
		return fmt.Errorf("unexpected arguments %q", bare[1:])
	}
}
