package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is written by the server goroutine and read by the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestServeFlags(t *testing.T) {
	if err := runServe([]string{"-h"}, io.Discard, io.Discard); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("-h: %v", err)
	}
	if err := runServe([]string{"extra"}, io.Discard, io.Discard); err == nil {
		t.Fatal("an extra argument was accepted")
	}
	if err := runServe([]string{"-addr", "256.0.0.1:1", "-data", t.TempDir()}, io.Discard, io.Discard); err == nil {
		t.Fatal("a bad address was accepted")
	}
}

// TestServePrintsTheURLAndServes starts the app on a free loopback port,
// reads the URL it prints, loads the page and creates a game, then stops
// it.
func TestServePrintsTheURLAndServes(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	out := &syncBuffer{}
	done := make(chan error, 1)
	go func() { done <- serve(ctx, "127.0.0.1:0", t.TempDir(), 1, out, io.Discard) }()
	re := regexp.MustCompile(`^Azar is listening on (http://127\.0\.0\.1:\d+/) \(games in .+\)\n$`)
	var url string
	for deadline := time.Now().Add(20 * time.Second); url == ""; {
		if m := re.FindStringSubmatch(out.String()); m != nil {
			url = m[1]
		} else if time.Now().After(deadline) {
			t.Fatalf("no URL printed; output %q", out.String())
		} else {
			time.Sleep(5 * time.Millisecond)
		}
	}
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("page: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	res, err = http.Post(url+"api/games", "application/json", strings.NewReader(`{"mode":"local"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("create: %d", res.StatusCode)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop")
	}
}
