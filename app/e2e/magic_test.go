package e2e

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"azar/app/games"
)

// magicSeed is a seed whose advanced-mode deal gives White (the player)
// the wall (AM34, a MAIN card) and Immunity (AM08, a reaction to a
// commitment or an impact).
func magicSeed(t *testing.T) (uint64, []string) {
	for seed := uint64(1); seed < 5000; seed++ {
		w, _, err := games.MagicDeal(map[string]string{"mode": "advanced"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		if slices.Contains(w, "AM34") && slices.Contains(w, "AM08") {
			return seed, w
		}
	}
	t.Fatal("no seed deals White AM34 and AM08")
	return 0, nil
}

// commitByClicks commits tok: a click on its card in the hand, then on
// the button of its targets (the list of the card's legal tokens).
func commitByClicks(t *testing.T, ctx contextT, tok string) {
	t.Helper()
	run(t, ctx, "commit "+tok,
		chromedp.Click(chromedp.CSS(`[data-hand] [data-card="`+tok[:4]+`"][data-playable="true"]`), chromedp.NodeVisible),
		chromedp.Click(chromedp.CSS(`[data-card-choices] button[data-token="`+tok+`"]`), chromedp.NodeVisible))
}

// commitOnBoard commits a card by clicks on the board: the card in the
// hand, then each target square on its mark.
func commitOnBoard(t *testing.T, ctx contextT, card string, squares ...string) {
	t.Helper()
	steps := []chromedp.Action[chromedp.Void]{chromedp.Click(chromedp.CSS(`[data-hand] [data-card="`+card+`"][data-playable="true"]`), chromedp.NodeVisible)}
	for _, s := range squares {
		steps = append(steps, chromedp.WaitVisible(chromedp.CSS(`[data-square="`+s+`"] .dot.card-target`)), clickSq(s))
	}
	run(t, ctx, "commit "+card+" on "+strings.Join(squares, ","), steps...)
}

// TestMagicCardsAndReaction plays Ajedrez Mágico in the advanced mode in
// the browser: the form's rules, the hand face up (data-card on every
// card), the engine's card count, a wall committed by clicks (the card,
// then its square) and shown on the board with its counter, then moves
// by clicks, windows passed with the Pass button, until a window opens
// for the player and the player reacts with Immunity; the texts in
// Spanish.
func TestMagicCardsAndReaction(t *testing.T) {
	seed, hand := magicSeed(t)
	ctx, _ := browserContext(t)
	a := startSeeded(t, t.TempDir(), "127.0.0.1:0", seed)
	defer func() { a.stop() }()

	run(t, ctx, "open the page", chromedp.Navigate(a.url()), chromedp.WaitVisible(action("start-game")))
	run(t, ctx, "choose magic chess", chromedp.Click(chromedp.CSS(`[data-variant="magic"]`)),
		chromedp.WaitVisible(chromedp.CSS(`.variant-only[data-for="magic"] [data-rule="mode"]`)))
	if eval[bool](t, ctx, `!document.querySelector('[data-mode="local"]').hidden`) {
		t.Fatal("magic chess offers a game on one device (each player's hand would be seen)")
	}
	eval[bool](t, ctx, `(() => { const s = document.querySelector('.variant-only[data-for="magic"] [data-rule="mode"]'); s.value = "advanced"; return true })()`)
	run(t, ctx, "white, level 1", chromedp.Click(chromedp.CSS(`[data-color="white"]`)), chromedp.Click(chromedp.CSS(`[data-level="1"]`)))
	shot(t, ctx, "magic-1-form")
	run(t, ctx, "start", chromedp.Click(action("start-game")), chromedp.WaitVisible(chromedp.CSS(`[data-opponent-cards="10"]`)))
	id := gameID(t, ctx)
	v, err := a.m.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	if v.Rules["mode"] != "advanced" {
		t.Fatalf("rules %v", v.Rules)
	}
	shown := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("[data-hand] [data-card]")).map((e) => e.dataset.card)`)
	if !slices.Equal(shown, hand) {
		t.Fatalf("the hand shows %v, dealt %v", shown, hand)
	}
	if txt := eval[string](t, ctx, `document.querySelector('[data-hand] [data-card="AM34"] .card-text').textContent`); !strings.Contains(txt, "wall") {
		t.Fatalf("the wall's text %q", txt)
	}
	if p := eval[string](t, ctx, `document.querySelector("[data-prompt]").dataset.prompt`); p != "start" {
		t.Fatalf("prompt %q on the first turn", p)
	}
	// The picked card's squares are marked: exactly those of its legal
	// tokens (empty squares, none next to the enemy king).
	run(t, ctx, "pick the wall", chromedp.Click(chromedp.CSS(`[data-hand] [data-card="AM34"]`), chromedp.NodeVisible),
		chromedp.WaitVisible(chromedp.CSS(`[data-square="e5"] .dot.card-target`)))
	var walls []string
	for _, l := range v.Legal {
		if sq, ok := strings.CutPrefix(l, "AM34:"); ok {
			walls = append(walls, sq)
		}
	}
	marked := eval[[]string](t, ctx, `Array.from(document.querySelectorAll(".dot.card-target")).map((d) => d.dataset.cardTarget)`)
	slices.Sort(walls)
	slices.Sort(marked)
	if !slices.Equal(marked, walls) || slices.Contains(marked, "e2") || slices.Contains(marked, "d7") {
		t.Fatalf("the wall's marks %v, its legal squares %v", marked, walls)
	}
	shot(t, ctx, "magic-2-pick")
	run(t, ctx, "the wall on e5", clickSq("e5"))
	// In the advanced mode the wall waits for the engine's reaction
	// window (the pending card), then stands on e5.
	waitJS(t, ctx, "the wall pending or on e5", `!!document.querySelector('[data-pending="AM34"]:not([hidden])') || !!document.querySelector('[data-square="e5"] [data-effect="AM34"]')`)
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-hand] [data-card]").length`); n != 9 {
		t.Fatalf("%d cards in hand after the commitment", n)
	}
	waitJS(t, ctx, "the commitment in the moves", `!!document.querySelector('#moves .san [data-card="AM34"]')`)
	shot(t, ctx, "magic-2-committed")

	waitView(t, a, id, func(v games.View) bool { return !v.Thinking && len(v.Legal) > 0 })
	v, _ = a.m.Get(id)
	if i := slices.IndexFunc(v.Magic.Effects, func(e games.MagicEffect) bool { return e.Card == "AM34" }); i >= 0 {
		want := itoa(v.Magic.Effects[i].Counter)
		waitJS(t, ctx, "the wall on e5 with its counter", `(() => { const b = document.querySelector('[data-square="e5"] [data-effect="AM34"]'); return !!b && b.dataset.counter === `+jsString(want)+` })()`)
		waitJS(t, ctx, "the effect listed", `!!document.querySelector('[data-effects] [data-effect="AM34"][data-counter=`+jsString(want)+`]')`)
		// The wall's symbol is the project's own SVG icon on the mark and
		// in the list, not an emoji that needs a colour-emoji font.
		if n := eval[int](t, ctx, `document.querySelectorAll('[data-square="e5"] [data-effect="AM34"] svg[data-icon="wall"], [data-effects] [data-effect="AM34"] svg[data-icon="wall"]').length`); n != 2 {
			t.Fatalf("%d wall icons on the mark and in the list, want 2", n)
		}
		if txt := eval[string](t, ctx, `document.querySelector('[data-effects]').textContent`); strings.ContainsRune(txt, '🧱') {
			t.Fatalf("the effect list still writes an emoji: %q", txt)
		}
		shot(t, ctx, "magic-2-wall")
	} else if !slices.ContainsFunc(v.Magic.Discard, func(c games.MagicCard) bool { return c.ID == "AM34" }) {
		t.Fatalf("the wall is neither in play nor discarded (countered): %+v", v.Magic)
	}
	rng := rand.New(rand.NewPCG(seed, 2))
	reacted := false
	for step := 0; step < 60 && !reacted; step++ {
		waitView(t, a, id, func(v games.View) bool { return v.Status != "playing" || (!v.Thinking && len(v.Legal) > 0) })
		v, _ := a.m.Get(id)
		if v.Status != "playing" {
			break
		}
		waitJS(t, ctx, "the page shows the decision", `document.querySelector("[data-prompt]").dataset.prompt !== "wait" && `+idle())
		before := len(v.Moves)
		switch {
		case (v.Magic.Phase == "rcommit" || v.Magic.Phase == "rimpact") && slices.Contains(v.Legal, "AM08"):
			run(t, ctx, "the reaction prompt", chromedp.WaitVisible(chromedp.CSS(`[data-prompt="reaction"]`)),
				chromedp.WaitVisible(action("pass")))
			shot(t, ctx, "magic-3-reaction")
			commitByClicks(t, ctx, "AM08")
			reacted = true
		case slices.Contains(v.Legal, "pass"):
			run(t, ctx, "pass", chromedp.Click(action("pass"), chromedp.NodeVisible))
		default:
			var moves []string
			for _, l := range v.Legal {
				if moveRE.MatchString(l) {
					moves = append(moves, l)
				}
			}
			if len(moves) == 0 {
				t.Fatalf("no move to click among %v", v.Legal)
			}
			playByClicks(t, ctx, v, moves[rng.IntN(len(moves))])
		}
		waitView(t, a, id, func(v games.View) bool { return len(v.Moves) > before })
	}
	if !reacted {
		t.Fatal("no window opened for the player's Immunity")
	}
	waitJS(t, ctx, "the reaction in the moves", `!!document.querySelector('#moves .san [data-card="AM08"]')`)
	v, _ = a.m.Get(id)
	if !slices.ContainsFunc(v.Magic.Committed, func(c games.MagicCommit) bool {
		return c.Card == "AM08" && (c.Window == "R-COMMIT" || c.Window == "R-IMPACT") && c.Side == "w"
	}) {
		t.Fatalf("the reaction is not among the commitments: %+v", v.Magic.Committed)
	}
	eval[bool](t, ctx, `(() => { const s = document.querySelector("[data-lang]"); s.value = "es"; s.dispatchEvent(new Event("change")); return true })()`)
	waitJS(t, ctx, "Spanish", `document.querySelector(".magic-part h3").textContent === "Tu mano"`)
	if txt := eval[string](t, ctx, `document.querySelector("[data-opponent-cards]").textContent`); !strings.Contains(txt, "Azar tiene") {
		t.Fatalf("the engine's count in Spanish: %q", txt)
	}
	time.Sleep(50 * time.Millisecond)
	shot(t, ctx, "magic-4-spanish")
}
