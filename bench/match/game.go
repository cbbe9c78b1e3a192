package match

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// Variant is one kind of game the runner can referee. Standard chess
// (Chess) is the first; the card variants and four-player chaturanga plug
// in by implementing Variant and Game (see docs/match.md).
type Variant interface {
	// Name is the variant's name: "chess" for standard chess, otherwise
	// the value sent as `setoption name UCI_Variant value <name>` and
	// written in the PGN Variant tag.
	Name() string
	// Seats lists the players in turn order. A match takes exactly one
	// engine per seat.
	Seats() []Seat
	// NewGame starts a game from an opening (the zero Opening is the
	// variant's standard start). rng is the game's own source of chance:
	// shuffles, deals and draws take from it, so a game replays exactly
	// from its seed. The runner gives both games of an opening pair the
	// same seed, so that both colour assignments see the same cards.
	NewGame(o Opening, rng *rand.Rand) (Game, error)
}

// Seat describes one player of a variant.
type Seat struct {
	// Name is the seat's name, also its PGN tag: "White", "Black".
	Name string
	// Clock is the prefix of the seat's clock fields in the UCI go
	// command: "w" gives wtime and winc.
	Clock string
}

// Game is one game in progress as the referee sees it: the authoritative
// state, secrets included. The runner asks the seat returned by ToMove for
// an action, validates it with Play, and stops when Result reports the
// game over. A Game is used by one goroutine at a time.
type Game interface {
	// ToMove is the seat that must act now. Only meaningful while the
	// game is not over.
	ToMove() int
	// Position is the argument of the UCI position command for seat: the
	// public state plus what that seat may know (its own hand or spy
	// card), e.g. "startpos moves e2e4 e7e5".
	Position(seat int) string
	// Play validates the action that seat answered with bestmove and
	// applies it, together with the chance events it triggers (drawn
	// from the game's rng). An illegal action returns an error and leaves
	// the game unchanged.
	Play(seat int, action string) (Action, error)
	// Result reports whether the game is over and, if so, how it ended.
	Result() (Result, bool)
	// Forfeit ends seat's participation for a reason decided by the
	// referee (time, crash, illegal action, resignation adjudication):
	// in a two-player game the seat loses; a game of more players may
	// eliminate the seat and go on.
	Forfeit(seat int, end End, text string)
	// Adjudicate ends the game with the given result (draw adjudication,
	// move limit, an aborted game).
	Adjudicate(r Result)
	// Tags are the PGN tags that describe the game's start: SetUp and FEN
	// for a non-standard start, Variant for a variant.
	Tags() []Tag
}

// Opening is where a game starts: a start state and actions to play before
// the engines take over. Book actions are in the PGN (with a {book}
// comment) and in the position sent to the engines.
type Opening struct {
	ID    string   // a name for the PGN Opening tag, may be empty
	FEN   string   // start state; "" is the variant's standard start
	Moves []string // actions in UCI notation played from FEN
}

// Tag is one PGN tag pair.
type Tag struct{ Name, Value string }

// Action is one action of a game as recorded for the PGN and the report.
type Action struct {
	Seat   int    // who acted
	Number int    // the move number (chess: the full-move number)
	Move   string // the action as sent by the engine (UCI notation)
	Text   string // the action in the game's notation (chess: SAN)
	Book   bool   // played from the opening, not by an engine
	// Secret marks an action that is no move on the board and that the
	// movetext leaves out (the spy wildcard's private choice, a magic
	// window declined): kept in the record for replays, left out of the
	// PGN movetext and of adjudication; spy's tags show the choice.
	Secret bool
	// Cont marks an action that continues its seat's turn (a card's
	// second move): the PGN gives it no move number.
	Cont bool

	Score Score         // the last score the engine reported, if any
	Depth int           // the last depth the engine reported
	Time  time.Duration // the time the engine took, on the runner's clock
}

// End says how a game ended.
type End string

// The ways a game ends. A variant may add its own; they are written as
// Termination "normal" in the PGN.
const (
	EndCheckmate       End = "checkmate"
	EndStalemate       End = "stalemate"
	EndInsufficient    End = "insufficient material"
	EndRepetition      End = "threefold repetition"
	EndFiftyMoves      End = "fifty-move rule"
	EndTime            End = "time forfeit"      // answered too late, or only when told to stop
	EndHang            End = "stalled engine"    // no answer at all; the engine was restarted
	EndCrash           End = "engine crash"      // the engine exited; it was restarted
	EndIllegal         End = "illegal move"      // bestmove was not legal
	EndDrawAdjudicated End = "draw adjudication" // -draw
	EndResign          End = "resign adjudication"
	EndMoveLimit       End = "move limit" // -maxmoves
	EndAborted         End = "aborted"    // the match was stopped during the game
)

// Termination is the PGN Termination tag value for e.
func (e End) Termination() string {
	switch e {
	case EndTime, EndHang:
		return "time forfeit"
	case EndCrash:
		return "abandoned"
	case EndIllegal:
		return "rules infraction"
	case EndDrawAdjudicated, EndResign, EndMoveLimit:
		return "adjudication"
	case EndAborted:
		return "unterminated"
	}
	return "normal"
}

// Forfeit reports whether e is a loss by the referee's decision against
// one engine's failure (time, stall, crash, illegal move).
func (e End) Forfeit() bool {
	return e == EndTime || e == EndHang || e == EndCrash || e == EndIllegal
}

// Result is the end of a game.
type Result struct {
	Points []float64 // per seat: 1 win, 0.5 draw, 0 loss (several winners share in multi-player games)
	// Places is each seat's place (1 first) where the variant ranks its
	// seats (chaturanga4: the rules' ranking); nil otherwise, and the
	// report ranks by Points.
	Places []int
	End    End
	Text   string // human reason, e.g. "White mates", "Black loses on time"
}

// PGN is the PGN result token for a two-seat game: "1-0", "0-1",
// "1/2-1/2", or "*" when unknown or for other seat counts.
func (r Result) PGN() string {
	if len(r.Points) != 2 {
		return "*"
	}
	switch {
	case r.Points[0] > r.Points[1]:
		return "1-0"
	case r.Points[0] < r.Points[1]:
		return "0-1"
	case r.Points[0] == 0.5:
		return "1/2-1/2"
	}
	return "*"
}

// draw returns a Result where every seat gets half a point.
func draw(seats int, end End, text string) Result {
	p := make([]float64, seats)
	for i := range p {
		p[i] = 0.5
	}
	return Result{Points: p, End: end, Text: text}
}

// win returns a Result where seat takes the point.
func win(seats, seat int, end End, text string) Result {
	p := make([]float64, seats)
	p[seat] = 1
	return Result{Points: p, End: end, Text: text}
}

// Score is an engine's evaluation from its own point of view, as reported
// by `info score`.
type Score struct {
	Valid bool // a score was reported
	Mate  bool // Value is moves to mate (negative: being mated), else centipawns
	Value int
}

// mateCP is the centipawn value a mate score counts as in adjudication.
const mateCP = 100000

// CP returns the score in centipawns, a mate counting as ±(100000 - moves).
func (s Score) CP() int {
	if !s.Mate {
		return s.Value
	}
	switch {
	case s.Value > 0:
		return mateCP - s.Value
	case s.Value < 0:
		return -mateCP - s.Value
	}
	return -mateCP // "mate 0": already mated
}

// String writes the score as in cutechess's PGN comments: +0.35, -1.20,
// +M5, -M3; "" when no score was reported.
func (s Score) String() string {
	if !s.Valid {
		return ""
	}
	if s.Mate {
		if s.Value > 0 {
			return fmt.Sprintf("+M%d", s.Value)
		}
		return fmt.Sprintf("-M%d", -s.Value)
	}
	sign := "+"
	v := s.Value
	if v < 0 {
		sign, v = "-", -v
	}
	return fmt.Sprintf("%s%d.%02d", sign, v/100, v%100)
}

var variants = map[string]Variant{"chess": Chess{}, "spy": Spy{}, "lucky": Lucky{}, "chaturanga4": Chaturanga4{}, "magic": Magic{}}

// LookupVariant returns the variant of that name: chess, spy, lucky,
// chaturanga4 or magic.
func LookupVariant(name string) (Variant, error) {
	v, ok := variants[strings.ToLower(name)]
	if !ok {
		return nil, fmt.Errorf("unknown variant %q (known: chess, spy, lucky, chaturanga4, magic)", name)
	}
	return v, nil
}
