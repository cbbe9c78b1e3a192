package e2e

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"azar/app/games"
)

var refusals = map[string]map[string]string{
	"en": {"target": "The piece on g1 cannot go to g4.", "notYours": "That piece is not yours to move now.", "noMoves": "That piece has no legal move now.",
		"drawFirst": "Draw a card first.", "chooseSpy": "Choose your spy first (the wildcard's buttons).", "card": "cannot be played now.", "cardTarget": "Not a target of"},
	"es": {"target": "La pieza de g1 no puede ir a g4.", "notYours": "Esa pieza no es tuya o no te toca moverla.", "noMoves": "Esa pieza no tiene jugadas legales ahora.",
		"drawFirst": "Primero roba una carta.", "chooseSpy": "Primero elige tu espía (los botones del comodín).", "card": "no se puede jugar ahora.", "cardTarget": "No es un objetivo de"},
}

// noteSays waits for the note of a refusal of kind and returns its text.
func noteSays(t *testing.T, ctx context.Context, kind string) string {
	t.Helper()
	waitJS(t, ctx, "the refusal "+kind, `document.querySelector("[data-note]").dataset.refused === "`+kind+`" && !document.querySelector("[data-note]").hidden`)
	return eval[string](t, ctx, `document.querySelector("[data-note]").textContent`)
}

// refusalSeed deals White the wall (AM34) in magic chess's advanced
// mode and the wildcard in spy chess; it returns the magic hand.
func refusalSeed(t *testing.T) (uint64, []string) {
	for seed := uint64(1); seed < 20000; seed++ {
		w, _, err := games.MagicDeal(map[string]string{"mode": "advanced"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		if spy, _ := games.SpyDeal(seed); spy == "wild" && slices.Contains(w, "AM34") {
			return seed, w
		}
	}
	t.Fatal("no seed deals the wall and the wildcard")
	return 0, nil
}

// TestRefusedInputs, at 1280x900 and 375x812 in English and Spanish:
// every click the page refuses says why and flashes the square (the
// piece shakes, but not under reduced motion): a square the selected
// piece may not go to, the opponent's piece, a piece with no move, a
// piece before the lucky card that must be drawn first (the second
// turn, under the mandatory card), a piece before spy's wildcard choice; in magic chess
// a card of the hand that cannot be played now, and a square that is
// not a target of the picked card. A new selection clears the note.
func TestRefusedInputs(t *testing.T) {
	seed, hand := refusalSeed(t)
	onScreensSeeded(t, seed, []screen{desktop, phone375}, func(ctx context.Context, a *app, s screen, lang string) {
		w := refusals[lang]
		where := sizeName(s, lang)
		reducedMotion(t, ctx, false)
		newGame(t, ctx, `{variant: "chess", mode: "engine", color: "white", level: 1}`)
		waitJS(t, ctx, "your move", idle())
		tap(t, ctx, "g1", "g4")
		if got := noteSays(t, ctx, "target"); got != w["target"] {
			t.Fatalf("%s: %q, want %q", where, got, w["target"])
		}
		if !eval[bool](t, ctx, `document.querySelector('[data-square="g4"]').classList.contains("refused")`) {
			t.Fatalf("%s: g4 does not flash", where)
		}
		shot(t, ctx, where+"-refused-target")
		tap(t, ctx, "e7")
		if got := noteSays(t, ctx, "piece"); got != w["notYours"] {
			t.Fatalf("%s: %q, want %q", where, got, w["notYours"])
		}
		if anim := eval[string](t, ctx, `getComputedStyle(document.querySelector('[data-square="e7"] .piece')).animationName`); anim != "refuse-shake" {
			t.Fatalf("%s: the refused piece's animation %q", where, anim)
		}
		tap(t, ctx, "e2")
		waitJS(t, ctx, "the note cleared", `document.querySelector("[data-note]").hidden && !document.querySelector("[data-note]").dataset.refused`)
		reducedMotion(t, ctx, true)
		tap(t, ctx, "a1")
		if got := noteSays(t, ctx, "target"); !strings.Contains(got, "e2") {
			t.Fatalf("%s: %q", where, got)
		}
		tap(t, ctx, "a1")
		if got := noteSays(t, ctx, "piece"); got != w["noMoves"] {
			t.Fatalf("%s: %q, want %q", where, got, w["noMoves"])
		}
		if anim := eval[string](t, ctx, `getComputedStyle(document.querySelector('[data-square="a1"] .piece')).animationName`); anim != "none" {
			t.Fatalf("%s: the piece shakes (%q) under reduced motion", where, anim)
		}
		if !eval[bool](t, ctx, `document.querySelector('[data-square="a1"]').classList.contains("refused")`) {
			t.Fatalf("%s: a1 does not flash under reduced motion", where)
		}
		reducedMotion(t, ctx, false)

		// Lucky, under the mandatory card: the draw comes first.
		// (The first turn is a plain move.)
		newGame(t, ctx, `{variant: "lucky", mode: "engine", color: "white", level: 1, rules: {mandatory_card: "on"}}`)
		waitJS(t, ctx, "your move", idle())
		tap(t, ctx, "e2", "e4")
		waitJS(t, ctx, "the Draw button", `!document.querySelector("[data-action=draw]").hidden && `+idle())
		tap(t, ctx, "d2")
		if got := noteSays(t, ctx, "piece"); got != w["drawFirst"] {
			t.Fatalf("%s: %q, want %q", where, got, w["drawFirst"])
		}

		// Spy, dealt the wildcard: the choice comes first.
		newGame(t, ctx, `{variant: "spy", mode: "engine", color: "white", level: 1}`)
		waitJS(t, ctx, "the wildcard's choices", `!!document.querySelector('[data-action="choose"]') && `+idle())
		tap(t, ctx, "e2")
		if got := noteSays(t, ctx, "piece"); got != w["chooseSpy"] {
			t.Fatalf("%s: %q, want %q", where, got, w["chooseSpy"])
		}

		// Magic: a card that cannot be played at the start (the seed's
		// deal is fixed: one of its cards is not), and a square the wall
		// may not stand on.
		newGame(t, ctx, `{variant: "magic", mode: "engine", color: "white", level: 1, rules: {mode: "advanced"}}`)
		waitJS(t, ctx, "the hand", `document.querySelectorAll("[data-hand] [data-card]").length === `+itoa(len(hand))+` && `+idle())
		if !eval[bool](t, ctx, `!!document.querySelector('[data-hand] [data-playable="false"]')`) {
			t.Fatalf("%s: every card of %v is playable at the start", where, hand)
		}
		run(t, ctx, "a card not playable now", chromedp.Click(chromedp.CSS(`[data-hand] [data-playable="false"]`), chromedp.NodeVisible))
		if got := noteSays(t, ctx, "card"); !strings.Contains(got, w["card"]) {
			t.Fatalf("%s: %q, want %q", where, got, w["card"])
		}
		run(t, ctx, "the wall, then e2", chromedp.Click(chromedp.CSS(`[data-hand] [data-card="AM34"]`), chromedp.NodeVisible),
			chromedp.WaitVisible(chromedp.CSS(`.dot.card-target`)))
		tap(t, ctx, "e2")
		if got := noteSays(t, ctx, "card-target"); !strings.Contains(got, w["cardTarget"]) {
			t.Fatalf("%s: %q, want %q", where, got, w["cardTarget"])
		}
		if !eval[bool](t, ctx, `document.querySelector("[data-card-choices]").hidden && !document.querySelector(".dot.card-target")`) {
			t.Fatalf("%s: the wall is still picked", where)
		}
		shot(t, ctx, where+"-refused-card")
	})
}
