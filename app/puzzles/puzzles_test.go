package puzzles

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"azar/practice/puzzle"
)

func newBook(t *testing.T) *Book {
	t.Helper()
	b, err := New(func() time.Time { return time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC) })
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// dateOf finds a date whose puzzle satisfies ok.
func dateOf(t *testing.T, b *Book, ok func(puzzle.Puzzle) bool) (string, puzzle.Puzzle) {
	t.Helper()
	d := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < len(b.set); i++ {
		p, _ := puzzle.ForDate(b.set, d)
		if ok(p) {
			return d.Format(puzzle.DateLayout), p
		}
		d = d.AddDate(0, 0, 1)
	}
	t.Fatal("no such puzzle")
	return "", puzzle.Puzzle{}
}

func TestTodayHidesTheSolutionAndHint(t *testing.T) {
	b := newBook(t)
	day, err := b.Today("")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := puzzle.ForDate(b.set, time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC))
	if day.Date != "2026-03-01" || day.Board.FEN != mustFEN(t, p) || day.Moves != p.Moves || len(day.Legal) == 0 {
		t.Fatalf("today %+v, puzzle %+v", day, p)
	}
	js, _ := json.Marshal(day)
	if strings.Contains(string(js), p.Hint) || strings.Contains(string(js), strings.Join(p.Solution, " ")) {
		t.Fatalf("the day carries the hint or the solution: %s", js)
	}
	es, _ := puzzle.HintIn(p, "es")
	if h, err := b.Hint(""); err != nil || h.EN != p.Hint || h.ES != es || es == p.Hint || es == "" {
		t.Fatalf("hint %+v %v", h, err)
	}
}

func mustFEN(t *testing.T, p puzzle.Puzzle) string {
	pos, err := p.Position()
	if err != nil {
		t.Fatal(err)
	}
	return pos.FEN()
}

// Any mating move is accepted, not only the stored one: a back rank
// with two rooks, either of which mates (the shipped set prefers puzzles
// with one key move).
func TestAnyMatingMoveAccepted(t *testing.T) {
	p, err := puzzle.ParseLine("6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 0 1 | mate | 1 | a1a8 | The back rank.")
	if err != nil {
		t.Fatal(err)
	}
	b := &Book{set: []puzzle.Puzzle{p}, now: time.Now}
	for _, m := range []string{"a1a8", "e1e8"} {
		v, err := b.Check("", []string{m})
		if err != nil || !v.OK || !v.Solved || v.Board.Check != "g8" || len(v.Board.Legal) != 0 {
			t.Fatalf("%s: %+v %v", m, v, err)
		}
	}
	if v, _ := b.Check("", []string{"e1e7"}); v.OK || v.Reason == "" {
		t.Fatalf("Re7: %+v", v)
	}
}

func TestLineRepliesAndWrongMoves(t *testing.T) {
	b := newBook(t)
	date, p := dateOf(t, b, func(p puzzle.Puzzle) bool { return p.Kind == puzzle.Mate && p.Moves == 2 })
	day, _ := b.Today(date)
	// A wrong move: its reason, and the board as it was.
	var wrong string
	for _, m := range day.Legal {
		if !slices.Contains(p.Solution, m) {
			if v, _ := b.Check(date, []string{m}); !v.OK {
				wrong = m
				break
			}
		}
	}
	v, err := b.Check(date, []string{wrong})
	if err != nil || v.OK || v.Reason == "" || v.Board.FEN != day.Board.FEN || len(v.Line) != 0 {
		t.Fatalf("wrong %s: %+v %v", wrong, v, err)
	}
	// The first move of the solution: the defender's reply comes back.
	v, err = b.Check(date, p.Solution[:1])
	if err != nil || !v.OK || v.Solved || v.Reply == "" || len(v.Line) != 2 || v.Left != 1 || len(v.Board.Legal) == 0 {
		t.Fatalf("first move: %+v %v", v, err)
	}
	v, err = b.Check(date, append(v.Line, p.Solution[2]))
	if err != nil || !v.Solved || len(v.SANs) != 3 || !strings.HasSuffix(v.SANs[2], "#") {
		t.Fatalf("the mate: %+v %v", v, err)
	}
}

func TestRefusals(t *testing.T) {
	b := newBook(t)
	var e *Error
	for _, c := range []struct {
		date  string
		moves []string
	}{{"2026-13-01", []string{"e2e4"}}, {"", nil}, {"", strings.Fields("a b c d e f g h i")}, {"", []string{"e2\x00e4"}}} {
		if _, err := b.Check(c.date, c.moves); !errors.As(err, &e) {
			t.Errorf("%q %q: %v", c.date, c.moves, err)
		}
	}
	if _, err := b.Today("yesterday"); !errors.As(err, &e) {
		t.Errorf("a bad date: %v", err)
	}
	if v, err := b.Check("", []string{"zz"}); err != nil || v.OK || v.Steps[0].Reason != "illegal move" || v.Why == nil || v.Why.Code != puzzle.WhyIllegal {
		t.Errorf("an illegal move: %+v %v", v, err)
	}
}
