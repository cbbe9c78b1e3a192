package tune

import (
	"math"
	"sync"

	"azar/eval"
)

// The model is the evaluation written over the flat weight vector
// w[2i] (middlegame) and w[2i+1] (endgame) of weight i, from White's view:
//
//	mg = Σ w[2i]·c_i + danger_mg(White) - danger_mg(Black)
//	eg = Σ w[2i+1]·c_i + danger_eg(White) - danger_eg(Black)
//	E  = mg·phase/24 + eg·scale·(24-phase)/24
//
// with c_i White's minus Black's count of feature i, danger_mg(side) =
// clamp(Σ w[2k]·d_k)²/720 and danger_eg(side) = clamp(Σ w[2k+1]·d_k)/20
// over that side's king-attack features d_k (clamp to [0, 1500]), and scale the endgame factor
// of the side the endgame half favours. It matches eval.Evaluate up to
// integer rounding (TestModelMatchesEvaluate).

// evalRecord returns E and the pieces the gradient needs.
func evalRecord(w []float64, feats []feat, r *record) (e, mg, eg float64, x, y [2]float64) {
	for _, f := range feats[r.lin[0]:r.lin[1]] {
		i, c := int(f.idx)*2, float64(f.coef)
		mg += w[i] * c
		eg += w[i+1] * c
	}
	for side := 0; side < 2; side++ {
		for _, f := range feats[r.ks[side]:r.ks[side+1]] {
			i, c := int(f.idx)*2, float64(f.coef)
			x[side] += w[i] * c
			y[side] += w[i+1] * c
		}
		sgn := 1.0 - 2*float64(side)
		xc, yc := clampDanger(x[side]), clampDanger(y[side])
		mg += sgn * xc * xc / eval.DangerMGDiv
		eg += sgn * yc / eval.DangerEGDiv
	}
	return mg*r.phase + eg*egFactor(r, eg), mg, eg, x, y
}

// clampDanger clamps a king-danger sum as the evaluation does.
func clampDanger(x float64) float64 { return min(max(x, 0), eval.DangerCap) }

// inDangerRange reports whether the clamp is not active at x (where the
// derivative of the clamp is 1, else 0).
func inDangerRange(x float64) bool { return x > 0 && x < eval.DangerCap }

// egFactor is what the endgame half is multiplied by.
func egFactor(r *record, eg float64) float64 {
	s := r.scale[1]
	if eg > 0 {
		s = r.scale[0]
	}
	return s * (1 - r.phase)
}

// sigmoid maps an evaluation to an expected score with scaling constant k
// (in the usual Texel form 1/(1+10^(-k·E/400))).
func sigmoid(k, e float64) float64 { return 1 / (1 + math.Pow(10, -k*e/400)) }

// parallel runs f on every shard concurrently.
func (ds *dataset) parallel(f func(i int, s *shard)) {
	var wg sync.WaitGroup
	for i, s := range ds.shards {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(i, s)
		}()
	}
	wg.Wait()
}

// loss is the mean squared error of sigmoid(k·E) against the results.
func (ds *dataset) loss(w []float64, k float64) float64 {
	sums := make([]float64, len(ds.shards))
	ds.parallel(func(i int, s *shard) {
		sum := 0.0
		for j := range s.recs {
			r := &s.recs[j]
			e, _, _, _, _ := evalRecord(w, s.feats, r)
			d := r.result - sigmoid(k, e)
			sum += d * d
		}
		sums[i] = sum
	})
	total := 0.0
	for _, v := range sums {
		total += v
	}
	return total / float64(max(ds.n, 1))
}

// gradient adds the gradient of the loss with respect to w to grad (same
// length as w) and returns the loss.
func (ds *dataset) gradient(w []float64, k float64, grad []float64) float64 {
	grads := make([][]float64, len(ds.shards))
	sums := make([]float64, len(ds.shards))
	ds.parallel(func(i int, s *shard) {
		g := make([]float64, len(w))
		sum := 0.0
		for j := range s.recs {
			r := &s.recs[j]
			e, _, eg, x, y := evalRecord(w, s.feats, r)
			p := sigmoid(k, e)
			d := r.result - p
			sum += d * d
			// dLoss/dE for this position.
			de := -2 * d * p * (1 - p) * k * math.Ln10 / 400
			gm, ge := de*r.phase, de*egFactor(r, eg)
			for _, f := range s.feats[r.lin[0]:r.lin[1]] {
				i, c := int(f.idx)*2, float64(f.coef)
				g[i] += gm * c
				g[i+1] += ge * c
			}
			for side := 0; side < 2; side++ {
				sgn := 1.0 - 2*float64(side)
				dx, dy := 0.0, 0.0
				if inDangerRange(x[side]) {
					dx = gm * sgn * 2 * x[side] / eval.DangerMGDiv
				}
				if inDangerRange(y[side]) {
					dy = ge * sgn / eval.DangerEGDiv
				}
				if dx == 0 && dy == 0 {
					continue
				}
				for _, f := range s.feats[r.ks[side]:r.ks[side+1]] {
					i, c := int(f.idx)*2, float64(f.coef)
					g[i] += dx * c
					g[i+1] += dy * c
				}
			}
		}
		grads[i], sums[i] = g, sum
	})
	n := float64(max(ds.n, 1))
	total := 0.0
	for i, g := range grads {
		for j, v := range g {
			grad[j] += v / n
		}
		total += sums[i]
	}
	return total / n
}

// fitK finds the scaling constant minimising the loss for fixed weights
// (golden-section search on [0.05, 5]).
func (ds *dataset) fitK(w []float64) float64 {
	lo, hi := 0.05, 5.0
	phi := (math.Sqrt(5) - 1) / 2
	a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
	fa, fb := ds.loss(w, a), ds.loss(w, b)
	for hi-lo > 1e-4 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - phi*(hi-lo)
			fa = ds.loss(w, a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + phi*(hi-lo)
			fb = ds.loss(w, b)
		}
	}
	return (lo + hi) / 2
}

// toFloat and fromFloat convert between the weights and the flat vector.
func toFloat(w *eval.Weights) []float64 {
	flat := flatWeights(w)
	v := make([]float64, 2*len(flat))
	for i, s := range flat {
		v[2*i], v[2*i+1] = float64(s.MG()), float64(s.EG())
	}
	return v
}

func fromFloat(v []float64) eval.Weights {
	var w eval.Weights
	flat := flatWeights(&w)
	for i := range flat {
		flat[i] = eval.S(int(math.Round(v[2*i])), int(math.Round(v[2*i+1])))
	}
	return w
}

// adamConfig controls the optimiser.
type adamConfig struct {
	epochs int
	lr     float64 // step size in centipawns
	k      float64
	frozen []bool // per flat weight: do not change
	// l2 pulls every weight towards its starting value (a Gaussian prior):
	// the loss gains l2/2·Σ(w−w0)². Without it, Adam's per-weight step
	// normalisation lets rarely seen features run to extreme values.
	l2     float64
	report func(epoch int, loss float64)
}

// adam runs full-batch Adam on w in place and returns the final loss.
func (ds *dataset) adam(w []float64, cfg adamConfig) float64 {
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	m := make([]float64, len(w))
	v := make([]float64, len(w))
	grad := make([]float64, len(w))
	w0 := append([]float64(nil), w...)
	b1, b2 := 1.0, 1.0
	for epoch := 1; epoch <= cfg.epochs; epoch++ {
		clear(grad)
		loss := ds.gradient(w, cfg.k, grad)
		if cfg.report != nil {
			cfg.report(epoch, loss)
		}
		b1 *= beta1
		b2 *= beta2
		for i, g := range grad {
			if cfg.frozen != nil && cfg.frozen[i/2] {
				continue
			}
			g += cfg.l2 * (w[i] - w0[i])
			m[i] = beta1*m[i] + (1-beta1)*g
			v[i] = beta2*v[i] + (1-beta2)*g*g
			w[i] -= cfg.lr * (m[i] / (1 - b1)) / (math.Sqrt(v[i]/(1-b2)) + eps)
		}
	}
	return ds.loss(w, cfg.k)
}
