package lucky

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestPile(t *testing.T) {
	st := New(Options{})
	deck := st.Pile()
	a := NewPile(deck, rand.New(rand.NewPCG(1, 2)))
	b := NewPile(deck, rand.New(rand.NewPCG(1, 2)))
	c := NewPile(deck, rand.New(rand.NewPCG(3, 4)))
	if !slices.Equal(a.Cards(), b.Cards()) || slices.Equal(a.Cards(), c.Cards()) {
		t.Fatal("the order is not a function of the seed")
	}
	if sorted := slices.Sorted(slices.Values(a.Cards())); !slices.Equal(sorted, deck.List()) {
		t.Fatal("the pile is not a permutation of the deck")
	}
	if slices.Equal(a.Cards(), deck.List()) {
		t.Fatal("the pile was not shuffled")
	}
	// Drawing takes the top; an empty pile is refilled from the discard.
	top := a.Cards()[0]
	if k := a.Draw(Deck{}); k != top || len(a.Cards()) != len(deck.List())-1 {
		t.Fatalf("drew %v, want the top %v", k, top)
	}
	var discard Deck
	discard[top] = 1
	discard[a.Cards()[0]]++
	empty := &Pile{rng: rand.New(rand.NewPCG(5, 6))}
	if k := empty.Draw(discard); discard[k] == 0 || len(empty.Cards()) != 1 {
		t.Fatalf("refill drew %v, left %v", k, empty.Cards())
	}
	// Sync puts a returned card back somewhere and keeps the rest in order.
	want := deck
	before := slices.Clone(a.Cards())
	a.Sync(want)
	var have Deck
	for _, k := range a.Cards() {
		have[k]++
	}
	if have != want || len(a.Cards()) != len(before)+1 {
		t.Fatalf("after Sync the pile holds %v, want %v", have, want)
	}
	kept := false
	for j, k := range a.Cards() {
		if k == top && slices.Equal(slices.Delete(slices.Clone(a.Cards()), j, j+1), before) {
			kept = true
		}
	}
	if !kept {
		t.Fatalf("Sync moved other cards: %v then %v", before, a.Cards())
	}
}
