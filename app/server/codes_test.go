package server

import (
	"encoding/json"
	"net/http"
	"strconv"
	"testing"

	"azar/app/games"
)

// TestErrorCodes makes the refusals the page shows through the API and
// checks the code each carries beside its error (codes.go), and that
// the others carry none.
func TestErrorCodes(t *testing.T) {
	ts := newServer(t)
	create := func(body string) (string, uint64) {
		st, b := do(t, ts, "POST", "/api/games", body)
		if st != 201 {
			t.Fatalf("create %s: %d %s", body, st, b)
		}
		v := view(t, b)
		return v.ID, v.Version
	}
	local, v0 := create(`{"variant":"chess","mode":"local"}`)
	over, _ := create(`{"variant":"chess","mode":"local"}`)
	if st, b := do(t, ts, "POST", "/api/games/"+over+"/resign", ""); st != 200 {
		t.Fatalf("resign: %d %s", st, b)
	}
	lucky, _ := create(`{"variant":"lucky","mode":"local"}`)
	if st, b := do(t, ts, "POST", "/api/games/"+local+"/move", `{"move":"e2e4"}`); st != 200 {
		t.Fatalf("e4: %d %s", st, b)
	}
	for _, c := range []struct {
		path, body string
		status     int
		code       string
	}{
		{"/api/games", `{"variant":"chess","fen":"not a fen"}`, 422, "bad-fen"},
		{"/api/games", `{"variant":"chess","fen":"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"}`, 422, "fen-over"},
		{"/api/games", `{"variant":"magic","fen":"7k/8/6K1/8/8/8/8/8 w - - 0 1"}`, 422, "fen-magic"},
		{"/api/games/" + local + "/move", `{"move":"e2e4"}`, 422, "illegal"},
		{"/api/games/" + local + "/move", `{"move":"e7e5","version":` + strconv.FormatUint(v0, 10) + `}`, 409, "moved-on"},
		{"/api/games/" + over + "/move", `{"move":"e7e5"}`, 409, "game-over"},
		{"/api/games/" + over + "/undo", ``, 409, "game-over"},
		{"/api/games/" + lucky + "/undo", ``, 409, "no-undo"},
		{"/api/games/" + lucky + "/move", `{"move":"e2e5"}`, 422, "illegal"},
		{"/api/games/" + local + "/analyze", ``, 409, "not-over"},
		{"/api/games", `{"variant":"chess","level":9}`, 422, ""},
		{"/api/games", `[1]`, 400, ""},
	} {
		st, b := do(t, ts, "POST", c.path, c.body)
		var e struct{ Error, Code string }
		if err := json.Unmarshal(b, &e); err != nil || st != c.status || e.Error == "" || e.Code != c.code {
			t.Errorf("%s %s: %d %s, want %d with code %q", c.path, c.body, st, b, c.status, c.code)
		}
	}
	fresh, _ := create(`{"variant":"chess","mode":"local"}`)
	st, b := do(t, ts, "POST", "/api/games/"+fresh+"/undo", "")
	var e struct{ Code string }
	if json.Unmarshal(b, &e); st != 409 || e.Code != "nothing-to-undo" {
		t.Errorf("undo at the start: %d %s", st, b)
	}
	// An invitation used twice: the seat is taken.
	st, b = do(t, ts, "POST", "/api/games", `{"variant":"chess","mode":"online"}`)
	var c games.Created
	if err := json.Unmarshal(b, &c); err != nil || st != 201 || len(c.Invites) != 1 {
		t.Fatalf("an online game: %d %s", st, b)
	}
	join := `{"invite":"` + c.Invites[0].Code + `"}`
	noToken := func(req *http.Request) { req.Header.Set(noSeat, "1") }
	for i, want := range []string{"", "seat-taken"} {
		_, b = doWith(t, ts, "POST", "/api/games/"+c.View.ID+"/join", join, noToken)
		if e.Code = ""; json.Unmarshal(b, &e) != nil || e.Code != want {
			t.Errorf("join %d: %s, want code %q", i+1, b, want)
		}
	}
	if got := errorCode(429, "too many games created from your address"); got != "too-many" {
		t.Errorf("a limit: %q", got)
	}
}
