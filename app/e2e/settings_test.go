package e2e

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

var evalTextRE = regexp.MustCompile(`^([+−]?\d+(\.\d)?|[+−]M\d+)$`)

// TestSettingsSoundsThemes, at 1280x900 and 375x812 in English and
// Spanish: the settings (sound, coordinates, board and piece themes)
// from their dialog, the form's last choices and the language, all kept
// across a reload; the sounds of a move (none while muted); the
// engine's piece sliding to its square (not under reduced motion); the
// evaluation bar in its place from the start (the board does not move
// when the first score comes), its text signed, a score of ±10 pawns or
// a mate not clipped; the saved games counted in full moves.
func TestSettingsSoundsThemes(t *testing.T) {
	onScreens(t, []screen{desktop, phone375}, func(ctx context.Context, a *app, s screen, lang string) {
		where := sizeName(s, lang)
		reducedMotion(t, ctx, false)
		eval[bool](t, ctx, `(localStorage.removeItem("azar.settings"), localStorage.removeItem("azar.game"), true)`)
		run(t, ctx, "reload", chromedp.Reload(), chromedp.WaitVisible(action("start-game")))
		setLang(t, ctx, lang)

		// The form's choices, kept.
		run(t, ctx, "choose spy, black, level 2", chromedp.Click(chromedp.CSS(`[data-variant="spy"]`)),
			chromedp.Click(chromedp.CSS(`[data-color="black"]`)), chromedp.Click(chromedp.CSS(`[data-level="2"]`)))
		// The settings.
		run(t, ctx, "the settings", chromedp.Click(action("settings"), chromedp.NodeVisible), chromedp.WaitVisible(chromedp.CSS(`[data-setting="boardTheme"]`)))
		eval[bool](t, ctx, `(() => {
  const set = (k, v) => { const el = document.querySelector('[data-setting="' + k + '"]'); if (el.type === "checkbox") el.checked = v; else el.value = v; el.dispatchEvent(new Event("change")); };
  set("boardTheme", "brown"); set("pieceTheme", "sepia"); set("coords", false);
  return true })()`)
		shot(t, ctx, where+"-settings")
		run(t, ctx, "close", chromedp.Click(action("close-settings"), chromedp.NodeVisible))
		run(t, ctx, "mute", chromedp.Click(action("sound"), chromedp.NodeVisible))
		eval[bool](t, ctx, `(localStorage.removeItem("azar.game"), true)`)
		run(t, ctx, "reload", chromedp.Reload(), chromedp.WaitVisible(action("start-game")))
		got := eval[string](t, ctx, `[document.body.dataset.boardTheme, document.body.dataset.pieceTheme,
				document.querySelector("[data-action=sound]").dataset.sound, document.querySelector("[data-action=sound]").getAttribute("aria-pressed"),
				document.querySelector("[data-variant][aria-pressed=true]").dataset.variant, document.querySelector("[data-color][aria-pressed=true]").dataset.color,
				document.querySelector("[data-level][aria-pressed=true]").dataset.level, document.querySelector("[data-lang]").value].join(" ")`)
		if want := "brown sepia off false spy black 2 " + lang; got != want {
			t.Fatalf("%s: after a reload %q, want %q", where, got, want)
		}

		// A game: the theme's squares, no coordinates, no sound while muted.
		id := newGame(t, ctx, `{variant: "chess", mode: "engine", color: "white", level: 1}`)
		waitJS(t, ctx, "your move", idle())
		if bg := eval[string](t, ctx, `getComputedStyle(document.querySelector('[data-square="a1"]')).backgroundColor`); bg != "rgb(181, 136, 99)" {
			t.Fatalf("%s: a1 is %s on the brown board", where, bg)
		}
		if f := eval[string](t, ctx, `getComputedStyle(document.querySelector('[data-square="e2"] .piece')).filter`); !strings.Contains(f, "sepia") {
			t.Fatalf("%s: the sepia pieces' filter %q", where, f)
		}
		if eval[bool](t, ctx, `getComputedStyle(document.querySelector("#board .coord")).display !== "none"`) {
			t.Fatalf("%s: coordinates shown though turned off", where)
		}
		// The bar holds its place before the first score.
		if eval[bool](t, ctx, `document.querySelector("#evalbar").hidden`) {
			t.Fatalf("%s: no evaluation bar before the first score (the board would move when it comes)", where)
		}
		boardAt := eval[string](t, ctx, `JSON.stringify(document.querySelector("#board").getBoundingClientRect())`)
		eval[bool](t, ctx, `(delete document.body.dataset.lastSound, delete document.querySelector("#board").dataset.slid, true)`)
		playByClicks(t, ctx, mustView(t, a, id), "e2e4")
		waitJS(t, ctx, "the reply", sanCount(2)+" && "+idle())
		if snd := eval[string](t, ctx, `document.body.dataset.lastSound || ""`); snd != "" {
			t.Fatalf("%s: a sound %q while muted", where, snd)
		}
		v := mustView(t, a, id)
		reply := v.Moves[1].UCI[:4]
		if slid := eval[string](t, ctx, `document.querySelector("#board").dataset.slid || ""`); slid != reply {
			t.Fatalf("%s: the slide was %q, the engine's move %s", where, slid, reply)
		}
		waitJS(t, ctx, "a score", `document.querySelector("#evalbar").dataset.eval !== ""`)
		if after := eval[string](t, ctx, `JSON.stringify(document.querySelector("#board").getBoundingClientRect())`); after != boardAt {
			t.Fatalf("%s: the board moved when the score came: %s, then %s", where, boardAt, after)
		}
		txt := eval[string](t, ctx, `document.querySelector("#evalbar .eval-text").textContent`)
		if !evalTextRE.MatchString(txt) || (v.Eval != nil && v.Eval.CP > 0 && !strings.HasPrefix(txt, "+")) || (v.Eval != nil && v.Eval.CP < 0 && !strings.HasPrefix(txt, "−")) {
			t.Fatalf("%s: the bar says %q for %+v", where, txt, v.Eval)
		}
		// Extreme scores on the page's own bar: signed, within it.
		for _, c := range []struct{ e, want string }{{`{cp: 1000}`, "+10"}, {`{cp: -2500}`, "−25"}, {`{mate: 3}`, "+M3"}, {`{mate: -12}`, "−M12"}, {`{cp: -1234}`, "−12"}} {
			res := evalAwait(t, ctx, `import("/static/evalbar.js").then((m) => {
  const bar = document.querySelector("#evalbar"); bar.querySelector(".white-part").style.transition = "none"; m.renderEvalBar(bar, `+c.e+`, false);
  const tx = bar.querySelector(".eval-text"), wp = bar.querySelector(".white-part").getBoundingClientRect(), b = bar.getBoundingClientRect();
  const share = (b.height > b.width ? wp.height / b.height : wp.width / b.width);
  return tx.textContent + " " + (tx.scrollWidth <= bar.clientWidth + 0.5) + " " + (share > 0.01 && share < 0.99) })`)
			if res != c.want+" true true" {
				t.Fatalf("%s: the bar for %s: %q, want %q fitting, both colours shown", where, c.e, res, c.want+" true true")
			}
		}

		// Sound on: a move sounds.
		run(t, ctx, "unmute", chromedp.Click(action("sound"), chromedp.NodeVisible))
		playByClicks(t, ctx, mustView(t, a, id), moveFrom(mustView(t, a, id), "g1"))
		waitJS(t, ctx, "a sound", `["move", "capture", "check"].includes(document.body.dataset.lastSound)`)

		// Reduced motion: nothing slides.
		reducedMotion(t, ctx, true)
		waitJS(t, ctx, "the reply", sanCount(4)+" && "+idle())
		eval[bool](t, ctx, `(delete document.querySelector("#board").dataset.slid, true)`)
		playByClicks(t, ctx, mustView(t, a, id), moveFrom(mustView(t, a, id), "b1"))
		waitJS(t, ctx, "the reply", sanCount(6)+" && "+idle())
		if slid := eval[string](t, ctx, `document.querySelector("#board").dataset.slid || ""`); slid != "" {
			t.Fatalf("%s: %q slid under reduced motion", where, slid)
		}
		reducedMotion(t, ctx, false)

		// The saved list counts full moves: 6 actions are 3 moves.
		run(t, ctx, "the saved games", chromedp.Click(action("new-game")), chromedp.WaitVisible(chromedp.CSS(`#saved a[data-game="`+id+`"]`)))
		li := eval[string](t, ctx, `document.querySelector('#saved a[data-game="`+id+`"]').closest("li").textContent`)
		want := map[string]string{"en": "3 moves", "es": "3 jugadas"}[lang]
		if !strings.Contains(li, want) {
			t.Fatalf("%s: the saved game %q, want %q", where, li, want)
		}
		shot(t, ctx, where+"-saved")
	})
}

// evalAwait evaluates a promise to its string.
func evalAwait(t *testing.T, ctx context.Context, js string) string {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// moveFrom is a legal move of the piece on from, the first listed.
func moveFrom(v gamesView, from string) string {
	for _, l := range v.Legal {
		if strings.HasPrefix(l, from) && len(l) == 4 {
			return l
		}
	}
	return ""
}
