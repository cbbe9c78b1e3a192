package games

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestStoreFailureChangesNothing: with the store gone (closed under the
// manager), a move, an undo, a resignation, an agreed draw and the card
// games' actions each fail with an error that says the game was not
// stored, and the game's view is exactly what it was: nothing counts
// before it is stored.
func TestStoreFailureChangesNothing(t *testing.T) {
	seed, _, _ := spySeed(t, true) // the player (White) holds the wildcard
	f := newSeeded(t, "", seed)
	chess, err := f.m.Create(Options{Mode: ModeEngine, Color: "white"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.m.Move(chess.ID, "e2e4"); err != nil {
		t.Fatal(err)
	}
	waitView(t, f.m, chess.ID, ready)
	local, err := f.m.Create(Options{Mode: ModeLocal})
	if err != nil {
		t.Fatal(err)
	}
	lucky, err := f.m.Create(Options{Variant: VariantLucky, Mode: ModeLocal})
	if err != nil {
		t.Fatal(err)
	}
	sp, err := f.m.Create(Options{Variant: VariantSpy, Mode: ModeEngine, Color: "white"})
	if err != nil || !sp.Spy.Choosing {
		t.Fatalf("spy %+v (%v)", sp.Spy, err)
	}
	mg, err := f.m.Create(Options{Variant: VariantMagic, Mode: ModeEngine, Color: "white"})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(mg.Legal, func(l string) bool { return strings.HasPrefix(l, "AM") })
	if i < 0 {
		t.Fatalf("no card to play in %v", mg.Legal)
	}
	magicCard := mg.Legal[i]
	snapshot := func(id string) string {
		t.Helper()
		v, err := f.m.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(v)
		return string(b)
	}
	type call struct {
		name, id string
		do       func(id string) (View, error)
	}
	move := func(tok string) func(string) (View, error) {
		return func(id string) (View, error) { return f.m.Move(id, tok) }
	}
	calls := []call{
		{"chess move", chess.ID, move("d2d4")},
		{"undo", chess.ID, f.m.Undo},
		{"resign", chess.ID, f.m.Resign},
		{"local draw", local.ID, f.m.OfferDraw},
		{"local move", local.ID, move("e2e4")},
		{"lucky move", lucky.ID, move("e2e4")},
		{"spy wildcard choice", sp.ID, move("wild:QR")},
		{"magic move", mg.ID, move("e2e4")},
		{"magic card " + magicCard, mg.ID, move(magicCard)},
	}
	before := map[string]string{}
	for _, c := range calls {
		before[c.id] = snapshot(c.id)
	}
	if err := f.st.Close(); err != nil {
		t.Fatal(err)
	}
	for _, c := range calls {
		_, err := c.do(c.id)
		if err == nil || !strings.Contains(err.Error(), "not stored") {
			t.Errorf("%s with the store closed: error %v, want one that says the game was not stored", c.name, err)
		}
		if after := snapshot(c.id); after != before[c.id] {
			t.Errorf("%s with the store closed changed the game:\n%s\nwas\n%s", c.name, after, before[c.id])
		}
	}
}
