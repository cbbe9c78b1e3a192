package server

import (
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"azar/app/games"
)

// twoPeople creates the game of body (mode online) and joins it: the
// creator's recorder, the friend's, and the game's id.
func twoPeople(t *testing.T, r1, r2 *recorder, body string) string {
	t.Helper()
	status, b := do(t, r1.ts, "POST", "/api/games", body)
	var c games.Created
	if err := json.Unmarshal(b, &c); err != nil || status != http.StatusCreated || len(c.Invites) != 1 {
		t.Fatalf("create: %d %s", status, b)
	}
	r1.token = c.Token
	r1.add(b)
	id := c.View.ID
	status, b = doWith(t, r2.ts, "POST", "/api/games/"+id+"/join", `{"invite":"`+c.Invites[0].Code+`"}`, func(req *http.Request) { req.Header.Set(noSeat, "1") })
	var j games.Joined
	if err := json.Unmarshal(b, &j); err != nil || status != http.StatusOK || j.Token == "" || j.Seat != c.Invites[0].Seat {
		t.Fatalf("join: %d %s", status, b)
	}
	r2.token = j.Token
	r2.add(b)
	status, b = doWith(t, r2.ts, "POST", "/api/games/"+id+"/join", `{"invite":"`+c.Invites[0].Code+`"}`, func(req *http.Request) { req.Header.Set(noSeat, "1") })
	wantError(t, status, b, http.StatusConflict, "that seat is taken")
	return id
}

// playPeople plays steps decisions, each by the seat whose view lists
// actions, as choose picks them; the other seat's try at the same token
// is refused (403). Both recorders follow the event stream.
func playPeople(t *testing.T, id string, rs [2]*recorder, steps int, choose func(games.View) string) {
	t.Helper()
	for _, r := range rs {
		r.listen(id)
	}
	for step := 0; step < steps; step++ {
		var mover, other *recorder
		var v games.View
		for deadline := time.Now().Add(10 * time.Second); mover == nil; time.Sleep(2 * time.Millisecond) {
			for i, r := range rs {
				_, b := r.do("GET", "/api/games/"+id, "")
				if v = view(t, b); v.Status != "playing" {
					return
				}
				if len(v.Legal) > 0 {
					mover, other = r, rs[1-i]
					break
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("no seat may act: %+v", v)
			}
		}
		tok := choose(v)
		if step < 2 {
			status, b := other.do("POST", "/api/games/"+id+"/move", `{"move":"`+tok+`"}`)
			wantError(t, status, b, http.StatusForbidden, "not your turn")
		}
		if status, b := mover.do("POST", "/api/games/"+id+"/move", `{"move":"`+tok+`","version":`+strconv.FormatUint(v.Version, 10)+`}`); status != http.StatusOK {
			t.Fatalf("%s: %d %s", tok, status, b)
		}
	}
	for _, r := range rs {
		r.do("GET", "/api/games/"+id+"/pgn", "")
		r.do("POST", "/api/games/mine", `{"tokens":["`+r.token+`"]}`)
	}
	time.Sleep(100 * time.Millisecond) // the streams' last views
}

// quiet picks a move that shows no card: a pass, else a move of a piece.
func quiet(v games.View) string {
	if slices.Contains(v.Legal, "pass") {
		return "pass"
	}
	for _, l := range v.Legal {
		if regexp.MustCompile(`^[a-h][1-8][a-h][1-8][qrbn]?$`).MatchString(l) {
			return l
		}
	}
	return v.Legal[0]
}

// TestSpyTwoPeopleSecrets: two people play spy chess on their own
// devices; every response and event each receives is searched for the
// other's spy card.
func TestSpyTwoPeopleSecrets(t *testing.T) {
	_, rw, rb, white, black := twoSpyPeople(t, 12)
	for _, c := range []struct {
		r          *recorder
		own, other string
	}{{rw, white, black}, {rb, black, white}} {
		msgs := c.r.messages()
		events := 0
		for _, m := range msgs {
			if strings.Contains(m, c.other) {
				t.Fatalf("the seat holding %s was sent the other's card %s:\n%s", c.own, c.other, m)
			}
			if strings.HasPrefix(m, "data: ") {
				events++
			}
		}
		if events < 3 || !slices.ContainsFunc(msgs, func(m string) bool { return strings.Contains(m, c.own) }) {
			t.Fatalf("the seat holding %s: %d messages, %d events, its own card never shown", c.own, len(msgs), events)
		}
	}
}

// TestMagicTwoPeopleSecrets: two people play Ajedrez Mágico on their own
// devices, no card committed; neither is sent a card of the other's hand
// or of the stock, nor the seed or the stored secret.
func TestMagicTwoPeopleSecrets(t *testing.T) {
	const seed = 0x6d61676963
	white, black, err := games.MagicDeal(map[string]string{"mode": "classic"}, seed)
	if err != nil {
		t.Fatal(err)
	}
	ts, st := newSeededServer(t, seed)
	rw, rb := &recorder{t: t, ts: ts}, &recorder{t: t, ts: ts}
	id := twoPeople(t, rw, rb, `{"variant":"magic","mode":"online","color":"white"}`)
	playPeople(t, id, [2]*recorder{rw, rb}, 16, quiet)
	rec, _ := st.Load(id)
	secrets := []string{strconv.FormatUint(seed, 10), strconv.FormatUint(seed, 16), rec.Secret}
	for _, c := range []struct {
		r          *recorder
		own, other []string
	}{{rw, white, black}, {rb, black, white}} {
		msgs := c.r.messages()
		// The seat's own hand as its answers showed it (it may draw);
		// the events are checked against it.
		own := map[string]bool{}
		for _, m := range msgs {
			if strings.HasPrefix(m, "data: ") {
				continue
			}
			var v struct {
				games.View
				Inner *games.View `json:"view"`
			}
			if json.Unmarshal([]byte(m), &v) != nil {
				continue
			}
			if v.Inner != nil {
				v.View = *v.Inner
			}
			if v.Magic != nil {
				for _, h := range v.Magic.Hand {
					own[h.ID] = true
				}
			}
		}
		for _, code := range c.own {
			if !own[code] {
				t.Fatalf("the seat dealt %v never saw its %s", c.own, code)
			}
		}
		for _, m := range msgs {
			for _, s := range secrets {
				if strings.Contains(m, s) {
					t.Fatalf("a message carries the secret %q:\n%s", s, m)
				}
			}
			for _, code := range magicCodeRE.FindAllString(m, -1) {
				if !own[code] {
					t.Fatalf("the seat dealt %v was sent %s (the other holds %v):\n%s", c.own, code, c.other, m)
				}
			}
		}
	}
}

// TestSeatTokens: without a token, or with another game's, every read
// and action on a game is refused (403); the token of the header or, on
// a GET only, of the cookie is taken; a device lists only its own games.
func TestSeatTokens(t *testing.T) {
	ts := newServer(t)
	_, b := do(t, ts, "POST", "/api/games", `{"mode":"local"}`)
	id := view(t, b).ID
	_, b = do(t, ts, "POST", "/api/games", `{"mode":"engine","color":"white","level":1}`)
	other := view(t, b).ID
	stranger := func(req *http.Request) { req.Header.Set(noSeat, "1") }
	wrong := func(req *http.Request) { req.Header.Set(SeatHeader, seatToken(ts, other)) }
	for _, c := range [][3]string{
		{"GET", "", ""}, {"GET", "/pgn", ""}, {"GET", "/events", ""}, {"GET", "/analysis.svg", ""}, {"GET", "/invites", ""},
		{"POST", "/move", `{"move":"e2e4"}`}, {"POST", "/undo", ""}, {"POST", "/resign", ""}, {"POST", "/offer-draw", ""},
		{"POST", "/accept-draw", ""}, {"POST", "/decline-draw", ""}, {"POST", "/accept-undo", ""}, {"POST", "/decline-undo", ""},
		{"POST", "/hint", ""}, {"POST", "/analyze", ""},
	} {
		for _, set := range []func(*http.Request){stranger, wrong} {
			status, b := doWith(t, ts, c[0], "/api/games/"+id+c[1], c[2], set)
			if status != http.StatusForbidden || !strings.Contains(string(b), "token") {
				t.Fatalf("%s %s: %d %s", c[0], c[1], status, b)
			}
		}
	}
	cookie := func(req *http.Request) {
		req.Header.Set(noSeat, "1")
		req.AddCookie(&http.Cookie{Name: "azar_seat_" + id, Value: seatToken(ts, id)})
	}
	if status, b := doWith(t, ts, "GET", "/api/games/"+id+"/pgn", "", cookie); status != http.StatusOK {
		t.Fatalf("the PGN by the cookie: %d %s", status, b)
	}
	status, b := doWith(t, ts, "POST", "/api/games/"+id+"/move", `{"move":"e2e4"}`, cookie)
	wantError(t, status, b, http.StatusForbidden, "token")
	if status, b := do(t, ts, "POST", "/api/games/"+id+"/move", `{"move":"e2e4"}`); status != http.StatusOK {
		t.Fatalf("the move by the header: %d %s", status, b)
	}

	status, b = doWith(t, ts, "POST", "/api/games/mine", `{"tokens":["`+seatToken(ts, id)+`","0123456789abcdef0123456789abcdef"]}`, stranger)
	var list []games.Summary
	if err := json.Unmarshal(b, &list); err != nil || status != http.StatusOK || len(list) != 1 || list[0].ID != id || list[0].FullMoves != 1 {
		t.Fatalf("mine: %d %s", status, b)
	}
	many := strings.TrimSuffix(strings.Repeat(`"0123456789abcdef0123456789abcdef",`, 201), ",")
	status, b = do(t, ts, "POST", "/api/games/mine", `{"tokens":[`+many+`]}`)
	wantError(t, status, b, http.StatusUnprocessableEntity, "at most 200")
	status, b = do(t, ts, "GET", "/api/games", "")
	wantError(t, status, b, http.StatusMethodNotAllowed, "use POST")
}

// TestRematchThroughTheAPI: after the end either person asks for the
// rematch; the other finds its code in its own view and takes the seat.
func TestRematchThroughTheAPI(t *testing.T) {
	ts := newServer(t)
	rw, rb := &recorder{t: t, ts: ts}, &recorder{t: t, ts: ts}
	id := twoPeople(t, rw, rb, `{"mode":"online","color":"white"}`)
	status, b := rb.do("POST", "/api/games/"+id+"/rematch", "")
	wantError(t, status, b, http.StatusConflict, "not over")
	if status, b := rw.do("POST", "/api/games/"+id+"/resign", ""); status != http.StatusOK || view(t, b).Result != "0-1" {
		t.Fatalf("resign: %d %s", status, b)
	}
	status, b = rb.do("POST", "/api/games/"+id+"/rematch", "")
	var c games.Created
	if err := json.Unmarshal(b, &c); err != nil || status != http.StatusCreated || c.Seat != "w" || c.Token == rb.token {
		t.Fatalf("rematch: %d %s", status, b)
	}
	_, b = rw.do("GET", "/api/games/"+id, "")
	rm := view(t, b).Rematch
	_, b = rb.do("GET", "/api/games/"+id, "")
	if mine := view(t, b).Rematch; rm == nil || rm.ID != c.View.ID || rm.Code == "" || mine == nil || mine.Code != "" {
		t.Fatalf("the pointers: White's %+v, Black's %+v", rm, mine)
	}
	status, b = doWith(t, ts, "POST", "/api/games/"+c.View.ID+"/join", `{"invite":"`+rm.Code+`"}`, func(req *http.Request) { req.Header.Set(noSeat, "1") })
	var j games.Joined
	if err := json.Unmarshal(b, &j); err != nil || status != http.StatusOK || j.Seat != "b" {
		t.Fatalf("join the rematch: %d %s", status, b)
	}
}
