package server

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"azar/app/games"
)

// startHTTP serves m on a loopback port as HTTPServer does with c (its
// Addr filled in), and returns the address.
func startHTTP(t *testing.T, m *games.Manager, c Config) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c.Addr = ln.Addr().String()
	h, err := NewWith(m, nil, c)
	if err != nil {
		t.Fatal(err)
	}
	srv := HTTPServer(h, c)
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return c.Addr
}

// TestBodyNeverSentIsCutOff: a POST that announces 100 bytes and sends
// none held its connection open for as long as the client liked (40 s
// and more). With a read timeout of 200 ms the server gives up on the
// body: the connection is answered or closed long before the client's own
// bound of 50 times that.
func TestBodyNeverSentIsCutOff(t *testing.T) {
	_, m := newServerManager(t)
	const timeout = 200 * time.Millisecond
	addr := startHTTP(t, m, Config{ReadTimeout: timeout})
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	req := "POST /api/games HTTP/1.1\r\nHost: " + addr + "\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
	if _, err := io.WriteString(conn, req); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(50 * timeout))
	got, err := io.ReadAll(conn)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("the connection was still open after %v (read %q)", 50*timeout, got)
	}
	if len(got) > 0 && !strings.HasPrefix(string(got), "HTTP/1.1 400") {
		t.Fatalf("answer: %q", got)
	}
	if gs, err := m.List(10); err != nil || len(gs) != 0 {
		t.Fatalf("a game was made from no body: %v %v", gs, err)
	}
}

// TestStreamOutlivesTheTimeouts: an event stream is a response that lasts
// as long as its page; the read and write timeouts of the other requests
// must not cut it. A change made well after both have passed still
// reaches it.
func TestStreamOutlivesTheTimeouts(t *testing.T) {
	_, m := newServerManager(t)
	const timeout = 200 * time.Millisecond
	addr := startHTTP(t, m, Config{ReadTimeout: timeout, WriteTimeout: timeout})
	c, err := m.NewGame(games.Options{Mode: games.ModeLocal})
	if err != nil {
		t.Fatal(err)
	}
	v := c.View
	// The event stream's token comes in its cookie, as a page's does.
	req, _ := http.NewRequest("GET", "http://"+addr+"/api/games/"+v.ID+"/events", nil)
	req.AddCookie(&http.Cookie{Name: "azar_seat_" + v.ID, Value: c.Token})
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	events := make(chan string, 4)
	go func() {
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				events <- d
			}
		}
		close(events)
	}()
	if _, ok := <-events; !ok {
		t.Fatal("no first event")
	}
	time.Sleep(3 * timeout)
	if _, err := m.Move(v.ID, "e2e4"); err != nil {
		t.Fatal(err)
	}
	select {
	case d, ok := <-events:
		if !ok || !strings.Contains(d, `"lastMove":"e2e4"`) {
			t.Fatalf("after the move: %q (open %v)", d, ok)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("no event after the move")
	}
}
