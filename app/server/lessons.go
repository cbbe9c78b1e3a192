package server

import (
	"errors"
	"net/http"

	"azar/app/lessons"
)

// lessonRoutes registers the lessons' endpoints (package app/lessons).
func (s *Server) lessonRoutes() {
	s.mux.HandleFunc("GET /api/lessons", s.lessonList)
	s.mux.HandleFunc("GET /api/lessons/{id}", s.lessonGet)
	s.mux.HandleFunc("POST /api/lessons/{id}/check", s.lessonCheck)
}

// lessonLang is the language of a lessons request: ?lang=es|en, else the
// Accept-Language header's.
func lessonLang(w http.ResponseWriter, r *http.Request) (string, bool) {
	switch l := r.URL.Query().Get("lang"); l {
	case "es", "en":
		return l, true
	case "":
		return Language(r.Header.Get("Accept-Language")), true
	}
	writeError(w, http.StatusBadRequest, "lang must be es or en")
	return "", false
}

// lessonFail answers a lessons error: a refusal by its kind, anything
// else as the server's other failures.
func (s *Server) lessonFail(w http.ResponseWriter, err error) {
	var le *lessons.Error
	if errors.As(err, &le) {
		status := http.StatusUnprocessableEntity
		if le.Kind == lessons.NotFound {
			status = http.StatusNotFound
		}
		writeError(w, status, le.Msg)
		return
	}
	s.fail(w, err)
}

func (s *Server) lessonList(w http.ResponseWriter, r *http.Request) {
	lang, ok := lessonLang(w, r)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"groups": lessons.List(lang)})
}

func (s *Server) lessonGet(w http.ResponseWriter, r *http.Request) {
	lang, ok := lessonLang(w, r)
	if !ok {
		return
	}
	l, err := lessons.Get(r.PathValue("id"), lang)
	if err != nil {
		s.lessonFail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, l)
}

// lessonCheckBody is a move on a step: the step (from 0), the moves that
// stand on it (the last verdict's line) and the move to judge.
type lessonCheckBody struct {
	Step  *int     `json:"step"`
	Moves []string `json:"moves"`
	Move  string   `json:"move"`
}

func (s *Server) lessonCheck(w http.ResponseWriter, r *http.Request) {
	var b lessonCheckBody
	if !decode(w, r, &b) {
		return
	}
	if b.Step == nil || b.Move == "" {
		writeError(w, http.StatusBadRequest, `the body must be {"step": 1, "moves": [...], "move": "e2e4"}`)
		return
	}
	v, err := lessons.Check(r.Context(), r.PathValue("id"), *b.Step, b.Moves, b.Move)
	if err != nil {
		s.lessonFail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}
