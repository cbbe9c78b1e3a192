package compliance

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"azar/bench/match"
	"azar/variants/chess"
)

// The chess positions of the steps. prevMoves leaves Black to move, so an
// engine that lost the position after a refused command (and answers for
// White at the start) is caught.
const (
	kiwipete  = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	prevMoves = "e2e4 e7e5 g1f3"
)

// chessAt is the position after moves from fen ("" for the start); the
// steps' positions are constants, so an error is the checker's own bug.
func chessAt(fen, moves string) (*chess.Position, error) {
	p := chess.NewPosition()
	if fen != "" {
		var err error
		if p, err = chess.ParseFEN(fen); err != nil {
			return nil, err
		}
	}
	for _, s := range strings.Fields(moves) {
		m, err := p.ParseUCIMove(s)
		if err != nil {
			return nil, fmt.Errorf("checker: %v", err)
		}
		p.Make(m)
	}
	return p, nil
}

// chessJudge accepts the moves legal in the position after moves from fen.
func chessJudge(fen, moves string) judge {
	p, err := chessAt(fen, moves)
	return func(s string) error {
		if err != nil {
			return err
		}
		_, err := p.ParseUCIMove(s)
		return err
	}
}

// within is a judge that also wants the move in set.
func within(j judge, set ...string) judge {
	return func(s string) error {
		if !slices.Contains(set, s) {
			return fmt.Errorf("not one of the searchmoves %q", set)
		}
		return j(s)
	}
}

// chessSection is the handshake and the steps of standard chess.
func (k *checker) chessSection() {
	k.step("chess: handshake", func() error {
		lines, err := k.open()
		if err != nil {
			return err
		}
		k.options = map[string]option{}
		var optErrs []error
		named := false
		for _, l := range lines {
			f := strings.Fields(l)
			switch {
			case len(f) >= 3 && f[0] == "id" && f[1] == "name":
				named = true
			case len(f) > 0 && f[0] == "option":
				o, err := parseOption(l)
				if err != nil {
					optErrs = append(optErrs, err)
					continue
				}
				k.options[strings.ToLower(o.name)] = o
				if strings.EqualFold(o.name, "UCI_Variant") {
					k.variants = o.vars
				}
			}
		}
		if !named {
			return errors.New("no 'id name <name>' line before uciok")
		}
		return errors.Join(optErrs...)
	})
	if k.down != nil { // the handshake failed and the restart too
		return
	}
	if len(k.cfg.Options) > 0 {
		k.step("chess: setoption of -engine options", func() error {
			for _, o := range k.cfg.Options {
				if err := k.quiet(setoption(o)); err != nil {
					return err
				}
			}
			return nil
		})
	}
	k.step("chess: isready", func() error { _, err := k.sync(); return err })
	k.step("chess: ucinewgame", func() error { return k.quiet("ucinewgame") })
	to := k.cfg.Timeout
	k.step("chess: position startpos", func() error {
		if err := k.quiet("position startpos"); err != nil {
			return err
		}
		_, err := k.play("startpos", "depth 1", to, chessJudge("", ""))
		return err
	})
	k.step("chess: position startpos moves", func() error {
		_, err := k.play("startpos moves "+prevMoves, "depth 1", to, chessJudge("", prevMoves))
		return err
	})
	k.step("chess: position fen moves", func() error {
		_, err := k.play("fen "+kiwipete+" moves e1g1 a6e2", "depth 1", to, chessJudge(kiwipete, "e1g1 a6e2"))
		return err
	})
	k.step("chess: go depth", func() error {
		a, err := k.play("fen "+kiwipete, "depth 3", to, chessJudge(kiwipete, ""))
		if err == nil && a.ponder != "" {
			if perr := chessJudge(kiwipete, a.best)(a.ponder); perr != nil {
				return fmt.Errorf("ponder %s after %s: %v", a.ponder, a.best, perr)
			}
		}
		return err
	})
	k.step("chess: go nodes", func() error {
		_, err := k.play("startpos moves "+prevMoves, "nodes 2000", to, chessJudge("", prevMoves))
		return err
	})
	k.step("chess: go movetime", func() error {
		const mt = 200 * time.Millisecond
		_, err := k.play("startpos", "movetime 200", mt+slack, chessJudge("", ""))
		return err
	})
	k.step("chess: go wtime btime winc binc", func() error {
		_, err := k.play("startpos moves "+prevMoves, "wtime 1000 btime 1000 winc 10 binc 10", time.Second+slack, chessJudge("", prevMoves))
		return err
	})
	k.step("chess: go infinite, stop", func() error {
		return k.untilCommand("startpos", "infinite", "stop", chessJudge("", ""))
	})
	k.step("chess: go ponder, ponderhit", func() error {
		return k.untilCommand("startpos moves "+prevMoves, "ponder wtime 1000 btime 1000", "ponderhit", chessJudge("", prevMoves))
	})
	k.step("chess: go searchmoves", func() error {
		_, err := k.play("startpos", "depth 3 searchmoves a2a3 b1c3", to, within(chessJudge("", ""), "a2a3", "b1c3"))
		return err
	})
	k.malformedSteps("chess", "startpos moves "+prevMoves, chessJudge("", prevMoves), []refusal{
		{"a malformed FEN", "position fen rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"an illegal move in moves", "position startpos moves e2e4 e7e5 e1e3"},
		{"an unknown command", "frobnicate the knight"},
	})
	if cmd, ok := k.badValue(); ok {
		k.malformedSteps("chess", "startpos moves "+prevMoves, chessJudge("", prevMoves), []refusal{{"a bad setoption value", cmd}})
	}
	k.game("chess", match.Chess{}, "depth 2", 30)
}

// untilCommand checks a search that must not end by itself: `go args`,
// no bestmove for a while, then cmd (stop or ponderhit) and one legal
// bestmove.
func (k *checker) untilCommand(position, args, cmd string, legal judge) error {
	k.send("position " + position)
	k.send("go " + args)
	deadline := time.Now().Add(300 * time.Millisecond)
	for {
		l, err := k.c.next(deadline)
		if errors.Is(err, errTimeout) {
			break
		}
		if err != nil {
			return fmt.Errorf("go %s: %v", args, err)
		}
		if f := strings.Fields(l); len(f) > 0 && f[0] == "bestmove" {
			return fmt.Errorf("go %s: %q before %s", args, l, cmd)
		}
		if isError(l) {
			return fmt.Errorf("go %s: error line %q", args, l)
		}
	}
	k.send(cmd)
	a, err := k.await(args, k.cfg.Timeout)
	switch {
	case err != nil:
		return fmt.Errorf("after %s: %v", cmd, err)
	case len(a.errors) > 0:
		return fmt.Errorf("go %s: error line %q", args, a.errors[0])
	}
	if err := legal(a.best); err != nil {
		return fmt.Errorf("bestmove %s after %s in %q: %v", a.best, cmd, position, err)
	}
	return k.after(cmd)
}

// refusal is one malformed command and what it is.
type refusal struct{ what, cmd string }

// malformedSteps sends each command after setting position, wants one
// error line for it, and then a go depth 1 answered by an action legal in
// the position from before.
func (k *checker) malformedSteps(section, position string, legal judge, rs []refusal) {
	for _, r := range rs {
		k.step(section+": refuses "+r.what, func() error {
			if err := k.quiet("position " + position); err != nil {
				return err
			}
			if err := k.malformed(r.cmd); err != nil {
				return err
			}
			a, err := k.search("depth 1", k.cfg.Timeout)
			if err != nil {
				return fmt.Errorf("state kept? %v", err)
			}
			if len(a.errors) > 0 {
				return fmt.Errorf("state kept? go depth 1: error line %q", a.errors[0])
			}
			if err := legal(a.best); err != nil {
				return fmt.Errorf("state kept? bestmove %s is not legal in the position from before %q: %v", a.best, r.cmd, err)
			}
			return k.after("go depth 1")
		})
	}
}

// game plays a short seeded game of v, the engine playing every seat:
// each seat is sent what its engine may know (its own card or hand only),
// and every answer is validated by the referee, which also deals.
func (k *checker) game(section string, v match.Variant, args string, actions int) {
	k.step(fmt.Sprintf("%s: seeded game (%d actions at most, go %s)", section, actions, args), func() error {
		g, err := v.NewGame(match.Opening{}, rand.New(rand.NewPCG(k.cfg.Seed, uint64(len(section)))))
		if err != nil {
			return fmt.Errorf("checker: %v", err)
		}
		if err := k.quiet("ucinewgame"); err != nil {
			return err
		}
		for i := 0; i < actions; i++ {
			if _, over := g.Result(); over {
				return nil
			}
			seat := g.ToMove()
			pos := g.Position(seat)
			var played error
			_, err := k.play(pos, args, k.cfg.Timeout, func(s string) error {
				_, played = g.Play(seat, s)
				return played
			})
			if err != nil {
				return fmt.Errorf("action %d: %v", i+1, err)
			}
		}
		return nil
	})
}
