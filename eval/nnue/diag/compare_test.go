package diag

import (
	"math"
	"testing"

	"azar/eval/nnue"
)

func TestFitPairsKnownLine(t *testing.T) {
	xs := []float64{-1000, -300, -100, 0, 100, 150, 300, 900}
	ys := make([]float64, len(xs))
	for i, x := range xs {
		ys[i] = 1.5*x + 20
	}
	f := FitPairs(xs, ys)
	if math.Abs(f.Slope-1.5) > 1e-9 || math.Abs(f.Intercept-20) > 1e-9 || math.Abs(f.Corr-1) > 1e-9 {
		t.Errorf("fit %+v, want slope 1.5, intercept 20, correlation 1", f)
	}
	if f.NearN != 4 || math.Abs(f.NearSlope-1.5) > 1e-9 {
		t.Errorf("near: %d positions, slope %v; want 4 and 1.5", f.NearN, f.NearSlope)
	}
	// Noise uncorrelated with x: correlation 0.
	g := FitPairs([]float64{-1, 1, -1, 1}, []float64{1, 1, -1, -1})
	if math.Abs(g.Corr) > 1e-9 || math.Abs(g.Slope) > 1e-9 {
		t.Errorf("uncorrelated: %+v", g)
	}
}

func TestRandomPositionsAreSeeded(t *testing.T) {
	a, b := RandomPositions(50, 3), RandomPositions(50, 3)
	if len(a) != 50 {
		t.Fatalf("%d positions", len(a))
	}
	for i := range a {
		if a[i].FEN() != b[i].FEN() {
			t.Fatalf("position %d: %s and %s from one seed", i, a[i].FEN(), b[i].FEN())
		}
		if a[i].InCheck() {
			t.Errorf("%s: in check", a[i].FEN())
		}
	}
	if RandomPositions(1, 4)[0].FEN() == a[0].FEN() {
		t.Error("another seed gave the same first position")
	}
}

// TestBuiltInNetworkScale records the built-in network's scale against
// the hand-crafted evaluation (docs/nnue.md §6d): it reads positions
// about 1.4 times as far from level, well correlated overall and poorly
// where the evaluation is within two pawns. The bounds are wide: they
// catch a sign or a scale that is off by a factor, not a retrained net.
func TestBuiltInNetworkScale(t *testing.T) {
	net, err := nnue.Default()
	if err != nil {
		t.Fatal(err)
	}
	ps := RandomPositions(300, 1)
	s := Evaluate(net, ps)
	f := FitPairs(s.Eval, s.Net)
	t.Logf("built-in network against the evaluation: %s", f)
	if !(f.Slope > 1 && f.Slope < 2) || !(f.Corr > 0.9) || !(f.NearCorr < f.Corr) {
		t.Errorf("built-in network: %s", f)
	}
}

// TestFitK recovers the K that made the results.
func TestFitK(t *testing.T) {
	var xs, rs []float64
	for x := -1500.0; x <= 1500; x += 25 {
		xs = append(xs, x)
		rs = append(rs, 1/(1+math.Exp(-x/290)))
	}
	if k := FitK(xs, rs); math.Abs(k-290) > 0.5 {
		t.Errorf("K %.2f, want 290", k)
	}
	// Results that ignore the scores: no finite scale fits better than
	// the flattest.
	if k := FitK([]float64{-100, 100, -100, 100}, []float64{1, 0, 0, 1}); k < 5000 {
		t.Errorf("K %.0f for results unrelated to the scores", k)
	}
}
