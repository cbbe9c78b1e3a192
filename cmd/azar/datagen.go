package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"azar/bench/datagen"
)

// runDatagen is `azar datagen -games N -nodes N -out FILE`: self-play games
// whose quiet positions, labelled with the result, feed the eval tuner.
func runDatagen(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("datagen", flag.ContinueOnError)
	var cfg datagen.Config
	fs.IntVar(&cfg.Games, "games", 1000, "games to play")
	fs.Uint64Var(&cfg.Nodes, "nodes", 5000, "node budget per move")
	fs.IntVar(&cfg.RandomPlies, "random", 8, "random opening plies")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the random openings")
	fs.IntVar(&cfg.Workers, "workers", 2, "games played in parallel")
	out := fs.String("out", "", "output file (FEN ; result lines); required")
	bare, err := parseFlags(fs, "azar datagen -out FILE [-games N] [-nodes N] [flags]", args, stdout)
	if err != nil {
		return err
	}
	if len(bare) > 0 {
		return fmt.Errorf("unexpected arguments %q", bare)
	}
	if *out == "" || cfg.Games < 1 || cfg.Nodes < 1 {
		return fmt.Errorf("datagen needs -out, and positive -games and -nodes")
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	n, err := datagen.Run(ctx, cfg, w)
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	fmt.Fprintf(stderr, "datagen: %d positions written to %s\n", n, *out)
	return err
}
