//go:build !(goexperiment.simd && amd64)

package nnue

// Without GOEXPERIMENT=simd on amd64 there are no vector kernels; these
// are never called (Network.vector stays false).

func vectorKernels() bool { return false }

func screluDotVector(x, w []int16) int64         { return screluDot(x, w) }
func addSubVector(out, in, a, s []int16)         { addSub(out, in, a, s) }
func addSubSubVector(out, in, a, s1, s2 []int16) { addSubSub(out, in, a, s1, s2) }
