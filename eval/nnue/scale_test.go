package nnue

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"azar/variants/chess"
)

// TestScaled: a scaled network's output is the factor times the
// original's, within the rounding of the output weights; factor 1 is the
// same file; bad factors are errors.
func TestScaled(t *testing.T) {
	n, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	games := randomGamePositions(300, 1)
	for _, f := range []float64{0.72, 0.5, 1.3} {
		s, err := n.Scaled(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, set := range []struct {
			name      string
			ps        []*chess.Position
			maxOffset float64
		}{{"random games", games, 16}, {"perft", perftPositions(t), 16}} {
			var maxDiff, sumDiff, sumXY, sumXX float64
			for _, p := range set.ps {
				x, y := float64(n.Evaluate(p)), float64(s.Evaluate(p))
				maxDiff = max(maxDiff, math.Abs(y-f*x))
				sumDiff += y - f*x
				sumXY += x * y
				sumXX += x * x
			}
			offset := sumDiff / float64(len(set.ps))
			t.Logf("factor %.2f, %s: slope %.4f, mean scaled − f·original %.1f cp, max |…| %.1f cp", f, set.name, sumXY/sumXX, offset, maxDiff)
			// Each output weight moves by at most half a step, and the
			// built-in network's are ±12…33: a few per cent at most.
			// The offset from the rounding depends on the positions:
			// 0.72 gives about 15 cp on random games, 4 on perft.
			if math.Abs(sumXY/sumXX-f) > 0.03*f || maxDiff > 30 || math.Abs(offset) > set.maxOffset {
				t.Errorf("factor %.2f, %s: slope %.4f, mean offset %.1f cp, max diff %.1f cp", f, set.name, sumXY/sumXX, offset, maxDiff)
			}
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

// randomGamePositions are positions from the first 40 plies of seeded
// random games, the kind of positions a game's search evaluates.
func randomGamePositions(n int, seed uint64) []*chess.Position {
	r := rand.New(rand.NewPCG(seed, 7))
	var out []*chess.Position
	var l chess.MoveList
	for len(out) < n {
		p := chess.NewPosition()
		for ply := 0; ply < 40 && len(out) < n; ply++ {
			p.GenerateLegal(&l)
			if l.N == 0 {
				break
			}
			p.Make(l.Moves[r.IntN(l.N)])
			if ply%4 == 3 {
				q, _ := chess.ParseFEN(p.FEN())
				out = append(out, q)
			}
		}
	}
	return out
}
