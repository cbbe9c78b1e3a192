package analysis

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"

	"azar/search"
	"azar/variants/chess"
)

// Report is the post-game analysis of one game.
type Report struct {
	FEN    string       `json:"fen"` // the start position
	Result string       `json:"result"`
	Budget BudgetReport `json:"budget"`
	Moves  []MoveReport `json:"moves"`
	White  SideReport   `json:"white"`
	Black  SideReport   `json:"black"`
}

// BudgetReport is the budget of each search, for the record.
type BudgetReport struct {
	Nodes      uint64 `json:"nodes,omitempty"`
	Depth      int    `json:"depth,omitempty"`
	MoveTimeMS int64  `json:"movetime_ms,omitempty"`
}

// MoveReport is one ply. Every evaluation and win % is from the mover's
// point of view.
type MoveReport struct {
	Ply    int    `json:"ply"` // 1 for the game's first move
	Number int    `json:"number"`
	Side   string `json:"side"` // "white" or "black"
	SAN    string `json:"san"`
	UCI    string `json:"uci"`
	// EvalBefore is the engine's score of the position before the move
	// (the best move's score); EvalAfter that of the position after it.
	EvalBefore Score   `json:"eval_before"`
	EvalAfter  Score   `json:"eval_after"`
	Best       string  `json:"best"` // the engine's move before, in UCI
	BestSAN    string  `json:"best_san"`
	WinBefore  Percent `json:"win_before"`
	WinAfter   Percent `json:"win_after"`
	Accuracy   Percent `json:"accuracy"`
	Label      Label   `json:"label"`
	// Depth is the depth of the search before the move; DepthAfter that
	// of the search behind EvalAfter (the same search when the engine's
	// move was played, 0 when the rules scored the final position).
	Depth      int `json:"depth"`
	DepthAfter int `json:"depth_after"`

	// Kind is what the ply was in a game of chance or hidden cards
	// (a card game's report, built outside this package): "" a decision
	// the mover chose among several, KindChance an event of the rules
	// (the card a draw gave), KindForced the one action the mover had.
	// Only decisions are judged: the others have no label, an accuracy
	// of 100 and do not count in the side's figures, but they are points
	// of the graph. A chess report holds decisions only.
	Kind string `json:"kind,omitempty"`

	Move     chess.Move `json:"-"`
	BestMove chess.Move `json:"-"`
}

// The kinds of ply that are not decisions (MoveReport.Kind).
const (
	KindChance = "chance"
	KindForced = "forced"
)

// SideReport sums up one side's moves.
type SideReport struct {
	Name         string  `json:"name,omitempty"`
	Moves        int     `json:"moves"`
	Accuracy     Percent `json:"accuracy"` // NaN (null in JSON) with no move
	Inaccuracies int     `json:"inaccuracies"`
	Mistakes     int     `json:"mistakes"`
	Blunders     int     `json:"blunders"`
}

// Percent is a percentage; JSON gets two decimals, and null for NaN.
type Percent float64

// MarshalJSON writes the value with two decimals, or null for NaN.
func (p Percent) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(p)) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, math.Round(float64(p)*100)/100, 'f', -1, 64), nil
}

// UnmarshalJSON reads what MarshalJSON wrote: null is NaN again (a side
// with no move), not the zero that encoding/json would leave.
func (p *Percent) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*p = Percent(math.NaN())
		return nil
	}
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return fmt.Errorf("a percentage: %w", err)
	}
	*p = Percent(f)
	return nil
}

// Analyze evaluates every move of a standard-chess game: each position is
// searched once within the budget, in game order, by one engine.
// progress, if not nil, is called after each search with the number of
// positions done and to do. A game with no move is an error; so is a
// cancelled context (the report would be partial).
func Analyze(ctx context.Context, g *chess.Game, b Budget, progress func(done, total int)) (Report, error) {
	if err := b.check(); err != nil {
		return Report{}, err
	}
	if err := CheckVariant(g); err != nil {
		return Report{}, err
	}
	if len(g.Moves) == 0 {
		return Report{}, errors.New("the game has no moves to analyse")
	}
	pos, err := g.Start()
	if err != nil {
		return Report{}, err
	}
	r := Report{
		FEN: pos.FEN(), Result: g.Result,
		Budget: BudgetReport{Nodes: b.Nodes, Depth: b.Depth, MoveTimeMS: b.MoveTime.Milliseconds()},
		White:  SideReport{Name: g.Tag("White")},
		Black:  SideReport{Name: g.Tag("Black")},
	}
	e := b.engine()
	n := len(g.Moves)
	// lines[i] is the search of the position before move i; the position
	// after the last move is searched only if its score is needed.
	lines := make([]Line, n)
	positions := make([]*chess.Position, n)
	for i, m := range g.Moves {
		if !pos.IsLegal(m) {
			return Report{}, fmt.Errorf("ply %d: move %s is illegal in %s", i+1, m, pos.FEN())
		}
		positions[i] = pos.Clone()
		lines[i] = bestLine(ctx, e, pos, b)
		if err := ctx.Err(); err != nil {
			return Report{}, err
		}
		if progress != nil {
			progress(i+1, n)
		}
		pos.Make(m)
	}
	final := pos
	for i, m := range g.Moves {
		p := positions[i]
		before := lines[i].Score
		var after Score
		var depthAfter int
		switch {
		case m == lines[i].Move:
			// The best move keeps the score it was found with, so it is
			// never judged against a second search's noise.
			after, depthAfter = before, lines[i].Depth
		case i+1 < n:
			after, depthAfter = -lines[i+1].Score, lines[i+1].Depth
		default:
			s, d, err := finalScore(ctx, e, final, b)
			if err != nil {
				return Report{}, err
			}
			after, depthAfter = -s, d
		}
		mr := MoveReport{
			Ply: i + 1, Number: p.FullMove(), Side: sideName(p.Side()),
			SAN: p.SAN(m), UCI: m.String(), EvalBefore: before, EvalAfter: after,
			Best: lines[i].Move.String(), BestSAN: p.SAN(lines[i].Move),
			WinBefore: Percent(before.WinPercent()), WinAfter: Percent(after.WinPercent()),
			Label: Judge(before, after), Depth: lines[i].Depth, DepthAfter: depthAfter, Move: m, BestMove: lines[i].Move,
		}
		mr.Accuracy = Percent(MoveAccuracy(float64(mr.WinBefore), float64(mr.WinAfter)))
		r.Moves = append(r.Moves, mr)
	}
	r.Summarise()
	return r, nil
}

// finalScore is the score of the position after the game's last move for
// its side to move: exact when the game ended there by the rules,
// searched otherwise; with the search's depth (0 for the rules).
func finalScore(ctx context.Context, e *search.Engine, pos *chess.Position, b Budget) (Score, int, error) {
	switch st := pos.Status(false); {
	case st == chess.Checkmate:
		return Mated, 0, nil
	case st.IsDraw():
		return 0, 0, nil
	}
	l := bestLine(ctx, e, pos, b)
	return l.Score, l.Depth, ctx.Err()
}

func sideName(c chess.Color) string {
	if c == chess.White {
		return "white"
	}
	return "black"
}

// Summarise counts the labels and computes each side's game accuracy
// from the decisions (Kind ""); Analyze calls it, and so does whoever
// builds a report of a card game.
func (r *Report) Summarise() {
	r.White, r.Black = SideReport{Name: r.White.Name}, SideReport{Name: r.Black.Name}
	acc := make([]float64, len(r.Moves))
	isWhite := make([]bool, len(r.Moves))
	isBlack := make([]bool, len(r.Moves))
	for i, m := range r.Moves {
		acc[i] = float64(m.Accuracy)
		if m.Kind != "" {
			continue
		}
		s := &r.Black
		if m.Side == "white" {
			s, isWhite[i] = &r.White, true
		} else {
			isBlack[i] = true
		}
		s.Moves++
		switch m.Label {
		case Inaccuracy:
			s.Inaccuracies++
		case Mistake:
			s.Mistakes++
		case Blunder:
			s.Blunders++
		}
	}
	white := r.WhiteWins()
	r.White.Accuracy = Percent(gameAccuracy(white, acc, isWhite))
	r.Black.Accuracy = Percent(gameAccuracy(white, acc, isBlack))
}

// whiteWin turns the mover's win % into White's.
func whiteWin(side string, win float64) float64 {
	if side == "white" {
		return win
	}
	return 100 - win
}

// WhiteWins is White's win % before the first move and after every ply:
// the curve of the evaluation graph.
func (r *Report) WhiteWins() []float64 {
	var w []float64
	for i, m := range r.Moves {
		if i == 0 {
			w = append(w, whiteWin(m.Side, float64(m.WinBefore)))
		}
		w = append(w, whiteWin(m.Side, float64(m.WinAfter)))
	}
	return w
}
