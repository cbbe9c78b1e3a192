package e2e

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// awaitJS is eval of a promise's value.
func awaitJS[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// TestForeignHostRefusedInTheBrowser (issue 30 §5): a browser that
// reaches the app under a foreign name — DNS rebinding, simulated with
// chromium's host resolver mapping evil.example to 127.0.0.1 — gets 421
// for the page and for a game's creation from that page, and nothing is
// created; the same browser at 127.0.0.1 plays.
func TestForeignHostRefusedInTheBrowser(t *testing.T) {
	path := chromium()
	if path == "" {
		t.Skip("chromium is not installed; run scripts/install-browser.sh")
	}
	a := startApp(t, t.TempDir(), "127.0.0.1:0")
	defer a.stop()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("host-resolver-rules", "MAP evil.example 127.0.0.1"),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelA()
	ctx, cancelC := chromedp.NewContext(actx)
	defer cancelC()
	if err := chromedp.Do(ctx); err != nil { // starts the browser, for the test's whole length
		t.Fatal(err)
	}
	port := a.addr[strings.LastIndex(a.addr, ":"):]
	foreign := "http://evil.example" + port + "/"
	run(t, ctx, "open the app under a foreign name", chromedp.Navigate(foreign))
	if status := awaitJS[int](t, ctx, `fetch(location.href).then((r) => r.status)`); status != http.StatusMisdirectedRequest {
		t.Fatalf("the page under evil.example answered %d, want 421", status)
	}
	if body := eval[string](t, ctx, `document.body.innerText`); !strings.Contains(body, "evil.example") {
		t.Errorf("the refusal does not say which name: %q", body)
	}
	code := awaitJS[int](t, ctx, `fetch("/api/games", {method: "POST", headers: {"Content-Type": "application/json"},
		body: JSON.stringify({mode: "engine", color: "white", level: 1})}).then((r) => r.status)`)
	if code != http.StatusMisdirectedRequest {
		t.Fatalf("a game created from evil.example: %d, want 421", code)
	}
	if list, err := a.st.List("", 10); err != nil || len(list) != 0 {
		t.Fatalf("the store holds %d games after the refusals (%v)", len(list), err)
	}
	run(t, ctx, "the same browser at 127.0.0.1", chromedp.Navigate(a.url()), chromedp.WaitVisible(action("new-game")))
}
