package e2e

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	applessons "azar/app/lessons"
)

func lsq(s string) chromedp.Action[chromedp.Void] {
	return chromedp.Click(chromedp.CSS(`#lesson-board [data-square="`+s+`"]`), chromedp.NodeVisible)
}

func lessonMove(from, to string) []chromedp.Action[chromedp.Void] {
	return []chromedp.Action[chromedp.Void]{lsq(from), chromedp.WaitVisible(chromedp.CSS(`#lesson-board [data-square="` + to + `"] .dot`)), lsq(to)}
}

const lessonVerdict = `document.querySelector("[data-lesson-verdict]")`
const lessonStatus = `document.querySelector("#lesson-status").dataset.status`

// TestLessons opens the menu, then the rook lesson: a board to look at
// with its highlights, a wrong mate in one refused with the package's
// reason and taken back, the right one, then the mate in two against the
// engine's reply, and the verdict switched to Spanish; then a promotion
// by a drag, and the next lesson.
func TestLessons(t *testing.T) {
	wrong, err := applessons.Check(context.Background(), "rook-mate", 1, nil, "h1h7")
	if err != nil || wrong.Right {
		t.Fatalf("h1h7 in the mate in one: %+v %v", wrong, err)
	}
	ctx, _ := browserContext(t)
	a := startApp(t, t.TempDir(), "127.0.0.1:0")
	defer a.stop()
	run(t, ctx, "open the lessons", chromedp.Navigate(a.url()), chromedp.WaitVisible(action("new-game")),
		chromedp.Click(action("lessons"), chromedp.NodeVisible), chromedp.WaitVisible(chromedp.CSS(`[data-lesson="rook-mate"]`)))
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-lesson]").length`); n != 12 {
		t.Fatalf("%d lessons in the menu, want 12", n)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll(".lesson-group").length`); n != 4 {
		t.Fatalf("%d groups, want 4", n)
	}
	shot(t, ctx, "1-menu")

	run(t, ctx, "open the rook lesson", chromedp.Click(chromedp.CSS(`[data-lesson="rook-mate"]`), chromedp.NodeVisible),
		chromedp.WaitVisible(chromedp.CSS(`#lesson-board [data-square="d8"] [data-piece="bK"]`)))
	if s := eval[string](t, ctx, lessonStatus); s != "read" {
		t.Fatalf("status %q on a board to look at", s)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#lesson-board [data-highlight]").length`); n != 2 {
		t.Fatalf("%d highlighted squares, want d8 and d6", n)
	}
	shot(t, ctx, "2-first-step")

	run(t, ctx, "next", chromedp.Click(action("lesson-next"), chromedp.NodeVisible),
		chromedp.WaitVisible(chromedp.CSS(`#lesson-board [data-square="h1"] [data-piece="wR"]`)))
	waitJS(t, ctx, "the task", lessonStatus+` === "move"`)
	run(t, ctx, "a wrong mate", lessonMove("h1", "h7")...)
	waitJS(t, ctx, "the refusal", lessonVerdict+`.dataset.right === "false" && !`+lessonVerdict+`.hidden`)
	if got := eval[string](t, ctx, lessonVerdict+`.textContent`); !strings.Contains(got, wrong.Reason.EN) {
		t.Fatalf("the verdict reads %q, want the reason %q", got, wrong.Reason.EN)
	}
	if got := eval[string](t, ctx, pieceAt("h1")); got != "wR" {
		t.Fatal("the wrong move stayed on the board")
	}
	shot(t, ctx, "3-wrong-move")
	run(t, ctx, "the mate", lessonMove("h1", "h8")...)
	waitJS(t, ctx, "the step done", lessonStatus+` === "done" && `+lessonVerdict+`.dataset.done === "true"`)
	shot(t, ctx, "4-step-done")

	run(t, ctx, "the mate in two", chromedp.Click(action("lesson-next"), chromedp.NodeVisible),
		chromedp.WaitVisible(chromedp.CSS(`#lesson-board [data-square="e8"] [data-piece="bK"]`)))
	run(t, ctx, "Rf1", lessonMove("h1", "f1")...)
	waitJS(t, ctx, "the engine's reply", `!!document.querySelector('#lesson-board [data-square="d8"] [data-piece="bK"]') && `+lessonStatus+` === "move"`)
	shot(t, ctx, "5-engine-reply")
	run(t, ctx, "Rf8 mate", lessonMove("f1", "f8")...)
	waitJS(t, ctx, "mated", lessonStatus+` === "done"`)
	eval[bool](t, ctx, `(() => { const s = document.querySelector("#lang"); s.value = "es"; return s.dispatchEvent(new Event("change")); })()`)
	waitJS(t, ctx, "the Spanish verdict", lessonVerdict+`.textContent.includes("¡Mate en dos!")`)
	shot(t, ctx, "6-done-spanish")

	// A promotion by a drag and the chooser, on the last step of lesson
	// 2, opened by its address; then on to the next lesson.
	eval[bool](t, ctx, `(location.hash = "#lesson=special-moves/4", true)`)
	run(t, ctx, "the promotion step", chromedp.WaitVisible(chromedp.CSS(`#lesson-board [data-square="e7"] [data-piece="wP"]`)))
	waitJS(t, ctx, "the task", lessonStatus+` === "move"`)
	run(t, ctx, "drag the pawn", chromedp.DragAndDrop(chromedp.CSS(`#lesson-board [data-square="e7"] [data-piece]`), chromedp.CSS(`#lesson-board [data-square="e8"]`)),
		chromedp.Click(chromedp.CSS(`[data-promotion="q"]`), chromedp.NodeVisible),
		chromedp.WaitVisible(chromedp.CSS(`#lesson-board [data-square="e8"] [data-piece="wQ"]`)))
	waitJS(t, ctx, "promoted", lessonStatus+` === "done"`)
	shot(t, ctx, "7-promoted")
	run(t, ctx, "the next lesson", chromedp.Click(action("lesson-next-lesson"), chromedp.NodeVisible),
		chromedp.WaitVisible(chromedp.CSS(`#lesson-title`)))
	waitJS(t, ctx, "lesson 3", `document.querySelector("#lesson-title").textContent.startsWith("3. ")`)
}
