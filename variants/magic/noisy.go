package magic

import (
	"azar/variants"
	"azar/variants/chess"
)

// Noisy appends what a quiescence search plays of LegalWithout(skip), in
// the same order: the captures (en passant included), the promotions to a
// queen, `pass` and the mate save's cards; not the quiet moves, the other
// windows' cards or a claim. It tests the king only for the moves it
// keeps, and generates no card outside the mate save: in quiescence most
// of a node's legal list was built to be thrown away.
func (s *State) Noisy(buf []variants.Action, skip CardSet) []variants.Action {
	if s.m.over {
		return buf
	}
	who := s.actor()
	switch s.m.ph {
	case PhStart, PhMove:
		e := s.env()
		l := &s.mlGen
		l.n = 0
		s.pseudoProbe(who, e, l, nil, true)
		// The guard's pin search pays only for a longer list: most
		// quiescence nodes have no capture or one or two, each as cheap
		// to test as the guard is to build.
		var g guard
		if l.n > noisyGuardMin {
			g = s.newGuard(who, e, true)
		}
		n := len(buf)
		for _, m := range l.slice() {
			if s.noisyMove(m, who) && (g.safe(m) || s.safeAfter(m, who, e, true)) {
				buf = append(buf, MoveAction(m))
			}
		}
		// The stalemate window's pass (Legal's, after the cards): no
		// standard move at all, as the turn's start found.
		if s.m.ph == PhStart && len(buf) == n && s.m.noStd {
			buf = append(buf, PassAction)
		}
	case PhEnd, PhRCommit, PhRImpact:
		buf = append(buf, PassAction)
	case PhMS:
		buf = s.LegalWithout(buf, skip)
	case PhReplace:
		l := &s.mlGen
		l.n = 0
		s.replacements(s.env(), l)
		for _, m := range l.slice() {
			if s.noisyMove(m, who) {
				buf = append(buf, MoveAction(m))
			}
		}
	}
	return buf
}

// noisyGuardMin is the most moves Noisy tests without a guard.
const noisyGuardMin = 2

// noisyMove: standard move m of who captures (en passant too) or promotes
// to a queen.
func (s *State) noisyMove(m chess.Move, who chess.Color) bool {
	switch m.Kind() {
	case chess.KindEnPassant:
		return true
	case chess.KindCastle:
		return false
	case chess.KindPromotion:
		if m.Promotion() == chess.Queen {
			return true
		}
	}
	pc := s.pos.At(m.To())
	return pc != chess.NoPiece && pc.Color() != who
}
