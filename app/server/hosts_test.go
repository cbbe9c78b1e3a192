package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestForeignHostRefused: a page on another site that has pointed its own
// name at this machine (DNS rebinding) sends that name as Host, and with
// it a matching Origin; the server answers neither the list nor a POST.
func TestForeignHostRefused(t *testing.T) {
	ts, m := newServerManager(t)
	port := ts.Listener.Addr().String()[strings.LastIndex(ts.Listener.Addr().String(), ":"):]
	send := func(method, host, origin, body string) (int, string) {
		t.Helper()
		path := "/api/games"
		if method == "GET" {
			path = "/api/lessons?lang=en"
		}
		st, b := doWith(t, ts, method, path, body, func(req *http.Request) {
			req.Host = host
			if origin != "" {
				req.Header.Set("Origin", origin)
			}
		})
		return st, string(b)
	}
	for _, host := range []string{"evil.example", "evil.example" + port, "127.0.0.1.evil.example" + port} {
		if st, b := send("GET", host, "", ""); st != http.StatusMisdirectedRequest || !strings.Contains(b, `"error"`) || !strings.Contains(b, "-host") {
			t.Errorf("GET with Host %s: %d %s", host, st, b)
		}
		if st, b := send("POST", host, "http://"+host, `{"variant":"chess"}`); st != http.StatusMisdirectedRequest {
			t.Errorf("POST with Host and Origin %s: %d %s", host, st, b)
		}
	}
	if gs, err := m.List(10); err != nil || len(gs) != 0 {
		t.Fatalf("a refused POST made a game: %v %v", gs, err)
	}
	for _, host := range []string{"127.0.0.1" + port, "localhost" + port, "LocalHost" + port, "[::1]" + port} {
		if st, b := send("GET", host, "", ""); st != http.StatusOK {
			t.Errorf("GET with Host %s: %d %s", host, st, b)
		}
		if st, b := send("POST", host, "http://"+host, `{"variant":"chess"}`); st != http.StatusCreated {
			t.Errorf("POST with Host and Origin %s: %d %s", host, st, b)
		}
	}
	// A served Host with another site's Origin stays refused.
	if st, b := send("POST", "127.0.0.1"+port, "http://evil.example", `{"variant":"chess"}`); st != http.StatusForbidden {
		t.Errorf("foreign Origin: %d %s", st, b)
	}
}

// TestServedHosts: the names a Config serves, and those it does not.
func TestServedHosts(t *testing.T) {
	for _, c := range []struct {
		cfg     Config
		allowed []string
		refused []string
	}{
		{Config{Addr: "127.0.0.1:8080"},
			[]string{"127.0.0.1:8080", "localhost:8080", "[::1]:8080", "LOCALHOST:8080"},
			[]string{"", "localhost:8081", "127.0.0.1", "evil.example:8080", "club.example", "192.168.1.5:8080"}},
		{Config{Addr: "127.0.0.1:8080", Hosts: []string{"club.example", "Lan.Example:8443", "192.168.1.5:8080", "[fd00::1]"}},
			[]string{"localhost:8080", "club.example", "club.example:443", "lan.example:8443", "192.168.1.5:8080", "[fd00::1]:8080"},
			[]string{"lan.example", "lan.example:80", "192.168.1.5:80", "evil.example", "sub.club.example"}},
		{Config{Addr: "192.168.1.5:8080"},
			[]string{"192.168.1.5:8080"},
			[]string{"localhost:8080", "127.0.0.1:8080", "192.168.1.5:80"}},
		{Config{Addr: "0.0.0.0:8080"},
			[]string{"127.0.0.1:8080", "localhost:8080"},
			[]string{"evil.example:8080", "localhost:9090"}},
		{Config{},
			[]string{"127.0.0.1:1234", "localhost:80", "[::1]:5", "localhost"},
			[]string{"evil.example", "example.com", "127.0.0.2:80"}},
	} {
		h, err := NewWith(nil, nil, c.cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, host := range c.allowed {
			if !h.hosts.allows(host) {
				t.Errorf("%+v: Host %q refused", c.cfg, host)
			}
		}
		for _, host := range c.refused {
			if h.hosts.allows(host) {
				t.Errorf("%+v: Host %q allowed", c.cfg, host)
			}
		}
		// Through the handler: a refused Host never reaches a route.
		if len(c.refused) > 0 {
			req := httptest.NewRequest("GET", "/api/games", nil)
			req.Host = c.refused[len(c.refused)-1]
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			if w.Code != http.StatusMisdirectedRequest {
				t.Errorf("%+v: Host %q answered %d", c.cfg, req.Host, w.Code)
			}
		}
	}
}

func TestBadHostConfig(t *testing.T) {
	for _, c := range []Config{
		{Addr: "nonsense"},
		{Hosts: []string{""}},
		{Hosts: []string{"http://club.example"}},
		{Hosts: []string{"club.example/path"}},
		{Hosts: []string{":8080"}},
		{Hosts: []string{"club.example:"}},
	} {
		if _, err := NewWith(nil, nil, c); err == nil {
			t.Errorf("%+v accepted", c)
		}
	}
}
