package core

import "azar/variants"

// Values. Every value the search handles lies in [Lower, Upper]: static
// evaluations are clamped to ±EvalLimit, a won game is worth WinScore less
// the plies (actions) to reach it, a lost one the opposite. Bounded values
// are what lets Star1 and Star2 prune chance nodes.
const (
	WinScore  = 4000
	EvalLimit = 3000
	MaxPly    = 128
	// WinBound: values at least this are (nearly) certain wins.
	WinBound = WinScore - MaxPly
	Lower    = -WinScore
	Upper    = WinScore
	// MaxSeats is the most seats a game may have.
	MaxSeats = 4
)

// softKnee and softSlope shape SoftLimit.
const (
	softKnee  = 2000
	softSlope = 8
)

// SoftLimit brings a static evaluation into ±EvalLimit without flattening
// it: values within ±2000 stay as they are, the rest is compressed eight to
// one, so that the order of values is kept up to ±10000 before the hard
// clamp. A hard clamp alone made every move of a won magic game read
// +30.00: the search could not tell progress from a shuffle, and repeated
// (docs/magic.md "Against MCTS").
func SoftLimit(v int) int {
	switch {
	case v > softKnee:
		v = softKnee + (v-softKnee)/softSlope
	case v < -softKnee:
		v = -softKnee + (v+softKnee)/softSlope
	}
	return max(min(v, EvalLimit), -EvalLimit)
}

// EvalKind says where a static evaluation is taken.
type EvalKind uint8

const (
	// EvalTurnStart: a turn start (in Cartas de la Suerte the player may
	// still draw).
	EvalTurnStart EvalKind = iota
	// EvalChance: a chance node (the card is about to be revealed).
	EvalChance
	// EvalMidTurn: inside a turn (quiescence after a knight move).
	EvalMidTurn
)

// Game is what the search sees of a game: an adapter over the game's
// variants.State that applies actions without checking them (the search
// only plays what Legal or Chances gave), evaluates and orders. Games
// with chance events, games with more than two seats and the pruning
// helpers add the optional capabilities below; the core asks for each
// once per search.
type Game interface {
	// Players is the number of seats (2..MaxSeats).
	Players() int
	// ToAct is the seat to act, variants.Chance, or variants.NoPlayer
	// when the game is over (for the search: an adapter may end the
	// game where the searching seat has no more decisions). A game may
	// report an end that costs a move generation to see (no legal
	// action) lazily, as a seat to act with an empty Legal: the search
	// then asks Terminal (in quiescence only in check; out of check it
	// stands pat, as chess engines do).
	ToAct() variants.Player
	// Side is the seat whose turn it is (the drawer at a chance node).
	Side() int
	// Legal appends the legal actions of the seat to act.
	Legal(buf []variants.Action) []variants.Action
	// Apply plays a legal action or chance outcome, unchecked.
	Apply(a variants.Action)
	// Undo takes back the last Apply.
	Undo()
	// Key identifies the state for the transposition table.
	Key() uint64
	// Terminal reports a finished game and seat p's score in it (1 win,
	// 0 loss, a share of 1 for a draw).
	Terminal(p int) (over bool, score float64)
	// Evaluate is the static value for Side() (two seats; with more, the
	// core asks SeatEvaluator), within ±EvalLimit.
	Evaluate(kind EvalKind) int
	// TurnStart reports a turn start (not inside a turn): an action that
	// reaches one ended the previous turn.
	TurnStart() bool
	// InCheck reports whether Side() is in check (quiescence does not
	// stand pat then, at a turn start).
	InCheck() bool
	// Order scores an action for move ordering (higher first); tactical
	// says whether quiescence searches it.
	Order(a variants.Action) (score int, tactical bool)
	// HistoryIndex maps a quiet action to a history-table slot
	// (0..HistorySlots-1), or -1.
	HistoryIndex(a variants.Action) int
}

// HistorySlots is the size of each seat's history table.
const HistorySlots = 4096

// Weighted is a chance outcome with an integer weight (in Cartas de la
// Suerte: the copies of that card in the pile). The probability is the
// weight over the weights' sum.
type Weighted struct {
	Action variants.Action
	Weight int
}

// ChanceGame is a game with chance events (ToAct returns
// variants.Chance): their outcomes, and the action that leads to one.
type ChanceGame interface {
	// Chances appends the outcomes of the pending chance event.
	Chances(buf []Weighted) []Weighted
	// IsChanceAction reports the action that leads to a chance event
	// (drawing a card). The root tests it last under ChanceProbCut, and
	// quiescence never plays it in check.
	IsChanceAction(a variants.Action) bool
}

// TacticalHints answer the questions of ChanceProbCut's lean shallow
// searches (ChancePolicy.Lean); without them nothing is skipped there.
type TacticalHints interface {
	// LosingCapture reports a capture that loses material by static
	// exchange.
	LosingCapture(a variants.Action) bool
	// Checks reports whether a leaves the rival's king attacked.
	Checks(a variants.Action) bool
}

// ActionFilter narrows the legal actions the search considers (a draw
// policy of the engine's own side); it returns the slice, possibly
// shortened in place.
type ActionFilter interface {
	FilterActions(acts []variants.Action) []variants.Action
}

// SeatEvaluator is the evaluation of a game of more than two seats: each
// seat's value against the others, within ±EvalLimit, written to out
// (len Players()). Paranoid and BRS+ use the root seat's entry, maxⁿ the
// whole vector.
type SeatEvaluator interface {
	EvaluateSeats(kind EvalKind, out []int)
}
