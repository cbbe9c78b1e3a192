package games

import (
	"fmt"
	"slices"
	"strings"

	"azar/app/engine"
	"azar/variants/chess"
)

// VariantChess is standard chess (docs/rules/standard.md).
const VariantChess = "chess"

// chessEntry is standard chess: nothing is hidden, so its View is the
// whole position.
type chessEntry struct{}

func (chessEntry) name() string { return VariantChess }

func (chessEntry) prepare(o *Options) error {
	if err := noSeats(o); err != nil {
		return err
	}
	if len(o.Rules) > 0 {
		return errorf(Invalid, "rule options are for the card variants")
	}
	if err := prepareTwoSeats(o, ""); err != nil {
		return err
	}
	if o.FEN != "" {
		p, err := chess.ParseFEN(o.FEN)
		if err != nil {
			return errorf(Invalid, "start position: %v", err)
		}
		if st := p.Status(false); st != chess.Ongoing {
			return errorf(Invalid, "start position: the game is already over (%s)", st)
		}
		o.FEN = p.FEN()
		if o.FEN == chess.StartFEN {
			o.FEN = ""
		}
	}
	return nil
}

func (e chessEntry) deal(o Options, _ func() uint64) (play, error) { return e.open(o, "", nil) }

func (chessEntry) open(o Options, _ string, moves []string) (play, error) {
	pos, sans, err := replay(o.FEN, moves)
	if err != nil {
		return nil, errorf(Invalid, "%v", err)
	}
	return &chessGame{fen: o.FEN, moves: moves, pos: pos, sans: sans, status: pos.Status(false)}, nil
}

// chessGame is a chess game: the start, the moves, and the position, the
// SAN and the status they give.
type chessGame struct {
	fen    string
	moves  []string
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

func (g *chessGame) tokens() []string { return g.moves }
func (g *chessGame) secret() string   { return "" }

func (g *chessGame) toAct() string {
	if g.status != chess.Ongoing {
		return ""
	}
	return colorLetter(g.pos.Side())
}

func (g *chessGame) outcome() (string, string) {
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

func (g *chessGame) legal(seat string) []string {
	out := []string{}
	if seat == "" || seat != g.toAct() {
		return out
	}
	var l chess.MoveList
	g.pos.GenerateLegal(&l)
	for _, m := range l.Slice() {
		out = append(out, m.String())
	}
	return out
}

func (g *chessGame) act(_, tok string) ([]string, string, error) {
	mv, err := g.pos.ParseUCIMove(tok)
	if err != nil {
		return nil, "", errorf(Invalid, "illegal move %q", tok)
	}
	return append(slices.Clone(g.moves), mv.String()), "", nil
}

func (g *chessGame) outOfTurn(string) bool { return false }

func (g *chessGame) engineTurn(o Options) (string, int, bool) { return engineSeatOf(o, g.toAct()) }

func (g *chessGame) engineRequest(string) ([]engine.Option, string) {
	return []engine.Option{{Name: "UCI_Variant", Value: VariantChess}}, positionText(g.fen, "", g.moves)
}

// offerRequest: nothing is secret, so the offer is searched as a move is.
func (g *chessGame) offerRequest(seat string) ([]engine.Option, string) { return g.engineRequest(seat) }

func (g *chessGame) answer(_ string, res engine.Result) ([]string, string, *Eval, error) {
	mv, err := g.pos.ParseUCIMove(res.Move)
	if err != nil {
		return nil, "", nil, err
	}
	return append(slices.Clone(g.moves), mv.String()), "", evalFor(colorLetter(g.pos.Side()), res.Score), nil
}

func (g *chessGame) hint(_ string, res engine.Result) (Hint, error) {
	mv, err := g.pos.ParseUCIMove(res.Move)
	if err != nil {
		return Hint{}, fmt.Errorf("the engine's hint %q: %v", res.Move, err)
	}
	return Hint{Move: mv.String(), SAN: g.pos.SAN(mv), Eval: evalFor(colorLetter(g.pos.Side()), res.Score)}, nil
}

func (g *chessGame) hidesEngine() bool     { return false }
func (g *chessGame) refuses(request) error { return nil }

// takeBack: against the engine, back to before the player's last move
// (the engine's reply goes too); on one device, one move.
func (g *chessGame) takeBack(o Options) int {
	k := len(g.moves) - 1
	if o.Mode == ModeEngine {
		for k >= 0 && g.sideAt(k) != o.Human {
			k--
		}
	}
	return k
}

// sideAt is the side to move before move number k (0-based) of the game.
func (g *chessGame) sideAt(k int) string {
	first := "w"
	if g.fen != "" && strings.Fields(g.fen)[1] == "b" {
		first = "b"
	}
	if k%2 == 0 {
		return first
	}
	return otherSeat(first)
}

// acceptsDraw: the board's material is all there is, so a dead draw is
// one.
func (g *chessGame) acceptsDraw(own engine.Score) bool { return acceptsDraw(g.pos, true, own) }

func (g *chessGame) analysisGame(_ Options, result string) (*chess.Game, error) {
	pos := chess.NewPosition()
	if g.fen != "" {
		p, err := chess.ParseFEN(g.fen)
		if err != nil {
			return nil, err
		}
		pos = p
	}
	cg := &chess.Game{FEN: g.fen, Result: result}
	for _, s := range g.moves {
		m, err := pos.ParseUCIMove(s)
		if err != nil {
			return nil, err
		}
		cg.Moves = append(cg.Moves, m)
		pos.Make(m)
	}
	return cg, nil
}

func (g *chessGame) view(v *View, w viewer) {
	boardView(v, g.pos, g.moves, g.sans)
	if n := len(g.moves); n > 0 {
		v.LastMove = g.moves[n-1]
	}
	if g.pos.InCheck() {
		v.Check = g.pos.KingSquare(g.pos.Side()).String()
	}
	v.Legal = g.legal(w.acts)
}

// boardView fills the View's board from pos and the moves from their
// tokens and notation.
func boardView(v *View, pos *chess.Position, toks, notes []string) {
	v.FEN, v.Turn = pos.FEN(), colorLetter(pos.Side())
	for s := chess.Square(0); s < 64; s++ {
		if pc := pos.At(s); pc != chess.NoPiece {
			v.Pieces[s.String()] = colorLetter(pc.Color()) + string(pc.Type().Letter())
		}
	}
	v.Moves = make([]MoveView, len(toks))
	for i, m := range toks {
		v.Moves[i] = MoveView{UCI: m, SAN: notes[i]}
	}
}

func (g *chessGame) players(o Options) [][2]string { return playerTags(o) }
func (g *chessGame) pgnTags(Options) [][2]string   { return nil }

// pgnMoves numbers the SAN moves from the start position's move number.
func (g *chessGame) pgnMoves(Options) string {
	var tokens []string
	first := g.sideAt(0)
	moveNo := 1
	if g.fen != "" {
		fmt.Sscanf(strings.Fields(g.fen)[5], "%d", &moveNo)
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
	return strings.Join(tokens, " ")
}
