// Package games is the app's referee. It holds every game in play: its
// options, its moves, its result and whose turn it is; it applies the
// players' moves after checking them, asks the engine (through package
// engine, so through the UCI protocol) for the engine's moves, keeps every
// change in the store before it counts, and tells subscribers the new
// state.
//
// What leaves this package for a browser is a View, and View is the only
// thing that does: whatever a player may not see (a hidden card, the deck
// order, the seed) must never be put in it. Each game is one entry of one
// table (entry.go), and the entry's view is the one place that decides
// what a seat may see; standard chess hides nothing, so its View is the
// whole position.
//
// The package knows the rules only through the variants packages, each
// behind its game's entry; it knows nothing of HTTP.
package games

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/sirupsen/logrus"

	"azar/app/engine"
	"azar/app/store"
	"azar/practice/analysis"
	"azar/variants/chess"
)

// Game modes.
const (
	ModeEngine = "engine" // one player against the engine
	ModeLocal  = "local"  // two players on one device
	ModeOnline = "online" // people on their own devices (seats.go)
)

// Levels are the engine's strengths a game may ask for (1 weakest).
const (
	MinLevel     = 1
	MaxLevel     = 6
	DefaultLevel = 3
	// fullStrength is the Level option's value for an unweakened engine
	// (docs/levels.md): hints and the judgement of a draw offer use it.
	fullStrength = 0
)

// Reasons a game ended.
const (
	ReasonCheckmate    = "checkmate"
	ReasonStalemate    = "stalemate"
	ReasonInsufficient = "insufficient"
	ReasonRepetition   = "repetition"
	ReasonFifty        = "fifty"
	ReasonResign       = "resign"
	ReasonAgreement    = "agreement"
	ReasonKingCaptured = "king-captured" // the card variants' king-capture option
)

// Options are a new game's choices, as the new-game form sends them.
type Options struct {
	Variant string `json:"variant"`         // an entry's name (entry.go); "" is chess
	Mode    string `json:"mode"`            // ModeEngine, ModeLocal or ModeOnline
	Color   string `json:"color,omitempty"` // white, black or random: the player's colour against the engine
	Level   int    `json:"level,omitempty"` // MinLevel..MaxLevel
	FEN     string `json:"fen,omitempty"`   // a start position; "" for the standard one
	// Rules are a card variant's rule options by their rules names
	// (lucky: edition, mandatory_card, king_capture, temporal_cards,
	// temporal_three_turns, rules_cards_in_deck, draw_claims; spy:
	// king_capture, draw_claims). The referee stores all of them.
	Rules map[string]string `json:"rules,omitempty"`
	// Seats are who plays each seat of four-player chaturanga (red,
	// green, yellow, black).
	Seats []SeatChoice `json:"seats,omitempty"`
	// Clock is the time control, nil for none (clock.go).
	Clock *ClockOptions `json:"clock,omitempty"`
	// Human is the colour the player got ("w" or "b"), random resolved
	// (in four-player chaturanga the "you" seat's letter, if any); set by
	// the referee, never by a request.
	Human string `json:"human,omitempty"`
}

// Kind classifies an Error so that a front end can choose its answer.
type Kind int

// Error kinds.
const (
	NotFound  Kind = iota + 1 // no game with that id
	Invalid                   // the request itself is wrong (an illegal move, a bad option)
	Conflict                  // the request is fine but not now (not your turn, game over)
	Forbidden                 // the request's seat may not do it (no token, another seat's turn)
)

// Error is a refusal: the game is left as it was.
type Error struct {
	Kind Kind
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

func errorf(k Kind, format string, args ...any) error {
	return &Error{Kind: k, Msg: fmt.Sprintf(format, args...)}
}

// Searcher is what the referee needs of the engine: an engine.Pool.
type Searcher interface {
	Search(ctx context.Context, r engine.Request) (engine.Result, error)
}

// Config wires a Manager.
type Config struct {
	Store  *store.Store
	Engine Searcher
	// GoArgs is the `go` line for the engine's moves at a level; nil
	// gives DefaultGoArgs. The level itself also goes to the engine as
	// the Level option, which an engine without it skips.
	GoArgs func(level int) string
	Log    *logrus.Logger
	// NewSeed gives a new card game its seed (the deck's shuffle, the
	// spy deal); nil draws 64 bits from crypto/rand. For tests.
	NewSeed func() uint64
	// AnalysisBudget bounds each search of a post-game analysis; zero
	// gives DefaultAnalysisBudget.
	AnalysisBudget analysis.Budget
	// DecisionDelay is the least time from asking the engine for a
	// decision in a game that hides the engine's side (spy, magic) to
	// playing it (pace.go). It must lie above the engine's longest
	// decision at GoArgs' budget: zero gives DefaultDecisionDelay with the
	// default budget (GoArgs nil), and none with a GoArgs of the caller's,
	// who knows that budget and sets the delay to match (tests with a
	// one-ply budget leave it off); a negative value is none.
	DecisionDelay time.Duration
	// Clock times the decision delay and the pauses between an engine's
	// tries, the invitations' wait and the games' idle time; nil is the
	// system's. For tests.
	Clock Clock
	// InviteTTL is how long an online game waits for its invited players
	// before it ends as abandoned; zero gives DefaultInviteTTL.
	InviteTTL time.Duration
	// IdleAfter is how long a finished game no one asks for stays in
	// memory (Sweep); zero gives DefaultIdleAfter.
	IdleAfter time.Duration
	// SweepEvery is how often Sweep runs; zero is every minute, negative
	// never (a test calls Sweep itself).
	SweepEvery time.Duration
	// SearchesPerOwner bounds the engine searches one client's games run
	// at once (seats_engine.go); zero gives DefaultSearchesPerOwner.
	SearchesPerOwner int
}

// DefaultGoArgs is the engine's budget for one move: 300 ms, whatever the
// level (the Level option is what weakens it).
func DefaultGoArgs(int) string { return "movetime 300" }

// searchTimeout bounds one engine search from the outside: a budget that
// has not ended by then means a hung engine.
const searchTimeout = 60 * time.Second

// Manager holds the games.
type Manager struct {
	cfg    Config
	log    *logrus.Logger
	clock  Clock
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu    sync.Mutex
	games map[string]*Game
	// analysisSlot lets one analysis search at a time.
	analysisSlot chan struct{}
	// slots are the engine's search slots of the owners searching now
	// (seats_engine.go), under slotMu: taken while a game's lock is held,
	// which the manager's lock may never be (Sweep takes them the other
	// way round).
	slotMu sync.Mutex
	slots  map[string]*ownerSlots
}

// New returns a manager with every game in progress in the store loaded
// and, where it is the engine's turn, the engine thinking again.
func New(cfg Config) (*Manager, error) {
	if cfg.GoArgs == nil {
		cfg.GoArgs = DefaultGoArgs
		if cfg.DecisionDelay == 0 {
			cfg.DecisionDelay = DefaultDecisionDelay
		}
	}
	if cfg.NewSeed == nil {
		cfg.NewSeed = newSeed
	}
	if cfg.InviteTTL == 0 {
		cfg.InviteTTL = DefaultInviteTTL
	}
	if cfg.IdleAfter == 0 {
		cfg.IdleAfter = DefaultIdleAfter
	}
	if cfg.SearchesPerOwner == 0 {
		cfg.SearchesPerOwner = DefaultSearchesPerOwner
	}
	if cfg.SweepEvery == 0 {
		cfg.SweepEvery = time.Minute
	}
	if cfg.AnalysisBudget == (analysis.Budget{}) {
		cfg.AnalysisBudget = DefaultAnalysisBudget
	}
	clock := cfg.Clock
	if clock == nil {
		clock = systemClock{}
	}
	log := cfg.Log
	if log == nil {
		log = logrus.New()
		log.SetOutput(io.Discard)
	}
	ctx, cancel := context.WithCancel(context.Background())
	m := &Manager{cfg: cfg, log: log, clock: clock, ctx: ctx, cancel: cancel, games: map[string]*Game{}, analysisSlot: make(chan struct{}, 1)}
	playing, err := cfg.Store.List(store.Playing, 0)
	if err != nil {
		cancel()
		return nil, err
	}
	for _, rec := range playing {
		g, err := fromRecord(rec)
		if err != nil {
			// A game this build cannot replay stays in the file untouched.
			log.WithError(err).Errorf("game %s not resumed", rec.ID)
			continue
		}
		m.games[g.id] = g
		g.mu.Lock()
		g.touched = clock.Now()
		m.engineIfDue(g)
		g.mu.Unlock()
	}
	if cfg.SweepEvery > 0 {
		m.wg.Add(1)
		go m.sweeping(cfg.SweepEvery)
	}
	return m, nil
}

// Close stops the engine's searches and waits for them; the games are
// already stored.
func (m *Manager) Close() {
	m.cancel()
	m.wg.Wait()
}

// newID is 128 random bits in hex: a game's id is also its key.
func newID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	return hex.EncodeToString(b[:])
}

// validID reports whether s looks like an id (so that no other text
// reaches the store).
func validID(s string) bool {
	if len(s) != 32 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// Create starts a game with the options and returns its first view, as
// the device sees it (for the in-process callers; the server uses
// NewGame, which gives the creator's token).
func (m *Manager) Create(o Options) (View, error) {
	c, err := m.NewGame(o)
	return c.View, err
}

// NewGame starts a game with the options: the creator's seat and token,
// its first view and the invitations for the open seats (online).
func (m *Manager) NewGame(o Options) (Created, error) { return m.newGame(o, "") }

func (m *Manager) newGame(o Options, owner string) (Created, error) {
	e := entryFor(o.Variant)
	if e == nil {
		return Created{}, errorf(Invalid, "unknown variant %q (want %s)", o.Variant, entryNames())
	}
	o.Variant = e.name()
	if err := e.prepare(&o); err != nil {
		return Created{}, err
	}
	if err := prepareClock(&o); err != nil {
		return Created{}, err
	}
	now := time.Now()
	g := &Game{gameState: gameState{id: newID(), opts: o, created: now}, owner: owner}
	p, err := e.deal(o, m.cfg.NewSeed)
	if err != nil {
		return Created{}, err
	}
	g.secret = p.secret()
	g.play = p
	token, invites := g.layoutSeats()
	if invites == nil {
		invites = []Invite{}
	}
	if err := g.commit(nil, ending{}, now, m.cfg.Store); err != nil {
		return Created{}, err
	}
	g.touched = m.clock.Now()
	m.mu.Lock()
	m.games[g.id] = g
	m.mu.Unlock()
	g.mu.Lock()
	defer g.mu.Unlock()
	m.engineIfDue(g)
	seat := g.creatorSeat()
	return Created{Token: token, Seat: seat, View: g.viewAs(seat), Invites: invites}, nil
}

// lookup returns the game, loading one the memory does not hold (a
// finished one) from the store. An online game whose invitation has
// waited too long ends here as abandoned.
func (m *Manager) lookup(id string) (*Game, error) {
	if !validID(id) {
		return nil, errorf(NotFound, "no game %q", id)
	}
	g, err := m.loaded(id)
	if err != nil {
		return nil, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.touched = m.clock.Now()
	m.expireIfDue(g)
	return g, nil
}

func (m *Manager) loaded(id string) (*Game, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if g := m.games[id]; g != nil {
		return g, nil
	}
	rec, err := m.cfg.Store.Load(id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, errorf(NotFound, "no game %q", id)
	}
	if err != nil {
		return nil, err
	}
	g, err := fromRecord(rec)
	if err != nil {
		return nil, err
	}
	m.games[id] = g
	return g, nil
}

// The referee's own access for the in-process callers (the tests, the
// browser tests' harness): the game as the device sees it, acting for
// the seat to act (device). The server acts through Seat only.

// Get returns the game's view.
func (m *Manager) Get(id string) (View, error) {
	s, err := m.device(id)
	if err != nil {
		return View{}, err
	}
	return s.Get(), nil
}

// PGN returns the game's PGN.
func (m *Manager) PGN(id string) (string, error) {
	s, err := m.device(id)
	if err != nil {
		return "", err
	}
	return s.PGN(), nil
}

// Move plays a move for the seat to act (Seated.Move).
func (m *Manager) Move(id, move string) (View, error) {
	return m.deviceDo(id, func(s *Seated) (View, error) { return s.Move(move, nil) })
}

// MoveOn plays the move only on the position of the View with version
// (Seated.Move).
func (m *Manager) MoveOn(id, move string, version uint64) (View, error) {
	return m.deviceDo(id, func(s *Seated) (View, error) { return s.Move(move, &version) })
}

// Undo takes back a move (Seated.Undo).
func (m *Manager) Undo(id string) (View, error) { return m.deviceDo(id, (*Seated).Undo) }

// Resign resigns for the seat to act (Seated.Resign).
func (m *Manager) Resign(id string) (View, error) { return m.deviceDo(id, (*Seated).Resign) }

// OfferDraw offers a draw (Seated.OfferDraw).
func (m *Manager) OfferDraw(id string) (View, error) { return m.deviceDo(id, (*Seated).OfferDraw) }

// Analyze starts the post-game analysis (Seated.Analyze).
func (m *Manager) Analyze(id string) (View, error) { return m.deviceDo(id, (*Seated).Analyze) }

// Hint is the engine's suggestion for the seat to act (Seated.Hint).
func (m *Manager) Hint(id string) (Hint, error) {
	s, err := m.device(id)
	if err != nil {
		return Hint{}, err
	}
	return s.Hint()
}

// AnalysisSVG is the evaluation graph of an analysed game.
func (m *Manager) AnalysisSVG(id string) (string, error) {
	s, err := m.device(id)
	if err != nil {
		return "", err
	}
	return s.AnalysisSVG()
}

// Subscribe follows the game as the device sees it (Seated.Subscribe).
func (m *Manager) Subscribe(id string) (<-chan []byte, []byte, func(), error) {
	s, err := m.device(id)
	if err != nil {
		return nil, nil, nil, err
	}
	return s.Subscribe()
}

func (m *Manager) deviceDo(id string, f func(*Seated) (View, error)) (View, error) {
	s, err := m.device(id)
	if err != nil {
		return View{}, err
	}
	return f(s)
}

// hintBudget is the search for a hint: at full strength, whatever the
// game's level.
const hintBudget = "movetime 300"

// Hint is the engine's suggestion for the player's move.
type Hint struct {
	Move string `json:"move"` // UCI
	SAN  string `json:"san"`
	Eval *Eval  `json:"eval,omitempty"` // from White's side
	// Note is a card game's hint in words, in parts with both languages
	// (notation.go), which the page writes in its own; SAN is its English.
	Note Note `json:"note,omitempty"`
}

// Summary is one line of the saved-games list.
type Summary struct {
	ID      string `json:"id"`
	Variant string `json:"variant"`
	Mode    string `json:"mode"`
	Status  string `json:"status"`
	Result  string `json:"result"`
	Reason  string `json:"reason,omitempty"`
	Moves   int    `json:"moves"` // the actions stored (plies in chess)
	// FullMoves are the moves as a player counts them: one for White's
	// turn and Black's (a round of four seats in chaturanga4).
	FullMoves int       `json:"fullMoves"`
	Created   time.Time `json:"created"`
	Updated   time.Time `json:"updated"`
	PGN       string    `json:"pgn"`
	// Seat is the seat the listing token holds ("" on one device).
	Seat string `json:"seat,omitempty"`
	// Accuracy is each side's accuracy in the game's analysis (null
	// without one, or for a side with no move).
	Accuracy *SummaryAccuracy `json:"accuracy,omitempty"`
}

// SummaryAccuracy is an analysed game's accuracy per side.
type SummaryAccuracy struct {
	White analysis.Percent `json:"white"`
	Black analysis.Percent `json:"black"`
}

// List returns the stored games, the most recent first: the operator's
// list, which no endpoint serves (a device lists its own, Mine).
func (m *Manager) List(limit int) ([]Summary, error) {
	recs, err := m.cfg.Store.List("", limit)
	if err != nil {
		return nil, err
	}
	out := make([]Summary, 0, len(recs))
	for _, r := range recs {
		out = append(out, summaryOf(r))
	}
	return out, nil
}

// summaryOf is a stored game's line of the list.
func summaryOf(r store.Game) Summary {
	var o Options
	_ = json.Unmarshal([]byte(r.Options), &o)
	sum := Summary{ID: r.ID, Variant: r.Variant, Mode: o.Mode, Status: r.Status, Result: r.Result, Reason: r.Reason,
		Moves: len(r.Moves), FullMoves: fullMoves(r), Created: r.Created, Updated: r.Updated, PGN: r.PGN}
	if a := (&gameState{analysis: r.Analysis}).analysisView(); a != nil {
		sum.Accuracy = &SummaryAccuracy{White: a.White.Accuracy, Black: a.Black.Accuracy}
	}
	return sum
}

// Watchers is how many event subscriptions the game has (a client that
// went away must not stay among them).
func (m *Manager) Watchers(id string) int {
	g, err := m.lookup(id)
	if err != nil {
		return 0
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.subs)
}

// changed follows a committed change: the engine's turn if due, then the
// subscribers. g.mu is held.
func (m *Manager) changed(g *Game) {
	m.engineIfDue(g)
	m.broadcast(g)
}

// broadcast sends every subscriber its own seat's view. g.mu is held.
func (m *Manager) broadcast(g *Game) { m.send(g, nil) }

// sendTo sends actor's streams its view, and nobody else's. g.mu is held.
func (m *Manager) sendTo(g *Game, actor string) {
	b, err := json.Marshal(g.viewAs(actor))
	if err != nil {
		m.log.WithError(err).Error("encoding a view")
		return
	}
	for ch, a := range g.subs {
		if a != actor {
			continue
		}
		select {
		case <-ch:
		default:
		}
		ch <- b
	}
}

// send is broadcast to all subscribers but skip.
func (m *Manager) send(g *Game, skip chan []byte) {
	m.armClock(g)
	views := map[string][]byte{}
	for ch, actor := range g.subs {
		if ch == skip {
			continue
		}
		b, ok := views[actor]
		if !ok {
			var err error
			if b, err = json.Marshal(g.viewAs(actor)); err != nil {
				m.log.WithError(err).Error("encoding a view")
				return
			}
			views[actor] = b
		}
		select {
		case <-ch: // a slow reader gets the latest view only
		default:
		}
		ch <- b
	}
}

// Eval is the engine's last score, from White's side: centipawns, or mate
// in Mate moves (negative: Black mates) when Mate != 0.
type Eval struct {
	CP   int `json:"cp"`
	Mate int `json:"mate,omitempty"`
}

func colorLetter(c chess.Color) string {
	if c == chess.White {
		return "w"
	}
	return "b"
}

// moveText joins the moves for the engine's position line.
func moveText(moves []string) string { return strings.Join(moves, " ") }
