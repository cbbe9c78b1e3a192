package games

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"azar/app/engine"
	"azar/app/store"
)

// ending is a result the board does not show: a resignation or an agreed
// draw. Mate and the automatic draws are read off the position instead.
type ending struct {
	result string
	reason string
}

// Game is one game. Its moves are the truth; the position, the SAN and
// the result are derived from them by replaying, so a game read back from
// the store is exactly the game that was saved.
type Game struct {
	mu sync.Mutex
	gameState

	version   uint64 // counts commits: a search started before one is stale
	seq       uint64 // grows with every change a page sees (View.Version); see bump
	thinking  bool   // the engine is searching for its move
	eval      *Eval
	engineErr string
	// analyzing is a running analysis; analysisErr why the last failed.
	analyzing   *Progress
	analysisErr string
	drawNote    string // "declined" or "accepted" after an offer
	// drawOffer and undoRequest are the seat whose draw offer or undo
	// request waits for the other seat's answer in an online game.
	drawOffer, undoRequest string
	// subs are the event streams, each with the actor (Seated) it shows
	// the game to.
	subs map[chan []byte]string
	// touched is when the game was last asked for (Sweep), by Config.Clock.
	touched time.Time
	// clockGen counts the clock's timers: only the latest may flag
	// (clock.go).
	clockGen uint64
	// clockStop ends the latest timer's goroutine when the clock is
	// re-armed, so that a game keeps one waiting goroutine, not one per
	// move until each one's time runs out.
	clockStop chan struct{}
	// owner is the client that created the game, "" when unknown
	// (seats_engine.go).
	owner string
}

// gameState is what a game is, without the machinery around it.
type gameState struct {
	id      string
	opts    Options
	moves   []string
	end     ending
	created time.Time
	updated time.Time
	// secret is what the referee hides (the deck, the spy cards): JSON
	// for the store only, never in a View.
	secret string
	// analysis is the post-game analysis (JSON), "" until made.
	analysis string
	// seats are the seats people hold or are invited to (seats.go).
	seats []store.Seat
	// rematch is the game made again after this one (seats_rematch.go);
	// rematching while it is being made.
	rematch    *rematch
	rematching bool
	// play is the game as its entry's rules hold it, derived from opts,
	// secret and moves by commit.
	play play
}

// commit makes moves and end the game's state, saving it first: when the
// store refuses, nothing changes. g.mu is held (or g is not shared yet).
func (g *Game) commit(moves []string, end ending, now time.Time, st *store.Store) error {
	return g.commitSecret(moves, g.secret, end, now, st)
}

// commitSecret is commit with a new secret (a card game's).
func (g *Game) commitSecret(moves []string, secret string, end ending, now time.Time, st *store.Store) error {
	seq := g.nextSeq(now)
	if err := g.replaceAt(moves, secret, end, now, seq, st); err != nil {
		return err
	}
	g.seq = seq
	g.thinking = false
	return nil
}

// replace is commitSecret without the change a page sees: the version
// stays and a search in progress goes on being shown (a spy engine's
// wildcard choice, which changes only the secret). Every commit bumps
// g.version, which tells a search started before it that it is stale.
func (g *Game) replace(moves []string, secret string, end ending, now time.Time, st *store.Store) error {
	return g.replaceAt(moves, secret, end, now, g.seq, st)
}

// replaceAt is replace storing seq as the View's version, so that the
// version a page holds names the same position after a restart.
func (g *Game) replaceAt(moves []string, secret string, end ending, now time.Time, seq uint64, st *store.Store) error {
	next := g.gameState
	e := entryFor(g.opts.Variant)
	if e == nil {
		return errorf(Invalid, "unknown variant %q", g.opts.Variant)
	}
	p, err := e.open(g.opts, secret, moves)
	if err != nil {
		return err
	}
	next.play, next.secret, next.moves = p, p.secret(), p.tokens()
	next.end, next.updated = end, now
	if len(next.moves) > len(g.moves) && next.end.reason == "" && g.flagged(now) {
		return errorf(Conflict, "the time is up")
	}
	next.opts.Clock = clockAfter(&g.gameState, &next, now)
	if !slices.Equal(next.moves, g.moves) {
		next.analysis = "" // an analysis of other moves
	}
	if err := next.save(now, seq, st); err != nil {
		return fmt.Errorf("the game was not stored, so nothing changed: %w", err)
	}
	if next.analysis != g.analysis || !slices.Equal(next.moves, g.moves) {
		// A running analysis is of the old moves (runAnalysis drops it).
		g.analyzing, g.analysisErr = nil, ""
	}
	g.gameState = next
	g.version++
	return nil
}

// save writes the game to the store, with seq as its version.
func (g *gameState) save(now time.Time, seq uint64, st *store.Store) error {
	opts, err := json.Marshal(g.opts)
	if err != nil {
		return err
	}
	result, reason := g.result()
	status := store.Playing
	if reason != "" {
		status = store.Finished
	}
	return st.Save(store.Game{ID: g.id, Variant: g.opts.Variant, Options: string(opts), StartFEN: g.opts.FEN, Moves: g.moves,
		Status: status, Result: result, Reason: reason, PGN: g.pgn(), Secret: g.secret, Analysis: g.analysis,
		Version: seq, Seats: g.seats, Created: g.created, Updated: now})
}

// fromRecord rebuilds a stored game.
func fromRecord(r store.Game) (*Game, error) {
	var o Options
	if err := json.Unmarshal([]byte(r.Options), &o); err != nil {
		return nil, fmt.Errorf("game %s: options: %w", r.ID, err)
	}
	o.FEN = r.StartFEN
	g := &Game{gameState: gameState{id: r.ID, opts: o, moves: r.Moves, created: r.Created, updated: r.Updated,
		secret: r.Secret, analysis: r.Analysis, seats: r.Seats}}
	if r.Reason == ReasonResign || r.Reason == ReasonAgreement || r.Reason == ReasonAbandoned || r.Reason == ReasonTime {
		g.end = ending{result: r.Result, reason: r.Reason}
	}
	e := entryFor(o.Variant)
	if e == nil {
		return nil, fmt.Errorf("game %s: unknown variant %q", r.ID, o.Variant)
	}
	p, err := e.open(o, r.Secret, r.Moves)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", r.ID, err)
	}
	g.play = p
	// The stored version, so that a page's version still names the
	// position; a game stored before versions were is stamped anew.
	if g.seq = r.Version; g.seq == 0 {
		g.bump(r.Updated)
	}
	return g, nil
}

func (g *gameState) cloneMoves() []string { return append([]string(nil), g.moves...) }

// result returns the game's result and why it ended ("" while it goes on).
func (g *gameState) result() (string, string) {
	if g.end.reason != "" {
		return g.end.result, g.end.reason
	}
	return g.play.outcome()
}

func (g *gameState) over() bool {
	_, reason := g.result()
	return reason != ""
}

// engineTurn is the seat the engine plays now and its level; ok false
// when it is not the engine's turn.
func (g *gameState) engineTurn() (seat string, level int, ok bool) {
	if g.over() || g.waiting() {
		return "", 0, false
	}
	return g.play.engineTurn(g.opts)
}

func (g *gameState) engineToMove() bool {
	_, _, ok := g.engineTurn()
	return ok
}

// toAct is the seat to act, "" once the game is over.
func (g *gameState) toAct() string {
	if g.over() {
		return ""
	}
	return g.play.toAct()
}

// playerSeat is the seat the player at the device acts for: the
// player's own against the engine, the seat to act on one device.
func (g *gameState) playerSeat() string {
	if g.opts.Mode == ModeEngine {
		return g.opts.Human
	}
	return g.toAct()
}

// engineSeat is the engine's colour against the player (two seats).
func (g *gameState) engineSeat() string { return otherSeat(g.opts.Human) }

// request is a search for seat's move at the level: the variant's
// options and seat's position (for a card game, seat's own card only).
func (g *gameState) request(seat string, level int, goArgs string) engine.Request {
	vo, pos := g.play.engineRequest(seat)
	return engine.Request{Options: append(levelOption(level), vo...), Position: pos, Go: goArgs}
}

// offerRequest is the engine's search of the player's position to judge
// a draw offer, told only the engine's own secrets.
func (g *gameState) offerRequest(level int, goArgs string) engine.Request {
	vo, pos := g.play.offerRequest(g.engineSeat())
	return engine.Request{Options: append(levelOption(level), vo...), Position: pos, Go: goArgs}
}

// playerMayMove is nil when a player's move (or offer) is welcome now.
func (g *gameState) playerMayMove() error {
	switch {
	case g.over():
		return errorf(Conflict, "the game is over")
	case g.engineToMove():
		return errorf(Conflict, "it is the engine's turn")
	}
	return nil
}

// pgn writes the game in PGN with SAN moves, wrapped at 79 columns.
func (g *gameState) pgn() string {
	result, reason := g.result()
	var b strings.Builder
	tag := func(k, v string) {
		v = strings.ReplaceAll(strings.ReplaceAll(v, `\`, `\\`), `"`, `\"`)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", k, v)
	}
	tag("Event", "Azar game")
	tag("Site", "azar serve")
	tag("Date", g.created.UTC().Format("2006.01.02"))
	tag("Round", "-")
	for _, t := range g.play.players(g.opts) {
		tag(t[0], t[1])
	}
	tag("Result", result)
	if g.opts.FEN != "" {
		tag("SetUp", "1")
		tag("FEN", g.opts.FEN)
	}
	if t := termination(reason); t != "" {
		tag("Termination", t)
	}
	for _, t := range g.play.pgnTags(g.opts) {
		tag(t[0], t[1])
	}
	b.WriteString("\n")
	writeWrapped(&b, append(strings.Fields(g.play.pgnMoves(g.opts)), result))
	return b.String()
}

// writeWrapped writes the tokens separated by spaces, in lines of at
// most 79 columns, and a newline.
func writeWrapped(b *strings.Builder, tokens []string) {
	line := 0
	for i, t := range tokens {
		if i > 0 {
			if line+1+len(t) > 79 {
				b.WriteString("\n")
				line = 0
			} else {
				b.WriteString(" ")
				line++
			}
		}
		b.WriteString(t)
		line += len(t)
	}
	b.WriteString("\n")
}

func termination(reason string) string {
	switch reason {
	case "":
		return ""
	case ReasonResign:
		return "resignation"
	case ReasonAgreement:
		return "draw by agreement"
	case ReasonCheckmate:
		return "checkmate"
	case ReasonStalemate:
		return "stalemate"
	case ReasonInsufficient:
		return "insufficient material"
	case ReasonRepetition:
		return "threefold repetition"
	case ReasonFifty:
		return "fifty-move rule"
	case ReasonKingCaptured:
		return "king captured"
	case ReasonLastRaja:
		return "last raja standing"
	}
	return reason
}
