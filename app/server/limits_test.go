package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"azar/app/games"
)

// serveAs runs one request through h from the client address addr.
func serveAs(h http.Handler, req *http.Request, addr string) *httptest.ResponseRecorder {
	req.RemoteAddr = addr
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// TestCreateLimit: with 3 games a minute a client's fourth is refused
// (429, Retry-After, nothing made); another address is not; a new minute
// lets the first client in again.
func TestCreateLimit(t *testing.T) {
	_, m := newServerManager(t)
	// The limits' clock, in seconds; only this goroutine moves it.
	var sec atomic.Int64
	sec.Store(1_800_000_000)
	h, err := NewWith(m, nil, Config{CreatePerMinute: 3, Now: func() time.Time { return time.Unix(sec.Load(), 0) }})
	if err != nil {
		t.Fatal(err)
	}
	create := func(addr string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", "http://127.0.0.1/api/games", strings.NewReader(`{"mode":"local"}`))
		req.Header.Set("Content-Type", "application/json")
		return serveAs(h, req, addr)
	}
	for i := 0; i < 3; i++ {
		if w := create("192.0.2.1:1000"); w.Code != http.StatusCreated {
			t.Fatalf("game %d: %d %s", i+1, w.Code, w.Body)
		}
	}
	sec.Add(30)
	w := create("192.0.2.1:1001")
	if w.Code != http.StatusTooManyRequests || !strings.Contains(w.Body.String(), "at most 3 a minute") || w.Header().Get("Retry-After") != "30" {
		t.Fatalf("the fourth game: %d %s Retry-After %q", w.Code, w.Body, w.Header().Get("Retry-After"))
	}
	if gs, _ := m.List(10); len(gs) != 3 {
		t.Fatalf("%d games stored, want 3", len(gs))
	}
	if w := create("192.0.2.2:1000"); w.Code != http.StatusCreated {
		t.Fatalf("another address: %d %s", w.Code, w.Body)
	}
	// One IPv6 client holds a /64: its addresses share one count.
	for i, addr := range []string{"[2001:db8:1:2::1]:5", "[2001:db8:1:2::2]:5", "[2001:db8:1:2::3]:5"} {
		if w := create(addr); w.Code != http.StatusCreated {
			t.Fatalf("IPv6 game %d: %d %s", i+1, w.Code, w.Body)
		}
	}
	if w := create("[2001:db8:1:2:ffff::9]:5"); w.Code != http.StatusTooManyRequests {
		t.Fatalf("a fourth address of the /64: %d %s", w.Code, w.Body)
	}
	sec.Add(30)
	if w := create("192.0.2.1:1002"); w.Code != http.StatusCreated {
		t.Fatalf("a minute later: %d %s", w.Code, w.Body)
	}
}

// TestStreamLimits: at most 2 streams a client and 3 in all; a closed
// stream gives its slot back.
func TestStreamLimits(t *testing.T) {
	_, m := newServerManager(t)
	h, err := NewWith(m, nil, Config{StreamsPerClient: 2, StreamsTotal: 3})
	if err != nil {
		t.Fatal(err)
	}
	c, err := m.NewGame(games.Options{Mode: games.ModeLocal})
	v := c.View
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	t.Cleanup(wg.Wait)
	// open starts a stream from addr; it ends when its cancel is called.
	open := func(addr string) context.CancelFunc {
		ctx, cancel := context.WithCancel(context.Background())
		req := httptest.NewRequest("GET", "http://127.0.0.1/api/games/"+v.ID+"/events", nil).WithContext(ctx)
		req.Header.Set(SeatHeader, c.Token)
		wg.Add(1)
		go func() {
			defer wg.Done()
			serveAs(h, req, addr)
		}()
		return cancel
	}
	// waitWatchers waits (bounded) until the game has n subscribers.
	waitWatchers := func(n int) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); m.Watchers(v.ID) != n; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%d watchers, want %d", m.Watchers(v.ID), n)
			}
		}
	}
	refused := func(addr, want string) {
		t.Helper()
		// Bounded: a stream let in would last until its client goes.
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		req := httptest.NewRequest("GET", "http://127.0.0.1/api/games/"+v.ID+"/events", nil).WithContext(ctx)
		req.Header.Set(SeatHeader, c.Token)
		w := serveAs(h, req, addr)
		if w.Code != http.StatusTooManyRequests || !strings.Contains(w.Body.String(), want) {
			t.Fatalf("stream from %s: %d %s", addr, w.Code, w.Body)
		}
	}
	a1, a2 := open("192.0.2.1:1"), open("192.0.2.1:2")
	defer a1()
	defer a2()
	waitWatchers(2)
	refused("192.0.2.1:3", "from this address (at most 2)")
	b1 := open("192.0.2.2:1")
	defer b1()
	waitWatchers(3)
	refused("192.0.2.3:1", "the server has too many open event streams (at most 3)")
	a1()
	waitWatchers(2)
	c1 := open("192.0.2.3:1")
	defer c1()
	waitWatchers(3)
}
