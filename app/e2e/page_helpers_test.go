package e2e

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"azar/app/games"
)

// screen is a window size the page is checked at: a desktop and phones.
type screen struct {
	name string
	w, h int64
	// phone: a touch screen with a mobile viewport.
	phone bool
}

var (
	desktop  = screen{"desktop", 1280, 900, false}
	phone375 = screen{"phone375", 375, 812, true}
	phone390 = screen{"phone390", 390, 844, true}
)

// setScreen sizes the page's viewport.
func setScreen(t *testing.T, ctx context.Context, s screen) {
	t.Helper()
	opts := []chromedp.EmulateViewportOption{chromedp.EmulatePortrait}
	if s.phone {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
	} else {
		opts = []chromedp.EmulateViewportOption{chromedp.EmulateLandscape}
	}
	run(t, ctx, "viewport "+s.name, chromedp.EmulateViewport(s.w, s.h, opts...))
}

// reducedMotion asks the page for reduced motion (or not).
func reducedMotion(t *testing.T, ctx context.Context, on bool) {
	t.Helper()
	v := "no-preference"
	if on {
		v = "reduce"
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: v}},
	}); err != nil {
		t.Fatal(err)
	}
}

// setLang switches the page's language by its switch.
func setLang(t *testing.T, ctx context.Context, lang string) {
	t.Helper()
	eval[bool](t, ctx, `(() => { const s = document.querySelector("[data-lang]"); s.value = "`+lang+`"; s.dispatchEvent(new Event("change")); return true })()`)
}

// newGameJS creates a game through the API from the page and opens it;
// it evaluates to the game's id.
func newGame(t *testing.T, ctx context.Context, body string) string {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 20e9)
	defer cancel()
	id, err := chromedp.Run(c, chromedp.Evaluate[string](`fetch("/api/games", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(`+body+`)})
		.then((r) => r.json()).then((c) => {
			// The seat's token kept as the page keeps it (invite.js).
			const s = JSON.parse(localStorage.getItem("azar.seats") || "{}");
			s[c.view.id] = { token: c.token, seat: c.seat };
			localStorage.setItem("azar.seats", JSON.stringify(s));
			location.hash = c.view.id;
			return c.view.id;
		})`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("new game %s: %v", body, err)
	}
	// The page keeps the id once it has the game's view, and shows it
	// in the same turn (game-screen.js's open).
	waitJS(t, ctx, "the game shown", `!document.querySelector("#game").hidden && localStorage.getItem("azar.game") === "`+id+`" && document.querySelectorAll("#board [data-square]").length > 0`)
	return id
}

// gameBodies are the five games as the layout tests open them.
var gameBodies = []struct{ name, body string }{
	{"chess", `{variant: "chess", mode: "engine", color: "white", level: 1}`},
	{"lucky", `{variant: "lucky", mode: "engine", color: "white", level: 1}`},
	{"spy", `{variant: "spy", mode: "engine", color: "white", level: 1}`},
	{"magic", `{variant: "magic", mode: "engine", color: "white", level: 1}`},
	{"chaturanga4", `{variant: "chaturanga4", seats: [{player: "you"}, {player: "person"}, {player: "person"}, {player: "person"}]}`},
}

func sizeName(s screen, lang string) string { return fmt.Sprintf("%s-%s", s.name, lang) }

type gamesView = games.View

// mustView is the game's view on the server.
func mustView(t *testing.T, a *app, id string) games.View {
	t.Helper()
	v, err := a.m.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// legalMove is the first of prefs that game id may play now, or else
// its first legal move that touches none of the squares in keep, with
// the piece on its from-square: the level-1 engine's replies vary (a
// check, a piece on the square), so a test that plays a move after one
// of them asks the server which it may.
func legalMove(t *testing.T, a *app, id string, keep []string, prefs ...string) (move, piece string) {
	t.Helper()
	v := mustView(t, a, id)
	for _, m := range prefs {
		if slices.Contains(v.Legal, m) {
			return m, v.Pieces[m[:2]]
		}
	}
	for _, m := range v.Legal {
		if len(m) >= 4 && !slices.Contains(keep, m[:2]) && !slices.Contains(keep, m[2:4]) {
			return m, v.Pieces[m[:2]]
		}
	}
	t.Fatalf("game %s: none of %v is legal and every legal move %v touches %v", id, prefs, v.Legal, keep)
	return "", ""
}

// onScreens runs f on one browser and server at each screen in
// English then Spanish, each time from the new-game form in that
// language.
func onScreens(t *testing.T, screens []screen, f func(ctx context.Context, a *app, s screen, lang string)) {
	onScreensSeeded(t, 0, screens, f)
}

// onScreensSeeded is onScreens with every card game dealt from seed.
func onScreensSeeded(t *testing.T, seed uint64, screens []screen, f func(ctx context.Context, a *app, s screen, lang string)) {
	ctx, _ := browserContext(t)
	a := startSeeded(t, t.TempDir(), "127.0.0.1:0", seed)
	defer func() { a.stop() }()
	for _, s := range screens {
		for _, lang := range []string{"en", "es"} {
			setScreen(t, ctx, s)
			run(t, ctx, "open the page", chromedp.Navigate(a.url()), chromedp.WaitVisible(action("new-game")),
				chromedp.Click(action("new-game")), chromedp.WaitVisible(action("start-game")))
			setLang(t, ctx, lang)
			f(ctx, a, s, lang)
		}
	}
}
