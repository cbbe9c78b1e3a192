package protocol

import (
	"bytes"
	"strings"
	"sync"
	"testing"
)

// gui is an output that, the moment a task's last line (a bestmove, a
// perft's node count) reaches it, asks the session whether it would
// refuse a new `go` as it did the last one: what a GUI that answers
// bestmove with position and go at once would meet.
type gui struct {
	mu       sync.Mutex
	p        *Protocol
	buf      bytes.Buffer
	busySeen []bool
}

func (g *gui) Write(b []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if bytes.Contains(b, []byte("bestmove")) || bytes.Contains(b, []byte("Nodes searched")) {
		g.busySeen = append(g.busySeen, g.p.busy())
	}
	return g.buf.Write(b)
}

// TestBestmoveEndsTheSearch: once a bestmove (or a perft's last line) can
// be read, the session is no longer busy, so a `go` sent at once is not
// refused with "go while searching". The flag used to be set just after
// the write, and a GUI fast enough to answer in between got the error and
// then no bestmove at all.
func TestBestmoveEndsTheSearch(t *testing.T) {
	g := &gui{}
	p := New(strings.NewReader(""), g)
	g.p = p
	for _, cmd := range []string{"go depth 2", "go nodes 500", "go movetime 10"} {
		p.Handle("position startpos moves e2e4")
		p.Handle(cmd)
		p.stopJob() // waits for the job's goroutine to end
	}
	p.Handle("go perft 2")
	p.stopJob()
	p.Handle("setoption name UCI_Variant value magic")
	p.Handle("position startpos hand AM01,AM02,AM03,AM04,AM05,AM06,AM07,AM08,AM09,AM10")
	p.Handle("go nodes 2000")
	p.stopJob()
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.busySeen) != 5 {
		t.Fatalf("saw %d last lines, want 5:\n%s", len(g.busySeen), g.buf.String())
	}
	for i, b := range g.busySeen {
		if b {
			t.Errorf("last line %d: the session still said it was busy when the line was written", i+1)
		}
	}
	if strings.Contains(g.buf.String(), "error") {
		t.Errorf("unexpected error line:\n%s", g.buf.String())
	}
}
