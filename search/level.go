package search

import (
	"math"
	"math/rand/v2"
	"slices"

	"azar/variants/chess"
)

// Strength levels for people who practise: a level is a node budget (so it
// plays the same on a fast or a slow machine), a MultiPV width and an error
// model that sometimes prefers a weaker candidate of the search's own, the
// way a person of that strength misjudges a position. The model never
// invents a move: it only reweighs the candidates the search returned.

// Level is one playing strength.
type Level struct {
	Number int    // 1..6; 0 for a level made from an Elo between two levels
	Name   string // the app's name for it (Spanish, as the rules seed names them)
	Elo    int    // the strength it aims at
	// Nodes is the node budget of one move.
	Nodes uint64
	// Candidates is the MultiPV width the choice is made from.
	Candidates int
	// Temperature, in centipawns, scales the error model: a candidate
	// worse than the best by d centipawns is chosen with weight
	// exp(-d/Temperature). 0 always plays the best move.
	Temperature float64
}

// Levels are the six levels, weakest first.
//
// Where the numbers come from: the calibration of docs/levels.md, which
// tuned each budget and temperature until the level's measured Elo lay
// within about 100 of its target: Difícil, Experto and Maestro against
// Stockfish 15.1 at UCI_Elo 1500, 1800 and 2100; Medio, Fácil and
// Principiante through matches against the level above (about +300 each).
// Rerun those matches (the commands are there) after any change to the
// search or the evaluation.
func Levels() [6]Level {
	return [6]Level{
		{1, "Principiante", 600, 1500, 8, 95},
		{2, "Fácil", 900, 2000, 6, 70},
		{3, "Medio", 1200, 3000, 5, 55},
		{4, "Difícil", 1500, 6000, 4, 40},
		{5, "Experto", 1800, 3000, 1, 0},
		{6, "Maestro", 2100, 70000, 1, 0},
	}
}

// MinLevelElo and MaxLevelElo bound UCI_Elo.
const (
	MinLevelElo = 600
	MaxLevelElo = 2100
)

// LevelByNumber returns level n (1..6).
func LevelByNumber(n int) (Level, bool) {
	if n < 1 || n > 6 {
		return Level{}, false
	}
	return Levels()[n-1], true
}

// LevelForElo maps an Elo in [MinLevelElo, MaxLevelElo] onto the same
// model: an Elo of a level is that level; between two levels the budget is
// interpolated geometrically and the temperature linearly. Elos outside the
// range are clamped.
func LevelForElo(elo int) Level {
	elo = min(max(elo, MinLevelElo), MaxLevelElo)
	ls := Levels()
	for i := 0; i+1 < len(ls); i++ {
		lo, hi := ls[i], ls[i+1]
		if elo == lo.Elo {
			return lo
		}
		if elo >= hi.Elo {
			continue
		}
		f := float64(elo-lo.Elo) / float64(hi.Elo-lo.Elo)
		return Level{
			Name:        lo.Name,
			Elo:         elo,
			Nodes:       uint64(math.Round(float64(lo.Nodes) * math.Pow(float64(hi.Nodes)/float64(lo.Nodes), f))),
			Candidates:  lo.Candidates,
			Temperature: lo.Temperature + f*(hi.Temperature-lo.Temperature),
		}
	}
	return ls[len(ls)-1]
}

// Candidate is one root move with its score from the mover's side.
type Candidate struct {
	Move  chess.Move
	Score int
}

// maxLoss caps how much worse than the best a candidate counts, so a move
// that the search sees losing to a mate is simply very unlikely rather
// than an overflow.
const maxLoss = 2000

// Choose picks the move to play from candidates (any order; scores from the
// mover's side). With a mate for the mover among them it plays the fastest
// mate, at every level, so a forced mate never escapes; otherwise a
// candidate worse by d centipawns is drawn with weight exp(-d/T).
func (lv Level) Choose(cands []Candidate, rng *rand.Rand) chess.Move {
	if len(cands) == 0 {
		return chess.NoMove
	}
	best := slices.MaxFunc(cands, func(a, b Candidate) int { return a.Score - b.Score })
	if mate, n := IsMate(best.Score); (mate && n > 0) || lv.Temperature <= 0 || len(cands) == 1 {
		return best.Move
	}
	weights := make([]float64, len(cands))
	total := 0.0
	for i, c := range cands {
		loss := float64(min(best.Score-c.Score, maxLoss))
		weights[i] = math.Exp(-loss / lv.Temperature)
		total += weights[i]
	}
	x := rng.Float64() * total
	for i, w := range weights {
		if x < w {
			return cands[i].Move
		}
		x -= w
	}
	return best.Move
}

// candidates returns the first n root moves of the main thread with the
// score of their last finished iteration.
func (t *thread) candidates(n int) []Candidate {
	out := make([]Candidate, 0, n)
	for _, rm := range t.rootMoves[:n] {
		s := rm.score
		if s == -Infinity {
			s = rm.prevScore
		}
		if s == -Infinity {
			continue
		}
		out = append(out, Candidate{rm.move, s})
	}
	return out
}
