package games

import (
	"context"
	"fmt"
	"math"
	"strings"

	"azar/app/engine"
	"azar/practice/analysis"
	"azar/variants/chaturanga4"
)

// The post-game analysis of four-player chaturanga (issue 31 §4,
// docs/analysis.md "Four-player chaturanga"): each seat's expected points
// after every ply, and each move judged by what it cost its mover.
//
// Nothing is hidden in this game, so every position is searched as it
// stands. The search reports every seat's value at the end of its
// principal variation (`info string scores`, the values the seat policy
// weighed); the expectation of seat i is the share of the game's one point
// a Bradley–Terry–Luce model gives it among the seats still in:
//
//	E_i = e^(v_i/T) / Σ_j e^(v_j/T),   T = 1/0.00368208 ≈ 271.6 cp
//
// T is the constant of the chess analysis's win % (lichess's), so that
// with two seats left E is exactly chess's win % of the value difference;
// a seat out expects 0, and a finished game's expectation is its points
// (1 to the winner, or shared after a draw). T is not tuned on
// four-player games: it is chess's, and says so.
//
// A move is judged by its mover's expectation before it (the search
// with the mover to act) and after it (the search with the next seat to
// act): the drop, in points on [0, 100], earns chess's labels (5, 10, 15)
// and lichess's move accuracy. A seat that can only pass (the referee
// passes for it) makes no decision.

func (c cards) seatsJob(Options, []string, Searcher) analysisJob      { return nil }
func (g *chessGame) seatsJob(Options, []string, Searcher) analysisJob { return nil }

// seatsJob is the four-player analysis as the referee stores it.
func (g *c4Game) seatsJob(o Options, moves []string, eng Searcher) analysisJob {
	return func(ctx context.Context, b analysis.Budget, progress func(int, int)) (storedAnalysis, error) {
		c4, judged, err := analyseC4(ctx, o, moves, eng, b, progress)
		if err != nil {
			return storedAnalysis{}, err
		}
		return storedAnalysis{Analysis: Analysis{Moves: judged, C4: &c4}, SVG: c4.SVG()}, nil
	}
}

// c4Temperature is T above, in the engine's centipawns.
const c4Temperature = 1 / 0.00368208

// C4Analysis is a four-player game's analysis.
type C4Analysis struct {
	// Points is each seat's (r, g, y, b) expected points, on [0, 100],
	// at the start (index 0) and after each ply.
	Points [][4]float64 `json:"points"`
	// Seats are each seat's accuracy and labels, r, g, y, b.
	Seats [4]analysis.SideReport `json:"seats"`
}

// c4Expectation is each seat's expected points, on [0, 100], from the
// search's seat values v at a position where active says who is in.
func c4Expectation(v []int, active func(s int) bool) [4]float64 {
	var out [4]float64
	best := math.Inf(-1)
	for s := range 4 {
		if active(s) {
			best = max(best, float64(v[s]))
		}
	}
	sum := 0.0
	for s := range 4 {
		if active(s) {
			out[s] = math.Exp((float64(v[s]) - best) / c4Temperature) // less the largest: no overflow
			sum += out[s]
		}
	}
	for s := range out {
		out[s] = math.Round(out[s]/sum*1000) / 10
	}
	return out
}

// analyseC4 searches every position of a finished four-player game (o, its
// moves) with the budget b and judges each move; progress, when not nil,
// is told after each search.
func analyseC4(ctx context.Context, o Options, moves []string, s Searcher, b analysis.Budget,
	progress func(done, total int)) (C4Analysis, []AnalysedMove, error) {
	g, err := newC4Game(o, moves)
	if err != nil {
		return C4Analysis{}, nil, err
	}
	toks := g.tokens()
	p := chaturanga4.NewPosition()
	if o.FEN != "" {
		if p, err = chaturanga4.ParseC4N(o.FEN); err != nil {
			return C4Analysis{}, nil, err
		}
	}
	opts, _ := g.engineRequest("")
	a := C4Analysis{Points: make([][4]float64, 0, len(toks)+1)}
	forced := make([]bool, len(toks))
	for k := 0; ; k++ {
		if st := p.Status(); st.Over {
			var e [4]float64
			for i, x := range p.Scores() {
				e[i] = math.Round(x*1000) / 10
			}
			a.Points = append(a.Points, e)
		} else {
			res, err := s.Search(ctx, engine.Request{Options: opts, Position: positionText(o.FEN, "", toks[:k]), Go: goLine(b)})
			if err != nil {
				return C4Analysis{}, nil, fmt.Errorf("ply %d: %w", k, err)
			}
			if len(res.Seats) != 4 {
				return C4Analysis{}, nil, fmt.Errorf("ply %d: the engine gave no seat values", k)
			}
			a.Points = append(a.Points, c4Expectation(res.Seats, func(i int) bool { return p.Active(chaturanga4.Seat(i)) }))
		}
		if progress != nil {
			progress(k+1, len(toks)+1)
		}
		if k == len(toks) {
			break
		}
		var l chaturanga4.MoveList
		p.Generate(&l)
		forced[k] = l.Len() == 1
		m, err := p.ParseMove(toks[k])
		if err != nil {
			return C4Analysis{}, nil, fmt.Errorf("ply %d: %w", k+1, err)
		}
		p.Make(m)
	}
	var judged []AnalysedMove
	var acc [4][]float64
	for k := range toks {
		seat := int(strings.IndexByte("rgyb", g.sides[k][0]))
		m := AnalysedMove{Ply: k + 1, Side: g.sides[k], SAN: g.notes[k].Text("en")}
		if forced[k] {
			m.Kind = analysis.KindForced
			judged = append(judged, m)
			continue
		}
		before, after := a.Points[k][seat], a.Points[k+1][seat]
		r := &a.Seats[seat]
		r.Moves++
		switch l := analysis.DropLabel(before - after); l {
		case analysis.Inaccuracy:
			r.Inaccuracies++
			m.Label = l.String()
		case analysis.Mistake:
			r.Mistakes++
			m.Label = l.String()
		case analysis.Blunder:
			r.Blunders++
			m.Label = l.String()
		}
		acc[seat] = append(acc[seat], analysis.MoveAccuracy(before, after))
		judged = append(judged, m)
	}
	for s := range a.Seats {
		a.Seats[s].Name = chaturanga4.Seat(s).Name()
		a.Seats[s].Accuracy = analysis.Percent(math.NaN())
		if n := len(acc[s]); n > 0 {
			sum := 0.0
			for _, x := range acc[s] {
				sum += x
			}
			a.Seats[s].Accuracy = analysis.Percent(math.Round(sum/float64(n)*10) / 10)
		}
	}
	return a, judged, nil
}

// c4Colours are the seats' colours on the graph, as on the board.
var c4Colours = [4]string{"#d0433a", "#3f9b4a", "#d9b526", "#3a3f45"}

// SVG is the graph of the seats' expected points: one line a seat over
// the plies, 0 to 100, a dashed line at 25 (an even share of four).
func (a C4Analysis) SVG() string {
	const w, h, pad = 600.0, 160.0, 4.0
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %g %g" width="%g" height="%g" role="img">`, w, h, w, h)
	fmt.Fprintf(&b, `<rect width="%g" height="%g" fill="#262421"/>`, w, h)
	y := func(v float64) float64 { return pad + (h-2*pad)*(1-v/100) }
	fmt.Fprintf(&b, `<line x1="0" x2="%g" y1="%.1f" y2="%.1f" stroke="#777" stroke-dasharray="4 4" stroke-width="1"/>`, w, y(25), y(25))
	n := max(len(a.Points)-1, 1)
	for s := range 4 {
		b.WriteString(`<polyline fill="none" stroke-width="2" stroke="` + c4Colours[s] + `" data-seat="` + string("rgyb"[s]) + `" points="`)
		for k, pt := range a.Points {
			fmt.Fprintf(&b, "%.1f,%.1f ", w*float64(k)/float64(n), y(pt[s]))
		}
		b.WriteString(`"/>`)
	}
	b.WriteString("</svg>")
	return b.String()
}
