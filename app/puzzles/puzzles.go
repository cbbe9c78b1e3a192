// Package puzzles serves the daily puzzle (practice/puzzle,
// docs/puzzles.md) to the app: the day's position and task, the package's
// judgement of the moves played (any move that still forces the mate is
// right), the defender's reply, and the hint on request. It keeps no
// state: the page sends the line played so far with every move. The
// stored solution is never sent; the hint only when asked for.
//
// The package knows the puzzles through practice/puzzle and the board
// through variants/chess; it knows nothing of HTTP.
package puzzles

import (
	"fmt"
	"strings"
	"time"

	"azar/practice/puzzle"
	"azar/variants/chess"
)

// MaxLine bounds the moves a check may carry: a mate in 3 is 5 plies.
const MaxLine = 8

// Book is the shipped set, read once.
type Book struct {
	set []puzzle.Puzzle
	now func() time.Time
}

// New reads the shipped set; now gives today (nil: the clock).
func New(now func() time.Time) (*Book, error) {
	set, err := puzzle.Set()
	if err != nil {
		return nil, err
	}
	if now == nil {
		now = time.Now
	}
	return &Book{set: set, now: now}, nil
}

// Board is a position as the page draws it (the View's fields of the
// same names).
type Board struct {
	Files    int               `json:"files"`
	Ranks    int               `json:"ranks"`
	Pieces   map[string]string `json:"pieces"`
	FEN      string            `json:"fen"`
	Turn     string            `json:"turn"`
	Legal    []string          `json:"legal"`
	LastMove string            `json:"lastMove,omitempty"`
	Check    string            `json:"check,omitempty"`
}

// Day is a date's puzzle without its solution.
type Day struct {
	Date  string `json:"date"`
	Kind  string `json:"kind"`  // mate, double-attack, skewer
	Moves int    `json:"moves"` // the solver's moves: N of a mate in N, 2 for a tactic
	Side  string `json:"side"`  // the solver, "w" or "b"
	Board
}

// Step is the verdict on one move of the line.
type Step struct {
	Move   string `json:"move"`
	SAN    string `json:"san,omitempty"`
	Solver bool   `json:"solver"`
	OK     bool   `json:"ok"`
	Reason string `json:"reason,omitempty"`
	// Why is Reason as data (practice/puzzle.Why), which the page
	// writes in its language.
	Why *puzzle.Why `json:"why,omitempty"`
}

// Verdict is the judgement of a line. Line is the moves that stand (the
// right ones, and the defender's reply when one was chosen) with their
// SAN, and Board the position after them: a wrong move is not kept, so
// the player tries again from there.
type Verdict struct {
	Date     string      `json:"date"`
	OK       bool        `json:"ok"`
	Solved   bool        `json:"solved"`
	Left     int         `json:"left"` // solver moves still to find
	Steps    []Step      `json:"steps"`
	Reason   string      `json:"reason,omitempty"` // why the last move is wrong
	Why      *puzzle.Why `json:"why,omitempty"`    // the same as data
	Reply    string      `json:"reply,omitempty"`
	ReplySAN string      `json:"replySan,omitempty"`
	Line     []string    `json:"line"`
	SANs     []string    `json:"sans"`
	Board    Board       `json:"board"`
}

// Error is a refusal of the request itself (a bad date, too many moves).
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

// day returns the puzzle of date ("" for today, UTC).
func (b *Book) day(date string) (puzzle.Puzzle, string, error) {
	t := b.now().UTC()
	if date != "" {
		d, err := puzzle.ParseDate(date)
		if err != nil {
			return puzzle.Puzzle{}, "", &Error{err.Error()}
		}
		t = d
	}
	p, err := puzzle.ForDate(b.set, t)
	return p, t.Format(puzzle.DateLayout), err
}

// Today is the puzzle of date ("" for today).
func (b *Book) Today(date string) (Day, error) {
	p, d, err := b.day(date)
	if err != nil {
		return Day{}, err
	}
	pos, err := p.Position()
	if err != nil {
		return Day{}, err
	}
	return Day{Date: d, Kind: string(p.Kind), Moves: p.Moves, Side: colorLetter(pos.Side()), Board: board(pos, nil, true)}, nil
}

// Texts is a text in both of the page's languages.
type Texts struct {
	EN string `json:"en"`
	ES string `json:"es"`
}

// Hint is the written hint of date's puzzle in English (the stored one)
// and Spanish.
func (b *Book) Hint(date string) (Texts, error) {
	p, _, err := b.day(date)
	if err != nil {
		return Texts{}, err
	}
	es, err := puzzle.HintIn(p, "es")
	if err != nil {
		return Texts{}, err
	}
	return Texts{EN: p.Hint, ES: es}, nil
}

// Check judges the line played on date's puzzle (practice/puzzle.Check)
// and answers with the defender's reply after a right solver move.
func (b *Book) Check(date string, moves []string) (Verdict, error) {
	if len(moves) == 0 || len(moves) > MaxLine {
		return Verdict{}, &Error{fmt.Sprintf("want 1 to %d moves", MaxLine)}
	}
	for _, m := range moves {
		if len(m) == 0 || len(m) > 10 || strings.ContainsFunc(m, func(r rune) bool { return r <= ' ' || r > '~' }) {
			return Verdict{}, &Error{fmt.Sprintf("bad move %q", m)}
		}
	}
	p, d, err := b.day(date)
	if err != nil {
		return Verdict{}, err
	}
	r, err := puzzle.Check(p, moves)
	if err != nil {
		return Verdict{}, err
	}
	v := Verdict{Date: d, OK: r.OK, Solved: r.Solved, Left: r.Left, Reply: r.Reply, ReplySAN: r.ReplySAN, Line: []string{}, SANs: []string{}}
	for _, s := range r.Steps {
		v.Steps = append(v.Steps, Step{Move: s.Move, SAN: s.SAN, Solver: s.Solver, OK: s.OK, Reason: s.Reason, Why: s.Why})
		if s.OK {
			v.Line, v.SANs = append(v.Line, s.Move), append(v.SANs, s.SAN)
		} else {
			v.Reason, v.Why = s.Reason, s.Why
		}
	}
	if r.OK && r.Reply != "" {
		v.Line, v.SANs = append(v.Line, r.Reply), append(v.SANs, r.ReplySAN)
	}
	pos, err := p.Position()
	if err != nil {
		return Verdict{}, err
	}
	for _, s := range v.Line {
		m, err := pos.ParseUCIMove(s)
		if err != nil {
			return Verdict{}, fmt.Errorf("puzzle line %v: %w", v.Line, err)
		}
		pos.Make(m)
	}
	v.Board = board(pos, v.Line, !v.Solved)
	return v, nil
}

// board draws pos; legal lists the side to move's moves when asked.
func board(pos *chess.Position, line []string, legal bool) Board {
	b := Board{Files: 8, Ranks: 8, Pieces: map[string]string{}, FEN: pos.FEN(), Turn: colorLetter(pos.Side()), Legal: []string{}}
	for s := chess.Square(0); s < 64; s++ {
		if pc := pos.At(s); pc != chess.NoPiece {
			b.Pieces[s.String()] = colorLetter(pc.Color()) + string(pc.Type().Letter())
		}
	}
	if n := len(line); n > 0 {
		b.LastMove = line[n-1]
	}
	if pos.InCheck() {
		b.Check = pos.KingSquare(pos.Side()).String()
	}
	if legal && pos.Status(false) == chess.Ongoing {
		var l chess.MoveList
		pos.GenerateLegal(&l)
		for _, m := range l.Slice() {
			b.Legal = append(b.Legal, m.String())
		}
	}
	return b
}

func colorLetter(c chess.Color) string {
	if c == chess.White {
		return "w"
	}
	return "b"
}
