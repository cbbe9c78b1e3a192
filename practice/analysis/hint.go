package analysis

import (
	"context"
	"errors"
	"fmt"
	"time"

	"azar/search"
	"azar/variants/chess"
)

// Budget bounds each search: a node count, a depth and a time, whichever
// comes first (zero: no bound of that kind; at least one is needed). The
// engine plays at full strength within it. A node or depth budget gives
// the same answer on every machine (tests use them); time does not.
type Budget struct {
	Nodes    uint64
	Depth    int
	MoveTime time.Duration
	// Threads and HashMB set up the engine (0: one thread, 16 MB). More
	// than one thread makes even node budgets vary between runs.
	Threads int
	HashMB  int
	// MultiPV, above 1, makes a hint list that many candidate moves (the
	// search's MultiPV); Analyze ignores it.
	MultiPV int
}

func (b Budget) check() error {
	if b.Nodes == 0 && b.Depth <= 0 && b.MoveTime <= 0 {
		return errors.New("the budget needs nodes, depth or movetime")
	}
	if b.Depth < 0 || b.MoveTime < 0 || b.Threads < 0 || b.HashMB < 0 || b.MultiPV < 0 {
		return fmt.Errorf("negative budget %+v", b)
	}
	return nil
}

func (b Budget) limits() search.Limits {
	return search.Limits{Nodes: b.Nodes, Depth: b.Depth, MoveTime: b.MoveTime}
}

func (b Budget) engine() *search.Engine {
	o := search.DefaultOptions()
	if b.Threads > 0 {
		o.Threads = b.Threads
	}
	if b.HashMB > 0 {
		o.HashMB = b.HashMB
	}
	return search.New(o)
}

// Line is the engine's choice in a position: the best move with its
// score for the side to move, and the line it expects.
type Line struct {
	Move  chess.Move
	Score Score
	PV    []chess.Move
	Depth int
	Nodes uint64
}

// Suggestion is a hint: the best line with its moves written out, and
// with Budget.MultiPV above 1 the candidates, best first (the first is
// the best line).
type Suggestion struct {
	Line
	UCI, SAN   string
	PVSAN      []string
	Candidates []Candidate
}

// Candidate is one of a hint's candidate moves, with its score and line
// from its last finished iteration.
type Candidate struct {
	Move     chess.Move
	UCI, SAN string
	Score    Score
	PVSAN    []string
}

// Hint is the engine's best move in pos within the budget. A position
// with no legal move (the game is over) is an error. pos is not changed.
func Hint(ctx context.Context, pos *chess.Position, b Budget) (Suggestion, error) {
	if err := b.check(); err != nil {
		return Suggestion{}, err
	}
	if st := pos.Status(false); st == chess.Checkmate || st == chess.Stalemate {
		return Suggestion{}, fmt.Errorf("no move to suggest: %s", st)
	}
	l, cands := search1(ctx, b.engine(), pos, b, max(1, b.MultiPV))
	s := Suggestion{Line: l, UCI: l.Move.String(), SAN: pos.SAN(l.Move)}
	s.PV, s.PVSAN = sanLine(pos, l.PV)
	for _, c := range cands {
		pv, sans := sanLine(pos, c.pv)
		if len(pv) == 0 || pv[0] != c.move {
			sans = []string{pos.SAN(c.move)}
		}
		s.Candidates = append(s.Candidates, Candidate{Move: c.move, UCI: c.move.String(), SAN: pos.SAN(c.move), Score: c.score, PVSAN: sans})
	}
	return s, nil
}

// sanLine writes a line in SAN from pos, up to its first illegal move
// (never expected of the search's lines; what is sound is kept).
func sanLine(pos *chess.Position, line []chess.Move) ([]chess.Move, []string) {
	p := pos.Clone()
	var sans []string
	for i, m := range line {
		if !p.IsLegal(m) {
			return line[:i], sans
		}
		sans = append(sans, p.SAN(m))
		p.Make(m)
	}
	return line, sans
}

type candidate struct {
	move  chess.Move
	score Score
	pv    []chess.Move
}

// bestLine searches pos (which has a legal move) and returns the result
// with the principal variation of the last full report.
func bestLine(ctx context.Context, e *search.Engine, pos *chess.Position, b Budget) Line {
	l, _ := search1(ctx, e, pos, b, 1)
	return l
}

// search1 is one search of pos with multiPV lines: the best line and,
// for multiPV above 1, the candidates with the lines last reported for
// them.
func search1(ctx context.Context, e *search.Engine, pos *chess.Position, b Budget, multiPV int) (Line, []candidate) {
	pvs := map[chess.Move][]chess.Move{}
	var pv []chess.Move
	lim := b.limits()
	lim.MultiPV = multiPV
	res := e.Search(ctx, pos, lim, func(in search.Info) {
		if in.Bound != search.BoundExact || len(in.PV) == 0 {
			return
		}
		if in.MultiPV <= 1 {
			pv = in.PV
		}
		if multiPV > 1 {
			pvs[in.PV[0]] = in.PV
		}
	})
	if len(pv) == 0 || pv[0] != res.Move {
		pv = []chess.Move{res.Move}
	}
	var cands []candidate
	for _, c := range res.Candidates {
		cands = append(cands, candidate{c.Move, Score(c.Score), pvs[c.Move]})
	}
	return Line{Move: res.Move, Score: Score(res.Score), PV: pv, Depth: res.Depth, Nodes: res.Nodes}, cands
}
