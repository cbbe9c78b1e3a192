package puzzle

import (
	"fmt"
	"strings"

	"azar/variants/chess"
)

var pieceNames = [7]string{"", "pawn", "knight", "bishop", "rook", "queen", "king"}

// movedType is the type of the piece standing on m's destination once m
// is played (the promoted piece for a promotion).
func movedType(pos *chess.Position, m chess.Move) chess.PieceType {
	if m.Kind() == chess.KindPromotion {
		return m.Promotion()
	}
	return pos.At(m.From()).Type()
}

// sacrifice reports whether the move m in pos leaves its piece where the
// defender can take it at a profit: attacked and undefended (and worth
// more than what it took), or attacked by something cheaper.
func sacrifice(pos *chess.Position, m chess.Move) bool {
	if m.Kind() == chess.KindCastle {
		return false
	}
	p := pos.Clone()
	p.Make(m)
	sq := m.To()
	t := p.At(sq).Type()
	att := p.AttackersTo(sq, p.Occupied())
	theirs, ours := att&p.ColorBB(p.Side()), att&p.ColorBB(p.Side().Other())
	if theirs == 0 {
		return false
	}
	if ours == 0 {
		return material[pos.At(m.To()).Type()] < material[t]
	}
	for x := chess.Pawn; x < t; x++ {
		if theirs&p.Pieces(p.Side(), x) != 0 {
			return true
		}
	}
	return false
}

// matePattern names the final picture of a mate: the position after the
// mating move.
func matePattern(mated *chess.Position) string {
	checkers := mated.Checkers()
	ksq := mated.KingSquare(mated.Side())
	if checkers.Many() {
		return "double-check"
	}
	csq := checkers.LSB()
	if mated.At(csq).Type() == chess.Knight &&
		chess.KingAttacks(ksq)&^mated.ColorBB(mated.Side()) == 0 {
		return "smothered"
	}
	home := 0
	if mated.Side() == chess.Black {
		home = 7
	}
	ct := mated.At(csq).Type()
	if ksq.Rank() == home && csq.Rank() == home && (ct == chess.Rook || ct == chess.Queen) {
		return "back-rank"
	}
	return ""
}

// mateHint is what a mate's hint says: the first move's piece and
// character, the mating piece and the final pattern. Its english and
// spanish (hint_es.go) write it.
type mateHint struct {
	n                   int
	first, finisher     chess.PieceType
	promotion, castling bool
	check, capture, sac bool
	pattern             string // smothered, double-check, back-rank or ""
}

func mateHintOf(pos *chess.Position, line []chess.Move, n int) mateHint {
	first := line[0]
	p := pos.Clone()
	h := mateHint{n: n, first: movedType(p, first), check: p.GivesCheck(first),
		capture:   p.At(first.To()) != chess.NoPiece || first.Kind() == chess.KindEnPassant,
		sac:       sacrifice(p, first),
		promotion: first.Kind() == chess.KindPromotion, castling: first.Kind() == chess.KindCastle}
	for _, m := range line {
		p.Make(m)
	}
	h.finisher = p.At(line[len(line)-1].To()).Type()
	h.pattern = matePattern(p)
	return h
}

// MateHint writes the hint of a mate puzzle from its position and line:
// the piece and character of the first move, and the final pattern.
func MateHint(pos *chess.Position, line []chess.Move, n int) string {
	return mateHintOf(pos, line, n).english()
}

func (h mateHint) english() string {
	if h.n == 1 {
		switch h.pattern {
		case "smothered":
			return "The king is walled in by its own pieces: a knight check finishes it."
		case "double-check":
			return fmt.Sprintf("A double check with the %s: the king must move and has nowhere to go.", pieceNames[h.first])
		case "back-rank":
			return fmt.Sprintf("The king is stuck on its back rank: give the check along it with the %s.", pieceNames[h.finisher])
		}
		if h.capture {
			return fmt.Sprintf("The %s mates with a capture: find the check the king cannot escape.", pieceNames[h.finisher])
		}
		return fmt.Sprintf("The %s mates: find the check that leaves the king no square.", pieceNames[h.finisher])
	}
	what := pieceNames[h.first]
	if h.promotion {
		what = "promotion to a " + what
	} else if h.castling {
		what = "castling"
	}
	var start string
	switch {
	case h.promotion && h.check:
		start = "a pawn " + what + " with check"
	case h.promotion:
		start = "a pawn " + what + " that gives no check"
	case h.sac && h.check:
		start = fmt.Sprintf("a %s sacrifice with check", what)
	case h.sac:
		start = fmt.Sprintf("a quiet %s sacrifice", what)
	case h.check && h.capture:
		start = fmt.Sprintf("a %s capture with check", what)
	case h.check:
		start = fmt.Sprintf("a %s check", what)
	case h.capture:
		start = fmt.Sprintf("a %s capture that gives no check", what)
	case h.castling:
		start = "castling, no check"
	default:
		start = fmt.Sprintf("a quiet %s move, no check", what)
	}
	end := fmt.Sprintf("the %s gives the final mate", pieceNames[h.finisher])
	if h.pattern != "" {
		end = fmt.Sprintf("it ends in a %s mate by the %s", strings.ReplaceAll(h.pattern, "-", " "), pieceNames[h.finisher])
	}
	return fmt.Sprintf("Mate in %d. It starts with %s; %s.", h.n, start, end)
}

// tacticHint is what a tactic's hint says: its shape and whether the
// first move captures.
type tacticHint struct {
	shape   tacticShape
	capture bool
}

// TacticHint writes the hint of a tactic from the shape its line makes.
func TacticHint(pos *chess.Position, sh tacticShape, first chess.Move) string {
	return tacticHint{sh, pos.At(first.To()) != chess.NoPiece}.english()
}

// named is a double attack's targets as the hint names them: pawns only
// when the attack needs them to make two.
func (h tacticHint) named() []chess.PieceType {
	var names []chess.PieceType
	for _, t := range h.shape.targets {
		if t != chess.Pawn || len(names) < 2 {
			names = append(names, t)
		}
	}
	return names
}

func (h tacticHint) english() string {
	sh := h.shape
	mover := pieceNames[sh.mover]
	switch sh.kind {
	case SkewerKind:
		if sh.front == chess.King {
			return fmt.Sprintf("Check the king with the %s along a line: when it steps aside, the %s behind it falls.", mover, pieceNames[sh.back])
		}
		return fmt.Sprintf("Aim the %s at the %s: when the %s steps aside, the %s behind it falls.", mover, pieceNames[sh.front], pieceNames[sh.front], pieceNames[sh.back])
	}
	var names []string
	for _, t := range h.named() {
		names = append(names, pieceNames[t])
	}
	list := strings.Join(names[:len(names)-1], ", the ") + " and the " + names[len(names)-1]
	verb := "move"
	if h.capture {
		verb = "capture"
	}
	if sh.targets[0] == chess.King {
		return fmt.Sprintf("Find the %s %s that checks the king and attacks the %s at once.", mover, verb, strings.Join(names[1:], " and the "))
	}
	return fmt.Sprintf("Find the %s %s that attacks the %s at once.", mover, verb, list)
}

// Hint writes p's hint from its position and stored line: MateHint for a
// mate, TacticHint for the shape of a tactic's line. The shipped hints
// are exactly these (TestShippedHintsAreDerived).
func Hint(p Puzzle) (string, error) {
	return HintIn(p, "en")
}

// HintIn writes p's hint in lang: "en" as Hint, "es" in Spanish (the
// shipped set stores the English only; the Spanish is derived the same
// way each time it is asked for).
func HintIn(p Puzzle, lang string) (string, error) {
	pos, err := p.Position()
	if err != nil {
		return "", err
	}
	line, err := p.line(pos)
	if err != nil {
		return "", err
	}
	if p.Kind == Mate {
		h := mateHintOf(pos, line, p.Moves)
		if lang == "es" {
			return h.spanish(), nil
		}
		return h.english(), nil
	}
	sh, ok := classify(pos, line)
	if !ok || sh.kind != p.Kind {
		return "", fmt.Errorf("the line does not make a %s", p.Kind)
	}
	h := tacticHint{sh, pos.At(line[0].To()) != chess.NoPiece}
	if lang == "es" {
		return h.spanish(), nil
	}
	return h.english(), nil
}
