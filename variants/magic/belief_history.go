package magic

import "azar/variants/chess"

// The queries of the engine's belief over a hidden hand (search/hands,
// docs/magic.md "The belief from passes"): how far back the history
// goes, and a deal of the hidden hand chosen by the caller.

// HistoryLen is the number of actions Undo can take back: the actions
// applied since the state was made (a FEN's state, or a world dealt by
// Determinize or Deal, has none).
func (s *State) HistoryLen() int { return len(s.undo) }

// Deal returns a referee's state consistent with this view in which the
// hand of c, unknown here, is hand, and the other unaccounted cards are
// the stock, like Determinize with the hand chosen. ok is false (and the
// state nil) unless c's hand is the only unknown one and hand is
// HandSize(c) of the unaccounted cards.
func (s *State) Deal(c chess.Color, hand CardSet) (st *State, ok bool) {
	if c != chess.White && c != chess.Black || s.m.known[c] || !s.m.known[c.Other()] ||
		hand&^s.m.unknown != 0 || hand.Count() != int(s.m.handN[c]) {
		return nil, false
	}
	t := s.clone()
	t.m.hand[c] = hand
	t.m.known[c] = true
	t.m.stock |= t.m.unknown &^ hand
	t.m.unknown = 0
	t.undo = t.undo[:0] // as Determinize: the dealt hand has no consistent past
	t.recs[0] = t.recs[t.m.rec]
	t.recs = t.recs[:1]
	t.m.rec = 0
	return t, true
}
