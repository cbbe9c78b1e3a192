package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
)

// layoutJS checks the page as a phone needs it, and evaluates to "" or
// what is wrong: no horizontal scroll (the page no wider than W, the
// emulated width), every visible button and select within the width,
// the language switch visible, the rows of the card panel apart; on a
// game's screen (board) the board as wide as the screen, within 4 px.
func layoutJS(w int64, board bool) string {
	return `(() => {
  const W = ` + itoa(int(w)) + `;
  const bad = [];
  const sw = document.documentElement.scrollWidth;
  if (sw > W || sw > innerWidth) bad.push("the page is " + sw + " px wide in " + W);
  for (const el of document.querySelectorAll("button, select, input, a, [role=button]")) {
    if (el.closest("[hidden]") || el.offsetParent === null) continue;
    if (el.matches("[data-square]")) continue;
    // a card of the magic hand's strip scrolls inside its strip
    const strip = el.closest(".hand");
    const r = el.getBoundingClientRect();
    if (strip) { const s = strip.getBoundingClientRect(); if (s.left < -0.5 || s.right > W + 0.5) bad.push("the hand strip " + s.left + ".." + s.right); continue; }
    if (r.width === 0) continue;
    if (r.left < -0.5 || r.right > W + 0.5) bad.push((el.dataset.action || el.textContent.trim().slice(0, 20) || el.tagName) + " at " + Math.round(r.left) + ".." + Math.round(r.right));
  }
  // The header: one row on a desktop; on a phone two, the name with the
  // tools (sound, settings, language), then the three pages.
  const tops = [...document.querySelectorAll(".top h1, .top button, .top select")].map((el) => el.getBoundingClientRect().top).sort((a, b) => a - b);
  let rows = tops.length ? 1 : 0;
  for (let i = 1; i < tops.length; i++) if (tops[i] - tops[i - 1] > 8) rows++;
  if (rows > (W >= 1000 ? 1 : 2)) bad.push("the header takes " + rows + " rows");
  // The card panel's rows (a card, the step box, a heading) never touch.
  for (const part of document.querySelectorAll("#cards > div:not([hidden])")) {
    const rows = [...part.children].filter((el) => el.getBoundingClientRect().height > 0);
    for (let i = 1; i < rows.length; i++) {
      const gap = rows[i].getBoundingClientRect().top - rows[i - 1].getBoundingClientRect().bottom;
      if (gap < 3) bad.push(part.className + ": " + (rows[i].className || rows[i].tagName) + " " + Math.round(gap) + " px below " + (rows[i - 1].className || rows[i - 1].tagName));
    }
  }
  const lang = document.querySelector("[data-lang]").getBoundingClientRect();
  if (lang.width === 0 || lang.left < 0 || lang.right > W) bad.push("the language switch at " + lang.left + ".." + lang.right);
  if (` + map[bool]string{true: "true", false: "false"}[board] + `) {
    const b = document.querySelector("#board").getBoundingClientRect();
    if (Math.abs(b.width - W) > 4) bad.push("the board is " + b.width + " px wide in " + W);
    if (b.height < 100) bad.push("the board is " + b.height + " px high");
  }
  return bad.join("; ");
})()`
}

// TestPhoneLayout opens every screen at 375x812 and 390x844 (and, for
// the controls within the window and the screenshots, 1280x900), in
// English and Spanish: the form, each of the five games, the daily puzzle, the
// lessons' menu and a lesson. None scrolls sideways, every control is
// within the screen, the language switch shows, the board is as wide
// as the screen; the magic hand is a strip of small cards no higher
// than a card (not a column of whole cards above the buttons), and a
// tap on a card shows it whole.
func TestPhoneLayout(t *testing.T) {
	onScreens(t, []screen{phone375, phone390, desktop}, func(ctx context.Context, a *app, s screen, lang string) {
		check := func(what string, board bool) {
			t.Helper()
			if bad := eval[string](t, ctx, layoutJS(s.w, board && s.phone)); bad != "" {
				shot(t, ctx, sizeName(s, lang)+"-bad-"+what)
				t.Fatalf("%s %s %s: %s", s.name, lang, what, bad)
			}
		}
		check("form", false)
		run(t, ctx, "the form's seats", chromedp.Click(chromedp.CSS(`[data-variant="chaturanga4"]`)))
		check("form-c4", false)
		if s != phone390 {
			shot(t, ctx, sizeName(s, lang)+"-form")
		}
		for _, g := range gameBodies {
			newGame(t, ctx, g.body)
			waitJS(t, ctx, "the status", `document.querySelector("[data-status]").textContent !== ""`)
			check(g.name, true)
			if s != phone390 {
				shot(t, ctx, sizeName(s, lang)+"-"+g.name)
			}
			if g.name == "magic" && s.phone {
				// The hand: one row of small cards.
				h := eval[float64](t, ctx, `document.querySelector("[data-hand]").getBoundingClientRect().height`)
				card := eval[float64](t, ctx, `document.querySelector("[data-hand] .card").getBoundingClientRect().height`)
				n := eval[int](t, ctx, `document.querySelectorAll("[data-hand] .card").length`)
				if n < 2 || h > card+20 || h > 140 {
					t.Fatalf("%s: the hand of %d cards is %.0f px high (a card %.0f px)", s.name, n, h, card)
				}
				if eval[bool](t, ctx, `getComputedStyle(document.querySelector("[data-hand] .card .card-text")).display !== "none"`) {
					t.Fatal("a small card shows its text")
				}
				run(t, ctx, "tap a card", chromedp.Click(chromedp.CSS(`[data-hand] .card`), chromedp.NodeVisible))
				waitJS(t, ctx, "the card shown whole", `getComputedStyle(document.querySelector("[data-hand] .card.expanded .card-text")).display !== "none"`)
				check("magic-card-open", true)
				shot(t, ctx, sizeName(s, lang)+"-magic-card-open")
			}
		}
		run(t, ctx, "the daily puzzle", chromedp.Click(action("puzzle"), chromedp.NodeVisible), chromedp.WaitVisible(chromedp.CSS(`[data-puzzle-task]`)))
		check("puzzle", true)
		run(t, ctx, "the lessons", chromedp.Click(action("lessons"), chromedp.NodeVisible), chromedp.WaitVisible(chromedp.CSS(`[data-lesson]`)))
		check("lessons", false)
		run(t, ctx, "a lesson", chromedp.Click(chromedp.CSS(`[data-lesson]`), chromedp.NodeVisible), chromedp.WaitVisible(chromedp.CSS(`#lesson-board [data-square]`)))
		lessonBoard := ""
		if s.phone {
			lessonBoard = ` + ((w) => Math.abs(w - ` + itoa(int(s.w)) + `) > 4 ? "; the lesson board is " + w : "")(document.querySelector("#lesson-board").getBoundingClientRect().width)`
		}
		if bad := eval[string](t, ctx, layoutJS(s.w, false)+lessonBoard); bad != "" {
			t.Fatalf("%s %s lesson: %s", s.name, lang, bad)
		}
		if s != phone390 {
			shot(t, ctx, sizeName(s, lang)+"-lesson")
		}
	})
}
