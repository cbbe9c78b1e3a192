package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"azar/app/engine"
	"azar/variants/chess"
)

func TestServeEngineKeys(t *testing.T) {
	cfg, err := serveEngine(nil, nil)
	if err != nil || cfg.Command != "" || cfg.HashMB != 32 {
		t.Fatalf("no -engine: %+v, %v; want Azar's own", cfg, err)
	}
	cfg, err = serveEngine([]string{"cmd=/opt/eng"}, []string{"arg=-x", "args=-y -z", "dir=/tmp", "option.Threads=1"})
	want := engine.Config{HashMB: 32, Command: "/opt/eng", Args: []string{"-x", "-y", "-z"}, Dir: "/tmp", Options: []engine.Option{{Name: "Threads", Value: "1"}}}
	if err != nil || !reflect.DeepEqual(cfg, want) {
		t.Fatalf("got %+v, %v; want %+v", cfg, err, want)
	}
	for _, c := range []struct{ pairs, bare []string }{
		{nil, []string{"option.Threads=1"}}, // keys without -engine
		{[]string{"cmd=/opt/eng"}, []string{"stray"}},
		{[]string{"arg=-x"}, nil}, // no cmd=
		{[]string{"cmd=/opt/eng", "colour=red"}, nil},
	} {
		if _, err := serveEngine(c.pairs, c.bare); err == nil {
			t.Errorf("-engine %v %v accepted", c.pairs, c.bare)
		}
	}
}

// TestServeWithAnotherEngine: `azar serve -engine cmd=PROG` plays the
// engine's moves with that program — here the test engine, which has no
// Level option and answers its first legal move: as White against a
// player who took Black it opens, and the app shows the move.
func TestServeWithAnotherEngine(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "testengine")
	if out, err := exec.Command("go", "build", "-o", prog, "azar/bench/internal/testengine").CombinedOutput(); err != nil {
		t.Fatalf("building the test engine: %v\n%s", err, out)
	}
	ecfg, err := serveEngine([]string{"cmd=" + prog}, []string{"arg=-mode", "arg=first"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &syncBuffer{}
	done := make(chan error, 1)
	go func() { done <- serve(ctx, "127.0.0.1:0", nil, filepath.Join(dir, "data"), 1, ecfg, out, io.Discard) }()
	re := regexp.MustCompile(`^Azar is listening on (http://127\.0\.0\.1:\d+/)`)
	var url string
	for deadline := time.Now().Add(20 * time.Second); url == ""; time.Sleep(5 * time.Millisecond) {
		if m := re.FindStringSubmatch(out.String()); m != nil {
			url = m[1]
		} else if time.Now().After(deadline) {
			t.Fatalf("no URL printed; output %q", out.String())
		}
	}
	res, err := http.Post(url+"api/games", "application/json", strings.NewReader(`{"mode":"engine","color":"black","level":3}`))
	if err != nil {
		t.Fatal(err)
	}
	type view struct {
		ID    string `json:"id"`
		Moves []struct {
			UCI string `json:"uci"`
		} `json:"moves"`
		Error string `json:"engineError"`
	}
	var created struct {
		Token string `json:"token"`
		View  view   `json:"view"`
	}
	if err := json.NewDecoder(res.Body).Decode(&created); err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	v := created.View
	for deadline := time.Now().Add(30 * time.Second); len(v.Moves) == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the engine never moved: %+v", v)
		}
		req, err := http.NewRequest("GET", url+"api/games/"+created.View.ID, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("X-Azar-Seat", created.Token) // the player's seat (docs/app.md, Seats)
		r, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		err = json.NewDecoder(r.Body).Decode(&v)
		r.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	// The test engine's first legal move from the start, in generation order.
	if got := v.Moves[0].UCI; got != firstLegalFromStart(t) || v.Error != "" {
		t.Errorf("the engine played %q (error %q), want the test engine's first move %q", got, v.Error, firstLegalFromStart(t))
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// firstLegalFromStart is the first legal move of the start position in
// generation order, the test engine's answer in mode first.
func firstLegalFromStart(t *testing.T) string {
	t.Helper()
	var l chess.MoveList
	p := chess.NewPosition()
	p.GenerateLegal(&l)
	return l.Moves[0].String()
}
