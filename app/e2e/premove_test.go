package e2e

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"azar/app/engine"
)

// premoves lists the squares marked for a premove, "square:role" sorted.
const premoves = `Array.from(document.querySelectorAll("#board [data-premove]")).map(s => s.dataset.square + ":" + s.dataset.premove).sort().join(" ")`

func thinking() string { return `document.querySelector("[data-status]").dataset.thinking === "true"` }

// holdEngine makes each of a's engine searches wait until the test
// releases it: release lets one through (it waits for a search to take
// it), stop lets every one through from then on.
func holdEngine(a *app) (release, stop func()) {
	gate := make(chan struct{})
	a.setDelay(func(*engine.Request) time.Duration { <-gate; return 0 })
	return func() { gate <- struct{}{} }, func() { close(gate) }
}

// tap clicks the squares one after another, each dispatched on the
// square shown at that moment (a view that comes between two redraws
// the board).
func tap(t *testing.T, ctx context.Context, squares ...string) {
	t.Helper()
	for _, s := range squares {
		if !eval[bool](t, ctx, `(() => { const e = document.querySelector('#board [data-square="`+s+`"]'); if (e) e.click(); return !!e })()`) {
			t.Fatalf("no square %s", s)
		}
	}
}

// TestPremove: chess against the engine, whose searches wait until the
// test lets them go. A move made while Azar thinks is queued on its two
// squares and played when Azar's move arrives; Escape and a click on an
// empty square cancel one; a move that is not legal then (a pawn from
// a2 to a5) is dropped with the note; an undo drops one; lucky has
// none. At 1280×900 and 375×812 in English and Spanish.
func TestPremove(t *testing.T) {
	dropped := map[string]string{
		"en": "Premove a2–a5 dropped: not legal after Azar's move.",
		"es": "Jugada anticipada a2–a5 descartada: no es legal tras la jugada de Azar.",
	}
	queued := map[string]string{
		"en": "Premove d2–d4: played when Azar has moved (Escape cancels).",
		"es": "Jugada anticipada d2–d4: se juega cuando Azar haya movido (Escape la anula).",
	}
	onScreens(t, []screen{desktop, phone375}, func(ctx context.Context, a *app, s screen, lang string) {
		name := sizeName(s, lang)
		id := newGame(t, ctx, `{variant: "chess", mode: "engine", color: "white", level: 1}`)
		release, stop := holdEngine(a)
		defer stop()
		playJS(t, ctx, "e2e4")
		waitJS(t, ctx, "Azar thinking", thinking())
		tap(t, ctx, "d2")
		if got := eval[string](t, ctx, premoves); got != "d2:pick" {
			t.Fatalf("%s: after a click on d2 the premove squares are %q", name, got)
		}
		tap(t, ctx, "d4")
		if got := eval[string](t, ctx, premoves); got != "d2:from d4:to" {
			t.Fatalf("%s: the queued premove's squares are %q", name, got)
		}
		if got := eval[string](t, ctx, `document.querySelector("[data-note]").textContent`); got != queued[lang] {
			t.Fatalf("%s: the note reads %q", name, got)
		}
		shot(t, ctx, name+"-1-queued")
		// Azar's reply arrives; the premove is played at once.
		release()
		waitJS(t, ctx, "the premove played", sanCount(3)+` && (`+pieceAt("d4")+`) === "wP"`)
		if got := eval[string](t, ctx, premoves); got != "" {
			t.Fatalf("%s: premove squares %q after it was played", name, got)
		}
		release()
		waitJS(t, ctx, "Azar's second reply", sanCount(4)+" && "+idle())
		if v := mustView(t, a, id); v.Moves[2].UCI != "d2d4" {
			t.Fatalf("%s: the server's third move is %+v", name, v.Moves[2])
		}

		// Nf3, or when Azar's reply rules it out (a check) a move that
		// leaves the squares the premoves below use.
		premoveSquares := []string{"b1", "c3", "a2", "a5"}
		third, _ := legalMove(t, a, id, premoveSquares, "g1f3")
		playJS(t, ctx, third)
		waitJS(t, ctx, "Azar thinking", thinking())
		tap(t, ctx, "b1", "c3")
		if got := eval[string](t, ctx, premoves); got != "b1:from c3:to" {
			t.Fatalf("%s: the queued premove's squares are %q", name, got)
		}
		run(t, ctx, "Escape", chromedp.KeyEvent(kb.Escape))
		if got := eval[string](t, ctx, premoves); got != "" {
			t.Fatalf("%s: premove squares %q after Escape", name, got)
		}
		empty := eval[string](t, ctx, `["a3","h3","a4","h4","a6","h6","b5","g5"].find(s => !document.querySelector('[data-square="' + s + '"] [data-piece]'))`)
		tap(t, ctx, "b1", "c3", empty)
		if got := eval[string](t, ctx, premoves); got != "" {
			t.Fatalf("%s: premove squares %q after a click on the empty %s", name, got, empty)
		}
		tap(t, ctx, "a2", "a5")
		if got := eval[string](t, ctx, premoves); got != "a2:from a5:to" {
			t.Fatalf("%s: the queued premove's squares are %q", name, got)
		}
		release()
		waitJS(t, ctx, "Azar's reply", sanCount(6)+" && "+idle())
		waitJS(t, ctx, "the note", `document.querySelector("[data-note]").textContent === `+jsString(dropped[lang]))
		if got := eval[string](t, ctx, premoves); got != "" || eval[string](t, ctx, pieceAt("a2")) != "wP" {
			t.Fatalf("%s: after the dropped premove: squares %q, a2 %q", name, got, eval[string](t, ctx, pieceAt("a2")))
		}
		if v := mustView(t, a, id); len(v.Moves) != 6 || v.Turn != "w" {
			t.Fatalf("%s: the server has %d moves, %s to move", name, len(v.Moves), v.Turn)
		}
		shot(t, ctx, name+"-2-dropped")

		// An undo drops the queued move: it is not played on the position
		// taken back to.
		back, mover := legalMove(t, a, id, premoveSquares, "h2h3")
		playJS(t, ctx, back)
		waitJS(t, ctx, "Azar thinking", thinking())
		tap(t, ctx, "b1", "c3")
		if got := eval[string](t, ctx, premoves); got != "b1:from c3:to" {
			t.Fatalf("%s: the queued premove's squares are %q", name, got)
		}
		run(t, ctx, "undo", chromedp.Click(action("undo"), chromedp.NodeVisible))
		release() // the search the undo ends
		waitJS(t, ctx, back+" taken back", sanCount(6)+" && "+idle()+` && (`+pieceAt(back[:2])+`) === "`+mover+`"`)
		if got := eval[string](t, ctx, premoves); got != "" || eval[string](t, ctx, pieceAt("b1")) != "wN" {
			t.Fatalf("%s: after the undo: premove squares %q, b1 %q", name, got, eval[string](t, ctx, pieceAt("b1")))
		}
		if v := mustView(t, a, id); len(v.Moves) != 6 || v.Turn != "w" {
			t.Fatalf("%s: after the undo the server has %d moves, %s to move", name, len(v.Moves), v.Turn)
		}

		// None in the card games: in lucky a click on a piece while Azar
		// thinks is refused as before.
		newGame(t, ctx, `{variant: "lucky", mode: "engine", color: "white", level: 1}`)
		playJS(t, ctx, "e2e4")
		waitJS(t, ctx, "Azar thinking", thinking())
		tap(t, ctx, "d2", "d4")
		if got := eval[string](t, ctx, premoves); got != "" {
			t.Fatalf("%s: lucky marks a premove %q", name, got)
		}
		if got := eval[string](t, ctx, `document.querySelector("[data-note]").dataset.refused || ""`); got == "" {
			t.Fatalf("%s: lucky took a click on d2 while Azar thinks without a refusal", name)
		}
		release()
		waitJS(t, ctx, "Azar's lucky reply", idle())
	})
}
