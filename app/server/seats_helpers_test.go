package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
)

// noSeat on a test's request keeps seatKeeper from adding a token: the
// request goes as a stranger's.
const noSeat = "X-Test-No-Seat"

// seatKeeper is the tests' page: it keeps the token of every game created
// or joined through it and sends it with that game's requests that carry
// none, as api.js does.
type seatKeeper struct {
	h      http.Handler
	mu     sync.Mutex
	tokens map[string]string
}

func keepSeats(h http.Handler) *seatKeeper { return &seatKeeper{h: h, tokens: map[string]string{}} }

func (k *seatKeeper) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rest, isGame := strings.CutPrefix(r.URL.Path, "/api/games/")
	id, _, _ := strings.Cut(rest, "/")
	if r.Header.Get(noSeat) != "" {
		r.Header.Del(noSeat)
	} else if isGame && r.Header.Get(SeatHeader) == "" {
		k.mu.Lock()
		if t := k.tokens[id]; t != "" {
			r.Header.Set(SeatHeader, t)
		}
		k.mu.Unlock()
	}
	if r.Method != http.MethodPost || !(r.URL.Path == "/api/games" || strings.HasSuffix(r.URL.Path, "/join")) {
		k.h.ServeHTTP(w, r)
		return
	}
	rec := httptest.NewRecorder()
	k.h.ServeHTTP(rec, r)
	var got struct {
		Token string
		View  struct{ ID string }
	}
	if json.Unmarshal(rec.Body.Bytes(), &got) == nil && got.Token != "" {
		k.mu.Lock()
		k.tokens[got.View.ID] = got.Token
		k.mu.Unlock()
	}
	for key, v := range rec.Header() {
		w.Header()[key] = v
	}
	w.WriteHeader(rec.Code)
	_, _ = w.Write(rec.Body.Bytes())
}

// seatToken is the token the test server's keeper holds for game id.
func seatToken(ts *httptest.Server, id string) string {
	k := ts.Config.Handler.(*seatKeeper)
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.tokens[id]
}
