package games

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"azar/app/engine"
	"azar/app/store"
)

// fakeClock is a clock that moves only when told: by the engine's
// pretended thinking and by the waits asked of it, each logged.
type fakeClock struct {
	mu   sync.Mutex
	now  time.Time
	log  []clockEvent
	asks int
}

// clockEvent is a search (kind, asked at, its thinking) or a wait (d).
type clockEvent struct {
	kind  string // "pass", "card", "move", or "" for a wait
	at    time.Time
	think time.Duration
	d     time.Duration
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.log = append(c.log, clockEvent{d: d})
	c.now = c.now.Add(d)
	ch := make(chan time.Time, 1)
	ch <- c.now
	return ch
}

// think logs a search of that kind and moves the clock by its time.
func (c *fakeClock) think(kind string, d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.log = append(c.log, clockEvent{kind: kind, at: c.now, think: d})
	c.now = c.now.Add(d)
}

// Pretended thinking times: a pass at once, a card after a search, a
// move after a search longer than the delay.
const (
	thinkPass = time.Millisecond
	thinkCard = 250 * time.Millisecond
	thinkMove = 700 * time.Millisecond
)

// handEngine is a magic engine that sees its own legal actions (through
// the referee's game, as the real engine would through its hand) and
// passes its windows and plays a card every other turn; it thinks as
// long as the real engine would for each.
type handEngine struct {
	m     *Manager
	clock *fakeClock
	mu    sync.Mutex
	id    string
	turns int
}

func (e *handEngine) Search(_ context.Context, r engine.Request) (engine.Result, error) {
	e.mu.Lock()
	id := e.id
	e.mu.Unlock()
	g, err := e.m.lookup(id)
	if err != nil {
		return engine.Result{}, err
	}
	g.mu.Lock()
	legal := g.play.legal(g.engineSeat())
	g.mu.Unlock()
	// A window (pass legal): pass; a turn: every other one a card when
	// one is legal, else a move.
	kind, tok := "move", ""
	for _, l := range legal {
		if l == "pass" {
			kind, tok = "pass", "0000"
			break
		}
	}
	e.mu.Lock()
	if kind != "pass" {
		e.turns++
	}
	cardTurn := e.turns%2 == 0
	e.mu.Unlock()
	for _, l := range legal {
		if kind == "pass" {
			break
		}
		if cardTurn && strings.HasPrefix(l, "AM") {
			kind, tok = "card", l
			break
		}
		if tok == "" && isSquareMove(l) {
			tok = l
		}
	}
	if tok == "" {
		tok = legal[0]
	}
	e.clock.think(kind, map[string]time.Duration{"pass": thinkPass, "card": thinkCard, "move": thinkMove}[kind])
	return engine.Result{Move: tok}, nil
}

// TestMagicDecisionsReleasedAtOneDelay is issue 27's timing leak: the
// engine's pass came at once and its card after a search, so the player
// could tell from the clock whether its hand held a usable card. With a
// clock that moves only by the engine's pretended thinking, every
// decision — a pass (1 ms), a card (250 ms) — is released exactly
// DefaultDecisionDelay after it was asked, and one that thought longer
// (a move, 700 ms) is not held further.
func TestMagicDecisionsReleasedAtOneDelay(t *testing.T) {
	f := newSeeded(t, "", 3)
	clock := &fakeClock{now: time.Unix(1_800_000_000, 0)}
	eng := &handEngine{m: f.m, clock: clock}
	f.m.cfg.Engine, f.m.cfg.DecisionDelay, f.m.clock = eng, DefaultDecisionDelay, clock
	v, err := f.m.Create(Options{Variant: VariantMagic, Mode: ModeEngine, Color: "white", Level: 1})
	if err != nil {
		t.Fatal(err)
	}
	eng.mu.Lock()
	eng.id = v.ID
	eng.mu.Unlock()
	counts := map[string]int{}
	for turn := 0; turn < 60 && v.Status == "playing" && (counts["pass"] == 0 || counts["card"] == 0 || counts["move"] == 0); turn++ {
		tok := v.Legal[0]
		for _, l := range v.Legal {
			if l == "pass" || isSquareMove(l) {
				tok = l
				break
			}
		}
		if _, err := f.m.Move(v.ID, tok); err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
		v = waitView(t, f.m, v.ID, func(v View) bool { return v.Status != "playing" || (!v.Thinking && len(v.Legal) > 0) })
		clock.mu.Lock()
		counts = map[string]int{}
		for _, e := range clock.log {
			counts[e.kind]++
		}
		clock.mu.Unlock()
	}
	clock.mu.Lock()
	defer clock.mu.Unlock()
	kinds := map[string]int{}
	for i, e := range clock.log {
		if e.kind == "" {
			continue
		}
		kinds[e.kind]++
		released := e.think
		if i+1 < len(clock.log) && clock.log[i+1].kind == "" {
			released += clock.log[i+1].d
		}
		want := max(DefaultDecisionDelay, e.think)
		if released != want {
			t.Errorf("decision %d (%s, thought %v) released after %v, want %v", i, e.kind, e.think, released, want)
		}
	}
	if kinds["pass"] == 0 || kinds["card"] == 0 || kinds["move"] == 0 {
		t.Fatalf("the engine's decisions %v: the test needs a pass, a card and a move", kinds)
	}
}

// TestVersionTellsNoTime: two changes within one second are one version
// apart however far apart they came; a later second's change, and a
// resumed game's, is still above every earlier version.
func TestVersionTellsNoTime(t *testing.T) {
	t0 := time.Unix(1_800_000_000, 50_000_000)
	var g Game
	g.bump(t0)
	v0 := g.seq
	g.bump(t0.Add(time.Millisecond))
	g.bump(t0.Add(900 * time.Millisecond))
	if g.seq != v0+2 {
		t.Fatalf("three changes within a second: versions %d .. %d, want two apart", v0, g.seq)
	}
	last := g.seq
	g.bump(t0.Add(time.Second))
	if g.seq <= last {
		t.Fatalf("the next second's version %d, not above %d", g.seq, last)
	}
	// A restart rebuilds the game from its stored time: the next change,
	// a second on, is above every version the old process gave.
	var r Game
	r.bump(t0.Add(900 * time.Millisecond))
	r.bump(t0.Add(2 * time.Second))
	if r.seq <= g.seq {
		t.Fatalf("after a restart %d, not above %d", r.seq, g.seq)
	}
	// The page reads versions as JavaScript numbers: exact below 2^53.
	if g.seq >= 1<<53 {
		t.Fatalf("version %d is beyond a JavaScript number's exact integers", g.seq)
	}
}

// TestDecisionDelayFollowsTheBudget: the default delay goes with the
// default move budget (the server's); a caller with its own budget gets
// none unless it sets one.
func TestDecisionDelayFollowsTheBudget(t *testing.T) {
	st, err := store.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	oneply := func(int) string { return "depth 1" }
	for _, c := range []struct {
		cfg  Config
		want time.Duration
	}{
		{Config{}, DefaultDecisionDelay},
		{Config{DecisionDelay: time.Second}, time.Second},
		{Config{GoArgs: oneply}, 0},
		{Config{GoArgs: oneply, DecisionDelay: 2 * time.Second}, 2 * time.Second},
	} {
		c.cfg.Store, c.cfg.Engine = st, &scripted{}
		m, err := New(c.cfg)
		if err != nil {
			t.Fatal(err)
		}
		m.Close()
		if m.cfg.DecisionDelay != c.want {
			t.Errorf("GoArgs set %v, DecisionDelay %v: got %v, want %v", c.cfg.GoArgs != nil, c.cfg.DecisionDelay, m.cfg.DecisionDelay, c.want)
		}
	}
}
