package games

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"azar/app/engine"
	"azar/app/store"
	"azar/variants/spy"
)

// wildSeed finds a seed whose deal gives seat (0 White, 1 Black) the
// wildcard and the other seat a card that is not one.
func wildSeed(t *testing.T, seat int) uint64 {
	t.Helper()
	for seed := uint64(1); seed < 5000; seed++ {
		w, b := spyDeal(seed)
		cards := [2]spy.Card{w, b}
		if cards[seat] == spy.Wild && cards[1-seat] != spy.Wild {
			return seed
		}
	}
	t.Fatal("no seed")
	return 0
}

// TestSpyEngineWildcardAsBlack is issue 27's hang: the player White, the
// engine Black dealt the wildcard. The engine used to be asked for its
// choice only after White's move, which the protocol refuses, and the
// game retried for ever showing "retrying" in these games only. Now the
// engine chooses on its first turn and plays its reply.
func TestSpyEngineWildcardAsBlack(t *testing.T) {
	seed := wildSeed(t, 1)
	f := newSeeded(t, "", seed)
	v, err := f.m.Create(Options{Variant: VariantSpy, Mode: ModeEngine, Color: "white", Level: 1})
	if err != nil {
		t.Fatal(err)
	}
	if v.Thinking || len(v.Legal) == 0 {
		t.Fatalf("first view: thinking %v legal %v", v.Thinking, v.Legal)
	}
	id := v.ID
	for turn := range 3 {
		if _, err := f.m.Move(id, v.Legal[0]); err != nil {
			t.Fatal(err)
		}
		v = waitView(t, f.m, id, func(v View) bool { return v.Error != "" || v.Status != "playing" || ready(v) })
		if v.Error != "" || len(v.Moves) != 2*(turn+1) {
			t.Fatalf("turn %d: engineError %q, moves %v", turn, v.Error, v.Moves)
		}
	}
	var sec spySecret
	if err := json.Unmarshal([]byte(storedSecret(t, f.st, id)), &sec); err != nil || sec.Dealt[1] != "wild" || !strings.HasPrefix(sec.Chosen[1], "wild:") {
		t.Fatalf("stored secret %+v (%v)", sec, err)
	}
}

// gatedSpy answers each search only when the test lets it: a bare
// wildcard with wild:QR, anything else with e2e4 (the engine is White).
type gatedSpy struct {
	gate    chan struct{}
	started chan string
}

func (g gatedSpy) Search(ctx context.Context, r engine.Request) (engine.Result, error) {
	g.started <- r.Position
	select {
	case <-g.gate:
	case <-ctx.Done():
		return engine.Result{}, ctx.Err()
	}
	if strings.HasSuffix(r.Position, "=wild") {
		return engine.Result{Move: "wild:QR"}, nil
	}
	return engine.Result{Move: "e2e4"}, nil
}

// TestSpyEngineWildcardChoiceUnseen: the engine White dealt the wildcard
// chooses in the start position and then moves, and the page sees one
// change only, the move — no view between the two, no new version: a
// view that changed with nothing on the board would tell the player that
// the engine holds the wildcard.
func TestSpyEngineWildcardChoiceUnseen(t *testing.T) {
	seed := wildSeed(t, 0)
	f := newSeeded(t, "", seed)
	eng := gatedSpy{gate: make(chan struct{}), started: make(chan string, 4)}
	f.m.cfg.Engine = eng
	v, err := f.m.Create(Options{Variant: VariantSpy, Mode: ModeEngine, Color: "black", Level: 1})
	if err != nil {
		t.Fatal(err)
	}
	events, cur, done, err := f.m.Subscribe(v.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	var first View
	if err := json.Unmarshal(cur, &first); err != nil || !first.Thinking {
		t.Fatalf("first view %s (%v)", cur, err)
	}
	if pos := <-eng.started; pos != "startpos card w=wild" {
		t.Fatalf("the choice asked in %q", pos)
	}
	eng.gate <- struct{}{}
	if pos := <-eng.started; pos != "startpos card w=wild:QR" {
		t.Fatalf("the first move asked in %q", pos)
	}
	// The choice is stored; no view went out, the version has not moved.
	select {
	case b := <-events:
		t.Fatalf("a view went out for the engine's choice: %s", b)
	default:
	}
	if w, _ := f.m.Get(v.ID); w.Version != first.Version || !w.Thinking || len(w.Moves) != 0 {
		t.Fatalf("after the choice: version %d (was %d), thinking %v, moves %v", w.Version, first.Version, w.Thinking, w.Moves)
	}
	var sec spySecret
	if err := json.Unmarshal([]byte(storedSecret(t, f.st, v.ID)), &sec); err != nil || sec.Chosen[0] != "wild:QR" {
		t.Fatalf("stored secret %+v (%v)", sec, err)
	}
	eng.gate <- struct{}{}
	select {
	case b := <-events:
		var ev View
		if err := json.Unmarshal(b, &ev); err != nil || len(ev.Moves) != 1 || ev.Moves[0].UCI != "e2e4" || ev.Thinking {
			t.Fatalf("the event after the move: %s (%v)", b, err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("no view after the engine's move")
	}
}

// failing is an engine whose every search fails, counting them.
type failing struct {
	mu sync.Mutex
	n  int
}

func (e *failing) Search(context.Context, engine.Request) (engine.Result, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.n++
	return engine.Result{}, errors.New("engine refused the request: card b=spy:Pe is wrong")
}

// instantClock is the system's time with pauses that end at once.
type instantClock struct{}

func (instantClock) Now() time.Time { return time.Now() }
func (instantClock) After(time.Duration) <-chan time.Time {
	c := make(chan time.Time, 1)
	c <- time.Now()
	return c
}

// TestEngineFailureEndsTheGame: an engine that cannot answer is tried
// engineTries times, then it resigns: the game ends, won by the player,
// stored, with a message that names nothing of the engine's secret; it
// does not wait for ever. In spy and in chess alike.
func TestEngineFailureEndsTheGame(t *testing.T) {
	for _, o := range []Options{
		{Variant: VariantSpy, Mode: ModeEngine, Color: "black", Level: 1},
		{Variant: VariantChess, Mode: ModeEngine, Color: "black", Level: 1},
	} {
		f := newSeeded(t, "", wildSeed(t, 1))
		eng := &failing{}
		f.m.cfg.Engine = eng
		f.m.clock = instantClock{}
		v, err := f.m.Create(o)
		if err != nil {
			t.Fatal(err)
		}
		v = waitView(t, f.m, v.ID, func(v View) bool { return v.Status != "playing" })
		if v.Status != ReasonResign || v.Result != "0-1" || v.Error != engineGaveUp || v.Thinking {
			t.Fatalf("%s: after the failures %+v", o.Variant, v)
		}
		eng.mu.Lock()
		n := eng.n
		eng.mu.Unlock()
		if n != engineTries {
			t.Fatalf("%s: %d searches, want %d", o.Variant, n, engineTries)
		}
		rec, err := f.st.Load(v.ID)
		if err != nil || rec.Reason != ReasonResign || rec.Result != "0-1" {
			t.Fatalf("%s: stored %+v (%v)", o.Variant, rec, err)
		}
	}
}

// TestSpyHungGameResumes: a game stored by the old referee — the player
// White has moved, the engine Black's wildcard choice still due — goes on
// after a restart: the engine chooses in the start position and replies.
func TestSpyHungGameResumes(t *testing.T) {
	f := newSeeded(t, "", wildSeed(t, 1))
	v, err := f.m.Create(Options{Variant: VariantSpy, Mode: ModeEngine, Color: "white", Level: 1})
	if err != nil {
		t.Fatal(err)
	}
	dir := f.dir
	f.close()
	st, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := st.Load(v.ID)
	if err != nil {
		t.Fatal(err)
	}
	rec.Moves = []string{"e2e4"} // what the old referee stored before it hung
	if err := st.Save(rec); err != nil {
		t.Fatal(err)
	}
	st.Close()
	f2 := newSeeded(t, dir, 1)
	v = waitView(t, f2.m, v.ID, func(v View) bool { return v.Error != "" || ready(v) })
	if v.Error != "" || len(v.Moves) != 2 || v.Moves[0].UCI != "e2e4" {
		t.Fatalf("after the restart: engineError %q, moves %v", v.Error, v.Moves)
	}
}
