package magic

import (
	"math/rand/v2"
	"slices"
	"testing"

	"azar/variants"
	"azar/variants/chess"
)

// TestHistoryLenAndDeal: HistoryLen counts the actions Undo takes back;
// Deal gives the view's hidden hand the cards asked for, the rest of the
// unaccounted cards to the stock, the same public state and legal
// actions as the referee's state with that hand, and refuses a hand that
// does not fit the view.
func TestHistoryLenAndDeal(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for seed := uint64(1); seed <= 4; seed++ {
		ref := New(Options{Mode: Mode(seed % 2)}, seed)
		for ply := 0; ply < 80 && ref.ToAct() >= 0; ply++ {
			if ref.HistoryLen() != ply {
				t.Fatalf("seed %d: HistoryLen %d after %d actions", seed, ref.HistoryLen(), ply)
			}
			me := chess.Color(ref.ToAct())
			view := ref.View(variants.Player(me))
			if view.HistoryLen() != ply {
				t.Fatalf("seed %d: the view's HistoryLen %d after %d actions", seed, view.HistoryLen(), ply)
			}
			opp := me.Other()
			held, _ := ref.Hand(opp)
			d, ok := view.Deal(opp, held)
			if !ok {
				t.Fatalf("seed %d ply %d: the true hand %v refused", seed, ply, held)
			}
			checkCards(t, d, "Deal")
			if d.EncodeHands() != ref.EncodeHands() || d.Key() != ref.Key() || d.HistoryLen() != 0 {
				t.Fatalf("seed %d ply %d: Deal %s, want %s", seed, ply, d.EncodeHands(), ref.EncodeHands())
			}
			if !slices.Equal(d.Legal(nil), ref.Legal(nil)) {
				t.Fatalf("seed %d ply %d: Deal's legal actions differ", seed, ply)
			}
			if n := held.Count(); n > 0 {
				if _, ok := view.Deal(opp, held&(held-1)); ok {
					t.Fatalf("seed %d ply %d: a hand short of a card accepted", seed, ply)
				}
				own, _ := ref.Hand(me)
				if own != 0 {
					if _, ok := view.Deal(opp, held&(held-1)|own&-own); ok {
						t.Fatalf("seed %d ply %d: a hand with the viewer's card accepted", seed, ply)
					}
				}
			}
			if _, ok := view.Deal(me, held); ok {
				t.Fatalf("seed %d ply %d: the viewer's own hand dealt", seed, ply)
			}
			if _, ok := ref.Deal(opp, held); ok {
				t.Fatalf("seed %d ply %d: a referee's state dealt", seed, ply)
			}
			if _, ok := view.View(variants.Player(opp)).Deal(opp, held); ok {
				t.Fatalf("seed %d ply %d: a view with both hands unknown dealt", seed, ply)
			}
			legal := ref.Legal(nil)
			ref.ApplyTrusted(legal[rng.IntN(len(legal))])
		}
	}
}
