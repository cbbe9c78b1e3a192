package puzzle

import (
	"azar/practice/mate"
	"fmt"

	"azar/variants/chess"
)

// Verify re-proves p from scratch. A mate must be forced in exactly
// p.Moves (a mate in p.Moves exists against every defence, and none in
// fewer). A tactic must pass VerifyTactic with the stored first move,
// hold no mate in MaxMate or fewer, its line must make the shape its kind
// names, and it must be a true puzzle by the deep search (VerifyLine). In
// both, Check must accept the stored line as a solution.
func Verify(p Puzzle) error {
	var d *Deep
	if p.Kind != Mate {
		d = NewDeep()
	}
	return verifyWith(p, d)
}

// verifyWith is Verify with the deep searcher d (nil for a mate).
func verifyWith(p Puzzle, d *Deep) error {
	pos, err := p.Position()
	if err != nil {
		return err
	}
	line, err := p.line(pos)
	if err != nil {
		return err
	}
	n, isMate := mate.Length(pos, MaxMate)
	switch p.Kind {
	case Mate:
		if !isMate {
			return fmt.Errorf("no forced mate in %d or fewer", MaxMate)
		}
		if n != p.Moves {
			return fmt.Errorf("forced mate in %d, not %d", n, p.Moves)
		}
	default:
		if isMate {
			return fmt.Errorf("a tactic with a forced mate in %d", n)
		}
		pf, ok := VerifyTactic(pos)
		if !ok {
			return fmt.Errorf("no first move wins material by the tactic measure")
		}
		if pf.Move != line[0] {
			return fmt.Errorf("the winning first move is %s, not %s", pf.Move, line[0])
		}
		sh, ok := classify(pos, line)
		if !ok || sh.kind != p.Kind {
			return fmt.Errorf("the line does not make a %s", p.Kind)
		}
		if err := d.VerifyLine(pos, line); err != nil {
			return fmt.Errorf("not a true puzzle: %w", err)
		}
	}
	r, err := check(p, p.Solution, d)
	if err != nil {
		return err
	}
	if !r.OK || !r.Solved {
		for _, st := range r.Steps {
			if !st.OK {
				return fmt.Errorf("the stored line fails at %s: %s", st.Move, st.Reason)
			}
		}
		return fmt.Errorf("the stored line does not solve the puzzle")
	}
	return nil
}

// line parses the stored solution from pos.
func (p Puzzle) line(pos *chess.Position) ([]chess.Move, error) {
	q := pos.Clone()
	line := make([]chess.Move, 0, len(p.Solution))
	for _, s := range p.Solution {
		m, err := q.ParseUCIMove(s)
		if err != nil {
			return nil, err
		}
		line = append(line, m)
		q.Make(m)
	}
	return line, nil
}
