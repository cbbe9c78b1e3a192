package protocol

import (
	"bufio"
	"sync"
	"sync/atomic"

	"github.com/sirupsen/logrus"
)

// output is the single writer of the protocol stream. The command loop and
// the search goroutine both write through it; a call's lines are written
// together and flushed before the lock is released.
type output struct {
	mu     sync.Mutex
	w      *bufio.Writer
	log    *logrus.Logger // diagnostics
	trace  *logrus.Logger // the Debug Log File, or nil
	failed bool
}

// send writes lines, each ending in a newline, and flushes them.
func (o *output) send(lines ...string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.write(lines)
}

// sendLast sets a task's finished flag, then writes its last lines, in
// one critical section: whoever has read the lines finds the flag set, so
// a GUI that answers bestmove with go at once is not told the engine is
// still searching. (The flag is read without the lock, so setting it
// after the write left a window in which a fast GUI's go was refused and
// no bestmove followed; TestBestmoveEndsTheSearch.) Anything the session
// writes while the flag is set and the lines are not out yet waits for
// the lock, so it still comes after them.
func (o *output) sendLast(finished *atomic.Bool, lines ...string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	finished.Store(true)
	o.write(lines)
}

func (o *output) write(lines []string) {
	for _, l := range lines {
		_, _ = o.w.WriteString(l)
		_ = o.w.WriteByte('\n')
		if o.trace != nil {
			o.trace.Debug("<< " + l)
		}
	}
	if err := o.w.Flush(); err != nil && !o.failed {
		// The GUI went away; keep running until the input ends.
		o.failed = true
		o.log.WithError(err).Error("writing to the protocol output failed")
	}
}

// traceIn records an input line in the debug log, if there is one.
func (o *output) traceIn(line string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.trace != nil {
		o.trace.Debug(">> " + line)
	}
}

// setTrace installs (or, with nil, removes) the debug log.
func (o *output) setTrace(l *logrus.Logger) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.trace = l
}
