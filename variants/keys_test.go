package variants

import "testing"

// TestKeyStream pins the sequence: the variants' hash keys (and so their
// transposition tables and repetition checks) must not change by accident.
func TestKeyStream(t *testing.T) {
	// splitmix64 from seed 0: the reference outputs of the published
	// algorithm (Steele, Lea & Flood; also Java's SplittableRandom).
	s := NewKeyStream(0)
	want := []uint64{0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F}
	for i, w := range want {
		if got := s.Next(); got != w {
			t.Fatalf("key %d: %#x, want %#x", i, got, w)
		}
	}
}
