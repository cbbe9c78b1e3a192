// Package variants holds what the search, the protocol and the match
// referee see of every game Azar plays: seats, actions, chance events and
// results. Each game implements State in its own package (variants/lucky,
// variants/spy, ...); standard chess is played on variants/chess directly
// so that its hot path stays concrete.
//
// The package knows no rules itself and nothing about searching or text
// protocols beyond an action's token.
package variants

import "errors"

// Player is a seat: 0 and 1 in two-player games (White, Black), 0..3 in
// Chaturanga for four (Red, then clockwise).
type Player int8

// Chance is the "seat" that acts when the next event is random (a card
// drawn from the pile).
const Chance Player = -1

// NoPlayer means the game is over.
const NoPlayer Player = -2

// Action is one atomic step of a turn, encoded by the game that made it: a
// chess move, drawing a card, the card revealed, playing a card, a drop,
// a removal, a reveal, a pass. It is a value type so that search can keep
// actions in fixed arrays.
type Action uint64

// Outcome is one result of a chance event and its probability.
type Outcome struct {
	Action Action
	Prob   float64
}

// State is a game in progress. Implementations validate every action in
// Apply and leave the state unchanged when they refuse one.
type State interface {
	// Players is the number of seats.
	Players() int
	// ToAct is the seat that acts next, Chance for a random event, or
	// NoPlayer when the game is over.
	ToAct() Player
	// Legal appends the legal actions of the seat to act to buf.
	Legal(buf []Action) []Action
	// Chances appends the outcomes of the pending chance event to buf
	// with probabilities summing to 1 (empty unless ToAct is Chance).
	Chances(buf []Outcome) []Outcome
	// Apply plays a, which must be legal (or a possible chance outcome).
	Apply(a Action) error
	// Undo takes back the last applied action.
	Undo()
	// Result reports whether the game is over and, if so, each seat's
	// score (1 win, 0.5 draw, 0 loss) and the reason.
	Result() (over bool, scores []float64, reason string)
	// ParseAction reads an action token of the protocol (e2e4, draw,
	// N@e4, 0000, a revealed card, ...) in the current state.
	ParseAction(s string) (Action, error)
	// FormatAction writes a's protocol token.
	FormatAction(a Action) string
	// Encode writes the public state in the game's FEN extension.
	Encode() string
	// Clone returns an independent copy.
	Clone() State
}

// ErrIllegal is wrapped by Apply and ParseAction errors for actions the
// rules forbid (as opposed to malformed tokens).
var ErrIllegal = errors.New("illegal action")
