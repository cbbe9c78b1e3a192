package games

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
)

// TestNoEvalWhereTheEngineHides: in spy and magic the engine's score
// weighs its own card or hand, so no view and no event of those games
// carries an eval, before or after the engine's moves; in chess the same
// play shows one (so the test can see an eval when there is one).
func TestNoEvalWhereTheEngineHides(t *testing.T) {
	f := newFixture(t, "")
	for _, c := range []struct {
		variant string
		want    bool // an eval expected after the engine's move
	}{{VariantChess, true}, {VariantSpy, false}, {VariantMagic, false}} {
		v, err := f.m.Create(Options{Variant: c.variant, Mode: ModeEngine, Color: "black", Level: 1})
		if err != nil {
			t.Fatal(err)
		}
		events, cur, done, err := f.m.Subscribe(v.ID)
		if err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		seen := []string{string(cur)}
		stop := make(chan struct{})
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case b := <-events:
					mu.Lock()
					seen = append(seen, string(b))
					mu.Unlock()
				case <-stop:
					return
				}
			}
		}()
		for turn := 0; turn < 4; turn++ {
			v = waitView(t, f.m, v.ID, func(v View) bool { return v.Status != "playing" || ready(v) })
			b, _ := json.Marshal(v)
			mu.Lock()
			seen = append(seen, string(b))
			mu.Unlock()
			if v.Status != "playing" {
				break
			}
			tok := v.Legal[0]
			for _, l := range v.Legal {
				if isSquareMove(l) {
					tok = l
					break
				}
			}
			if _, err := f.m.Move(v.ID, tok); err != nil {
				t.Fatal(err)
			}
		}
		close(stop)
		wg.Wait()
		done()
		withEval := 0
		for _, s := range seen {
			if strings.Contains(s, `"eval"`) {
				withEval++
				if !c.want {
					t.Fatalf("%s: a view carries the engine's eval: %s", c.variant, s)
				}
			}
		}
		if c.want && withEval == 0 {
			t.Fatalf("%s: no view with an eval among %d", c.variant, len(seen))
		}
	}
}
