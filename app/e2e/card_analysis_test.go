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
