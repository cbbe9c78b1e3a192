package games

import (
	"context"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"azar/app/engine"
)

// goRecorder is the engine, remembering each search's go line.
type goRecorder struct {
	Searcher
	mu  sync.Mutex
	gos []string
}

func (r *goRecorder) Search(ctx context.Context, q engine.Request) (engine.Result, error) {
	r.mu.Lock()
	r.gos = append(r.gos, q.Go)
	r.mu.Unlock()
	return r.Searcher.Search(ctx, q)
}

// TestClockFlagFallAgainstTheEngine: with one second each, the player's
// first move is free, the engine answers on its time manager (told
// wtime, btime, winc and binc), and the player, waiting, loses on time
// without acting: the referee's timer ends the game, 0-1, and a move
// after the flag is refused.
func TestClockFlagFallAgainstTheEngine(t *testing.T) {
	f := newFixture(t, "")
	rec := &goRecorder{Searcher: f.m.cfg.Engine}
	f.m.cfg.Engine = rec
	v, err := f.m.Create(Options{Mode: ModeEngine, Color: "white", Level: 1, Clock: &ClockOptions{Initial: 1, Increment: 2,
		Left: map[string]int64{"w": 999999}, TurnAt: 5}})
	if err != nil {
		t.Fatal(err)
	}
	if v.Clock == nil || v.Clock.White != 1000 || v.Clock.Black != 1000 || v.Clock.Running != "" {
		t.Fatalf("a new game's clock %+v: one second each (a request's own left times ignored), not running", v.Clock)
	}
	if v, err = f.m.Move(v.ID, "e2e4"); err != nil {
		t.Fatal(err)
	}
	if v.Clock.White != 1000 || v.Clock.Running != "b" {
		t.Fatalf("after the first move %+v: it was free, Black's clock runs", v.Clock)
	}
	v = waitView(t, f.m, v.ID, func(v View) bool { return len(v.Moves) == 2 })
	if v.Clock.Running != "w" || v.Clock.Black > 1000+2000 || v.Clock.Black < 2000 {
		t.Fatalf("after the engine's move %+v: White's clock runs, Black has its second less its think plus 2 s", v.Clock)
	}
	rec.mu.Lock()
	last := rec.gos[len(rec.gos)-1]
	rec.mu.Unlock()
	if !strings.HasPrefix(last, "wtime ") || !strings.Contains(last, " winc 2000 binc 2000") {
		t.Fatalf("the engine was told %q, want its clock", last)
	}
	v = waitView(t, f.m, v.ID, func(v View) bool { return v.Status != "playing" })
	if v.Status != ReasonTime || v.Result != "0-1" || v.Clock.White != 0 || v.Clock.Running != "" {
		t.Fatalf("after White's second ran out: %s %s, clock %+v", v.Status, v.Result, v.Clock)
	}
	if _, err := f.m.Move(v.ID, "d2d4"); kind(err) != Conflict {
		t.Fatalf("a move after the flag: %v", err)
	}
	// The result stands after a restart.
	f.close()
	g := newFixture(t, f.dir)
	if v, err := g.m.Get(v.ID); err != nil || v.Status != ReasonTime || v.Result != "0-1" {
		t.Fatalf("after a restart: %s %s %v", v.Status, v.Result, err)
	}
}

// TestClockIncrementOnline: between two people the increment is given
// when a turn passes, the mover's think is charged, and a restart keeps
// the clocks.
func TestClockIncrementOnline(t *testing.T) {
	f := newFixture(t, "")
	c, w, b := twoPeople(t, f, Options{Clock: &ClockOptions{Initial: 60, Increment: 5}})
	if _, err := w.Move("e2e4", nil); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	v, err := b.Move("e7e5", nil)
	if err != nil {
		t.Fatal(err)
	}
	if v.Clock.Black > 65000-200 || v.Clock.Black < 60000 || v.Clock.White > 60000 || v.Clock.Running != "w" {
		t.Fatalf("after 1.e4 e5 with Black thinking 0.2 s: %+v, want Black 60 s - 0.2 s + 5 s, White's clock running", v.Clock)
	}
	f.close()
	g := newFixture(t, f.dir)
	v = seated(t, g.m, c.View.ID, c.Token).Get()
	if v.Clock == nil || v.Clock.Running != "w" || v.Clock.Black > 65000-200 || v.Clock.Black < 60000 {
		t.Fatalf("after a restart: %+v", v.Clock)
	}
}

// TestClockOneTimerPerGame: every move re-arms the flag's timer, and the
// timer it replaces stops waiting at once, so a game with a long clock
// keeps one waiting goroutine, not one per move (before, each waited
// out its own minute).
func TestClockOneTimerPerGame(t *testing.T) {
	f := newFixture(t, "")
	_, w, b := twoPeople(t, f, Options{Clock: &ClockOptions{Initial: 60, Increment: 5}})
	for i, m := range []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"} {
		p := w
		if i%2 == 1 {
			p = b
		}
		if _, err := p.Move(m, nil); err != nil {
			t.Fatal(err)
		}
	}
	waiting := func() int {
		buf := make([]byte, 1<<22)
		return strings.Count(string(buf[:runtime.Stack(buf, true)]), "games.(*Manager).armClock.func")
	}
	n := waiting()
	for deadline := time.Now().Add(2 * time.Second); n != 1 && time.Now().Before(deadline); n = waiting() {
		time.Sleep(10 * time.Millisecond)
	}
	if n != 1 {
		t.Fatalf("%d clock timers waiting after six moves, want 1", n)
	}
}

// TestClockOptionsRefused: no clock for chaturanga4 or on one device, and
// none out of its limits.
func TestClockOptionsRefused(t *testing.T) {
	f := newFixture(t, "")
	for _, o := range []Options{
		{Variant: VariantChaturanga4, Clock: &ClockOptions{Initial: 60}},
		{Mode: ModeLocal, Clock: &ClockOptions{Initial: 60}},
		{Mode: ModeEngine, Color: "white", Clock: &ClockOptions{Initial: 0}},
		{Mode: ModeEngine, Color: "white", Clock: &ClockOptions{Initial: 60, Increment: -1}},
		{Mode: ModeEngine, Color: "white", Clock: &ClockOptions{Initial: 4 * 3600}},
	} {
		if _, err := f.m.Create(o); kind(err) != Invalid {
			t.Errorf("%s %s clock %+v: %v, want refused", o.Variant, o.Mode, *o.Clock, err)
		}
	}
}
