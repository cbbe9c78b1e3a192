package e2e

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"azar/app/engine"
	"azar/app/games"
)

// reviewing is the ply the board shows under review ("" when live).
func reviewing() string {
	return `(document.querySelector("#board").dataset.reviewing || "")`
}

// lastSquares is the squares marked as the last move, sorted.
func lastSquares() string {
	return `Array.from(document.querySelectorAll("#board .sq.last")).map((s) => s.dataset.square).sort().join(" ")`
}

// boardIs checks that the page's board shows the server's position at
// ply: every piece, and the last move's squares.
func boardIs(t *testing.T, ctx context.Context, a *app, id string, ply int) {
	t.Helper()
	v, err := a.m.ViewAt(id, ply)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range "abcdefgh" {
		for r := '1'; r <= '8'; r++ {
			s := string(f) + string(r)
			if got := eval[string](t, ctx, pieceAt(s)); got != v.Pieces[s] {
				t.Fatalf("ply %d: %s shows %q, the position has %q", ply, s, got, v.Pieces[s])
			}
		}
	}
	if v.LastMove != "" && !moveRE.MatchString(v.LastMove) {
		return // a lucky card's token: no move of a piece to mark
	}
	want := ""
	if v.LastMove != "" {
		sq := []string{v.LastMove[:2], v.LastMove[2:4]}
		slices.Sort(sq)
		want = strings.Join(sq, " ")
	}
	if got := eval[string](t, ctx, lastSquares()); got != want {
		t.Fatalf("ply %d: the last move marks %q, want %q", ply, got, want)
	}
}

// playJS plays a move by two clicks on its squares, each dispatched on
// the square the page shows at that moment (a view that comes between
// the two, such as a seat's presence, redraws the board).
func playJS(t *testing.T, ctx context.Context, move string) {
	t.Helper()
	click := func(s string) string {
		return `(() => { const e = document.querySelector('#board [data-square="` + s + `"]'); if (e) e.click(); return !!e })()`
	}
	// Polled: a square already selected is not clicked again (a second
	// click would drop the selection the first made).
	selected := `!!document.querySelector('#board [data-square="` + move[:2] + `"].selected')`
	waitJS(t, ctx, "select "+move[:2], `(`+selected+` || `+click(move[:2])+`) && !!document.querySelector('#board [data-square="`+move[2:4]+`"] .dot')`)
	waitJS(t, ctx, "play "+move, click(move[2:4])+` && !!document.querySelector('#board [data-square="`+move[2:4]+`"] [data-piece]')`)
}

// blur takes the focus off any control: the keys are the page's.
func blur(t *testing.T, ctx context.Context) {
	t.Helper()
	eval[bool](t, ctx, `(() => { if (document.activeElement) document.activeElement.blur(); return true })()`)
}

// TestReviewChess reviews a game against the engine at each size in
// both languages: a move of the list clicked, ←/→/Home/End, the buttons;
// the board shows each position with its last move, the engine's reply
// that comes meanwhile does not move it, a square clicked does nothing,
// and "Back to the game" shows the live position. Then fool's mate,
// analysed: the blunder clicked in the analysis table shows its
// position, its judgement and the better move's arrow.
func TestReviewChess(t *testing.T) {
	onScreens(t, []screen{desktop, phone375}, func(ctx context.Context, a *app, s screen, lang string) {
		a.setDelay(func(*engine.Request) time.Duration { return 0 })
		id := newGame(t, ctx, `{variant: "chess", mode: "engine", color: "white", level: 1}`)
		for i, m := range []string{"e2e4", "d2d4"} {
			run(t, ctx, "play "+m, moveByClicks(m[:2], m[2:]))
			waitJS(t, ctx, "the engine's reply", sanCount(2*i+2)+" && "+idle())
		}
		if n := eval[int](t, ctx, `document.querySelectorAll("#moves .san[data-ply]").length`); n != 4 {
			t.Fatalf("%d moves of the list lead to a position, want 4", n)
		}
		if !eval[bool](t, ctx, `document.querySelector(".review-banner").hidden && `+reviewing()+` === ""`) {
			t.Fatal("a review is shown before any was asked")
		}
		// The engine's next reply waits a second: it comes while the
		// player reviews.
		a.setDelay(func(*engine.Request) time.Duration { return time.Second })
		// Nf3, or c3 when Azar's reply is a check Nf3 does not meet.
		third, thirdPiece := legalMove(t, a, id, nil, "g1f3", "c2c3")
		run(t, ctx, "play "+third, moveByClicks(third[:2], third[2:4]), chromedp.WaitVisible(has(third[2:4], thirdPiece)))
		run(t, ctx, "click the second move", chromedp.Click(chromedp.CSS(`#moves .san[data-ply="2"]`), chromedp.NodeVisible))
		waitJS(t, ctx, "ply 2 on the board", reviewing()+` === "2"`)
		boardIs(t, ctx, a, id, 2)
		if eval[string](t, ctx, pieceAt("e4")) != "wP" || eval[string](t, ctx, pieceAt("g1")) != "wN" {
			t.Fatal("ply 2 does not show 1.e4 with the knight at home")
		}
		waitJS(t, ctx, "the reply that came meanwhile", sanCount(6)+" && "+idle())
		time.Sleep(100 * time.Millisecond)
		if got := eval[string](t, ctx, reviewing()); got != "2" {
			t.Fatalf("the engine's reply moved the board under review to %q", got)
		}
		boardIs(t, ctx, a, id, 2)
		if !eval[bool](t, ctx, `document.querySelector('#moves .san[data-ply="2"]').classList.contains("current") && document.querySelectorAll("#moves .current").length === 1`) {
			t.Fatal("the move list does not mark the reviewed move")
		}
		banner := eval[string](t, ctx, `document.querySelector(".review-banner").textContent`)
		want := map[string]string{"en": "Reviewing move 2 of 6", "es": "Repasando la jugada 2 de 6"}[lang]
		if !strings.Contains(banner, want) || !strings.Contains(banner, map[string]string{"en": "Back to the game", "es": "Volver a la partida"}[lang]) {
			t.Fatalf("the banner reads %q", banner)
		}
		shot(t, ctx, sizeName(s, lang)+"-1-chess-ply-2")

		// A square of a past position does nothing.
		run(t, ctx, "click the knight", clickSq("g1"))
		if eval[bool](t, ctx, `document.querySelectorAll("#board .dot, #board .sq.selected").length > 0`) || eval[string](t, ctx, reviewing()) != "2" {
			t.Fatal("a click on a past position selected a piece")
		}

		// The keys, with the focus off the board.
		blur(t, ctx)
		for _, k := range []struct {
			key  string
			want string
			ply  int
		}{{kb.ArrowLeft, "1", 1}, {kb.Home, "0", 0}, {kb.ArrowRight, "1", 1}, {kb.ArrowRight, "2", 2}, {kb.End, "", 6}} {
			keys(t, ctx, "key "+k.key, k.key)
			waitJS(t, ctx, "the position after the key", reviewing()+` === "`+k.want+`"`)
			boardIs(t, ctx, a, id, k.ply)
		}
		if !eval[bool](t, ctx, `document.querySelector(".review-banner").hidden`) {
			t.Fatal("End left the banner shown")
		}
		if got := eval[string](t, ctx, pieceAt("e2")); got != "" {
			t.Fatalf("the live board has %q on e2", got)
		}

		// The buttons: first, next, then back to the game.
		run(t, ctx, "first", chromedp.Click(chromedp.CSS(`[data-nav="first"]`), chromedp.NodeVisible))
		waitJS(t, ctx, "the start", reviewing()+` === "0"`)
		boardIs(t, ctx, a, id, 0)
		if !eval[bool](t, ctx, `document.querySelector('[data-nav="prev"]').disabled && !document.querySelector('[data-nav="next"]').disabled`) {
			t.Fatal("at the start the previous button is enabled or the next one is not")
		}
		run(t, ctx, "next", chromedp.Click(chromedp.CSS(`[data-nav="next"]`), chromedp.NodeVisible))
		waitJS(t, ctx, "ply 1", reviewing()+` === "1"`)
		shot(t, ctx, sizeName(s, lang)+"-2-chess-ply-1")
		run(t, ctx, "back to the game", chromedp.Click(chromedp.CSS(`[data-nav="live"]`), chromedp.NodeVisible))
		waitJS(t, ctx, "the live position", reviewing()+` === ""`)
		boardIs(t, ctx, a, id, 6)
		// Bd3 when it is legal; the level-1 engine's replies vary (after
		// 3.Nf3 it once played 3...Qxe4+, and the bishop could not move),
		// so otherwise the first legal move.
		v, err := a.m.Get(id)
		if err != nil || len(v.Legal) == 0 {
			t.Fatalf("the live game: %+v %v, want moves to play", v.Legal, err)
		}
		m := v.Legal[0]
		if slices.Contains(v.Legal, "f1d3") {
			m = "f1d3"
		}
		run(t, ctx, "the game goes on", moveByClicks(m[:2], m[2:4]), chromedp.WaitVisible(has(m[2:4], v.Pieces[m[:2]])))
		a.setDelay(func(*engine.Request) time.Duration { return 0 })
		waitJS(t, ctx, "the engine's reply", sanCount(8)+" && "+idle())

		// Fool's mate on one device, analysed.
		run(t, ctx, "back to the form", chromedp.Click(action("new-game")), chromedp.WaitVisible(action("start-game")))
		id = newGame(t, ctx, `{variant: "chess", mode: "local"}`)
		for _, m := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
			playJS(t, ctx, m)
		}
		waitJS(t, ctx, "checkmate", statusIs("checkmate"))
		run(t, ctx, "analyse", chromedp.Click(action("analyze"), chromedp.NodeVisible),
			chromedp.WaitVisible(chromedp.CSS(`.judged li[data-label="blunder"]`)))
		run(t, ctx, "the blunder in the table", chromedp.Click(chromedp.CSS(`.judged li[data-label="blunder"][data-ply="3"]`), chromedp.NodeVisible))
		waitJS(t, ctx, "ply 3 with its judgement", reviewing()+` === "3" && !!document.querySelector(".review-banner [data-review-label=blunder]") && !!document.querySelector("#board svg[data-best]")`)
		boardIs(t, ctx, a, id, 3)
		rv, _ := a.m.ViewAt(id, 3)
		if got := eval[string](t, ctx, `document.querySelector("#board svg[data-best]").dataset.best`); got != rv.Review.Best || got == "" {
			t.Fatalf("the arrow shows %q, the analysis's move is %q", got, rv.Review.Best)
		}
		label := eval[string](t, ctx, `document.querySelector("[data-review-label]").textContent`)
		if !strings.Contains(label, "g4??") || !strings.Contains(label, map[string]string{"en": "blunder", "es": "error grave"}[lang]) {
			t.Fatalf("the judgement reads %q", label)
		}
		if !eval[bool](t, ctx, `document.querySelector('.judged li[data-ply="3"]').getAttribute("aria-current") === "true"`) {
			t.Fatal("the analysis table does not mark the move shown")
		}
		shot(t, ctx, sizeName(s, lang)+"-3-analysed-blunder")
		keys(t, ctx, "End", kb.End)
		waitJS(t, ctx, "the mate again", reviewing()+` === "" && document.querySelectorAll("#board svg[data-best]").length === 0`)
	})
}

// reviewMagicSeed deals the player (White) the wall, AM34, in the
// classic mode.
func reviewMagicSeed(t *testing.T) uint64 {
	for seed := uint64(1); seed < 5000; seed++ {
		w, _, err := games.MagicDeal(nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		if slices.Contains(w, "AM34") {
			return seed
		}
	}
	t.Fatal("no seed deals White the wall")
	return 0
}

// handCards is the cards the magic panel shows in the hand.
func handCards(t *testing.T, ctx context.Context) []string {
	return eval[[]string](t, ctx, `Array.from(document.querySelectorAll("[data-hand] [data-card]")).map((e) => e.dataset.card)`)
}

// TestReviewMagicHand reviews a magic game at each size in both
// languages: after the wall is committed (the turn's action) and the
// engine has answered, the start shows the hand as it was (the wall in
// it, no effect on the board), the position after the commitment the
// hand without it and the wall on its square, and the engine's hand
// never.
func TestReviewMagicHand(t *testing.T) {
	seed := reviewMagicSeed(t)
	onScreensSeeded(t, seed, []screen{desktop, phone375}, func(ctx context.Context, a *app, s screen, lang string) {
		id := newGame(t, ctx, `{variant: "magic", mode: "engine", color: "white", level: 1}`)
		v := mustView(t, a, id)
		dealt := slices.Clone(handCards(t, ctx))
		wall := ""
		for _, l := range v.Legal {
			if strings.HasPrefix(l, "AM34:") && (wall == "" || l == "AM34:e5") {
				wall = l
			}
		}
		if wall == "" || !slices.Contains(dealt, "AM34") {
			t.Fatalf("no wall to commit: hand %v, legal %v", dealt, v.Legal)
		}
		// The wall, sent as the page sends a token; the page follows
		// through its event stream.
		if _, err := a.m.Move(id, wall); err != nil {
			t.Fatal(err)
		}
		waitView(t, a, id, func(v games.View) bool { return v.Status != "playing" || (!v.Thinking && len(v.Legal) > 0) })
		live := mustView(t, a, id)
		waitJS(t, ctx, "the live game on the page, the wall played", `!document.querySelector('[data-hand] [data-card="AM34"]') && `+idle()+
			` && document.querySelector("[data-prompt]").dataset.prompt !== "wait"`)
		square := wall[len("AM34:"):]

		blur(t, ctx)
		keys(t, ctx, "Home", kb.Home)
		waitJS(t, ctx, "the start", reviewing()+` === "0"`)
		if got := handCards(t, ctx); !slices.Equal(got, dealt) {
			t.Fatalf("the start's hand shows %v, dealt %v", got, dealt)
		}
		if eval[bool](t, ctx, `!!document.querySelector('[data-square="`+square+`"] [data-effect="AM34"]')`) {
			t.Fatal("the wall stands at the start")
		}
		if eval[int](t, ctx, `document.querySelectorAll("[data-hand] [data-action=pick-card]").length`) != 0 {
			t.Fatal("a card of a past hand may be picked")
		}
		shot(t, ctx, sizeName(s, lang)+"-1-magic-start")
		keys(t, ctx, "→", kb.ArrowRight)
		waitJS(t, ctx, "after the wall", reviewing()+` === "1"`)
		if got := handCards(t, ctx); slices.Contains(got, "AM34") || len(got) != len(dealt)-1 {
			t.Fatalf("after the wall the hand shows %v", got)
		}
		waitJS(t, ctx, "the wall on its square", `!!document.querySelector('[data-square="`+square+`"] [data-effect="AM34"]')`)
		// The move list's entries lead to their positions too.
		if n := eval[int](t, ctx, `document.querySelectorAll("#moves [data-ply]").length`); n == 0 {
			t.Fatal("no entry of the move list leads to a position")
		}
		// Never a card of the engine's hand, at any ply.
		_, black, _ := games.MagicDeal(nil, seed)
		for ply := 0; ply <= len(live.Moves); ply++ {
			rv, err := a.m.ViewAt(id, ply)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range rv.Magic.Hand {
				if slices.Contains(black, c.ID) && !slices.Contains(dealt, c.ID) {
					t.Fatalf("ply %d: the engine's %s in the hand", ply, c.ID)
				}
			}
		}
		shot(t, ctx, sizeName(s, lang)+"-2-magic-after-wall")
		run(t, ctx, "back to the game", chromedp.Click(chromedp.CSS(`[data-nav="live"]`), chromedp.NodeVisible))
		waitJS(t, ctx, "the live game", reviewing()+` === ""`)
		if slices.Contains(handCards(t, ctx), "AM34") {
			t.Fatal("the live hand holds the wall again")
		}
		run(t, ctx, "back to the form", chromedp.Click(action("new-game")), chromedp.WaitVisible(action("start-game")))
	})
}

// TestReviewLuckyDeck reviews a lucky game under the mandatory card, in
// both languages: each position of the list shows the deck's count and
// the card drawn as they were then (the start: the full deck, no card),
// never a card drawn later.
func TestReviewLuckyDeck(t *testing.T) {
	onScreensSeeded(t, 7, []screen{desktop}, func(ctx context.Context, a *app, s screen, lang string) {
		id := newGame(t, ctx, `{variant: "lucky", mode: "engine", color: "white", level: 1, rules: {mandatory_card: "on"}}`)
		// Two turns of the player's, each drawing first, by the server;
		// the engine draws in its own.
		for turn := 0; turn < 2; turn++ {
			waitView(t, a, id, func(v games.View) bool { return v.Status != "playing" || (!v.Thinking && len(v.Legal) > 0) })
			for step := 0; step < 6; step++ {
				v := mustView(t, a, id)
				if v.Status != "playing" || v.Thinking || len(v.Legal) == 0 {
					break
				}
				tok := v.Legal[0]
				if slices.Contains(v.Legal, "draw") {
					tok = "draw"
				}
				if _, err := a.m.Move(id, tok); err != nil {
					t.Fatal(err)
				}
			}
		}
		waitView(t, a, id, func(v games.View) bool { return v.Status != "playing" || (!v.Thinking && len(v.Legal) > 0) })
		live := mustView(t, a, id)
		waitJS(t, ctx, "the page follows", idle()+` && document.querySelector("[data-deck]").dataset.deck === "`+itoa(live.Lucky.Pile)+`"`)
		entries := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#moves [data-ply]")).map((e) => e.dataset.ply)`)
		if len(entries) < 4 {
			t.Fatalf("the move list's entries %v", entries)
		}
		for _, ply := range entries[:4] {
			run(t, ctx, "entry "+ply, chromedp.Click(chromedp.CSS(`#moves [data-ply="`+ply+`"]`), chromedp.NodeVisible))
			waitJS(t, ctx, "ply "+ply, reviewing()+` === "`+ply+`"`)
			n := 0
			for _, c := range ply {
				n = n*10 + int(c-'0')
			}
			rv, err := a.m.ViewAt(id, n)
			if err != nil {
				t.Fatal(err)
			}
			waitJS(t, ctx, "the deck then", `document.querySelector("[data-deck]").dataset.deck === "`+itoa(rv.Lucky.Pile)+`"`)
			shown := eval[string](t, ctx, `(document.querySelector(".drawn-card [data-card]") || {dataset: {}}).dataset.card || ""`)
			if want := ""; rv.Lucky.Card != nil && shown != rv.Lucky.Card.ID || rv.Lucky.Card == nil && shown != want {
				t.Fatalf("ply %s: the card shown %q, then %+v", ply, shown, rv.Lucky.Card)
			}
			boardIs(t, ctx, a, id, n)
		}
		shot(t, ctx, sizeName(s, lang)+"-lucky-review")
		blur(t, ctx)
		keys(t, ctx, "Home", kb.Home)
		waitJS(t, ctx, "the start", reviewing()+` === "0" && document.querySelector("[data-deck]").dataset.deck === "54" && !document.querySelector(".drawn-card [data-card]")`)
		keys(t, ctx, "End", kb.End)
		waitJS(t, ctx, "the live game", reviewing()+` === ""`)
		run(t, ctx, "back to the form", chromedp.Click(action("new-game")), chromedp.WaitVisible(action("start-game")))
	})
}
