// Package lessons serves the twelve lessons of practice/lessons
// (docs/lessons.md) to the app: the list in four groups, one lesson's
// steps with their boards, and the package's judgement of a move on a
// step, with the engine's reply in a play task. It keeps no state: the
// page sends the moves played on the step so far with every move, and
// the step's board is rebuilt from them (Step.Replay). A task's solution
// and its lists of accepted and rejected moves never leave the server.
//
// The package knows the lessons through practice/lessons and the board
// through variants/chess; it knows nothing of HTTP.
package lessons

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"azar/practice/lessons"
	"azar/variants/chess"
)

// MaxLine bounds the moves a check may carry: the longest play task is a
// mate in 5, nine plies before the learner's last move.
const MaxLine = 16

// Kind says what is wrong with a request.
type Kind int

// The kinds of refusal.
const (
	NotFound Kind = iota // no such lesson or step
	Invalid              // a well-formed request that cannot be judged
)

// Error is a refusal of the request itself.
type Error struct {
	Kind Kind
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

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

// Summary is a lesson in the list.
type Summary struct {
	ID     string `json:"id"`
	Number int    `json:"number"`
	Title  string `json:"title"`
	Steps  int    `json:"steps"`
	Tasks  int    `json:"tasks"`
}

// Group is one of the four groups with its lessons, in order.
type Group struct {
	ID      string    `json:"id"`
	Title   string    `json:"title"`
	Lessons []Summary `json:"lessons"`
}

// Task is what the page shows of a task: never its solution.
type Task struct {
	Kind    string `json:"kind"`    // choose, goal, play
	Prompt  string `json:"prompt"`  // in the request's language
	Learner string `json:"learner"` // "w" or "b"
	Moves   int    `json:"moves,omitempty"`
	Aim     string `json:"aim,omitempty"`
}

// Step is a step's board, text and marks.
type Step struct {
	Text       string          `json:"text"`
	Highlights []string        `json:"highlights"`
	Arrows     []lessons.Arrow `json:"arrows"`
	Outcome    string          `json:"outcome,omitempty"`
	Task       *Task           `json:"task,omitempty"`
	Board      Board           `json:"board"`
}

// Lesson is one lesson in the request's language.
type Lesson struct {
	ID     string `json:"id"`
	Number int    `json:"number"`
	Group  string `json:"group"`
	Title  string `json:"title"`
	Intro  string `json:"intro"`
	Steps  []Step `json:"steps"`
}

// Verdict is the judgement of one move on a step. Line is the moves that
// stand (those sent, then the move if it is right, then the engine's
// reply when one was played) and Board the position after them: a wrong
// move is not kept, so the learner tries again from the same board.
// Reason is in both languages so that the page may switch.
type Verdict struct {
	Right  bool         `json:"right"`
	Done   bool         `json:"done"`
	Reason lessons.Text `json:"reason"`
	Left   int          `json:"left,omitempty"`
	Reply  string       `json:"reply,omitempty"`
	// ReplySAN is the reply in SAN, with each language's piece letters.
	ReplySAN *lessons.Text `json:"replySan,omitempty"`
	Line     []string      `json:"line"`
	Board    Board         `json:"board"`
}

// List is the four groups with their lessons in lang ("es" or "en").
func List(lang string) []Group {
	all := lessons.All()
	var out []Group
	for _, g := range lessons.Groups() {
		gr := Group{ID: string(g.ID), Title: g.Title.In(lang), Lessons: []Summary{}}
		for _, l := range all {
			if l.Group != g.ID {
				continue
			}
			s := Summary{ID: l.ID, Number: l.Number, Title: l.Title.In(lang), Steps: len(l.Steps)}
			for _, st := range l.Steps {
				if st.Task != nil {
					s.Tasks++
				}
			}
			gr.Lessons = append(gr.Lessons, s)
		}
		out = append(out, gr)
	}
	return out
}

func byID(id string) (lessons.Lesson, error) {
	l, err := lessons.ByID(id)
	if err != nil {
		return lessons.Lesson{}, &Error{NotFound, err.Error()}
	}
	return l, nil
}

// Get is the lesson id in lang, every step with its board.
func Get(id, lang string) (Lesson, error) {
	l, err := byID(id)
	if err != nil {
		return Lesson{}, err
	}
	out := Lesson{ID: l.ID, Number: l.Number, Group: string(l.Group), Title: l.Title.In(lang), Intro: l.Intro.In(lang), Steps: []Step{}}
	for i, st := range l.Steps {
		pos, err := st.Position()
		if err != nil {
			return Lesson{}, fmt.Errorf("lesson %s step %d: %w", id, i, err)
		}
		s := Step{Text: st.Text.In(lang), Highlights: st.Highlights, Arrows: st.Arrows, Outcome: st.Outcome,
			Board: board(pos, "", st.Task != nil)}
		if s.Highlights == nil {
			s.Highlights = []string{}
		}
		if s.Arrows == nil {
			s.Arrows = []lessons.Arrow{}
		}
		if t := st.Task; t != nil {
			s.Task = &Task{Kind: string(t.Kind), Prompt: t.Prompt.In(lang), Learner: colorLetter(t.Learner()), Moves: t.Moves, Aim: string(t.Aim)}
		}
		out.Steps = append(out.Steps, s)
	}
	return out, nil
}

// Check judges move on step of lesson id after the moves already played
// there (the learner's and the engine's, as the last Verdict's Line), and
// plays the engine's reply after a right move of a play task that is not
// done.
func Check(ctx context.Context, id string, step int, moves []string, move string) (Verdict, error) {
	l, err := byID(id)
	if err != nil {
		return Verdict{}, err
	}
	if step < 0 || step >= len(l.Steps) {
		return Verdict{}, &Error{NotFound, fmt.Sprintf("lesson %s has no step %d (it has 0 to %d)", id, step, len(l.Steps)-1)}
	}
	st := l.Steps[step]
	t := st.Task
	if t == nil {
		return Verdict{}, &Error{Invalid, fmt.Sprintf("step %d of lesson %s has no task", step, id)}
	}
	if len(moves) > MaxLine {
		return Verdict{}, &Error{Invalid, fmt.Sprintf("at most %d moves before the move", MaxLine)}
	}
	if t.Kind != lessons.TaskPlay && len(moves) > 0 {
		return Verdict{}, &Error{Invalid, "this task is one move: send no moves before it"}
	}
	for _, m := range append(slices.Clone(moves), move) {
		if len(m) == 0 || len(m) > 10 || strings.ContainsFunc(m, func(r rune) bool { return r <= ' ' || r > '~' }) {
			return Verdict{}, &Error{Invalid, fmt.Sprintf("bad move %q", m)}
		}
	}
	pos, err := st.Replay(moves)
	if err != nil {
		return Verdict{}, &Error{Invalid, err.Error()}
	}
	m, err := pos.ParseUCIMove(move)
	if err != nil {
		return Verdict{}, &Error{Invalid, err.Error()}
	}
	if !pos.IsLegal(m) {
		return Verdict{}, &Error{Invalid, fmt.Sprintf("move %q is not legal here", move)}
	}
	v := t.Check(pos, m)
	out := Verdict{Right: v.Right, Done: v.Done, Reason: v.Reason, Left: v.Left, Line: append([]string{}, moves...)}
	if v.Right {
		pos.Make(m)
		out.Line = append(out.Line, m.String())
		if !v.Done && t.Kind == lessons.TaskPlay {
			r, err := t.Reply(ctx, pos)
			if err != nil {
				return Verdict{}, fmt.Errorf("lesson %s step %d: the engine's reply: %w", id, step, err)
			}
			san := pos.SAN(r)
			out.ReplySAN = &lessons.Text{ES: spanishSAN(san), EN: san}
			pos.Make(r)
			out.Reply = r.String()
			out.Line = append(out.Line, out.Reply)
		}
	}
	last := ""
	if n := len(out.Line); n > 0 {
		last = out.Line[n-1]
	}
	out.Board = board(pos, last, !out.Done)
	return out, nil
}

// board draws pos; legal lists the side to move's moves when asked.
func board(pos *chess.Position, last string, legal bool) Board {
	b := Board{Files: 8, Ranks: 8, Pieces: map[string]string{}, FEN: pos.FEN(), Turn: colorLetter(pos.Side()), Legal: []string{}, LastMove: last}
	for s := chess.Square(0); s < 64; s++ {
		if pc := pos.At(s); pc != chess.NoPiece {
			b.Pieces[s.String()] = colorLetter(pc.Color()) + string(pc.Type().Letter())
		}
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

// spanishSAN writes an English SAN with the Spanish piece letters (R rey,
// D dama, T torre, A alfil, C caballo), as the lessons' Spanish texts do.
func spanishSAN(san string) string {
	return strings.NewReplacer("K", "R", "Q", "D", "R", "T", "B", "A", "N", "C").Replace(san)
}

func colorLetter(c chess.Color) string {
	if c == chess.White {
		return "w"
	}
	return "b"
}
