package compliance

import (
	"strings"
	"time"

	"azar/bench/match"
	"azar/variants/chaturanga4"
)

func c4Judge(actions string) judge {
	st := chaturanga4.NewState(chaturanga4.Options{})
	return stateJudge(st, tokens(st, actions))
}

// c4Line is the first n moves of the game, each the first legal move: a
// history of legal moves whatever the engine, for the position forms.
func c4Line(n int) string {
	p := chaturanga4.NewPosition()
	var line []string
	for range n {
		var l chaturanga4.MoveList
		p.Generate(&l)
		if l.Len() == 0 {
			break
		}
		line = append(line, l.At(0).String())
		p.Make(l.At(0))
	}
	return strings.Join(line, " ")
}

// c4Steps: the seats' clocks and the position forms of four-player
// chaturanga; nothing is hidden.
func (k *checker) c4Steps() {
	to := k.cfg.Timeout
	two, five := c4Line(2), c4Line(5)
	k.step("chaturanga4: position startpos", func() error {
		_, err := k.play("startpos", "depth 1", to, c4Judge(""))
		return err
	})
	k.step("chaturanga4: position startpos moves", func() error {
		_, err := k.play("startpos"+moves(five), "depth 2", to, c4Judge(five))
		return err
	})
	k.step("chaturanga4: position fen moves", func() error {
		_, err := k.play("fen "+chaturanga4.StartC4N+moves(two), "depth 1", to, c4Judge(two))
		return err
	})
	k.step("chaturanga4: go rtime gtime ytime btime", func() error {
		_, err := k.play("startpos"+moves(two), "rtime 1000 gtime 1000 ytime 1000 btime 1000 rinc 10 ginc 10 yinc 10 binc 10", time.Second+slack, c4Judge(two))
		return err
	})
	k.step("chaturanga4: go nodes", func() error {
		_, err := k.play("startpos"+moves(five), "nodes 2000", to, c4Judge(five))
		return err
	})
	k.game("chaturanga4", match.Chaturanga4{}, "nodes 3000", 32)
	k.malformedSteps("chaturanga4", "startpos"+moves(two), c4Judge(two), []refusal{
		{"an illegal move", "position startpos moves " + two + " a1a1"},
		{"a malformed C4N", "position fen " + strings.Replace(chaturanga4.StartC4N, "yEyP6", "yEyP5", 1)},
	})
}
