// Package nnue owns Azar's efficiently updatable neural-network evaluation
// of standard chess positions: the network's layout and quantisation, its
// file format, the accumulators the search updates on make/unmake, and the
// integer forward pass. It knows the board (variants/chess) and nothing
// about searching or training (eval/nnue/train trains networks; the
// record format of the training data is eval/nnue/record).
//
// The architecture is (768 → N)×2 → 1 with SCReLU (docs/nnue.md): each
// side's perspective has its own accumulator of N int16 values, the sum of
// the feature-weight rows of the pieces on the board seen from that side
// plus a bias; the output layer reads both accumulators, the side to move's
// first.
package nnue

import "azar/variants/chess"

// Inputs is the number of input features: colour (own, opponent) × six
// piece types × 64 squares, from one side's perspective.
const Inputs = 768

// MaxHidden bounds the accumulator width N; accumulators are fixed arrays
// of this size so that they never allocate.
const MaxHidden = 1024

// The quantisation every Azar network uses, bullet's convention for SCReLU
// networks: feature weights and biases are scaled by QA, output weights by
// QB, and the output in centipawns is (Σ screlu·w / QA + b) · Scale / (QA·QB).
const (
	QA    = 255
	QB    = 64
	Scale = 400
)

// MaxEval bounds the network's output in centipawns, keeping it well clear
// of the search's mate scores whatever weights a file holds.
const MaxEval = 29000

// Network is a loaded, quantised network. It is read-only once built and
// may be shared by every search thread.
type Network struct {
	hidden int
	// featureWeights holds one row of hidden weights per feature
	// (feature-major), so that adding a piece adds one contiguous row.
	featureWeights []int16
	featureBias    []int16
	// outputWeights: the first hidden weights read the side to move's
	// accumulator, the next hidden the opponent's.
	outputWeights []int16
	outputBias    int32
	// vector: the SIMD kernels may be used (kernels_simd.go): built with
	// them, the CPU has them, N is a multiple of 16 and every output
	// weight is within ±127, so that their int16 and int32 lanes cannot
	// overflow and they give exactly the portable result.
	vector bool
}

// NewNetwork builds a network from quantised weights. featureWeights has
// Inputs·hidden entries (row f is feature f), featureBias hidden,
// outputWeights 2·hidden. The slices are copied.
func NewNetwork(hidden int, featureWeights, featureBias, outputWeights []int16, outputBias int32) (*Network, error) {
	if hidden < 1 || hidden > MaxHidden {
		return nil, errHidden(hidden)
	}
	if len(featureWeights) != Inputs*hidden || len(featureBias) != hidden || len(outputWeights) != 2*hidden {
		return nil, errSizes
	}
	n := &Network{
		hidden:         hidden,
		featureWeights: append([]int16(nil), featureWeights...),
		featureBias:    append([]int16(nil), featureBias...),
		outputWeights:  append([]int16(nil), outputWeights...),
		outputBias:     outputBias,
	}
	n.setVector()
	return n, nil
}

func (n *Network) setVector() {
	small := true
	for _, w := range n.outputWeights {
		small = small && w >= -127 && w <= 127
	}
	n.vector = small && n.hidden%16 == 0 && vectorKernels()
}

// Hidden is the accumulator width N.
func (n *Network) Hidden() int { return n.hidden }

// Feature is the input index of piece pc on square sq seen from
// perspective's side: the board is mirrored vertically for Black, so
// that "own pawn on the second rank" is one feature for both sides.
func Feature(perspective chess.Color, pc chess.Piece, sq chess.Square) int {
	f := int(pc.Type()-chess.Pawn)*64 + int(sq^chess.Square(56*int(perspective)))
	if pc.Color() != perspective {
		f += 384
	}
	return f
}

// Evaluate is the network's score of p in centipawns for the side to
// move, from a fresh accumulator. The search uses a Stack instead; this is
// for tools and tests.
func (n *Network) Evaluate(p *chess.Position) int {
	var a Accumulator
	a.Refresh(n, p)
	return n.Output(&a, p.Side())
}

// Output is the forward pass from an accumulator: SCReLU on both
// perspectives, the side to move's first, then the output layer, in
// integers (int64 sums, so no weight a file can hold overflows).
func (n *Network) Output(a *Accumulator, stm chess.Color) int {
	h := n.hidden
	var sum int64
	if n.vector {
		sum = screluDotVector(a.v[stm][:h], n.outputWeights[:h]) + screluDotVector(a.v[stm^1][:h], n.outputWeights[h:2*h])
	} else {
		sum = screluDot(a.v[stm][:h], n.outputWeights[:h]) + screluDot(a.v[stm^1][:h], n.outputWeights[h:2*h])
	}
	out := (sum/QA + int64(n.outputBias)) * Scale / (QA * QB)
	return int(max(-MaxEval, min(MaxEval, out)))
}

// screluDot is Σ clamp(x, 0, QA)² · w.
func screluDot(x, w []int16) int64 {
	w = w[:len(x)]
	var sum int64
	for i, v := range x {
		c := int32(max(0, min(QA, v)))
		sum += int64(c*c) * int64(w[i])
	}
	return sum
}
