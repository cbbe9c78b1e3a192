package games

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"azar/app/engine"
)

// What a seat does to its game. Every request acts as one seat (Seated):
// it sees its own seat's View and acts on its own turn; in an online game
// a draw offer and an undo between people wait for the other seat's
// consent.

// Get is the seat's view.
func (s *Seated) Get() View {
	s.g.mu.Lock()
	defer s.g.mu.Unlock()
	return s.view()
}

// ViewAt is the seat's view of the game after its first ply moves, with
// nothing to play on it (Manager.ViewAt).
func (s *Seated) ViewAt(ply int) (View, error) {
	s.g.mu.Lock()
	defer s.g.mu.Unlock()
	return s.g.viewAt(ply, s.viewer())
}

// PGN is the game's PGN. A card game's PGN holds no secret while it is
// played (the PGN tags of the deck and the cards come at the end).
func (s *Seated) PGN() string {
	s.g.mu.Lock()
	defer s.g.mu.Unlock()
	return s.g.pgn()
}

// Move plays the seat's move or action, given as a token (UCI for a
// move: e2e4, e7e8q; a card game's action tokens). With a version, only
// on the position of the View with that version: a move made on a view
// the game has left (another seat's move, the engine's, an undo) is
// refused as a Conflict rather than played on a position its player
// never saw, where it may happen to be legal.
func (s *Seated) Move(move string, version *uint64) (View, error) {
	m, g := s.m, s.g
	g.mu.Lock()
	defer g.mu.Unlock()
	if version != nil && *version != g.seq {
		return View{}, errorf(Conflict, "the game has moved on since the view this move was made on (version %d, now %d): reload it", *version, g.seq)
	}
	if err := s.mayAct(); err != nil {
		return View{}, err
	}
	toks, secret, err := g.play.act(s.acting(), move)
	if err != nil {
		return View{}, err
	}
	if slices.Equal(toks, g.moves) {
		// A change of the seat's own secret only (spy's wildcard choice):
		// nothing public changed, so the version stays and only this
		// seat's streams hear of it, or the other would learn that it
		// was dealt a wildcard (as against the engine, enginemove.go).
		if err := g.replace(toks, secret, g.end, time.Now(), m.cfg.Store); err != nil {
			return View{}, err
		}
		m.engineIfDue(g)
		m.sendTo(g, s.actor)
		return s.view(), nil
	}
	if err := g.commitSecret(toks, secret, ending{}, time.Now(), m.cfg.Store); err != nil {
		return View{}, err
	}
	// A move answers an offer or a request standing against it.
	g.drawNote, g.drawOffer, g.undoRequest = "", "", ""
	m.changed(g)
	return s.view(), nil
}

// Undo takes back the seat's last move: against the engine, the engine's
// reply too (or the engine's pending search), so that it is the player's
// turn again; between two players on one device, one move. In an online
// game it asks the other seat, which accepts (AcceptUndo) or declines. A
// game ended by the board (mate, stalemate, an automatic draw) can be
// taken back; one ended by resignation or agreement cannot.
func (s *Seated) Undo() (View, error) {
	m, g := s.m, s.g
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.end.reason != "" {
		return View{}, errorf(Conflict, "the game is over")
	}
	if err := g.play.refuses(requestUndo); err != nil {
		return View{}, err
	}
	if g.opts.Mode != ModeOnline || s.actor == "" {
		return s.takeBack(g.play.takeBack(g.opts))
	}
	switch {
	case g.over():
		// A mate or a draw by the rules between people stands.
		return View{}, errorf(Conflict, "the game is over")
	case g.undoRequest == s.actor:
		return View{}, errorf(Conflict, "you have asked already: waiting for the other player")
	case g.undoRequest != "":
		return View{}, errorf(Conflict, "the other player has asked to take back a move: accept or decline it")
	case g.undoFor(s.actor) < 0:
		return View{}, errorf(Conflict, "there is no move of yours to take back")
	}
	g.undoRequest = s.actor
	g.bump(time.Now())
	m.broadcast(g)
	return s.view(), nil
}

// undoFor is how many moves stay when seat's last move is taken back
// (with the moves after it), -1 when it has none: the takeBack of a game
// against an engine playing the other seat.
func (g *gameState) undoFor(seat string) int {
	o := g.opts
	o.Mode, o.Human = ModeEngine, seat
	return g.play.takeBack(o)
}

// takeBack keeps the first k moves (k < 0: there is none to take back).
// g.mu is held.
func (s *Seated) takeBack(k int) (View, error) {
	m, g := s.m, s.g
	if k < 0 {
		return View{}, errorf(Conflict, "there is no move of yours to take back")
	}
	if err := g.commit(g.cloneMoves()[:k], ending{}, time.Now(), m.cfg.Store); err != nil {
		return View{}, err
	}
	g.drawNote, g.engineErr, g.drawOffer, g.undoRequest = "", "", "", ""
	m.changed(g)
	return s.view(), nil
}

// AcceptUndo grants the other seat's undo request: its last move, and
// any after it, are taken back.
func (s *Seated) AcceptUndo() (View, error) {
	g := s.g
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.undoRequest == "" || g.undoRequest == s.actor || s.actor == "" {
		return View{}, errorf(Conflict, "there is no undo request of the other player's to accept")
	}
	return s.takeBack(g.undoFor(g.undoRequest))
}

// DeclineUndo refuses the other seat's undo request; the game goes on.
func (s *Seated) DeclineUndo() (View, error) {
	return s.decline(func(g *Game) *string { return &g.undoRequest }, "there is no undo request of the other player's to decline")
}

// DeclineDraw refuses the other seat's draw offer; the game goes on.
func (s *Seated) DeclineDraw() (View, error) {
	return s.decline(func(g *Game) *string { return &g.drawOffer }, "there is no draw offer of the other player's to decline")
}

// decline clears the other seat's standing offer or request. The
// declining seat sees "declined" in the draw note of its views no more
// than the offering one does: the offer is simply gone.
func (s *Seated) decline(field func(*Game) *string, none string) (View, error) {
	m, g := s.m, s.g
	g.mu.Lock()
	defer g.mu.Unlock()
	f := field(g)
	if *f == "" || *f == s.actor || s.actor == "" {
		return View{}, errorf(Conflict, "%s", none)
	}
	*f = ""
	g.bump(time.Now())
	m.broadcast(g)
	return s.view(), nil
}

// Resign ends the game: the seat resigns (on one device the side to move
// does).
func (s *Seated) Resign() (View, error) {
	m, g := s.m, s.g
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.over() {
		return View{}, errorf(Conflict, "the game is over")
	}
	if err := g.play.refuses(requestResign); err != nil {
		return View{}, err
	}
	result := "1-0"
	if s.acting() == "w" {
		result = "0-1"
	}
	if err := g.commit(g.moves, ending{result: result, reason: ReasonResign}, time.Now(), m.cfg.Store); err != nil {
		return View{}, err
	}
	m.changed(g)
	return s.view(), nil
}

// OfferDraw offers a draw. Against the engine, the engine searches the
// position at full strength and accepts by acceptsDraw (draw.go): when it
// is clearly worse or being mated, in a level and simplified position
// late in the game, or in a dead draw; otherwise it declines and the game
// goes on. Between two players on one device the offer was accepted on
// the device (the page asks the other player), and the game is drawn.
// Online the offer stands (View.DrawOffer) until the other seat accepts
// (AcceptDraw), declines or moves; offering against the other seat's
// standing offer accepts it.
func (s *Seated) OfferDraw() (View, error) {
	m, g := s.m, s.g
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.over() {
		return View{}, errorf(Conflict, "the game is over")
	}
	if err := g.play.refuses(requestDraw); err != nil {
		return View{}, err
	}
	switch {
	case g.opts.Mode == ModeOnline && s.actor != "":
		if g.waiting() {
			return View{}, errorf(Conflict, "the game starts when every seat is taken: waiting for the invited players")
		}
		switch g.drawOffer {
		case s.actor:
			return View{}, errorf(Conflict, "you have offered a draw already: waiting for the other player")
		case "":
			g.drawOffer = s.actor
			g.bump(time.Now())
			m.broadcast(g)
			return s.view(), nil
		}
		// The other seat offered: offering back is agreeing.
	case g.opts.Mode == ModeEngine:
		if err := g.playerMayMove(); err != nil {
			return View{}, err
		}
		if g.drawNote == "declined" {
			// The same search would give the same answer (rules/standard.md B3).
			return View{}, errorf(Conflict, "the engine declined your offer: offer again after your next move")
		}
		release := m.searchSlot(g.owner)
		if release == nil {
			return View{}, errorf(Conflict, "the server is stopping")
		}
		ctx, cancel := context.WithTimeout(m.ctx, searchTimeout)
		res, err := m.cfg.Engine.Search(ctx, g.offerRequest(fullStrength, drawOfferBudget))
		cancel()
		release()
		if err != nil {
			return View{}, fmt.Errorf("the engine could not consider the offer: %w", err)
		}
		// The search is from the player's side (the player is to move).
		own := engine.Score{CP: -res.Score.CP, Mate: -res.Score.Mate, Known: res.Score.Known}
		if !g.play.acceptsDraw(own) {
			g.drawNote = "declined"
			g.bump(time.Now())
			m.broadcast(g)
			return s.view(), nil
		}
	}
	return s.agree()
}

// AcceptDraw accepts the other seat's standing draw offer: the game is
// drawn.
func (s *Seated) AcceptDraw() (View, error) {
	g := s.g
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.over() {
		return View{}, errorf(Conflict, "the game is over")
	}
	if g.drawOffer == "" || g.drawOffer == s.actor || s.actor == "" {
		return View{}, errorf(Conflict, "there is no draw offer of the other player's to accept")
	}
	return s.agree()
}

// agree draws the game by agreement. g.mu is held.
func (s *Seated) agree() (View, error) {
	m, g := s.m, s.g
	if err := g.commit(g.moves, ending{result: "1/2-1/2", reason: ReasonAgreement}, time.Now(), m.cfg.Store); err != nil {
		return View{}, err
	}
	g.drawNote, g.drawOffer, g.undoRequest = "accepted", "", ""
	m.changed(g)
	return s.view(), nil
}

// Hint asks the engine for the seat's best move. It changes nothing in
// the game (a hint is not recorded); it is refused when the seat may not
// move, and in a game between people on their own devices.
func (s *Seated) Hint() (Hint, error) {
	m, g := s.m, s.g
	g.mu.Lock()
	if g.opts.Mode == ModeOnline {
		g.mu.Unlock()
		return Hint{}, errorf(Conflict, "no hints in a game between people")
	}
	if err := s.mayAct(); err != nil {
		g.mu.Unlock()
		return Hint{}, err
	}
	seat := s.acting()
	req := g.request(seat, fullStrength, hintBudget)
	version := g.version
	g.mu.Unlock()

	release := m.searchSlot(g.owner)
	if release == nil {
		return Hint{}, errorf(Conflict, "the server is stopping")
	}
	ctx, cancel := context.WithTimeout(m.ctx, searchTimeout)
	res, err := m.cfg.Engine.Search(ctx, req)
	cancel()
	release()
	if err != nil {
		return Hint{}, fmt.Errorf("the engine could not give a hint: %w", err)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.version != version {
		return Hint{}, errorf(Conflict, "the game changed while the engine thought")
	}
	return g.play.hint(seat, res)
}

// Subscribe returns a channel that receives the seat's view as JSON after
// every change (only the latest when the reader is slow), the current
// view, and a function to end the subscription. While it lasts the seat
// shows as connected to the others.
func (s *Seated) Subscribe() (<-chan []byte, []byte, func(), error) {
	m, g := s.m, s.g
	ch := make(chan []byte, 1)
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.subs == nil {
		g.subs = map[chan []byte]string{}
	}
	g.subs[ch] = s.actor
	cur, err := json.Marshal(s.view())
	if err != nil {
		delete(g.subs, ch)
		return nil, nil, nil, err
	}
	m.presence(g, ch)
	return ch, cur, func() {
		g.mu.Lock()
		delete(g.subs, ch)
		m.presence(g, nil)
		g.mu.Unlock()
	}, nil
}

// presence tells the other seats of an online game (all subscribers but
// skip) that a seat's connection came or went. The version stays: a
// connection is no change of the game, and a move made meanwhile on the
// same position must still count. g.mu is held.
func (m *Manager) presence(g *Game, skip chan []byte) {
	if g.opts.Mode == ModeOnline {
		m.send(g, skip)
	}
}
