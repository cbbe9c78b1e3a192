package puzzle

import (
	"azar/practice/mate"
	"fmt"
	"strings"

	"azar/variants/chess"
)

// ParseMove reads a move in UCI (e2e4, e7e8q) or, failing that, SAN (Nf3,
// exd5, O-O, e8=Q+) and returns it if it is legal in pos.
func ParseMove(pos *chess.Position, s string) (chess.Move, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return chess.NoMove, fmt.Errorf("empty move")
	}
	if m, err := pos.ParseUCIMove(s); err == nil {
		return m, nil
	}
	if m, err := pos.ParseSAN(s); err == nil {
		return m, nil
	}
	return chess.NoMove, fmt.Errorf("%q: illegal move", s)
}

// Step is the verdict on one move of a checked line.
type Step struct {
	Move   string // UCI, or the input as given when it is not a legal move
	SAN    string // empty when the move is illegal
	Solver bool   // the solver's move (else the defender's)
	OK     bool
	Reason string // why the move fails, in English; empty when it is right
	Why    *Why   // the same as data, for a page in another language; nil when right
}

// CheckResult is the verdict on a line of moves.
type CheckResult struct {
	Steps  []Step
	OK     bool // every move right so far
	Solved bool
	// Reply is the defence chosen when the line stops after a right
	// solver move of an unsolved puzzle (the stored one while the line
	// follows the stored solution); empty otherwise.
	Reply, ReplySAN string
	Left            int // solver moves still to find
}

// Check judges moves played from the puzzle's position, the solver's and
// the defender's alternating, the solver first. In a mate any solver move
// that still forces mate in the remaining number of moves is right; in a
// tactic a solver move is right when it is the deep search's best, or
// when it wins about as much by the deep search (OnlyWin fails with it
// as the runner-up). Every legal defence is accepted. Checking stops at the
// first wrong move.
func Check(p Puzzle, moves []string) (CheckResult, error) {
	var d *Deep
	if p.Kind != Mate {
		d = NewDeep()
	}
	return check(p, moves, d)
}

// check is Check with the deep searcher d (nil for a mate).
func check(p Puzzle, moves []string, d *Deep) (CheckResult, error) {
	pos, err := p.Position()
	if err != nil {
		return CheckResult{}, err
	}
	r := CheckResult{OK: true, Left: p.Moves}
	onLine := true
	for i, s := range moves {
		st := Step{Move: s, Solver: i%2 == 0}
		if r.Solved || pos.Status(false) != chess.Ongoing {
			r.fail(st, Why{Code: WhyOver, Status: overText(pos, r.Solved)})
			return r, nil
		}
		m, err := ParseMove(pos, s)
		if err != nil {
			r.fail(st, Why{Code: WhyIllegal})
			return r, nil
		}
		st.Move, st.SAN = m.String(), pos.SAN(m)
		if st.Solver {
			if why, wrong := judge(p, d, pos, m, r.Left); wrong {
				r.fail(st, why)
				return r, nil
			}
			r.Left--
		}
		st.OK = true
		r.Steps = append(r.Steps, st)
		onLine = onLine && i < len(p.Solution) && p.Solution[i] == st.Move
		pos.Make(m)
		if pos.Status(false) == chess.Checkmate && st.Solver || p.Kind != Mate && r.Left == 0 {
			r.Solved, r.Left = true, 0
		}
	}
	if !r.Solved && len(moves)%2 == 1 && pos.Status(false) == chess.Ongoing {
		var reply chess.Move
		if onLine && len(moves) < len(p.Solution) {
			reply, _ = pos.ParseUCIMove(p.Solution[len(moves)])
		}
		if reply == chess.NoMove {
			reply = chooseDefence(p.Kind, d, pos)
		}
		if reply != chess.NoMove {
			r.Reply, r.ReplySAN = reply.String(), pos.SAN(reply)
		}
	}
	return r, nil
}

func (r *CheckResult) fail(st Step, why Why) {
	r.OK = false
	st.Reason, st.Why = why.English(), &why
	r.Steps = append(r.Steps, st)
}

func overText(pos *chess.Position, solved bool) string {
	if solved {
		return "solved"
	}
	return pos.Status(false).String()
}

// judge returns why the solver's move m in pos fails and true, or false
// when it is right with left solver moves to go (m included).
func judge(p Puzzle, d *Deep, pos *chess.Position, m chess.Move, left int) (Why, bool) {
	san := pos.SAN(m)
	if p.Kind == Mate {
		if mate.MoveMates(pos, m, left) {
			return Why{}, false
		}
		return mateFailure(pos, m, san, left), true
	}
	c := d.Analyse(pos)
	if len(c) == 0 || c[0].Move == m {
		return Why{}, false
	}
	best := c[0]
	s := d.Score(pos, m)
	// The complement of the standard Verify holds the solution to: a
	// move that wins about as much as the best (OnlyWin fails with it as
	// the runner-up) is one the puzzle could not tell from the
	// solution, so it is right too.
	won := s.Score >= WinScore
	if won && !OnlyWin(best, &s) {
		return Why{}, false
	}
	w := Why{Code: WhyNotWinning, SAN: san, You: score(s.Score), Solution: score(best.Score)}
	if won {
		w.Code = WhyWinsLess
	}
	if s.Reply != chess.NoMove {
		after := pos.Clone()
		after.Make(m)
		w.Reply = after.SAN(s.Reply)
	}
	return w, true
}

// mateFailure explains why m does not force mate in left moves.
func mateFailure(pos *chess.Position, m chess.Move, san string, left int) Why {
	defender := pos.Side().Other().String()
	d, stalemate := mate.Escape(pos, m, left)
	if stalemate {
		return Why{Code: WhyStalemate, SAN: san, Defender: defender}
	}
	if d == chess.NoMove { // cannot happen: m was refused by the prover
		return Why{Code: WhyNoMate}
	}
	after := pos.Clone()
	after.Make(m)
	dsan := after.SAN(d)
	kingMove := after.At(d.From()).Type() == chess.King
	switch {
	case left == 1 && !after.InCheck():
		return Why{Code: WhyNoCheck, SAN: san, Defender: defender, Reply: dsan}
	case left == 1 && kingMove:
		return Why{Code: WhyKingEscapes, Reply: dsan}
	case left == 1:
		return Why{Code: WhyAnswered, Defender: defender, Reply: dsan}
	case kingMove:
		return Why{Code: WhyKingOut, Reply: dsan, After: left - 1}
	}
	return Why{Code: WhyNoForcedMate, Reply: dsan, Left: left, After: left - 1}
}

// chooseDefence picks the defender's reply in pos: the one that puts off a
// mate longest, or in a tactic the deep search's best defence.
func chooseDefence(k Kind, d *Deep, pos *chess.Position) chess.Move {
	if k == Mate {
		m, _ := mate.LongestDefence(pos, MaxMate)
		return m
	}
	return d.Best(pos).Move
}

// pawns writes a score in pawns, signed.
func pawns(cp int) string {
	return fmt.Sprintf("%+.1f", float64(cp)/100)
}
