package hands

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"azar/eval"
	"azar/variants/chess"
	"azar/variants/magic"
)

// TestMagicHandValueIsCardSum: over 10,000 states of 100 seeded random
// games (referee's states and both seats' views), eval.MagicHandValue is
// the sum of eval.MagicCardValue over a known hand, and over an unknown
// one the hand's size times the unaccounted cards' sum over their count:
// the by-byte sum of eval/magic.go gives the card-by-card figure.
func TestMagicHandValueIsCardSum(t *testing.T) {
	sum := func(st *magic.State, x magic.CardSet, c chess.Color) int {
		v := 0
		for y := uint64(x); y != 0; y &= y - 1 {
			v += eval.MagicCardValue(st, magic.CardID(bits.TrailingZeros64(y)), c)
		}
		return v
	}
	n, cond := 0, 0
	for seed := uint64(1); seed <= 100; seed++ {
		ref := magic.New(magic.Options{Mode: magic.Mode(seed & 1)}, seed)
		rng := rand.New(rand.NewPCG(seed, 13))
		for k := 0; k < 100 && ref.ToAct() >= 0; k++ {
			for _, st := range []*magic.State{ref, ref.View(0), ref.View(1)} {
				for c := chess.White; c <= chess.Black; c++ {
					hand, known := st.Hand(c)
					want := sum(st, hand, c)
					if !known {
						want = 0
						if u := st.Unaccounted(); st.HandSize(c) > 0 && u != 0 {
							want = st.HandSize(c) * sum(st, u, c) / u.Count()
						}
					}
					if got := eval.MagicHandValue(st, c); got != want {
						t.Fatalf("seed %d action %d, %v (known %v): MagicHandValue %d, the cards' sum %d: %s", seed, k, c, known, got, want, st.EncodeHands())
					}
					n++
					if hand&(1<<24|1<<25|1<<26) != 0 {
						cond++
					}
				}
			}
			acts := ref.Legal(nil)
			ref.ApplyTrusted(acts[rng.IntN(len(acts))])
		}
	}
	t.Logf("%d hands valued, %d holding AM25-AM27", n, cond)
	if n < 50000 || cond < 15000 {
		t.Fatalf("too small a sample: %d hands, %d with AM25-AM27", n, cond)
	}
}
