package main

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"azar/eval/nnue"
	"azar/variants/chess"
)

func TestTrainNNUECompare(t *testing.T) {
	code, out, errs := azar(t, "", "train-nnue", "-compare", "100", "-seed", "3")
	if code != 0 || !strings.Contains(out, "random games (seed 3), network on evaluation: 100 positions: slope ") {
		t.Errorf("-compare: exit %d, stderr %q, stdout %q", code, errs, out)
	}
}

func TestTrainNNUERescale(t *testing.T) {
	path := filepath.Join(t.TempDir(), "half.nnue")
	def, _ := nnue.Default()
	src := filepath.Join(t.TempDir(), "def.nnue")
	if err := def.Save(src); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := azar(t, "", "train-nnue", "-net", src, "-rescale", "0.5", "-out", path); code != 0 {
		t.Fatalf("rescale: exit %d, %s", code, errs)
	}
	half, err := nnue.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := chess.ParseFEN("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	if a, b := float64(def.Evaluate(p)), float64(half.Evaluate(p)); math.Abs(b-a/2) > 0.05*math.Abs(a) {
		t.Errorf("queen up: %v, rescaled by 0.5: %v", a, b)
	}
	if code, _, _ := azar(t, "", "train-nnue", "-net", src, "-rescale", "0", "-out", path); code == 0 {
		t.Error("-rescale 0 accepted")
	}
}

// TestTrainNNUEValidation: -val-fraction holds out whole games and prints
// the validation loss of every epoch; -keep-best needs a validation set.
func TestTrainNNUEValidation(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.bin")
	if code, _, errs := azar(t, "", "datagen", "-format", "bin", "-nodes", "200", "-per-game", "0", "-games", "12", "-seed", "2", "-out", data); code != 0 {
		t.Fatalf("datagen: %s", errs)
	}
	net := filepath.Join(dir, "n.nnue")
	train := []string{"train-nnue", "-data", data, "-out", net, "-hidden", "8", "-epochs", "2", "-batch", "64", "-threads", "1"}
	code, _, errs := azar(t, "", append(train, "-val-fraction", "0.3", "-keep-best")...)
	if code != 0 || strings.Count(errs, " val ") != 2 || !strings.Contains(errs, "(best)") || !strings.Contains(errs, ", validation ") {
		t.Errorf("-val-fraction: exit %d, stderr:\n%s", code, errs)
	}
	code, _, errs = azar(t, "", append(train, "-val", data)...)
	if code != 0 || strings.Count(errs, " val ") != 2 {
		t.Errorf("-val: exit %d, stderr:\n%s", code, errs)
	}
	for _, bad := range [][]string{{"-keep-best"}, {"-val", data, "-val-fraction", "0.2"}, {"-val-fraction", "1"}} {
		if code, _, _ := azar(t, "", append(train, bad...)...); code == 0 {
			t.Errorf("%v accepted", bad)
		}
	}
}

// TestTrainNNUERescaleWhileTraining: -rescale with -data scales the
// trained network's output.
func TestTrainNNUERescaleWhileTraining(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.bin")
	if code, _, errs := azar(t, "", "datagen", "-format", "bin", "-nodes", "200", "-per-game", "0", "-games", "6", "-seed", "3", "-out", data); code != 0 {
		t.Fatalf("datagen: %s", errs)
	}
	train := []string{"train-nnue", "-data", data, "-hidden", "8", "-epochs", "2", "-batch", "64", "-threads", "1"}
	a, b := filepath.Join(dir, "a.nnue"), filepath.Join(dir, "b.nnue")
	azar(t, "", append(train, "-out", a)...)
	if code, _, errs := azar(t, "", append(train, "-out", b, "-rescale", "0.5")...); code != 0 || !strings.Contains(errs, "scaled by 0.5") {
		t.Fatalf("-rescale 0.5: exit %d, %s", code, errs)
	}
	na, err1 := nnue.Load(a)
	nb, err2 := nnue.Load(b)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	p, _ := chess.ParseFEN("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	if x, y := float64(na.Evaluate(p)), float64(nb.Evaluate(p)); math.Abs(y-x/2) > 0.05*math.Abs(x)+10 {
		t.Errorf("queen up: %v, trained with -rescale 0.5: %v", x, y)
	}
}
