package server

import (
	"errors"
	"fmt"
	"net/http"

	"azar/app/games"
	"azar/app/store"
)

// Seats (docs/app.md, "Seats and invitations"): every request that reads
// or acts on a game presents its seat's token, in the X-Azar-Seat header
// or, for what a browser fetches without a script (the event stream, a
// PGN link, the analysis graph: GET only), in the cookie azar_seat_<id>
// the page sets with the path of its game and SameSite=Strict. A token
// is never put in an address, which logs and Referers keep.

// SeatHeader carries a seat's token.
const SeatHeader = "X-Azar-Seat"

// seatCookie is the cookie that carries the token of game id's seat.
func seatCookie(id string) string { return "azar_seat_" + id }

// token is the request's seat token for game id: the header's, or on a
// GET the cookie's.
func token(r *http.Request, id string) string {
	if t := r.Header.Get(SeatHeader); t != "" {
		return t
	}
	if r.Method == http.MethodGet {
		if c, err := r.Cookie(seatCookie(id)); err == nil {
			return c.Value
		}
	}
	return ""
}

// seat opens the request's game for its seat, or answers the refusal
// (404 for no such game, 403 for no token or a wrong one).
func (s *Server) seat(w http.ResponseWriter, r *http.Request) (*games.Seated, bool) {
	id := r.PathValue("id")
	t := token(r, id)
	g, err := s.games.Seat(id, t)
	if err != nil {
		var ge *games.Error
		if t == "" && errors.As(err, &ge) && ge.Kind == games.Forbidden {
			writeError(w, http.StatusForbidden, "this game's requests need its seat's token (the "+SeatHeader+" header, or the event stream's cookie)")
			return nil, false
		}
		s.fail(w, err)
		return nil, false
	}
	return g, true
}

// joinBody is the body of POST /api/games/{id}/join.
type joinBody struct {
	Invite string `json:"invite"`
}

func (s *Server) join(w http.ResponseWriter, r *http.Request) {
	var b joinBody
	if !decode(w, r, &b) {
		return
	}
	if b.Invite == "" {
		writeError(w, http.StatusBadRequest, `the body must be {"invite": "<code>"}`)
		return
	}
	j, err := s.games.Join(r.PathValue("id"), b.Invite)
	if err != nil {
		s.fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, j)
}

func (s *Server) invites(w http.ResponseWriter, r *http.Request) {
	g, ok := s.seat(w, r)
	if !ok {
		return
	}
	inv, err := g.Invites()
	if err != nil {
		s.fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"invites": inv})
}

// mineMaxBody bounds the body of POST /api/games/mine: MaxOwned tokens
// of 32 hex digits, quoted, with room to spare.
const mineMaxBody = 16 << 10

// mineBody is the body of POST /api/games/mine: the seat tokens a
// device holds.
type mineBody struct {
	Tokens []string `json:"tokens"`
}

// mine lists the games of the tokens presented, and only those: no
// endpoint lists other people's games.
func (s *Server) mine(w http.ResponseWriter, r *http.Request) {
	var b mineBody
	if !decodeMax(w, r, &b, mineMaxBody) {
		return
	}
	if len(b.Tokens) > store.MaxOwned {
		writeError(w, http.StatusUnprocessableEntity, fmt.Sprintf("at most %d tokens at once", store.MaxOwned))
		return
	}
	gs, err := s.games.Mine(b.Tokens)
	if err != nil {
		s.fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, gs)
}

// rematch makes the finished game again with the colours swapped: 201
// with the new game as POST /api/games answers it, for the requester.
func (s *Server) rematch(w http.ResponseWriter, r *http.Request) {
	var b struct{}
	if !decode(w, r, &b) {
		return
	}
	g, ok := s.seat(w, r)
	if !ok {
		return
	}
	if !s.mayCreate(w, r) {
		return
	}
	c, err := g.Rematch()
	if err != nil {
		s.fail(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, c)
}
