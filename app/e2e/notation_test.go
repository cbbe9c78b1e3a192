package e2e

import (
	"context"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"azar/app/games"
)

// banned names the protocol token shapes s shows (app/games's list).
func banned(s string) []string { return games.ProtocolTokens(s) }

// undescribedJS lists the card games' visible action buttons and cards
// that carry no description (a title, aria-description or aria-label):
// what a newcomer could press without being told what it does. A
// wildcard's choices are named by their visible text (the piece).
const undescribedJS = `Array.from(document.querySelectorAll("#cards [data-action], #cards .card"))
	.filter((b) => b.offsetParent !== null && !["choose", "unpick-card"].includes(b.dataset.action))
	.filter((b) => !(b.title || b.getAttribute("aria-description") || b.getAttribute("aria-label")))
	.map((b) => b.dataset.action + ":" + b.textContent.trim().slice(0, 30))`

// pickAction is a player's action in a card game: a card or a reveal
// when there is one (every other turn), a draw, else a legal move.
func pickAction(v games.View, rng *rand.Rand) string {
	var cards, moves []string
	for _, l := range v.Legal {
		switch {
		case strings.HasPrefix(l, "AM"), strings.HasPrefix(l, "reveal"), l == "draw":
			cards = append(cards, l)
		case l != "pass":
			moves = append(moves, l)
		}
	}
	if len(cards) > 0 && (len(moves) == 0 || rng.IntN(2) == 0) {
		return cards[rng.IntN(len(cards))]
	}
	if len(moves) == 0 {
		return v.Legal[0]
	}
	return moves[rng.IntN(len(moves))]
}

// shownEntries is how many entries the page's move list has for the
// view: one per action with a note (a lucky draw and a declined magic
// window have none).
func shownEntries(v games.View) int {
	var notes []games.Note
	switch {
	case v.Lucky != nil:
		notes = v.Lucky.Notes
	case v.Magic != nil:
		notes = v.Magic.Notes
	default:
		return len(v.Moves)
	}
	k := 0
	for _, n := range notes {
		if len(n) > 0 {
			k++
		}
	}
	return k
}

// TestCardNotationOnScreens plays a few turns of each card game against
// the engine at 1280×900 and 375×812, in English and Spanish: the move
// list and the note read in words and SAN (Spanish letters in Spanish),
// never a protocol token; every card and action button is described;
// the what-to-do line is there on the player's turn.
func TestCardNotationOnScreens(t *testing.T) {
	onScreensSeeded(t, 11, []screen{desktop, phone375}, func(ctx context.Context, a *app, s screen, lang string) {
		for _, g := range []string{"lucky", "spy", "magic"} {
			id := newGame(t, ctx, `{variant: "`+g+`", mode: "engine", color: "white", level: 1}`)
			rng := rand.New(rand.NewPCG(uint64(len(lang)), uint64(s.w)))
			var v games.View
			for turn := 0; turn < 6; turn++ {
				waitView(t, a, id, func(w games.View) bool { v = w; return !w.Thinking && (len(w.Legal) > 0 || w.Status != "playing") })
				if v.Status != "playing" {
					break
				}
				waitJS(t, ctx, "the page at the player's turn", idle()+` && document.querySelectorAll("#moves .san").length === `+itoa(shownEntries(v)))
				line := map[string]string{"lucky": "#cards .lucky-part [data-step]", "spy": "#cards .spy-part [data-step]", "magic": "#cards [data-prompt]"}[g]
				if txt := eval[string](t, ctx, `document.querySelector("`+line+`").textContent`); txt == "" || len(banned(txt)) > 0 {
					t.Errorf("%s %s %s: what-to-do line %q %v", g, s.name, lang, txt, banned(txt))
				}
				if bad := eval[[]string](t, ctx, undescribedJS); len(bad) > 0 {
					t.Errorf("%s %s %s: undescribed %v", g, s.name, lang, bad)
				}
				if _, err := a.m.Move(id, pickAction(v, rng)); err != nil {
					t.Fatal(err)
				}
			}
			waitView(t, a, id, func(w games.View) bool { v = w; return !w.Thinking })
			waitJS(t, ctx, "the page caught up", idle()+` && document.querySelectorAll("#moves .san").length === `+itoa(shownEntries(v)))
			// Each entry of the list on its own, and the note.
			entries := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#moves .san")).map((e) => e.textContent)`)
			note := eval[string](t, ctx, `document.querySelector("[data-note]").textContent`)
			for i, txt := range append(entries, note) {
				if bad := banned(txt); len(bad) > 0 || (txt == "" && i < len(entries)) {
					t.Errorf("%s %s %s: %q shows %v", g, s.name, lang, txt, bad)
				}
			}
			moves := strings.Join(entries, " ")
			// SAN in the page's letters: no knight's N in Spanish, no C in English.
			letter := map[string]*regexp.Regexp{"es": regexp.MustCompile(`\b[NQB][a-h]?[1-8]?x?[a-h][1-8]\b`), "en": regexp.MustCompile(`\b[CDAT][a-h]?[1-8]?x?[a-h][1-8]\b`)}[lang]
			if letter.MatchString(moves) {
				t.Errorf("%s %s: the other language's piece letters in %q", g, lang, moves)
			}
			shot(t, ctx, g+"-"+sizeName(s, lang))
		}
	})
}

// c4StepsJS records, every 20 ms, how many moves the page shows and the
// board's last-move squares, with the time.
const c4StepsJS = `(() => { window.c4Steps = []; let last = "";
	window.c4Sample = () => {
		const n = (document.querySelector("#seats") || {dataset: {}}).dataset.shownMoves || "";
		const sq = Array.from(document.querySelectorAll("#board .sq.last")).map((e) => e.dataset.square).sort().join(",");
		if (n + "/" + sq !== last) { last = n + "/" + sq; window.c4Steps.push({n: Number(n), sq, at: performance.now()}); }
	};
	window.c4Timer = setInterval(window.c4Sample, 20); return true })()`

// setPause sets the pause between the engine seats' moves in the
// settings (data-setting="c4Pause").
func setPause(t *testing.T, ctx context.Context, ms string) {
	t.Helper()
	eval[bool](t, ctx, `(() => { const s = document.querySelector('[data-setting="c4Pause"]'); s.value = "`+ms+`"; s.dispatchEvent(new Event("change")); return true })()`)
}

type c4Step struct {
	N  int     `json:"n"`
	Sq string  `json:"sq"`
	At float64 `json:"at"`
}

// TestChaturanga4EngineMovesOneAtATime: after Red's move the three
// engine seats' moves are shown one at a time, each with its own
// last-move highlight, the pause of the settings apart (900 ms by
// default, 1600 when set long); the legend names the five pieces; on a
// device shared by people the board turns to the seat to move.
func TestChaturanga4EngineMovesOneAtATime(t *testing.T) {
	ctx, _ := browserContext(t)
	a := startApp(t, t.TempDir(), "127.0.0.1:0")
	defer func() { a.stop() }()
	run(t, ctx, "open the page", chromedp.Navigate(a.url()), chromedp.WaitVisible(action("new-game")))
	for _, pause := range []string{"", "1600"} {
		if pause != "" {
			setPause(t, ctx, pause)
		}
		id := newGame(t, ctx, `{variant: "chaturanga4", seats: [{player: "you"}, {player: "engine", level: 1}, {player: "engine", level: 1}, {player: "engine", level: 1}]}`)
		v, _ := a.m.Get(id)
		eval[bool](t, ctx, c4StepsJS)
		if _, err := a.m.Move(id, v.Legal[0]); err != nil {
			t.Fatal(err)
		}
		waitView(t, a, id, func(w games.View) bool { v = w; return !w.Thinking && w.Turn == "r" })
		waitJS(t, ctx, "the page shows the round", `document.querySelector("#seats").dataset.shownMoves === "`+itoa(len(v.Moves))+`"`)
		steps := eval[[]c4Step](t, ctx, `(() => { clearInterval(window.c4Timer); window.c4Sample(); return window.c4Steps })()`)
		want := 900.0
		if pause != "" {
			want = 1600
		}
		// The first sample is the start; then Red's move, then each
		// engine seat's, each with its own squares.
		var seen []c4Step
		for _, st := range steps {
			if st.N >= 1 && (len(seen) == 0 || seen[len(seen)-1].N != st.N) {
				seen = append(seen, st)
			}
		}
		if len(seen) != 4 {
			t.Fatalf("pause %q: the page showed the moves as %+v, want 1, 2, 3, 4 one at a time", pause, steps)
		}
		for i := 1; i < len(seen); i++ {
			gap := seen[i].At - seen[i-1].At
			if seen[i].N != seen[i-1].N+1 || seen[i].Sq == seen[i-1].Sq || seen[i].Sq == "" {
				t.Errorf("pause %q: step %d %+v after %+v", pause, i, seen[i], seen[i-1])
			}
			// Between two engine seats (the first engine move follows Red's
			// as the event stream brings them, a pause or less after it);
			// the samples come after the drawing, slow on a loaded machine.
			if i > 1 && (gap < want*0.7 || gap > want*2.5) {
				t.Errorf("pause %q: %.0f ms between the engine seats' moves %d and %d, want about %.0f", pause, gap, i, i+1, want)
			}
			tok := v.Moves[seen[i].N-1].UCI
			if !strings.Contains(seen[i].Sq, tok[:2]) || !strings.Contains(seen[i].Sq, tok[2:4]) {
				t.Errorf("pause %q: move %d %s highlighted as %q", pause, seen[i].N, tok, seen[i].Sq)
			}
		}
		t.Logf("pause %q: steps %+v", pause, seen)
	}
	if got := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("[data-c4-legend] [data-legend-piece]")).map((l) => l.textContent)`); len(got) != 5 ||
		!strings.Contains(got[0], "raja") || !strings.Contains(got[3], "boat") {
		t.Fatalf("the legend %v", got)
	}
	shot(t, ctx, "1-legend")
	// People on one device: the board turns to the seat to move.
	id := newGame(t, ctx, `{variant: "chaturanga4", seats: [{player: "you"}, {player: "person"}, {player: "person"}, {player: "person"}]}`)
	corners := []string{eval[string](t, ctx, firstSquare())}
	for range 2 {
		v, _ := a.m.Get(id)
		if _, err := a.m.Move(id, v.Legal[0]); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, "the board turned", firstSquare()+` !== "`+corners[len(corners)-1]+`"`)
		corners = append(corners, eval[string](t, ctx, firstSquare()))
	}
	if corners[0] == corners[2] {
		t.Fatalf("the board's top corner %v: it did not follow Red, Green, Yellow", corners)
	}
	shot(t, ctx, "2-turned-to-yellow")
}

// TestEndCauseNamed (issue 29 §2): a card game won on the board by a card
// or an effect says which in its status line; a plain mate does not.
// The panels' own function, as the page imports it, on notes of the
// server's shape (a card part; an effect's removal, marked effect).
func TestEndCauseNamed(t *testing.T) {
	ctx, _ := browserContext(t)
	a := startApp(t, t.TempDir(), "127.0.0.1:0")
	defer a.stop()
	run(t, ctx, "open the page", chromedp.Navigate(a.url()), chromedp.WaitVisible(action("new-game")))
	got := evalAwait(t, ctx, `Promise.all([import("/static/panels/cards.js"), import("/static/i18n.js")]).then(([cards, i18n]) => {
	  const text = (en, es) => ({ text: { en, es } });
	  const mate = { status: "checkmate", result: "1-0", mode: "engine", human: "w" };
	  const wall = [[{ san: "e4" }], [{ card: "AM34", ...text("Muro (wall)", "Muro") }, text("on e5", "en e5"), text("— checkmate", "— jaque mate")]];
	  const mine = [[{ san: "Nf6" }, { ...text("· Mine: removes the knight on f6", "· Mina: quita el caballo de f6"), effect: true }, text("— checkmate", "— jaque mate")]];
	  const plain = [[{ san: "Qh4#" }]];
	  const out = [];
	  for (const lang of ["en", "es"]) {
	    localStorage.setItem("azar.lang", lang);
	    const ui = i18n.createI18n();
	    out.push(cards.statusWithCause("S", ui.t, ui, mate, wall), cards.statusWithCause("S", ui.t, ui, mate, mine),
	      cards.statusWithCause("S", ui.t, ui, mate, plain), cards.statusWithCause("S", ui.t, ui, { ...mate, status: "playing" }, wall));
	  }
	  return out.join(" | ");
	})`)
	want := "S · after Muro (wall) on e5 | S · after Nf6 · Mine: removes the knight on f6 | S | S | " +
		"S · tras Muro en e5 | S · tras Cf6 · Mina: quita el caballo de f6 | S | S"
	if got != want {
		t.Errorf("status lines:\n %q\nwant\n %q", got, want)
	}
}
