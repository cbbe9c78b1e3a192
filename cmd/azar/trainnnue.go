package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"azar/eval/nnue"
	"azar/eval/nnue/train"
)

// runTrainNNUE is `azar train-nnue -data FILE[,FILE...] -out FILE ...`:
// trains a network on `azar datagen -format bin` records and writes the
// quantised network file (docs/nnue.md).
func runTrainNNUE(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("train-nnue", flag.ContinueOnError)
	cfg := train.DefaultConfig()
	cfg.Threads = runtime.GOMAXPROCS(0)
	data := fs.String("data", "", "training records (comma-separated files); required")
	out := fs.String("out", "", "network file to write; required")
	limit := fs.Int("limit", 0, "read at most this many records (0: all)")
	fs.IntVar(&cfg.Hidden, "hidden", cfg.Hidden, "accumulator width N")
	fs.IntVar(&cfg.Epochs, "epochs", cfg.Epochs, "passes over the data")
	fs.IntVar(&cfg.BatchSize, "batch", cfg.BatchSize, "minibatch size")
	fs.Float64Var(&cfg.LR, "lr", cfg.LR, "Adam learning rate")
	fs.Float64Var(&cfg.LRDecay, "lr-decay", cfg.LRDecay, "learning-rate factor after each epoch")
	fs.Float64Var(&cfg.Lambda, "lambda", cfg.Lambda, "weight of the game result in the target (the rest: the search score)")
	fs.Float64Var(&cfg.SigmoidScale, "k", cfg.SigmoidScale, "sigmoid scale K in centipawns: target σ(score/K), prediction σ(eval/K)")
	fs.Float64Var(&cfg.Clip, "clip", cfg.Clip, "bound on every weight")
	fs.Uint64Var(&cfg.Seed, "seed", cfg.Seed, "seed of the initial weights and the shuffles")
	fs.IntVar(&cfg.Threads, "threads", cfg.Threads, "worker goroutines (the result depends on it: keep it to reproduce a network)")
	bare, err := parseFlags(fs, "azar train-nnue -data FILE -out FILE [-hidden N] [-epochs E] [-seed S] [flags]", args, stdout)
	if err != nil {
		return err
	}
	if len(bare) > 0 {
		return fmt.Errorf("unexpected arguments %q", bare)
	}
	if *data == "" || *out == "" {
		return fmt.Errorf("train-nnue needs -data and -out")
	}
	var samples []train.Sample
	for _, path := range strings.Split(*data, ",") {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		s, err := train.ReadSamples(bufio.NewReaderSize(f, 1<<20), *limit-len(samples))
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		samples = append(samples, s...)
		if *limit > 0 && len(samples) >= *limit {
			break
		}
	}
	fmt.Fprintf(stderr, "train-nnue: %d positions, hidden %d, %d threads\n", len(samples), cfg.Hidden, cfg.Threads)
	start := time.Now()
	net, err := train.Train(cfg, samples, func(e train.Epoch) {
		fmt.Fprintf(stderr, "epoch %d loss %.6f (%.0fs)\n", e.N, e.Loss, time.Since(start).Seconds())
	})
	if err != nil {
		return err
	}
	if err := net.Save(*out); err != nil {
		return err
	}
	q := train.Loss(net, samples, cfg.Lambda, cfg.SigmoidScale)
	fmt.Fprintf(stderr, "train-nnue: quantised loss %.6f; %s written (%d bytes)\n", q, *out, nnue.FileSize(cfg.Hidden))
	return nil
}
