package server

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"

	"azar/app/lessons"
)

func TestLessonsList(t *testing.T) {
	ts := newServer(t)
	st, b := do(t, ts, "GET", "/api/lessons?lang=es", "")
	var l struct {
		Groups []lessons.Group `json:"groups"`
	}
	if err := json.Unmarshal(b, &l); st != http.StatusOK || err != nil {
		t.Fatalf("%d %v %s", st, err, b)
	}
	var ids []string
	for _, g := range l.Groups {
		for _, s := range g.Lessons {
			ids = append(ids, s.ID)
		}
	}
	want := []string{"pieces", "special-moves", "check-mate", "opening-principles", "italian", "sicilian",
		"rook-mate", "king-pawn", "piece-values", "double-attacks", "pins-skewers", "pawn-structure"}
	if len(l.Groups) != 4 || l.Groups[2].Title != "Finales" || !slices.Equal(ids, want) {
		t.Fatalf("groups %+v", l.Groups)
	}
	req, _ := http.NewRequest("GET", ts.URL+"/api/lessons/rook-mate", nil)
	req.Header.Set("Accept-Language", "es-ES,es;q=0.9")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var one lessons.Lesson
	if err := json.NewDecoder(res.Body).Decode(&one); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("%d %v", res.StatusCode, err)
	}
	if one.Title != "Rey y torre contra rey" || len(one.Steps) != 5 || one.Steps[2].Task == nil || one.Steps[2].Task.Prompt != "Da mate en dos jugadas. El motor defiende a las negras." {
		t.Fatalf("lesson %+v", one)
	}
}

func checkLesson(t *testing.T, b []byte) lessons.Verdict {
	t.Helper()
	var v lessons.Verdict
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%v in %s", err, b)
	}
	return v
}

func TestLessonCheck(t *testing.T) {
	ts := newServer(t)
	st, b := do(t, ts, "POST", "/api/lessons/opening-principles/check", `{"step":0,"moves":[],"move":"a2a4"}`)
	if v := checkLesson(t, b); st != http.StatusOK || v.Right || v.Reason.EN != "An edge pawn does not fight for the centre." || v.Reason.ES != "Un peón de la banda no lucha por el centro." {
		t.Fatalf("a2a4: %d %s", st, b)
	}
	st, b = do(t, ts, "POST", "/api/lessons/rook-mate/check", `{"step":2,"move":"h1f1"}`)
	v := checkLesson(t, b)
	if st != http.StatusOK || !v.Right || v.Done || v.Reply != "e8d8" || v.Left != 1 {
		t.Fatalf("h1f1: %d %s", st, b)
	}
	st, b = do(t, ts, "POST", "/api/lessons/rook-mate/check", `{"step":2,"moves":["h1f1","e8d8"],"move":"f1f8"}`)
	if v := checkLesson(t, b); st != http.StatusOK || !v.Right || !v.Done || v.Reason.EN != "Mate in two! The rook on f1 took f7 and f8 from the king." {
		t.Fatalf("f1f8: %d %s", st, b)
	}
}

func TestLessonRefusals(t *testing.T) {
	ts := newServer(t)
	for _, c := range []struct {
		method, path, body string
		status             int
		words              string
	}{
		{"GET", "/api/lessons/nope", "", http.StatusNotFound, "no lesson"},
		{"GET", "/api/lessons?lang=fr", "", http.StatusBadRequest, "lang"},
		{"POST", "/api/lessons/nope/check", `{"step":1,"move":"e2e4"}`, http.StatusNotFound, "no lesson"},
		{"POST", "/api/lessons/pieces/check", `{"step":99,"move":"e2e4"}`, http.StatusNotFound, "no step"},
		{"POST", "/api/lessons/pieces/check", `{"step":1,"move":`, http.StatusBadRequest, "malformed"},
		{"POST", "/api/lessons/pieces/check", `{"step":1,"move":"a1a7","extra":1}`, http.StatusBadRequest, "unknown field"},
		{"POST", "/api/lessons/pieces/check", `{"move":"a1a7"}`, http.StatusBadRequest, "step"},
		{"POST", "/api/lessons/pieces/check", `{"step":1}`, http.StatusBadRequest, "move"},
		{"POST", "/api/lessons/pieces/check", `{"step":1,"move":"a1a8"}`, http.StatusUnprocessableEntity, "illegal"},
		{"POST", "/api/lessons/pieces/check", `{"step":0,"move":"e2e4"}`, http.StatusUnprocessableEntity, "no task"},
		{"GET", "/api/lessons/pieces/check", "", http.StatusMethodNotAllowed, "POST"},
	} {
		st, b := do(t, ts, c.method, c.path, c.body)
		wantError(t, st, b, c.status, c.words)
	}
}
