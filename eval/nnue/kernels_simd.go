//go:build goexperiment.simd && amd64

package nnue

import "simd/archsimd"

// The AVX2 kernels, built with GOEXPERIMENT=simd (Go 1.26's experimental
// simd/archsimd) and used when Network.vector allows: 16 int16 lanes, the
// same wrapping arithmetic as the portable loops, hence the same results
// (kernels_simd_test.go checks it).

func vectorKernels() bool { return archsimd.X86.AVX2() }

// screluDotVector is screluDot for len(x) a multiple of 16 and |w| ≤ 127:
// clamp(x)·w fits an int16 lane, and (clamp·w)·clamp summed in pairs into
// int32 lanes stays below 2³¹ for up to 64 iterations (N ≤ 1024).
func screluDotVector(x, w []int16) int64 {
	zero := archsimd.BroadcastInt16x16(0)
	qa := archsimd.BroadcastInt16x16(QA)
	acc := archsimd.BroadcastInt32x8(0)
	w = w[:len(x)]
	for i := 0; i+16 <= len(x); i += 16 {
		v := archsimd.LoadInt16x16Slice(x[i:]).Max(zero).Min(qa)
		acc = acc.Add(v.Mul(archsimd.LoadInt16x16Slice(w[i:])).DotProductPairs(v))
	}
	var lanes [8]int32
	acc.StoreSlice(lanes[:])
	var sum int64
	for _, l := range lanes {
		sum += int64(l)
	}
	return sum
}

func addSubVector(out, in, a, s []int16) {
	in, a, s = in[:len(out)], a[:len(out)], s[:len(out)]
	for i := 0; i+16 <= len(out); i += 16 {
		v := archsimd.LoadInt16x16Slice(in[i:]).Add(archsimd.LoadInt16x16Slice(a[i:])).Sub(archsimd.LoadInt16x16Slice(s[i:]))
		v.StoreSlice(out[i:])
	}
}

func addSubSubVector(out, in, a, s1, s2 []int16) {
	in, a, s1, s2 = in[:len(out)], a[:len(out)], s1[:len(out)], s2[:len(out)]
	for i := 0; i+16 <= len(out); i += 16 {
		v := archsimd.LoadInt16x16Slice(in[i:]).Add(archsimd.LoadInt16x16Slice(a[i:])).
			Sub(archsimd.LoadInt16x16Slice(s1[i:])).Sub(archsimd.LoadInt16x16Slice(s2[i:]))
		v.StoreSlice(out[i:])
	}
}
