package train

import (
	"math"
	"testing"
)

// TestQuantisationRoundTrip trains a small network and compares the
// float model with its quantised network on the same positions, the
// positions it was trained on and others: rounding the weights to
// QA = 255 and QB = 64 steps and the integer pass's truncations should
// cost a few centipawns and no scale (docs/nnue.md §6d).
func TestQuantisationRoundTrip(t *testing.T) {
	cfg := smallConfig()
	cfg.Hidden, cfg.Epochs = 32, 4
	m, err := fit(cfg, materialSet(t, 4000, 1), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	net, err := quantise(m)
	if err != nil {
		t.Fatal(err)
	}
	var maxDiff, sumDiff, sumAbs, sumFQ, sumFF float64
	positions := materialSet(t, 2000, 9)
	for i := range positions {
		s := &positions[i]
		p, err := s.position()
		if err != nil {
			t.Fatal(err)
		}
		f, q := m.evaluate(s), float64(net.Evaluate(p))
		d := math.Abs(f - q)
		maxDiff = max(maxDiff, d)
		sumDiff += d
		sumAbs += math.Abs(f)
		sumFQ += f * q
		sumFF += f * f
	}
	n := float64(len(positions))
	slope := sumFQ / sumFF // quantised on float, through the origin
	t.Logf("float against quantised on %d positions: max %.2f cp, mean %.3f cp, slope %.4f (mean |eval| %.0f cp)",
		len(positions), maxDiff, sumDiff/n, slope, sumAbs/n)
	// Measured: max 18 cp, mean 4.4 cp, slope 1.000 at a mean |eval| of
	// 870 cp. One feature weight step is 1/255 and an output weight step
	// 1/64 of a unit of 400 cp, so a few cp per position is the expected
	// rounding; what must not appear is a bias or a scale.
	if maxDiff > 40 || sumDiff/n > 8 || math.Abs(slope-1) > 0.01 {
		t.Errorf("quantisation costs up to %.2f cp, %.3f on average, slope %.4f", maxDiff, sumDiff/n, slope)
	}
}
