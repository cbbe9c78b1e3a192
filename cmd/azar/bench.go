package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"azar/bench"
	"azar/eval/nnue"
	"azar/search"
)

// runBench is `azar bench [depth]`, OpenBench style: the last line is
// "N nodes M nps".
func runBench(args []string, out, _ io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	depth := fs.Int("depth", bench.DefaultDepth, "search depth per position; a bare DEPTH argument (OpenBench's form) sets it too")
	useNet := fs.Bool("nnue", false, "evaluate with the built-in network (docs/nnue.md) instead of the hand-crafted evaluation, as UseNNUE does")
	evalFile := fs.String("evalfile", "", "evaluate with this network file instead of the built-in one, as EvalFile does (implies -nnue)")
	bare, err := parseFlags(fs, "azar bench [DEPTH] [-nnue] [-evalfile FILE]", args, out)
	if err != nil {
		return err
	}
	if err := intArg(bare, "bench depth", depth); err != nil {
		return err
	}
	if *depth < 1 || *depth > 64 {
		return fmt.Errorf("bench depth %d out of range 1..64", *depth)
	}
	netSet := false
	fs.Visit(func(f *flag.Flag) { netSet = netSet || f.Name == "nnue" })
	if *evalFile != "" && netSet && !*useNet {
		return errors.New("-evalfile with -nnue=false: pick one")
	}
	opts := search.DefaultOptions()
	switch {
	case *evalFile != "":
		opts.Network, err = nnue.Load(*evalFile)
	case *useNet:
		opts.Network, err = nnue.Default()
	}
	if err != nil {
		return err
	}
	res, err := bench.Run(*depth, opts, out)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "\n%d nodes %d nps\n", res.Nodes, res.NPS())
	return nil
}
