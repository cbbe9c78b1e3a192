package match

import (
	"bufio"
	"context"
	"io"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// scriptedEngine is an Engine with no process behind it: it answers
// isready with readyok and go with move, stamped after the go by after,
// as the runner's reader would have stamped it. A real process cannot
// put a bestmove late on the runner's clock yet in the channel before
// the runner's timer is read (that takes a loaded runner); the stamp can.
func scriptedEngine(name, move string, after time.Duration) *Engine {
	r, w := io.Pipe()
	e := &Engine{
		cfg:     EngineConfig{Name: name},
		cmd:     &exec.Cmd{},
		stdin:   w,
		lines:   make(chan line, 64),
		discard: make(chan struct{}),
		exited:  make(chan struct{}),
	}
	go func() {
		defer close(e.exited)
		defer close(e.lines)
		defer r.Close()
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			var out line
			switch cmd, _, _ := strings.Cut(sc.Text(), " "); cmd {
			case "isready":
				out = line{text: "readyok", at: time.Now()}
			case "go":
				out = line{text: "bestmove " + move, at: time.Now().Add(after)}
			case "quit":
				return
			default:
				continue
			}
			select {
			case e.lines <- out:
			case <-e.discard:
			}
		}
	}()
	return e
}

// A bestmove that is read before the runner's timer but was stamped after
// the time allowed plus the margin loses on time (play.go judges
// Reply.Elapsed, not only the timer); one stamped at once is played.
func TestLateBestmoveForfeits(t *testing.T) {
	// An hour per move: the runner's timer never fires in the test, so
	// only the stamps decide.
	const st = time.Hour
	for _, c := range []struct {
		name        string
		white       time.Duration // how long after go White's bestmove is stamped
		end         End
		text        string
		whitePoints float64
		actions     int
	}{
		{name: "late", white: 2 * st, end: EndTime, text: "White loses on time (7200.000s for 3600.000s)", actions: 0},
		{name: "on time", white: 0, end: EndMoveLimit, text: "Draw by move limit (1 moves)", whitePoints: 0.5, actions: 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg, _ := config(1, movetime(te("white", "first"), st, time.Second), movetime(te("black", "first"), st, time.Second))
			cfg.MaxMoves = 1
			if err := cfg.normalize(); err != nil {
				t.Fatal(err)
			}
			w := &worker{cfg: &cfg, restarts: make([]atomic.Int64, 2), engines: []player{
				scriptedEngine("white", "e2e4", c.white),
				scriptedEngine("black", "e7e5", 0),
			}}
			defer w.closeAll()
			rec, err := w.play(context.Background(), 0)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Result.End != c.end || rec.Result.Text != c.text || rec.Result.Points[0] != c.whitePoints || len(rec.Actions) != c.actions {
				t.Errorf("%+v after %d actions, want %s %q, White %v, after %d", rec.Result, len(rec.Actions), c.end, c.text, c.whitePoints, c.actions)
			}
			if len(rec.Restarted) != 0 {
				t.Errorf("restarted %v: a late answer is still an answer", rec.Restarted)
			}
		})
	}
}
