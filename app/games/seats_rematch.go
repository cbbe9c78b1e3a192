package games

// A rematch: after the end, a seat asks for the same game again with the
// colours swapped. The new game is the requester's (its token comes in
// the answer); online the other person's new seat is open, and its
// invitation code is shown in the other person's own View of the old
// game only (View.Rematch), so that the same two people play again.

// RematchView is the old game's pointer to its rematch.
type RematchView struct {
	ID string `json:"id"`
	// Code takes the viewer's seat in the rematch (online, for the person
	// who did not ask for it), "" for the one who did.
	Code string `json:"code,omitempty"`
}

// rematch is a finished game's rematch, in memory only: after a restart
// the new game's creator can still hand out its invitation (Invites).
type rematch struct {
	id    string
	codes map[string]string // the old game's seat → the code of its new seat
}

// Rematch creates the game again with the colours swapped: the
// requester's new seat and token, and (online) the invitation the other
// person sees in its View.
func (s *Seated) Rematch() (Created, error) {
	m, g := s.m, s.g
	g.mu.Lock()
	switch {
	case !g.over():
		g.mu.Unlock()
		return Created{}, errorf(Conflict, "the game is not over yet")
	case g.opts.Variant == VariantChaturanga4:
		g.mu.Unlock()
		return Created{}, errorf(Conflict, "four-player chaturanga has no rematch: start a new game")
	case g.rematch != nil || g.rematching:
		g.mu.Unlock()
		return Created{}, errorf(Conflict, "a rematch of this game has been made already")
	}
	g.rematching = true
	o, owner := g.opts, g.owner
	mine := s.acting()
	if mine == "" {
		mine = o.Human
	}
	o.Human = ""
	if otherSeat(mine) == "w" {
		o.Color = "white"
	} else {
		o.Color = "black"
	}
	g.mu.Unlock()

	// Outside g.mu: NewGame takes the manager's lock, which Sweep holds
	// while it takes a game's.
	c, err := m.newGame(o, owner)

	g.mu.Lock()
	defer g.mu.Unlock()
	g.rematching = false
	if err != nil {
		return Created{}, err
	}
	rm := &rematch{id: c.View.ID, codes: map[string]string{}}
	if len(c.Invites) == 1 && s.actor != "" {
		rm.codes[otherSeat(mine)] = c.Invites[0].Code
	}
	g.rematch = rm
	m.broadcast(g)
	return c, nil
}

// rematchView is the viewer's pointer to the rematch, nil for none.
// g.mu is held.
func (g *gameState) rematchView(seat string) *RematchView {
	if g.rematch == nil {
		return nil
	}
	return &RematchView{ID: g.rematch.id, Code: g.rematch.codes[seat]}
}
