package games

import (
	"slices"

	"azar/app/store"
)

// Mine lists the games whose seats the tokens hold, the most recent
// first, each with the seat its token holds: a device's saved games,
// and no one else's. At most store.MaxOwned tokens.
func (m *Manager) Mine(tokens []string) ([]Summary, error) {
	if len(tokens) > store.MaxOwned {
		return nil, errorf(Invalid, "at most %d tokens at once, not %d", store.MaxOwned, len(tokens))
	}
	hashes := make([]string, 0, len(tokens))
	for _, t := range tokens {
		if t != "" {
			hashes = append(hashes, hashToken(t))
		}
	}
	owned, err := m.cfg.Store.Owned(slices.Compact(slices.Sorted(slices.Values(hashes))))
	if err != nil {
		return nil, err
	}
	out := make([]Summary, 0, len(owned))
	for _, o := range owned {
		sum := summaryOf(o.Game)
		sum.Seat = o.Seat
		out = append(out, sum)
	}
	return out, nil
}

// fullMoves counts a stored game's moves as its players do: the turns
// (a card game's turn may hold several actions), two to a move, or the
// rounds of a four-player game. A game this build cannot replay counts
// its actions.
func fullMoves(r store.Game) int {
	g, err := fromRecord(r)
	if err != nil {
		return (len(r.Moves) + 1) / 2
	}
	v := g.viewAs("")
	if v.C4 != nil {
		return v.C4.Round
	}
	turns := 0
	for i, mv := range v.Moves {
		if i == 0 || mv.Side == "" || mv.Side != v.Moves[i-1].Side {
			turns++
		}
	}
	return (turns + 1) / 2
}
