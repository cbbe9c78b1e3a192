package compliance

import (
	"errors"
	"math/rand/v2"
	"strings"

	"azar/bench/match"
	"azar/variants/lucky"
)

func luckyAt(actions string) (*lucky.State, error) {
	st := lucky.New(lucky.Options{})
	return st, tokens(st, actions)
}

// luckyJudge accepts the legal actions of the engine's side after the
// actions; a reveal is the referee's, never an engine's answer.
func luckyJudge(actions string) judge {
	st, err := luckyAt(actions)
	legal := stateJudge(st, err)
	return func(s string) error {
		if err == nil {
			if a, perr := st.Clone().ParseAction(s); perr == nil && lucky.TypeOf(a) == lucky.ActReveal {
				return errors.New("a reveal: the referee reveals the cards")
			}
		}
		return legal(s)
	}
}

// luckySteps: the checker keeps the pile, shuffled from the seed, and
// appends each card drawn after the engine's `draw`.
func (k *checker) luckySteps() {
	to := k.cfg.Timeout
	const opening = "e2e4 e7e5 g1f3 b8c6"
	k.step("lucky: position startpos moves", func() error {
		_, err := k.play("startpos"+moves(opening), "depth 2", to, luckyJudge(opening))
		return err
	})
	k.step("lucky: bestmove draw, then the drawn card's actions", func() error {
		if _, err := k.play("startpos"+moves(opening), "depth 1 searchmoves draw", to, luckyJudge(opening)); err != nil {
			return err
		}
		st, err := luckyAt(opening + " draw")
		if err != nil {
			return err
		}
		pile := lucky.NewPile(st.Pile(), rand.New(rand.NewPCG(k.cfg.Seed, 7)))
		acts := opening + " draw " + pile.Draw(st.Discard()).String()
		_, err = k.play("startpos"+moves(acts), "depth 1", to, luckyJudge(acts))
		return err
	})
	k.step("lucky: go while the drawn card is to be revealed", func() error {
		k.send("position startpos moves " + opening + " draw")
		a, err := k.search("depth 1", to)
		switch {
		case err != nil:
			return err
		case len(a.errors) != 1:
			return errors.New("want one 'info string error ...' line before bestmove 0000, got " + strings.Join(a.errors, " | "))
		case a.best != "0000":
			return errors.New("bestmove " + a.best + ", want 0000")
		}
		return k.after("go depth 1")
	})
	k.game("lucky", match.Lucky{}, "nodes 3000", 30)
	const prev = "e2e4 e7e5 g1f3" // Black to act, not White as at the start
	k.malformedSteps("lucky", "startpos"+moves(prev), luckyJudge(prev), []refusal{
		{"a malformed action", "position startpos moves e2e4 e7e5 bogus"},
		{"an unknown card revealed", "position startpos moves " + opening + " draw notacard"},
		{"an illegal move", "position startpos moves e2e4 e2e4"},
		{"a malformed lucky FEN", "position fen 8/8/8 w - - 0 1 pile=-"},
	})
}
