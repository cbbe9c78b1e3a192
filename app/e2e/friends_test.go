package e2e

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"azar/app/games"
	"azar/app/qr"
)

// recorder keeps every body and event the page receives in
// window.__received, so that a test may search all of it for a secret
// the player may not see (not only what the page happens to draw).
const recorder = `(() => {
  window.__received = [];
  const keep = (x) => { window.__received.push(x); };
  const fetch0 = window.fetch;
  window.fetch = async (...args) => {
    const r = await fetch0(...args);
    r.clone().text().then(keep, () => {});
    return r;
  };
  const ES = window.EventSource;
  window.EventSource = function (url, opts) {
    const es = new ES(url, opts);
    es.addEventListener("state", (e) => keep(e.data));
    return es;
  };
  window.EventSource.prototype = ES.prototype;
})()`

// person is one player's browser: a browser context of its own in the
// test's chromium (its own cookies and localStorage, as another device
// has), at the screen s, recording what it receives.
func person(t *testing.T, browser context.Context, s screen) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: recorder}); err != nil {
		t.Fatal(err)
	}
	setScreen(t, ctx, s)
	return ctx
}

// received is everything the person's page received and shows.
func received(t *testing.T, ctx context.Context) string {
	return eval[string](t, ctx, `window.__received.join("\n") + "\n" + document.body.innerHTML`)
}

// noSecrets fails when the person's page received or shows any of them.
func noSecrets(t *testing.T, ctx context.Context, who string, secrets []string) {
	t.Helper()
	all := received(t, ctx)
	if len(all) < 1000 {
		t.Fatalf("%s received only %d bytes: the recorder is not working", who, len(all))
	}
	for _, s := range secrets {
		if strings.Contains(all, s) {
			t.Fatalf("%s's page received the other's secret %q", who, s)
		}
	}
}

// hostOnline starts a game against a friend from the form in ctx: the
// game's variant, the online opponent and the colour; it waits for the
// invitation and returns the game's id and the link.
func hostOnline(t *testing.T, a *app, ctx context.Context, variant, colour string) (string, string) {
	t.Helper()
	run(t, ctx, "open the page", chromedp.Navigate(a.url()), chromedp.WaitVisible(action("start-game")))
	run(t, ctx, "against a friend", chromedp.Click(chromedp.CSS(`[data-variant="`+variant+`"]`)),
		chromedp.Click(chromedp.CSS(`[data-mode="online"]`)), chromedp.WaitVisible(chromedp.CSS(`[data-color="`+colour+`"]`)))
	if !eval[bool](t, ctx, `document.querySelector("[data-level]").closest("fieldset").hidden`) {
		t.Fatal("the level is asked for a game against a friend")
	}
	run(t, ctx, "start", chromedp.Click(chromedp.CSS(`[data-color="`+colour+`"]`)), chromedp.Click(action("start-game")),
		chromedp.WaitVisible(chromedp.CSS(`[data-invite-link]`)))
	id := gameID(t, ctx)
	link := eval[string](t, ctx, `document.querySelector("[data-invite-link]").value`)
	if !strings.HasPrefix(link, a.url()+"#join="+id+".") {
		t.Fatalf("the invitation link %q of game %s", link, id)
	}
	return id, link
}

// checkQR checks that the page shows the link's QR code as app/qr
// draws it: the same path of dark modules.
func checkQR(t *testing.T, ctx context.Context, link string) {
	t.Helper()
	waitJS(t, ctx, "the QR code", `document.querySelector("[data-qr] svg path") !== null`)
	c, err := qr.Encode([]byte(link))
	if err != nil {
		t.Fatal(err)
	}
	want := string(c.SVG())
	want = want[strings.Index(want, ` d="`)+4:]
	want = want[:strings.Index(want, `"`)]
	if got := eval[string](t, ctx, `document.querySelector("[data-qr] svg path").getAttribute("d")`); got != want {
		t.Fatalf("the QR code's path is %.60s…, app/qr draws %.60s…", got, want)
	}
}

// joinBy opens the invitation link in ctx and waits for the game: its
// id in the address (the code gone), its seat kept.
func joinBy(t *testing.T, ctx context.Context, link, id, seat string) {
	t.Helper()
	run(t, ctx, "open the invitation", chromedp.Navigate(link))
	waitJS(t, ctx, "the joined game", `!document.querySelector("#game").hidden && location.hash === "#`+id+`"`+
		` && document.querySelectorAll("#board [data-square]").length > 0`)
	if got := eval[string](t, ctx, `(JSON.parse(localStorage.getItem("azar.seats") || "{}")["`+id+`"] || {}).seat || ""`); got != seat {
		t.Fatalf("the joined seat kept is %q, want %q", got, seat)
	}
}

// seatStatus is the data-seat-status of the seat's row beside the board.
func seatStatus(seat string) string {
	return `(document.querySelector('#friends li[data-seat="` + seat + `"]') || {dataset: {}}).dataset.seatStatus`
}

// playAndSee plays tok by clicks in the mover's page and waits until
// the other page shows the move (n moves in the list).
func playAndSee(t *testing.T, mover, other context.Context, tok string, n int) {
	t.Helper()
	playByClicks(t, mover, games.View{}, tok)
	waitJS(t, other, "the move "+tok+" on the other screen", sanCount(n))
}

// TestFriendsChess: a friend on another device, in chess. The host's
// form (against a friend, White), the invitation with its link, Copy
// and QR code (app/qr's drawing of the link); the friend's browser (its
// own cookies and storage) opens the link and takes Black; both screens
// show the seats connected; a draw offered and declined and a take-back
// asked and accepted, with the buttons on the other screen; the fool's
// mate played by clicks, each move seen on the other screen; a third
// browser with the used link refused on a clear error; each saved list
// shows only its browser's games.
func TestFriendsChess(t *testing.T) {
	browser, _ := browserContext(t)
	a := startApp(t, t.TempDir(), "127.0.0.1:0")
	defer func() { a.stop() }()
	host, guest := person(t, browser, desktop), person(t, browser, phone375)

	id, link := hostOnline(t, a, host, "chess", "white")
	checkQR(t, host, link)
	// The test's server is on 127.0.0.1: the page says a friend's device
	// cannot open that address.
	if !eval[bool](t, host, `document.querySelector("[data-invite-loopback]") !== null`) {
		t.Fatal("no loopback warning on a page opened as 127.0.0.1")
	}
	waitJS(t, host, "waiting for the friend", `document.querySelector("[data-friend-turn]").dataset.friendTurn === "waiting"`+
		` && `+seatStatus("b")+` === "open"`)
	shot(t, host, "1-host-waiting")
	// The invitation on a phone: nothing wider than the screen.
	setScreen(t, host, phone375)
	if w := eval[int](t, host, `document.documentElement.scrollWidth`); w > 375 {
		t.Fatalf("the invitation is %d px wide on a 375 px phone", w)
	}
	shot(t, host, "1-host-waiting-phone")
	setScreen(t, host, desktop)
	run(t, host, "copy the link", chromedp.Click(chromedp.CSS(`[data-copy-invite="b"]`)), chromedp.WaitVisible(chromedp.CSS(`[data-note]`)))

	joinBy(t, guest, link, id, "b")
	waitJS(t, host, "the friend connected", seatStatus("b")+` === "connected" && document.querySelector("[data-invites]").hidden`)
	waitJS(t, guest, "the host connected", seatStatus("w")+` === "connected" && `+seatStatus("b")+` === "you"`)
	if got := eval[string](t, guest, `document.querySelector("[data-friend-turn]").textContent`); !strings.Contains(got, "Your friend is thinking") {
		t.Fatalf("the friend's screen says %q at White's turn", got)
	}
	if got := eval[string](t, guest, firstSquare()); got != "h1" {
		t.Fatalf("Black's board has %s top left, not h1 (not turned for Black)", got)
	}
	shot(t, guest, "2-guest-joined")

	// A draw offered by White, declined by Black.
	run(t, host, "offer a draw", chromedp.Click(action("offer-draw")))
	run(t, guest, "decline the draw", chromedp.Click(chromedp.CSS(`[data-decline-draw]`), chromedp.NodeVisible))
	waitJS(t, host, "the offer gone", `!document.querySelector('[data-consent="draw"]')`)

	playAndSee(t, host, guest, "f2f3", 1)
	playAndSee(t, guest, host, "e7e5", 2)
	playAndSee(t, host, guest, "g2g4", 3)
	// White takes back g2g4, Black agrees.
	run(t, host, "ask to take back", chromedp.Click(action("undo")))
	run(t, guest, "accept the take-back", chromedp.Click(chromedp.CSS(`[data-accept-undo]`), chromedp.NodeVisible))
	waitJS(t, host, "the move taken back", sanCount(2)+` && (`+pieceAt("g2")+`) === "wP"`)
	waitJS(t, guest, "the move taken back", sanCount(2))
	playAndSee(t, host, guest, "g2g4", 3)
	playAndSee(t, guest, host, "d8h4", 4)
	for _, ctx := range []context.Context{host, guest} {
		waitJS(t, ctx, "checkmate", statusIs("checkmate")+` && document.querySelector("[data-friend-turn]").dataset.friendTurn === "over"`)
	}
	shot(t, host, "3-host-mated")
	shot(t, guest, "3-guest-mates")
	setLang(t, guest, "es")
	if got := eval[string](t, guest, `document.querySelector("#friends").textContent`); !strings.Contains(got, "Juegas con Negras.") || !strings.Contains(got, "Blancas: tu amigo · conectado") {
		t.Fatalf("the friend's part in Spanish: %q", got)
	}
	shot(t, guest, "3-guest-mates-es")

	// A third device with the used link.
	third := person(t, browser, desktop)
	run(t, third, "open the used invitation", chromedp.Navigate(link),
		chromedp.WaitVisible(chromedp.CSS(`[data-error][data-join-error="taken"]`)))
	if got := eval[string](t, third, `document.querySelector("[data-error]").textContent`); !strings.Contains(got, "already taken") {
		t.Fatalf("the refusal reads %q", got)
	}
	if !eval[bool](t, third, `document.querySelector("#game").hidden && !location.hash.includes("join")`) {
		t.Fatal("the refused link left the game shown or the code in the address")
	}
	shot(t, third, "4-seat-taken")

	// The guest's own game against Azar is in the guest's list only.
	run(t, guest, "a game of its own", chromedp.Click(action("new-game")), chromedp.Click(chromedp.CSS(`[data-variant="chess"]`)),
		chromedp.Click(chromedp.CSS(`[data-mode="engine"]`)), chromedp.Click(action("start-game")))
	waitJS(t, guest, "its own game", `location.hash.length === 33 && location.hash !== "#`+id+`"`)
	own := gameID(t, guest)
	run(t, guest, "the list", chromedp.Click(action("new-game")), chromedp.WaitVisible(chromedp.CSS(`#saved a[data-game="`+own+`"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#saved a[data-game="`+id+`"]`)))
	run(t, host, "the list", chromedp.Click(action("new-game")), chromedp.WaitVisible(chromedp.CSS(`#saved a[data-game="`+id+`"]`)))
	if eval[int](t, host, `document.querySelectorAll('#saved a[data-game="`+own+`"]').length`) != 0 {
		t.Fatal("the host's list shows the friend's own game")
	}
	if eval[int](t, third, `document.querySelectorAll("#saved li").length`) != 0 {
		t.Fatal("the third browser's list is not empty")
	}
	if !strings.Contains(eval[string](t, host, `document.querySelector("#saved").textContent`), "against a friend") {
		t.Fatal("the saved game does not say it was against a friend")
	}
	shot(t, host, "5-host-list")
}

// twoFriends starts the app with the card games dealt from seed and a
// game of variant between two people: the host (White, at the desktop
// size) and the friend who took Black by the link (at the phone size).
func twoFriends(t *testing.T, seed uint64, variant string) (host, guest context.Context) {
	t.Helper()
	browser, _ := browserContext(t)
	a := startSeeded(t, t.TempDir(), "127.0.0.1:0", seed)
	t.Cleanup(a.stop)
	host, guest = person(t, browser, desktop), person(t, browser, phone375)
	id, link := hostOnline(t, a, host, variant, "white")
	joinBy(t, guest, link, id, "b")
	return host, guest
}

// spyPlainDeal is a seed that deals both sides a plain spy card (no
// wildcard to choose first), two different ones.
func spyPlainDeal(t *testing.T) (uint64, string, string) {
	for seed := uint64(1); seed < 1000; seed++ {
		w, b := games.SpyDeal(seed)
		if strings.HasPrefix(w, "spy:") && strings.HasPrefix(b, "spy:") && w != b {
			return seed, w, b
		}
	}
	t.Fatal("no seed")
	return 0, "", ""
}

// noAzar fails when the game screen of a game between two people calls
// the other person Azar (the panels' words for the engine).
func noAzar(t *testing.T, ctx context.Context, who string) {
	t.Helper()
	if text := eval[string](t, ctx, `document.querySelector("#game").innerText`); strings.Contains(text, "Azar") {
		t.Errorf("%s's screen names Azar in a game between two people:\n%s", who, text)
	}
}

// TestFriendsSpy: spy chess between two devices — each screen shows its
// own card and neither page ever receives the other's (every body and
// event searched), moves seen on both, the end by resignation.
func TestFriendsSpy(t *testing.T) {
	seed, white, black := spyPlainDeal(t)
	host, guest := twoFriends(t, seed, "spy")
	run(t, host, "its card", chromedp.WaitVisible(chromedp.CSS(`.my-spy [data-card="`+white+`"]`)))
	run(t, guest, "its card", chromedp.WaitVisible(chromedp.CSS(`.my-spy [data-card="`+black+`"]`)))
	for i, tok := range []string{"a2a3", "h7h6", "b2b3", "g7g6"} {
		mover, other := host, guest
		if i%2 == 1 {
			mover, other = guest, host
		}
		playAndSee(t, mover, other, tok, i+1)
	}
	noSecrets(t, host, "White", []string{black})
	noSecrets(t, guest, "Black", []string{white})
	noAzar(t, host, "White")
	noAzar(t, guest, "Black")
	shot(t, guest, "1-guest-spy")
	run(t, guest, "resign", chromedp.Click(action("resign")), chromedp.Click(action("confirm-yes")))
	waitJS(t, host, "the resignation", statusIs("resign"))
	noSecrets(t, host, "White", []string{black})
	shot(t, host, "2-host-resigned")
}

// TestFriendsMagic: magic chess between two devices — each hand on its
// own screen only: neither page receives a card of the other's hand;
// the end by resignation.
func TestFriendsMagic(t *testing.T) {
	seed, _ := magicSeed(t)
	white, black, err := games.MagicDeal(map[string]string{"mode": "classic"}, seed)
	if err != nil {
		t.Fatal(err)
	}
	host, guest := twoFriends(t, seed, "magic")
	run(t, host, "its hand", chromedp.WaitVisible(chromedp.CSS(`[data-hand] [data-card="`+white[0]+`"]`)))
	run(t, guest, "its hand", chromedp.WaitVisible(chromedp.CSS(`[data-hand] [data-card="`+black[0]+`"]`)))
	only := func(hand, other []string) []string {
		var out []string
		for _, c := range hand {
			if !strings.Contains(strings.Join(other, " "), c) {
				out = append(out, `"`+c+`"`)
			}
		}
		return out
	}
	noSecrets(t, host, "White", only(black, white))
	noSecrets(t, guest, "Black", only(white, black))
	noAzar(t, host, "White")
	noAzar(t, guest, "Black")
	shot(t, host, "1-host-hand")
	shot(t, guest, "1-guest-hand")
	run(t, host, "resign", chromedp.Click(action("resign")), chromedp.Click(action("confirm-yes")))
	waitJS(t, guest, "the resignation", statusIs("resign"))
	noSecrets(t, guest, "Black", only(white, black))
}

// TestFriendsChaturanga4: four-player chaturanga with two people on two
// devices (Red the host, Green the friend) and Azar in the two other
// seats; each person's moves by clicks on their own screen (six in
// all), every move seen on the other's, the seats' players and
// connections shown.
func TestFriendsChaturanga4(t *testing.T) {
	browser, _ := browserContext(t)
	a := startApp(t, t.TempDir(), "127.0.0.1:0")
	defer a.stop()
	host, guest := person(t, browser, desktop), person(t, browser, phone375)
	run(t, host, "open the page", chromedp.Navigate(a.url()), chromedp.WaitVisible(action("start-game")),
		chromedp.Click(chromedp.CSS(`[data-variant="chaturanga4"]`)), chromedp.WaitVisible(chromedp.CSS(`[data-seat="g"]`)))
	eval[bool](t, host, `(() => { for (const [s, v] of [["r", "you"], ["g", "friend"], ["y", "person"], ["b", "engine:1"]]) document.querySelector('[data-seat="' + s + '"]').value = v; return true })()`)
	run(t, host, "a person here beside a friend", chromedp.Click(action("start-game")), chromedp.WaitVisible(chromedp.CSS(`[data-error]`)))
	eval[bool](t, host, `(() => { document.querySelector('[data-seat="y"]').value = "engine:1"; return true })()`)
	run(t, host, "start", chromedp.Click(action("start-game")), chromedp.WaitVisible(chromedp.CSS(`[data-invite-link="g"]`)))
	id := gameID(t, host)
	link := eval[string](t, host, `document.querySelector('[data-invite-link="g"]').value`)
	if n := eval[int](t, host, `document.querySelectorAll("[data-invite]").length`); n != 1 {
		t.Fatalf("%d invitations for one friend", n)
	}
	checkQR(t, host, link)
	shot(t, host, "1-host-waiting")
	joinBy(t, guest, link, id, "g")
	for _, ctx := range []context.Context{host, guest} {
		waitJS(t, ctx, "the seats", seatStatus("y")+` === "azar" && `+seatStatus("b")+` === "azar" && `+
			seatStatus("r")+` !== "open" && `+seatStatus("g")+` !== "open"`)
	}
	rng := rand.New(rand.NewPCG(30, 4))
	pages := map[string]context.Context{"r": host, "g": guest}
	moved := map[string]int{}
	deadline := time.Now().Add(90 * time.Second)
	// Six moves of the two people (three each unless Azar takes a raja
	// first: an army that is out moves no more).
	for moved["r"]+moved["g"] < 6 {
		v := mustView(t, a, id)
		if v.Status != "playing" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("moves made: %v", moved)
		}
		ctx, person := pages[v.Turn]
		if !person || v.Thinking || len(v.Legal) == 0 {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		n := itoa(len(v.Moves))
		for _, c := range []context.Context{host, guest} {
			waitJS(t, c, "the position at "+v.Turn+"'s turn", `document.querySelectorAll("#moves .san").length === `+n)
		}
		tok := c4Choice(v, rng)
		from, to := tok[:2], tok[2:4]
		if from == to {
			run(t, ctx, "convert "+tok, chromedp.Click(chromedp.CSS(`[data-square="`+from+`"] [data-action="convert"]`), chromedp.NodeVisible),
				chromedp.Click(chromedp.CSS(`#chooser [data-token="`+tok+`"]`), chromedp.NodeVisible))
		} else {
			steps := []chromedp.Action[chromedp.Void]{clickSq(from), chromedp.WaitVisible(chromedp.CSS(`[data-square="` + to + `"] .dot`)), clickSq(to)}
			if len(tok) == 5 {
				steps = append(steps, chromedp.Click(chromedp.CSS(`#chooser [data-promotion="`+tok[4:]+`"]`), chromedp.NodeVisible))
			}
			run(t, ctx, "play "+tok, steps...)
		}
		moved[v.Turn]++
		waitView(t, a, id, func(w games.View) bool { return len(w.Moves) > len(v.Moves) })
	}
	if moved["r"] == 0 || moved["g"] == 0 {
		t.Fatalf("moves made: %v", moved)
	}
	// Azar's seats move on until a person's turn (or the end): then the
	// game waits, and both screens show all of it.
	waitView(t, a, id, func(w games.View) bool {
		return w.Status != "playing" || (w.Turn == "r" || w.Turn == "g") && !w.Thinking
	})
	v := mustView(t, a, id)
	for _, c := range []context.Context{host, guest} {
		waitJS(t, c, "the last move on both screens", `document.querySelectorAll("#moves .san").length === `+itoa(len(v.Moves)))
	}
	shot(t, host, "2-host-play")
	shot(t, guest, "2-guest-play")
}

// TestFriendsLucky: Cartas de la Suerte between two devices — moves by
// clicks seen on the other screen, White's draw shown on both with its
// card, the rest of the pile's order never sent to either; the end by
// resignation.
func TestFriendsLucky(t *testing.T) {
	const seed = 5
	order, err := games.LuckyOrder(nil, "", seed)
	if err != nil {
		t.Fatal(err)
	}
	host, guest := twoFriends(t, seed, "lucky")
	playAndSee(t, host, guest, "e2e4", 1)
	playAndSee(t, guest, host, "e7e5", 2)
	run(t, host, "draw", chromedp.Click(chromedp.CSS(`[data-action=draw]`), chromedp.NodeVisible))
	for who, ctx := range map[string]context.Context{"White": host, "Black": guest} {
		waitJS(t, ctx, who+" sees the card drawn", `!!document.querySelector('[data-card="`+order[0]+`"]')`)
	}
	var later []string // the pile's next cards: the deck's order, which nobody may see
	for _, c := range order[1:6] {
		if c != order[0] {
			later = append(later, `"`+c+`"`)
		}
	}
	noSecrets(t, host, "White", later)
	noSecrets(t, guest, "Black", later)
	noAzar(t, guest, "Black")
	shot(t, guest, "1-guest-lucky")
	run(t, guest, "resign", chromedp.Click(action("resign")), chromedp.Click(action("confirm-yes")))
	waitJS(t, host, "the resignation", statusIs("resign"))
}
