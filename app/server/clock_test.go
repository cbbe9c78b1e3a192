package server

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestCreateWithClock: POST /api/games takes a time control, {"initial",
// "increment"} in seconds, and the view carries the clocks; a bad one is
// refused (422) and a request that sets the referee's own fields (the
// time left) is refused as malformed (400).
func TestCreateWithClock(t *testing.T) {
	ts := newServer(t)
	code, body := do(t, ts, "POST", "/api/games", `{"mode":"engine","color":"white","level":1,"clock":{"initial":300,"increment":3}}`)
	if code != 201 {
		t.Fatalf("create with a clock: %d %s", code, body)
	}
	var c struct {
		View struct {
			Clock *struct {
				Initial, Increment int
				White, Black       int64
				Running            string
			} `json:"clock"`
		} `json:"view"`
	}
	if err := json.Unmarshal(body, &c); err != nil {
		t.Fatal(err)
	}
	if k := c.View.Clock; k == nil || k.Initial != 300 || k.Increment != 3 || k.White != 300000 || k.Black != 300000 || k.Running != "" {
		t.Fatalf("the new game's clock %+v", k)
	}
	for _, tc := range []struct {
		body  string
		code  int
		words string
	}{
		{`{"mode":"engine","color":"white","clock":{"initial":0}}`, 422, "initial time"},
		{`{"mode":"local","clock":{"initial":60}}`, 422, "one device"},
		{`{"mode":"engine","color":"white","clock":{"initial":60,"left":{"w":999999}}}`, 400, "unknown field"},
	} {
		code, body := do(t, ts, "POST", "/api/games", tc.body)
		if code != tc.code || !strings.Contains(string(body), tc.words) {
			t.Errorf("%s: %d %s, want %d with %q", tc.body, code, body, tc.code, tc.words)
		}
	}
}
