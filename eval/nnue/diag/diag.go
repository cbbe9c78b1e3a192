// Package diag measures a network against the hand-crafted evaluation
// (eval) and against its training labels, to find out whether the search
// reads the two on the same scale (issue 32, docs/nnue.md §6d). It knows
// both evaluations and the record format, and nothing about searching.
package diag

import (
	"fmt"
	"math"
	"math/rand/v2"

	"azar/variants/chess"
)

// Fit is the least-squares line y = Slope·x + Intercept through pairs
// (x, y) and their correlation; Near is the same fit on the pairs with
// |x| ≤ NearBound, where a game is still open and the search's choices
// are made.
type Fit struct {
	N                       int
	Slope, Intercept, Corr  float64
	MeanAbsX, MeanAbsY      float64
	NearN                   int
	NearSlope, NearCorr     float64
	NearMeanAbsX, NearMeanY float64
}

// NearBound is the |x| in centipawns that counts as "near".
const NearBound = 200

// FitPairs fits y on x.
func FitPairs(xs, ys []float64) Fit {
	f := Fit{N: len(xs)}
	f.Slope, f.Intercept, f.Corr = line(xs, ys)
	var nx, ny []float64
	for i, x := range xs {
		f.MeanAbsX += math.Abs(x) / float64(len(xs))
		f.MeanAbsY += math.Abs(ys[i]) / float64(len(xs))
		if math.Abs(x) <= NearBound {
			nx, ny = append(nx, x), append(ny, ys[i])
		}
	}
	f.NearN = len(nx)
	f.NearSlope, _, f.NearCorr = line(nx, ny)
	for i := range nx {
		f.NearMeanAbsX += math.Abs(nx[i]) / float64(len(nx))
		f.NearMeanY += ny[i] / float64(len(nx))
	}
	return f
}

// line is the least-squares slope, intercept and Pearson correlation;
// NaN where x (or y, for the correlation) does not vary.
func line(xs, ys []float64) (slope, intercept, corr float64) {
	n := float64(len(xs))
	var mx, my float64
	for i := range xs {
		mx += xs[i] / n
		my += ys[i] / n
	}
	var sxx, syy, sxy float64
	for i := range xs {
		dx, dy := xs[i]-mx, ys[i]-my
		sxx += dx * dx
		syy += dy * dy
		sxy += dx * dy
	}
	if sxx == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	slope = sxy / sxx
	return slope, my - slope*mx, sxy / math.Sqrt(sxx*syy)
}

func (f Fit) String() string {
	return fmt.Sprintf("%d positions: slope %.3f (intercept %.1f), correlation %.3f, mean |x| %.0f |y| %.0f; within ±%d of x: %d positions, slope %.3f, correlation %.3f",
		f.N, f.Slope, f.Intercept, f.Corr, f.MeanAbsX, f.MeanAbsY, NearBound, f.NearN, f.NearSlope, f.NearCorr)
}

// RandomPositions plays random games from the start, seeded, and keeps
// n positions from them: every fifth ply from ply 10 to 60 where the side
// to move is not in check and the game is not over. Random games lose
// material fast, so these cover lopsided positions as well as level ones.
func RandomPositions(n int, seed uint64) []*chess.Position {
	r := rand.New(rand.NewPCG(seed, 32))
	var out []*chess.Position
	var l chess.MoveList
	for len(out) < n {
		p := chess.NewPosition()
		for ply := 1; ply <= 60 && len(out) < n; ply++ {
			p.GenerateLegal(&l)
			if l.N == 0 {
				break
			}
			p.Make(l.Moves[r.IntN(l.N)])
			if ply >= 10 && ply%5 == 0 && !p.InCheck() && p.Status(false) == chess.Ongoing {
				q, err := chess.ParseFEN(p.FEN())
				if err == nil {
					out = append(out, q)
				}
			}
		}
	}
	return out
}
