package core

import (
	"context"
	"sync/atomic"
)

// stopper is the core's one stop mechanism: a flag that a watcher of the
// search's context sets, polled with a check (the clock) every pollMask+1
// nodes, and the node limit, checked before a node is counted so that a
// search halted by it reports exactly the limit.
type stopper struct {
	flag     *atomic.Bool
	check    func() bool // polled with the flag; true = stop
	pollMask uint64
	limit    uint64 // 0 = none
	halted   bool
}

// watch turns ctx's cancellation into a fresh flag (a watcher of a finished
// search may still fire when the next one has begun, so each search has
// its own). The returned function ends the watcher and waits for it, so a
// late cancel can never stop the next search.
func watch(ctx context.Context) (*atomic.Bool, func()) {
	flag := new(atomic.Bool)
	done, exited := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(exited)
		select {
		case <-ctx.Done():
			flag.Store(true)
		case <-done:
		}
	}()
	return flag, func() { close(done); <-exited }
}

// tick counts a node and reports whether the search must stop.
func (s *searcher) tick() bool {
	st := &s.stop
	if st.halted {
		return true
	}
	if st.limit > 0 && s.nodes >= st.limit {
		st.halted = true
		return true
	}
	s.nodes++
	if s.nodes&st.pollMask == 0 {
		if (st.flag != nil && st.flag.Load()) || (st.check != nil && st.check()) {
			st.halted = true
		}
	}
	return st.halted
}
