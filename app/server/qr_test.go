package server

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"azar/app/qr"
)

// TestQR: the SVG of the link is app/qr's drawing of it, not stored,
// and the refusals say why.
func TestQR(t *testing.T) {
	ts := newServer(t)
	link := "http://127.0.0.1:8080/#join=0123456789abcdef0123456789abcdef.k3J9xQ2mP7"
	req, _ := http.NewRequest("POST", ts.URL+"/api/qr", strings.NewReader(`{"text":"`+link+`"}`))
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := qr.Encode([]byte(link))
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/svg+xml" ||
		res.Header.Get("Cache-Control") != "no-store" || string(body) != string(c.SVG()) {
		t.Fatalf("%d %v %.100s", res.StatusCode, res.Header, body)
	}
	for _, tc := range []struct {
		body   string
		status int
		error  string
	}{
		{`{"text":""}`, http.StatusUnprocessableEntity, "no text to draw"},
		{`{"text":"` + strings.Repeat("a", 214) + `"}`, http.StatusUnprocessableEntity, "qr: 214 bytes do not fit in a version 10 code (at most 213)"},
		{`{"link":"x"}`, http.StatusBadRequest, "malformed JSON body"},
	} {
		st, b := do(t, ts, "POST", "/api/qr", tc.body)
		if st != tc.status || !strings.Contains(string(b), tc.error) {
			t.Errorf("%s: %d %s", tc.body, st, b)
		}
	}
	st, _ := doWith(t, ts, "POST", "/api/qr", `{"text":"x"}`, func(r *http.Request) { r.Header.Set("Origin", "http://evil.example") })
	if st != http.StatusForbidden {
		t.Errorf("a cross-origin QR request got %d", st)
	}
}
