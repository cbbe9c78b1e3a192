package lessons

import (
	"fmt"
	"strings"

	"azar/variants/chess"
)

// GoalKind is a condition a goal task's move must meet, judged on the
// real board.
type GoalKind string

// The goals. Piece is a piece letter ("P", "N", "B", "R", "Q", "K"),
// Squares are square names.
const (
	GoalReach     GoalKind = "reach"      // the moving piece (of type Piece, if set) ends on one of Squares
	GoalCapture   GoalKind = "capture"    // the move captures (a piece of type Piece, if set)
	GoalCheck     GoalKind = "check"      // the move gives check
	GoalMate      GoalKind = "mate"       // the move gives checkmate
	GoalCastle    GoalKind = "castle"     // the move castles (the king to Squares[0], if set)
	GoalEnPassant GoalKind = "en-passant" // the move takes en passant
	GoalPromote   GoalKind = "promote"    // the move promotes (to Piece, if set)
	GoalAttacks   GoalKind = "attacks"    // after the move the moved piece attacks every one of Squares
	GoalSafe      GoalKind = "safe"       // the opponent cannot then win the moved piece by a capture (static exchange)
	GoalGain      GoalKind = "gain"       // the move's static exchange wins at least Value centipawns
	GoalThrough   GoalKind = "through"    // the moved piece attacks Squares[0] with Squares[1] behind it on the same line: a pin or a skewer
	GoalKeep      GoalKind = "keep"       // king and pawn against king: the move keeps Result ("win" or "draw") for the mover, exactly
)

// Goal is one condition of a goal task.
type Goal struct {
	Kind    GoalKind `json:"kind"`
	Piece   string   `json:"piece,omitempty"`
	Squares []string `json:"squares,omitempty"`
	Value   int      `json:"value,omitempty"`
	Result  string   `json:"result,omitempty"`
}

func pieceType(letter string) chess.PieceType {
	if len(letter) == 1 {
		if pc, ok := chess.PieceFromLetter(strings.ToUpper(letter)[0]); ok {
			return pc.Type()
		}
	}
	return chess.NoPieceType
}

func squares(names []string) []chess.Square {
	var out []chess.Square
	for _, n := range names {
		if s, ok := chess.ParseSquare(n); ok {
			out = append(out, s)
		}
	}
	return out
}

// moverAfter is the moving piece's type once the move is made (a
// promotion's new piece) and its square (the king's for castling).
func moverAfter(p *chess.Position, m chess.Move) (chess.PieceType, chess.Square) {
	switch m.Kind() {
	case chess.KindPromotion:
		return m.Promotion(), m.To()
	case chess.KindCastle:
		return chess.King, m.To()
	}
	return p.At(m.From()).Type(), m.To()
}

// captured is the type the move takes, or NoPieceType.
func captured(p *chess.Position, m chess.Move) chess.PieceType {
	switch m.Kind() {
	case chess.KindEnPassant:
		return chess.Pawn
	case chess.KindCastle:
		return chess.NoPieceType
	}
	return p.At(m.To()).Type()
}

// attacksFrom is what a piece of type t and colour c on s attacks with
// the pieces of occ on the board.
func attacksFrom(t chess.PieceType, c chess.Color, s chess.Square, occ chess.Bitboard) chess.Bitboard {
	switch t {
	case chess.Pawn:
		return chess.PawnAttacks(c, s)
	case chess.Knight:
		return chess.KnightAttacks(s)
	case chess.Bishop:
		return chess.BishopAttacks(s, occ)
	case chess.Rook:
		return chess.RookAttacks(s, occ)
	case chess.Queen:
		return chess.QueenAttacks(s, occ)
	case chess.King:
		return chess.KingAttacks(s)
	}
	return 0
}

// named is the piece on s in p with its square, "la torre de a8" / "the
// rook on a8", or the bare square when it is empty.
func named(p *chess.Position, s chess.Square) (es, en string) {
	pc := p.At(s)
	if pc == chess.NoPiece {
		return s.String(), s.String()
	}
	es, en = pieceNames(pc.Type())
	return es + " de " + s.String(), en + " on " + s.String()
}

// met reports whether m (legal in p) meets the goal, and if not why.
func (g Goal) met(p *chess.Position, m chess.Move) (bool, Text) {
	after := p.Clone()
	after.Make(m)
	us := p.Side()
	mt, to := moverAfter(p, m)
	want := pieceType(g.Piece)
	switch g.Kind {
	case GoalReach:
		if want != chess.NoPieceType && p.At(m.From()).Type() != want {
			es, en := pieceNames(want)
			return false, tx("Mueve "+es+".", "Move "+en+".")
		}
		if len(g.Squares) == 0 {
			return true, Text{}
		}
		for _, s := range squares(g.Squares) {
			if s == to {
				return true, Text{}
			}
		}
		if len(g.Squares) == 1 {
			return false, tx("Esa pieza no llega a "+g.Squares[0]+".", "That does not reach "+g.Squares[0]+".")
		}
		return false, tx("Esa jugada no llega a ninguna de las casillas marcadas.", "That does not reach any of the marked squares.")
	case GoalCapture:
		c := captured(p, m)
		if c == chess.NoPieceType {
			return false, tx("Esa jugada no captura nada.", "That move captures nothing.")
		}
		if want != chess.NoPieceType && c != want {
			es, en := pieceNames(want)
			return false, tx("Esa jugada no captura "+es+".", "That move does not capture "+en+".")
		}
		return true, Text{}
	case GoalCheck:
		if !after.InCheck() {
			return false, tx("Esa jugada no da jaque.", "That move does not give check.")
		}
		return true, Text{}
	case GoalMate:
		switch after.Status(false) {
		case chess.Checkmate:
			return true, Text{}
		case chess.Stalemate:
			return false, stalemateReason()
		}
		if after.InCheck() {
			return false, tx("Es jaque, pero no mate: el rey tiene una salida.", "That is check, but not mate: the king has a way out.")
		}
		return false, tx("Esa jugada no da mate.", "That move does not give mate.")
	case GoalCastle:
		if m.Kind() != chess.KindCastle {
			return false, tx("Esa jugada no es un enroque.", "That move is not castling.")
		}
		if sq := squares(g.Squares); len(sq) > 0 && sq[0] != m.To() {
			return false, tx("Enroca hacia el otro lado: el rey va a "+sq[0].String()+".", "Castle to the other side: the king goes to "+sq[0].String()+".")
		}
		return true, Text{}
	case GoalEnPassant:
		if m.Kind() != chess.KindEnPassant {
			return false, tx("Esa jugada no es una captura al paso.", "That move is not an en passant capture.")
		}
		return true, Text{}
	case GoalPromote:
		if m.Kind() != chess.KindPromotion {
			return false, tx("Esa jugada no corona un peón.", "That move does not promote a pawn.")
		}
		if want != chess.NoPieceType && m.Promotion() != want {
			es, en := bareNames(want)
			return false, tx("Corona en "+es+".", "Promote to "+en+".")
		}
		return true, Text{}
	case GoalAttacks:
		att := attacksFrom(mt, us, to, after.Occupied())
		es, en := pieceNames(mt)
		for _, s := range squares(g.Squares) {
			if !att.Has(s) {
				tes, ten := named(p, s)
				return false, tx(fmt.Sprintf("Desde %s, %s no ataca %s.", to, es, tes),
					fmt.Sprintf("From %s %s does not attack %s.", to, en, ten))
			}
		}
		return true, Text{}
	case GoalSafe:
		var l chess.MoveList
		after.GenerateLegal(&l)
		for _, r := range l.Slice() {
			if r.To() == to && r.Kind() != chess.KindCastle && after.SEEGE(r, 1) {
				es, en := pieceNames(mt)
				pron := "lo"
				if strings.HasPrefix(es, "la ") {
					pron = "la"
				}
				san := after.SAN(r)
				return false, tx(fmt.Sprintf("Pero allí %s no está a salvo: %s %s gana.", es, sanES(san), pron),
					fmt.Sprintf("But %s is not safe there: %s wins it.", en, san))
			}
		}
		return true, Text{}
	case GoalGain:
		if !p.SEEGE(m, g.Value) {
			return false, tx("Cuenta los cambios antes de capturar: esa jugada no gana material.",
				"Count the exchanges before you capture: that move does not win material.")
		}
		return true, Text{}
	case GoalThrough:
		sq := squares(g.Squares)
		if len(sq) != 2 {
			return false, tx("Esta tarea está mal definida.", "This task is badly defined.")
		}
		front, behind := sq[0], sq[1]
		slider := mt == chess.Bishop || mt == chess.Rook || mt == chess.Queen
		fes, fen := named(p, front)
		bes, ben := named(p, behind)
		lined := slider && attacksFrom(mt, us, to, after.Occupied()).Has(front) &&
			chess.Line(to, behind).Has(front) && chess.Between(to, behind)&after.Occupied() == front.Bit() &&
			attacksFrom(mt, us, to, after.Occupied()&^front.Bit()).Has(behind)
		if !lined {
			return false, tx(fmt.Sprintf("Esa jugada no pone %s y, detrás, %s en la línea de una pieza tuya.", fes, bes),
				fmt.Sprintf("That move does not line up %s and, behind it, %s on one of your pieces' lines.", fen, ben))
		}
		return true, Text{}
	case GoalKeep:
		strong, win, _, ok := kpkAfter(p, m)
		if !ok {
			return false, tx("Esta tarea es un final de rey y peón contra rey.", "This task is a king and pawn against king ending.")
		}
		switch {
		case g.Result == "win" && strong == us && !win:
			return false, tx("Esa jugada deja escapar la victoria: con buena defensa es tablas.",
				"That move lets the win slip: with good defence it is a draw.")
		case g.Result == "draw" && strong != us && win:
			return false, tx("Esa jugada pierde: ahora el peón corona a la fuerza.",
				"That move loses: now the pawn queens by force.")
		case g.Result != "win" && g.Result != "draw", g.Result == "win" && strong != us, g.Result == "draw" && strong == us:
			return false, tx("Esta tarea está mal definida.", "This task is badly defined.")
		}
		return true, Text{}
	}
	return false, tx("Esta tarea está mal definida.", "This task is badly defined.")
}

// sanES writes a SAN move with the Spanish piece letters: R rey, D dama,
// T torre, A alfil, C caballo ("Kxd7" is "Rxd7", "e8=Q" is "e8=D").
func sanES(san string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case 'K':
			return 'R'
		case 'Q':
			return 'D'
		case 'R':
			return 'T'
		case 'B':
			return 'A'
		case 'N':
			return 'C'
		}
		return r
	}, san)
}
