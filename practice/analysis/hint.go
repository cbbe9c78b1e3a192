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
}

func (b Budget) check() error {
	if b.Nodes == 0 && b.Depth <= 0 && b.MoveTime <= 0 {
		return errors.New("the budget needs nodes, depth or movetime")
	}
	if b.Depth < 0 || b.MoveTime < 0 || b.Threads < 0 || b.HashMB < 0 {
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

// Suggestion is a hint: the best line with its moves written out.
type Suggestion struct {
	Line
	UCI, SAN string
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
	l := bestLine(ctx, b.engine(), pos, b)
	s := Suggestion{Line: l, UCI: l.Move.String(), SAN: pos.SAN(l.Move)}
	p := pos.Clone()
	for i, m := range l.PV {
		if !p.IsLegal(m) {
			// Never expected of the search's line; keep what is sound.
			s.PV = l.PV[:i]
			break
		}
		s.PVSAN = append(s.PVSAN, p.SAN(m))
		p.Make(m)
	}
	return s, nil
}

// bestLine searches pos (which has a legal move) and returns the result
// with the principal variation of the last full report.
func bestLine(ctx context.Context, e *search.Engine, pos *chess.Position, b Budget) Line {
	var pv []chess.Move
	res := e.Search(ctx, pos, b.limits(), func(in search.Info) {
		if in.MultiPV <= 1 && in.Bound == search.BoundExact && len(in.PV) > 0 {
			pv = in.PV
		}
	})
	if len(pv) == 0 || pv[0] != res.Move {
		pv = []chess.Move{res.Move}
	}
	return Line{Move: res.Move, Score: Score(res.Score), PV: pv, Depth: res.Depth, Nodes: res.Nodes}
}
