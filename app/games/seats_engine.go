package games

// The engine's work per client: every game remembers the client that
// created it (its owner: the server's client address), and the engine's
// searches for one owner's games — their moves, hints and draw offers —
// run at most Config.SearchesPerOwner at a time; the others wait their
// turn outside the engine pool, so that one client's hundred games
// against Azar do not queue ahead of everybody else's. A game read back
// from the store after a restart has no owner and no bound (its owner
// is not stored: an address is no one's identity).

// DefaultSearchesPerOwner bounds one client's engine searches at once.
const DefaultSearchesPerOwner = 4

// searchSlot takes one of owner's search slots, waiting for one; it
// returns the function that gives it back, or nil when the manager
// closes meanwhile. A game with no owner has no bound.
func (m *Manager) searchSlot(owner string) func() {
	if owner == "" {
		return func() {}
	}
	m.slotMu.Lock()
	if m.slots == nil {
		m.slots = map[string]*ownerSlots{}
	}
	s := m.slots[owner]
	if s == nil {
		s = &ownerSlots{ch: make(chan struct{}, m.cfg.SearchesPerOwner)}
		m.slots[owner] = s
	}
	s.users++
	m.slotMu.Unlock()
	done := func() {
		m.slotMu.Lock()
		if s.users--; s.users == 0 {
			delete(m.slots, owner) // the map holds only the owners searching now
		}
		m.slotMu.Unlock()
	}
	select {
	case s.ch <- struct{}{}:
		return func() {
			<-s.ch
			done()
		}
	case <-m.ctx.Done():
		done()
		return nil
	}
}

// ownerSlots are one owner's search slots and how many searches hold or
// wait for one.
type ownerSlots struct {
	ch    chan struct{}
	users int
}

// NewGameFor is NewGame for the client owner (searchSlot).
func (m *Manager) NewGameFor(o Options, owner string) (Created, error) {
	return m.newGame(o, owner)
}
