package chess

import (
	"math/rand/v2"
	"testing"
)

// TestIsLegal checks IsLegal against generation: over the perft suite and
// positions of seeded random games, every move generated in any position
// of the set (moves of other positions are the hash moves of collisions),
// their variants with the kind or promotion bits changed, and random
// words are asked in every position, and IsLegal must say true exactly
// for the position's generated moves.
func TestIsLegal(t *testing.T) {
	positions := suitePositions(t)
	rng := rand.New(rand.NewPCG(7, 11))
	for g := 0; g < 40; g++ {
		p := NewPosition()
		for ply := 0; ply < 120; ply++ {
			var l MoveList
			p.GenerateLegal(&l)
			if l.N == 0 {
				break
			}
			p.Make(l.Moves[rng.IntN(l.N)])
			if ply%10 == 9 {
				q, err := ParseFEN(p.FEN())
				if err != nil {
					t.Fatal(err)
				}
				positions = append(positions, q)
			}
		}
	}
	seen := map[Move]bool{}
	var candidates []Move
	add := func(m Move) {
		if !seen[m] {
			seen[m] = true
			candidates = append(candidates, m)
		}
	}
	for _, p := range positions {
		var l MoveList
		p.GenerateLegal(&l)
		for _, m := range l.Slice() {
			add(m)
			for k := MoveKind(0); k < 8; k++ {
				add(m&^(7<<14) | Move(k)<<14)
			}
			for pr := Move(0); pr < 4; pr++ {
				add(m&^(3<<12) | pr<<12)
			}
			add(m.WithKeepTurn())
		}
	}
	for i := 0; i < 2000; i++ {
		add(Move(rng.Uint32() & (1<<18 - 1)))
	}
	add(NoMove)
	add(NullMove)
	legal, checked := 0, 0
	for _, p := range positions {
		var l MoveList
		p.GenerateLegal(&l)
		for _, m := range candidates {
			want := l.Contains(m)
			if got := p.IsLegal(m); got != want {
				t.Fatalf("%s: IsLegal(%s = %#x) = %v, generation says %v", p.FEN(), m, uint32(m), got, want)
			}
			checked++
			if want {
				legal++
			}
		}
	}
	if legal < 5000 {
		t.Fatalf("only %d legal pairs among %d checked", legal, checked)
	}
	t.Logf("%d positions, %d candidate moves, %d pairs, %d legal", len(positions), len(candidates), checked, legal)
}
