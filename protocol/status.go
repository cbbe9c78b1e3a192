package protocol

import (
	"strings"

	"azar/variants/chess"
)

// overStatus is the `d` line of a finished game in every variant:
//
//	Status: over, <outcome>: <reason>
//
// where <outcome> is "<seat> wins" when one seat scores 1 and the others 0,
// "draw" when every seat scores the same, and "draw between <seat>, <seat>"
// when the seats still in share the game (four-player chaturanga). A GUI
// reads the winner from the words before the colon and never has to know a
// variant's reasons (docs/protocol.md, "Status lines").
func overStatus(scores []float64, seat func(i int) string, reason string) string {
	return "Status: over, " + outcome(scores, seat) + ": " + reason
}

func outcome(scores []float64, seat func(i int) string) string {
	winner, sharing := -1, []string(nil)
	top := 0.0
	for _, s := range scores {
		top = max(top, s)
	}
	allEqual := true
	for i, s := range scores {
		if s != scores[0] {
			allEqual = false
		}
		if s == 1 {
			winner = i
		}
		if s == top && s > 0 {
			sharing = append(sharing, seat(i))
		}
	}
	switch {
	case allEqual:
		return "draw"
	case winner >= 0 && top == 1 && len(sharing) == 1:
		return seat(winner) + " wins"
	default:
		return "draw between " + strings.Join(sharing, ", ")
	}
}

// colorName names the seats of the two-player variants as their FENs do.
func colorName(i int) string { return chess.Color(i).String() }
