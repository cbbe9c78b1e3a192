package chance

import (
	"testing"

	"azar/eval"
	"azar/search/core"
	"azar/variants"
	"azar/variants/chess"
	"azar/variants/lucky"
)

// TestMergeOutcomes: White has only its king and pawns, Black its king
// and pawns, all on their second ranks, so every card that needs a
// knight, a bishop, a rook or a queen (its own, or the rival's for
// remove:N and remove:B), a captured piece, a piece in a bomb's zone or
// a pawn that can step back falls back to a normal move: those cards are
// one outcome carrying all their weights; the others stay apart (the
// cards that move the pawns or the king, relocate, enemy2, the temporal
// cards), and the weights still sum to the pile.
func TestMergeOutcomes(t *testing.T) {
	st, err := lucky.ParseState("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 10", lucky.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st.ApplyTrusted(lucky.DrawAction)
	g := newLuckyGame(st, eval.NewEvaluator(), PolicySearch, chess.White)
	plain := g.Chances(nil)
	g.merge = true
	merged := g.Chances(nil)
	sum := func(ws []core.Weighted) (n int) {
		for _, w := range ws {
			n += w.Weight
		}
		return n
	}
	if sum(plain) != st.PileSize() || sum(merged) != sum(plain) {
		t.Fatalf("weights: plain %d, merged %d, pile %d", sum(plain), sum(merged), st.PileSize())
	}
	group := map[string]int{} // card id -> index of its merged outcome
	for _, o := range plain {
		st.ApplyTrusted(o.Action)
		k := st.EffectKey()
		st.Undo()
		for j, m := range merged {
			st.ApplyTrusted(m.Action)
			if st.EffectKey() == k {
				group[lucky.FormatAction(o.Action)] = j
			}
			st.Undo()
		}
	}
	fallback := []string{"move1:N", "move1:B", "move1:R", "move1:Q", "move2:N+B", "move2:N+R", "move2:B+R",
		"move2:R+Q", "choose1:N/B", "choose1:B/R", "choose1:R/Q", "choose2:N/B/R", "choose2:B/R/Q", "remove:N", "remove:B",
		"recover",           // the pools are empty
		"pawns-back",        // every pawn stands on its 2nd rank
		"bomb-cruel:center", // nothing in the bombs' zones
		"bomb-fierce:core", "bomb-crazy:belt"}
	j := group[fallback[0]]
	want := 0
	for _, id := range fallback {
		if group[id] != j {
			t.Errorf("%s is not merged with %s", id, fallback[0])
		}
		want += int(st.Pile()[lucky.CardOf(mustParse(t, st, id))])
	}
	if merged[j].Weight != want {
		t.Errorf("the fallback outcome weighs %d, want %d", merged[j].Weight, want)
	}
	for _, id := range []string{"move1:P", "move1:K", "move2:P+P", "relocate", "enemy2", "super:Q"} {
		if group[id] == j {
			t.Errorf("%s is merged with the fallbacks", id)
		}
	}
	if n := len(plain) - len(fallback) + 1; len(merged) != n {
		t.Errorf("%d outcomes merged into %d, want %d", len(plain), len(merged), n)
	}
}

func mustParse(t *testing.T, st *lucky.State, tok string) variants.Action {
	t.Helper()
	a, err := st.ParseAction(tok)
	if err != nil {
		t.Fatalf("%s: %v", tok, err)
	}
	return a
}
