package nnue

import (
	"bytes"
	"math"
	"testing"
)

// TestScaled: a scaled network's output is the factor times the
// original's, within the rounding of the output weights; factor 1 is the
// same file; bad factors are errors.
func TestScaled(t *testing.T) {
	n, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []float64{0.7, 0.5, 1.3} {
		s, err := n.Scaled(f)
		if err != nil {
			t.Fatal(err)
		}
		var maxDiff, sumXY, sumXX float64
		for _, p := range perftPositions(t) {
			x, y := float64(n.Evaluate(p)), float64(s.Evaluate(p))
			maxDiff = max(maxDiff, math.Abs(y-f*x))
			sumXY += x * y
			sumXX += x * x
		}
		t.Logf("factor %.2f: slope %.4f, max |scaled − f·original| %.1f cp", f, sumXY/sumXX, maxDiff)
		// Each output weight moves by at most half a step, and the
		// built-in network's are ±12…33: a few per cent at most.
		if math.Abs(sumXY/sumXX-f) > 0.03*f || maxDiff > 30 {
			t.Errorf("factor %.2f: slope %.4f, max diff %.1f cp", f, sumXY/sumXX, maxDiff)
		}
	}
	one, _ := n.Scaled(1)
	a, _ := n.MarshalBinary()
	b, _ := one.MarshalBinary()
	if !bytes.Equal(a, b) {
		t.Error("factor 1 changed the network")
	}
	for _, f := range []float64{0, -1, math.NaN(), math.Inf(1), 1e6} {
		if _, err := n.Scaled(f); err == nil {
			t.Errorf("factor %v accepted", f)
		}
	}
}
