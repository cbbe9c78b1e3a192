package chess

import "testing"

// TestSEE: static exchanges with known outcomes.
func TestSEE(t *testing.T) {
	cases := []struct {
		fen, move string
		ge        int
		want      bool
	}{
		// Rook takes a pawn defended by a pawn: loses the exchange.
		{"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 0, true},
		{"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", 0, false},
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100, true},
		{"4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 1, false},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseUCIMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.SEEGE(m, c.ge); got != c.want {
			t.Errorf("%s %s >= %d: got %v", c.fen, c.move, c.ge, got)
		}
	}
}
