package apiload

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"azar/app/games"
	"azar/app/server"
)

// ordered fails unless every stat's percentiles are in order.
func ordered(t *testing.T, res Result) {
	t.Helper()
	for k, s := range res.Stats {
		if !(s.Count > 0 && 0 <= s.P50 && s.P50 <= s.P90 && s.P90 <= s.P99 && s.P99 <= s.Max) {
			t.Errorf("%s: %+v: percentiles out of order", k, s)
		}
	}
}

// TestSmallRun: three chess games of ten plies in process end with no
// error, each move timed once and delivered once to the other client,
// and both seats' streams hold the whole game.
func TestSmallRun(t *testing.T) {
	res, err := Run(context.Background(), Options{Games: 3, Plies: 10, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) != 0 || res.Finished != 3 {
		t.Fatalf("errors %v, %d of 3 finished", res.Errors, res.Finished)
	}
	moves, resigned := 0, 0
	for _, g := range res.Played {
		w, b := g.Views[0], g.Views[1]
		if g.Err != nil || w.Seat != "w" || b.Seat != "b" || w.ID != g.ID || b.ID != g.ID {
			t.Fatalf("game %s: %v; the streams' seats %q %q", g.ID, g.Err, w.Seat, b.Seat)
		}
		if len(w.Moves) != g.Moves || !slices.Equal(w.Moves, b.Moves) || w.Status != b.Status || w.Status == "playing" {
			t.Fatalf("game %s: %d moves made; white's stream has %d (%s), black's %d (%s)", g.ID, g.Moves, len(w.Moves), w.Status, len(b.Moves), b.Status)
		}
		if w.Status == "resign" {
			resigned++
			if g.Moves != 10 {
				t.Errorf("game %s resigned after %d moves, want 10", g.ID, g.Moves)
			}
		}
		moves += g.Moves
	}
	for k, want := range map[string]int{KindCreate: 3, KindJoin: 3, KindStream: 6, KindMove: moves, KindDelivery: moves, KindResign: resigned} {
		if res.Stats[k].Count != want {
			t.Errorf("%s: %d timed, want %d", k, res.Stats[k].Count, want)
		}
	}
	ordered(t, res)
	if !res.InProcess || res.Limits == nil || res.Limits.StreamsPerClient != 16 || res.Limits.CreatePerMinute != 120 {
		t.Errorf("in process %v, limits %+v", res.InProcess, res.Limits)
	}
	var out strings.Builder
	if err := WriteTable(&out, res); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"delivery ", "errors: none", "raised for the test", "3 of 3"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the table lacks %q:\n%s", want, out.String())
		}
	}
}

// TestSummarize: nearest-rank percentiles of 1..100 ms and of one value.
func TestSummarize(t *testing.T) {
	var ds []time.Duration
	for i := 100; i >= 1; i-- {
		ds = append(ds, time.Duration(i)*time.Millisecond)
	}
	if got, want := summarize(ds), (Stat{Count: 100, P50: 50, P90: 90, P99: 99, Max: 100}); got != want {
		t.Errorf("1..100 ms: %+v, want %+v", got, want)
	}
	if got, want := summarize([]time.Duration{7 * time.Millisecond}), (Stat{Count: 1, P50: 7, P90: 7, P99: 7, Max: 7}); got != want {
		t.Errorf("one value: %+v, want %+v", got, want)
	}
}

// TestSpySecrets: in a spy run, no answer or event either client got
// has the other seat's card before that card is revealed, while each
// client's own bodies have its own card (the search finds what is there).
func TestSpySecrets(t *testing.T) {
	var seed uint64
	var cards [2]string
	for s := uint64(100); s < 2000; s++ {
		w, b := games.SpyDeal(s)
		if strings.HasPrefix(w, "spy:") && strings.HasPrefix(b, "spy:") && w != b {
			seed, cards = s, [2]string{w, b}
			break
		}
	}
	var mu sync.Mutex
	bodies := map[string][][]byte{} // seat: every body its clients got
	res, err := Run(context.Background(), Options{Games: 3, Plies: 16, Variant: "spy", Timeout: time.Minute,
		NewSeed: func() uint64 { return seed },
		Observe: func(_ int, seat string, b []byte) {
			mu.Lock()
			defer mu.Unlock()
			bodies[seat] = append(bodies[seat], slices.Clone(b))
		}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) != 0 || res.Finished != 3 || res.Stats[KindDelivery].Count != res.Stats[KindMove].Count {
		t.Fatalf("errors %v, %d of 3 finished, %+v", res.Errors, res.Finished, res.Stats)
	}
	for _, g := range res.Played {
		for s, v := range g.Views {
			if v.Spy == nil || v.Spy.Card != cards[s] {
				t.Fatalf("game %s: seat %s's last view has the card %+v, want %s", g.ID, seats[s], v.Spy, cards[s])
			}
		}
	}
	for s, seat := range seats {
		own, other, otherSeat := cards[s], cards[1-s], seats[1-s]
		saw := 0
		for _, b := range bodies[seat] {
			if strings.Contains(string(b), own) {
				saw++
			}
			if !strings.Contains(string(b), other) {
				continue
			}
			if v := viewOf(t, b); v.Spy == nil || v.Spy.Revealed[otherSeat] != other {
				t.Fatalf("seat %s got the other seat's unrevealed card %s: %s", seat, other, b)
			}
		}
		if saw == 0 || len(bodies[seat]) < 3*16/2 {
			t.Errorf("seat %s: its own card %s in %d of %d bodies", seat, own, saw, len(bodies[seat]))
		}
	}
}

// viewOf is the View in an answer or an event: the view itself, or the
// view of a create or join answer.
func viewOf(t *testing.T, b []byte) games.View {
	t.Helper()
	var wrapped struct {
		View *games.View `json:"view"`
	}
	if err := json.Unmarshal(b, &wrapped); err == nil && wrapped.View != nil {
		return *wrapped.View
	}
	var v games.View
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("not a view: %s", b)
	}
	return v
}

// TestDefaultLimitsRefuse: against a server with the default limits
// (16 streams a client), twenty games at once from one address have
// streams refused with 429, counted as such, and every game is either
// played to its end or stopped by a refusal.
func TestDefaultLimitsRefuse(t *testing.T) {
	l, err := startLocal(server.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer l.close()
	res, err := Run(context.Background(), Options{URL: l.url, Games: 20, Plies: 100, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	refused := res.Errors["stream 429"]
	if res.InProcess || res.Limits != nil || refused == 0 || refused != res.Games-res.Finished || len(res.Errors) != 1 {
		t.Fatalf("in process %v; errors %v; %d of %d finished", res.InProcess, res.Errors, res.Finished, res.Games)
	}
	ordered(t, res)
}

// TestRefusedMoveNotDelivered: in spy games where Black is dealt the
// wildcard, Black's choice and White's first move may race, and Black's
// choice on the older view is refused (409, the game moved on); a
// refused move is not timed as delivered, nor is the choice itself (the
// other seat hears nothing of it), so the deliveries equal the moves made
// less the private ones.
func TestRefusedMoveNotDelivered(t *testing.T) {
	var seed uint64
	for s := uint64(100); s < 2000; s++ {
		if w, b := games.SpyDeal(s); strings.HasPrefix(w, "spy:") && b == "wild" {
			seed = s
			break
		}
	}
	res, err := Run(context.Background(), Options{Games: 4, Plies: 6, Variant: "spy", Timeout: time.Minute, NewSeed: func() uint64 { return seed }})
	if err != nil {
		t.Fatal(err)
	}
	if res.Finished != 4 || len(res.Errors) > 1 || len(res.Errors) == 1 && res.Errors["move 409"] == 0 {
		t.Fatalf("errors %v, %d of 4 finished", res.Errors, res.Finished)
	}
	// Black's wildcard choices are its own secret: no delivery (they are
	// counted apart, Private).
	if m, d := res.Stats[KindMove].Count, res.Stats[KindDelivery].Count; m-res.Private != d || m < 4*6 || res.Private > 4 {
		t.Errorf("%d moves made, %d of them private, %d delivered", m, res.Private, d)
	}
	t.Logf("refused: %v", res.Errors)
}
