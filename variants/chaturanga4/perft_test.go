package chaturanga4

import (
	"testing"
)

// At the start each army has 9 moves (four pawn steps, two raja steps, two
// knight jumps, the boat's leap) and no army can touch another's in the
// first round, so perft multiplies by 9 per ply for four plies.
func TestPerftStart(t *testing.T) {
	p := NewPosition()
	want := []uint64{1, 9, 81, 729, 6561}
	for d, w := range want {
		if got := p.Perft(d); got != w {
			t.Errorf("perft %d = %d, want %d", d, got, w)
		}
	}
	if p.C4N() != StartC4N {
		t.Errorf("perft changed the position: %s", p.C4N())
	}
	moves, counts := p.Divide(1)
	var names []string
	for i, m := range moves {
		names = append(names, m.String())
		if counts[i] != 1 {
			t.Errorf("divide: %s counts %d", m, counts[i])
		}
	}
	wantMoves := map[string]bool{"g1f1": true, "g2f2": true, "g3f3": true, "g4f4": true, "h4g5": true, "h4h5": true, "h2f1": true, "h2f3": true, "h1f3": true}
	if len(names) != len(wantMoves) {
		t.Fatalf("moves %v", names)
	}
	for _, n := range names {
		if !wantMoves[n] {
			t.Errorf("unexpected move %s (all: %v)", n, names)
		}
	}
}

// Hand-counted positions, each pinning one rule in perft.
func TestPerftRules(t *testing.T) {
	for _, c := range []struct {
		name, c4n string
		depth     int
		want      uint64
	}{
		// Red: raja a1 boxed in by its own waiting pawn a2 and pawns b1,
		// b2 that cannot move: the only move is the pass. Then Green's raja
		// (e8, alone) has 5 steps.
		{"pass", "4gK3/8/8/8/8/8/rPrP6/rKrP6 r rg-- -/-/-/- 0 1", 1, 1},
		{"pass then reply", "4gK3/8/8/8/8/8/rPrP6/rKrP6 r rg-- -/-/-/- 0 1", 2, 5},
		// Green pawn b7 reaches b8 with E and N in its pool: two
		// promotions; its raja (h1) has 3 steps. With an empty pool, one
		// move (a waiting pawn).
		{"promotion per pool type", "8/1gP6/8/8/8/8/8/rK6gK g rg-- -/EN/-/- 0 1", 1, 2 + 3},
		{"waiting pawn", "8/1gP6/8/8/8/8/8/rK6gK g rg-- -/-/-/- 0 1", 1, 1 + 3},
		// A waiting pawn (b8) with B and N in the pool: two conversions,
		// plus the raja's 3 steps.
		{"conversion", "1gP6/8/8/8/8/8/8/rK6gK g rg-- -/BN/-/- 0 1", 1, 2 + 3},
		// Red's boat c3 may not take Green's boat on e5 (a1, a5, e1 are
		// free): 3 leaps + raja h8 3 steps.
		{"boats never take boats", "7rK/8/8/4gB3/8/2rB5/8/gK7 r rg-- -/-/-/- 0 1", 1, 3 + 3},
		// One seat left: no moves.
		{"game over", "7rK/8/8/8/8/8/8/8 r r--- -/-/-/- 0 1", 1, 0},
	} {
		p, err := ParseC4N(c.c4n)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := p.Perft(c.depth); got != c.want {
			moves, counts := p.Divide(c.depth)
			t.Errorf("%s: perft %d = %d, want %d (%v %v)", c.name, c.depth, got, c.want, moves, counts)
		}
	}
}
