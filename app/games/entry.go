package games

import (
	"crypto/rand"
	"fmt"
	"strings"

	"azar/app/engine"
	"azar/variants/chess"
)

// The game registry: each game the app referees is one entry of entries,
// and Game, Manager and the server call the entry (and the play it opens)
// instead of asking which game it is, as the engine's protocol does with
// its variants (protocol/registry.go). Adding a game to the app is adding
// an entry: docs/adding-a-game.md, step 7.

// entry is one kind of game: how its games are created and rebuilt.
type entry interface {
	// name is the Options.Variant value.
	name() string
	// prepare checks a new game's options and writes them in their
	// canonical form (mode, colour, level, rules, start, seats).
	prepare(o *Options) error
	// deal starts a game from prepared options; newSeed is its source
	// of chance, called only by a game that deals or shuffles.
	deal(o Options, newSeed func() uint64) (play, error)
	// open rebuilds a game from its options, the secret the store kept
	// and its moves, as the referee does after every change: a game read
	// back is exactly the game that was saved.
	open(o Options, secret string, moves []string) (play, error)
}

// entries lists the games; the first is the default (Options.Variant "").
var entries = []entry{chessEntry{}, luckyEntry, spyEntry, magicEntry, c4Entry{}}

// entryFor returns the entry named variant ("" the default), or nil.
func entryFor(variant string) entry {
	if variant == "" {
		return entries[0]
	}
	for _, e := range entries {
		if e.name() == variant {
			return e
		}
	}
	return nil
}

// entryNames lists the entries for an error message: "a, b or c".
func entryNames() string {
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.name()
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// play is one game in progress as its rules hold it: its full state,
// secrets included. Nothing changes it in place: act and answer return
// the new moves and secret, and the referee stores them and opens the
// game again from them (Game.replace).
type play interface {
	// tokens are the public moves, as stored and as the engines are
	// told them.
	tokens() []string
	// secret is what the referee hides (the deck's order, the spy
	// cards, the hands), JSON for the store only; "" when nothing is.
	secret() string
	// toAct is the seat that acts next ("w", "b"; r, g, y, b), "" once
	// the rules have ended the game.
	toAct() string
	// outcome is the result and why the game ended ("" while it goes on).
	outcome() (result, reason string)
	// legal is what seat may do now, as tokens (empty when it is not
	// seat's to act).
	legal(seat string) []string
	// act checks seat's token and returns the new moves and secret.
	act(seat, tok string) (moves []string, secret string, err error)
	// outOfTurn reports whether seat has a decision due outside the
	// turn order (a spy wildcard's choice), which it may make whoever is
	// to move.
	outOfTurn(seat string) bool
	// engineTurn is the seat the engine plays now in a game with these
	// options and the engine's level there; ok false when no engine is
	// to act.
	engineTurn(o Options) (seat string, level int, ok bool)
	// engineRequest is what seat's engine is told: the game's options
	// (the variant, the rules) and seat's position (its own secrets
	// only).
	engineRequest(seat string) ([]engine.Option, string)
	// offerRequest is the engine's search of the player's position when
	// it judges a draw offer: told only what the engine itself knows.
	offerRequest(engineSeat string) ([]engine.Option, string)
	// answer turns seat's engine's answer into an act, with the score
	// the page may see (nil: none).
	answer(seat string, res engine.Result) (moves []string, secret string, ev *Eval, err error)
	// hint turns the engine's answer for seat's move into a Hint.
	hint(seat string, res engine.Result) (Hint, error)
	// hidesEngine reports whether the engine's side is secret (a spy
	// card, a magic hand): then nothing the engine says or scores, nor
	// how long it thought, reaches a View.
	hidesEngine() bool
	// refuses is why the game has no such request (nil: it has).
	refuses(r request) error
	// takeBack is how many moves stay after the player's undo, -1 when
	// there is none to take back.
	takeBack(o Options) int
	// acceptsDraw reports whether the engine accepts a draw given its
	// search's score from its own side (draw.go).
	acceptsDraw(own engine.Score) bool
	// analysisGame is the game for practice/analysis, ended with result.
	analysisGame(o Options, result string) (*chess.Game, error)
	// judgesDecisions reports whether the game's analysis judges each
	// decision from its maker's information (the card games,
	// cardanalysis.go) instead of analysisGame's positions.
	judgesDecisions() bool
	// seatsJob is the analysis of a game of more than two seats
	// (c4analysis.go), nil for a two-sided game (analysisGame's or the
	// card games' report).
	seatsJob(o Options, moves []string, eng Searcher) analysisJob
	// view fills the View (whose common fields, result and status the
	// referee has set) with the board, the moves, the legal actions and
	// the game's own part, for the viewer: the one place that decides
	// what a seat may see.
	view(v *View, w viewer)
	// players are the PGN tags naming who played (White, Black), nil
	// when the game's own tags name them.
	players(o Options) [][2]string
	// pgnTags and pgnMoves write the game's own part of its PGN.
	pgnTags(o Options) [][2]string
	pgnMoves(o Options) string
}

// request is a player's request that not every game has.
type request int

const (
	requestUndo request = iota
	requestResign
	requestDraw
	requestAnalysis
)

// viewer is whom a View is built for.
type viewer struct {
	// seat is the seat whose secrets the View may show: the player's
	// against the engine; "" on one device, where every player looks at
	// the screen, so that no secret is shown.
	seat string
	// acts is the seat whose legal actions the View lists: the player's
	// against the engine, the seat to act on one device; "" once the
	// game is over.
	acts string
}

// twoSeats are the helpers of the games of two seats, White and Black,
// one of them the engine's in a game against it.

// otherSeat is the other seat of a two-seat game.
func otherSeat(s string) string {
	if s == "w" {
		return "b"
	}
	return "w"
}

// engineSeatOf is the two-seat engine's turn: the side to act when it is
// not the player's in a game against the engine.
func engineSeatOf(o Options, toAct string) (string, int, bool) {
	if o.Mode != ModeEngine || toAct == "" || toAct == o.Human {
		return "", 0, false
	}
	return otherSeat(o.Human), o.Level, true
}

// playerTags name who plays White and Black.
func playerTags(o Options) [][2]string {
	white, black := "Player", "Player"
	if o.Mode == ModeEngine {
		azar := fmt.Sprintf("Azar (level %d)", o.Level)
		if o.Human == "w" {
			black = azar
		} else {
			white = azar
		}
	}
	return [][2]string{{"White", white}, {"Black", black}}
}

// evalFor is the engine's score for the page, from White's side: the
// engine searched for seat.
func evalFor(seat string, s engine.Score) *Eval {
	if !s.Known {
		return nil
	}
	ev := &Eval{CP: s.CP, Mate: s.Mate}
	if seat == "b" {
		ev.CP, ev.Mate = -ev.CP, -ev.Mate
	}
	return ev
}

// prepareTwoSeats checks the options every two-seat game shares: no
// seats, the mode (local: why the game cannot be played on one device,
// "" when it can), the level and the player's colour.
func prepareTwoSeats(o *Options, local string) error {
	if local != "" && o.Mode == ModeLocal {
		return errorf(Invalid, "%s", local)
	}
	switch o.Mode {
	case "":
		o.Mode = ModeEngine
	case ModeEngine, ModeLocal, ModeOnline:
	default:
		return errorf(Invalid, "unknown mode %q (want engine, local or online)", o.Mode)
	}
	if o.Level == 0 {
		o.Level = DefaultLevel
	}
	if o.Level < MinLevel || o.Level > MaxLevel {
		return errorf(Invalid, "level %d out of range %d..%d", o.Level, MinLevel, MaxLevel)
	}
	o.Human = ""
	if o.Mode == ModeLocal {
		o.Color = ""
		return nil
	}
	// Against the engine the player's colour, online the creator's.
	switch o.Color {
	case "", "white":
		o.Color, o.Human = "white", "w"
	case "black":
		o.Human = "b"
	case "random":
		var b [1]byte
		_, _ = rand.Read(b[:])
		o.Human = [2]string{"w", "b"}[b[0]&1]
	default:
		return errorf(Invalid, "unknown colour %q (want white, black or random)", o.Color)
	}
	return nil
}

// noSeats refuses seat choices in a two-seat game.
func noSeats(o *Options) error {
	if len(o.Seats) > 0 {
		return errorf(Invalid, "seats are for four-player chaturanga")
	}
	return nil
}
