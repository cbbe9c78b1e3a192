package chess

import (
	"math/rand"
	"testing"
)

// GivesCheck must agree with playing the move and asking InCheck, for every
// legal move of every perft-suite position.
func TestGivesCheckAgreesWithMake(t *testing.T) {
	checks := 0
	for _, p := range suitePositions(t) {
		var l MoveList
		p.GenerateLegal(&l)
		for _, m := range l.Slice() {
			p.Make(m)
			want := p.InCheck()
			p.Unmake()
			if got := p.GivesCheck(m); got != want {
				t.Errorf("%s %s: GivesCheck %v, want %v", p.FEN(), m, got, want)
			}
			if want {
				checks++
			}
		}
	}
	if checks < 50 {
		t.Errorf("only %d checking moves in the suite; the test proves little", checks)
	}
}

// CheckInfo.GivesCheck must agree with GivesCheck for every legal move of
// every perft-suite position and of the positions of seeded random games
// played from them (which reach discovered checks, pins and promotions
// more often than the suite alone).
func TestCheckInfoAgreesWithGivesCheck(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	moves, checks, discovered := 0, 0, 0
	for _, c := range loadPerftSuite(t) {
		for game := 0; game < 20; game++ {
			p, err := ParseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 80; ply++ {
				var l MoveList
				p.GenerateLegal(&l)
				if l.N == 0 {
					break
				}
				ci := p.CheckInfo()
				for _, m := range l.Slice() {
					want := p.GivesCheck(m)
					if got := ci.GivesCheck(p, m); got != want {
						t.Fatalf("%s %s: CheckInfo.GivesCheck %v, want %v", p.FEN(), m, got, want)
					}
					moves++
					if want {
						checks++
						if ci.discoverers.Has(m.From()) {
							discovered++
						}
					}
				}
				p.Make(l.Moves[rng.Intn(l.N)])
			}
		}
	}
	if checks < 1000 || discovered < 50 {
		t.Errorf("%d moves, %d checks, %d by a discoverer: the test proves little", moves, checks, discovered)
	}
	t.Logf("%d moves, %d checks, %d by a discoverer", moves, checks, discovered)
}
