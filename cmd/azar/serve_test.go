package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"azar/app/store"
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

// startServe runs serve on a free loopback port and dir, and waits
// (bounded) for the URL it prints; stop ends it and checks it ended well.
func startServe(t *testing.T, dir string) (url string, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out := &syncBuffer{}
	done := make(chan error, 1)
	go func() { done <- serve(ctx, "127.0.0.1:0", dir, 1, out, io.Discard) }()
	re := regexp.MustCompile(`^Azar is listening on (http://127\.0\.0\.1:\d+/) \(games in .+\)\n$`)
	for deadline := time.Now().Add(20 * time.Second); url == ""; {
		if m := re.FindStringSubmatch(out.String()); m != nil {
			url = m[1]
		} else if time.Now().After(deadline) {
			cancel()
			t.Fatalf("no URL printed; output %q", out.String())
		} else {
			time.Sleep(5 * time.Millisecond)
		}
	}
	return url, func() {
		t.Helper()
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
}

// createGame posts a local game and asks for 201.
func createGame(t *testing.T, url string) {
	t.Helper()
	res, err := http.Post(url+"api/games", "application/json", strings.NewReader(`{"mode":"local"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("create: %d", res.StatusCode)
	}
}

// TestServePrintsTheURLAndServes starts the app on a free loopback port,
// reads the URL it prints, loads the page and creates a game, then stops
// it.
func TestServePrintsTheURLAndServes(t *testing.T) {
	url, stop := startServe(t, t.TempDir())
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("page: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	createGame(t, url)
	stop()
}

// TestSecondServerOnOneDirectory: two servers on one data directory lost
// each other's acknowledged moves. The second is refused with the store's
// lock error and the first keeps serving.
func TestSecondServerOnOneDirectory(t *testing.T) {
	dir := t.TempDir()
	url, stop := startServe(t, dir)
	defer stop()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// Were it not refused it would serve until the timeout and return nil.
	if err := serve(ctx, "127.0.0.1:0", dir, 1, io.Discard, io.Discard); !errors.Is(err, store.ErrLocked) {
		t.Fatalf("the second server: %v", err)
	}
	createGame(t, url)
}

// TestBusyPortFailsBeforeTheStore: a port in use is found before the data
// directory is created or locked, so the failed start touches nothing.
func TestBusyPortFailsBeforeTheStore(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	dir := filepath.Join(t.TempDir(), "data")
	err = serve(context.Background(), ln.Addr().String(), dir, 1, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "address already in use") {
		t.Fatalf("serve on a busy port: %v", err)
	}
	if _, serr := os.Stat(dir); !errors.Is(serr, os.ErrNotExist) {
		t.Fatalf("the data directory was made (%v) although the port was busy (%v)", serr, err)
	}
}
