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

// TestPremove: chess against the engine, whose searches are held back
// by the test. A move made while Azar thinks is queued on its two
// squares and played when Azar's move arrives; Escape and a click on an
// empty square cancel one; a move that is not legal then (a pawn from
// a2 to a5) is dropped with the note. At 1280×900 and 375×812 in
// English and Spanish.
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
		defer a.setDelay(func(*engine.Request) time.Duration { return 0 })
		id := newGame(t, ctx, `{variant: "chess", mode: "engine", color: "white", level: 1}`)
		a.setDelay(func(*engine.Request) time.Duration { return 2 * time.Second })
		playByClicks(t, ctx, gamesView{}, "e2e4")
		waitJS(t, ctx, "Azar thinking", thinking())
		run(t, ctx, "pick d2", clickSq("d2"))
		if got := eval[string](t, ctx, premoves); got != "d2:pick" {
			t.Fatalf("%s: after a click on d2 the premove squares are %q", name, got)
		}
		run(t, ctx, "queue d2-d4", clickSq("d4"))
		if got := eval[string](t, ctx, premoves); got != "d2:from d4:to" {
			t.Fatalf("%s: the queued premove's squares are %q", name, got)
		}
		if got := eval[string](t, ctx, `document.querySelector("[data-note]").textContent`); got != queued[lang] {
			t.Fatalf("%s: the note reads %q", name, got)
		}
		shot(t, ctx, name+"-1-queued")
		// Azar's reply arrives; the premove is played at once.
		waitJS(t, ctx, "the premove played", sanCount(3)+` && (`+pieceAt("d4")+`) === "wP"`)
		if got := eval[string](t, ctx, premoves); got != "" {
			t.Fatalf("%s: premove squares %q after it was played", name, got)
		}
		waitJS(t, ctx, "Azar's second reply", sanCount(4)+" && "+idle())
		if v := mustView(t, a, id); v.Moves[2].UCI != "d2d4" {
			t.Fatalf("%s: the server's third move is %+v", name, v.Moves[2])
		}

		a.setDelay(func(*engine.Request) time.Duration { return 4 * time.Second })
		playByClicks(t, ctx, gamesView{}, "g1f3")
		waitJS(t, ctx, "Azar thinking", thinking())
		run(t, ctx, "queue b1-c3", clickSq("b1"), clickSq("c3"))
		if got := eval[string](t, ctx, premoves); got != "b1:from c3:to" {
			t.Fatalf("%s: the queued premove's squares are %q", name, got)
		}
		run(t, ctx, "Escape", chromedp.KeyEvent(kb.Escape))
		if got := eval[string](t, ctx, premoves); got != "" {
			t.Fatalf("%s: premove squares %q after Escape", name, got)
		}
		empty := eval[string](t, ctx, `["a3","h3","a4","h4","a6","h6","b5","g5"].find(s => !document.querySelector('[data-square="' + s + '"] [data-piece]'))`)
		run(t, ctx, "queue b1-c3 and click an empty square", clickSq("b1"), clickSq("c3"), clickSq(empty))
		if got := eval[string](t, ctx, premoves); got != "" {
			t.Fatalf("%s: premove squares %q after a click on the empty %s", name, got, empty)
		}
		run(t, ctx, "queue a2-a5", clickSq("a2"), clickSq("a5"))
		if got := eval[string](t, ctx, premoves); got != "a2:from a5:to" {
			t.Fatalf("%s: the queued premove's squares are %q", name, got)
		}
		waitJS(t, ctx, "Azar's reply", sanCount(6)+" && "+idle())
		waitJS(t, ctx, "the note", `document.querySelector("[data-note]").textContent === `+jsString(dropped[lang]))
		if got := eval[string](t, ctx, premoves); got != "" || eval[string](t, ctx, pieceAt("a2")) != "wP" {
			t.Fatalf("%s: after the dropped premove: squares %q, a2 %q", name, got, eval[string](t, ctx, pieceAt("a2")))
		}
		if v := mustView(t, a, id); len(v.Moves) != 6 || v.Turn != "w" {
			t.Fatalf("%s: the server has %d moves, %s to move", name, len(v.Moves), v.Turn)
		}
		shot(t, ctx, name+"-2-dropped")
	})
}
