package server

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"azar/app/games"
)

// TestReviewThroughTheAPI: GET /api/games/{id}/review?ply=N answers the
// position after N moves with its marker and no legal move; a ply that
// is not a number, one outside the game, an unknown game and a request
// without the game's seat token (as GET /api/games/{id}) are refused.
func TestReviewThroughTheAPI(t *testing.T) {
	ts := newServer(t)
	status, b := do(t, ts, "POST", "/api/games", `{"mode":"local"}`)
	if status != http.StatusCreated {
		t.Fatalf("create: %d %s", status, b)
	}
	id := view(t, b).ID
	for _, mv := range []string{"e2e4", "e7e5", "g1f3"} {
		if status, b := do(t, ts, "POST", "/api/games/"+id+"/move", `{"move":"`+mv+`"}`); status != http.StatusOK {
			t.Fatalf("%s: %d %s", mv, status, b)
		}
	}
	status, b = do(t, ts, "GET", "/api/games/"+id+"/review?ply=2", "")
	if status != http.StatusOK {
		t.Fatalf("review: %d %s", status, b)
	}
	v := view(t, b)
	if v.FEN != "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2" || v.LastMove != "e7e5" || len(v.Legal) != 0 ||
		v.Review == nil || v.Review.Ply != 2 || v.Review.Of != 3 {
		t.Fatalf("ply 2: %s", b)
	}
	if _, b := do(t, ts, "GET", "/api/games/"+id, ""); view(t, b).Review != nil || len(view(t, b).Legal) == 0 {
		t.Fatalf("the live view after a review: %s", b)
	}
	for _, c := range []struct {
		path   string
		status int
		words  string
	}{
		{"/api/games/" + id + "/review", http.StatusBadRequest, "ply must be a number"},
		{"/api/games/" + id + "/review?ply=x", http.StatusBadRequest, "ply must be a number"},
		{"/api/games/" + id + "/review?ply=4", http.StatusUnprocessableEntity, "ply 4 is not in the game (0 to 3)"},
		{"/api/games/" + id + "/review?ply=-1", http.StatusUnprocessableEntity, "not in the game"},
		{"/api/games/" + strings.Repeat("0", 32) + "/review?ply=0", http.StatusNotFound, "no game"},
	} {
		status, b := do(t, ts, "GET", c.path, "")
		wantError(t, status, b, c.status, c.words)
	}
	stranger := func(req *http.Request) { req.Header.Set(noSeat, "1") }
	for _, path := range []string{"/api/games/" + id, "/api/games/" + id + "/review?ply=1"} {
		status, b := doWith(t, ts, "GET", path, "", stranger)
		wantError(t, status, b, http.StatusForbidden, "seat's token")
	}
}

// twoSpyPeople starts a spy game of two people on their own devices,
// each dealt a plain spy card of its own, and plays steps decisions:
// the game, the two seats' recorders and their cards.
func twoSpyPeople(t *testing.T, steps int) (id string, rw, rb *recorder, white, black string) {
	t.Helper()
	var seed uint64
	for s := uint64(100); s < 2000; s++ {
		w, b := games.SpyDeal(s)
		if strings.HasPrefix(w, "spy:") && strings.HasPrefix(b, "spy:") && w != b {
			seed, white, black = s, w, b
			break
		}
	}
	ts, _ := newSeededServer(t, seed)
	rw, rb = &recorder{t: t, ts: ts}, &recorder{t: t, ts: ts}
	id = twoPeople(t, rw, rb, `{"variant":"spy","mode":"online","color":"white"}`)
	playPeople(t, id, [2]*recorder{rw, rb}, steps, quiet)
	return id, rw, rb, white, black
}

// TestReviewTwoPeopleSpy: two people play spy chess on their own
// devices; each seat's review of every ply shows its own card and never
// the other's.
func TestReviewTwoPeopleSpy(t *testing.T) {
	id, rw, rb, white, black := twoSpyPeople(t, 8)
	_, b := rw.do("GET", "/api/games/"+id, "")
	n := len(view(t, b).Moves)
	if n < 6 {
		t.Fatalf("only %d moves played", n)
	}
	for _, c := range []struct {
		r          *recorder
		own, other string
	}{{rw, white, black}, {rb, black, white}} {
		for ply := 0; ply <= n; ply++ {
			status, b := c.r.do("GET", "/api/games/"+id+"/review?ply="+strconv.Itoa(ply), "")
			if status != http.StatusOK {
				t.Fatalf("ply %d: %d %s", ply, status, b)
			}
			v := view(t, b)
			if v.Spy == nil || v.Spy.Card != c.own || strings.Contains(string(b), c.other) || len(v.Legal) != 0 {
				t.Fatalf("the seat holding %s reviews ply %d as %s", c.own, ply, b)
			}
		}
	}
}
