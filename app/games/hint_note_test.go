package games

import "testing"

// TestCardHintInBothLanguages: a card game's hint carries its words in
// English and Spanish (the page writes the one it shows): under lucky's
// mandatory card the second turn's only action is the draw, hinted as
// "draw a card" / "roba una carta" (before, the hint was English only).
func TestCardHintInBothLanguages(t *testing.T) {
	f := newSeeded(t, "", 7)
	v, err := f.m.Create(Options{Variant: VariantLucky, Mode: ModeEngine, Color: "white", Level: 1,
		Rules: map[string]string{"mandatory_card": "on"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.m.Move(v.ID, "e2e4"); err != nil {
		t.Fatal(err)
	}
	waitView(t, f.m, v.ID, func(v View) bool { return !v.Thinking && len(v.Moves) >= 2 && v.Turn == "w" })
	h, err := f.m.Hint(v.ID)
	if err != nil {
		t.Fatal(err)
	}
	if h.Move != "draw" || h.Note.Text("en") != "draw a card" || h.Note.Text("es") != "roba una carta" || h.SAN != "draw a card" {
		t.Fatalf("the hint %+v: want the draw, in both languages", h)
	}
}
