package lessons

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"azar/practice/lessons"
)

func TestListHasTheFourGroupsAndTwelveLessons(t *testing.T) {
	want := map[string][]string{
		"moves":    {"pieces", "special-moves", "check-mate"},
		"openings": {"opening-principles", "italian", "sicilian"},
		"endgames": {"rook-mate", "king-pawn"},
		"strategy": {"piece-values", "double-attacks", "pins-skewers", "pawn-structure"},
	}
	gs := List("es")
	if len(gs) != 4 || gs[0].ID != "moves" || gs[0].Title != "Cómo se mueven las piezas" || gs[3].ID != "strategy" {
		t.Fatalf("groups %+v", gs)
	}
	n := 0
	for _, g := range gs {
		var ids []string
		for _, l := range g.Lessons {
			ids = append(ids, l.ID)
			n++
			if l.Number != n {
				t.Errorf("lesson %s is number %d, want %d", l.ID, l.Number, n)
			}
		}
		if !slices.Equal(ids, want[g.ID]) {
			t.Errorf("group %s: %v, want %v", g.ID, ids, want[g.ID])
		}
	}
	if en := List("en"); en[0].Lessons[0].Title != "The board and the pieces" || en[0].Lessons[0].Steps != 7 {
		t.Fatalf("english list %+v", en[0].Lessons[0])
	}
}

func TestGetNeverSendsTheSolution(t *testing.T) {
	for _, src := range lessons.All() {
		l, err := Get(src.ID, "en")
		if err != nil {
			t.Fatal(err)
		}
		if len(l.Steps) != len(src.Steps) || l.Title != src.Title.EN || l.Intro != src.Intro.EN {
			t.Fatalf("%s: %+v", src.ID, l)
		}
		js, _ := json.Marshal(l)
		for i, st := range src.Steps {
			got := l.Steps[i]
			if got.Board.FEN != st.FEN || got.Text != st.Text.EN {
				t.Fatalf("%s step %d: %+v", src.ID, i, got)
			}
			if st.Task == nil {
				if got.Task != nil || len(got.Board.Legal) != 0 {
					t.Fatalf("%s step %d: a task or moves on a board to look at", src.ID, i)
				}
				continue
			}
			if got.Task == nil || got.Task.Prompt != st.Task.Prompt.EN || len(got.Board.Legal) == 0 || got.Task.Learner != got.Board.Turn {
				t.Fatalf("%s step %d: task %+v", src.ID, i, got.Task)
			}
			for _, n := range st.Task.Reject {
				if strings.Contains(string(js), n.Reason.EN) {
					t.Fatalf("%s step %d: the lesson carries a rejection's reason %q", src.ID, i, n.Reason.EN)
				}
			}
			if s := st.Task.Success.EN; s != "" && strings.Contains(string(js), s) {
				t.Fatalf("%s step %d: the lesson carries the success text", src.ID, i)
			}
		}
	}
	if _, err := Get("nope", "en"); !isKind(err, NotFound) {
		t.Fatalf("unknown lesson: %v", err)
	}
}

func isKind(err error, k Kind) bool {
	var e *Error
	return errors.As(err, &e) && e.Kind == k
}

func TestCheckChooseTask(t *testing.T) {
	ctx := context.Background()
	v, err := Check(ctx, "opening-principles", 0, nil, "a2a4")
	if err != nil {
		t.Fatal(err)
	}
	if v.Right || v.Done || v.Reason.EN != "An edge pawn does not fight for the centre." || len(v.Line) != 0 || v.Board.FEN != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" || len(v.Board.Legal) != 20 {
		t.Fatalf("a2a4: %+v", v)
	}
	v, err = Check(ctx, "opening-principles", 0, nil, "d2d4")
	if err != nil {
		t.Fatal(err)
	}
	if !v.Right || !v.Done || !strings.HasPrefix(v.Reason.ES, "¡Bien! 1.d4") || !slices.Equal(v.Line, []string{"d2d4"}) || v.Board.Pieces["d4"] != "wP" || v.Board.LastMove != "d2d4" || len(v.Board.Legal) != 0 {
		t.Fatalf("d2d4: %+v", v)
	}
}

// The mate in two of the rook lesson: the engine's stated defence, a
// move that lets the king out, then the mate.
func TestCheckPlayTaskWithTheEnginesReply(t *testing.T) {
	ctx := context.Background()
	v, err := Check(ctx, "rook-mate", 2, nil, "h1f1")
	if err != nil {
		t.Fatal(err)
	}
	if !v.Right || v.Done || v.Left != 1 || v.Reply != "e8d8" || *v.ReplySAN != (lessons.Text{ES: "Rd8", EN: "Kd8"}) || !slices.Equal(v.Line, []string{"h1f1", "e8d8"}) || v.Board.Turn != "w" || len(v.Board.Legal) == 0 {
		t.Fatalf("h1f1: %+v", v)
	}
	w, err := Check(ctx, "rook-mate", 2, v.Line, "f1e1")
	if err != nil {
		t.Fatal(err)
	}
	if w.Right || !slices.Equal(w.Line, v.Line) || w.Board.FEN != v.Board.FEN || w.Reason.EN != "That is not mate, and it was your last move." {
		t.Fatalf("f1e1: %+v", w)
	}
	d, err := Check(ctx, "rook-mate", 2, v.Line, "f1f8")
	if err != nil {
		t.Fatal(err)
	}
	if !d.Right || !d.Done || d.Reply != "" || d.Board.Check != "d8" || len(d.Board.Legal) != 0 {
		t.Fatalf("f1f8: %+v", d)
	}
}

func TestCheckRefusals(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		id    string
		step  int
		moves []string
		move  string
		kind  Kind
	}{
		{"nope", 1, nil, "e2e4", NotFound},
		{"pieces", 7, nil, "e2e4", NotFound},
		{"pieces", -1, nil, "e2e4", NotFound},
		{"pieces", 0, nil, "e2e4", Invalid},              // no task
		{"pieces", 1, nil, "a1a8", Invalid},              // not legal (the knight on a7)
		{"pieces", 1, nil, "zz", Invalid},                // not a move
		{"pieces", 1, []string{"a1a2"}, "e8d8", Invalid}, // a one-move task
		{"rook-mate", 2, []string{"h1f1", "e2e4"}, "f1f8", Invalid},
		{"rook-mate", 2, make([]string, MaxLine+1), "f1f8", Invalid},
		{"rook-mate", 2, nil, "h1f1\x00", Invalid},
	} {
		if _, err := Check(ctx, c.id, c.step, c.moves, c.move); !isKind(err, c.kind) {
			t.Errorf("%s %d %v %q: %v, want kind %d", c.id, c.step, c.moves, c.move, err, c.kind)
		}
	}
}

// FuzzCheck sends any step, moves and move: a refusal or a verdict, never
// a panic, and a verdict's line is the moves sent, then the move, then a
// reply.
func FuzzCheck(f *testing.F) {
	f.Add("rook-mate", 2, "h1f1 e8d8", "f1f8")
	f.Add("rook-mate", 2, "", "h1f1")
	f.Add("opening-principles", 0, "", "a2a4")
	f.Add("pieces", 1, "", "a1a7")
	f.Add("special-moves", 3, "", "e7e8q")
	f.Add("nope", 0, "", "")
	f.Add("pieces", 1, "e2e4", "zz")
	f.Fuzz(func(t *testing.T, id string, step int, moves, move string) {
		ms := strings.Fields(moves)
		v, err := Check(context.Background(), id, step, ms, move)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%s %d %q %q: %v is not a refusal", id, step, ms, move, err)
			}
			return
		}
		if len(v.Line) < len(ms) || !slices.Equal(v.Line[:len(ms)], ms) || (v.Right != (len(v.Line) > len(ms))) {
			t.Fatalf("%s %d %q %q: line %q (right %v)", id, step, ms, move, v.Line, v.Right)
		}
	})
}
