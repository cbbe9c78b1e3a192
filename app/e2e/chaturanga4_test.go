package e2e

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"azar/app/games"
)

// c4Choice is the move the test's player makes: one that takes a raja,
// else a capture, else any (from a seeded source, so the games differ
// little from run to run); captures bring the end near.
func c4Choice(v games.View, rng *rand.Rand) string {
	var takes, others []string
	for _, m := range v.Legal {
		if len(m) >= 4 && m[:2] != m[2:4] {
			if pc := v.Pieces[m[2:4]]; pc != "" {
				if pc[1] == 'K' {
					return m
				}
				takes = append(takes, m)
				continue
			}
		}
		others = append(others, m)
	}
	if len(takes) > 0 {
		return takes[rng.IntN(len(takes))]
	}
	return others[rng.IntN(len(others))]
}

// TestChaturanga4ToTheEnd plays four-player chaturanga in the page: the
// form's seats (you as Red, Azar at level 1 in the three others), the
// board in the seats' colours, Red's moves by clicks on the dots (the
// pool's chooser for a promotion, the button on a waiting pawn for a
// conversion) until the game ends, and the ranking shown, in English and
// in Spanish.
func TestChaturanga4ToTheEnd(t *testing.T) {
	ctx, _ := browserContext(t)
	a := startApp(t, t.TempDir(), "127.0.0.1:0")
	defer func() { a.stop() }()

	run(t, ctx, "open the page", chromedp.Navigate(a.url()), chromedp.WaitVisible(action("start-game")))
	// The engine seats' moves at once (their pause is
	// TestChaturanga4EngineMovesOneAtATime's).
	setPause(t, ctx, "0")
	run(t, ctx, "choose chaturanga for four", chromedp.Click(chromedp.CSS(`[data-variant="chaturanga4"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-seat="g"]`)))
	if !eval[bool](t, ctx, `document.querySelector(".two-player").hidden && document.querySelector("[data-color]").closest("fieldset").hidden`) {
		t.Fatal("the two-player choices are shown for four seats")
	}
	eval[bool](t, ctx, `(() => { for (const [s, v] of [["r", "you"], ["g", "engine:1"], ["y", "engine:1"], ["b", "engine:1"]]) document.querySelector('[data-seat="' + s + '"]').value = v; return true })()`)
	shot(t, ctx, "1-form")
	run(t, ctx, "start", chromedp.Click(action("start-game")),
		chromedp.WaitVisible(chromedp.CSS(`#game[data-variant="chaturanga4"] [data-square="h4"] [data-piece="rK"]`)))
	waitJS(t, ctx, "red to move", statusIs("playing")+` && document.querySelector("[data-status]").dataset.turn === "r"`)
	if n := eval[int](t, ctx, `document.querySelectorAll("#board [data-piece]").length`); n != 32 {
		t.Fatalf("%d pieces at the start", n)
	}
	if img := eval[string](t, ctx, `getComputedStyle(document.querySelector('[data-square="e8"] [data-piece="bK"]')).backgroundImage`); !strings.Contains(img, "pieces/c4/bK.svg") {
		t.Fatalf("black's raja is drawn with %s", img)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-seat-row]").length`); n != 4 {
		t.Fatalf("%d seats in the panel", n)
	}
	for _, hidden := range []string{"undo", "resign", "offer-draw"} {
		if !eval[bool](t, ctx, `document.querySelector('[data-action="`+hidden+`"]').hidden`) {
			t.Errorf("the %s button is shown among four seats", hidden)
		}
	}
	// Red, "you", sits at the bottom: the h-file is the bottom row, rank 1
	// on the left; a quarter turn brings Green's side down.
	if got := eval[string](t, ctx, `Array.from(document.querySelectorAll("#board [data-square]")).slice(56).map((e) => e.dataset.square).join(" ")`); got != "h1 h2 h3 h4 h5 h6 h7 h8" {
		t.Fatalf("the bottom row is %s", got)
	}
	shot(t, ctx, "2-start")
	run(t, ctx, "turn the board", chromedp.Click(action("flip")))
	if got := eval[string](t, ctx, firstSquare()); got != "a8" {
		t.Fatalf("after a quarter turn the top left square is %s", got)
	}
	run(t, ctx, "turn it back", chromedp.Click(action("flip")), chromedp.Click(action("flip")), chromedp.Click(action("flip")))
	if got := eval[string](t, ctx, firstSquare()); got != "a1" {
		t.Fatalf("after a full turn the top left square is %s", got)
	}
	id := gameID(t, ctx)

	rng := rand.New(rand.NewPCG(4, 4))
	deadline := time.Now().Add(60 * time.Second)
	redMoves := 0
	for {
		v, err := a.m.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		if v.Status != "playing" {
			break
		}
		if time.Now().After(deadline) {
			shot(t, ctx, "failed-too-long")
			t.Fatalf("no end after %d moves", len(v.Moves))
		}
		if v.Turn != "r" || v.Thinking || len(v.Legal) == 0 {
			time.Sleep(5 * time.Millisecond)
			continue
		}
		// The page shows this position before the player clicks.
		waitJS(t, ctx, "the page at red's turn", `document.querySelectorAll("#moves .san").length === `+itoa(len(v.Moves))+
			` && document.querySelector("[data-status]").dataset.turn === "r"`)
		tok := c4Choice(v, rng)
		from, to := tok[:2], tok[2:4]
		switch {
		case from == to: // a conversion: the button on the waiting pawn, then the pool's piece
			run(t, ctx, "convert "+tok, chromedp.Click(chromedp.CSS(`[data-square="`+from+`"] [data-action="convert"]`), chromedp.NodeVisible),
				chromedp.Click(chromedp.CSS(`#chooser [data-token="`+tok+`"]`), chromedp.NodeVisible))
		default:
			steps := []chromedp.Action[chromedp.Void]{clickSq(from), chromedp.WaitVisible(chromedp.CSS(`[data-square="` + to + `"] .dot`)), clickSq(to)}
			if len(tok) == 5 {
				steps = append(steps, chromedp.Click(chromedp.CSS(`#chooser [data-promotion="`+tok[4:]+`"]`), chromedp.NodeVisible))
			}
			run(t, ctx, "play "+tok, steps...)
		}
		redMoves++
		if redMoves == 1 {
			waitJS(t, ctx, "red's first move on the board", `document.querySelector('[data-square="`+to+`"] [data-piece^="r"]') !== null`)
		}
		waitView(t, a, id, func(w games.View) bool { return len(w.Moves) > len(v.Moves) })
	}
	v, _ := a.m.Get(id)
	t.Logf("the game: %d moves (%d by red), %s, %s", len(v.Moves), redMoves, v.Status, v.C4.Reason)
	if redMoves == 0 {
		t.Fatal("red never moved")
	}
	waitJS(t, ctx, "the end on the page", `document.querySelector("[data-status]").dataset.status === "`+v.Status+`"`+
		` && document.querySelectorAll("[data-ranking] li").length === 4`)
	for _, s := range v.C4.Seats {
		got := eval[string](t, ctx, `document.querySelector('[data-seat-row="`+s.Seat+`"] [data-place]').dataset.place`)
		if got != itoa(s.Place) {
			t.Errorf("seat %s shown in place %s, the referee says %d", s.Seat, got, s.Place)
		}
	}
	first := eval[string](t, ctx, `document.querySelector("[data-ranking] li").dataset.place`)
	status := eval[string](t, ctx, `document.querySelector("[data-status]").textContent`)
	if first != "1" || (v.C4.Winner != "" && !strings.Contains(status, "wins")) || (v.C4.Winner == "" && !strings.Contains(status, "Draw")) {
		t.Fatalf("the end shown as %q, the first place %s; the game %s %s", status, first, v.Status, v.Result)
	}
	if len(v.Legal) != 0 || eval[int](t, ctx, `document.querySelectorAll("#board .dot").length`) != 0 {
		t.Fatal("moves offered after the end")
	}
	shot(t, ctx, "4-end")
	eval[bool](t, ctx, `(() => { const s = document.querySelector("[data-lang]"); s.value = "es"; s.dispatchEvent(new Event("change")); return true })()`)
	status = eval[string](t, ctx, `document.querySelector("[data-status]").textContent`)
	if (v.C4.Winner != "" && !strings.Contains(status, "gana")) || (v.C4.Winner == "" && !strings.Contains(status, "Tablas")) {
		t.Fatalf("the end in Spanish: %q", status)
	}
	shot(t, ctx, "5-end-es")
}

// waitView waits (bounded) until the referee's view of the game satisfies ok.
func waitView(t *testing.T, a *app, id string, ok func(games.View) bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		v, err := a.m.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		if ok(v) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the game never got there; last %+v", v)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestChaturanga4PoolAndFrozen starts from a position (the form's start
// field) where Green is out: its pieces are shown frozen; Red's pawn
// promotes through the pool's chooser (only the pool's pieces offered);
// the server restarts and the page reloads into the same game; the turn
// skips Green; Red's waiting pawn converts through its button; the game
// is in the saved list.
func TestChaturanga4PoolAndFrozen(t *testing.T) {
	ctx, _ := browserContext(t)
	a := startApp(t, t.TempDir(), "127.0.0.1:0")
	defer func() { a.stop() }()

	run(t, ctx, "open the page", chromedp.Navigate(a.url()), chromedp.WaitVisible(action("start-game")))
	run(t, ctx, "choose chaturanga for four", chromedp.Click(chromedp.CSS(`[data-variant="chaturanga4"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-seat="g"]`)))
	eval[bool](t, ctx, `(() => { for (const [s, v] of [["r", "you"], ["g", "person"], ["y", "person"], ["b", "person"]]) document.querySelector('[data-seat="' + s + '"]').value = v;
		document.querySelector("[data-fen]").value = "4bK3/8/rP7/yK7/7rK/8/1rPgP5/1gN6 r r-yb EN/-/-/- 0 1"; return true })()`)
	run(t, ctx, "start", chromedp.Click(action("start-game")),
		chromedp.WaitVisible(chromedp.CSS(`#game[data-variant="chaturanga4"] [data-square="b2"] [data-piece="rP"]`)))
	if n := eval[int](t, ctx, `document.querySelectorAll("#board [data-frozen=true] .frozen-mark, #board [data-piece][data-frozen=true]").length`); n != 4 {
		t.Fatalf("%d frozen marks and pieces, want green's two of each", n)
	}
	if !eval[bool](t, ctx, `!!document.querySelector('[data-square="b1"] [data-piece="gN"][data-frozen="true"]') && !!document.querySelector('[data-square="c2"] [data-piece="gP"].frozen')`) {
		t.Fatal("green's pieces are not shown frozen")
	}
	if !eval[bool](t, ctx, `document.querySelector('[data-square="a6"] [data-piece="rP"]').dataset.waiting === "true" && !document.querySelector('[data-square="b2"] [data-waiting]')`) {
		t.Fatal("red's waiting pawn is not marked")
	}
	if !eval[bool](t, ctx, `document.querySelector('[data-seat-row="g"]').dataset.in === "false" && !!document.querySelector('[data-pool="r"] [data-pool-piece="rE"][data-count="1"]') && !!document.querySelector('[data-pool="r"] [data-pool-piece="rN"]')`) {
		t.Fatal("the seats' panel: green not out, or red's pool not shown")
	}
	run(t, ctx, "the promotion's chooser", clickSq("b2"), chromedp.WaitVisible(chromedp.CSS(`[data-square="a2"] .dot`)), clickSq("a2"),
		chromedp.WaitVisible(chromedp.CSS(`#chooser [data-promotion="n"]`)))
	if got := eval[string](t, ctx, `Array.from(document.querySelectorAll("#chooser [data-promotion]")).map((b) => b.dataset.promotion).join("")`); got != "en" {
		t.Fatalf("the chooser offers %q, the pool holds an elephant and a knight", got)
	}
	shot(t, ctx, "1-pool-chooser")
	run(t, ctx, "promote to a knight", chromedp.Click(chromedp.CSS(`#chooser [data-promotion="n"]`), chromedp.NodeVisible),
		chromedp.WaitVisible(has("a2", "rN")))
	waitJS(t, ctx, "yellow to move (green is out)", `document.querySelector("[data-status]").dataset.turn === "y" && !document.querySelector('[data-pool="r"] [data-pool-piece="rN"]')`)
	// A restart and a reload: the game is as it was, Green still frozen.
	a = a.restart()
	run(t, ctx, "reload", chromedp.Reload(), chromedp.WaitVisible(has("a2", "rN")))
	waitJS(t, ctx, "the resumed game", `document.querySelector("[data-status]").dataset.turn === "y" && document.querySelectorAll("#board .frozen-mark").length === 2`)
	run(t, ctx, "yellow and black", clickSq("a5"), clickSq("a4"), chromedp.WaitVisible(has("a4", "yK")),
		clickSq("e8"), clickSq("e7"), chromedp.WaitVisible(has("e7", "bK")))
	run(t, ctx, "the conversion", chromedp.Click(chromedp.CSS(`[data-square="a6"] [data-action="convert"]`), chromedp.NodeVisible),
		chromedp.WaitVisible(chromedp.CSS(`#chooser [data-promotion="e"]`)))
	shot(t, ctx, "2-conversion")
	run(t, ctx, "convert to an elephant", chromedp.Click(chromedp.CSS(`#chooser [data-promotion="e"]`), chromedp.NodeVisible),
		chromedp.WaitVisible(has("a6", "rE")))
	if n := eval[int](t, ctx, `document.querySelectorAll('[data-pool="r"] [data-pool-piece]').length`); n != 0 {
		t.Fatalf("red's pool still shows %d pieces", n)
	}
	shot(t, ctx, "3-after")
	run(t, ctx, "the saved games", chromedp.Click(action("new-game")), chromedp.WaitVisible(chromedp.CSS(`#saved a[data-game]`)))
	if txt := eval[string](t, ctx, `document.querySelector("#saved li").textContent`); !strings.Contains(txt, "Chaturanga for four · four seats, people on this device · 4 moves") {
		t.Fatalf("the saved game: %q", txt)
	}
	shot(t, ctx, "4-saved")
}
