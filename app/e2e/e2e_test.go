package e2e

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"azar/app/engine"
	"azar/app/games"
	"azar/app/server"
	"azar/app/store"
)

// app is a running `azar serve` on a loopback port, restartable on the
// same port and data directory.
type app struct {
	t    *testing.T
	dir  string
	addr string
	st   *store.Store
	pool *engine.Pool
	m    *games.Manager
	srv  *http.Server
	// delay pauses the engine before a search (nil: none); see delayed.
	delay *atomic.Pointer[func(*engine.Request) time.Duration]
}

func startApp(t *testing.T, dir, addr string) *app { return startSeeded(t, dir, addr, 0) }

// startSeeded starts the app with every card game dealt from seed (0: a
// random one).
func startSeeded(t *testing.T, dir, addr string, seed uint64) *app {
	t.Helper()
	st, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	pool := engine.NewPool(2, engine.Config{HashMB: 1})
	// A one-ply budget: the tests wait on the page, not on the search.
	delay := new(atomic.Pointer[func(*engine.Request) time.Duration])
	cfg := games.Config{Store: st, Engine: delayed{pool, delay}, GoArgs: func(int) string { return "depth 1" }}
	if seed != 0 {
		cfg.NewSeed = func() uint64 { return seed }
	}
	m, err := games.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var ln net.Listener
	for try := 0; ; try++ {
		if ln, err = net.Listen("tcp", addr); err == nil || try == 50 {
			break
		}
		time.Sleep(20 * time.Millisecond) // the old listener's port is being released
	}
	if err != nil {
		t.Fatal(err)
	}
	a := &app{t: t, dir: dir, addr: ln.Addr().String(), st: st, pool: pool, m: m, srv: &http.Server{Handler: server.New(m, nil)}, delay: delay}
	go a.srv.Serve(ln)
	return a
}

func (a *app) url() string { return "http://" + a.addr + "/" }

// stop ends the server as a killed process would leave it: the event
// streams cut, the engine gone, only the file left.
func (a *app) stop() {
	if a.srv == nil {
		return
	}
	a.srv.Close()
	a.m.Close()
	a.pool.Close()
	a.st.Close()
	a.srv = nil
}

func (a *app) restart() *app {
	a.stop()
	return startApp(a.t, a.dir, a.addr)
}

// chromium is the browser's path, or "" when it is not installed.
func chromium() string {
	for _, p := range []string{"/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	return ""
}

// browserContext starts a headless chromium for the test.
func browserContext(t *testing.T) (context.Context, string) {
	t.Helper()
	path := chromium()
	if path == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium is not installed (scripts/install-browser.sh installs it)")
		}
		t.Skip("chromium is not installed; run scripts/install-browser.sh")
	}
	downloads := t.TempDir()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox, // tests run as root
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1100, 800),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelC(); cancelA() })
	if err := chromedp.Do(ctx); err != nil { // starts the browser
		t.Fatal(err)
	}
	if _, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: downloads,
	}); err != nil {
		t.Fatal(err)
	}
	return ctx, downloads
}

// run runs the steps with a bound on their time.
func run(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(c, steps...); err != nil {
		shot(t, ctx, "failed-"+strings.ReplaceAll(what, " ", "-"))
		t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression.
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// waitJS waits until the expression is true.
func waitJS(t *testing.T, ctx context.Context, what, js string) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if _, err := chromedp.Run(c, chromedp.Poll[bool](js, chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		shot(t, ctx, "failed-"+strings.ReplaceAll(what, " ", "-"))
		t.Fatalf("waiting for %s (%s): %v", what, js, err)
	}
}

func screenshotDir(t *testing.T) string {
	dir := os.Getenv("AZAR_SCREENSHOTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "azar-e2e-screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// shot saves a screenshot of the window as <test>-<name>.png.
func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	b, err := chromedp.Run(c, chromedp.FullScreenshot(100)) // 100: PNG
	if err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	path := filepath.Join(screenshotDir(t), t.Name()+"-"+name+".png")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s", path)
}

func sq(s string) chromedp.CSS     { return chromedp.CSS(`[data-square="` + s + `"]`) }
func piece(s string) chromedp.CSS  { return chromedp.CSS(`[data-square="` + s + `"] [data-piece]`) }
func action(a string) chromedp.CSS { return chromedp.CSS(`button[data-action="` + a + `"]`) }
func has(s, p string) chromedp.CSS {
	return chromedp.CSS(`[data-square="` + s + `"] [data-piece="` + p + `"]`)
}
func sanCount(n int) string {
	return fmt.Sprintf(`document.querySelectorAll("#moves .san:not(:empty)").length === %d`, n)
}
func idle() string { return `document.querySelector("[data-status]").dataset.thinking === "false"` }
func statusIs(s string) string {
	return `document.querySelector("[data-status]").dataset.status === "` + s + `"`
}
func pieceAt(s string) string {
	return `(document.querySelector('[data-square="` + s + `"] [data-piece]') || {dataset: {}}).dataset.piece || ""`
}
func firstSquare() string { return `document.querySelector("#board [data-square]").dataset.square` }

// clickSq clicks the square with the mouse. The page may redraw the
// board between finding the square and clicking it (a view arriving): the
// node is then gone ("Could not find node"), and the click is tried again
// on the square drawn now, up to three times.
func clickSq(s string) chromedp.Action[chromedp.Void] {
	click := chromedp.Click(sq(s), chromedp.NodeVisible)
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		for try := 1; ; try++ {
			v, err := click(ctx, tg)
			if err == nil || try == 3 || !strings.Contains(err.Error(), "Could not find node") {
				return v, err
			}
		}
	}
}

// moveByClicks plays from-to with two clicks, the second once the first
// has shown its dot on the target. Under load (CI's two cores) the first
// click can land before the page takes input (the game's view not yet
// applied: the square is then refused and nothing is selected); the dot
// does not come, the square is not selected, and the first click is
// tried again, up to three times. A click that did select is never
// repeated, since a second one would drop the selection.
func moveByClicks(from, to string) chromedp.Action[chromedp.Void] {
	dot := `!!document.querySelector('[data-square="` + to + `"] .dot')`
	selected := `!!document.querySelector('[data-square="` + from + `"].selected')`
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		for try := 1; ; try++ {
			if _, err := clickSq(from)(ctx, tg); err != nil {
				return chromedp.Void{}, err
			}
			c, cancel := context.WithTimeout(ctx, 5*time.Second)
			_, err := chromedp.Poll[bool](dot, chromedp.WithPollingInterval(20*time.Millisecond))(c, tg)
			cancel()
			if err == nil {
				return clickSq(to)(ctx, tg)
			}
			if ctx.Err() != nil || try == 3 {
				return chromedp.Void{}, fmt.Errorf("no dot on %s after clicking %s %d times: %w", to, from, try, err)
			}
			if sel, err := chromedp.Evaluate[bool](selected)(ctx, tg); err != nil || sel {
				return chromedp.Void{}, fmt.Errorf("%s selected but no dot on %s (%v)", from, to, err)
			}
		}
	}
}

// TestPlayAgainstTheEngine plays White against the engine by clicks and by
// a drag, checks the dots, flip, coordinates, undo and the PGN download,
// then restarts the server mid-game and goes on.
func TestPlayAgainstTheEngine(t *testing.T) {
	ctx, downloads := browserContext(t)
	a := startApp(t, t.TempDir(), "127.0.0.1:0")
	defer func() { a.stop() }()

	run(t, ctx, "open the page", chromedp.Navigate(a.url()), chromedp.WaitVisible(action("start-game")))
	shot(t, ctx, "1-new-game-form")
	run(t, ctx, "start a game",
		chromedp.Click(chromedp.CSS(`[data-variant="chess"]`)),
		chromedp.Click(chromedp.CSS(`[data-mode="engine"]`)),
		chromedp.Click(chromedp.CSS(`[data-color="white"]`)),
		chromedp.Click(chromedp.CSS(`[data-level="2"]`)),
		chromedp.Click(action("start-game")),
		chromedp.WaitVisible(has("e2", "wP")),
	)
	if got := eval[string](t, ctx, firstSquare()); got != "a8" {
		t.Fatalf("White's board starts at %s, want a8", got)
	}
	if dark := eval[bool](t, ctx, `document.querySelector('[data-square="a1"]').classList.contains("dark")`); !dark {
		t.Fatal("a1 is not a dark square")
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-piece]").length`); n != 32 {
		t.Fatalf("%d pieces on the board", n)
	}

	// Click-click, with the legal-move dots between the clicks.
	run(t, ctx, "select e2", clickSq("e2"), chromedp.WaitVisible(chromedp.CSS(`[data-square="e4"] .dot`)))
	if dots := eval[string](t, ctx, `Array.from(document.querySelectorAll(".dot")).map(d => d.parentElement.dataset.square).sort().join(" ")`); dots != "e3 e4" {
		t.Fatalf("dots on %q, want e3 e4", dots)
	}
	shot(t, ctx, "2-legal-dots")
	run(t, ctx, "play e4", clickSq("e4"), chromedp.WaitVisible(has("e4", "wP")))
	waitJS(t, ctx, "the engine's reply", sanCount(2)+" && "+idle())
	if eval[string](t, ctx, `document.querySelector("#moves .san").textContent`) != "e4" {
		t.Fatal("the move list does not start with e4")
	}

	// A hint: an arrow from one of White's pieces, gone after the move.
	run(t, ctx, "hint", chromedp.Click(action("hint")), chromedp.WaitVisible(chromedp.CSS(`svg[data-hint]`)))
	hinted := eval[string](t, ctx, `document.querySelector("svg[data-hint]").dataset.hint`)
	if p := eval[string](t, ctx, pieceAt(hinted[:2])); len(hinted) < 4 || !strings.HasPrefix(p, "w") {
		t.Fatalf("hint %q starts on %q", hinted, p)
	}
	shot(t, ctx, "3-hint-arrow")

	// A drag: the knight from g1 to f3.
	run(t, ctx, "drag Nf3", chromedp.DragAndDrop(piece("g1"), sq("f3")), chromedp.WaitVisible(has("f3", "wN")))
	waitJS(t, ctx, "the engine's second reply", sanCount(4)+" && "+idle())
	if n := eval[int](t, ctx, `document.querySelectorAll("svg[data-hint]").length`); n != 0 {
		t.Fatal("the hint arrow outlived the move")
	}
	shot(t, ctx, "3-after-drag")

	// An illegal drop changes nothing: the rook cannot leave h1.
	run(t, ctx, "drag the rook nowhere", chromedp.DragAndDrop(piece("h1"), sq("h5")))
	if p := eval[string](t, ctx, pieceAt("h1")); p != "wR" {
		t.Fatalf("h1 holds %q after an illegal drag", p)
	}

	run(t, ctx, "flip", chromedp.Click(action("flip")))
	if got := eval[string](t, ctx, firstSquare()); got != "h1" {
		t.Fatalf("the flipped board starts at %s, want h1", got)
	}
	run(t, ctx, "coordinates off", chromedp.Click(action("coords")))
	if eval[int](t, ctx, `Array.from(document.querySelectorAll(".coord")).filter(c => c.offsetParent !== null).length`) != 0 {
		t.Fatal("coordinates still shown")
	}
	shot(t, ctx, "4-flipped-no-coordinates")
	run(t, ctx, "flip back, coordinates on", chromedp.Click(action("flip")), chromedp.Click(action("coords")))

	// Undo takes back the engine's reply and Nf3.
	run(t, ctx, "undo", chromedp.Click(action("undo")))
	waitJS(t, ctx, "the undo", sanCount(2))
	if p := eval[string](t, ctx, pieceAt("g1")); p != "wN" {
		t.Fatalf("g1 holds %q after undo", p)
	}

	// The PGN download.
	run(t, ctx, "download the PGN", chromedp.Click(action("pgn")))
	pgn := waitFile(t, downloads)
	if !strings.Contains(pgn, "[White \"Player\"]") || !strings.Contains(pgn, "\n1. e4 ") || !strings.HasSuffix(pgn, " *\n") {
		t.Fatalf("downloaded PGN:\n%s", pgn)
	}

	// The server restarts mid-game. The open page goes on: its move is
	// taken by the new server, whose engine replies through the event
	// stream the page reopens by itself.
	a = a.restart()
	run(t, ctx, "play d4 after the restart", moveByClicks("d2", "d4"), chromedp.WaitVisible(has("d4", "wP")))
	waitJS(t, ctx, "the engine after the restart", sanCount(4)+" && "+idle())
	shot(t, ctx, "5-after-restart")
	// A second restart, and a reload: the page finds the game as it was.
	before := eval[string](t, ctx, `document.querySelector("#moves").textContent`)
	a = a.restart()
	run(t, ctx, "reload", chromedp.Reload(), chromedp.WaitVisible(has("d4", "wP")))
	waitJS(t, ctx, "the resumed game", sanCount(4)+" && "+idle())
	if after := eval[string](t, ctx, `document.querySelector("#moves").textContent`); after != before {
		t.Fatalf("moves after the restart %q, before %q", after, before)
	}

	// Resign, confirmed in the page's dialog.
	run(t, ctx, "resign", chromedp.Click(action("resign")), chromedp.Click(action("confirm-yes")))
	waitJS(t, ctx, "the resignation", statusIs("resign"))
	shot(t, ctx, "6-resigned")
}

func waitFile(t *testing.T, dir string) string {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		es, _ := os.ReadDir(dir)
		for _, e := range es {
			if strings.HasSuffix(e.Name(), ".pgn") {
				b, err := os.ReadFile(filepath.Join(dir, e.Name()))
				if err == nil && len(b) > 0 {
					return string(b)
				}
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no .pgn file arrived in %s", dir)
	return ""
}

// TestTwoPlayersPromotionAndMate plays on one device: a promotion through
// the chooser from a position, then fool's mate, in Spanish.
func TestTwoPlayersPromotionAndMate(t *testing.T) {
	ctx, _ := browserContext(t)
	a := startApp(t, t.TempDir(), "127.0.0.1:0")
	defer a.stop()

	run(t, ctx, "open the page", chromedp.Navigate(a.url()), chromedp.WaitVisible(action("start-game")))
	// Spanish through the language switch.
	eval[bool](t, ctx, `(() => { const s = document.querySelector("[data-lang]"); s.value = "es"; s.dispatchEvent(new Event("change")); return true })()`)
	if got := eval[string](t, ctx, `document.querySelector('[data-action="start-game"]').textContent`); got != "Jugar" {
		t.Fatalf("the start button reads %q in Spanish", got)
	}
	run(t, ctx, "a game from a position",
		chromedp.Click(chromedp.CSS(`[data-mode="local"]`)),
		chromedp.WaitNotVisible(chromedp.CSS(`[data-level="3"]`)),
		chromedp.Click(chromedp.CSS(`details summary`)),
		chromedp.SendKeys(chromedp.CSS(`[data-fen]`), "8/P6k/8/8/8/8/8/K7 w - - 0 1"),
		chromedp.Click(action("start-game")),
		chromedp.WaitVisible(has("a7", "wP")),
	)
	run(t, ctx, "a7-a8 opens the chooser", clickSq("a7"), clickSq("a8"), chromedp.WaitVisible(chromedp.CSS(`[data-promotion="n"]`)))
	shot(t, ctx, "1-promotion-chooser")
	run(t, ctx, "promote to a rook", chromedp.Click(chromedp.CSS(`[data-promotion="r"]`)), chromedp.WaitVisible(has("a8", "wR")))
	if got := eval[string](t, ctx, `document.querySelector("[data-status]").textContent`); got != "Juegan negras" {
		t.Fatalf("status %q", got)
	}

	run(t, ctx, "back to the form", chromedp.Click(action("new-game")), chromedp.WaitVisible(action("start-game")))
	eval[bool](t, ctx, `(() => { document.querySelector("[data-fen]").value = ""; return true })()`)
	run(t, ctx, "a new game", chromedp.Click(action("start-game")), chromedp.WaitVisible(has("e2", "wP")))
	for _, m := range []string{"f2 f3", "e7 e5", "g2 g4", "d8 h4"} {
		from, to, _ := strings.Cut(m, " ")
		run(t, ctx, "play "+m, clickSq(from), clickSq(to), chromedp.WaitVisible(chromedp.CSS(`[data-square="`+to+`"] [data-piece]`)))
	}
	waitJS(t, ctx, "checkmate", statusIs("checkmate"))
	if got := eval[string](t, ctx, `document.querySelector("[data-status]").textContent`); got != "Jaque mate — ganan las negras" {
		t.Fatalf("status %q", got)
	}
	if !eval[bool](t, ctx, `document.querySelector('[data-square="e1"]').classList.contains("check")`) {
		t.Fatal("the mated king is not marked")
	}
	shot(t, ctx, "2-fools-mate")

	// The post-game analysis: accuracy, the blunder, the graph.
	run(t, ctx, "analyse", chromedp.Click(action("analyze"), chromedp.NodeVisible),
		chromedp.WaitVisible(chromedp.CSS(`[data-accuracy="w"]`)))
	waitJS(t, ctx, "the graph", `(() => { const i = document.querySelector("[data-analysis-graph]"); return i.complete && i.naturalWidth > 0 })()`)
	if got := eval[string](t, ctx, `document.querySelector('.judged li[data-label="blunder"]').textContent`); !strings.Contains(got, "g4??") {
		t.Fatalf("the blunder reads %q", got)
	}
	if got := eval[string](t, ctx, `document.querySelector('#moves .san[data-label="blunder"]').textContent`); got != "g4??" {
		t.Fatalf("the move list marks %q", got)
	}
	if eval[bool](t, ctx, `!document.querySelector('[data-action="analyze"]').hidden`) {
		t.Fatal("the Analyse button is still offered")
	}
	run(t, ctx, "scroll to the analysis", chromedp.ScrollIntoView(chromedp.CSS(`[data-analysis-graph]`)))
	shot(t, ctx, "3-analysis")

	// The game is in the saved list with its result.
	// (The list shown before is refreshed when the form opens.)
	run(t, ctx, "the saved games", chromedp.Click(action("new-game")), chromedp.WaitVisible(chromedp.CSS(`#saved li`)))
	waitJS(t, ctx, "the mated game first in the list", `document.querySelectorAll("#saved li").length === 2 && document.querySelector("#saved li .result").textContent === "0-1"`)
	shot(t, ctx, "4-saved-games")
}
