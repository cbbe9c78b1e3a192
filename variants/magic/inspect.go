package magic

import (
	"azar/variants"
	"azar/variants/chess"
)

// Read-only accessors for the engine's evaluation and search (eval's magic
// terms, search/hands): what the rules keep in internal forms, without a
// copy per call.

// NumEffects is the number of active effects.
func (s *State) NumEffects() int { return int(s.m.nEff) }

// EffectAt returns the i-th active effect (0 <= i < NumEffects, in
// commitment order) and the squares it acts on now: the squares of the men
// it is anchored to (a shield, wings, a paralysis), else its zone (a wall's
// or a mine's square, a sanctuary's block, a fog's file, a flank); 0 for a
// player-level effect (a ward, immunity, silence, a licence, no man's land).
func (s *State) EffectAt(i int) (Effect, chess.Bitboard) {
	x := s.eff[i]
	if x.Pieces != 0 {
		return x, s.squaresOf(x.Pieces)
	}
	return x, x.Zone
}

// InCheck reports whether the king of the seat to act is attacked, walls
// blocking and winged men attacking like knights (rules §9.1); false once
// the game is over.
func (s *State) InCheck() bool {
	if s.m.over {
		return false
	}
	return s.kingAttacked(s.actor(), s.env(), false)
}

// LegalWithout appends the legal actions as Legal does, less the
// commitments of the cards in skip, which it does not generate at all: a
// search that leaves a card's many commitments (AM23's pairs of moves)
// out of its inner nodes does not pay for them.
func (s *State) LegalWithout(buf []variants.Action, skip CardSet) []variants.Action {
	s.skip = skip
	buf = s.legalFor(buf, template{})
	s.skip = 0
	return buf
}
