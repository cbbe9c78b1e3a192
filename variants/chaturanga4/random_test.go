package chaturanga4

import (
	"math/rand/v2"
	"testing"
)

// census is what a seat owns: pawns and rajas leave the game when taken,
// a promotion turns a pawn into a pool piece, and a pool piece taken goes to
// its owner's pool.
type census struct {
	pawns, poolPieces, kings int
}

func countSeat(p *Position, s Seat) census {
	c := census{pawns: p.Pieces(s, Pawn).Count(), kings: p.Pieces(s, King).Count()}
	for _, t := range poolTypes {
		c.poolPieces += p.Pieces(s, t).Count() + p.Pool(s, t)
	}
	return c
}

// Thousands of seeded random games: every move generated is legal by
// ParseMove of its own token, Make/Unmake restore the position and its key,
// the incremental key equals the key from scratch, C4N round-trips, no
// piece appears from nowhere, and every game ends.
func TestRandomGames(t *testing.T) {
	games := 3000
	if testing.Short() {
		games = 300
	}
	rng := rand.New(rand.NewPCG(2026, 4))
	ends := map[string]int{}
	var kinds [5]int // normal, promotion, conversion, pass, triumph
	for g := 0; g < games; g++ {
		p := NewPosition()
		p.SetOptions(Options{ExtendedInsufficient: g%2 == 0})
		var l MoveList
		for ply := 0; ; ply++ {
			st := p.Status()
			if st.Over {
				key := "win"
				if st.Draw {
					key = st.Reason
				}
				ends[key]++
				break
			}
			if ply > 5000 {
				t.Fatalf("game %d: no end after 5000 plies: %s", g, p.C4N())
			}
			p.Generate(&l)
			if l.Len() == 0 {
				t.Fatalf("game %d: no move and not over: %s", g, p.C4N())
			}
			before := p.C4N()
			if q, err := ParseC4N(before); err != nil || q.C4N() != before || q.Hash() != p.Hash() {
				t.Fatalf("game %d: C4N round trip of %s: %v", g, before, err)
			}
			var seats [Seats]census
			for s := Seat(0); s < Seats; s++ {
				seats[s] = countSeat(p, s)
			}
			// Every move's token reads back as the move.
			for _, m := range l.Slice() {
				if back, err := p.ParseMove(m.String()); err != nil || back != m {
					t.Fatalf("game %d: %s does not read back in %s: %v", g, m, before, err)
				}
			}
			m := l.At(rng.IntN(l.Len()))
			kinds[m.Kind()]++
			if p.At(m.From()).Type() == Boat && center.Has(m.To()) && (p.byType[Boat]&center).Count() == 3 {
				kinds[4]++ // a triumph
			}
			h := p.Hash()
			p.Make(m)
			if p.Hash() != p.computeHash() {
				t.Fatalf("game %d: key after %s in %s", g, m, before)
			}
			// A pool piece is on the board or in its owner's pool for good;
			// a move takes at most one pawn off (a capture, a promotion).
			for s := Seat(0); s < Seats; s++ {
				c := countSeat(p, s)
				if drop := seats[s].pawns - c.pawns; drop < 0 || drop > 1 || c.poolPieces != seats[s].poolPieces || c.kings > seats[s].kings {
					t.Fatalf("game %d: %s in %s: seat %s census %+v -> %+v", g, m, before, s, seats[s], c)
				}
			}
			p.Unmake()
			if p.C4N() != before || p.Hash() != h {
				t.Fatalf("game %d: unmake %s: %s, want %s", g, m, p.C4N(), before)
			}
			p.Make(m)
		}
	}
	t.Logf("endings over %d games: %v; moves by kind (normal, promotion, conversion, pass, triumph): %v", games, ends, kinds)
	if testing.Short() {
		return
	}
	for _, e := range []string{"win", "threefold repetition", "50-move rule", "insufficient material"} {
		if ends[e] == 0 {
			t.Errorf("no game ended by %s", e)
		}
	}
	// Passes and triumphs are too rare in random play; TestPerftRules and
	// TestBoatTriumph pin them.
	for k, n := range kinds[:3] {
		if n == 0 {
			t.Errorf("no move of kind %d was played", k)
		}
	}
}
