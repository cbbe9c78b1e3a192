package games

import (
	"fmt"
	"time"
)

// Clocks (issue 29 §5, issue 30 §3): a game may be played with a time
// control, Fischer style — each side starts with Initial seconds and gets
// Increment seconds after each turn it ends. The referee is the only
// timekeeper: the time left is charged when an action is committed (the
// commit's own time), a late action is refused, and a timer ends the game
// the moment a flag falls, whether or not anyone is acting (flag fall:
// the other side wins). As on lichess a side's clock starts with the
// game's first move, so the first move is free; in the card games the
// clock that runs is the seat's that decides (a reaction window runs the
// reacting seat's clock), and the increment is given when the decision
// passes to the other seat. The engine plays by its time manager
// (wtime/btime/winc/binc) instead of a fixed time a move. Four-player
// chaturanga has no clock: its rules put a seat out only when its raja
// falls, so a flag has nothing to end (docs/app.md "Clocks").

// ReasonTime ends a game whose side to act ran out of time.
const ReasonTime = "time"

// Limits of a time control, in seconds.
const (
	maxClockInitial   = 3 * 3600
	maxClockIncrement = 180
)

// ClockOptions are a game's time control; the referee keeps the clock's
// state in it too, so that it is stored with the game's options and a
// restart goes on from the last action.
type ClockOptions struct {
	Initial   int `json:"initial"`   // seconds each side starts with
	Increment int `json:"increment"` // seconds added after each turn
	// Left is each seat's time left, in milliseconds, at TurnAt; TurnAt
	// (Unix milliseconds) is when the clock of the seat to act started,
	// 0 before the first move and once the game is over. Set by the
	// referee, never by a request.
	Left   map[string]int64 `json:"left,omitempty"`
	TurnAt int64            `json:"turnAt,omitempty"`
}

// ClockView is the clocks as a page shows them: the time each side has
// left when the view was made, and whose clock runs.
type ClockView struct {
	Initial   int    `json:"initial"`
	Increment int    `json:"increment"`
	White     int64  `json:"white"` // milliseconds
	Black     int64  `json:"black"`
	Running   string `json:"running,omitempty"` // "w" or "b", "" when stopped
}

// prepareClock checks a new game's time control and sets its clocks.
func prepareClock(o *Options) error {
	c := o.Clock
	if c == nil {
		return nil
	}
	switch {
	case o.Variant == VariantChaturanga4:
		return errorf(Invalid, "four-player chaturanga has no clock")
	case o.Mode == ModeLocal:
		return errorf(Invalid, "a clock is for a game against Azar or a friend on another device, not on one device")
	case c.Initial < 1 || c.Initial > maxClockInitial:
		return errorf(Invalid, "a clock's initial time must be 1 to %d seconds", maxClockInitial)
	case c.Increment < 0 || c.Increment > maxClockIncrement:
		return errorf(Invalid, "a clock's increment must be 0 to %d seconds", maxClockIncrement)
	}
	o.Clock = &ClockOptions{Initial: c.Initial, Increment: c.Increment,
		Left: map[string]int64{"w": int64(c.Initial) * 1000, "b": int64(c.Initial) * 1000}}
	return nil
}

// clone is a copy whose map may be changed.
func (c *ClockOptions) clone() *ClockOptions {
	d := *c
	d.Left = map[string]int64{"w": c.Left["w"], "b": c.Left["b"]}
	return &d
}

// leftAt is seat's time left at now.
func (c *ClockOptions) leftAt(seat string, running string, now time.Time) int64 {
	left := c.Left[seat]
	if c.TurnAt != 0 && seat == running {
		left -= now.UnixMilli() - c.TurnAt
	}
	return left
}

// running is the seat whose clock runs, "" when none does.
func (g *gameState) clockRunning() string {
	c := g.opts.Clock
	if c == nil || c.TurnAt == 0 || g.over() {
		return ""
	}
	return g.play.toAct()
}

// flagged reports whether the seat to act has run out of time at now.
func (g *gameState) flagged(now time.Time) bool {
	s := g.clockRunning()
	return s != "" && g.opts.Clock.leftAt(s, s, now) <= 0
}

// clockAfter is the clock once prev's seat to act has committed an
// action at now and next is the game after it: the time it used is
// charged, the increment given when the decision passed to the other
// seat, and the next seat's clock started (stopped when the game ended).
// It returns nil for a game without a clock.
func clockAfter(prev, next *gameState, now time.Time) *ClockOptions {
	if prev.opts.Clock == nil {
		return nil
	}
	c := prev.opts.Clock.clone()
	mover := prev.clockRunning()
	if mover != "" {
		c.Left[mover] = c.leftAt(mover, mover, now)
	}
	c.TurnAt = 0
	if next.over() || len(next.moves) == 0 {
		return c
	}
	if mover != "" && next.play.toAct() != mover {
		c.Left[mover] += int64(c.Increment) * 1000
	}
	c.TurnAt = now.UnixMilli()
	return c
}

// clockView is the clocks for a View at now, nil without a clock.
func (g *gameState) clockView(now time.Time) *ClockView {
	c := g.opts.Clock
	if c == nil {
		return nil
	}
	run := g.clockRunning()
	return &ClockView{Initial: c.Initial, Increment: c.Increment,
		White: max(0, c.leftAt("w", run, now)), Black: max(0, c.leftAt("b", run, now)), Running: run}
}

// clockGo is the engine's `go` arguments on the clock at now.
func (g *gameState) clockGo(now time.Time) string {
	c := g.opts.Clock
	run := g.clockRunning()
	inc := c.Increment * 1000
	return fmt.Sprintf("wtime %d btime %d winc %d binc %d",
		max(1, c.leftAt("w", run, now)), max(1, c.leftAt("b", run, now)), inc, inc)
}

// armClock sets the timer that ends the game when the running clock
// reaches zero; a later change re-arms it (clockGen). g.mu is held.
func (m *Manager) armClock(g *Game) {
	g.clockGen++
	if g.clockStop != nil {
		close(g.clockStop)
		g.clockStop = nil
	}
	run := g.clockRunning()
	if run == "" {
		return
	}
	gen := g.clockGen
	stop := make(chan struct{})
	g.clockStop = stop
	left := time.Duration(g.opts.Clock.leftAt(run, run, time.Now())) * time.Millisecond
	m.wg.Add(1)
	go func() {
		defer m.wg.Done()
		select {
		case <-m.ctx.Done():
			return
		case <-stop:
			return // re-armed: the newer timer keeps the watch
		case <-m.clock.After(max(left, 0) + 5*time.Millisecond):
		}
		g.mu.Lock()
		defer g.mu.Unlock()
		if g.clockGen != gen {
			return // the game has changed since: its own timer runs
		}
		m.flagIfDue(g, time.Now())
	}()
}

// flagIfDue ends the game on time when the seat to act has run out; the
// other side wins. g.mu is held.
func (m *Manager) flagIfDue(g *Game, now time.Time) {
	if !g.flagged(now) {
		return
	}
	loser := g.play.toAct()
	result := "1-0"
	if loser == "w" {
		result = "0-1"
	}
	if err := g.commit(g.moves, ending{result: result, reason: ReasonTime}, now, m.cfg.Store); err != nil {
		m.log.WithError(err).Warnf("game %s: the flag fell but the game was not stored", g.id)
		return
	}
	m.broadcast(g)
}
