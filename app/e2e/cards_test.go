package e2e

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"azar/app/engine"
	"azar/app/games"
)

var (
	moveRE   = regexp.MustCompile(`^([a-h][1-8])([a-h][1-8])([qrbn]?)$`)
	relocRE  = regexp.MustCompile(`^([a-h][1-8])>([a-h][1-8])$`)
	squareRE = regexp.MustCompile(`^(?:-|[PNBRQK]@)([a-h][1-8])$`)
)

// gameID is the id of the game the page shows.
func gameID(t *testing.T, ctx contextT) string {
	return eval[string](t, ctx, `location.hash.slice(1)`)
}

// playByClicks plays tok the way a player would: a piece from a square
// to a square (the promotion chooser when asked), a marked square (the
// chooser for a placement among several pieces), or the action's button.
func playByClicks(t *testing.T, ctx contextT, v games.View, tok string) {
	t.Helper()
	if m := moveRE.FindStringSubmatch(tok); m != nil {
		steps := []chromedp.Action[chromedp.Void]{clickSq(m[1]), chromedp.WaitVisible(chromedp.CSS(`[data-square="` + m[2] + `"] .dot`)), clickSq(m[2])}
		if m[3] != "" {
			steps = append(steps, chromedp.Click(chromedp.CSS(`[data-promotion="`+m[3]+`"]`), chromedp.NodeVisible))
		}
		run(t, ctx, "play "+tok, steps...)
		return
	}
	if m := relocRE.FindStringSubmatch(tok); m != nil {
		run(t, ctx, "relocate "+tok, clickSq(m[1]), chromedp.WaitVisible(chromedp.CSS(`[data-square="`+m[2]+`"] .dot`)), clickSq(m[2]))
		return
	}
	if m := squareRE.FindStringSubmatch(tok); m != nil {
		n := 0
		for _, l := range v.Legal {
			if squareRE.FindStringSubmatch(l) != nil && strings.HasSuffix(l, m[1]) {
				n++
			}
		}
		steps := []chromedp.Action[chromedp.Void]{chromedp.WaitVisible(chromedp.CSS(`[data-square="` + m[1] + `"] .dot`)), clickSq(m[1])}
		if n > 1 {
			steps = append(steps, chromedp.Click(chromedp.CSS(`[data-place="`+tok+`"]`), chromedp.NodeVisible))
		}
		run(t, ctx, "act on "+tok, steps...)
		return
	}
	if tok == "draw" {
		run(t, ctx, "draw", chromedp.Click(action("draw"), chromedp.NodeVisible))
		return
	}
	run(t, ctx, "button "+tok, chromedp.Click(chromedp.CSS(`button[data-token="`+tok+`"]`), chromedp.NodeVisible))
}

// luckySeed is a seed whose deck starts with the card first: White's
// first draw.
func luckySeed(t *testing.T, rules map[string]string, first string) uint64 {
	for seed := uint64(1); seed < 5000; seed++ {
		order, err := games.LuckyOrder(rules, "", seed)
		if err != nil {
			t.Fatal(err)
		}
		if order[0] == first {
			return seed
		}
	}
	t.Fatalf("no seed deals %s first", first)
	return 0
}

// TestLuckyDrawAndCard plays Cartas de la Suerte against the engine
// under the mandatory card: the rule options on the form, a draw by the
// Draw button, the card face up with its text, its two moves by clicks
// guided step by step, the engine's own draw shown, the game resumed
// after a restart with the same deck.
func TestLuckyDrawAndCard(t *testing.T) {
	rules := map[string]string{"mandatory_card": "on"}
	seed := luckySeed(t, rules, "move2:P+N")
	order, _ := games.LuckyOrder(rules, "", seed)
	ctx, _ := browserContext(t)
	a := startSeeded(t, t.TempDir(), "127.0.0.1:0", seed)
	defer func() { a.stop() }()

	run(t, ctx, "open the page", chromedp.Navigate(a.url()), chromedp.WaitVisible(action("start-game")))
	run(t, ctx, "choose lucky cards", chromedp.Click(chromedp.CSS(`[data-variant="lucky"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-rule="mandatory_card"]`)))
	run(t, ctx, "the mandatory card", chromedp.Click(chromedp.CSS(`[data-rule="mandatory_card"]`)),
		chromedp.Click(chromedp.CSS(`[data-color="white"]`)), chromedp.Click(chromedp.CSS(`[data-level="1"]`)))
	shot(t, ctx, "1-lucky-form")
	run(t, ctx, "start", chromedp.Click(action("start-game")), chromedp.WaitVisible(chromedp.CSS(`[data-deck="54"]`)))
	if eval[bool](t, ctx, `!document.querySelector('[data-action="draw"]').hidden`) {
		t.Fatal("the Draw button is offered on the first turn")
	}
	id := gameID(t, ctx)
	run(t, ctx, "e4", moveByClicks("e2", "e4"), chromedp.WaitVisible(has("e4", "wP")))
	waitJS(t, ctx, "the engine's first move", sanCount(2)+" && "+idle())
	run(t, ctx, "draw", chromedp.Click(action("draw"), chromedp.NodeVisible),
		chromedp.WaitVisible(chromedp.CSS(`.drawn-card [data-card="move2:P+N"]`)))
	if got := eval[string](t, ctx, `document.querySelector("[data-deck]").dataset.deck`); got != "53" {
		t.Fatalf("deck %s after the draw", got)
	}
	if txt := eval[string](t, ctx, `document.querySelector(".drawn-card .card-text").textContent`); !strings.Contains(txt, "pawn") || !strings.Contains(txt, "knight") {
		t.Fatalf("the card's text %q", txt)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll(".sq.may-move").length`); n == 0 {
		t.Fatal("no piece is marked as one the card may move")
	}
	shot(t, ctx, "2-card-drawn")
	// The card's actions, one step at a time, as the server offers them.
	for step := 0; ; step++ {
		v, err := a.m.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		if v.Turn != "w" || v.Status != "playing" || len(v.Legal) == 0 || (step > 0 && v.Lucky.Phase == "start") {
			break
		}
		if step > 3 {
			t.Fatalf("the card is not resolved after %d actions: %+v", step, v.Lucky)
		}
		before := shownEntries(v) // the list has no entry for a draw
		playByClicks(t, ctx, v, v.Legal[0])
		waitJS(t, ctx, "the action", `document.querySelectorAll("#moves .san").length > `+itoa(before))
	}
	// The engine draws the next card (the mandatory card) and plays it.
	waitJS(t, ctx, "the engine's draw", `document.querySelectorAll(".drawn-log li").length >= 2 && `+idle())
	v, _ := a.m.Get(id)
	if len(v.Lucky.Drawn) < 2 || v.Lucky.Drawn[1].Card != order[1] || v.Lucky.Drawn[1].Side != "b" {
		t.Fatalf("drawn %+v, deck %v", v.Lucky.Drawn, order[:2])
	}
	if note := eval[string](t, ctx, `document.querySelector("[data-note]").textContent`); !strings.Contains(note, "Azar drew") && v.Turn == "w" {
		t.Fatalf("the engine's draw is not announced: note %q", note)
	}
	shot(t, ctx, "3-engine-drew")
	// Spanish: the card's name as printed.
	eval[bool](t, ctx, `(() => { const s = document.querySelector("[data-lang]"); s.value = "es"; s.dispatchEvent(new Event("change")); return true })()`)
	if got := eval[string](t, ctx, `document.querySelector(".drawn-log li").textContent`); !strings.Contains(got, "Mueve +") {
		t.Fatalf("the first card in Spanish: %q", got)
	}
	shot(t, ctx, "4-spanish")
	moves := eval[string](t, ctx, `document.querySelector("#moves").textContent`)
	a = a.restart()
	run(t, ctx, "reload", chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`[data-deck]`)))
	waitJS(t, ctx, "the resumed game", idle()+` && document.querySelector("#moves").textContent === `+jsString(moves))
	after, _ := a.m.Get(id)
	if !slices.Equal(after.Moves, v.Moves) && len(after.Moves) < len(v.Moves) {
		t.Fatalf("resumed moves %v, want %v", after.Moves, v.Moves)
	}
}

// spySeedE2E is a seed that deals White a wildcard and Black a plain
// spy card.
func spySeedE2E(t *testing.T) (uint64, string, string) {
	for seed := uint64(1); seed < 1000; seed++ {
		w, b := games.SpyDeal(seed)
		if w == "wild" && strings.HasPrefix(b, "spy:") {
			return seed, w, b
		}
	}
	t.Fatal("no seed")
	return 0, "", ""
}

// TestSpyReveal plays spy chess against the engine: the wildcard's
// choice, the player's card shown, the centre crossed by clicks, the
// Reveal button, the bicolour piece and the queen's remaining powers
// after the reveal.
func TestSpyReveal(t *testing.T) {
	seed, _, theirs := spySeedE2E(t)
	const mine = "wild:KN"
	ctx, _ := browserContext(t)
	a := startSeeded(t, t.TempDir(), "127.0.0.1:0", seed)
	defer a.stop()
	// The engine takes its time after the reveal, so that the page is
	// seen before the engine answers (it might take the gained piece).
	a.setDelay(func(r *engine.Request) time.Duration {
		if strings.Contains(r.Position, "reveal:") {
			return 800 * time.Millisecond
		}
		return 0
	})

	run(t, ctx, "open the page", chromedp.Navigate(a.url()), chromedp.WaitVisible(action("start-game")))
	run(t, ctx, "spy chess", chromedp.Click(chromedp.CSS(`[data-variant="spy"]`)),
		chromedp.WaitNotVisible(chromedp.CSS(`[data-mode="local"]`)),
		chromedp.Click(chromedp.CSS(`[data-color="white"]`)), chromedp.Click(chromedp.CSS(`[data-level="1"]`)),
		chromedp.Click(action("start-game")), chromedp.WaitVisible(chromedp.CSS(`.my-spy [data-card="wild"]`)))
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-choice]").length`); n != 6 {
		t.Fatalf("%d wildcard choices", n)
	}
	// The card's name is shown as a title, like the other games' cards.
	if tt := eval[string](t, ctx, `getComputedStyle(document.querySelector(".my-spy .card-name"), "::first-letter").textTransform`); tt != "uppercase" {
		t.Fatalf("the spy card's name starts with a %q letter", tt)
	}
	shot(t, ctx, "0-wildcard-choice")
	run(t, ctx, "choose the king's knight", chromedp.Click(chromedp.CSS(`[data-choice="`+mine+`"]`), chromedp.NodeVisible),
		chromedp.WaitVisible(chromedp.CSS(`.my-spy [data-card="`+mine+`"]`)))
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-my-spy]").length`); n != 1 {
		t.Fatalf("%d spy badges on the board", n)
	}
	if strings.Contains(eval[string](t, ctx, `document.body.innerHTML`), theirs) {
		t.Fatalf("the page holds the engine's card %s", theirs)
	}
	shot(t, ctx, "1-spy-card")
	id := gameID(t, ctx)
	for turn := 0; ; turn++ {
		v, err := a.m.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		if v.Spy.Reveal != "" {
			break
		}
		if turn > 8 || v.Status != "playing" {
			t.Fatalf("no reveal offered: %+v", v.Spy)
		}
		// Push a pawn as far as it goes: the centre is crossed on rank 5.
		tok, best := v.Legal[0], byte('0')
		for _, m := range v.Legal {
			if moveRE.MatchString(m) && m[3] > best && v.Pieces[m[:2]] == "wP" {
				tok, best = m, m[3]
			}
		}
		n := len(v.Moves)
		playByClicks(t, ctx, v, tok)
		waitJS(t, ctx, "the engine's reply", sanCount(n+2)+" && "+idle())
	}
	run(t, ctx, "reveal", chromedp.WaitVisible(action("reveal")))
	shot(t, ctx, "2-reveal-offered")
	run(t, ctx, "reveal", chromedp.Click(action("reveal")), chromedp.WaitVisible(chromedp.CSS(`[data-piece][data-bicolour]`)))
	if p := eval[string](t, ctx, `document.querySelector('[data-queen="w"]').dataset.powers`); len(p) != 2 {
		t.Fatalf("the queen's powers after the reveal: %q", p)
	}
	if got := eval[string](t, ctx, `document.querySelector("#moves").textContent`); !strings.Contains(got, "reveals its spy: the ") || strings.Contains(got, "reveal:") {
		t.Fatalf("the reveal is not in the move list in words: %q", got)
	}
	shot(t, ctx, "3-revealed")
	waitJS(t, ctx, "the engine's answer", idle())
}

type contextT = context.Context

// delayed is the engine with a test's hook before each search: it may
// change the request (an option) and pause.
type delayed struct {
	games.Searcher
	delay *atomic.Pointer[func(*engine.Request) time.Duration]
}

func (d delayed) Search(ctx context.Context, r engine.Request) (engine.Result, error) {
	if f := d.delay.Load(); f != nil {
		select {
		case <-time.After((*f)(&r)):
		case <-ctx.Done():
		}
	}
	return d.Searcher.Search(ctx, r)
}

func (a *app) setDelay(f func(*engine.Request) time.Duration) { a.delay.Store(&f) }

func itoa(n int) string { return strconv.Itoa(n) }

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestLuckyBombOnOneDevice: two players on one device; White's first
// card is the plain bomb of the king's side: its zone is marked, the
// rival pieces it may remove carry the removal mark, and a click on one
// removes it.
func TestLuckyBombOnOneDevice(t *testing.T) {
	seed := luckySeed(t, nil, "bomb:kside")
	ctx, _ := browserContext(t)
	a := startSeeded(t, t.TempDir(), "127.0.0.1:0", seed)
	defer a.stop()

	run(t, ctx, "open the page", chromedp.Navigate(a.url()), chromedp.WaitVisible(action("start-game")))
	run(t, ctx, "lucky on one device", chromedp.Click(chromedp.CSS(`[data-variant="lucky"]`)),
		chromedp.Click(chromedp.CSS(`[data-mode="local"]`)), chromedp.Click(action("start-game")),
		chromedp.WaitVisible(chromedp.CSS(`[data-deck="54"]`)))
	for _, m := range []string{"e2 e4", "e7 e5"} {
		from, to, _ := strings.Cut(m, " ")
		run(t, ctx, "play "+m, clickSq(from), clickSq(to), chromedp.WaitVisible(chromedp.CSS(`[data-square="`+to+`"] [data-piece]`)))
	}
	run(t, ctx, "draw", chromedp.Click(action("draw"), chromedp.NodeVisible),
		chromedp.WaitVisible(chromedp.CSS(`.drawn-card [data-card="bomb:kside"]`)))
	zone := eval[string](t, ctx, `Array.from(document.querySelectorAll(".sq.zone")).map(s => s.dataset.square).sort().join(" ")`)
	if zone != "e5 e6 e7 e8 f5 f6 f7 f8 g5 g6 g7 g8 h5 h6 h7 h8" {
		t.Fatalf("the bomb's zone %q", zone)
	}
	marked := eval[string](t, ctx, `Array.from(document.querySelectorAll(".dot.remove")).map(d => d.parentElement.dataset.square).sort().join(" ")`)
	if strings.Contains(marked, "e8") || !strings.Contains(marked, "g8") || strings.Contains(marked, "d7") {
		t.Fatalf("removal marks on %q", marked)
	}
	shot(t, ctx, "1-bomb-zone")
	run(t, ctx, "remove the knight", clickSq("g8"), chromedp.WaitNotPresent(chromedp.CSS(`[data-square="g8"] [data-piece]`)))
	waitJS(t, ctx, "Black's turn", `document.querySelector("[data-status]").dataset.turn === "b"`)
	if got := eval[string](t, ctx, `document.querySelector(".pools").textContent`); !strings.Contains(got, "N") {
		t.Fatalf("the removed knight is not in Black's pool: %q", got)
	}
	shot(t, ctx, "2-bombed")
}

// TestSpyEngineRevealAnnounced: the engine, told to reveal as soon as it
// may (the protocol's SpyRevealPolicy asap), reveals; the page announces
// it and shows the engine's card, which it never held before.
func TestSpyEngineRevealAnnounced(t *testing.T) {
	var seed uint64
	var theirs string
	for s := uint64(1); s < 1000; s++ {
		w, b := games.SpyDeal(s)
		if strings.HasPrefix(w, "spy:") && strings.HasPrefix(b, "spy:P") && w != b {
			seed, theirs = s, b
			break
		}
	}
	ctx, _ := browserContext(t)
	a := startSeeded(t, t.TempDir(), "127.0.0.1:0", seed)
	defer a.stop()
	a.setDelay(func(r *engine.Request) time.Duration {
		r.Options = append(r.Options, engine.Option{Name: "SpyRevealPolicy", Value: "asap"})
		return 0
	})
	run(t, ctx, "open the page", chromedp.Navigate(a.url()), chromedp.WaitVisible(action("start-game")))
	run(t, ctx, "spy chess", chromedp.Click(chromedp.CSS(`[data-variant="spy"]`)),
		chromedp.Click(chromedp.CSS(`[data-color="white"]`)), chromedp.Click(chromedp.CSS(`[data-level="1"]`)),
		chromedp.Click(action("start-game")), chromedp.WaitVisible(chromedp.CSS(`.my-spy [data-card]`)))
	id := gameID(t, ctx)
	for turn := 0; ; turn++ {
		v, err := a.m.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		if v.Spy.Revealed["b"] != "" {
			break
		}
		if turn > 30 || v.Status != "playing" {
			t.Fatalf("the engine never revealed: %v", v.Moves)
		}
		if strings.Contains(eval[string](t, ctx, `document.body.innerHTML`), theirs) {
			t.Fatalf("the page holds the engine's card %s before its reveal", theirs)
		}
		// The knight goes out and back: the player never reveals.
		tok := []string{"b1c3", "c3b1"}[turn%2]
		if !slices.Contains(v.Legal, tok) {
			tok = v.Legal[0]
			for _, m := range v.Legal {
				if !strings.HasPrefix(m, "reveal") && moveRE.MatchString(m) {
					tok = m
					break
				}
			}
		}
		n := len(v.Moves)
		playByClicks(t, ctx, v, tok)
		waitJS(t, ctx, "the engine's reply", `document.querySelectorAll("#moves .san").length >= `+itoa(n+2)+` && `+idle())
	}
	waitJS(t, ctx, "the announcement", `document.querySelector("[data-note]").textContent.includes("Azar reveals its spy")`)
	// The card by its role's name ("queen's rook"), never its code.
	if got := eval[string](t, ctx, `document.querySelector(".reveals").textContent`); !strings.Contains(got, "Azar reveals its spy:") || strings.Contains(got, theirs) {
		t.Fatalf("the reveals read %q (the card %s)", got, theirs)
	}
	if note := eval[string](t, ctx, `document.querySelector("[data-note]").textContent`); !regexp.MustCompile(`^Azar reveals its spy: the \w+ on [a-h][1-8] was White's`).MatchString(note) {
		t.Fatalf("the announcement %q", note)
	}
	shot(t, ctx, "1-engine-revealed")
}

// TestDailyPuzzle solves a date's mate in 2 by clicks: a wrong move
// first (refused with its reason, the board kept), the hint on request,
// then the solution, the defender's reply coming from the server.
func TestDailyPuzzle(t *testing.T) {
	date, p, book, d, wrong := mateInTwo(t)
	ctx, _ := browserContext(t)
	a := startApp(t, t.TempDir(), "127.0.0.1:0")
	defer a.stop()
	run(t, ctx, "open the puzzle", chromedp.Navigate(a.url()+"#puzzle="+date), chromedp.WaitVisible(chromedp.CSS(`[data-puzzle-task]`)))
	if task := eval[string](t, ctx, `document.querySelector("[data-puzzle-task]").textContent`); !strings.Contains(task, "mate in 2") || !strings.Contains(task, date) {
		t.Fatalf("the task reads %q", task)
	}
	fen := eval[string](t, ctx, `Array.from(document.querySelectorAll("[data-piece]")).map(p => p.parentElement.dataset.square + p.dataset.piece).join(" ")`)
	playByClicks(t, ctx, games.View{Legal: d.Legal}, wrong)
	waitJS(t, ctx, "the refusal", `document.querySelector("[data-puzzle-verdict]").dataset.ok === "false"`)
	if got := eval[string](t, ctx, `Array.from(document.querySelectorAll("[data-piece]")).map(p => p.parentElement.dataset.square + p.dataset.piece).join(" ")`); got != fen {
		t.Fatal("the wrong move stayed on the board")
	}
	shot(t, ctx, "1-wrong-move")
	run(t, ctx, "hint", chromedp.Click(action("puzzle-hint"), chromedp.NodeVisible), chromedp.WaitVisible(chromedp.CSS(`[data-puzzle-hint]`)))
	if got := eval[string](t, ctx, `document.querySelector("[data-puzzle-hint]").textContent`); got != p.Hint {
		t.Fatalf("hint %q, want %q", got, p.Hint)
	}
	v, _ := book.Check(date, p.Solution[:1])
	playByClicks(t, ctx, games.View{}, p.Solution[0])
	waitJS(t, ctx, "the defender's reply", `(document.querySelector("#moves .san.current") || {}).textContent === `+jsString(v.ReplySAN))
	shot(t, ctx, "2-reply")
	mate := p.Solution[2]
	if v.Reply != p.Solution[1] {
		mate = ""
		for _, m := range v.Board.Legal {
			if w, _ := book.Check(date, append(v.Line, m)); w.Solved {
				mate = m
				break
			}
		}
	}
	playByClicks(t, ctx, games.View{}, mate)
	waitJS(t, ctx, "solved", statusIs("solved"))
	if !strings.Contains(eval[string](t, ctx, `document.querySelector("#moves").textContent`), "#") {
		t.Fatal("the mate is not in the move list")
	}
	shot(t, ctx, "3-solved")
}

// TestLuckyRecoverOnOneDevice: from a position where White has lost a
// pawn and a rook, White draws recover: the empty squares carry the
// placement mark, and a click on one opens the chooser of the pieces
// White may put back there.
func TestLuckyRecoverOnOneDevice(t *testing.T) {
	const fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBN1 w Qkq - 0 5 pool=PR/-"
	var seed uint64
	for s := uint64(1); s < 5000 && seed == 0; s++ {
		if order, err := games.LuckyOrder(nil, fen, s); err != nil {
			t.Fatal(err)
		} else if order[0] == "recover" {
			seed = s
		}
	}
	ctx, _ := browserContext(t)
	a := startSeeded(t, t.TempDir(), "127.0.0.1:0", seed)
	defer a.stop()
	run(t, ctx, "open the page", chromedp.Navigate(a.url()), chromedp.WaitVisible(action("start-game")))
	run(t, ctx, "lucky from a position", chromedp.Click(chromedp.CSS(`[data-variant="lucky"]`)),
		chromedp.Click(chromedp.CSS(`[data-mode="local"]`)), chromedp.Click(chromedp.CSS(`details summary`)),
		chromedp.SendKeys(chromedp.CSS(`[data-fen]`), fen), chromedp.Click(action("start-game")),
		chromedp.WaitVisible(action("draw")))
	run(t, ctx, "draw", chromedp.Click(action("draw")), chromedp.WaitVisible(chromedp.CSS(`.drawn-card [data-card="recover"]`)))
	if n := eval[int](t, ctx, `document.querySelectorAll(".dot.place").length`); n != 34 {
		t.Fatalf("%d squares marked for the placement, want the 34 empty ones", n)
	}
	if got := eval[string](t, ctx, `document.querySelector(".pools").textContent`); !strings.Contains(got, "PR") {
		t.Fatalf("the pool reads %q", got)
	}
	run(t, ctx, "the chooser on e4", clickSq("e4"), chromedp.WaitVisible(chromedp.CSS(`[data-place="R@e4"]`)))
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-place]").length`); n != 2 {
		t.Fatalf("%d pieces in the chooser, want the pawn and the rook", n)
	}
	shot(t, ctx, "1-recover-chooser")
	run(t, ctx, "put the rook back", chromedp.Click(chromedp.CSS(`[data-place="R@e4"]`)), chromedp.WaitVisible(has("e4", "wR")))
	// One normal move follows only when the card says so; either way the
	// rook stands and the pool has the pawn left.
	if got := eval[string](t, ctx, `document.querySelector(".pools").textContent`); strings.Contains(got, "R") {
		t.Fatalf("the pool still holds the rook: %q", got)
	}
	shot(t, ctx, "2-recovered")
}
