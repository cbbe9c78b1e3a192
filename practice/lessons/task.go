package lessons

import (
	"fmt"

	"azar/internal/text"
	"azar/practice/mate"
	"azar/variants/chess"
)

// TaskKind says how a task judges the learner's move.
type TaskKind string

// The kinds of task.
const (
	// TaskChoose accepts the moves listed in Accept; the moves in Reject
	// get their own explanation, any other move Otherwise.
	TaskChoose TaskKind = "choose"
	// TaskGoal accepts any legal move that meets every one of Goals.
	TaskGoal TaskKind = "goal"
	// TaskPlay is played on against the engine (Reply) until the Aim is
	// reached within Moves of the learner's moves; each move is judged on
	// whether the aim can still be forced in the moves left.
	TaskPlay TaskKind = "play"
)

// Aim is what a play task must reach.
type Aim string

// The aims of play tasks.
const (
	AimMate    Aim = "mate"    // checkmate
	AimPromote Aim = "promote" // a pawn promoted to a piece that wins (king and pawn against king)
)

// Task is what the learner does on a step's board. Moves are in UCI
// notation ("e2e4", "e7e8q", "e1g1" for castling).
type Task struct {
	Kind   TaskKind `json:"kind"`
	Prompt Text     `json:"prompt"`
	// Solution is a right answer: one move for choose and goal tasks; for
	// a play task the whole line, the learner's and the engine's moves
	// alternating, as the engine defends at ReplyNodes.
	Solution  []string `json:"solution"`
	Accept    []Note   `json:"accept,omitempty"`
	Reject    []Note   `json:"reject,omitempty"`
	Otherwise Text     `json:"otherwise,omitzero"`
	Goals     []Goal   `json:"goals,omitempty"`
	Aim       Aim      `json:"aim,omitempty"`
	Moves     int      `json:"moves,omitempty"` // play: the learner's moves allowed (0: no limit)
	Success   Text     `json:"success,omitzero"`

	// The step's position: its full-move number (to count a play task's
	// moves) and the learner's colour. All sets them.
	startMove int
	learner   chess.Color
}

// Note is a move with what the lesson says about it (an empty Reason on
// an accepted move means the task's Success).
type Note struct {
	Move   string `json:"move"`
	Reason Text   `json:"reason,omitzero"`
}

// Verdict is the judgement of one move. Done is set when the task is
// complete; a right move of a play task that is not yet done waits for
// the engine's Reply.
type Verdict struct {
	Right  bool `json:"right"`
	Done   bool `json:"done"`
	Reason Text `json:"reason"`
	// Left is, in a play task with a move limit, how many of the
	// learner's moves remain after this one.
	Left int `json:"left,omitempty"`
}

func (t *Task) bind(fen string) {
	if p, err := chess.ParseFEN(fen); err == nil {
		t.startMove, t.learner = p.FullMove(), p.Side()
	}
}

// Learner is the colour the learner plays (the side to move on the
// step's board).
func (t Task) Learner() chess.Color { return t.learner }

func wrong(r Text) Verdict { return Verdict{Reason: r} }

// Check judges move in pos, the step's position or, in a play task, the
// position reached from it (by Make, or parsed from a FEN whose move
// numbers were kept: the full-move number counts the learner's moves).
// pos is not changed.
func (t Task) Check(pos *chess.Position, move chess.Move) Verdict {
	if pos == nil || !pos.IsLegal(move) {
		return wrong(tx("Ese movimiento no es legal aquí.", "That move is not legal here."))
	}
	if pos.Side() != t.learner {
		return wrong(tx("No es tu turno.", "It is not your move."))
	}
	switch t.Kind {
	case TaskChoose:
		return t.checkChoose(move)
	case TaskGoal:
		for _, g := range t.Goals {
			if ok, why := g.met(pos, move); !ok {
				return wrong(why)
			}
		}
		return Verdict{Right: true, Done: true, Reason: t.Success}
	case TaskPlay:
		return t.checkPlay(pos, move)
	}
	return wrong(tx("Esta tarea no se puede comprobar.", "This task cannot be checked."))
}

func (t Task) checkChoose(move chess.Move) Verdict {
	uci := move.String()
	for _, n := range t.Accept {
		if n.Move == uci {
			r := n.Reason
			if r == (Text{}) {
				r = t.Success
			}
			return Verdict{Right: true, Done: true, Reason: r}
		}
	}
	for _, n := range t.Reject {
		if n.Move == uci {
			return wrong(n.Reason)
		}
	}
	return wrong(t.Otherwise)
}

// used is the number of the learner's move about to be played in pos.
func (t Task) used(pos *chess.Position) int { return pos.FullMove() - t.startMove + 1 }

func (t Task) checkPlay(pos *chess.Position, move chess.Move) Verdict {
	k := t.used(pos)
	if k < 1 {
		return wrong(tx("Esta posición no sale del tablero de la tarea.", "This position does not come from the task's board."))
	}
	if t.Moves > 0 && k > t.Moves {
		return wrong(tx(fmt.Sprintf("Ya no quedan jugadas: había que lograrlo en %d.", t.Moves),
			fmt.Sprintf("No moves left: it had to be done in %d.", t.Moves)))
	}
	left := t.Moves - k // the learner's moves after this one
	after := pos.Clone()
	after.Make(move)
	st := after.Status(false)
	switch t.Aim {
	case AimMate:
		switch {
		case st == chess.Checkmate:
			return Verdict{Right: true, Done: true, Reason: t.Success}
		case st == chess.Stalemate:
			return wrong(stalemateReason())
		case st.IsDraw():
			return wrong(tx("Con eso la partida acaba en tablas.", "That ends the game in a draw."))
		case t.Moves > 0 && left == 0:
			return wrong(tx("No es mate, y era tu última jugada.", "That is not mate, and it was your last move."))
		}
		if t.Moves > 0 && mate.Lost(after, left) {
			return Verdict{Right: true, Left: left, Reason: tx(fmt.Sprintf("Bien. Te quedan %s.", movesES(left)), fmt.Sprintf("Good. %s left.", text.Capital(movesEN(left))))}
		}
		if s, ok := lossOfPiece(after); ok {
			return wrong(s)
		}
		if t.Moves == 0 {
			return Verdict{Right: true, Reason: tx("Sigue.", "Go on.")}
		}
		return wrong(tx(fmt.Sprintf("Tras esa jugada ya no hay mate forzado en %s: el rey rival se escapa.", movesES(left)),
			fmt.Sprintf("After that move there is no forced mate in %s any more: the enemy king gets away.", movesEN(left))))
	case AimPromote:
		strong, win, plies, ok := kpkAfter(pos, move)
		switch {
		case !ok || strong != t.learner:
			return wrong(tx("Esta tarea es un final de rey y peón contra rey.", "This task is a king and pawn against king ending."))
		case !win && move.Kind() == chess.KindPromotion && (move.Promotion() == chess.Knight || move.Promotion() == chess.Bishop):
			return wrong(tx("Con un caballo o un alfil solo no se puede dar mate: corona en dama.",
				"A lone knight or bishop cannot mate: promote to a queen."))
		case !win && st == chess.Stalemate:
			return wrong(stalemateReason())
		case !win:
			return wrong(tx("Esa jugada deja escapar la victoria: con buena defensa es tablas.",
				"That move lets the win slip: with good defence it is a draw."))
		case move.Kind() == chess.KindPromotion:
			return Verdict{Right: true, Done: true, Reason: t.Success}
		case t.Moves > 0 && (plies+1)/2 > left:
			return wrong(tx(fmt.Sprintf("Sigue ganando, pero es lento: así el peón ya no corona en %d jugadas.", t.Moves),
				fmt.Sprintf("Still winning, but slow: the pawn can no longer promote within %d moves.", t.Moves)))
		}
		return Verdict{Right: true, Left: max(left, 0), Reason: tx("Bien: la posición sigue ganada.", "Good: the position is still won.")}
	}
	return wrong(tx("Esta tarea no se puede comprobar.", "This task cannot be checked."))
}

func stalemateReason() Text {
	return tx("¡Ahogado! El rival no tiene jugadas legales y no está en jaque: es tablas.",
		"Stalemate! The opponent has no legal move and is not in check: a draw.")
}

// lossOfPiece says so when the side to move in p (the defender) can take
// a piece other than a pawn for nothing.
func lossOfPiece(p *chess.Position) (Text, bool) {
	var l chess.MoveList
	p.GenerateLegal(&l)
	for _, m := range l.Slice() {
		victim := p.At(m.To())
		if victim == chess.NoPiece || victim.Type() == chess.Pawn || m.Kind() == chess.KindCastle {
			continue
		}
		if p.AttackersTo(m.To(), p.Occupied()&^m.From().Bit())&p.ColorBB(victim.Color()) == 0 {
			es, en := pieceNames(victim.Type())
			return tx(fmt.Sprintf("¡Cuidado! El rival puede capturar %s en %s.", es, m.To()),
				fmt.Sprintf("Careful! The opponent can take %s on %s.", en, m.To())), true
		}
	}
	return Text{}, false
}

func movesES(n int) string {
	if n == 1 {
		return "1 jugada"
	}
	return fmt.Sprintf("%d jugadas", n)
}

func movesEN(n int) string {
	if n == 1 {
		return "1 move"
	}
	return fmt.Sprintf("%d moves", n)
}

// pieceNames are a piece's name with its article, in Spanish and English.
func pieceNames(t chess.PieceType) (es, en string) {
	switch t {
	case chess.Pawn:
		return "el peón", "the pawn"
	case chess.Knight:
		return "el caballo", "the knight"
	case chess.Bishop:
		return "el alfil", "the bishop"
	case chess.Rook:
		return "la torre", "the rook"
	case chess.Queen:
		return "la dama", "the queen"
	case chess.King:
		return "el rey", "the king"
	}
	return "la pieza", "the piece"
}

// bareNames are a piece's name for "promote to": "dama", "a queen".
func bareNames(t chess.PieceType) (es, en string) {
	switch t {
	case chess.Knight:
		return "caballo", "a knight"
	case chess.Bishop:
		return "alfil", "a bishop"
	case chess.Rook:
		return "torre", "a rook"
	case chess.Queen:
		return "dama", "a queen"
	}
	return "pieza", "a piece"
}
