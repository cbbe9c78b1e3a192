package games

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"slices"
	"time"

	"azar/app/store"
)

// Seats and invitations (docs/app.md, "Seats and invitations"). Every
// seat a person holds has a secret token, 128 bits from crypto/rand,
// which each request presents; the store keeps its SHA-256 only. An open
// seat of an online game has an invitation code instead, kept as it is
// until a friend takes the seat with it (its creator may be shown it
// again), then kept as its hash so that a second use is told the seat is
// taken. The engine's seats have neither.

// Who holds a seat, as SeatView.Who says it to the viewer.
const (
	WhoYou    = "you"    // the viewer (on one device: every seat a person plays)
	WhoPerson = "person" // another person, on another device
	WhoAzar   = "azar"   // the engine
	WhoOpen   = "open"   // no one yet: an invitation waits
)

// ReasonAbandoned ends an online game whose invitation was not taken in
// time (Config.InviteTTL): result "*".
const ReasonAbandoned = "abandoned"

// DefaultInviteTTL is how long an online game waits for its friends.
const DefaultInviteTTL = 24 * time.Hour

// DefaultIdleAfter is how long a finished game nobody looks at stays in
// memory (it stays in the store, and comes back on the next request).
const DefaultIdleAfter = 10 * time.Minute

// SeatView is one seat as a View shows it.
type SeatView struct {
	Seat  string `json:"seat"`
	Who   string `json:"who"`             // WhoYou, WhoPerson, WhoAzar or WhoOpen
	Level int    `json:"level,omitempty"` // the engine's, for WhoAzar
	// Connected: the seat has an event stream open now (the page shows
	// whether the opponent is there).
	Connected bool `json:"connected"`
}

// Invite is an open seat and the code that takes it.
type Invite struct {
	Seat string `json:"seat"`
	Code string `json:"code"`
}

// Created is a new game as its creator gets it: the creator's seat and
// token, the first view and the open seats' invitations.
type Created struct {
	Token   string   `json:"token"`
	Seat    string   `json:"seat"` // "" on one device: the token acts for every seat a person plays
	View    View     `json:"view"`
	Invites []Invite `json:"invites"`
}

// Joined is a seat taken with an invitation.
type Joined struct {
	Token string `json:"token"`
	Seat  string `json:"seat"`
	View  View   `json:"view"`
}

// newToken is a seat's token or an invitation code: 128 random bits.
func newToken() string { return newID() }

// hashToken is what the store keeps of a token.
func hashToken(tok string) string {
	h := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(h[:])
}

// sameHash compares two hashes in constant time.
func sameHash(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

// seatLetters are a game's seats in turn order.
func (g *gameState) seatLetters() []string {
	if g.opts.Variant == VariantChaturanga4 {
		return []string{"r", "g", "y", "b"}
	}
	return []string{"w", "b"}
}

// engineLevel is the engine's level at seat, 0 when a person plays it.
func (g *gameState) engineLevel(seat string) int {
	if g.opts.Variant == VariantChaturanga4 {
		for i, l := range g.seatLetters() {
			if l == seat && g.opts.Seats[i].Player == PlayerEngine {
				return g.opts.Seats[i].Level
			}
		}
		return 0
	}
	if g.opts.Mode == ModeEngine && seat != g.opts.Human {
		return g.opts.Level
	}
	return 0
}

// layoutSeats gives a new game its seats: the creator's token (returned)
// and, online, an invitation for every other seat a person plays.
// Against the engine the token is the player's seat's; on one device it
// is the device's (seat ""), which acts for whichever seat is to act.
func (g *gameState) layoutSeats() (token string, invites []Invite) {
	token = newToken()
	switch g.opts.Mode {
	case ModeOnline:
		for _, l := range g.seatLetters() {
			switch {
			case l == g.opts.Human:
				g.seats = append(g.seats, store.Seat{Seat: l, TokenHash: hashToken(token)})
			case g.engineLevel(l) == 0:
				code := newToken()
				g.seats = append(g.seats, store.Seat{Seat: l, Invite: code})
				invites = append(invites, Invite{Seat: l, Code: code})
			}
		}
	case ModeEngine:
		if g.opts.Variant != VariantChaturanga4 {
			g.seats = []store.Seat{{Seat: g.opts.Human, TokenHash: hashToken(token)}}
			break
		}
		fallthrough
	default:
		g.seats = []store.Seat{{Seat: "", TokenHash: hashToken(token)}}
	}
	return token, invites
}

// creatorSeat is the seat the creator's token holds.
func (g *gameState) creatorSeat() string {
	if g.opts.Mode == ModeOnline || (g.opts.Mode == ModeEngine && g.opts.Variant != VariantChaturanga4) {
		return g.opts.Human
	}
	return ""
}

// waiting reports whether a seat is still open: the game has not started.
func (g *gameState) waiting() bool {
	return slices.ContainsFunc(g.seats, func(s store.Seat) bool { return s.TokenHash == "" })
}

// holder is the seat the token holds ("" for a device), ok false when it
// holds none of the game's.
func (g *gameState) holder(token string) (string, bool) {
	if token == "" {
		return "", false
	}
	h := hashToken(token)
	for _, s := range g.seats {
		if s.TokenHash != "" && sameHash(s.TokenHash, h) {
			return s.Seat, true
		}
	}
	return "", false
}

// invites are the open seats' codes.
func (g *gameState) invites() []Invite {
	out := []Invite{}
	for _, s := range g.seats {
		if s.TokenHash == "" {
			out = append(out, Invite{Seat: s.Seat, Code: s.Invite})
		}
	}
	return out
}

// seatViews are the seats as the viewer actor sees them (the device, ""
// against the engine or on one device, plays every seat a person
// plays). g.mu is held.
func (g *Game) seatViews(actor string) []SeatView {
	out := make([]SeatView, 0, 4)
	for _, l := range g.seatLetters() {
		sv := SeatView{Seat: l, Who: WhoPerson}
		if lv := g.engineLevel(l); lv > 0 {
			sv.Who, sv.Level, sv.Connected = WhoAzar, lv, true
			out = append(out, sv)
			continue
		}
		// The row that holds l: its own, or the device's.
		i := slices.IndexFunc(g.seats, func(s store.Seat) bool { return s.Seat == l || s.Seat == "" })
		if i >= 0 {
			r := g.seats[i]
			switch {
			case r.TokenHash == "":
				sv.Who = WhoOpen
			case r.Seat == actor || r.Seat == "" || (actor == "" && g.opts.Mode != ModeOnline):
				sv.Who = WhoYou
			}
			for _, a := range g.subs {
				sv.Connected = sv.Connected || (r.TokenHash != "" && a == r.Seat)
			}
		}
		out = append(out, sv)
	}
	return out
}

// Seated is a game as one seat's token opens it: what that seat may see
// and do. It is made for one request (Manager.Seat).
type Seated struct {
	m *Manager
	g *Game
	// actor is the token's seat, "" for a device that acts for the seat
	// to act (one device; a four-player game's persons against Azar).
	actor string
}

// Seat opens the game for the token's seat; a missing or wrong token is
// Forbidden.
func (m *Manager) Seat(id, token string) (*Seated, error) {
	g, err := m.lookup(id)
	if err != nil {
		return nil, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	seat, ok := g.holder(token)
	if !ok {
		return nil, errorf(Forbidden, "this game's seat token is missing or wrong: only its players may see it")
	}
	return &Seated{m: m, g: g, actor: seat}, nil
}

// device opens the game as the device that acts for the seat to act
// (and sees no secret a seat of an online game or one device would not
// show): the referee's own access, for the in-process callers (tests,
// the browser tests' harness). The server never uses it.
func (m *Manager) device(id string) (*Seated, error) {
	g, err := m.lookup(id)
	if err != nil {
		return nil, err
	}
	return &Seated{m: m, g: g}, nil
}

// SeatOf is the seat the token holds ("" for a device).
func (s *Seated) SeatOf() string { return s.actor }

// viewer is whom the seat's View is built for. g.mu is held.
func (s *Seated) viewer() viewer { return s.g.viewerOf(s.actor) }

// viewerOf is the actor's viewer: online, its own seat's secrets and
// actions (a spy wildcard's choice out of turn too); otherwise the
// device's.
func (g *gameState) viewerOf(actor string) viewer {
	if actor == "" || g.opts.Mode != ModeOnline {
		return g.deviceViewer()
	}
	w := viewer{seat: actor}
	if !g.over() && !g.waiting() && (g.toAct() == actor || g.play.outOfTurn(actor)) {
		w.acts = actor
	}
	return w
}

// view is the seat's View. g.mu is held.
func (s *Seated) view() View { return s.g.viewAs(s.actor) }

// acting is the seat the actor acts for now.
func (s *Seated) acting() string {
	if s.actor == "" {
		return s.g.playerSeat()
	}
	return s.actor
}

// mayAct is nil when the actor may act now for its seat: online, on its
// own turn only (or for a decision of its own outside the turns), and
// once every seat is filled. g.mu is held.
func (s *Seated) mayAct() error {
	g := s.g
	if g.over() {
		return errorf(Conflict, "the game is over")
	}
	if g.waiting() {
		return errorf(Conflict, "the game starts when every seat is taken: waiting for the invited players")
	}
	if g.play.outOfTurn(s.acting()) {
		return nil
	}
	if s.actor != "" && g.opts.Mode == ModeOnline && g.toAct() != s.actor {
		return errorf(Forbidden, "it is not your turn")
	}
	return g.playerMayMove()
}

// Invites are the open seats' codes, for the game's creator only.
func (s *Seated) Invites() ([]Invite, error) {
	g := s.g
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.opts.Mode != ModeOnline || s.actor != g.creatorSeat() {
		return nil, errorf(Forbidden, "only the game's creator may see its invitations")
	}
	return g.invites(), nil
}

// Join takes the open seat the invitation code is for and returns its
// new token. The code is used up: a second use is told the seat is
// taken (Conflict), a code the game never gave is Forbidden.
func (m *Manager) Join(id, code string) (Joined, error) {
	g, err := m.lookup(id)
	if err != nil {
		return Joined{}, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	h := hashToken(code)
	for i, s := range g.seats {
		switch {
		case s.TokenHash == "" && code != "" && sameHash(s.Invite, code):
			if g.over() {
				return Joined{}, errorf(Conflict, "the game is over")
			}
			token := newToken()
			old := g.seats
			g.seats = slices.Clone(old)
			g.seats[i] = store.Seat{Seat: s.Seat, TokenHash: hashToken(token), Invite: h}
			if err := g.commit(g.moves, g.end, time.Now(), m.cfg.Store); err != nil {
				g.seats = old
				return Joined{}, err
			}
			m.changed(g)
			return Joined{Token: token, Seat: s.Seat, View: g.viewAs(s.Seat)}, nil
		case s.TokenHash != "" && sameHash(s.Invite, h):
			return Joined{}, errorf(Conflict, "that seat is taken")
		}
	}
	return Joined{}, errorf(Forbidden, "that invitation is not for this game")
}
