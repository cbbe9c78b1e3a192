package hands

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"azar/eval"
	"azar/variants"
	"azar/variants/chess"
	"azar/variants/magic"
)

// quiescenceShare is what the core's quiescence keeps of a generated list:
// FilterActions, then the actions Order calls tactical, in order.
func quiescenceShare(g *game, acts []variants.Action) []variants.Action {
	var out []variants.Action
	for _, a := range g.FilterActions(acts) {
		if _, tactical := g.Order(a); tactical {
			out = append(out, a)
		}
	}
	return out
}

// TestTacticalIsLegalsShare: over the states of 300 seeded random games
// of both modes (every phase, cards preferred now and then), at the root
// and inside the tree, with cards at the root only and everywhere, and
// under the `never` policy, Tactical gives quiescence exactly the actions
// Legal gives it, in the same order: the search is the same, only
// cheaper.
func TestTacticalIsLegalsShare(t *testing.T) {
	ev := eval.NewEvaluator()
	checked, nonEmpty := 0, 0
	for seed := uint64(1); seed <= 300; seed++ {
		st := magic.New(magic.Options{Mode: magic.Mode(seed & 1)}, seed)
		rng := rand.New(rand.NewPCG(seed, 5))
		for k := 0; k < 300 && st.ToAct() >= 0; k++ {
			for _, v := range []struct {
				plies, cardDepth int
				never            bool
			}{{0, 0, false}, {2, 0, false}, {2, MaxCardDepth, false}, {1, 0, true}} {
				g := newGame(st, ev, chess.Color(st.ToAct()), v.never)
				g.plies, g.cardDepth = v.plies, v.cardDepth
				want := quiescenceShare(g, g.Legal(nil))
				got := quiescenceShare(g, g.Tactical(nil))
				if !slices.Equal(got, want) {
					t.Fatalf("seed %d action %d %+v: Tactical gives %v, Legal %v in %s", seed, k, v, names(got), names(want), st.Encode())
				}
				checked++
				if len(want) > 0 {
					nonEmpty++
				}
			}
			acts := st.Legal(nil)
			a := acts[rng.IntN(len(acts))]
			if rng.IntN(3) == 0 {
				for _, x := range acts {
					if magic.TypeOf(x) == magic.ActCard {
						a = x
						break
					}
				}
			}
			st.ApplyTrusted(a)
		}
	}
	// The stalemate window (decision 9), which random games seldom reach:
	// no standard move, cards in hand; quiescence gets its `pass`.
	for _, hand := range []string{"AM13,AM19,AM34", "AM13,AM19"} {
		st, err := magic.ParseState("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1 hands=0,"+fmt.Sprint(len(strings.Split(hand, ",")))+" white=- black="+hand, magic.Options{})
		if err != nil {
			t.Fatal(err)
		}
		g := newGame(st, ev, chess.Black, false)
		g.plies = 1
		got, want := quiescenceShare(g, g.Tactical(nil)), quiescenceShare(g, g.Legal(nil))
		if !slices.Equal(got, want) || len(want) != 1 || want[0] != magic.PassAction {
			t.Fatalf("stalemate window, black %s: Tactical gives %v, Legal %v, want pass", hand, names(got), names(want))
		}
	}
	t.Logf("%d lists compared, %d not empty", checked, nonEmpty)
	if nonEmpty < checked/2 {
		t.Fatalf("too easy a sample: %d of %d lists empty", checked-nonEmpty, checked)
	}
}

func names(acts []variants.Action) []string {
	out := make([]string, len(acts))
	for i, a := range acts {
		out[i] = magic.FormatAction(a)
	}
	return out
}
