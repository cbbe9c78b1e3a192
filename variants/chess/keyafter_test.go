package chess

import "testing"

// TestKeyAfter checks the prefetch key against the real hash after Make:
// equal for every normal move and capture that changes neither castling
// rights nor leaves an en-passant square, over the whole perft suite.
func TestKeyAfter(t *testing.T) {
	checked := 0
	for _, p := range suitePositions(t) {
		var l MoveList
		p.GenerateLegal(&l)
		for _, m := range l.Moves[:l.N] {
			if m.Kind() != KindNormal {
				continue
			}
			want := p.KeyAfter(m)
			castle := p.CastleRights()
			p.Make(m)
			plain := p.CastleRights() == castle && p.EPSquare() == NoSquare
			got := p.Hash()
			p.Unmake()
			if plain {
				checked++
				if got != want {
					t.Fatalf("%s %s: KeyAfter %x, hash after Make %x", p.FEN(), m, want, got)
				}
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d moves checked", checked)
	}
}
