package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// interactiveRoles are the accessibility roles a player acts on.
var interactiveRoles = map[string]bool{
	"button": true, "checkbox": true, "combobox": true, "textbox": true, "link": true, "radio": true, "slider": true,
	"spinbutton": true, "switch": true, "tab": true, "menuitem": true, "listbox": true, "searchbox": true,
}

// axValue is a string value of the accessibility tree ("" when absent).
func axValue(v *accessibility.Value) string {
	if v == nil || len(v.Value) == 0 {
		return ""
	}
	var s string
	if err := json.Unmarshal(v.Value, &s); err != nil {
		return string(v.Value)
	}
	return s
}

// checkAccessible reads Chromium's accessibility tree and fails on an
// interactive node without a name; on the page's side, every element
// one may Tab to or act on that is not a native control has a role. It
// returns the names of the interactive nodes, by role.
func checkAccessible(t *testing.T, ctx context.Context, where string) map[string][]string {
	t.Helper()
	res, err := chromedp.Call(ctx, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
	if err != nil {
		t.Fatal(err)
	}
	names := map[string][]string{}
	var bad []string
	for _, n := range res.Nodes {
		if n.Ignored {
			continue
		}
		role := axValue(n.Role)
		if !interactiveRoles[role] {
			continue
		}
		name := strings.TrimSpace(axValue(n.Name))
		if name == "" {
			bad = append(bad, fmt.Sprintf("%s (dom node %d)", role, n.BackendDOMNodeID))
		}
		names[role] = append(names[role], name)
	}
	if len(bad) > 0 {
		shot(t, ctx, "unnamed-"+where)
		t.Fatalf("%s: interactive nodes without a name: %v", where, bad)
	}
	if len(names["button"]) == 0 {
		t.Fatalf("%s: no button in the accessibility tree", where)
	}
	roleless := eval[string](t, ctx, `Array.from(document.querySelectorAll("[tabindex]:not([tabindex='-1']), [data-action]"))
		.filter((el) => !el.closest("[hidden]") && !["BUTTON", "A", "INPUT", "SELECT", "TEXTAREA"].includes(el.tagName) && !el.getAttribute("role"))
		.map((el) => el.outerHTML.slice(0, 80)).join(" | ")`)
	if roleless != "" {
		t.Fatalf("%s: elements to act on without a role: %s", where, roleless)
	}
	return names
}

func activeSquare(t *testing.T, ctx context.Context) string {
	return eval[string](t, ctx, `(document.activeElement && document.activeElement.dataset.square) || ""`)
}

func keys(t *testing.T, ctx context.Context, what string, k ...string) {
	t.Helper()
	steps := make([]chromedp.Action[chromedp.Void], 0, len(k))
	for _, s := range k {
		steps = append(steps, chromedp.KeyEvent(s))
	}
	run(t, ctx, what, steps...)
}

var words = map[string]map[string]string{
	"en": {"e2": "e2, white pawn", "a1": "a1, white rook", "notYours": "That piece is not yours to move now.", "queen": "Queen"},
	"es": {"e2": "e2, peón blanco", "a1": "a1, torre blanca", "notYours": "Esa pieza no es tuya o no te toca moverla.", "queen": "Dama"},
}

// TestKeyboardAndScreenReader plays from the keyboard, at 1280x900 and
// 375x812, in English and Spanish: the board is one Tab stop whose
// squares are named ("e2, white pawn"), the arrows move the focus,
// Enter and Space pick and drop a piece, Escape drops the selection, a
// refused square says why; the confirmation dialog takes the focus,
// keeps Tab inside and closes on Escape; a promotion by the keyboard
// through the chooser's named buttons; the magic hand's cards are
// buttons Enter plays; the lesson's board is named too. Every interactive node
// (each of the five games, the puzzle and the lessons included) of Chromium's
// accessibility tree has a name on each screen.
func TestKeyboardAndScreenReader(t *testing.T) {
	onScreens(t, []screen{desktop, phone375}, func(ctx context.Context, a *app, s screen, lang string) {
		w := words[lang]
		where := sizeName(s, lang)
		checkAccessible(t, ctx, where+"-form")

		id := newGame(t, ctx, `{variant: "chess", mode: "engine", color: "white", level: 1}`)
		waitJS(t, ctx, "your move", idle())
		if got := eval[string](t, ctx, `document.querySelector('[data-square="e2"]').getAttribute("aria-label")`); got != w["e2"] {
			t.Fatalf("%s: e2 is named %q, want %q", where, got, w["e2"])
		}
		if n := eval[int](t, ctx, `document.querySelectorAll('#board [data-square][tabindex="0"]').length`); n != 1 {
			t.Fatalf("%s: %d squares in the Tab order, want one (a roving tabindex)", where, n)
		}
		names := checkAccessible(t, ctx, where+"-game")
		if !strings.Contains(strings.Join(names["button"], "|"), w["a1"]) {
			t.Fatalf("%s: no button named %q in the accessibility tree", where, w["a1"])
		}
		eval[bool](t, ctx, `(document.querySelector('#board [data-square][tabindex="0"]').focus(), true)`)
		if sq := activeSquare(t, ctx); sq != "a1" {
			t.Fatalf("%s: the board's Tab stop is %q, want a1 (bottom left)", where, sq)
		}
		keys(t, ctx, "to e2", kb.ArrowRight, kb.ArrowRight, kb.ArrowRight, kb.ArrowRight, kb.ArrowUp)
		if sq := activeSquare(t, ctx); sq != "e2" {
			t.Fatalf("%s: the focus is on %q, want e2", where, sq)
		}
		keys(t, ctx, "pick e2", kb.Enter)
		waitJS(t, ctx, "e2 picked", `document.querySelector('[data-square="e2"]').getAttribute("aria-pressed") === "true" && !!document.querySelector('[data-square="e4"] .dot')`)
		keys(t, ctx, "drop the selection", kb.Escape)
		waitJS(t, ctx, "no selection", `!document.querySelector("#board .selected") && !document.querySelector("#board .dot")`)
		keys(t, ctx, "pick e2 again, to e4, play with Space", kb.Enter, kb.ArrowUp, kb.ArrowUp, " ")
		waitJS(t, ctx, "e4 played and answered", sanCount(2)+" && "+idle())
		if v, err := a.m.Get(id); err != nil || v.Moves[0].UCI != "e2e4" {
			t.Fatalf("%s: the game's first move %+v, %v", where, v.Moves, err)
		}
		if sq := activeSquare(t, ctx); sq != "e4" {
			t.Fatalf("%s: after the move the focus is on %q, want e4 (kept across the redraw)", where, sq)
		}
		// A refused square: the opponent's king.
		keys(t, ctx, "to e8, Enter", kb.ArrowUp, kb.ArrowUp, kb.ArrowUp, kb.ArrowUp, kb.Enter)
		waitJS(t, ctx, "the refusal", `document.querySelector("[data-note]").dataset.refused === "piece"`)
		if got := eval[string](t, ctx, `document.querySelector("[data-note]").textContent`); got != w["notYours"] {
			t.Fatalf("%s: the refusal says %q, want %q", where, got, w["notYours"])
		}

		// The confirmation dialog.
		run(t, ctx, "resign?", chromedp.Click(action("resign"), chromedp.NodeVisible), chromedp.WaitVisible(chromedp.CSS(`#confirm [role=dialog]`)))
		if !eval[bool](t, ctx, `document.querySelector("#confirm").contains(document.activeElement)`) {
			t.Fatalf("%s: the dialog did not take the focus", where)
		}
		checkAccessible(t, ctx, where+"-confirm")
		keys(t, ctx, "Tab around", kb.Tab, kb.Tab, kb.Tab, kb.Tab, kb.Tab)
		if !eval[bool](t, ctx, `document.querySelector("#confirm").contains(document.activeElement)`) {
			t.Fatalf("%s: Tab left the dialog for %s", where, eval[string](t, ctx, `document.activeElement.outerHTML.slice(0, 80)`))
		}
		keys(t, ctx, "Escape", kb.Escape)
		waitJS(t, ctx, "the dialog closed", `document.querySelector("#confirm").hidden`)
		if st := eval[string](t, ctx, `document.querySelector("[data-status]").dataset.status`); st != "playing" {
			t.Fatalf("%s: Escape in the dialog left the game %q", where, st)
		}

		// The settings dialog.
		run(t, ctx, "settings", chromedp.Click(action("settings"), chromedp.NodeVisible), chromedp.WaitVisible(chromedp.CSS(`#settings [role=dialog]`)))
		checkAccessible(t, ctx, where+"-settings")
		keys(t, ctx, "Escape", kb.Escape)
		waitJS(t, ctx, "the settings closed", `document.querySelector("#settings").hidden`)

		// A promotion by the keyboard.
		newGame(t, ctx, `{variant: "chess", mode: "local", fen: "7k/P7/8/8/8/8/8/K7 w - - 0 1"}`)
		eval[bool](t, ctx, `(document.querySelector('[data-square="a7"]').focus(), true)`)
		keys(t, ctx, "pick a7", kb.Enter)
		waitJS(t, ctx, "a7 picked", `document.querySelector('[data-square="a7"]').getAttribute("aria-pressed") === "true"`)
		keys(t, ctx, "to a8", kb.ArrowUp, kb.Enter)
		waitJS(t, ctx, "the chooser", `!document.querySelector("#promotion").hidden`)
		if !eval[bool](t, ctx, `document.activeElement.matches("[data-promotion]")`) {
			t.Fatalf("%s: the chooser did not take the focus: %s", where, eval[string](t, ctx, `document.activeElement.outerHTML.slice(0, 80)`))
		}
		names = checkAccessible(t, ctx, where+"-promotion")
		if !strings.Contains(strings.Join(names["button"], "|"), w["queen"]) {
			t.Fatalf("%s: the promotion's buttons are named %v", where, names["button"])
		}
		keys(t, ctx, "Tab around the chooser", kb.Tab, kb.Tab, kb.Tab, kb.Tab, kb.Tab, kb.Tab)
		if !eval[bool](t, ctx, `document.querySelector("#promotion").contains(document.activeElement)`) {
			t.Fatalf("%s: Tab left the promotion chooser", where)
		}
		keys(t, ctx, "Escape", kb.Escape)
		waitJS(t, ctx, "no promotion", `document.querySelector("#promotion").hidden && (`+pieceAt("a7")+`) === "wP"`)
		eval[bool](t, ctx, `(document.querySelector('[data-square="a7"]').focus(), true)`)
		keys(t, ctx, "pick a7", kb.Enter)
		waitJS(t, ctx, "a7 picked", `document.querySelector('[data-square="a7"]').getAttribute("aria-pressed") === "true"`)
		keys(t, ctx, "to a8", kb.ArrowUp, kb.Enter)
		waitJS(t, ctx, "the chooser", `!document.querySelector("#promotion").hidden && document.activeElement.dataset.promotion === "q"`)
		keys(t, ctx, "Enter", kb.Enter)
		waitJS(t, ctx, "a queen on a8", `(`+pieceAt("a8")+`) === "wQ"`)

		// The magic hand: cards are buttons.
		newGame(t, ctx, `{variant: "magic", mode: "engine", color: "white", level: 1}`)
		waitJS(t, ctx, "the hand", `document.querySelectorAll("[data-hand] [role=button]").length > 0 && `+idle())
		checkAccessible(t, ctx, where+"-magic")
		if eval[bool](t, ctx, `!!document.querySelector('[data-hand] [data-action="pick-card"]')`) {
			eval[bool](t, ctx, `(document.querySelector('[data-hand] [data-action="pick-card"]').focus(), true)`)
			keys(t, ctx, "pick a card", kb.Enter)
			waitJS(t, ctx, "the card picked", `!!document.querySelector('[data-hand] [aria-pressed="true"]') && !document.querySelector("[data-card-choices]").hidden`)
			keys(t, ctx, "Escape", kb.Escape)
			waitJS(t, ctx, "the card dropped", `!document.querySelector('[data-hand] [aria-pressed="true"]') && document.querySelector("[data-card-choices]").hidden`)
		}
		if eval[bool](t, ctx, `!!document.querySelector('[data-hand] [data-playable="false"]')`) {
			eval[bool](t, ctx, `(document.querySelector('[data-hand] [data-playable="false"]').focus(), true)`)
			keys(t, ctx, "an unplayable card", " ")
			waitJS(t, ctx, "the card refused", `document.querySelector("[data-note]").dataset.refused === "card"`)
		}
		shot(t, ctx, where+"-magic-keyboard")

		// Every game's screen, the puzzle's too.
		for _, g := range gameBodies {
			newGame(t, ctx, g.body)
			waitJS(t, ctx, "the status", `document.querySelector("[data-status]").textContent !== ""`)
			checkAccessible(t, ctx, where+"-"+g.name)
		}
		run(t, ctx, "the daily puzzle", chromedp.Click(action("puzzle"), chromedp.NodeVisible), chromedp.WaitVisible(chromedp.CSS(`[data-puzzle-task]`)))
		checkAccessible(t, ctx, where+"-puzzle")

		// The lessons: the menu and a lesson's board, named as the game's.
		run(t, ctx, "the lessons", chromedp.Click(action("lessons"), chromedp.NodeVisible), chromedp.WaitVisible(chromedp.CSS(`[data-lesson]`)))
		checkAccessible(t, ctx, where+"-lessons")
		run(t, ctx, "a lesson", chromedp.Click(chromedp.CSS(`[data-lesson]`), chromedp.NodeVisible), chromedp.WaitVisible(chromedp.CSS(`#lesson-board [data-square]`)))
		if n := eval[int](t, ctx, `Array.from(document.querySelectorAll("#lesson-board [data-square]")).filter((e) => !/^[a-h][1-8], /.test(e.getAttribute("aria-label") || "")).length`); n != 0 {
			t.Fatalf("%s: %d squares of the lesson's board without a name", where, n)
		}
		checkAccessible(t, ctx, where+"-lesson")
	})
}
