package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"azar/eval/nnue"
	"azar/eval/nnue/diag"
	"azar/eval/nnue/record"
	"azar/eval/nnue/train"
)

// runTrainNNUE is `azar train-nnue -data FILE[,FILE...] -out FILE ...`:
// trains a network on `azar datagen -format bin` records and writes the
// quantised network file (docs/nnue.md). Two other modes serve the
// diagnosis of docs/nnue.md §6d: -compare N measures a network against
// the hand-crafted evaluation, and -net IN -rescale F -out OUT writes a
// copy of a network with its output scaled.
func runTrainNNUE(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("train-nnue", flag.ContinueOnError)
	cfg := train.DefaultConfig()
	cfg.Threads = runtime.GOMAXPROCS(0)
	data := fs.String("data", "", "training records (comma-separated files); required to train")
	out := fs.String("out", "", "network file to write; required to train or rescale")
	limit := fs.Int("limit", 0, "read at most this many records (0: all)")
	valFiles := fs.String("val", "", "validation records (comma-separated files), never trained on")
	valFraction := fs.Float64("val-fraction", 0, "hold out this fraction of -data's games for validation (split by game)")
	fs.BoolVar(&cfg.KeepBest, "keep-best", false, "with validation: write the weights of the epoch with the lowest validation loss")
	rescale := fs.Float64("rescale", 1, "multiply the written network's output by this factor: when training, before quantising; with -net, the file's output layer (docs/nnue.md §6d)")
	netFile := fs.String("net", "", "with -compare or -rescale and no -data: the network to read (empty: the built-in one)")
	compare := fs.Int("compare", 0, "compare the network (-net) with the hand-crafted evaluation on this many positions of seeded random games (-seed), and on -data's first records if given, then exit")
	fs.IntVar(&cfg.Hidden, "hidden", cfg.Hidden, "accumulator width N")
	fs.IntVar(&cfg.Epochs, "epochs", cfg.Epochs, "passes over the data")
	fs.IntVar(&cfg.BatchSize, "batch", cfg.BatchSize, "minibatch size")
	fs.Float64Var(&cfg.LR, "lr", cfg.LR, "Adam learning rate")
	fs.Float64Var(&cfg.LRDecay, "lr-decay", cfg.LRDecay, "learning-rate factor after each epoch")
	fs.Float64Var(&cfg.Lambda, "lambda", cfg.Lambda, "weight of the game result in the target (the rest: the search score)")
	fs.Float64Var(&cfg.SigmoidScale, "k", cfg.SigmoidScale, "sigmoid scale K in centipawns: target σ(score/K), prediction σ(eval/K)")
	fs.Float64Var(&cfg.Clip, "clip", cfg.Clip, "bound on every weight")
	fs.Uint64Var(&cfg.Seed, "seed", cfg.Seed, "seed of the initial weights, the shuffles, the validation split and -compare's games")
	fs.IntVar(&cfg.Threads, "threads", cfg.Threads, "worker goroutines (the result depends on it: keep it to reproduce a network)")
	bare, err := parseFlags(fs, "azar train-nnue -data FILE -out FILE [-hidden N] [-epochs E] [-seed S] [-val-fraction F | -val FILE] [flags]\n"+
		"       azar train-nnue -compare N [-net FILE] [-data FILE] [-seed S]\n"+
		"       azar train-nnue -net FILE -rescale F -out FILE", args, stdout)
	if err != nil {
		return err
	}
	if len(bare) > 0 {
		return fmt.Errorf("unexpected arguments %q", bare)
	}
	if !(*rescale > 0) {
		return fmt.Errorf("-rescale %v: want a positive factor", *rescale)
	}
	switch {
	case *compare > 0:
		return compareNetwork(*netFile, *data, *compare, cfg.Seed, stdout)
	case *compare < 0:
		return fmt.Errorf("-compare %d: want a positive number of positions", *compare)
	case *data == "" && *netFile != "" && *out != "":
		net, err := loadNetwork(*netFile)
		if err != nil {
			return err
		}
		if net, err = net.Scaled(*rescale); err != nil {
			return err
		}
		return net.Save(*out)
	}
	if *data == "" || *out == "" {
		return fmt.Errorf("train-nnue needs -data and -out")
	}
	if *valFiles != "" && *valFraction != 0 {
		return fmt.Errorf("-val and -val-fraction: give one")
	}
	samples, err := readSampleFiles(*data, *limit)
	if err != nil {
		return err
	}
	var val []train.Sample
	switch {
	case *valFraction != 0:
		if samples, val, err = train.SplitByGame(samples, *valFraction, cfg.Seed); err != nil {
			return err
		}
	case *valFiles != "":
		if val, err = readSampleFiles(*valFiles, 0); err != nil {
			return err
		}
	case cfg.KeepBest:
		return errors.New("-keep-best needs -val or -val-fraction")
	}
	fmt.Fprintf(stderr, "train-nnue: %d positions, %d for validation, hidden %d, %d threads\n", len(samples), len(val), cfg.Hidden, cfg.Threads)
	cfg.OutputScale = *rescale
	start := time.Now()
	net, err := train.TrainValidated(cfg, samples, val, func(e train.Epoch) {
		v := ""
		if len(val) > 0 {
			v = fmt.Sprintf(" val %.6f", e.ValLoss)
			if e.Best {
				v += " (best)"
			}
		}
		fmt.Fprintf(stderr, "epoch %d loss %.6f%s (%.0fs)\n", e.N, e.Loss, v, time.Since(start).Seconds())
	})
	if err != nil {
		return err
	}
	q := train.Loss(net, samples, cfg.Lambda, cfg.SigmoidScale)
	qv := ""
	if len(val) > 0 {
		qv = fmt.Sprintf(", validation %.6f", train.Loss(net, val, cfg.Lambda, cfg.SigmoidScale))
	}
	if *rescale != 1 {
		qv += fmt.Sprintf(" (of the network with its output scaled by %v)", *rescale)
	}
	if err := net.Save(*out); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "train-nnue: quantised loss %.6f%s; %s written (%d bytes)\n", q, qv, *out, nnue.FileSize(cfg.Hidden))
	return nil
}

// readSampleFiles reads the records of comma-separated files, at most
// limit in all when limit > 0.
func readSampleFiles(paths string, limit int) ([]train.Sample, error) {
	var samples []train.Sample
	for _, path := range strings.Split(paths, ",") {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		s, err := train.ReadSamples(bufio.NewReaderSize(f, 1<<20), limit-len(samples))
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		samples = append(samples, s...)
		if limit > 0 && len(samples) >= limit {
			break
		}
	}
	return samples, nil
}

func loadNetwork(path string) (*nnue.Network, error) {
	if path == "" {
		return nnue.Default()
	}
	return nnue.Load(path)
}

// compareNetwork prints the network's scale against the hand-crafted
// evaluation (both from the side to move's view, as the search reads
// them) on n positions of random games, and, given records, on them with
// their labels and the sigmoid scale K that the results fit.
func compareNetwork(netFile, data string, n int, seed uint64, w io.Writer) error {
	net, err := loadNetwork(netFile)
	if err != nil {
		return err
	}
	s := diag.Evaluate(net, diag.RandomPositions(n, seed))
	fmt.Fprintf(w, "random games (seed %d), network on evaluation: %s\n", seed, diag.FitPairs(s.Eval, s.Net))
	if data == "" {
		return nil
	}
	var recs []record.Record
	for _, path := range strings.Split(data, ",") {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		rd := record.NewReader(bufio.NewReader(f))
		for len(recs) < n {
			r, err := rd.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				f.Close()
				return fmt.Errorf("%s: %v", path, err)
			}
			recs = append(recs, r)
		}
		f.Close()
	}
	if len(recs) < 2 {
		return errors.New("-compare: fewer than two records in -data")
	}
	l := diag.EvaluateRecords(net, recs)
	fmt.Fprintf(w, "records, network on evaluation: %s\n", diag.FitPairs(l.Eval, l.Net))
	fmt.Fprintf(w, "records, network on label: %s\n", diag.FitPairs(l.Label, l.Net))
	fmt.Fprintf(w, "records, evaluation on label: %s\n", diag.FitPairs(l.Label, l.Eval))
	fmt.Fprintf(w, "records, K fitting the results: from the label %.0f, the evaluation %.0f, the network %.0f\n",
		diag.FitK(l.Label, l.Result), diag.FitK(l.Eval, l.Result), diag.FitK(l.Net, l.Result))
	return nil
}
