//go:build goexperiment.simd && amd64

package nnue

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestVectorKernelsMatchPortable: the AVX2 kernels give the portable
// loops' results on random data within their preconditions, including
// accumulators far outside [0, QA] and wrapping sums.
func TestVectorKernelsMatchPortable(t *testing.T) {
	if !vectorKernels() {
		t.Skip("no AVX2")
	}
	r := rand.New(rand.NewPCG(1, 1))
	for _, h := range []int{16, 128, 256, 1024} {
		for trial := 0; trial < 50; trial++ {
			x, w := make([]int16, h), make([]int16, h)
			a, s1, s2 := make([]int16, h), make([]int16, h), make([]int16, h)
			for i := range x {
				x[i] = int16(r.IntN(65536) - 32768)
				if trial%2 == 0 {
					x[i] = int16(r.IntN(600) - 200)
				}
				w[i] = int16(r.IntN(255) - 127)
				a[i], s1[i], s2[i] = int16(r.Uint32()), int16(r.Uint32()), int16(r.Uint32())
			}
			if got, want := screluDotVector(x, w), screluDot(x, w); got != want {
				t.Fatalf("N=%d: screluDotVector %d, portable %d", h, got, want)
			}
			o1, o2 := make([]int16, h), make([]int16, h)
			addSubVector(o1, x, a, s1)
			addSub(o2, x, a, s1)
			if !slices.Equal(o1, o2) {
				t.Fatalf("N=%d: addSubVector differs", h)
			}
			addSubSubVector(o1, x, a, s1, s2)
			addSubSub(o2, x, a, s1, s2)
			if !slices.Equal(o1, o2) {
				t.Fatalf("N=%d: addSubSubVector differs", h)
			}
		}
	}
}
