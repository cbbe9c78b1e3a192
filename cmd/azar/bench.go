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
func runBench(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(out)
	depth := fs.Int("depth", bench.DefaultDepth, "search depth per position")
	if err := fs.Parse(args); err != nil {
		return err
	}
	// OpenBench also passes the depth as a bare argument.
	if fs.NArg() > 0 {
		if _, err := fmt.Sscan(fs.Arg(0), depth); err != nil {
			return fmt.Errorf("bench depth %q: %v", fs.Arg(0), err)
		}
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
