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

// gameTally is what a batch of random games reached: endings by reason,
// and moves by kind (normal, promotion, conversion, pass, triumph).
type gameTally struct {
	ends  map[string]int
	kinds [5]int
}

// playRandomGame plays game g from p to its end with moves drawn by rng,
// checking every move: its token reads back as itself, C4N round-trips,
// Make/Unmake restore the position and its key, the incremental key
// equals the key from scratch, no piece appears from nowhere.
func playRandomGame(t *testing.T, g int, p *Position, rng *rand.Rand, tally *gameTally) {
	t.Helper()
	var l MoveList
	for ply := 0; ; ply++ {
		st := p.Status()
		if st.Over {
			key := "win"
			if st.Draw {
				key = st.Reason
			}
			tally.ends[key]++
			return
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
		tally.kinds[m.Kind()]++
		triumph := p.At(m.From()).Type() == Boat && center.Has(m.To()) && (p.byType[Boat]&center).Count() == 3
		if triumph {
			tally.kinds[4]++
		}
		h := p.Hash()
		p.Make(m)
		if p.Hash() != p.computeHash() {
			t.Fatalf("game %d: key after %s in %s", g, m, before)
		}
		// A pool piece is on the board or in its owner's pool for good;
		// a move takes at most one pawn off (a capture, a promotion) —
		// a triumph takes the three boats it meets, no pawn.
		for s := Seat(0); s < Seats; s++ {
			c := countSeat(p, s)
			if drop := seats[s].pawns - c.pawns; drop < 0 || drop > 1 || c.poolPieces != seats[s].poolPieces || c.kings > seats[s].kings {
				t.Fatalf("game %d: %s in %s: seat %s census %+v -> %+v", g, m, before, s, seats[s], c)
			}
		}
		if triumph && (p.byType[Boat]&center).Count() != 1 {
			t.Fatalf("game %d: triumph %s in %s leaves %s", g, m, before, p.C4N())
		}
		p.Unmake()
		if p.C4N() != before || p.Hash() != h {
			t.Fatalf("game %d: unmake %s: %s, want %s", g, m, p.C4N(), before)
		}
		p.Make(m)
	}
}

// Thousands of seeded random games from the start, and a few hundred from
// two set-ups where the rare moves come up (the boat triumph and the
// pass), with every move checked by playRandomGame and every game ending.
// The seeds are fixed, so the tallies are the same each run: each must
// reach its floor, about half of today's count.
func TestRandomGames(t *testing.T) {
	games := 3000
	if testing.Short() {
		games = 300
	}
	rng := rand.New(rand.NewPCG(2026, 4))
	tally := &gameTally{ends: map[string]int{}}
	for g := 0; g < games; g++ {
		p := NewPosition()
		p.SetOptions(Options{ExtendedInsufficient: g%2 == 0})
		playRandomGame(t, g, p, rng, tally)
	}
	t.Logf("endings over %d games: %v; moves by kind (normal, promotion, conversion, pass, triumph): %v", games, tally.ends, tally.kinds)
	// 3000 games: win 2775, insufficient material 201, 50-move rule 20,
	// threefold repetition 4; moves 411700 normal, 1548 promotions, 37
	// conversions, no pass, no triumph (300 games: see below).
	ends := map[string]int{"win": 1380, "insufficient material": 100, "50-move rule": 10, "threefold repetition": 2}
	kinds := [3]int{200000, 770, 18}
	if testing.Short() {
		// 300 games: win 280, insufficient material 18, 50-move rule 2;
		// 39829 normal moves, 120 promotions, 2 conversions.
		ends = map[string]int{"win": 140, "insufficient material": 9, "50-move rule": 1}
		kinds = [3]int{20000, 60, 1}
	}
	for e, n := range ends {
		if tally.ends[e] < n {
			t.Errorf("%d games ended by %s, want at least %d", tally.ends[e], e, n)
		}
	}
	for k, n := range kinds {
		if tally.kinds[k] < n {
			t.Errorf("%d moves of kind %d played, want at least %d", tally.kinds[k], k, n)
		}
	}
	// Passes and triumphs never come up from the start in random play;
	// set-ups one move from each do: Red's boat c3 may complete the
	// centre on e5 (TestBoatTriumph's position), and Red's boxed-in raja
	// can only pass (TestPerftRules's).
	setups := []string{
		"7rK/8/8/3rBbN3/3gByB3/2rB5/8/gK6bK r rg-b -/-/-/- 0 1",
		"4gK3/8/8/8/8/8/rPrP6/rKrP6 r rg-- -/-/-/- 0 1",
	}
	extra := 200
	if testing.Short() {
		extra = 40
	}
	rng = rand.New(rand.NewPCG(2026, 5))
	rare := &gameTally{ends: map[string]int{}}
	for g := 0; g < extra; g++ {
		p, err := ParseC4N(setups[g%len(setups)])
		if err != nil {
			t.Fatal(err)
		}
		playRandomGame(t, g, p, rng, rare)
	}
	t.Logf("endings over %d set-up games: %v; moves by kind: %v", extra, rare.ends, rare.kinds)
	// 200 set-up games: 1291 passes, 13 triumphs, 91 threefold
	// repetitions; 40 games: 227, 4 and 20.
	passes, triumphs, threefold := 640, 6, 45
	if testing.Short() {
		passes, triumphs, threefold = 110, 2, 10
	}
	if rare.kinds[3] < passes || rare.kinds[4] < triumphs || rare.ends["threefold repetition"] < threefold {
		t.Errorf("set-up games: %d passes, %d triumphs, %d threefold repetitions, want at least %d, %d and %d",
			rare.kinds[3], rare.kinds[4], rare.ends["threefold repetition"], passes, triumphs, threefold)
	}
}
