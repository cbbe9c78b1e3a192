package games

import (
	"slices"
	"testing"
)

// endWindowSeed finds a seed whose deal leaves the player (White) an END
// window after 1.e4: a card usable there, and pass.
func endWindowSeed(t *testing.T, o Options) uint64 {
	t.Helper()
	for seed := uint64(1); seed < 500; seed++ {
		g, err := newMagicGame(o, "", nil, seed)
		var toks []string
		var sec string
		if err == nil {
			toks, sec, err = g.act("w", "e2e4")
		}
		if err == nil {
			g, err = newMagicGame(o, sec, toks, 0)
		}
		if err != nil {
			t.Fatal(err)
		}
		if l := g.legal("w"); len(l) > 1 && slices.Contains(l, "pass") {
			return seed
		}
	}
	t.Fatal("no seed")
	return 0
}

// TestMagicHintPass is issue 27's 500: the engine's best choice in a
// window is to pass, which it writes as 0000; the hint is the pass token
// of legal. Where pass is not legal 0000 stays an error; the real
// engine's hint in the window is one of the legal tokens.
func TestMagicHintPass(t *testing.T) {
	o := Options{Variant: VariantMagic, Mode: ModeEngine, Color: "white", Level: 6, Human: "w"}
	if err := magicEntry.normalize(&o); err != nil {
		t.Fatal(err)
	}
	f := newSeeded(t, "", endWindowSeed(t, o))
	eng := &scripted{move: "0000"}
	f.m.cfg.Engine = eng
	v, err := f.m.Create(Options{Variant: VariantMagic, Mode: ModeEngine, Color: "white", Level: 6})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.m.Hint(v.ID); err == nil {
		t.Fatal("a 0000 hint at the start of the turn, where pass is not legal, was taken")
	}
	if v, err = f.m.Move(v.ID, "e2e4"); err != nil {
		t.Fatal(err)
	}
	if v.Magic.Window != "END" || !slices.Contains(v.Legal, "pass") {
		t.Fatalf("after e4: window %q legal %v", v.Magic.Window, v.Legal)
	}
	h, err := f.m.Hint(v.ID)
	if err != nil || h.Move != "pass" || h.SAN != "pass" || h.Eval != nil {
		t.Fatalf("hint %+v (%v), want pass", h, err)
	}
	f.m.cfg.Engine = f.pool
	if h, err = f.m.Hint(v.ID); err != nil || !slices.Contains(v.Legal, h.Move) {
		t.Fatalf("the engine's hint %+v (%v), legal %v", h, err, v.Legal)
	}
	if w, _ := f.m.Get(v.ID); w.Version != v.Version || len(w.Moves) != len(v.Moves) {
		t.Fatalf("the hints changed the game: %+v", w)
	}
}
