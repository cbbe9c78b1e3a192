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
	"azar/variants/chess"
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
	subs        map[chan []byte]struct{}
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
	// cg is the card game (lucky, spy), nil for chess.
	cg cardGame
	// c4 is a four-player chaturanga game (then pos is nil), nil for the
	// others.
	c4 *c4Game

	// derived from opts.FEN and moves by commit
	pos    *chess.Position
	sans   []string
	status chess.Status
}

// replay plays moves from the start position.
func replay(fen string, moves []string) (*chess.Position, []string, error) {
	pos := chess.NewPosition()
	if fen != "" {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			return nil, nil, err
		}
		pos = p
	}
	sans := make([]string, 0, len(moves))
	for i, s := range moves {
		if pos.Status(false) != chess.Ongoing {
			return nil, nil, fmt.Errorf("move %d (%s) after the end of the game", i+1, s)
		}
		m, err := pos.ParseUCIMove(s)
		if err != nil {
			return nil, nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		sans = append(sans, pos.SAN(m))
		pos.Make(m)
	}
	return pos, sans, nil
}

// commit makes moves and end the game's state, saving it first: when the
// store refuses, nothing changes. g.mu is held (or g is not shared yet).
func (g *Game) commit(moves []string, end ending, now time.Time, st *store.Store) error {
	return g.commitSecret(moves, g.secret, end, now, st)
}

// commitSecret is commit with a new secret (a card game's).
func (g *Game) commitSecret(moves []string, secret string, end ending, now time.Time, st *store.Store) error {
	if err := g.replace(moves, secret, end, now, st); err != nil {
		return err
	}
	g.bump(now)
	g.thinking = false
	return nil
}

// replace is commitSecret without the change a page sees: the version
// stays and a search in progress goes on being shown (a spy engine's
// wildcard choice, which changes only the secret). Every commit bumps
// g.version, which tells a search started before it that it is stale.
func (g *Game) replace(moves []string, secret string, end ending, now time.Time, st *store.Store) error {
	next := g.gameState
	if g.opts.Variant == VariantChaturanga4 {
		c4, err := newC4Game(g.opts, moves)
		if err != nil {
			return err
		}
		next.c4, next.moves = c4, c4.toks
	} else if g.opts.Variant != VariantChess {
		if secret == "" {
			return fmt.Errorf("game %s: a card game without its secret", g.id)
		}
		cg, err := newCardGame(g.opts, secret, moves, 0)
		if err != nil {
			return err
		}
		next.cg, next.secret, next.moves, next.pos, next.sans = cg, cg.secret(), cg.tokens(), cg.board(), cg.notation()
	} else {
		pos, sans, err := replay(g.opts.FEN, moves)
		if err != nil {
			return errorf(Invalid, "%v", err)
		}
		next.moves, next.pos, next.sans, next.status = moves, pos, sans, pos.Status(false)
	}
	next.end, next.updated = end, now
	if !slices.Equal(next.moves, g.moves) {
		next.analysis = "" // an analysis of other moves
	}
	if err := next.save(now, st); err != nil {
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

// save writes the game to the store.
func (g *gameState) save(now time.Time, st *store.Store) error {
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
		Created: g.created, Updated: now})
}

// fromRecord rebuilds a stored game.
func fromRecord(r store.Game) (*Game, error) {
	var o Options
	if err := json.Unmarshal([]byte(r.Options), &o); err != nil {
		return nil, fmt.Errorf("game %s: options: %w", r.ID, err)
	}
	o.FEN = r.StartFEN
	g := &Game{gameState: gameState{id: r.ID, opts: o, moves: r.Moves, created: r.Created, updated: r.Updated,
		secret: r.Secret, analysis: r.Analysis}}
	if r.Reason == ReasonResign || r.Reason == ReasonAgreement {
		g.end = ending{result: r.Result, reason: r.Reason}
	}
	if o.Variant == VariantChaturanga4 {
		c4, err := newC4Game(o, r.Moves)
		if err != nil {
			return nil, fmt.Errorf("game %s: %w", r.ID, err)
		}
		g.c4 = c4
	} else if o.Variant != VariantChess {
		cg, err := newCardGame(o, r.Secret, r.Moves, 0)
		if err != nil {
			return nil, fmt.Errorf("game %s: %w", r.ID, err)
		}
		g.cg, g.pos, g.sans = cg, cg.board(), cg.notation()
	} else {
		pos, sans, err := replay(o.FEN, r.Moves)
		if err != nil {
			return nil, fmt.Errorf("game %s: %w", r.ID, err)
		}
		g.pos, g.sans, g.status = pos, sans, pos.Status(false)
	}
	g.bump(r.Updated)
	return g, nil
}

func (g *gameState) cloneMoves() []string { return append([]string(nil), g.moves...) }

// sideAt is the side to move before move number k (0-based) of the game.
func (g *gameState) sideAt(k int) string {
	first := "w"
	if g.opts.FEN != "" && strings.Fields(g.opts.FEN)[1] == "b" {
		first = "b"
	}
	if k%2 == 0 {
		return first
	}
	return map[string]string{"w": "b", "b": "w"}[first]
}

// result returns the game's result and why it ended ("" while it goes on).
func (g *gameState) result() (string, string) {
	if g.end.reason != "" {
		return g.end.result, g.end.reason
	}
	if g.cg != nil {
		return g.cg.outcome()
	}
	if g.c4 != nil {
		return g.c4.outcome()
	}
	switch g.status {
	case chess.Checkmate:
		if g.pos.Side() == chess.White {
			return "0-1", ReasonCheckmate
		}
		return "1-0", ReasonCheckmate
	case chess.Stalemate:
		return "1/2-1/2", ReasonStalemate
	case chess.DrawInsufficient:
		return "1/2-1/2", ReasonInsufficient
	case chess.DrawRepetition:
		return "1/2-1/2", ReasonRepetition
	case chess.DrawFiftyMoves:
		return "1/2-1/2", ReasonFifty
	}
	return "*", ""
}

func (g *gameState) over() bool {
	_, reason := g.result()
	return reason != ""
}

func (g *gameState) engineToMove() bool {
	if g.c4 != nil {
		return g.c4.engineToMove()
	}
	return g.opts.Mode == ModeEngine && !g.over() && g.toAct() != g.opts.Human
}

// toAct is the side to act ("w" or "b").
func (g *gameState) toAct() string {
	if g.cg != nil {
		if s := g.cg.toAct(); s != "" {
			return s
		}
	}
	if g.c4 != nil {
		return g.c4.toAct()
	}
	return colorLetter(g.pos.Side())
}

// engineSeat is the engine's colour against the player.
func (g *gameState) engineSeat() string {
	if g.opts.Human == "w" {
		return "b"
	}
	return "w"
}

// request is a search for seat's move at the level: the variant's
// options and seat's position (for a card game, seat's own card only).
func (g *gameState) request(seat string, level int, goArgs string) engine.Request {
	if g.c4 != nil {
		return g.c4.request(g.opts.FEN, goArgs, level)
	}
	opts := levelOption(level)
	if g.cg == nil {
		opts = append(opts, engine.Option{Name: "UCI_Variant", Value: VariantChess})
		return engine.Request{Options: opts, Position: g.positionArg(), Go: goArgs}
	}
	vo, pos := g.cg.engineRequest(seat)
	return engine.Request{Options: append(opts, vo...), Position: pos, Go: goArgs}
}

// offerRequest is the engine's search of the player's position to judge
// a draw offer, told only the engine's own secrets.
func (g *gameState) offerRequest(level int, goArgs string) engine.Request {
	if g.cg == nil {
		return g.request(g.opts.Human, level, goArgs)
	}
	vo, pos := g.cg.offerRequest(g.engineSeat())
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

// positionArg is the engine's `position` line for the current position.
func (g *gameState) positionArg() string {
	s := "startpos"
	if g.opts.FEN != "" {
		s = "fen " + g.opts.FEN
	}
	if len(g.moves) > 0 {
		s += " moves " + moveText(g.moves)
	}
	return s
}

// pgn writes the game in PGN with SAN moves, wrapped at 79 columns.
func (g *gameState) pgn() string {
	result, reason := g.result()
	white, black := "Player", "Player"
	if g.opts.Mode == ModeEngine && g.c4 == nil {
		azar := fmt.Sprintf("Azar (level %d)", g.opts.Level)
		if g.opts.Human == "w" {
			black = azar
		} else {
			white = azar
		}
	}
	var b strings.Builder
	tag := func(k, v string) {
		v = strings.ReplaceAll(strings.ReplaceAll(v, `\`, `\\`), `"`, `\"`)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", k, v)
	}
	tag("Event", "Azar game")
	tag("Site", "azar serve")
	tag("Date", g.created.UTC().Format("2006.01.02"))
	tag("Round", "-")
	if g.c4 == nil {
		tag("White", white)
		tag("Black", black)
	}
	tag("Result", result)
	if g.opts.FEN != "" {
		tag("SetUp", "1")
		tag("FEN", g.opts.FEN)
	}
	if t := termination(reason); t != "" {
		tag("Termination", t)
	}
	var tokens []string
	if g.c4 != nil {
		for _, t := range g.c4.pgnTags() {
			tag(t[0], t[1])
		}
		tokens = append(strings.Fields(g.c4.pgnMoves()), result)
		b.WriteString("\n")
		writeWrapped(&b, tokens)
		return b.String()
	}
	if g.cg != nil {
		for _, t := range g.cg.pgnTags() {
			tag(t[0], t[1])
		}
		tokens = append(strings.Fields(g.cg.pgnMoves()), result)
		b.WriteString("\n")
		writeWrapped(&b, tokens)
		return b.String()
	}
	b.WriteString("\n")
	first := g.sideAt(0)
	moveNo := 1
	if g.opts.FEN != "" {
		fmt.Sscanf(strings.Fields(g.opts.FEN)[5], "%d", &moveNo)
	}
	for i, san := range g.sans {
		side := g.sideAt(i)
		if side == "w" {
			tokens = append(tokens, fmt.Sprintf("%d.", moveNo))
		} else if i == 0 && first == "b" {
			tokens = append(tokens, fmt.Sprintf("%d...", moveNo))
		}
		tokens = append(tokens, san)
		if side == "b" {
			moveNo++
		}
	}
	tokens = append(tokens, result)
	writeWrapped(&b, tokens)
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
