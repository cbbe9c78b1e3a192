package e2e

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestClockAgainstTheEngine: the new-game form's 5+3 starts a game with
// clocks against Azar; the first move is free, then after Azar's answer
// White's clock runs and counts down on the page (5:00 → 4:59), Black's
// having had its 3 s; the clock choice and the clocks in both languages,
// at 1280×900 and 375×812.
func TestClockAgainstTheEngine(t *testing.T) {
	onScreens(t, []screen{desktop, phone375}, func(ctx context.Context, a *app, s screen, lang string) {
		run(t, ctx, "a 5+3 game against Azar, level 1",
			chromedp.Click(chromedp.CSS(`[data-variant="chess"]`)),
			chromedp.Click(chromedp.CSS(`[data-mode="engine"]`)),
			chromedp.Click(chromedp.CSS(`[data-color="white"]`)),
			chromedp.Click(chromedp.CSS(`[data-level="1"]`)),
			chromedp.Click(chromedp.CSS(`[data-clock="300+3"]`)),
			chromedp.Click(action("start-game")),
			chromedp.WaitVisible(chromedp.CSS(`[data-clocks]`)))
		legend := map[string]string{"en": "Clock", "es": "Reloj"}[lang]
		if got := eval[string](t, ctx, `document.querySelector('[data-clock="w"]').innerText`); !strings.Contains(got, "5:00") {
			t.Fatalf("White's clock reads %q before the first move", got)
		}
		run(t, ctx, "e4", moveByClicks("e2", "e4"))
		waitJS(t, ctx, "Azar's answer", sanCount(2))
		waitJS(t, ctx, "White's clock running", `document.querySelector('[data-clock="w"]').dataset.running === "true"`)
		waitJS(t, ctx, "White's clock counting down", `document.querySelector('[data-clock="w"] .time').textContent === "4:59"`)
		if got := eval[string](t, ctx, `document.querySelector('[data-clock="b"] .time').textContent`); got != "5:03" && got != "5:02" {
			t.Errorf("Black's clock reads %q: 5:00 less Azar's think plus 3 s", got)
		}
		if w := eval[int64](t, ctx, `document.documentElement.scrollWidth`); w > s.w {
			t.Errorf("%s: the page is %d px wide", s.name, w)
		}
		shot(t, ctx, "clock-"+sizeName(s, lang))
		run(t, ctx, "back to the form", chromedp.Click(action("new-game")), chromedp.WaitVisible(action("start-game")))
		if got := eval[string](t, ctx, `document.querySelector('[data-clock="300+3"]').closest("fieldset").querySelector("legend").textContent`); got != legend {
			t.Errorf("the clock choice is headed %q, want %q", got, legend)
		}
		run(t, ctx, "no clock for the next test", chromedp.Click(chromedp.CSS(`[data-clock="none"]`)))
	})
}
