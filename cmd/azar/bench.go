package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"reflect"
	"strings"

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
	features := fs.String("features", "", "comma-separated search.Features switches to set, as the UCI options of the same names do: CaptureHistory=true,LMR=false (a bare name means =true)")
	bare, err := parseFlags(fs, "azar bench [DEPTH] [-nnue] [-evalfile FILE] [-features NAME=BOOL,...]", args, out)
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
	if err := setFeatures(&opts.Features, *features); err != nil {
		return err
	}
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

// setFeatures applies a -features list (NAME or NAME=BOOL, comma-separated)
// to f, so that a bench can count the nodes of a technique that is off by
// default — the figure its commit and its SPRT name.
func setFeatures(f *search.Features, list string) error {
	v := reflect.ValueOf(f).Elem()
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		name, val, hasVal := strings.Cut(item, "=")
		on := true
		if hasVal {
			switch strings.ToLower(strings.TrimSpace(val)) {
			case "true", "on", "1":
			case "false", "off", "0":
				on = false
			default:
				return fmt.Errorf("-features %s: value %q is not true or false", name, val)
			}
		}
		fv := v.FieldByNameFunc(func(n string) bool { return strings.EqualFold(n, strings.TrimSpace(name)) })
		if !fv.IsValid() || fv.Kind() != reflect.Bool {
			return fmt.Errorf("-features: no search feature %q (see the UCI options list)", name)
		}
		fv.SetBool(on)
	}
	return nil
}
