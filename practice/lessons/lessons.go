package lessons

import (
	"fmt"

	"azar/variants/chess"
)

// Text is one text in both languages of the app.
type Text struct {
	ES string `json:"es"`
	EN string `json:"en"`
}

// In returns the text in lang ("es" or "en"; anything else is English).
func (t Text) In(lang string) string {
	if lang == "es" {
		return t.ES
	}
	return t.EN
}

func tx(es, en string) Text { return Text{ES: es, EN: en} }

// Group is one of the four groups of lessons, by id.
type Group string

// The four groups, in the order the app lists them.
const (
	GroupMoves    Group = "moves"
	GroupOpenings Group = "openings"
	GroupEndgames Group = "endgames"
	GroupStrategy Group = "strategy"
)

// GroupInfo is a group with its title.
type GroupInfo struct {
	ID    Group `json:"id"`
	Title Text  `json:"title"`
}

// Groups lists the four groups in order.
func Groups() []GroupInfo {
	return []GroupInfo{
		{GroupMoves, tx("Cómo se mueven las piezas", "How the pieces move")},
		{GroupOpenings, tx("Aperturas", "Openings")},
		{GroupEndgames, tx("Finales", "Endgames")},
		{GroupStrategy, tx("Estrategia", "Strategy")},
	}
}

// Lesson is one lesson: a title, an introduction and its steps.
type Lesson struct {
	ID     string `json:"id"`
	Number int    `json:"number"` // 1..12, the order of docs/rules/standard.md C4
	Group  Group  `json:"group"`
	Title  Text   `json:"title"`
	Intro  Text   `json:"intro"`
	Steps  []Step `json:"steps"`
}

// Step is one board of a lesson with its text. Highlights and Arrows are
// drawn on the board; a step with a Task waits for the learner's move.
type Step struct {
	FEN        string   `json:"fen"`
	Text       Text     `json:"text"`
	Highlights []string `json:"highlights,omitempty"` // squares, "e4"
	Arrows     []Arrow  `json:"arrows,omitempty"`
	// Outcome, when set, is the result of the position with best play
	// ("1-0", "0-1", "1/2-1/2"), a claim the text makes and the tests
	// prove (endgames).
	Outcome string `json:"outcome,omitempty"`
	Task    *Task  `json:"task,omitempty"`
}

// Arrow is an arrow on the board from one square to another.
type Arrow struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// All returns the twelve lessons in order, as fresh values the caller may
// change.
func All() []Lesson {
	ls := []Lesson{
		lessonPieces(), lessonSpecialMoves(), lessonCheckmate(),
		lessonOpeningPrinciples(), lessonItalian(), lessonSicilian(),
		lessonRookMate(), lessonKingPawn(),
		lessonPieceValues(), lessonDoubleAttacks(), lessonPinsSkewers(), lessonPawnStructure(),
	}
	for i := range ls {
		ls[i].Number = i + 1
		for j := range ls[i].Steps {
			if t := ls[i].Steps[j].Task; t != nil {
				t.bind(ls[i].Steps[j].FEN)
			}
		}
	}
	return ls
}

// ByID returns the lesson with the given id.
func ByID(id string) (Lesson, error) {
	for _, l := range All() {
		if l.ID == id {
			return l, nil
		}
	}
	return Lesson{}, fmt.Errorf("no lesson %q", id)
}

// Position parses the step's board.
func (s Step) Position() (*chess.Position, error) { return chess.ParseFEN(s.FEN) }

// Replay is the step's board after moves (UCI, the learner's and the
// engine's alternating, as a play task goes): what a server that keeps
// only the moves of a lesson in progress hands to Check and Reply. An
// illegal or malformed move is an error naming it.
func (s Step) Replay(moves []string) (*chess.Position, error) {
	p, err := s.Position()
	if err != nil {
		return nil, err
	}
	for i, u := range moves {
		m, err := p.ParseUCIMove(u)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		p.Make(m)
	}
	return p, nil
}
