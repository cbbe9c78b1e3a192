package nnue

import (
	"fmt"
	"math"
)

// Scaled returns a copy of the network whose output is f times n's: the
// output weights and bias are multiplied by f and rounded half to even
// (so that factors such as 0.5 do not push every odd weight the same
// way). An output weight step is 1/QB: a network whose output weights
// are small integers (the built-in one's are ±12…33) is scaled to
// within a few per cent, and the weights' rounding errors add up to an
// offset that depends on the position (about ±15 cp for the built-in
// network; correcting the bias in one position moved it elsewhere, so
// it is not done). The trainer scales before it quantises
// (train.Config.OutputScale), which rounds once and has no such cost. It is the correction
// for a network trained onto another scale than the evaluation the
// search was tuned with (docs/nnue.md §6d). A factor that would push a
// weight outside int16 is an error; one that pushes an output weight
// beyond ±127 only costs the SIMD kernels (setVector).
func (n *Network) Scaled(f float64) (*Network, error) {
	if !(f > 0) || math.IsInf(f, 0) {
		return nil, fmt.Errorf("nnue: scale factor %v, want a positive number", f)
	}
	ow := make([]int16, len(n.outputWeights))
	for i, w := range n.outputWeights {
		v := math.RoundToEven(float64(w) * f)
		if v < math.MinInt16 || v > math.MaxInt16 {
			return nil, fmt.Errorf("nnue: scale factor %v puts an output weight at %.0f, outside int16", f, v)
		}
		ow[i] = int16(v)
	}
	b := math.RoundToEven(float64(n.outputBias) * f)
	if b < math.MinInt32 || b > math.MaxInt32 {
		return nil, fmt.Errorf("nnue: scale factor %v puts the output bias outside int32", f)
	}
	return NewNetwork(n.hidden, n.featureWeights, n.featureBias, ow, int32(b))
}
