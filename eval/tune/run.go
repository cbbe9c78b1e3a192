// Package tune fits the evaluation's weights to game results by the Texel
// method: for positions labelled with the result of the game they came
// from, it finds the scaling constant K that best maps the evaluation to
// the result through a sigmoid, then runs gradient descent (Adam, full
// batch) on all weights to minimise the mean squared error, and writes
// eval/weights.go. docs/eval.md describes the method and the data.
package tune

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"time"

	"azar/eval"
)

// Run is the tuner's command line (`go run ./eval/tune/cmd/tune`, later
// `azar tune`):
//
//	tune -data FILE [-out eval/weights.go] [-epochs N] [-lr X] [-k K] ...
//	tune -init handset -out eval/weights.go      (write the hand-set weights)
//	tune synth -games N -out FILE                (synthetic data set)
//
// Progress and a summary go to out.
func Run(args []string, out io.Writer) error {
	if len(args) > 0 && args[0] == "synth" {
		return runSynth(args[1:], out)
	}
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	fs.SetOutput(out)
	data := fs.String("data", "", "labelled positions, one `FILE` line per position: FEN ; result (1-0, 1/2-1/2, 0-1 or 1.0/0.5/0.0)")
	outFile := fs.String("out", "", "write the tuned weights as Go source to `FILE` (e.g. eval/weights.go); empty: print nothing but the summary")
	init := fs.String("init", "current", "starting weights: current (eval/weights.go as compiled in) or handset")
	epochs := fs.Int("epochs", 2000, "Adam iterations over the whole data set")
	lr := fs.Float64("lr", 1, "Adam step size, centipawns")
	kFlag := fs.Float64("k", 0, "sigmoid scaling constant; 0 fits it to the starting weights")
	quiet := fs.Bool("quiet", true, "drop positions in check or with a winning capture for the side to move")
	limit := fs.Int("limit", 0, "use at most N positions (0: all)")
	fields := fs.String("fields", "", "tune only weights whose field name matches this `regexp` (default all)")
	workers := fs.Int("threads", defaultWorkers(), "worker goroutines")
	every := fs.Int("report", 100, "print the loss every N epochs")
	l2 := fs.Float64("l2", 0, "L2 pull of each weight towards its starting value, per centipawn² (e.g. 1e-7)")
	formatFlag := fs.String("format", "text", "the -data file's format: text (FEN ; result lines) or bin (azar datagen -format bin records, with a search score each)")
	lambda := fs.Float64("lambda", 1, "with -format bin: the game result's weight in each target, the rest the search score through the sigmoid at K (1: results only)")
	validFile := fs.String("valid", "", "held-out positions in `FILE` (the -format of -data, targets mixed by the same -lambda at the same K): their loss is printed with the training loss, and at the end")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	var w eval.Weights
	switch *init {
	case "current":
		w = eval.CurrentWeights()
	case "handset":
		w = HandSet()
	default:
		return fmt.Errorf("-init %q: want current or handset", *init)
	}
	command := strings.TrimSpace("go run ./eval/tune/cmd/tune " + strings.Join(args, " "))

	if *data == "" {
		if *init != "handset" || *outFile == "" {
			return errors.New("need -data FILE (or -init handset -out FILE to write the hand-set weights)")
		}
		header := "Hand-set starting weights (textbook material, centralisation tables, round\n" +
			"numbers), not tuned yet. See docs/eval.md for how to tune them on Azar's games.\n\n" +
			"Regenerate with:\n  " + command
		return writeWeights(*outFile, &w, header, out)
	}

	var format Format
	switch *formatFlag {
	case "text":
	case "bin":
		format = FormatBin
	default:
		return fmt.Errorf("-format %q: want text or bin", *formatFlag)
	}
	if *lambda < 0 || *lambda > 1 {
		return fmt.Errorf("-lambda %v: want a number from 0 to 1", *lambda)
	}
	start := time.Now()
	f, err := os.Open(*data)
	if err != nil {
		return err
	}
	ds, st, err := load(f, format, *quiet, max(*workers, 1), *limit)
	f.Close()
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%d lines: %d positions kept, %d unreadable, %d in check, %d not quiet (%.1fs)\n",
		st.lines, st.kept, st.bad, st.inCheck, st.notQuiet, time.Since(start).Seconds())
	if st.firstBad != "" {
		fmt.Fprintf(out, "first unreadable: %s\n", st.firstBad)
	}
	if ds.n == 0 {
		return errors.New("no positions to tune on")
	}
	var valid *dataset
	if *validFile != "" {
		f, err := os.Open(*validFile)
		if err != nil {
			return err
		}
		valid, st, err = load(f, format, *quiet, max(*workers, 1), 0)
		f.Close()
		if err != nil {
			return fmt.Errorf("-valid: %v", err)
		}
		if valid.n == 0 {
			return errors.New("-valid: no positions kept")
		}
		fmt.Fprintf(out, "validation: %d lines, %d positions kept\n", st.lines, st.kept)
	}

	frozen := make([]bool, numWeights)
	if *fields != "" {
		re, err := regexp.Compile(*fields)
		if err != nil {
			return fmt.Errorf("-fields: %v", err)
		}
		for i, info := range infos {
			frozen[i] = !re.MatchString(info.field)
		}
	}

	v := toFloat(&w)
	k := *kFlag
	if k == 0 {
		k = ds.fitK(v)
	}
	// K is fitted to the results alone; the scores are then mixed in at
	// that K, so a score and the evaluation it is to pull are read on
	// one scale.
	if mixed := ds.mixLabels(*lambda, k); mixed > 0 && *lambda < 1 {
		fmt.Fprintf(out, "targets: %.2f × result + %.2f × sigmoid(K × score) for %d positions\n", *lambda, 1-*lambda, mixed)
	}
	// validLoss is the held-out loss of weights w, "" without -valid.
	validLoss := func(w []float64) string { return "" }
	if valid != nil {
		valid.mixLabels(*lambda, k)
		validLoss = func(w []float64) string { return fmt.Sprintf("  validation %.6f", valid.loss(w, k)) }
	}
	before := ds.loss(v, k)
	fmt.Fprintf(out, "K = %.4f, starting loss %.6f%s\n", k, before, validLoss(v))
	tstart := time.Now()
	after := ds.adam(v, adamConfig{epochs: *epochs, lr: *lr, k: k, frozen: frozen, l2: *l2,
		report: func(epoch int, loss float64) {
			if *every > 0 && epoch%*every == 0 {
				fmt.Fprintf(out, "epoch %5d  loss %.6f%s  (%.1fs)\n", epoch, loss, validLoss(v), time.Since(tstart).Seconds())
			}
		}})
	tuned := fromFloat(v)
	fmt.Fprintf(out, "final loss %.6f (was %.6f)%s, %d epochs in %.1fs\n", after, before, validLoss(v), *epochs, time.Since(tstart).Seconds())
	if *outFile == "" {
		return nil
	}
	header := fmt.Sprintf("Tuned by the Texel method (eval/tune, Adam on the mean squared error of\n"+
		"sigmoid(K*eval) against game results) on %s:\n"+
		"%d positions, starting from the %s weights, K = %.4f, loss %.6f -> %.6f\n"+
		"after %d epochs.\n\nRegenerate with:\n  %s",
		*data, ds.n, *init, k, before, after, *epochs, command)
	return writeWeights(*outFile, &tuned, header, out)
}

func writeWeights(path string, w *eval.Weights, header string, out io.Writer) error {
	src, err := WeightsSource(w, header)
	if err != nil {
		return err
	}
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, src) {
		fmt.Fprintf(out, "%s unchanged\n", path)
		return nil
	}
	if err := os.WriteFile(path, src, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(out, "wrote %s\n", path)
	return nil
}

func runSynth(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("tune synth", flag.ContinueOnError)
	fs.SetOutput(out)
	games := fs.Int("games", 1000, "games to play")
	perGame := fs.Int("positions", 10, "positions sampled per game")
	seed := fs.Uint64("seed", 1, "random seed")
	outFile := fs.String("out", "", "write the positions to `FILE` (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *outFile == "" || fs.NArg() > 0 {
		return errors.New("usage: tune synth -games N -out FILE [-positions N] [-seed S]")
	}
	f, err := os.Create(*outFile)
	if err != nil {
		return err
	}
	n, err := writeSynth(f, *games, *perGame, *seed)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "wrote %d positions from %d games to %s\n", n, *games, *outFile)
	return nil
}
