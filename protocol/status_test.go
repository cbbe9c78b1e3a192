package protocol

import (
	"testing"

	"azar/variants/chaturanga4"
)

func TestOverStatus(t *testing.T) {
	c4 := func(i int) string { return chaturanga4.Seat(i).Name() }
	for _, c := range []struct {
		scores []float64
		seat   func(int) string
		want   string
	}{
		{[]float64{1, 0}, colorName, "Status: over, white wins: checkmate"},
		{[]float64{0, 1}, colorName, "Status: over, black wins: checkmate"},
		{[]float64{0.5, 0.5}, colorName, "Status: over, draw: checkmate"},
		{[]float64{0, 0, 1, 0}, c4, "Status: over, Yellow wins: checkmate"},
		{[]float64{0.5, 0, 0, 0.5}, c4, "Status: over, draw between Red, Black: checkmate"},
		{[]float64{0.25, 0.25, 0.25, 0.25}, c4, "Status: over, draw: checkmate"},
	} {
		if got := overStatus(c.scores, c.seat, "checkmate"); got != c.want {
			t.Errorf("%v: got %q, want %q", c.scores, got, c.want)
		}
	}
}
