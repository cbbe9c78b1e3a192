package search

import (
	"time"

	"azar/eval/nnue"
	"azar/variants/chess"
)

// Limits are the constraints of one `go` command. Zero values mean "no
// limit of this kind"; with none at all the search runs until cancelled.
type Limits struct {
	WTime, BTime time.Duration
	WInc, BInc   time.Duration
	MovesToGo    int
	Depth        int
	Nodes        uint64
	Mate         int // find a mate in this many moves
	MoveTime     time.Duration
	Infinite     bool
	Ponder       bool
	SearchMoves  []chess.Move
	// MultiPV, when above the engine's MultiPV option, widens this search
	// alone (a strength level chooses among that many candidates).
	MultiPV int
	// Clocks are the seats' clocks of a game of more than two seats
	// (go rtime gtime ytime btime ...), indexed by seat; two-seat games
	// use WTime, BTime, WInc and BInc.
	Clocks [MaxSeats]Clock
}

// MaxSeats bounds the seats of a game (four-player chaturanga has four).
const MaxSeats = 4

// Clock is one seat's time left and increment.
type Clock struct{ Time, Inc time.Duration }

func (l Limits) timed() bool { return l.WTime > 0 || l.BTime > 0 || l.MoveTime > 0 }

// ForSeat returns the limits with seat's clock (from Clocks) as the clock
// of the side to move (WTime, WInc), so that a game of more than two seats
// budgets its time with the same time manager as chess: the other seats'
// clocks do not change how long this seat may think.
func (l Limits) ForSeat(seat int) Limits {
	c := l.Clocks[seat]
	l.WTime, l.WInc, l.BTime, l.BInc = c.Time, c.Inc, 0, 0
	return l
}

// Features switches the search's pruning and ordering techniques on and off,
// so that each can be measured (A/B matches, `azar bench` node counts).
// DefaultFeatures has them all on: each has passed its SPRT or predates the
// strength log (docs/strength.md).
type Features struct {
	NullMove        bool
	LMR             bool
	Futility        bool
	ReverseFutility bool
	LateMovePruning bool
	SEEPruning      bool
	Aspiration      bool
	CheckExtension  bool
	// SingularExtension extends a hash move that is much better than
	// every alternative.
	SingularExtension bool
	// CaptureHistory orders the winning captures by a history of the
	// captures that cut off (moving piece, target square, captured
	// type) as well as by victim and attacker. On since its SPRT (together
	// with CorrectionHistory, +44 Elo; docs/strength.md).
	CaptureHistory bool
	// CorrectionHistory corrects the static evaluation by how far the
	// searches of positions with the same pawn structure found it off,
	// before the pruning rules read it. On since the same SPRT.
	CorrectionHistory bool
	// NodeTime lets the time manager stop sooner when the best move took
	// most of the nodes and think longer when its score falls
	// (timeman.go). Off until its SPRT passes.
	NodeTime bool
	// HistoryPruning skips, at depth 3 and below outside the PV, the
	// quiet moves whose histories are far below zero. Off until its
	// SPRT passes.
	HistoryPruning bool
}

// DefaultFeatures enables every technique that has passed its test
// (docs/strength.md).
func DefaultFeatures() Features {
	return Features{
		NullMove: true, LMR: true, Futility: true, ReverseFutility: true,
		LateMovePruning: true, SEEPruning: true, Aspiration: true,
		CheckExtension: true, SingularExtension: true,
		CaptureHistory: true, CorrectionHistory: true,
	}
}

// Options are the engine settings the protocol exposes.
type Options struct {
	HashMB       int
	Threads      int
	MultiPV      int
	MoveOverhead time.Duration
	Features     Features
	// Network, when not nil, gives the static evaluation instead of the
	// hand-crafted one (eval/nnue, docs/nnue.md); nil is the default.
	Network *nnue.Network
}

// DefaultOptions are the settings a fresh engine starts with.
func DefaultOptions() Options {
	return Options{HashMB: 16, Threads: 1, MultiPV: 1, MoveOverhead: 30 * time.Millisecond, Features: DefaultFeatures()}
}

// Score bounds. Mate scores are MateScore minus the distance in plies.
const (
	MaxPly    = 128
	Infinity  = 32000
	MateScore = 31000
	MateBound = MateScore - MaxPly
)

// Bound says what an Info score is: exact, or a fail-high/low bound.
type Bound uint8

// Score bound kinds, also used for transposition-table entries.
const (
	BoundNone  Bound = 0
	BoundUpper Bound = 1 // fail low: the real score is at most this
	BoundLower Bound = 2 // fail high: the real score is at least this
	BoundExact Bound = BoundUpper | BoundLower
)

// Info is one progress report of the search.
type Info struct {
	Depth    int
	SelDepth int
	MultiPV  int
	Score    int // centipawns, or ±(MateScore - plies) for mates
	Bound    Bound
	Nodes    uint64
	Time     time.Duration
	HashFull int // per mille
	PV       []chess.Move
	// CurrMove, when not NoMove, makes this a currmove report only.
	CurrMove       chess.Move
	CurrMoveNumber int
}

// IsMate reports whether the score is a forced mate, and in how many moves
// (negative when the side to move is mated).
func IsMate(score int) (bool, int) {
	switch {
	case score >= MateBound:
		return true, (MateScore - score + 1) / 2
	case score <= -MateBound:
		return true, -(MateScore + score) / 2
	}
	return false, 0
}

// Result is the outcome of a search.
type Result struct {
	Move   chess.Move // NoMove only when there is no legal move
	Ponder chess.Move // expected reply, or NoMove
	Score  int
	Depth  int
	Nodes  uint64
	// Candidates are the MultiPV root moves with their scores, when the
	// search ran with MultiPV above 1 (the strength levels choose from
	// them).
	Candidates []Candidate
}
