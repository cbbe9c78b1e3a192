package lessons

import "testing"

func TestMateDistance(t *testing.T) {
	for _, c := range []struct {
		fen   string
		limit int
		want  int
	}{
		{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 2, 1}, // Qxf7#
		{"4k3/8/3K4/8/8/8/8/7R w - - 0 1", 3, 2},                                      // 1.Rf1 Kd8 2.Rf8#
		{"4k3/8/3K4/8/8/8/8/7R w - - 0 1", 1, 0},                                      // not within one
		{"6k1/R7/8/4K3/8/8/8/8 w - - 0 1", 3, 3},
		{"3k4/7R/4K3/8/8/8/8/8 w - - 0 1", 5, 5},
		{"k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", 1, 1}, // Qc8#, while Qc7 stalemates
		{startFEN, 1, 0},
	} {
		if got := mateDistance(mustPos(t, c.fen), c.limit); got != c.want {
			t.Errorf("%s within %d: mate in %d, want %d", c.fen, c.limit, got, c.want)
		}
	}
}
