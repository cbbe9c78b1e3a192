package worlds

import (
	"context"
	"testing"
	"time"

	"azar/search"
	"azar/search/core"
)

func TestMate(t *testing.T) {
	for _, c := range []struct {
		v, want int
		ok      bool
	}{
		{core.WinScore - 3, search.MateScore - 3, true},
		{-(core.WinScore - 4), -search.MateScore + 4, true},
		{core.WinBound, search.MateScore - core.MaxPly, true},
		{core.WinBound - 1, 0, false},
		{core.EvalLimit, 0, false},
		{-120, 0, false},
	} {
		if got, ok := Mate(c.v); got != c.want || ok != c.ok {
			t.Errorf("Mate(%d) = %d, %v; want %d, %v", c.v, got, ok, c.want, c.ok)
		}
	}
}

// TestWait: a timed search returns at once; a ponder search waits for
// PonderHit and an infinite one for the cancel, as UCI's stop.
func TestWait(t *testing.T) {
	s := NewShell(1)
	s.Begin(search.Limits{Depth: 3})
	s.Wait(context.Background(), search.Limits{Depth: 3}) // returns

	ponder := search.Limits{Ponder: true}
	s.Begin(ponder)
	done := make(chan struct{})
	go func() { s.Wait(context.Background(), ponder); close(done) }()
	select {
	case <-done:
		t.Fatal("a ponder search returned before ponderhit")
	case <-time.After(20 * time.Millisecond):
	}
	s.PonderHit()
	<-done

	ctx, cancel := context.WithCancel(context.Background())
	inf := search.Limits{Infinite: true}
	s.Begin(inf)
	done = make(chan struct{})
	go func() { s.Wait(ctx, inf); close(done) }()
	select {
	case <-done:
		t.Fatal("an infinite search returned before stop")
	case <-time.After(20 * time.Millisecond):
	}
	cancel()
	<-done
}

// TestReporterAndScores: the core's values reach the engine in its units,
// the expected score given only where it was measured.
func TestReporterAndScores(t *testing.T) {
	units := func(v int, win float64, known bool) int {
		if known {
			return int(win * 1000)
		}
		return v
	}
	if Reporter(nil, 3, units) != nil {
		t.Error("a nil report gets a reporter")
	}
	var got []Info
	rep := Reporter(func(i Info) { got = append(got, i) }, 3, units)
	rep(core.Info{Depth: 2, Score: 40, Win: 0.75, Nodes: 9})
	rep(core.Info{Depth: 3, Score: 55})
	if len(got) != 2 || got[0].Score != 750 || got[0].Worlds != 3 || got[0].Nodes != 9 || got[1].Score != 55 {
		t.Errorf("reports %+v", got)
	}
	r := core.WorldsResult{Values: []core.ActionValue{{Action: 7, Score: 30, Win: 0.6}, {Action: 9, Score: -10, Win: 0.4}}}
	sc := Scores(r, units)
	if len(sc) != 2 || sc[0] != (ActionScore{Action: 7, Score: 600, Win: 0.6}) || sc[1].Score != 400 {
		t.Errorf("scores %+v", sc)
	}
}
