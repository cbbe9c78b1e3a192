package core

import "testing"

// TestSoftLimit: within ±2000 an evaluation is itself; beyond, compressed
// eight to one and still ordered (a queen more at +6000 reads above +5000);
// nothing leaves ±EvalLimit.
func TestSoftLimit(t *testing.T) {
	for _, c := range [][2]int{{0, 0}, {1999, 1999}, {-2000, -2000}, {2800, 2100}, {-6000, -2500}, {10000, 3000}, {50000, 3000}, {-50000, -3000}} {
		if got := SoftLimit(c[0]); got != c[1] {
			t.Errorf("SoftLimit(%d) = %d, want %d", c[0], got, c[1])
		}
	}
	prev := SoftLimit(-10000)
	for v := -10000 + 8; v <= 10000; v += 8 {
		if got := SoftLimit(v); got <= prev {
			t.Fatalf("SoftLimit(%d) = %d, not above SoftLimit(%d) = %d", v, got, v-8, prev)
		}
		prev = SoftLimit(v)
	}
}
