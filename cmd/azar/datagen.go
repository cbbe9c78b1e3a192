package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"azar/bench/datagen"
)

// runDatagen is `azar datagen -games N -nodes N -out FILE [-format bin]`:
// self-play games whose quiet positions, labelled with the result, feed
// the eval tuner (text) or the network trainer (bin, docs/nnue.md).
func runDatagen(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("datagen", flag.ContinueOnError)
	var cfg datagen.Config
	fs.IntVar(&cfg.Games, "games", 1000, "games to play")
	fs.Uint64Var(&cfg.Nodes, "nodes", 5000, "node budget per move")
	fs.IntVar(&cfg.RandomPlies, "random", 8, "random opening plies")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the random openings")
	fs.IntVar(&cfg.Workers, "workers", 2, "games played in parallel")
	cfg.Adjudicate = datagen.DefaultAdjudication()
	fs.IntVar(&cfg.Adjudicate.WinScore, "win-score", cfg.Adjudicate.WinScore, "win adjudication: |score| at least this (cp) ...")
	fs.IntVar(&cfg.Adjudicate.WinPlies, "win-plies", cfg.Adjudicate.WinPlies, "... for this many plies in a row (0: off)")
	fs.IntVar(&cfg.Adjudicate.DrawMove, "draw-move", cfg.Adjudicate.DrawMove, "draw adjudication: from this move on ...")
	fs.IntVar(&cfg.Adjudicate.DrawScore, "draw-score", cfg.Adjudicate.DrawScore, "... |score| at most this (cp) ...")
	fs.IntVar(&cfg.Adjudicate.DrawPlies, "draw-plies", cfg.Adjudicate.DrawPlies, "... for this many plies in a row (0: off)")
	format := fs.String("format", "text", "text (FEN ; result lines, for azar tune) or bin (32-byte records, for azar train-nnue)")
	out := fs.String("out", "", "output file; required")
	bare, err := parseFlags(fs, "azar datagen -out FILE [-format text|bin] [-games N] [-nodes N] [flags]", args, stdout)
	if err != nil {
		return err
	}
	if len(bare) > 0 {
		return fmt.Errorf("unexpected arguments %q", bare)
	}
	if *out == "" || cfg.Games < 1 || cfg.Nodes < 1 {
		return fmt.Errorf("datagen needs -out, and positive -games and -nodes")
	}
	switch *format {
	case "text":
		cfg.Format = datagen.Text
	case "bin":
		cfg.Format = datagen.Binary
	default:
		return fmt.Errorf("-format %q: want text or bin", *format)
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	n, err := datagen.Run(ctx, cfg, w)
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	el := time.Since(start)
	fmt.Fprintf(stderr, "datagen: %d positions written to %s in %.0fs (%.0f positions/hour)\n",
		n, *out, el.Seconds(), float64(n)/el.Hours())
	return err
}
