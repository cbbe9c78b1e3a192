package main

import (
	"flag"
	"fmt"
	"io"

	"azar/bench"
	"azar/search"
)

// runBench is `azar bench [depth]`, OpenBench style: the last line is
// "N nodes M nps".
func runBench(args []string, out, _ io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	depth := fs.Int("depth", bench.DefaultDepth, "search depth per position; a bare DEPTH argument (OpenBench's form) sets it too")
	bare, err := parseFlags(fs, "azar bench [DEPTH]", args, out)
	if err != nil {
		return err
	}
	if err := intArg(bare, "bench depth", depth); err != nil {
		return err
	}
	if *depth < 1 || *depth > 64 {
		return fmt.Errorf("bench depth %d out of range 1..64", *depth)
	}
	res, err := bench.Run(*depth, search.DefaultOptions(), out)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "\n%d nodes %d nps\n", res.Nodes, res.NPS())
	return nil
}
