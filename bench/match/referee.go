package match

import (
	"errors"
	"fmt"
	"strings"

	"azar/variants/chess"
)

// What the referees of the two-seat games share: how a game ended, the
// position sent to the engines and the tags of a non-standard start.

// ending is how a game ended: the first end recorded stands.
type ending struct {
	result Result
	over   bool
}

func (e *ending) end(r Result) {
	if !e.over {
		e.result, e.over = r, true
	}
}

func (e *ending) Forfeit(seat int, end End, text string) { e.end(win(2, 1-seat, end, text)) }

func (e *ending) Adjudicate(r Result) { e.end(r) }

// turnError says why seat may not act now, toMove being the seat to act;
// nil when it may.
func (e *ending) turnError(seat, toMove int) error {
	if e.over {
		return errors.New("the game is over")
	}
	if seat != toMove {
		return fmt.Errorf("it is not %s's turn", chess.Color(seat))
	}
	return nil
}

// rules is what ending reads of a variant's state (a variants.State): the
// rules' verdict.
type rules interface {
	Result() (over bool, scores []float64, reason string)
}

// judgeRules ends the game if st's rules end it: the chess endings under
// their own End, a variant's others (a captured king, ...) under the
// rules' reason.
func (e *ending) judgeRules(st rules) {
	over, scores, reason := st.Result()
	if !over {
		return
	}
	winner := -1
	for s, x := range scores {
		if x == 1 {
			winner = s
		}
	}
	switch {
	case reason == "checkmate":
		e.end(win(2, winner, EndCheckmate, seatName(winner)+" mates"))
	case reason == "king captured":
		e.end(win(2, winner, EndKingCaptured, seatName(winner)+" captures the king"))
	case reason == "stalemate":
		e.end(draw(2, EndStalemate, "Draw by stalemate"))
	case reason == "insufficient material":
		e.end(draw(2, EndInsufficient, "Draw by insufficient material"))
	case strings.Contains(reason, "repetition"):
		e.end(draw(2, EndRepetition, "Draw by "+reason))
	case strings.Contains(reason, "move rule"):
		e.end(draw(2, EndFiftyMoves, "Draw by "+reason))
	case winner >= 0:
		e.end(win(2, winner, End(reason), seatName(winner)+" wins: "+reason))
	default:
		e.end(draw(2, End(reason), "Draw: "+reason))
	}
}

// resultOf is Game.Result for a game played on st after played actions:
// before the first, the opening position may already be over.
func (e *ending) resultOf(st rules, played int) (Result, bool) {
	if !e.over && played == 0 {
		e.judgeRules(st)
	}
	return e.result, e.over
}

// positionArg is the argument of `position`: the start (startpos for the
// standard one, fen ""), what the seat is told besides (extra, with its
// leading space), then the actions.
func positionArg(fen, extra string, actions []string) string {
	var b strings.Builder
	if fen == "" {
		b.WriteString("startpos")
	} else {
		b.WriteString("fen " + fen)
	}
	b.WriteString(extra)
	if len(actions) > 0 {
		b.WriteString(" moves " + strings.Join(actions, " "))
	}
	return b.String()
}

// startTags are the PGN tags of a non-standard start (fen not ""): SetUp
// and FEN.
func startTags(fen string) []Tag {
	if fen == "" {
		return nil
	}
	return []Tag{{"SetUp", "1"}, {"FEN", fen}}
}
