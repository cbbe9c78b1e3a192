package games

import (
	"context"
	"sync"
	"testing"
	"time"

	"azar/app/engine"
	"azar/app/store"
)

// heldEngine answers e2e4 only when released, counting the searches in
// progress.
type heldEngine struct {
	mu        sync.Mutex
	now, most int
	release   chan struct{}
}

func (h *heldEngine) Search(ctx context.Context, _ engine.Request) (engine.Result, error) {
	h.mu.Lock()
	h.now++
	h.most = max(h.most, h.now)
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		h.now--
		h.mu.Unlock()
	}()
	select {
	case <-h.release:
		return engine.Result{Move: "e2e4"}, nil
	case <-ctx.Done():
		return engine.Result{}, ctx.Err()
	}
}

func (h *heldEngine) searching() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.now
}

// TestSearchesPerOwner: one client's six games against Azar search two at
// a time (SearchesPerOwner 2); another client's game searches beside
// them; every game gets its move in the end.
func TestSearchesPerOwner(t *testing.T) {
	st, err := store.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	h := &heldEngine{release: make(chan struct{})}
	m, err := New(Config{Store: st, Engine: h, GoArgs: func(int) string { return "depth 1" }, SearchesPerOwner: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	var ids []string
	for i := 0; i < 6; i++ {
		c, err := m.NewGameFor(Options{Mode: ModeEngine, Color: "black"}, "192.0.2.1")
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, c.View.ID)
	}
	wait := func(n int) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); h.searching() != n; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%d searches, want %d", h.searching(), n)
			}
		}
	}
	wait(2)
	time.Sleep(50 * time.Millisecond)
	if n := h.searching(); n != 2 {
		t.Fatalf("one client's games search %d at once, want 2", n)
	}
	c, err := m.NewGameFor(Options{Mode: ModeEngine, Color: "black"}, "192.0.2.2")
	if err != nil {
		t.Fatal(err)
	}
	ids = append(ids, c.View.ID)
	wait(3)
	for range ids {
		h.release <- struct{}{}
	}
	for _, id := range ids {
		waitView(t, m, id, func(v View) bool { return len(v.Moves) == 1 })
	}
	if h.most != 3 {
		t.Fatalf("at most %d searches at once, want 3", h.most)
	}
}
