package games

import "azar/variants/chess"

// Reviewing a game: the View of a past position, as the player at the
// device saw it then. Only the referee can build one, since in the card
// games the past position follows from the secret (the deck's order,
// the cards dealt) and only the entry's view decides what a seat may
// see of it: the past view is the game opened again from its options,
// its secret and its first moves, and viewed like the live one.

// Review marks a View of a past position: the position after the
// game's first Ply moves of Of. In an analysed game, Label is the
// judgement of the move that led there and Best the engine's move
// instead of it (UCI, with BestSAN), when another was played.
type Review struct {
	Ply     int    `json:"ply"`
	Of      int    `json:"of"`
	Label   string `json:"label,omitempty"`
	Best    string `json:"best,omitempty"`
	BestSAN string `json:"bestSan,omitempty"`
}

// ViewAt is the game's view after its first ply moves (0: the start,
// len: the position now) for the device, as Get's, with no legal
// action: a past position is not played on. A seat's is Seated.ViewAt,
// built for the viewer the seat's live view is built for.
func (m *Manager) ViewAt(id string, ply int) (View, error) {
	s, err := m.device(id)
	if err != nil {
		return View{}, err
	}
	return s.ViewAt(ply)
}

// viewAt builds the view after ply moves for w. g.mu is held.
func (g *Game) viewAt(ply int, w viewer) (View, error) {
	if ply < 0 || ply > len(g.moves) {
		return View{}, errorf(Invalid, "ply %d is not in the game (0 to %d)", ply, len(g.moves))
	}
	p, err := entryFor(g.opts.Variant).open(g.opts, g.secret, g.moves[:ply])
	if err != nil {
		return View{}, err
	}
	// The game as it stood: its play then, nothing of the machinery of
	// now (the engine thinking, its score, a draw offer's answer, the
	// analysis, which the live view carries); a resignation or an
	// agreement only at the end.
	past := &Game{gameState: g.gameState, seq: g.seq}
	past.play, past.moves, past.analysis = p, g.moves[:ply], ""
	if ply < len(g.moves) {
		past.end = ending{}
	}
	w.acts = ""
	v := past.viewFor(w)
	// Whatever an entry's view lists (four-player chaturanga's lists the
	// seat to move's moves for any viewer), nothing is played here.
	v.Legal, v.CanUndo = []string{}, false
	v.Review = g.review(ply)
	return v, nil
}

// review is the marker of the view after ply moves, with the analysis's
// judgement of the last of them when the game has one.
func (g *Game) review(ply int) *Review {
	r := &Review{Ply: ply, Of: len(g.moves)}
	a := g.analysisView()
	if a == nil || ply == 0 || len(a.Moves) != len(g.moves) {
		return r
	}
	am := a.Moves[ply-1]
	r.Label = am.Label
	if am.Best != "" {
		r.BestSAN = am.Best
		r.Best = g.bestUCI(ply, am.Best)
	}
	return r
}

// bestUCI reads the analysis's better move (SAN) for move ply on the
// position before it; "" when it does not read.
func (g *Game) bestUCI(ply int, san string) string {
	result, _ := g.result()
	cg, err := g.play.analysisGame(g.opts, result)
	if err != nil || len(cg.Moves) < ply {
		return ""
	}
	pos := chess.NewPosition()
	if cg.FEN != "" {
		if pos, err = chess.ParseFEN(cg.FEN); err != nil {
			return ""
		}
	}
	for _, mv := range cg.Moves[:ply-1] {
		pos.Make(mv)
	}
	mv, err := pos.ParseSAN(san)
	if err != nil {
		return ""
	}
	return mv.String()
}
