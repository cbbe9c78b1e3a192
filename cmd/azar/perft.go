package main

import (
	"flag"
	"fmt"
	"io"
	"time"

	"azar/variants/chess"
)

// runPerft is `azar perft [DEPTH] [-fen FEN]`: Stockfish-style divide
// output, then the total, the time and nodes per second.
func runPerft(args []string, out, _ io.Writer) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	depth := fs.Int("depth", 5, "perft depth in plies; a bare DEPTH argument sets it too")
	fen := fs.String("fen", chess.StartFEN, "position to count from")
	full := fs.Bool("full", false, "make and unmake every leaf instead of bulk counting the last ply")
	bare, err := parseFlags(fs, "azar perft [DEPTH] [-fen FEN] [-full]", args, out)
	if err != nil {
		return err
	}
	if err := intArg(bare, "perft depth", depth); err != nil {
		return err
	}
	if *depth < 1 || *depth > 15 {
		return fmt.Errorf("perft depth %d out of range 1..15", *depth)
	}
	pos, err := chess.ParseFEN(*fen)
	if err != nil {
		return err
	}
	start := time.Now()
	var total uint64
	var l chess.MoveList
	pos.GenerateLegal(&l)
	for _, m := range l.Slice() {
		pos.Make(m)
		var n uint64
		if *full {
			n = pos.PerftFull(*depth - 1)
		} else {
			n = pos.Perft(*depth - 1)
		}
		pos.Unmake()
		total += n
		fmt.Fprintf(out, "%s: %d\n", m, n)
	}
	elapsed := time.Since(start)
	fmt.Fprintf(out, "\nNodes searched: %d\n", total)
	fmt.Fprintf(out, "Time: %d ms\nNodes/second: %.0f\n", elapsed.Milliseconds(), float64(total)/max(elapsed.Seconds(), 1e-9))
	return nil
}
