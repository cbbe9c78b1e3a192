package eval

import (
	"fmt"
	"strings"
	"testing"

	"azar/variants/chess"
	"azar/variants/lucky"
)

// luckyState is board with pile as the draw pile, hold as the held cards
// ("white,black", - for none) and every other card of the deck in the
// discard pile.
func luckyState(t *testing.T, board string, pile []string, hold string) *lucky.State {
	t.Helper()
	d := lucky.Options{}.Composition()
	for _, id := range append(pile, strings.Split(hold, ",")...) {
		if id == "-" {
			continue
		}
		k, ok := lucky.KindByID(id)
		if !ok {
			t.Fatalf("no card %s", id)
		}
		d[k]--
	}
	var discard []string
	for k, n := range d {
		if n > 0 {
			discard = append(discard, fmt.Sprintf("%s*%d", lucky.Kind(k), n))
		}
	}
	fen := board + " pile=" + strings.Join(pile, ",") + " discard=" + strings.Join(discard, ",") +
		" hold=" + hold + " pool=-/- turn=start"
	st, err := lucky.ParseState(fen, lucky.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestLuckyTerms: the held card and the next card's expected value on
// hand-built piles (docs/lucky.md, "Evaluation").
func TestLuckyTerms(t *testing.T) {
	const board = "4k3/3n4/8/8/8/8/8/4K2R w K - 0 1"
	st := luckyState(t, board, []string{"move1:K", "remove:N"}, "super:Q,-")
	if got := LuckyHeld(st, chess.White); got != 50 {
		t.Errorf("super:Q held: %d, want 50", got)
	}
	if got := LuckyHeld(st, chess.Black); got != 0 {
		t.Errorf("nothing held: %d, want 0", got)
	}
	// White: move1:K -40 (it has a king), remove:N takes the d7 knight
	// (320 - 30): (-40 + 290) / 2.
	if got := LuckyDeck(st, chess.White); got != 125 {
		t.Errorf("White's next card: %d, want 125", got)
	}
	// Black: move1:K -40, remove:N without a white knight falls back to 0.
	if got := LuckyDeck(st, chess.Black); got != -20 {
		t.Errorf("Black's next card: %d, want -20", got)
	}
	// A temporal card replaces the one held: super:R (40) for super:Q (50).
	st = luckyState(t, board, []string{"super:R"}, "super:Q,-")
	if got := LuckyDeck(st, chess.White); got != -10 {
		t.Errorf("super:R over super:Q: %d, want -10", got)
	}
	if got := LuckyDeck(st, chess.Black); got != 40 {
		t.Errorf("super:R with nothing held: %d, want 40", got)
	}
	for _, m := range []map[string]int{LuckyHeldValue(), LuckyCardValue()} {
		for id := range m {
			if _, ok := lucky.KindByID(id); !ok {
				t.Errorf("value for %s, which is no card", id)
			}
		}
	}
}
