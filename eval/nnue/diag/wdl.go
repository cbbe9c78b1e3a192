package diag

import "math"

// FitK is the sigmoid scale K (centipawns) that best predicts the game
// results from scores: the K minimising Σ (result − σ(score/K))², results
// 0, ½ or 1 from the scores' side. The trainer's target blends the
// result with σ(label/K) at one K (-k, 400 by default); when the results
// fit another K, the two halves of the target disagree on the scale and
// the network learns one in between (docs/nnue.md §6d). It searches K in
// [10, 10000] by golden-section search on log K.
func FitK(scores, results []float64) float64 {
	cost := func(logK float64) float64 {
		k := math.Exp(logK)
		var s float64
		for i, x := range scores {
			d := results[i] - 1/(1+math.Exp(-x/k))
			s += d * d
		}
		return s
	}
	lo, hi := math.Log(10), math.Log(10000)
	const phi = 0.6180339887498949
	a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
	fa, fb := cost(a), cost(b)
	for hi-lo > 1e-6 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - phi*(hi-lo)
			fa = cost(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + phi*(hi-lo)
			fb = cost(b)
		}
	}
	return math.Exp((lo + hi) / 2)
}
