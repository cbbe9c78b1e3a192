package server

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"azar/app/engine"
	"azar/app/games"
	"azar/app/store"
)

// recorder keeps every byte the server sent to the "browser": each
// response body and each event of the game's stream, in order.
type recorder struct {
	t  *testing.T
	ts *httptest.Server
	mu sync.Mutex
	// sent holds the messages in the order they arrived.
	sent []string
	// more is closed (and replaced) when a message arrives.
	more chan struct{}
	// token, when set, is the seat the recorder's requests present (one
	// of two people's); otherwise the test server's keeper gives its own.
	token string
}

func (r *recorder) add(b []byte) {
	r.mu.Lock()
	r.sent = append(r.sent, string(b))
	if r.more != nil {
		close(r.more)
		r.more = nil
	}
	r.mu.Unlock()
}

// settle waits until the player may act or the game is over, then until
// the event stream has sent that view (the stream may skip views between,
// never the latest): the last event the test knows of, where a fixed
// sleep took whatever had arrived by then. Both waits are bounded.
func (r *recorder) settle(id string) games.View {
	r.t.Helper()
	v := playerTurn(r.t, r, id)
	timeout := time.After(30 * time.Second)
	for {
		r.mu.Lock()
		done := slices.ContainsFunc(r.sent, func(m string) bool { return eventVersion(m) >= v.Version })
		if r.more == nil {
			r.more = make(chan struct{})
		}
		more := r.more
		r.mu.Unlock()
		if done {
			return v
		}
		select {
		case <-more:
		case <-timeout:
			r.t.Fatalf("the event stream never sent version %d", v.Version)
		}
	}
}

// eventVersion is the version of a view the stream sent, 0 for any other
// message.
func eventVersion(m string) uint64 {
	data, ok := strings.CutPrefix(m, "data: ")
	if !ok {
		return 0
	}
	var ev struct {
		Version uint64 `json:"version"`
	}
	if json.Unmarshal([]byte(data), &ev) != nil {
		return 0
	}
	return ev.Version
}

func (r *recorder) do(method, path, body string) (int, []byte) {
	r.t.Helper()
	status, b := doWith(r.t, r.ts, method, path, body, r.seat)
	r.add(b)
	return status, b
}

// seat puts the recorder's token on a request.
func (r *recorder) seat(req *http.Request) {
	if r.token != "" {
		req.Header.Set(SeatHeader, r.token)
	}
}

// listen records the game's event stream until the test ends.
func (r *recorder) listen(id string) {
	req, _ := http.NewRequest("GET", r.ts.URL+"/api/games/"+id+"/events", nil)
	r.seat(req)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		r.t.Fatal(err)
	}
	r.t.Cleanup(func() { res.Body.Close() })
	go func() {
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			r.add(sc.Bytes())
		}
	}()
}

// messages is what was sent so far.
func (r *recorder) messages() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.sent)
}

func newSeededServer(t *testing.T, seed uint64) (*httptest.Server, *store.Store) {
	t.Helper()
	st, err := store.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	pool := engine.NewPool(1, engine.Config{HashMB: 1})
	m, err := games.New(games.Config{Store: st, Engine: pool, GoArgs: func(int) string { return "depth 1" },
		NewSeed: func() uint64 { return seed }})
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
	return ts, st
}

// playerTurn polls the game (recording each view) until the player may
// act or the game is over.
func playerTurn(t *testing.T, r *recorder, id string) games.View {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		_, b := r.do("GET", "/api/games/"+id, "")
		v := view(t, b)
		if v.Status != "playing" || (!v.Thinking && len(v.Legal) > 0) {
			return v
		}
		if time.Now().After(deadline) {
			t.Fatalf("the player's turn never came: %s", b)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestLuckySecretsNeverSent plays Cartas de la Suerte through the HTTP
// API under the mandatory card (both sides draw every turn) and checks
// every byte the server sent: never the seed, never the deck's order,
// never a card that has not been drawn.
func TestLuckySecretsNeverSent(t *testing.T) {
	const seed = 0x5eed5eed5eed5eed
	ts, st := newSeededServer(t, seed)
	r := &recorder{t: t, ts: ts}
	status, b := r.do("POST", "/api/games", `{"variant":"lucky","mode":"engine","color":"white","level":1,"rules":{"mandatory_card":"on"}}`)
	if status != http.StatusCreated {
		t.Fatalf("create: %d %s", status, b)
	}
	id := view(t, b).ID
	r.listen(id)
	rec, err := st.Load(id)
	if err != nil {
		t.Fatal(err)
	}
	var sec struct {
		Seed uint64   `json:"seed"`
		Pile []string `json:"pile"`
	}
	if err := json.Unmarshal([]byte(rec.Secret), &sec); err != nil || sec.Seed != seed || len(sec.Pile) != 54 {
		t.Fatalf("the stored secret %q: %v", rec.Secret, err)
	}
	order := sec.Pile
	var v games.View
	for turn := 0; turn < 12; turn++ {
		v = playerTurn(t, r, id)
		if v.Status != "playing" {
			break
		}
		tok := v.Legal[0]
		if turn == 3 {
			r.do("POST", "/api/games/"+id+"/hint", "")
		}
		if status, b := r.do("POST", "/api/games/"+id+"/move", `{"move":"`+tok+`"}`); status != http.StatusOK {
			t.Fatalf("%s: %d %s", tok, status, b)
		}
	}
	r.do("GET", "/api/games/"+id+"/pgn", "")
	r.do("POST", "/api/games/mine", `{"tokens":["`+seatToken(ts, id)+`"]}`)
	v = r.settle(id)
	drawn := map[string]bool{}
	for _, d := range v.Lucky.Drawn {
		drawn[d.Card] = true
	}
	if len(drawn) < 4 {
		t.Fatalf("only %d cards drawn: %v", len(drawn), v.Moves)
	}
	rec, _ = st.Load(id)
	var now struct{ Pile []string }
	_ = json.Unmarshal([]byte(rec.Secret), &now)
	secrets := []string{strconv.FormatUint(seed, 10), strconv.FormatUint(seed, 16), strings.Join(order[:3], ","),
		`"` + strings.Join(order[:2], `","`) + `"`, strings.Join(now.Pile[:3], ","), `"` + strings.Join(now.Pile[:2], `","`) + `"`, rec.Secret}
	// A card id never drawn, anywhere, as a word of its own (quoted, in
	// a list, in a FEN's pile).
	var undrawn []*regexp.Regexp
	for _, k := range order {
		if !drawn[k] && !slices.ContainsFunc(undrawn, func(re *regexp.Regexp) bool { return re.String() == word(k) }) {
			undrawn = append(undrawn, regexp.MustCompile(word(k)))
		}
	}
	never := len(undrawn)
	if never < 10 {
		t.Fatalf("only %d cards never drawn", never)
	}
	msgs := r.messages()
	if len(msgs) < 20 {
		t.Fatalf("only %d messages recorded", len(msgs))
	}
	events := 0
	for _, m := range msgs {
		if strings.HasPrefix(m, "data: ") {
			events++
		}
		for _, s := range secrets {
			if strings.Contains(m, s) {
				t.Fatalf("a message carries the secret %q:\n%s", s, m)
			}
		}
		for _, re := range undrawn {
			if re.MatchString(m) {
				t.Fatalf("a message names a card not drawn (%s):\n%s", re, m)
			}
		}
	}
	if events < 5 {
		t.Fatalf("only %d events recorded", events)
	}
	// A card that was drawn is named first in a message that shows it
	// drawn (its entry in the cards drawn): never before its draw.
	for k := range drawn {
		for _, m := range msgs {
			if strings.Contains(m, `"`+k+`"`) {
				if !strings.Contains(m, `"card":"`+k+`"`) {
					t.Fatalf("%s is named before it is drawn:\n%s", k, m)
				}
				break
			}
		}
	}
}

// word matches a card id as a word of its own.
func word(id string) string {
	return `(?:^|[^A-Za-z0-9_:+/-])` + regexp.QuoteMeta(id) + `(?:$|[^A-Za-z0-9_:+/-])`
}

// TestSpySecretsNeverSent plays spy chess through the HTTP API, the
// player revealing when it can, and checks every byte the server sent:
// never the engine's card before the engine reveals it.
func TestSpySecretsNeverSent(t *testing.T) {
	var seed uint64
	var mine, theirs string
	for s := uint64(100); s < 2000; s++ {
		w, b := games.SpyDeal(s)
		if strings.HasPrefix(w, "spy:") && strings.HasPrefix(b, "spy:") && w != b {
			seed, mine, theirs = s, w, b
			break
		}
	}
	ts, st := newSeededServer(t, seed)
	r := &recorder{t: t, ts: ts}
	status, b := r.do("POST", "/api/games", `{"variant":"spy","mode":"engine","color":"white","level":1}`)
	if status != http.StatusCreated {
		t.Fatalf("create: %d %s", status, b)
	}
	id := view(t, b).ID
	r.listen(id)
	if rec, _ := st.Load(id); !strings.Contains(rec.Secret, theirs) {
		t.Fatalf("the stored secret %q lacks the engine's card %s", rec.Secret, theirs)
	}
	revealed := false
	for turn := 0; turn < 14; turn++ {
		v := playerTurn(t, r, id)
		if v.Status != "playing" {
			break
		}
		if v.Spy.Card != mine {
			t.Fatalf("the player's card %q, dealt %s", v.Spy.Card, mine)
		}
		tok, best := v.Legal[0], byte('0')
		for _, m := range v.Legal {
			if len(m) == 4 && m[3] > best && v.Pieces[m[:2]] == "wP" {
				tok, best = m, m[3]
			}
		}
		if v.Spy.Reveal != "" && !revealed {
			tok, revealed = v.Spy.Reveal, true
		}
		if turn == 2 {
			r.do("POST", "/api/games/"+id+"/hint", "")
		}
		if status, b := r.do("POST", "/api/games/"+id+"/move", `{"move":"`+tok+`"}`); status != http.StatusOK {
			t.Fatalf("%s: %d %s", tok, status, b)
		}
	}
	r.do("GET", "/api/games/"+id+"/pgn", "")
	r.do("POST", "/api/games/mine", `{"tokens":["`+seatToken(ts, id)+`"]}`)
	r.settle(id)
	if !revealed {
		t.Fatal("the player never revealed")
	}
	msgs := r.messages()
	checked := 0
	for _, m := range msgs {
		if strings.Contains(m, "reveal:"+theirs) {
			break // the engine revealed: its card is public from here on
		}
		checked++
		if strings.Contains(m, theirs) {
			t.Fatalf("a message carries the engine's card %s:\n%s", theirs, m)
		}
	}
	if checked < 20 {
		t.Fatalf("only %d messages checked", checked)
	}
}
