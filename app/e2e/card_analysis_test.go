package e2e

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestCardGameAnalysis (issue 31 §4): a lucky game on one device — e4,
// e5, White draws, then resigns — is analysed from the page: the Analyse
// button is offered once it is over, each side's accuracy is shown, and
// the card the draw gave is listed apart as luck ("the cards that
// mattered most", in the page's language), with its swing; at 1280×900
// and 375×812, in English and Spanish.
func TestCardGameAnalysis(t *testing.T) {
	onScreensSeeded(t, 9, []screen{desktop, phone375}, func(ctx context.Context, a *app, s screen, lang string) {
		id := newGame(t, ctx, `{variant: "lucky", mode: "local"}`)
		for _, tok := range []string{"e2e4", "e7e5", "draw"} {
			if _, err := a.m.Move(id, tok); err != nil {
				t.Fatalf("%s: %v", tok, err)
			}
		}
		v := mustView(t, a, id)
		card := v.Moves[len(v.Moves)-1]
		if v.Lucky == nil || v.Lucky.Card == nil {
			t.Fatalf("no card drawn: %+v", v.Moves)
		}
		name := v.Lucky.Card.Name.En
		if lang == "es" {
			name = v.Lucky.Card.Name.Es
		}
		waitJS(t, ctx, "the draw on the page", `document.querySelectorAll("#moves [data-ply]").length >= 3`)
		run(t, ctx, "resign", chromedp.Click(action("resign"), chromedp.NodeVisible), chromedp.Click(action("confirm-yes"), chromedp.NodeVisible))
		waitJS(t, ctx, "the resignation", statusIs("resign"))
		run(t, ctx, "analyse", chromedp.Click(action("analyze"), chromedp.NodeVisible),
			chromedp.WaitVisible(chromedp.CSS(`[data-accuracy="w"]`)))
		waitJS(t, ctx, "the swings", `!!document.querySelector("[data-swings] li")`)
		got := eval[string](t, ctx, `document.querySelector("[data-swings]").innerText`)
		title, who := "The cards that mattered most", "White:"
		if lang == "es" {
			title, who = "Las cartas que más pesaron", "Blancas:"
		}
		if !strings.Contains(got, title) || !strings.Contains(got, who) || !strings.Contains(got, name) {
			t.Errorf("%s %s: the swings read %q; want %q, %q and the card %q (%s)", s.name, lang, got, title, who, name, card.UCI)
		}
		if n := eval[int](t, ctx, `document.querySelectorAll("[data-swings] li").length`); n != 1 {
			t.Errorf("%d swings listed, want the one card drawn", n)
		}
		if eval[bool](t, ctx, `!document.querySelector('[data-action="analyze"]').hidden`) {
			t.Error("the Analyse button is still offered")
		}
		run(t, ctx, "scroll to the swings", chromedp.ScrollIntoView(chromedp.CSS(`[data-swings]`)))
		shot(t, ctx, "card-analysis-"+sizeName(s, lang))
	})
}

// TestChaturanga4Analysis (issue 31 §4): a four-player game on one
// device that Red ends by taking the last other raja is analysed from
// the page: the Analyse button, a row per army with its accuracy, named
// in the page's language, and the graph of the armies' expected points.
func TestChaturanga4Analysis(t *testing.T) {
	onScreens(t, []screen{desktop, phone375}, func(ctx context.Context, a *app, s screen, lang string) {
		id := newGame(t, ctx, `{variant: "chaturanga4", mode: "local", fen: "8/8/8/8/7rK/8/8/rE2gK4 r rg-- -/-/-/- 0 1"}`)
		if _, err := a.m.Move(id, "a1d1"); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, "the end on the page", `document.querySelector("[data-status]").dataset.status !== "playing"`)
		run(t, ctx, "analyse", chromedp.Click(action("analyze"), chromedp.NodeVisible),
			chromedp.WaitVisible(chromedp.CSS(`[data-accuracy="b"]`)))
		rows := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("[data-accuracy]")).map((r) => r.dataset.accuracy + ":" + r.cells[0].textContent + ":" + r.cells[1].textContent)`)
		want := []string{"r:Red:100.0%", "g:Green:—", "y:Yellow:—", "b:Black:—"}
		if lang == "es" {
			want = []string{"r:Rojo:100.0%", "g:Verde:—", "y:Amarillo:—", "b:Negro:—"}
		}
		if strings.Join(rows, " ") != strings.Join(want, " ") {
			t.Errorf("%s %s: the rows %v, want %v", s.name, lang, rows, want)
		}
		waitJS(t, ctx, "the graph", `(() => { const i = document.querySelector("[data-analysis-graph]"); return i.complete && i.naturalWidth > 0 })()`)
		if alt := eval[string](t, ctx, `document.querySelector("[data-analysis-graph]").alt`); !strings.Contains(alt, map[string]string{"en": "expected points", "es": "Puntos esperados"}[lang]) {
			t.Errorf("%s %s: the graph's alt %q", s.name, lang, alt)
		}
		run(t, ctx, "scroll to the analysis", chromedp.ScrollIntoView(chromedp.CSS(`#analysis`)))
		shot(t, ctx, "c4-analysis-"+sizeName(s, lang))
	})
}
