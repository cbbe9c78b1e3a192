package core

// stopper is the core's one stop mechanism: the search's context, polled
// with a check (the clock) every pollMask+1 nodes, and the node limit,
// checked before a node is counted so that a search halted by it reports
// exactly the limit.
//
// The context's Done channel is looked at directly, without waiting, at
// each poll. A flag set by a goroutine watching the context (as before)
// came whenever the scheduler ran that goroutine: a search of a few
// thousand nodes finished its iteration, or the whole search, before the
// flag was ever polled, and nothing said how many nodes a cancel cost.
// Now a cancel is seen at the first poll after it: within pollMask+1
// nodes, at no cost (a non-blocking receive; none at all for a context
// that cannot be cancelled, whose Done is nil).
type stopper struct {
	done     <-chan struct{}
	check    func() bool // polled with done; true = stop
	pollMask uint64
	limit    uint64 // 0 = none
	halted   bool
}

// cancelled reports whether the search's context has ended.
func (st *stopper) cancelled() bool {
	select {
	case <-st.done:
		return true
	default:
		return false
	}
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
		if st.cancelled() || (st.check != nil && st.check()) {
			st.halted = true
		}
	}
	return st.halted
}
