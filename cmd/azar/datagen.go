package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"azar/bench/datagen"
)

// runDatagen is `azar datagen -games N -nodes N -out FILE [-format bin]`:
// self-play games whose quiet positions, labelled with the result, feed
// the eval tuner (text) or the network trainer (bin, docs/nnue.md). The
// output is a resumable job (bench/datagen.Job): -resume continues it.
func runDatagen(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("datagen", flag.ContinueOnError)
	var cfg datagen.Config
	fs.IntVar(&cfg.Games, "games", 1000, "games to play (with -resume: in all, counting those already written)")
	fs.Uint64Var(&cfg.Nodes, "nodes", 5000, "node budget per move")
	fs.IntVar(&cfg.RandomPlies, "random", 8, "random opening plies")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the random openings and of the sampling")
	fs.IntVar(&cfg.Workers, "workers", 2, "games played in parallel (the output does not depend on it)")
	fs.IntVar(&cfg.PerGame, "per-game", 8, "keep at most this many positions of each game, sampled at random (0: all)")
	fs.Uint64Var(&cfg.LabelNodes, "label-nodes", 0, "label each kept position with a fresh search of this many nodes (0: the game's own search score)")
	fs.BoolVar(&cfg.Dedup, "dedup", true, "skip positions already written by this job (Zobrist key)")
	cfg.Adjudicate = datagen.DefaultAdjudication()
	fs.IntVar(&cfg.Adjudicate.WinScore, "win-score", cfg.Adjudicate.WinScore, "win adjudication: |score| at least this (cp) ...")
	fs.IntVar(&cfg.Adjudicate.WinPlies, "win-plies", cfg.Adjudicate.WinPlies, "... for this many plies in a row (0: off)")
	fs.IntVar(&cfg.Adjudicate.DrawMove, "draw-move", cfg.Adjudicate.DrawMove, "draw adjudication: from this move on ...")
	fs.IntVar(&cfg.Adjudicate.DrawScore, "draw-score", cfg.Adjudicate.DrawScore, "... |score| at most this (cp) ...")
	fs.IntVar(&cfg.Adjudicate.DrawPlies, "draw-plies", cfg.Adjudicate.DrawPlies, "... for this many plies in a row (0: off)")
	format := fs.String("format", "text", "text (FEN ; result lines, for azar tune) or bin (32-byte records, for azar train-nnue)")
	out := fs.String("out", "", "output file; required (its progress is kept in FILE.progress)")
	resume := fs.Bool("resume", false, "continue the job in -out (same flags) after the games it holds; without it -out is started afresh")
	bare, err := parseFlags(fs, "azar datagen -out FILE [-format text|bin] [-games N] [-nodes N] [-resume] [flags]", args, stdout)
	if err != nil {
		return err
	}
	if len(bare) > 0 {
		return fmt.Errorf("unexpected arguments %q", bare)
	}
	if *out == "" || cfg.Games < 1 || cfg.Nodes < 1 || cfg.PerGame < 0 {
		return fmt.Errorf("datagen needs -out, positive -games and -nodes, and -per-game of at least 0")
	}
	switch *format {
	case "text":
		cfg.Format = datagen.Text
	case "bin":
		cfg.Format = datagen.Binary
	default:
		return fmt.Errorf("-format %q: want text or bin", *format)
	}
	job, err := datagen.OpenJob(*out, cfg, *resume)
	if err != nil {
		return err
	}
	before := job.Progress()
	if *resume {
		fmt.Fprintf(stderr, "datagen: resuming %s after game %d (%d positions)\n", *out, before.Games, before.Positions)
	}
	// SIGTERM too, so that a job stopped by kill or a service manager
	// ends with its finished games written and counted.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	n, err := job.Run(ctx)
	el := time.Since(start)
	p := job.Progress()
	fmt.Fprintf(stderr, "datagen: %d positions from %d games written to %s in %.0fs (%.0f positions/hour); the file holds %d positions of %d games\n",
		n, p.Games-before.Games, *out, el.Seconds(), float64(n)/el.Hours(), p.Positions, p.Games)
	return err
}
