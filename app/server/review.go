package server

import (
	"net/http"
	"strconv"
)

// review serves GET /api/games/{id}/review?ply=N: the game's view after
// its first N moves (0: the start), for the player the live view is
// for (games.Manager.ViewAt), with nothing to play on it. A ply outside
// the game is refused by the referee (422).
func (s *Server) review(w http.ResponseWriter, r *http.Request) {
	ply, err := strconv.Atoi(r.URL.Query().Get("ply"))
	if err != nil {
		writeError(w, http.StatusBadRequest, "the ply must be a number: ?ply=N, 0 for the start")
		return
	}
	v, err := s.games.ViewAt(r.PathValue("id"), ply)
	if err != nil {
		s.fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}
