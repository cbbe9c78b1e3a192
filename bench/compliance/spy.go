package compliance

import (
	"fmt"
	"strings"

	"azar/bench/match"
	"azar/variants/spy"
)

// spyAt is the full spy state, both cards known, after the actions.
func spyAt(white, black, actions string) (*spy.State, error) {
	w, err := spy.ParseCard(white)
	if err != nil {
		return nil, err
	}
	b, err := spy.ParseCard(black)
	if err != nil {
		return nil, err
	}
	st, err := spy.NewGame(spy.Options{}, w, b)
	if err != nil {
		return nil, err
	}
	return st, tokens(st, actions)
}

func spyJudge(white, black, actions string) judge { return stateJudge(spyAt(white, black, actions)) }

// spySteps: the engine is only ever told its own card (`card w=...` or
// `card b=...`), and the opponent's card reaches it only as a reveal in
// the moves.
func (k *checker) spySteps() {
	to := k.cfg.Timeout
	const opening = "e2e4 d7d5 e4e5 d5d4" // after it White may reveal its spy on f7
	k.step("spy: position startpos card", func() error {
		_, err := k.play("startpos card w=spy:Pe", "depth 2", to, spyJudge("spy:Pe", "spy:Pd", ""))
		return err
	})
	k.step("spy: position startpos card moves, the opponent's reveal", func() error {
		acts := opening + " reveal:spy:Pf"
		_, err := k.play("startpos card b=spy:Pc"+moves(acts), "depth 2", to, spyJudge("spy:Pf", "spy:Pc", acts))
		return err
	})
	k.step("spy: the engine's own reveal", func() error {
		reveal := func(s string) error {
			if err := spyJudge("spy:Pf", "spy:Pc", opening)(s); err != nil {
				return err
			}
			if s != "reveal" && s != "reveal:spy:Pf" {
				return fmt.Errorf("want the reveal, the only searchmove")
			}
			return nil
		}
		a, err := k.play("startpos card w=spy:Pf"+moves(opening), "depth 1 searchmoves reveal:spy:Pf", to, reveal)
		if err != nil {
			return err
		}
		// The engine's own token goes back to it, and to its opponent, as
		// the reveal it played.
		acts := opening + " " + a.best
		if err := k.quiet("position startpos card w=spy:Pf" + moves(acts)); err != nil {
			return err
		}
		_, err = k.play("startpos card b=spy:Pc moves "+opening+" reveal:spy:Pf", "depth 1", to, spyJudge("spy:Pf", "spy:Pc", opening+" reveal:spy:Pf"))
		return err
	})
	k.step("spy: the wildcard's choice", func() error {
		var chosen string
		choice := func(s string) error {
			c, err := spy.ParseCard(s)
			if err != nil || !c.IsWild() || c == spy.Wild {
				return fmt.Errorf("want the wildcard's choice wild:KR ... wild:QN")
			}
			chosen = c.String()
			return nil
		}
		if _, err := k.play("startpos card w=wild", "depth 1", to, choice); err != nil {
			return err
		}
		_, err := k.play("startpos card w="+chosen, "depth 1", to, spyJudge(chosen, "spy:Pd", ""))
		return err
	})
	k.game("spy", match.Spy{}, "nodes 3000", 30)
	prev := "startpos card b=spy:Pc moves e2e4"
	k.malformedSteps("spy", prev, spyJudge("spy:Pe", "spy:Pc", "e2e4"), []refusal{
		{"an unknown card", "position startpos card w=spy:ZZ"},
		{"a reveal of a card not held", "position startpos card w=spy:Pe moves " + opening + " reveal:spy:Pf"},
		{"an illegal move", "position startpos card b=spy:Pc moves e2e4 e2e4"},
		{"a malformed spy FEN", "position fen " + strings.Replace(spy.StartFEN, "8/8/8/8", "8/8/8", 1) + " card w=spy:Pe"},
	})
}
