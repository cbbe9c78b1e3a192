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

	"azar/app/engine"
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
	for _, h := range []string{"http://club.example", "club.example/x", "", ":8080"} {
		if err := runServe([]string{"-host", h, "-data", t.TempDir()}, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "-host") {
			t.Errorf("-host %q: %v", h, err)
		}
	}
}

// TestServeHostFlag: the server answers its listen address and each
// -host name, and refuses (421) any other Host, a rebound name's.
func TestServeHostFlag(t *testing.T) {
	status := func(url, host string) int {
		t.Helper()
		req, err := http.NewRequest("GET", url, nil) // the page: every request goes through the Host check
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	url, stop := startServe(t, t.TempDir(), "club.example", "lan.example:8443")
	port := url[strings.LastIndex(url, ":") : len(url)-1]
	for host, want := range map[string]int{
		"127.0.0.1" + port: 200, "localhost" + port: 200, "club.example": 200, "club.example:443": 200,
		"lan.example:8443": 200, "lan.example": 421, "evil.example": 421, "evil.example" + port: 421,
	} {
		if got := status(url, host); got != want {
			t.Errorf("-host club.example -host lan.example:8443, Host %s: %d, want %d", host, got, want)
		}
	}
	stop()
	url, stop = startServe(t, t.TempDir())
	defer stop()
	if got := status(url, "club.example"); got != 421 {
		t.Errorf("no -host, Host club.example: %d, want 421", got)
	}
}

// startServe runs serve on a free loopback port and dir, and waits
// (bounded) for the URL it prints; stop ends it and checks it ended well.
func startServe(t *testing.T, dir string, hosts ...string) (url string, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out := &syncBuffer{}
	done := make(chan error, 1)
	go func() { done <- serve(ctx, "127.0.0.1:0", hosts, dir, 1, engine.Config{HashMB: 32}, out, io.Discard) }()
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
	if err := serve(ctx, "127.0.0.1:0", nil, dir, 1, engine.Config{HashMB: 32}, io.Discard, io.Discard); !errors.Is(err, store.ErrLocked) {
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
	err = serve(context.Background(), ln.Addr().String(), nil, dir, 1, engine.Config{HashMB: 32}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "address already in use") {
		t.Fatalf("serve on a busy port: %v", err)
	}
	if _, serr := os.Stat(dir); !errors.Is(serr, os.ErrNotExist) {
		t.Fatalf("the data directory was made (%v) although the port was busy (%v)", serr, err)
	}
}
