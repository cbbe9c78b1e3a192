package server

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"azar/app/engine"
	"azar/app/games"
	"azar/app/store"
)

func newServer(t *testing.T) *httptest.Server {
	ts, _ := newServerManager(t)
	return ts
}

func newServerManager(t *testing.T) (*httptest.Server, *games.Manager) {
	t.Helper()
	st, err := store.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	pool := engine.NewPool(1, engine.Config{HashMB: 1})
	m, err := games.New(games.Config{Store: st, Engine: pool, GoArgs: func(int) string { return "depth 1" }})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(keepSeats(New(m, nil)))
	t.Cleanup(func() {
		ts.Close()
		m.Close()
		pool.Close()
		st.Close()
	})
	return ts, m
}

func do(t *testing.T, ts *httptest.Server, method, path, body string) (int, []byte) {
	t.Helper()
	return doWith(t, ts, method, path, body, func(*http.Request) {})
}

// doWith is do with the request changed by set first (its Host, Origin).
func doWith(t *testing.T, ts *httptest.Server, method, path, body string, set func(*http.Request)) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	set(req)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

// view reads a View, or the view of a new game's or a joined seat's
// answer.
func view(t *testing.T, b []byte) games.View {
	t.Helper()
	var v struct {
		games.View
		Inner *games.View `json:"view"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%v in %s", err, b)
	}
	if v.Inner != nil {
		return *v.Inner
	}
	return v.View
}

// wantError checks the status and that the body is {"error": "..."}
// containing the words.
func wantError(t *testing.T, status int, b []byte, want int, words string) {
	t.Helper()
	var e struct{ Error string }
	if err := json.Unmarshal(b, &e); err != nil || status != want || !strings.Contains(e.Error, words) {
		t.Fatalf("got %d %s, want %d with %q", status, b, want, words)
	}
}

func TestRefusalsChangeNothing(t *testing.T) {
	ts := newServer(t)
	st, b := do(t, ts, "POST", "/api/games", `{"variant":"chess","mode":"local"}`)
	if st != http.StatusCreated {
		t.Fatalf("create: %d %s", st, b)
	}
	id := view(t, b).ID
	st, b = do(t, ts, "POST", "/api/games/"+id+"/move", `{"move":"e2e4"}`)
	if st != 200 || len(view(t, b).Moves) != 1 {
		t.Fatalf("move: %d %s", st, b)
	}
	cases := []struct {
		method, path, body string
		status             int
		words              string
	}{
		{"POST", "/api/games/" + id + "/move", `{"move":"e2e4"}`, 422, `illegal move "e2e4"`},
		{"POST", "/api/games/" + id + "/move", `{"move":"e7e5"`, 400, "malformed JSON"},
		{"POST", "/api/games/" + id + "/move", `{"move":"e7e5","extra":1}`, 400, "unknown field"},
		{"POST", "/api/games/" + id + "/move", `{"move":"e7e5"} {}`, 400, "data after"},
		{"POST", "/api/games/" + id + "/move", `{}`, 400, `{"move": "e2e4"}`},
		{"POST", "/api/games/" + id + "/move", `{"move":"` + strings.Repeat("x", MaxBody) + `"}`, 413, "larger than"},
		{"POST", "/api/games/0123456789abcdef0123456789abcdef/move", `{"move":"e7e5"}`, 404, "no game"},
		{"GET", "/api/games/nope", "", 404, "no game"},
		{"GET", "/api/games/0123456789abcdef0123456789abcdef/pgn", "", 404, "no game"},
		{"GET", "/api/games/0123456789abcdef0123456789abcdef/events", "", 404, "no game"},
		{"POST", "/api/games", `{"variant":"chess","level":9}`, 422, "level 9"},
		{"POST", "/api/games", `{"variant":"xiangqi"}`, 422, "unknown variant"},
		{"POST", "/api/games", `[1,2]`, 400, "malformed JSON"},
		{"GET", "/api/games", "", 405, "use POST"}, // no endpoint lists every game
		{"DELETE", "/api/games/" + id, "", 405, "DELETE is not allowed"},
		{"GET", "/api/games/" + id + "/move", "", 405, "use POST"},
		{"GET", "/api/nothing", "", 404, "no API endpoint"},
	}
	for _, c := range cases {
		st, b := do(t, ts, c.method, c.path, c.body)
		wantError(t, st, b, c.status, c.words)
	}
	// A body that is not JSON by its type.
	req, _ := http.NewRequest("POST", ts.URL+"/api/games/"+id+"/move", strings.NewReader("move=e7e5"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != http.StatusUnsupportedMediaType {
		t.Fatalf("form body: %v %v", res.StatusCode, err)
	}
	res.Body.Close()
	// A request from another site's page.
	req, _ = http.NewRequest("POST", ts.URL+"/api/games/"+id+"/resign", nil)
	req.Header.Set("Origin", "http://evil.example")
	res, err = http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != http.StatusForbidden {
		t.Fatalf("cross-origin: %v %v", res.StatusCode, err)
	}
	res.Body.Close()

	st, b = do(t, ts, "GET", "/api/games/"+id, "")
	if v := view(t, b); st != 200 || len(v.Moves) != 1 || v.Status != "playing" || v.Turn != "b" {
		t.Fatalf("the game changed: %d %+v", st, v)
	}
	st, b = do(t, ts, "POST", "/api/games/"+id+"/resign", "")
	if v := view(t, b); st != 200 || v.Result != "1-0" { // Black, to move, resigned
		t.Fatalf("resign: %d %s", st, b)
	}
	st, b = do(t, ts, "POST", "/api/games/"+id+"/resign", "{}")
	wantError(t, st, b, 409, "over")
	st, b = do(t, ts, "GET", "/api/games/"+id+"/pgn", "")
	if st != 200 || !strings.HasSuffix(string(b), "\n1. e4 1-0\n") {
		t.Fatalf("pgn: %d %s", st, b)
	}
	st, b = do(t, ts, "POST", "/api/games/mine", `{"tokens":["`+seatToken(ts, id)+`"]}`)
	var list []games.Summary
	if err := json.Unmarshal(b, &list); err != nil || st != 200 || len(list) != 1 || list[0].Result != "1-0" {
		t.Fatalf("list: %d %s", st, b)
	}
}

// TestEventsCarryTheEnginesReply follows a game's event stream: the
// state at once, then the player's move, then the engine's.
func TestEventsCarryTheEnginesReply(t *testing.T) {
	ts := newServer(t)
	_, b := do(t, ts, "POST", "/api/games", `{"variant":"chess","mode":"engine","color":"white","level":1}`)
	id := view(t, b).ID
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/games/"+id+"/events", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	r := bufio.NewReader(res.Body)
	next := func() games.View {
		t.Helper()
		var event string
		for {
			l, err := r.ReadString('\n')
			if err != nil {
				t.Fatal(err)
			}
			l = strings.TrimSuffix(l, "\n")
			if e, ok := strings.CutPrefix(l, "event: "); ok {
				event = e
			}
			if d, ok := strings.CutPrefix(l, "data: "); ok {
				if event != "state" {
					t.Fatalf("event %q", event)
				}
				return view(t, []byte(d))
			}
		}
	}
	if v := next(); len(v.Moves) != 0 {
		t.Fatalf("first state %+v", v)
	}
	do(t, ts, "POST", "/api/games/"+id+"/move", `{"move":"g1f3"}`)
	for {
		v := next()
		if len(v.Moves) == 2 && !v.Thinking {
			if len(v.Legal) == 0 {
				t.Fatalf("no legal moves after the reply: %+v", v)
			}
			break
		}
	}
}

func TestPageAndAssets(t *testing.T) {
	ts := newServer(t)
	for _, c := range []struct{ accept, lang string }{{"es-ES,es;q=0.9,en;q=0.8", "es"}, {"fr, en;q=0.5", "en"}, {"", "en"}, {"en;q=0.2, es;q=0.7", "es"}} {
		req, _ := http.NewRequest("GET", ts.URL+"/", nil)
		req.Header.Set("Accept-Language", c.accept)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if !strings.Contains(string(b), `<html lang="`+c.lang+`">`) {
			t.Errorf("Accept-Language %q: page %.80s, want lang %s", c.accept, b, c.lang)
		}
		if res.Header.Get("Referrer-Policy") != "no-referrer" {
			t.Error("no Referrer-Policy")
		}
	}
	for _, p := range []string{"/static/app.js", "/static/style.css", "/static/pieces/wN.svg", "/static/pieces/bK.svg"} {
		if st, b := do(t, ts, "GET", p, ""); st != 200 || len(b) == 0 {
			t.Errorf("%s: %d", p, st)
		}
	}
}

func FuzzLanguage(f *testing.F) {
	for _, s := range []string{"es", "en-GB,en;q=0.9", "de;q=x", ",,;;q=", "es;q=0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if l := Language(s); l != "es" && l != "en" {
			t.Fatalf("%q -> %q", s, l)
		}
	})
}

// FuzzAPI sends arbitrary requests to the handler: none may panic or get
// a 5xx, and every refusal of the API is a JSON {"error": ...}.
func FuzzAPI(f *testing.F) {
	st, err := store.Open(f.TempDir())
	if err != nil {
		f.Fatal(err)
	}
	defer st.Close()
	pool := engine.NewPool(1, engine.Config{HashMB: 1})
	defer pool.Close()
	m, err := games.New(games.Config{Store: st, Engine: pool, GoArgs: func(int) string { return "depth 1" }})
	if err != nil {
		f.Fatal(err)
	}
	defer m.Close()
	// The fuzzer's requests name azar.test: the Host check lets it in.
	srv, err := NewWith(m, nil, Config{Hosts: []string{"azar.test"}})
	if err != nil {
		f.Fatal(err)
	}
	// Its requests on the three games carry their seats' tokens, so
	// that they reach the referee.
	h := keepSeats(srv)
	newGame := func(o games.Options) games.View {
		c, err := m.NewGame(o)
		if err != nil {
			f.Fatal(err)
		}
		h.tokens[c.View.ID] = c.Token
		return c.View
	}
	v := newGame(games.Options{Mode: games.ModeLocal})
	lv := newGame(games.Options{Variant: games.VariantLucky, Mode: games.ModeLocal})
	sv := newGame(games.Options{Variant: games.VariantSpy, Mode: games.ModeEngine})
	id := v.ID
	for _, c := range [][3]string{
		{"POST", "/api/games/" + lv.ID + "/move", `{"move":"draw"}`},
		{"POST", "/api/games/" + lv.ID + "/move", `{"move":"-e4"}`},
		{"POST", "/api/games/" + lv.ID + "/move", `{"move":"N@e4"}`},
		{"POST", "/api/games/" + lv.ID + "/move", `{"move":"e2>e5"}`},
		{"POST", "/api/games/" + lv.ID + "/move", `{"move":"pawns=qn"}`},
		{"POST", "/api/games/" + lv.ID + "/move", `{"move":"move1:P"}`},
		{"POST", "/api/games/" + sv.ID + "/move", `{"move":"wild:QR"}`},
		{"POST", "/api/games/" + sv.ID + "/move", `{"move":"reveal:spy:Pe"}`},
		{"POST", "/api/games/" + sv.ID + "/move", `{"move":"reveal"}`},
		{"POST", "/api/games/" + sv.ID + "/analyze", ``},
		{"GET", "/api/games/" + id + "/analysis.svg", ``},
		{"POST", "/api/games/" + id + "/analyze", ``},
		{"POST", "/api/games", `{"variant":"lucky","rules":{"edition":"first","king_capture":"on"}}`},
		{"POST", "/api/games", `{"variant":"lucky","rules":{"temporal_cards":"super:Q,leadking"},"fen":"8/8/8/8/8/8/8/K6k w - - 0 1"}`},
		{"POST", "/api/games", `{"variant":"spy","mode":"local"}`},
		{"POST", "/api/games", `{"variant":"spy","rules":{"draw_claims":"fide"},"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 RBN/RBN --/c- - w=spy:KN"}`},
		{"POST", "/api/games", `{"variant":"chess","rules":{"a":"b"}}`},
		{"POST", "/api/games", `{"variant":"chaturanga4","seats":[{"player":"you"},{"player":"engine","level":1},{"player":"person"},{"player":"engine"}]}`},
		{"POST", "/api/games", `{"variant":"chaturanga4","fen":"4bK3/8/rP7/yK7/7rK/8/1rPgP5/1gN6 r r-yb EN/-/-/- 0 1","rules":{"extended_insufficient":"on"}}`},
		{"POST", "/api/games", `{"variant":"chaturanga4","seats":[{"player":"you"},{"player":"you"},{},{"level":-1}]}`},
		{"GET", "/api/puzzle?date=2026-02-30", ``},
		{"POST", "/api/puzzle/check", `{"date":"","moves":["e2e4","e7e5","Nf3"]}`},
		{"POST", "/api/puzzle/check", `{"moves":["O-O","0000","e8=Q+"]}`},
		{"POST", "/api/puzzle/hint", `{"date":"9999-12-31"}`},
		{"GET", "/api/lessons?lang=es", ``},
		{"GET", "/api/lessons/king-pawn", ``},
		{"POST", "/api/lessons/rook-mate/check", `{"step":2,"moves":["h1f1","e8d8"],"move":"f1f8"}`},
		{"POST", "/api/lessons/rook-mate/check", `{"step":4,"moves":["d7d1"],"move":"e5d6"}`},
		{"POST", "/api/lessons/pieces/check", `{"step":-1,"move":"a1a7"}`},
		{"POST", "/api/games/" + id + "/move", `{"move":"e2e4"}`},
		{"POST", "/api/games/" + id + "/move", `{"move":"e7e8q"}`},
		{"POST", "/api/games/" + id + "/move", `{"move":1}`},
		{"POST", "/api/games/" + id + "/move", `{"move":"\u0000"}`},
		{"POST", "/api/games/" + id + "/undo", `{}`},
		{"POST", "/api/games/" + id + "/undo", `{"x":1}`},
		{"POST", "/api/games", `{"fen":"8/8/8/8/8/8/8/8 w - - 0 1"}`},
		{"POST", "/api/games", `{"fen":"k7/8/8/8/8/8/8/K7 w - - 0 1"}`},
		{"POST", "/api/games", `{"level":"3"}`},
		{"GET", "/api/games/" + id + "/pgn", ``},
		{"POST", "/api/games/mine", `{"tokens":["x",""]}`},
		{"POST", "/api/games/" + id + "/join", `{"invite":"0123456789abcdef0123456789abcdef"}`},
		{"POST", "/api/games/" + sv.ID + "/accept-draw", ``},
		{"DELETE", "/api/games/" + id, ``},
		{"POST", "/api/games/" + id + "/resign", `null`},
	} {
		f.Add(c[0], c[1], c[2])
	}
	f.Fuzz(func(t *testing.T, method, path, body string) {
		if strings.HasSuffix(path, "/events") {
			return // a stream: it ends only with its client
		}
		req, err := http.NewRequest(method, "http://azar.test"+path, strings.NewReader(body))
		if err != nil || !strings.HasPrefix(req.URL.Path, "/") {
			return
		}
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code >= 500 {
			t.Fatalf("%s %s %q: %d %s", method, path, body, w.Code, w.Body)
		}
		if w.Code >= 400 && strings.HasPrefix(req.URL.Path, "/api/") && !strings.Contains(req.URL.Path, "//") && !strings.Contains(req.URL.Path, "/.") {
			var e struct{ Error string }
			if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Error == "" {
				t.Fatalf("%s %s %q: %d %s", method, path, body, w.Code, w.Body)
			}
		}
	})
}

// TestClientGoneMidGame cuts an event stream after its first event: the
// subscription goes, and the game goes on.
func TestClientGoneMidGame(t *testing.T) {
	ts, m := newServerManager(t)
	_, b := do(t, ts, "POST", "/api/games", `{"mode":"engine"}`)
	id := view(t, b).ID
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/games/"+id+"/events", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if l, err := bufio.NewReader(res.Body).ReadString('\n'); err != nil || l != "event: state\n" {
		t.Fatalf("first line %q %v", l, err)
	}
	if n := m.Watchers(id); n != 1 {
		t.Fatalf("%d watchers, want 1", n)
	}
	cancel()
	res.Body.Close()
	for deadline := time.Now().Add(10 * time.Second); m.Watchers(id) != 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the gone client is still subscribed")
		}
	}
	if st, b := do(t, ts, "POST", "/api/games/"+id+"/move", `{"move":"e2e4"}`); st != 200 {
		t.Fatalf("move after the client left: %d %s", st, b)
	}
}

func TestPuzzleEndpoints(t *testing.T) {
	ts := newServer(t)
	status, b := do(t, ts, "GET", "/api/puzzle?date=2026-03-01", "")
	var day struct {
		Date  string
		Legal []string
		FEN   string
	}
	if err := json.Unmarshal(b, &day); status != 200 || err != nil || day.Date != "2026-03-01" || len(day.Legal) == 0 {
		t.Fatalf("%d %s", status, b)
	}
	status, b = do(t, ts, "POST", "/api/puzzle/check", `{"date":"2026-03-01","moves":["`+day.Legal[0]+`"]}`)
	var v struct{ Steps []struct{ Move string } }
	if err := json.Unmarshal(b, &v); status != 200 || err != nil || len(v.Steps) != 1 {
		t.Fatalf("check: %d %s", status, b)
	}
	status, b = do(t, ts, "POST", "/api/puzzle/hint", `{"date":"2026-03-01"}`)
	if status != 200 || !strings.Contains(string(b), `"hint":{"en":"`) || !strings.Contains(string(b), `"es":"`) {
		t.Fatalf("hint: %d %s", status, b)
	}
	status, b = do(t, ts, "GET", "/api/puzzle?date=March", "")
	wantError(t, status, b, 422, "date")
	status, b = do(t, ts, "POST", "/api/puzzle/check", `{"moves":[]}`)
	wantError(t, status, b, 422, "moves")
	status, b = do(t, ts, "POST", "/api/puzzle/check", `{"moves":"e2e4"}`)
	wantError(t, status, b, 400, "malformed")
}

// TestChaturanga4API: four seats through the API — the seats in the
// body, the view's c4 part, a move checked by the rules (422 for an
// illegal one, the game unchanged), the refusals of what four seats lack.
func TestChaturanga4API(t *testing.T) {
	ts := newServer(t)
	st, b := do(t, ts, "POST", "/api/games", `{"variant":"chaturanga4","seats":[{"player":"you"},{"player":"person"},{"player":"person"},{"player":"person"}]}`)
	if st != http.StatusCreated {
		t.Fatalf("create: %d %s", st, b)
	}
	v := view(t, b)
	if v.C4 == nil || len(v.C4.Seats) != 4 || v.Turn != "r" || v.Pieces["h4"] != "rK" {
		t.Fatalf("the first view %s", b)
	}
	id := v.ID
	st, b = do(t, ts, "POST", "/api/games/"+id+"/move", `{"move":"g2e2"}`)
	wantError(t, st, b, 422, `illegal move "g2e2"`)
	if st, b = do(t, ts, "GET", "/api/games/"+id, ""); len(view(t, b).Moves) != 0 {
		t.Fatalf("a refused move was kept: %s", b)
	}
	st, b = do(t, ts, "POST", "/api/games/"+id+"/move", `{"move":"g2f2"}`)
	if v = view(t, b); st != 200 || v.Turn != "g" || v.Moves[0].Side != "r" {
		t.Fatalf("move: %d %s", st, b)
	}
	for _, c := range []struct{ path, body, words string }{
		{"/api/games", `{"variant":"chaturanga4","seats":[{"player":"you"}]}`, "4 seats"},
		{"/api/games", `{"variant":"chaturanga4","seats":[{"player":"you"},{"player":"engine","level":9},{"player":"person"},{"player":"person"}]}`, "level 9"},
		{"/api/games", `{"variant":"chess","seats":[{"player":"you"}]}`, "seats are for"},
	} {
		st, b := do(t, ts, "POST", c.path, c.body)
		wantError(t, st, b, 422, c.words)
	}
	for _, a := range []string{"undo", "resign", "offer-draw"} {
		st, b := do(t, ts, "POST", "/api/games/"+id+"/"+a, "")
		wantError(t, st, b, 409, "four-player chaturanga")
	}
	st, b = do(t, ts, "GET", "/api/games/"+id+"/pgn", "")
	if st != 200 || !strings.Contains(string(b), `[Variant "chaturanga4"]`) || !strings.Contains(string(b), "1. g2f2 *") {
		t.Fatalf("the record: %d %s", st, b)
	}
}
