package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
)

var rematchWords = map[string][2]string{"en": {"Rematch", "Open the rematch"}, "es": {"Revancha", "Ir a la revancha"}}

// buttonText is a data-action button's text, "" when it is hidden.
func buttonText(a string) string {
	return `(() => { const b = document.querySelector('button[data-action="` + a + `"]'); return b && !b.hidden ? b.textContent : "" })()`
}

// resignThenRematch resigns game id in resigner's page; both pages
// (one when they are the same) then offer Rematch in lang, and asker's
// click opens the new game there: its id.
func resignThenRematch(t *testing.T, resigner, asker context.Context, id, lang, name string) string {
	t.Helper()
	run(t, resigner, "resign", chromedp.Click(action("resign")), chromedp.Click(action("confirm-yes"), chromedp.NodeVisible))
	for _, ctx := range []context.Context{resigner, asker} {
		waitJS(t, ctx, "the resignation", statusIs("resign"))
		if got := eval[string](t, ctx, buttonText("rematch")); got != rematchWords[lang][0] {
			t.Fatalf("%s: the Rematch button reads %q", name, got)
		}
	}
	shot(t, asker, name+"-1-over")
	run(t, asker, "ask for the rematch", chromedp.Click(action("rematch"), chromedp.NodeVisible))
	waitJS(t, asker, "the new game", `location.hash !== "#`+id+`" && localStorage.getItem("azar.game") === location.hash.slice(1)`)
	return gameID(t, asker)
}

// TestRematchAgainstTheEngine: White resigns against Azar; the Rematch
// button makes the game again with the colours swapped (the player
// Black, the board turned, Azar's first move), the same level; the old
// game then offers Open the rematch, which leads there. At 1280×900 and
// 375×812 in English and Spanish.
func TestRematchAgainstTheEngine(t *testing.T) {
	onScreens(t, []screen{desktop, phone375}, func(ctx context.Context, a *app, s screen, lang string) {
		name := sizeName(s, lang)
		id := newGame(t, ctx, `{variant: "chess", mode: "engine", color: "white", level: 2}`)
		if got := eval[string](t, ctx, buttonText("rematch")); got != "" {
			t.Fatalf("%s: a Rematch button %q during the game", name, got)
		}
		playJS(t, ctx, "e2e4")
		waitJS(t, ctx, "Azar's reply", sanCount(2)+" && "+idle())
		re := resignThenRematch(t, ctx, ctx, id, lang, name)
		waitJS(t, ctx, "Azar's first move", sanCount(1)+" && "+idle()+" && "+statusIs("playing"))
		if got := eval[string](t, ctx, firstSquare()); got != "h1" {
			t.Fatalf("%s: the rematch's board starts at %s, want h1 (the player Black)", name, got)
		}
		old, v := mustView(t, a, id), mustView(t, a, re)
		if old.Rematch == nil || old.Rematch.ID != re || v.Human != "b" || v.Mode != "engine" || v.Variant != "chess" || v.Level != 2 {
			t.Fatalf("%s: the old game's rematch %+v; the new one human %q mode %q variant %q level %d", name, old.Rematch, v.Human, v.Mode, v.Variant, v.Level)
		}
		if got := eval[string](t, ctx, buttonText("rematch")); got != "" {
			t.Fatalf("%s: a Rematch button %q in the new game", name, got)
		}
		shot(t, ctx, name+"-2-rematch")
		// Back to the old game: its button leads to the rematch.
		eval[bool](t, ctx, `(() => { location.hash = "`+id+`"; return true })()`)
		waitJS(t, ctx, "the old game", `location.hash === "#`+id+`" && `+statusIs("resign"))
		if got := eval[string](t, ctx, buttonText("rematch")); got != rematchWords[lang][1] {
			t.Fatalf("%s: the old game's button reads %q", name, got)
		}
		run(t, ctx, "open the rematch", chromedp.Click(action("rematch"), chromedp.NodeVisible))
		waitJS(t, ctx, "the rematch again", `location.hash === "#`+re+`" && `+statusIs("playing"))
	})
}

// TestRematchOnline: two people on their own browsers (the host White
// at one screen size, the friend Black at the other); White resigns,
// Black asks for the rematch, and both screens move to the new game by
// themselves: Black now White, the friend's seat taken from the code in
// its own view of the old game, both connected, Black's board turned.
// In English and Spanish.
func TestRematchOnline(t *testing.T) {
	browser, _ := browserContext(t)
	a := startApp(t, t.TempDir(), "127.0.0.1:0")
	defer func() { a.stop() }()
	for _, pair := range [][2]screen{{desktop, phone375}, {phone375, desktop}} {
		for _, lang := range []string{"en", "es"} {
			name := sizeName(pair[0], lang)
			host, guest := person(t, browser, pair[0]), person(t, browser, pair[1])
			id, link := hostOnline(t, a, host, "chess", "white")
			setLang(t, host, lang)
			joinBy(t, guest, link, id, "b")
			setLang(t, guest, lang)
			waitJS(t, host, "the friend connected", seatStatus("b")+` === "connected"`)
			playJS(t, host, "e2e4")
			waitJS(t, guest, "e4 on the friend's screen", sanCount(1))
			re := resignThenRematch(t, host, guest, id, lang, name)
			waitJS(t, host, "White moved to the new game", `location.hash === "#`+re+`" && !document.querySelector("#game").hidden`+
				` && document.querySelectorAll("#board [data-square]").length > 0`)
			for _, p := range []struct {
				ctx        context.Context
				seat, peer string
				top        string
			}{{host, "b", "w", "h1"}, {guest, "w", "b", "a8"}} {
				waitJS(t, p.ctx, "both connected", seatStatus(p.seat)+` === "you" && `+seatStatus(p.peer)+` === "connected" && `+statusIs("playing"))
				if got := eval[string](t, p.ctx, `(JSON.parse(localStorage.getItem("azar.seats") || "{}")["`+re+`"] || {}).seat || ""`); got != p.seat {
					t.Fatalf("%s: the seat kept in the rematch is %q, want %q", name, got, p.seat)
				}
				if got := eval[string](t, p.ctx, firstSquare()); got != p.top {
					t.Fatalf("%s: seat %s's board starts at %s, want %s", name, p.seat, got, p.top)
				}
			}
			if v := mustView(t, a, re); v.Waiting || v.Mode != "online" {
				t.Fatalf("%s: the rematch waits %v, mode %q", name, v.Waiting, v.Mode)
			}
			// The new game is played: Black's requester is White now.
			playJS(t, guest, "d2d4")
			waitJS(t, host, "d4 on the other screen", sanCount(1))
			shot(t, host, name+"-2-host-rematch")
			shot(t, guest, name+"-2-guest-rematch")
		}
	}
}
