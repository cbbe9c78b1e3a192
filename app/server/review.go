package server

import (
	"net/http"
	"strconv"
)

// review serves GET /api/games/{id}/review?ply=N: the game's view after
// its first N moves (0: the start) for the request's seat, as GET
// /api/games/{id} opens it (the same token, the same refusals), with
// nothing to play on it (games.Seated.ViewAt). A ply outside the game
// is refused by the referee (422).
func (s *Server) review(w http.ResponseWriter, r *http.Request) {
	ply, err := strconv.Atoi(r.URL.Query().Get("ply"))
	if err != nil {
		writeError(w, http.StatusBadRequest, "the ply must be a number: ?ply=N, 0 for the start")
		return
	}
	g, ok := s.seat(w, r)
	if !ok {
		return
	}
	v, err := g.ViewAt(ply)
	if err != nil {
		s.fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}
