package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"azar/app/puzzles"
)

// solvePuzzle plays date's puzzle to the end by clicks, each solver
// move the first legal one the book finds right (any move that still
// forces the mate is), waiting for the defender's reply in between.
func solvePuzzle(t *testing.T, ctx context.Context, book *puzzles.Book, date string) {
	t.Helper()
	d, err := book.Today(date)
	if err != nil {
		t.Fatal(err)
	}
	var line []string
	legal := d.Legal
	for len(line) < puzzles.MaxLine {
		var v puzzles.Verdict
		move := ""
		for _, m := range legal {
			if v, _ = book.Check(date, append(append([]string{}, line...), m)); v.OK {
				move = m
				break
			}
		}
		if move == "" {
			t.Fatalf("puzzle %s: no right move after %v", date, line)
		}
		playByClicks(t, ctx, gamesView{}, move)
		if v.Solved {
			waitJS(t, ctx, "solved", statusIs("solved"))
			return
		}
		// The reply is the board's last move.
		last := `document.querySelector('[data-square="%s"]').classList.contains("last")`
		waitJS(t, ctx, "the defender's reply "+v.Reply, fmt.Sprintf(last+" && "+last, v.Reply[:2], v.Reply[2:4]))
		line, legal = v.Line, v.Board.Legal
	}
	t.Fatalf("puzzle %s: not solved in %d moves", date, puzzles.MaxLine)
}

// wrongMove is a plain legal move of date's puzzle that the book refuses.
func wrongMove(t *testing.T, book *puzzles.Book, date string) string {
	t.Helper()
	d, _ := book.Today(date)
	for _, m := range d.Legal {
		if v, _ := book.Check(date, []string{m}); !v.OK && len(m) == 4 {
			return m
		}
	}
	t.Fatalf("puzzle %s: every move is right", date)
	return ""
}

// TestNextPuzzleAndStreak: the daily puzzle's Next puzzle button and
// streak. A clean solution counts (1) and offers Next puzzle, which
// opens the next date's; the streak survives a reload; a hint ends it
// (0) and offers Next puzzle before the end, and the puzzle solved after
// it does not count; a clean one counts again (1) and a wrong move ends
// it (0). At 1280×900 and 375×812 in English and Spanish.
func TestNextPuzzleAndStreak(t *testing.T) {
	book, err := puzzles.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	days := []string{"2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"}
	words := map[string][2]string{"en": {"Streak: ", "Next puzzle"}, "es": {"Racha: ", "Siguiente problema"}}
	onScreens(t, []screen{desktop, phone375}, func(ctx context.Context, a *app, s screen, lang string) {
		name := sizeName(s, lang)
		w := words[lang]
		streakIs := func(what string, n string) {
			t.Helper()
			waitJS(t, ctx, what, `(() => { const s = document.querySelector("[data-puzzle-streak]"); return !!s && s.dataset.puzzleStreak === "`+n+`" && s.textContent === `+jsString(w[0]+n)+` })()`)
		}
		nextShown := func() bool { return eval[string](t, ctx, buttonText("next-puzzle")) == w[1] }
		showing := func(date string) {
			t.Helper()
			waitJS(t, ctx, "the puzzle of "+date, `location.hash === "#puzzle=`+date+`" && document.querySelector("[data-puzzle-task]").textContent.includes("`+date+`")`)
		}
		eval[bool](t, ctx, `(() => { localStorage.removeItem("azar.puzzleStreak"); location.hash = "puzzle=`+days[0]+`"; return true })()`)
		showing(days[0])
		streakIs("no streak", "0")
		if nextShown() {
			t.Fatalf("%s: Next puzzle offered before the puzzle is played", name)
		}
		solvePuzzle(t, ctx, book, days[0])
		streakIs("a clean solution counted", "1")
		if !nextShown() {
			t.Fatalf("%s: no Next puzzle after the solution", name)
		}
		shot(t, ctx, name+"-1-solved")
		run(t, ctx, "next puzzle", chromedp.Click(action("next-puzzle"), chromedp.NodeVisible))
		showing(days[1])
		if nextShown() {
			t.Fatalf("%s: Next puzzle offered on the new puzzle", name)
		}
		run(t, ctx, "reload", chromedp.Reload())
		showing(days[1])
		streakIs("the streak after a reload", "1")

		run(t, ctx, "hint", chromedp.Click(action("puzzle-hint"), chromedp.NodeVisible), chromedp.WaitVisible(chromedp.CSS(`[data-puzzle-hint]`)))
		streakIs("the streak ended by the hint", "0")
		if !nextShown() {
			t.Fatalf("%s: no Next puzzle after the hint", name)
		}
		solvePuzzle(t, ctx, book, days[1])
		streakIs("a hinted solution not counted", "0")
		run(t, ctx, "next puzzle", chromedp.Click(action("next-puzzle"), chromedp.NodeVisible))
		showing(days[2])
		solvePuzzle(t, ctx, book, days[2])
		streakIs("a clean solution counted", "1")
		run(t, ctx, "next puzzle", chromedp.Click(action("next-puzzle"), chromedp.NodeVisible))
		showing(days[3])
		playByClicks(t, ctx, gamesView{}, wrongMove(t, book, days[3]))
		waitJS(t, ctx, "the refusal", `document.querySelector("[data-puzzle-verdict]").dataset.ok === "false"`)
		streakIs("the streak ended by a wrong move", "0")
		if !nextShown() {
			t.Fatalf("%s: no Next puzzle after a wrong move", name)
		}
		if task := eval[string](t, ctx, `document.querySelector("[data-puzzle-task]").textContent`); !strings.Contains(task, days[3]) {
			t.Fatalf("%s: the task reads %q", name, task)
		}
		shot(t, ctx, name+"-2-wrong")
	})
}
