package games

import "time"

// The sweep: an online game whose invitation waited too long ends as
// abandoned, and a finished game no one has asked for in a while leaves
// the memory (the store keeps it; the next request loads it again), so
// that a server up for months holds only the games being played.

// sweeping runs Sweep every interval until the manager closes. It ticks
// on the system's time: the referee's Clock (a test's) only judges the
// ages.
func (m *Manager) sweeping(every time.Duration) {
	defer m.wg.Done()
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			m.Sweep()
		case <-m.ctx.Done():
			return
		}
	}
}

// Sweep ends the abandoned online games and drops the idle finished ones
// from memory.
func (m *Manager) Sweep() {
	now := m.clock.Now()
	m.mu.Lock()
	gs := make([]*Game, 0, len(m.games))
	for _, g := range m.games {
		gs = append(gs, g)
	}
	m.mu.Unlock()
	for _, g := range gs {
		g.mu.Lock()
		m.expireIfDue(g)
		idle := g.over() && len(g.subs) == 0 && g.analyzing == nil && !g.thinking && now.Sub(g.touched) >= m.cfg.IdleAfter
		g.mu.Unlock()
		if idle {
			m.mu.Lock()
			// Asked for meanwhile? lookup touched it under g.mu; look again.
			g.mu.Lock()
			if m.games[g.id] == g && now.Sub(g.touched) >= m.cfg.IdleAfter && len(g.subs) == 0 {
				delete(m.games, g.id)
			}
			g.mu.Unlock()
			m.mu.Unlock()
		}
	}
}

// expireIfDue ends an online game as abandoned when a seat is still open
// InviteTTL after it was created (its invitation then finds the game
// over). g.mu is held.
func (m *Manager) expireIfDue(g *Game) {
	if g.opts.Mode != ModeOnline || !g.waiting() || g.over() || m.clock.Now().Sub(g.created) < m.cfg.InviteTTL {
		return
	}
	if err := g.commit(g.moves, ending{result: "*", reason: ReasonAbandoned}, time.Now(), m.cfg.Store); err != nil {
		m.log.WithError(err).Errorf("game %s: storing its end as abandoned", g.id)
		return
	}
	m.changed(g)
}
