package puzzle

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"azar/variants/chess"
)

// Kind is what a puzzle asks for.
type Kind string

// The kinds of puzzle. A mate puzzle asks for a forced mate in Moves; a
// tactic asks for the first move that wins material, and the capture that
// collects it.
const (
	Mate         Kind = "mate"
	DoubleAttack Kind = "double-attack"
	SkewerKind   Kind = "skewer"
)

// TacticMoves is the number of solver moves in a tactic's solution: the
// attacking move and the capture.
const TacticMoves = 2

// Puzzle is one entry of the set.
type Puzzle struct {
	FEN      string
	Kind     Kind
	Moves    int      // solver moves: N for a mate in N, TacticMoves for a tactic
	Solution []string // the stored line in UCI, solver and defender alternating, 2*Moves-1 plies
	Hint     string
}

//go:embed data/puzzles.txt
var shippedSet string

// Set returns the shipped puzzles in their file order.
func Set() ([]Puzzle, error) { return ParseSet(shippedSet) }

// ParseSet reads a set: one puzzle a line (ParseLine), blank lines and
// lines starting with # ignored.
func ParseSet(text string) ([]Puzzle, error) {
	var out []Puzzle
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := ParseLine(line)
		if err != nil {
			return nil, fmt.Errorf("puzzle set line %d: %w", i+1, err)
		}
		out = append(out, p)
	}
	return out, nil
}

// ParseLine reads "FEN | kind | moves | solution | hint": the solution is
// UCI moves separated by spaces, legal in turn from the FEN, as long as
// the kind and moves say, and a mate's line must end in checkmate. It
// checks the form only; Verify checks that the puzzle is sound.
func ParseLine(line string) (Puzzle, error) {
	var p Puzzle
	f := strings.Split(line, "|")
	if len(f) != 5 {
		return p, fmt.Errorf("want 5 fields separated by |, got %d", len(f))
	}
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	pos, err := chess.ParseFEN(f[0])
	if err != nil {
		return p, err
	}
	p.FEN = f[0]
	p.Kind = Kind(f[1])
	n, err := strconv.Atoi(f[2])
	if err != nil {
		return p, fmt.Errorf("moves %q: not a number", f[2])
	}
	switch p.Kind {
	case Mate:
		if n < 1 || n > MaxMate {
			return p, fmt.Errorf("mate in %d: want 1 to %d", n, MaxMate)
		}
	case DoubleAttack, SkewerKind:
		if n != TacticMoves {
			return p, fmt.Errorf("%s with %d moves: a tactic has %d", p.Kind, n, TacticMoves)
		}
	default:
		return p, fmt.Errorf("unknown kind %q (want mate, double-attack or skewer)", f[1])
	}
	p.Moves = n
	p.Solution = strings.Fields(f[3])
	if len(p.Solution) != 2*n-1 {
		return p, fmt.Errorf("solution has %d plies, want %d", len(p.Solution), 2*n-1)
	}
	for _, s := range p.Solution {
		m, err := pos.ParseUCIMove(s)
		if err != nil {
			return p, fmt.Errorf("solution: %w", err)
		}
		pos.Make(m)
	}
	if p.Kind == Mate && pos.Status(false) != chess.Checkmate {
		return p, fmt.Errorf("the mate's solution does not end in checkmate")
	}
	p.Hint = f[4]
	if p.Hint == "" {
		return p, fmt.Errorf("empty hint")
	}
	for _, r := range p.Hint {
		if unicode.IsControl(r) {
			return p, fmt.Errorf("hint contains a control character")
		}
	}
	return p, nil
}

// Line writes p in the set's line format.
func (p Puzzle) Line() string {
	return fmt.Sprintf("%s | %s | %d | %s | %s", p.FEN, p.Kind, p.Moves, strings.Join(p.Solution, " "), p.Hint)
}

// Position parses the puzzle's FEN.
func (p Puzzle) Position() (*chess.Position, error) { return chess.ParseFEN(p.FEN) }
