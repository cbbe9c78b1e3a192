// Package server is the app's HTTP face: the JSON API over package games,
// the Server-Sent Events that carry every change of a game to its page,
// and the page itself from package web. It validates every request
// (size, content type, JSON shape, the game id) before the referee sees
// it, and answers every refusal with a JSON {"error": "..."} body.
//
// It knows HTTP, not the rules: what a move means is the referee's.
package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/sirupsen/logrus"

	"azar/app/games"
	"azar/app/puzzles"
	"azar/app/web"
)

// MaxBody bounds a request body; a larger one gets 413.
const MaxBody = 4 << 10

// heartbeat keeps an idle event stream open through proxies.
const heartbeat = 25 * time.Second

// Server serves the API and the page.
type Server struct {
	games *games.Manager
	log   *logrus.Logger
	mux   *http.ServeMux
	// puzzles is the daily puzzle's set; bookErr why it could not be
	// read (the puzzle's endpoints then fail, the games go on).
	puzzles *puzzles.Book
	bookErr error
	// hosts are the Host headers answered (hosts.go).
	hosts hosts
	// limits bound games created and streams open (limits.go).
	limits *limits
}

// New returns the handler for m, answering localhost, 127.0.0.1 and
// [::1] on any port.
func New(m *games.Manager, log *logrus.Logger) http.Handler {
	s, err := NewWith(m, log, Config{})
	if err != nil {
		panic(err) // an empty Config has nothing to refuse
	}
	return s
}

// NewWith returns the handler for m as c says; a Config that names a bad
// address or host is an error.
func NewWith(m *games.Manager, log *logrus.Logger, c Config) (*Server, error) {
	if log == nil {
		log = logrus.New()
		log.SetOutput(io.Discard)
	}
	hs, err := newHosts(c.Addr, c.Hosts)
	if err != nil {
		return nil, err
	}
	c.defaults()
	s := &Server{games: m, log: log, mux: http.NewServeMux(), hosts: hs, limits: newLimits(c)}
	s.puzzles, s.bookErr = puzzles.New(nil)
	static, err := fs.Sub(web.Assets, "static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static)))
	s.mux.HandleFunc("GET /{$}", s.page)
	s.mux.HandleFunc("POST /api/games", s.create)
	s.mux.HandleFunc("POST /api/games/mine", s.mine)
	s.mux.HandleFunc("GET /api/games/{id}", s.get)
	s.mux.HandleFunc("GET /api/games/{id}/pgn", s.pgn)
	s.mux.HandleFunc("GET /api/games/{id}/events", s.events)
	s.mux.HandleFunc("POST /api/games/{id}/move", s.move)
	s.mux.HandleFunc("POST /api/games/{id}/join", s.join)
	s.mux.HandleFunc("GET /api/games/{id}/invites", s.invites)
	s.mux.HandleFunc("POST /api/games/{id}/rematch", s.rematch)
	s.mux.HandleFunc("POST /api/games/{id}/undo", s.action((*games.Seated).Undo))
	s.mux.HandleFunc("POST /api/games/{id}/accept-undo", s.action((*games.Seated).AcceptUndo))
	s.mux.HandleFunc("POST /api/games/{id}/decline-undo", s.action((*games.Seated).DeclineUndo))
	s.mux.HandleFunc("POST /api/games/{id}/resign", s.action((*games.Seated).Resign))
	s.mux.HandleFunc("POST /api/games/{id}/offer-draw", s.action((*games.Seated).OfferDraw))
	s.mux.HandleFunc("POST /api/games/{id}/accept-draw", s.action((*games.Seated).AcceptDraw))
	s.mux.HandleFunc("POST /api/games/{id}/decline-draw", s.action((*games.Seated).DeclineDraw))
	s.mux.HandleFunc("POST /api/games/{id}/hint", seatPost(s, (*games.Seated).Hint))
	s.mux.HandleFunc("POST /api/games/{id}/analyze", s.action((*games.Seated).Analyze))
	s.mux.HandleFunc("GET /api/games/{id}/analysis.svg", s.analysisSVG)
	s.mux.HandleFunc("GET /api/games/{id}/review", s.review)
	s.mux.HandleFunc("GET /api/puzzle", s.puzzleDay)
	s.mux.HandleFunc("POST /api/puzzle/check", s.puzzleCheck)
	s.mux.HandleFunc("POST /api/puzzle/hint", s.puzzleHint)
	s.mux.HandleFunc("POST /api/qr", s.qr)
	s.lessonRoutes()
	return s, nil
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	// The game id is a secret: it must not leave in a Referer.
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'")
	if !s.hosts.allows(r.Host) {
		refuseHost(w, r)
		return
	}
	// After the Host check, so that an Origin matching a foreign Host
	// (a rebound name's page) never gets here.
	if r.Method != http.MethodGet && r.Method != http.MethodHead && !sameOrigin(r) {
		writeError(w, http.StatusForbidden, "cross-origin request refused")
		return
	}
	if strings.HasPrefix(r.URL.Path, "/api/") {
		if _, pattern := s.mux.Handler(r); pattern == "" {
			s.noRoute(w, r)
			return
		}
	}
	s.mux.ServeHTTP(w, r)
}

// noRoute answers an API request that matches no endpoint in JSON: 405
// with Allow when another method has one, 404 otherwise.
func (s *Server) noRoute(w http.ResponseWriter, r *http.Request) {
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodPost} {
		c := r.Clone(r.Context())
		c.Method = m
		if _, pattern := s.mux.Handler(c); pattern != "" {
			allow = append(allow, m)
		}
	}
	if len(allow) > 0 {
		w.Header().Set("Allow", strings.Join(allow, ", "))
		writeError(w, http.StatusMethodNotAllowed, r.Method+" is not allowed here (use "+strings.Join(allow, " or ")+")")
		return
	}
	writeError(w, http.StatusNotFound, "no API endpoint "+r.URL.Path)
}

// sameOrigin accepts a request with no Origin (not a browser's
// cross-site one) or one whose Origin is this host.
func sameOrigin(r *http.Request) bool {
	o := r.Header.Get("Origin")
	if o == "" {
		return true
	}
	u, err := url.Parse(o)
	return err == nil && u.Host == r.Host
}

type errorBody struct {
	Error string `json:"error"`
	Code  string `json:"code,omitempty"` // codes.go
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, errorBody{Error: msg, Code: errorCode(status, msg)})
}

// fail answers err: a referee's refusal by its kind, anything else 500.
func (s *Server) fail(w http.ResponseWriter, err error) {
	var pe *puzzles.Error
	if errors.As(err, &pe) {
		writeError(w, http.StatusUnprocessableEntity, pe.Msg)
		return
	}
	var ge *games.Error
	if errors.As(err, &ge) {
		status := map[games.Kind]int{games.NotFound: http.StatusNotFound, games.Invalid: http.StatusUnprocessableEntity,
			games.Conflict: http.StatusConflict, games.Forbidden: http.StatusForbidden}[ge.Kind]
		writeError(w, status, ge.Msg)
		return
	}
	s.log.WithError(err).Error("request failed")
	writeError(w, http.StatusInternalServerError, err.Error())
}

// decode reads a JSON body of at most MaxBody bytes into v, refusing
// unknown fields and trailing data. An empty body leaves v as it is.
func decode(w http.ResponseWriter, r *http.Request, v any) bool { return decodeMax(w, r, v, MaxBody) }

// decodeMax is decode with a body of at most max bytes.
func decodeMax(w http.ResponseWriter, r *http.Request, v any, max int64) bool {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		writeError(w, http.StatusUnsupportedMediaType, "the body must be application/json")
		return false
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, max))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the body is larger than %d bytes", max))
		return false
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, "reading the body: "+err.Error())
		return false
	}
	if len(strings.TrimSpace(string(body))) == 0 {
		return true
	}
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		writeError(w, http.StatusBadRequest, "malformed JSON body: "+err.Error())
		return false
	}
	if dec.More() {
		writeError(w, http.StatusBadRequest, "malformed JSON body: data after the object")
		return false
	}
	return true
}

// newGame is the body of POST /api/games: the new-game form.
type newGame struct {
	Variant string `json:"variant"`
	Mode    string `json:"mode"`
	Color   string `json:"color"`
	Level   int    `json:"level"`
	FEN     string `json:"fen"`
	// Rules are a card variant's rule options (at most maxRules).
	Rules map[string]string `json:"rules"`
	// Seats are four-player chaturanga's seats, red, green, yellow,
	// black: {"player":"you"|"person"|"engine","level":1..6}.
	Seats []games.SeatChoice `json:"seats"`
	// Clock is a time control, {"initial": seconds, "increment":
	// seconds}; absent for none.
	Clock *newClock `json:"clock"`
}

// newClock is a request's time control: only its two numbers are taken.
type newClock struct {
	Initial   int `json:"initial"`
	Increment int `json:"increment"`
}

// maxRules bounds the rule options of a request (lucky has seven).
const maxRules = 16

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	var b newGame
	if !decode(w, r, &b) {
		return
	}
	if len(b.Rules) > maxRules {
		writeError(w, http.StatusUnprocessableEntity, fmt.Sprintf("at most %d rule options", maxRules))
		return
	}
	// Counted after the body is read and checked: a malformed request is
	// not a game.
	if !s.mayCreate(w, r) {
		return
	}
	o := games.Options{Variant: b.Variant, Mode: b.Mode, Color: b.Color, Level: b.Level, FEN: b.FEN, Rules: b.Rules, Seats: b.Seats}
	if b.Clock != nil {
		o.Clock = &games.ClockOptions{Initial: b.Clock.Initial, Increment: b.Clock.Increment}
	}
	c, err := s.games.NewGameFor(o, clientOf(r))
	if err != nil {
		s.fail(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, c)
}

func (s *Server) get(w http.ResponseWriter, r *http.Request) {
	g, ok := s.seat(w, r)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, g.Get())
}

func (s *Server) pgn(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	g, ok := s.seat(w, r)
	if !ok {
		return
	}
	p := g.PGN()
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if r.URL.Query().Get("download") != "" {
		w.Header().Set("Content-Disposition", `attachment; filename="azar-`+id[:8]+`.pgn"`)
	}
	_, _ = io.WriteString(w, p)
}

// analysisSVG is the analysis's evaluation graph (an image: no script
// runs in an SVG shown by <img>).
func (s *Server) analysisSVG(w http.ResponseWriter, r *http.Request) {
	g, ok := s.seat(w, r)
	if !ok {
		return
	}
	svg, err := g.AnalysisSVG()
	if err != nil {
		s.fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = io.WriteString(w, graphIn(svg, r.URL.Query().Get("lang")))
}

// puzzleBody is the body of the puzzle's check and hint: the date ("" for
// today, UTC) and, for a check, the line played from the puzzle's start.
type puzzleBody struct {
	Date  string   `json:"date"`
	Moves []string `json:"moves"`
}

func (s *Server) puzzleDay(w http.ResponseWriter, r *http.Request) {
	if s.bookErr != nil {
		s.fail(w, s.bookErr)
		return
	}
	d, err := s.puzzles.Today(r.URL.Query().Get("date"))
	if err != nil {
		s.fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, d)
}

func (s *Server) puzzleCheck(w http.ResponseWriter, r *http.Request) {
	var b puzzleBody
	if !decode(w, r, &b) {
		return
	}
	if s.bookErr != nil {
		s.fail(w, s.bookErr)
		return
	}
	v, err := s.puzzles.Check(b.Date, b.Moves)
	if err != nil {
		s.fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

func (s *Server) puzzleHint(w http.ResponseWriter, r *http.Request) {
	var b puzzleBody
	if !decode(w, r, &b) {
		return
	}
	if s.bookErr != nil {
		s.fail(w, s.bookErr)
		return
	}
	h, err := s.puzzles.Hint(b.Date)
	if err != nil {
		s.fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]puzzles.Texts{"hint": h})
}

type moveBody struct {
	Move string `json:"move"`
	// Version is the View's version the move was made on; a game that
	// has changed since refuses it (409). Absent, it is not checked.
	Version *uint64 `json:"version"`
}

func (s *Server) move(w http.ResponseWriter, r *http.Request) {
	var b moveBody
	if !decode(w, r, &b) {
		return
	}
	if b.Move == "" {
		writeError(w, http.StatusBadRequest, `the body must be {"move": "e2e4"}`)
		return
	}
	g, ok := s.seat(w, r)
	if !ok {
		return
	}
	v, err := g.Move(b.Move, b.Version)
	if err != nil {
		s.fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// action serves a POST with an empty (or {}) body that calls f for the
// request's seat and answers its view.
func (s *Server) action(f func(*games.Seated) (games.View, error)) http.HandlerFunc {
	return seatPost(s, f)
}

// seatPost serves a POST with an empty (or {}) body that calls f for the
// request's seat and answers what it returns (a view, a hint).
func seatPost[T any](s *Server, f func(*games.Seated) (T, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var b struct{}
		if !decode(w, r, &b) {
			return
		}
		g, ok := s.seat(w, r)
		if !ok {
			return
		}
		v, err := f(g)
		if err != nil {
			s.fail(w, err)
			return
		}
		writeJSON(w, http.StatusOK, v)
	}
}

// events streams the game's views: an "state" event now and after every
// change, until the client goes away.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	g, ok := s.seat(w, r)
	if !ok {
		return
	}
	release, refusal := s.limits.openStream(clientOf(r))
	if release == nil {
		tooMany(w, 0, refusal)
		return
	}
	ch, cur, cancel, err := g.Subscribe()
	if err != nil {
		release()
		s.fail(w, err)
		return
	}
	// The slot is free before the subscription goes, so that whoever sees
	// the watchers drop (TestStreamLimits) may open a stream at once.
	defer func() {
		release()
		cancel()
	}()
	rc := http.NewResponseController(w)
	// A stream lasts as long as its page: the server's read and write
	// timeouts (HTTPServer) are for the other requests. The request has no
	// body, so nothing is left to read slowly.
	_ = rc.SetReadDeadline(time.Time{})
	_ = rc.SetWriteDeadline(time.Time{})
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	send := func(b []byte) bool {
		if _, err := fmt.Fprintf(w, "event: state\ndata: %s\n\n", b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if !send(cur) {
		return
	}
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case b := <-ch:
			if !send(b) {
				return
			}
		case <-tick.C:
			if _, err := io.WriteString(w, ": keep-alive\n\n"); err != nil || rc.Flush() != nil {
				return
			}
		}
	}
}

// page serves index.html in the reader's language (Accept-Language: the
// first of es and en it names; en otherwise). The page may switch later.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	b, err := fs.ReadFile(web.Assets, "static/index.html")
	if err != nil {
		s.fail(w, err)
		return
	}
	lang := Language(r.Header.Get("Accept-Language"))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = io.WriteString(w, strings.Replace(string(b), `<html lang="en">`, `<html lang="`+lang+`">`, 1))
}

// Language picks "es" or "en" from an Accept-Language header, by the
// quality values and then the order.
func Language(header string) string {
	best, bestQ := "en", -1.0
	for _, part := range strings.Split(header, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				continue
			}
			q = f
		}
		base, _, _ := strings.Cut(strings.ToLower(tag), "-")
		if (base == "es" || base == "en") && q > bestQ && q > 0 {
			best, bestQ = base, q
		}
	}
	return best
}
