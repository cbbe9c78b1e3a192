package compliance

import (
	"strings"

	"azar/bench/match"
	"azar/variants/chess"
	"azar/variants/magic"
)

// magicSteps: the checker deals both hands from the seed and tells the
// engine only the hand of the seat that decides.
func (k *checker) magicSteps() {
	to := k.cfg.Timeout
	st := magic.New(magic.Options{}, k.cfg.Seed)
	hw, _ := st.Hand(chess.White)
	hb, _ := st.Hand(chess.Black)
	white, black := hw.String(), hb.String()
	at := func(actions string) judge {
		s := st.Clone().(*magic.State)
		return stateJudge(s, tokens(s, actions))
	}
	k.step("magic: position startpos hand", func() error {
		_, err := k.play("startpos hand "+white, "depth 1", to, at(""))
		return err
	})
	k.step("magic: the END window after a move", func() error {
		_, err := k.play("startpos hand "+white+" moves e2e4", "depth 1", to, at("e2e4"))
		return err
	})
	k.step("magic: moves with windows passed (pass and 0000)", func() error {
		const acts = "e2e4 pass e7e5 0000"
		_, err := k.play("startpos hand "+white+moves(acts), "depth 1", to, at(acts))
		return err
	})
	k.step("magic: a window declined with 0000", func() error {
		_, err := k.play("startpos hand "+white+" moves e2e4", "depth 1 searchmoves 0000", to, within(at("e2e4"), "0000", "pass"))
		return err
	})
	k.game("magic", match.Magic{}, "nodes 3000", 30)
	cards := strings.Split(black, ",")
	short := strings.Join(cards[:len(cards)-1], ",")
	unknown := strings.Join(append(cards[:len(cards)-1:len(cards)-1], "AM99"), ",")
	prev := "startpos hand " + black + " moves e2e4 pass"
	k.malformedSteps("magic", prev, at("e2e4 pass"), []refusal{
		{"a hand of the wrong size", "position startpos hand " + short + " moves e2e4 pass"},
		{"a hand with an unknown card", "position startpos hand " + unknown + " moves e2e4 pass"},
		{"a window not passed", "position startpos hand " + black + " moves e2e4 e7e5"},
		{"hand after a FEN", "position fen " + chess.StartFEN + " hand " + black},
	})
}
