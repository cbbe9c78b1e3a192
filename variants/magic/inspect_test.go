package magic

import (
	"math/rand/v2"
	"slices"
	"testing"

	"azar/variants"
)

// TestLegalWithout: along seeded random games, LegalWithout is Legal less
// exactly the skipped cards' commitments; EffectAt's squares are the
// encoding's anchors; InCheck is the actor's king attacked.
func TestLegalWithout(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		s := New(Options{Mode: Mode(seed & 1)}, seed)
		rng := rand.New(rand.NewPCG(seed, 3))
		for n := 0; n < 200 && !s.m.over; n++ {
			skip := CardSet(rng.Uint64()) & allCards
			all := s.Legal(nil)
			var want []variants.Action
			for _, a := range all {
				if TypeOf(a) != ActCard || !skip.Has(cardOf(a)) {
					want = append(want, a)
				}
			}
			if got := s.LegalWithout(nil, skip); !slices.Equal(got, want) {
				t.Fatalf("seed %d action %d: %d actions without %s, want %d", seed, n, len(got), skip, len(want))
			}
			for i := range s.NumEffects() {
				x, sqs := s.EffectAt(i)
				if x.Pieces != 0 && sqs != s.squaresOf(x.Pieces) || x.Pieces == 0 && sqs != x.Zone {
					t.Fatalf("effect %s: squares %v", x.Card, sqs)
				}
			}
			if s.InCheck() != s.kingAttacked(s.actor(), s.env(), false) {
				t.Fatal("InCheck")
			}
			s.ApplyTrusted(all[rng.IntN(len(all))])
		}
	}
}
