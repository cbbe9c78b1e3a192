package match

import (
	"fmt"
	"math/rand/v2"

	"azar/variants/chess"
)

// Chess is standard chess: two seats, White and Black, no chance. Games end
// by the rules of variants/chess: checkmate, stalemate and the automatic
// draws (insufficient material with any bishop colours, threefold
// repetition, fifty moves), as Position.Status(false) reports them.
type Chess struct{}

// Name returns "chess".
func (Chess) Name() string { return "chess" }

// Seats returns White ("w" clock) and Black ("b" clock).
func (Chess) Seats() []Seat {
	return []Seat{{Name: "White", Clock: "w"}, {Name: "Black", Clock: "b"}}
}

// NewGame sets up the opening's FEN (or the start position) and checks
// that its moves are legal; the moves are not played yet: the runner
// plays them through Play as book moves. rng is unused.
func (Chess) NewGame(o Opening, _ *rand.Rand) (Game, error) {
	g := &chessGame{}
	fen := o.FEN
	if fen == "" {
		g.pos = chess.NewPosition()
	} else {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			return nil, err
		}
		g.pos = p
		g.fen = p.FEN()
		if g.fen == chess.StartFEN {
			g.fen = ""
		}
	}
	check := g.pos.Clone()
	for _, s := range o.Moves {
		m, err := check.ParseUCIMove(s)
		if err != nil {
			return nil, fmt.Errorf("opening %q: %w", o.ID, err)
		}
		check.Make(m)
	}
	return g, nil
}

type chessGame struct {
	pos   *chess.Position
	fen   string   // the start FEN, "" for the standard start
	moves []string // UCI moves from the start
	ending
}

func (g *chessGame) ToMove() int { return int(g.pos.Side()) }

func (g *chessGame) Position(int) string { return positionArg(g.fen, "", g.moves) }

func (g *chessGame) Play(seat int, action string) (Action, error) {
	if err := g.turnError(seat, g.ToMove()); err != nil {
		return Action{}, err
	}
	m, err := g.pos.ParseUCIMove(action)
	if err != nil {
		return Action{}, err
	}
	a := Action{Seat: seat, Number: g.pos.FullMove(), Move: m.String(), Text: g.pos.SAN(m)}
	g.pos.Make(m)
	g.moves = append(g.moves, a.Move)
	g.judge()
	return a, nil
}

// judge ends the game if the rules end it.
func (g *chessGame) judge() {
	st := g.pos.Status(false)
	switch st {
	case chess.Ongoing:
		return
	case chess.Checkmate:
		winner := g.pos.Side().Other()
		g.end(win(2, int(winner), EndCheckmate, seatName(int(winner))+" mates"))
	case chess.Stalemate:
		g.end(draw(2, EndStalemate, "Draw by stalemate"))
	case chess.DrawInsufficient:
		g.end(draw(2, EndInsufficient, "Draw by insufficient material"))
	case chess.DrawRepetition:
		g.end(draw(2, EndRepetition, "Draw by threefold repetition"))
	case chess.DrawFiftyMoves:
		g.end(draw(2, EndFiftyMoves, "Draw by fifty-move rule"))
	}
}

func seatName(seat int) string { return Chess{}.Seats()[seat].Name }

func (g *chessGame) Result() (Result, bool) {
	if !g.over && len(g.moves) == 0 {
		g.judge() // an opening position may already be over
	}
	return g.result, g.over
}

func (g *chessGame) Tags() []Tag { return startTags(g.fen) }
