package server

import (
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"azar/app/games"
)

var magicCodeRE = regexp.MustCompile(`AM[0-4][0-9]`)

// TestMagicGameAndSecretsNeverSent plays Ajedrez Mágico in the advanced
// mode through the HTTP API, the player committing a card whenever one
// is legal (reactions included), until the game ends or 40 decisions;
// every byte the server sent is checked: never the seed, the secret, a
// card of the stock, or a card of the engine's hand before the engine
// committed it. The PGN is logged with -v.
func TestMagicGameAndSecretsNeverSent(t *testing.T) {
	const seed = 0x6d61676963
	mine, theirs, err := games.MagicDeal(map[string]string{"mode": "advanced"}, seed)
	if err != nil {
		t.Fatal(err)
	}
	ts, st := newSeededServer(t, seed)
	r := &recorder{t: t, ts: ts}
	status, b := r.do("POST", "/api/games", `{"variant":"magic","mode":"engine","color":"white","level":1,"rules":{"mode":"advanced"}}`)
	if status != http.StatusCreated {
		t.Fatalf("create: %d %s", status, b)
	}
	id := view(t, b).ID
	r.listen(id)
	rec, err := st.Load(id)
	if err != nil || !strings.Contains(rec.Secret, strconv.FormatUint(seed, 10)) {
		t.Fatalf("the stored secret %q: %v", rec.Secret, err)
	}
	committed, reactions := 0, 0
	var v games.View
	for step := 0; step < 40; step++ {
		v = playerTurn(t, r, id)
		if v.Status != "playing" {
			break
		}
		var hand []string
		for _, c := range v.Magic.Hand {
			hand = append(hand, c.ID)
		}
		for _, c := range hand {
			if !slices.Contains(mine, c) {
				t.Fatalf("the player's hand %v holds %s, never dealt to it (%v)", hand, c, mine)
			}
		}
		// Every reaction window is answered with a card when one is
		// legal; the player's own turns commit one every third time, a
		// card that cannot react (the reactions are kept for reacting).
		reacts := map[string]bool{}
		for _, c := range v.Magic.Hand {
			reacts[c.ID] = slices.Contains(c.Windows, "R-COMMIT") || slices.Contains(c.Windows, "R-IMPACT")
		}
		tok := ""
		react := v.Magic.Phase == "rcommit" || v.Magic.Phase == "rimpact"
		for _, l := range v.Legal {
			if strings.HasPrefix(l, "AM") && (react || (step%3 == 0 && !reacts[l[:4]])) {
				tok = l
				break
			}
		}
		if tok != "" {
			committed++
			if v.Magic.Phase == "rcommit" || v.Magic.Phase == "rimpact" {
				reactions++
			}
		} else {
			tok = v.Legal[0]
			if slices.Contains(v.Legal, "pass") {
				tok = "pass"
			}
		}
		if step == 3 {
			r.do("POST", "/api/games/"+id+"/hint", "")
		}
		if status, b := r.do("POST", "/api/games/"+id+"/move", `{"move":"`+tok+`"}`); status != http.StatusOK {
			t.Fatalf("%s: %d %s", tok, status, b)
		}
	}
	r.do("GET", "/api/games/"+id+"/pgn", "")
	r.do("POST", "/api/games/mine", `{"tokens":["`+seatToken(ts, id)+`"]}`)
	v = r.settle(id)
	if committed == 0 || reactions == 0 {
		t.Fatalf("the player committed %d cards, %d of them reactions", committed, reactions)
	}
	rec, _ = st.Load(id)
	secrets := []string{strconv.FormatUint(seed, 10), strconv.FormatUint(seed, 16), rec.Secret, strings.Join(theirs[:3], ",")}
	hidden := map[string]bool{}
	for c := 1; c <= 40; c++ {
		code := "AM" + strconv.Itoa(c/10) + strconv.Itoa(c%10)
		if !slices.Contains(mine, code) {
			hidden[code] = true
		}
	}
	msgs := r.messages()
	if len(msgs) < 20 {
		t.Fatalf("only %d messages recorded", len(msgs))
	}
	for _, m := range msgs {
		for _, s := range secrets {
			if strings.Contains(m, s) {
				t.Fatalf("a message carries the secret %q:\n%s", s, m)
			}
		}
		// A card of the engine's hand or the stock is named first in
		// the message that shows it committed.
		for _, code := range magicCodeRE.FindAllString(m, -1) {
			if !hidden[code] {
				continue
			}
			if !strings.Contains(m, `"card":"`+code+`"`) {
				t.Fatalf("a message names %s, not the player's, before it is committed:\n%s", code, m)
			}
			delete(hidden, code)
		}
	}
	t.Logf("%d messages, %d decisions committed a card (%d reactions), the engine committed %d, result %s",
		len(msgs), committed, reactions, 40-len(mine)-len(hidden), v.Result+" "+v.Status)
	_, pgn := r.do("GET", "/api/games/"+id+"/pgn", "")
	t.Logf("%s", pgn)
}

// TestMagicRefusalsAndFirstView: the new game's first view carries the
// player's hand and the engine's count only; a bad token, a card of the
// engine's hand, a game on one device and bad rules are refused in JSON
// and change nothing.
func TestMagicRefusalsAndFirstView(t *testing.T) {
	const seed = 77
	ts, _ := newSeededServer(t, seed)
	status, b := do(t, ts, "POST", "/api/games", `{"variant":"magic","mode":"engine","color":"white","level":1,"rules":{"hand_size":"7"}}`)
	if status != http.StatusCreated {
		t.Fatalf("create: %d %s", status, b)
	}
	v := view(t, b)
	if v.Variant != "magic" || v.Magic == nil || v.Magic.Cards["b"] != 7 || len(v.Magic.Hand) != 7 || v.Rules["hand_size"] != "7" {
		t.Fatalf("first view: %s", b)
	}
	mine7, theirs7, err := games.MagicDeal(map[string]string{"hand_size": "7"}, seed)
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range magicCodeRE.FindAllString(string(b), -1) {
		if !slices.Contains(mine7, code) {
			t.Fatalf("the first view names %s, not in the player's hand %v", code, mine7)
		}
	}
	for _, c := range []struct{ body, words string }{
		{`{"move":"AM99"}`, "illegal action"},
		{`{"move":"e2e5"}`, "illegal action"},
		{`{"move":"` + theirs7[0] + `"}`, "illegal action"},
		{`{"move":"pass"}`, "illegal action"},
	} {
		status, b := do(t, ts, "POST", "/api/games/"+v.ID+"/move", c.body)
		wantError(t, status, b, http.StatusUnprocessableEntity, c.words)
		_, now := do(t, ts, "GET", "/api/games/"+v.ID, "")
		if nv := view(t, now); nv.Version != v.Version || len(nv.Moves) != 0 {
			t.Fatalf("%s changed the game: %s", c.body, now)
		}
	}
	status, b = do(t, ts, "POST", "/api/games/"+v.ID+"/undo", "")
	wantError(t, status, b, http.StatusConflict, "no undo")
	status, b = do(t, ts, "POST", "/api/games", `{"variant":"magic","mode":"local"}`)
	wantError(t, status, b, http.StatusUnprocessableEntity, "not on one device")
	status, b = do(t, ts, "POST", "/api/games", `{"variant":"magic","rules":{"mode":"chaos"}}`)
	wantError(t, status, b, http.StatusUnprocessableEntity, "magic rules")
}
