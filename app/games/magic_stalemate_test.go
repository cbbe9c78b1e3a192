package games

import (
	"slices"
	"testing"

	"azar/variants/magic"
)

// stalemateFEN: White to start its turn with no standard move and not in
// check (the wall on c1 stops the rook), holding AM12: the stalemate
// window of decision 9 (docs/rules/magic.md §6.2).
const stalemateFEN = "4k3/8/8/8/8/8/5PPP/r5K1 w - - 0 1 hands=1,0 white=AM12 discard=- effects=AM34w#1@c1 pool=-/-"

// The prompt of the stalemate window says that pass accepts a draw, in
// both languages; an ordinary turn's start keeps its own prompt.
func TestMagicStalematePrompt(t *testing.T) {
	rules, err := magicRules(nil)
	if err != nil {
		t.Fatal(err)
	}
	st, err := magic.ParseState(stalemateFEN, rules)
	if err != nil {
		t.Fatal(err)
	}
	g := &magicGame{rules: rules, human: "w", full: st}
	var v View
	g.view(&v, "w")
	if !slices.Contains(g.legal("w"), "pass") {
		t.Fatalf("pass is not legal in the stalemate window: %v", g.legal("w"))
	}
	want := Texts{En: "No move: play a card, or pass to accept the stalemate (draw).",
		Es: "Sin jugada: juega una carta, o pasa para aceptar el ahogado (tablas)."}
	if v.Magic.Phase != "start" || v.Magic.Prompt != want {
		t.Errorf("stalemate window: phase %q prompt %+v, want start %+v", v.Magic.Phase, v.Magic.Prompt, want)
	}

	g = &magicGame{rules: rules, human: "w", full: magic.New(rules, 1)}
	g.view(&v, "w")
	if want := "Your turn: make a move, or play a card from your hand (one played instead of the move, or one played before it)."; v.Magic.Prompt.En != want {
		t.Errorf("an ordinary start: prompt %q, want %q", v.Magic.Prompt.En, want)
	}
}
