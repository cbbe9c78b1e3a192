package games

import "time"

// DefaultDecisionDelay is the least time between asking the engine for a
// decision in a game that hides the engine's side (spy, magic) and
// playing it. Without it the engine passes an Ajedrez Mágico window at
// once when pass is all its hand allows (0.8–12.6 ms at level 6) and
// thinks when it holds a usable card (49.8–563 ms): the player could read
// the hidden hand off the clock. Twice the default move budget (300 ms)
// lies above the longest card decision measured, so every decision of a
// default game is released at the same delay whatever the hand; only a
// search that overruns it shows that it was long. It goes with the
// default budget (Config.GoArgs nil); a caller with its own budget sets
// its own delay.
const DefaultDecisionDelay = 600 * time.Millisecond

// Clock is the referee's time for the decision delay and the pauses
// between an engine's tries. For tests.
type Clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

type systemClock struct{}

func (systemClock) Now() time.Time                         { return time.Now() }
func (systemClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// hold waits until the decision delay has passed since asked; false when
// the manager closes meanwhile.
func (m *Manager) hold(asked time.Time) bool {
	d := m.cfg.DecisionDelay - m.clock.Now().Sub(asked)
	if d <= 0 {
		return true
	}
	select {
	case <-m.clock.After(d):
		return true
	case <-m.ctx.Done():
		return false
	}
}

// versionShift: a View's version is the second's Unix time shifted by
// this, plus the changes within it (bump), so that the version tells
// nothing finer than the second (the engine's thinking time in a game
// with secrets must not be read off the versions of two views) while it
// still grows across a restart. 2^10 changes a second before the count
// runs into the next second's stamps, and then it goes on counting.
const versionShift = 10

// bump marks a change a page sees: one more than the last version, or the
// current second's stamp if that is higher; the page also takes the first
// view of a new event stream whatever its version.
func (g *Game) bump(now time.Time) { g.seq = g.nextSeq(now) }

// nextSeq is the version bump gives at now.
func (g *Game) nextSeq(now time.Time) uint64 {
	return max(g.seq+1, uint64(now.Unix())<<versionShift)
}
