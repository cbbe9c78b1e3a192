package search

import (
	"time"

	"azar/variants/chess"
)

// timeManager turns the clock into two budgets: soft, after which no new
// iteration starts, and hard, at which the search is stopped mid-iteration.
// The hard budget never exceeds what is left on the clock minus the move
// overhead, so a game at 0.01 s increments is not lost on time.
type timeManager struct {
	start      time.Time
	soft, hard time.Duration
	limited    bool
}

// defaultMovesToGo is the number of moves the remaining time is spread
// over when the GUI does not say.
const defaultMovesToGo = 30

func newTimeManager(start time.Time, l Limits, side chess.Color, overhead time.Duration) timeManager {
	tm := timeManager{start: start}
	if l.MoveTime > 0 {
		tm.limited = true
		tm.hard = max(l.MoveTime-overhead, time.Millisecond)
		tm.soft = tm.hard
		return tm
	}
	left, inc := l.WTime, l.WInc
	if side == chess.Black {
		left, inc = l.BTime, l.BInc
	}
	if l.WTime <= 0 && l.BTime <= 0 {
		return tm
	}
	// A clock given for one side only, or at zero, is treated as nearly
	// flagged rather than unlimited.
	left = max(left, time.Millisecond)
	tm.limited = true
	mtg := defaultMovesToGo
	if l.MovesToGo > 0 {
		mtg = min(l.MovesToGo, defaultMovesToGo)
	}
	usable := max(left-overhead, time.Millisecond)
	// Half the increment: the clock then settles near 15 increments
	// instead of draining to a few, which leaves room for scheduling
	// delays in long games at short increments.
	base := usable/time.Duration(mtg) + inc/2
	// Never more than half the clock on one move: a loaded machine can
	// deschedule the engine for tens of milliseconds after it decides.
	hardCap := usable / 2
	if mtg == 1 {
		hardCap = usable * 9 / 10
	}
	tm.hard = max(min(base*4, hardCap), time.Millisecond/2)
	tm.soft = min(base, tm.hard)
	return tm
}

func (tm *timeManager) elapsed() time.Duration { return time.Since(tm.start) }

// pastSoft reports whether a new iteration should not start; scale grows
// when the best move is unstable and shrinks when it is settled.
func (tm *timeManager) pastSoft(scale float64) bool {
	return tm.limited && float64(tm.elapsed()) > float64(tm.soft)*scale
}

func (tm *timeManager) pastHard() bool {
	return tm.limited && tm.elapsed() >= tm.hard
}
