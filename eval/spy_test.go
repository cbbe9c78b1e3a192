package eval

import (
	"testing"

	"azar/variants/chess"
	"azar/variants/spy"
)

// TestSpyTerm: the original queen's components and the unrevealed spy at
// share per cent of its reveal's swing, nothing of the spy for a side that
// may not reveal. White's spy is Black's c7 pawn: revealed, it is a white
// pawn on White's seventh rank (2 x 100 + 150); White's original queen
// has every component (an amazon, +700).
func TestSpyTerm(t *testing.T) {
	st, err := spy.ParseState("8/1kp5/8/8/4P3/8/8/3QK3 w - - 0 1 RBN/- c-/-- - w=spy:Pc", spy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		share     int
		canReveal bool
		want      int
	}{
		{0, true, 700},
		{100, true, 1050},
		{90, true, 1015},
		{100, false, 700},
	} {
		if got := SpyTerm(st, chess.White, c.canReveal, c.share); got != c.want {
			t.Errorf("share %d, may reveal %v: %d, want %d", c.share, c.canReveal, got, c.want)
		}
	}
	if got := SpyTerm(st, chess.Black, true, 100); got != 0 {
		t.Errorf("Black without its original queen: %d, want 0", got)
	}
}
