package spy

import (
	"strings"

	"azar/variants"
	"azar/variants/chess"
)

// ApplyTrusted applies a, which must be one of the actions Legal returned
// in this position, without validating it again: the search's fast path.
// Anything else corrupts the state; use Apply for untrusted actions.
func (s *State) ApplyTrusted(a variants.Action) { s.apply(a) }

// IsCapture reports whether the move action a captures a piece in the
// current position (en passant included); false for reveals and the pass.
func (s *State) IsCapture(a variants.Action) bool {
	m, ok := ActionMove(a)
	if !ok || m == chess.NullMove {
		return false
	}
	return m.Kind() == chess.KindEnPassant || (m.Kind() != chess.KindCastle && s.pos.At(m.To()) != chess.NoPiece)
}

// SAN writes a in the game record's notation: standard algebraic notation
// for a move, with disambiguation, check (+) and mate (#) by spy-chess
// rules (the original queen's knight jumps included); reveal:<card> for a
// reveal, with + or # when the reveal gives check or mate; claim for the
// draw claim; 0000 for the pass. a must be legal here.
func (s *State) SAN(a variants.Action) string {
	if a == ClaimAction {
		return "claim"
	}
	var b strings.Builder
	if c, ok := IsReveal(a); ok {
		b.WriteString("reveal:" + c.String())
	} else if m, _ := ActionMove(a); m == chess.NullMove {
		return "0000"
	} else {
		s.writeSAN(&b, m)
	}
	if err := s.Apply(a); err != nil {
		return b.String()
	}
	if s.inCheck(s.pos.Side()) {
		if over, _, _ := s.Result(); over && !s.opts.KingCapture {
			b.WriteByte('#')
		} else {
			b.WriteByte('+')
		}
	}
	s.Undo()
	return b.String()
}

func (s *State) writeSAN(b *strings.Builder, m chess.Move) {
	p := s.pos
	from, to := m.From(), m.To()
	pc := p.At(from)
	if m.Kind() == chess.KindCastle {
		if to.File() == 6 {
			b.WriteString("O-O")
		} else {
			b.WriteString("O-O-O")
		}
		return
	}
	capture := s.IsCapture(MoveAction(m))
	if pc.Type() == chess.Pawn {
		if capture {
			b.WriteByte(byte('a' + from.File()))
			b.WriteByte('x')
		}
		b.WriteString(to.String())
		if m.Kind() == chess.KindPromotion {
			b.WriteByte('=')
			b.WriteByte(m.Promotion().Letter())
		}
		return
	}
	b.WriteByte(pc.Type().Letter())
	// Disambiguate among the other pieces of the same kind and colour
	// that can legally reach the square.
	var buf [maxMoves]variants.Action
	var others chess.Bitboard
	for _, x := range s.Legal(buf[:0]) {
		xm, ok := ActionMove(x)
		if !ok || xm.To() != to || xm.From() == from || p.At(xm.From()) != pc {
			continue
		}
		others |= xm.From().Bit()
	}
	b.WriteString(chess.Disambiguator(from, others))
	if capture {
		b.WriteByte('x')
	}
	b.WriteString(to.String())
}

// Noisy appends the legal captures, promotions and reveals of the side to
// move, without the end-of-game test: the quiescence search's actions. In
// the king-capture game no pass is added.
func (s *State) Noisy(buf []variants.Action) []variants.Action {
	var l moveList
	s.genPseudo(&l)
	them := s.pos.ColorBB(s.pos.Side().Other())
	lg := s.newLegality()
	for _, m := range l.m[:l.n] {
		k := m.Kind()
		noisy := k == chess.KindPromotion || k == chess.KindEnPassant || (k != chess.KindCastle && them.Has(m.To()))
		if noisy && s.legal(&lg, m) {
			buf = append(buf, MoveAction(m))
		}
	}
	var cb [24]Card
	for _, c := range s.candidateCards(cb[:0]) {
		if s.revealOK(c) {
			buf = append(buf, RevealAction(c))
		}
	}
	return buf
}
