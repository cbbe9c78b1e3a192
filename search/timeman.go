package search

import (
	"time"

	"azar/variants/chess"
)

// TimePolicy says how a clock is split into budgets. Each game keeps its
// own policy because an answer means different things in each: a chess
// move, one action of a lucky turn (two or more per turn), a move under
// hidden information searched over many worlds.
type TimePolicy struct {
	// MovesToGo is the number of answers the remaining time is spread
	// over when the GUI does not say (and the most it is spread over when
	// the GUI says more).
	MovesToGo int
	// HardFactor bounds the hard budget to this many soft budgets.
	HardFactor int
	// HardShare bounds the hard budget to this share of the usable clock,
	// LastShare at movestogo 1 (where nothing need be kept for later).
	HardShare, LastShare float64
}

// ChessTimePolicy is standard chess's policy. Never more than half the
// clock on one move: a loaded machine can deschedule the engine for tens
// of milliseconds after it decides.
func ChessTimePolicy() TimePolicy {
	return TimePolicy{MovesToGo: 30, HardFactor: 4, HardShare: 0.5, LastShare: 0.9}
}

// TimeManager turns the clock into two budgets: soft, after which no new
// iteration starts, and hard, at which the search is stopped mid-iteration.
// The hard budget never exceeds what is left on the clock minus the move
// overhead, so a game at 0.01 s increments is not lost on time.
type TimeManager struct {
	start      time.Time
	soft, hard time.Duration
	limited    bool
	// fixed is `go movetime`: the search runs to the hard budget, with
	// no soft stop (an iteration is never skipped for lack of time).
	fixed bool
}

// NewTimeManager makes the budgets for side's search that started at start.
func NewTimeManager(start time.Time, l Limits, side chess.Color, overhead time.Duration, p TimePolicy) TimeManager {
	tm := TimeManager{start: start}
	if l.MoveTime > 0 {
		tm.limited, tm.fixed = true, true
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
	mtg := p.MovesToGo
	if l.MovesToGo > 0 {
		mtg = min(l.MovesToGo, p.MovesToGo)
	}
	usable := max(left-overhead, time.Millisecond)
	// Half the increment: the clock then settles near 15 increments
	// instead of draining to a few, which leaves room for scheduling
	// delays in long games at short increments.
	base := usable/time.Duration(mtg) + inc/2
	share := p.HardShare
	if mtg == 1 && p.LastShare > 0 {
		share = p.LastShare
	}
	hardCap := time.Duration(float64(usable) * share)
	tm.hard = max(min(base*time.Duration(p.HardFactor), hardCap), time.Millisecond/2)
	tm.soft = min(base, tm.hard)
	return tm
}

// Limited reports whether the search runs against a clock at all.
func (tm *TimeManager) Limited() bool { return tm.limited }

// Soft is the budget after which no new iteration should start (the hard
// budget under movetime, where no iteration is skipped: see PastSoft).
func (tm *TimeManager) Soft() time.Duration { return tm.soft }

// Hard is the budget at which the search is stopped.
func (tm *TimeManager) Hard() time.Duration { return tm.hard }

// Elapsed is the time since the search started.
func (tm *TimeManager) Elapsed() time.Duration { return time.Since(tm.start) }

// PastSoft reports whether a new iteration should not start; scale grows
// when the best move is unstable and shrinks when it is settled. Never
// under movetime: the GUI asked for that long a search.
func (tm *TimeManager) PastSoft(scale float64) bool { return tm.pastSoftAt(tm.Elapsed(), scale) }

func (tm *TimeManager) pastSoftAt(elapsed time.Duration, scale float64) bool {
	return tm.limited && !tm.fixed && float64(elapsed) > float64(tm.soft)*scale
}

// WouldOverrun reports whether an iteration expected to take next would
// end past the soft budget: searches whose iterations grow by a large
// factor (chance nodes, many worlds) stop early instead of starting one
// they cannot finish. Never under movetime, as PastSoft.
func (tm *TimeManager) WouldOverrun(next time.Duration) bool {
	return tm.wouldOverrunAt(tm.Elapsed(), next)
}

func (tm *TimeManager) wouldOverrunAt(elapsed, next time.Duration) bool {
	return tm.limited && !tm.fixed && elapsed+next > tm.soft
}

// PastHard reports whether the search must stop now.
func (tm *TimeManager) PastHard() bool { return tm.pastHardAt(tm.Elapsed()) }

func (tm *TimeManager) pastHardAt(elapsed time.Duration) bool {
	return tm.limited && elapsed >= tm.hard
}

// nodeTimeScale scales the soft budget by the share of the search's nodes
// the best move's subtrees took (bestNodes of total): a move that took
// nearly all of them has had its alternatives refuted cheaply, so the
// search may stop sooner; one that took half has rivals still being
// looked at hard, so it is given longer. The shape is the one Stockfish,
// Ethereal and Weiss share (a factor falling linearly with the share);
// the constants are ours, set so that a share of 80 % keeps the budget
// as it was: 0.75 at 90 %, 0.5 at 100 %, 1.75 at 50 % and below. Before
// depth 6 the share says little and the budget is unchanged.
func nodeTimeScale(bestNodes, total uint64, depth int) float64 {
	if depth < 6 || total == 0 {
		return 1
	}
	share := float64(bestNodes) / float64(total)
	return min(max(0.5+2.5*(1-share), 0.5), 1.75)
}

// scoreDropScale lengthens the soft budget when the best score fell
// from the last iteration to this one: the search has found trouble and
// a deeper look may find the way out. One more soft budget per pawn
// lost, at most doubled. A rise, mate scores and the first iterations
// change nothing.
func scoreDropScale(last, now, depth int) float64 {
	if depth < 6 || abs(last) >= MateBound || abs(now) >= MateBound {
		return 1
	}
	drop := last - now
	return 1 + float64(min(max(drop, 0), 100))/100
}
