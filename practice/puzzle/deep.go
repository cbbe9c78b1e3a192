package puzzle

import (
	"context"
	"fmt"

	"azar/search"
	"azar/variants/chess"
)

// The true-puzzle standard (docs/puzzles.md, "True puzzles"), the one
// lichess uses for its puzzle database: at every solver move the solution
// is the best move of a deep search and the second best is clearly worse,
// and the line ends in a position won for the solver. Scores are Azar's
// own evaluation in centipawns from the solver's side.
const (
	// DeepNodes is the node budget of every deep search: 100 times the
	// generator's default 1,500 nodes a move, so that a line the quick
	// self-play search liked is judged by a search that sees far further.
	DeepNodes = 150_000
	// DeepMultiPV: the best two moves are searched at every solver ply,
	// so the second best has an exact score, not a bound.
	DeepMultiPV = 2
	// WinScore is a won position: about two pawns, lichess's threshold
	// for a winning advantage. The solution must keep at least this at
	// every solver move, and so the line ends at least this far ahead.
	WinScore = 200
	// OnlyMargin: a second best that still wins (at least WinScore) must
	// be at least this much worse than the solution, about two pawns,
	// or the puzzle has two answers.
	OnlyMargin = 200
	// DecisiveScore: above about ten pawns a position is won whatever
	// the score says (lichess counts win chances, and they are all but
	// certain there), so the OnlyMargin comparison caps both scores at
	// this: a mate against +25 is no puzzle, every move wins. Below it a
	// centipawn still counts as one.
	DecisiveScore = 1000
	// DefenceMargin: a stored defence may be this much worse for the
	// defender than the deep search's best, no more: moves that close
	// are the same defence as far as the search can tell (the king
	// stepping to g8 or h8 as the queen falls).
	DefenceMargin = 50
	// GenSlack: the generator asks each threshold above with this much
	// to spare (the solution at WinScore+GenSlack, a winning runner-up
	// OnlyMargin+GenSlack behind or below WinScore-GenSlack), so that a
	// shipped puzzle stays true when the search or the evaluation changes
	// a little, and a stronger engine more often agrees.
	GenSlack = 50
	// MateCap: a mate counts as this many centipawns (the distance is
	// dropped), so that the difference between a mate and a large
	// advantage stays meaningful and two mates count as equal.
	MateCap = 10000
)

// Deep is the deep search of the true-puzzle standard. Every search runs
// on one thread with a fixed node budget from a cleared hash table, so a
// verdict depends only on the position and the move: it is the same on
// every machine and every run. A Deep is not safe for concurrent use.
type Deep struct {
	e     *search.Engine
	nodes uint64
	// memo keeps the results already computed: Verify and Check ask about
	// the same positions, and a search's result depends only on its key.
	memo map[deepKey]search.Result
}

type deepKey struct {
	hash    uint64
	multiPV int
	only    chess.Move // the one root move searched, or NoMove for all
}

// NewDeep returns a deep searcher with the standard budget, DeepNodes.
func NewDeep() *Deep { return NewDeepNodes(DeepNodes) }

// NewDeepNodes returns a deep searcher with another node budget (tests of
// the standard's logic on small budgets).
func NewDeepNodes(nodes uint64) *Deep {
	opts := search.DefaultOptions()
	opts.HashMB = 16
	opts.Threads = 1
	return &Deep{e: search.New(opts), nodes: max(1, nodes), memo: map[deepKey]search.Result{}}
}

// Scored is a root move with its deep score from the mover's side and the
// reply the search expects (NoMove when none).
type Scored struct {
	Move  chess.Move
	Score int
	Reply chess.Move
}

// Analyse returns the best DeepMultiPV moves of pos, best first (fewer
// when pos has fewer legal moves; none when it has none).
func (d *Deep) Analyse(pos *chess.Position) []Scored {
	res := d.run(pos, DeepMultiPV, chess.NoMove)
	if res.Move == chess.NoMove {
		return nil
	}
	if len(res.Candidates) == 0 {
		return []Scored{{res.Move, capScore(res.Score), res.Ponder}}
	}
	out := make([]Scored, len(res.Candidates))
	for i, c := range res.Candidates {
		out[i] = Scored{Move: c.Move, Score: capScore(c.Score)}
	}
	if out[0].Move == res.Move {
		out[0].Reply = res.Ponder
	}
	return out
}

// Score searches m alone in pos: its deep score from the mover's side and
// the expected reply.
func (d *Deep) Score(pos *chess.Position, m chess.Move) Scored {
	res := d.run(pos, 1, m)
	return Scored{Move: m, Score: capScore(res.Score), Reply: res.Ponder}
}

// Best is the deep search's single best move in pos (MultiPV 1), with its
// score; Move is NoMove when pos has no legal move.
func (d *Deep) Best(pos *chess.Position) Scored {
	res := d.run(pos, 1, chess.NoMove)
	return Scored{Move: res.Move, Score: capScore(res.Score), Reply: res.Ponder}
}

func (d *Deep) run(pos *chess.Position, multiPV int, only chess.Move) search.Result {
	key := deepKey{pos.Hash(), multiPV, only}
	if r, ok := d.memo[key]; ok {
		return r
	}
	l := search.Limits{Nodes: d.nodes, MultiPV: multiPV}
	if only != chess.NoMove {
		l.SearchMoves = []chess.Move{only}
	}
	d.e.NewGame()
	r := d.e.Search(context.Background(), pos, l, nil)
	d.memo[key] = r
	return r
}

func capScore(s int) int { return max(-MateCap, min(MateCap, s)) }

// OnlyWin reports whether best (the solution) is the only winning move
// next to second, the runner-up (nil: no other legal move): best wins,
// and second either does not or is at least OnlyMargin worse, both
// scores capped at DecisiveScore.
func OnlyWin(best Scored, second *Scored) bool { return onlyWin(best, second, 0) }

// onlyWin is OnlyWin with every threshold asked with slack to spare.
func onlyWin(best Scored, second *Scored, slack int) bool {
	if best.Score < WinScore+slack {
		return false
	}
	if second == nil || second.Score < WinScore-slack {
		return true
	}
	return min(best.Score, DecisiveScore)-min(second.Score, DecisiveScore) >= OnlyMargin+slack
}

// VerifyLine checks a tactic's line (solver and defender alternating, the
// solver first) by the true-puzzle standard: at every solver move the
// stored move is the deep search's best, it wins (WinScore), and the
// second best is clearly worse (OnlyWin); every defence keeps within
// DefenceMargin of the deep search's best defence. The last solver move's
// score is the value of the position the line ends in.
func (d *Deep) VerifyLine(pos *chess.Position, line []chess.Move) error {
	return d.verifyLine(pos, line, 0)
}

// verifyLine is VerifyLine with each threshold asked with slack to spare
// (the generator's GenSlack).
func (d *Deep) verifyLine(pos *chess.Position, line []chess.Move, slack int) error {
	q := pos.Clone()
	for i, m := range line {
		if i%2 == 1 {
			// The defender resists as well as it can, as in lichess's
			// puzzles: the solver's later moves are judged against the
			// strongest defence, or one the search cannot tell from it.
			if b := d.Best(q); b.Move != m {
				if s := d.Score(q, m); s.Score < b.Score-DefenceMargin {
					return fmt.Errorf("the defence %s (%s for the defender) is weaker than %s (%s)",
						moveNo(q, q.SAN(m)), Eval(s.Score), q.SAN(b.Move), Eval(b.Score))
				}
			}
			q.Make(m)
			continue
		}
		c := d.Analyse(q)
		if len(c) == 0 {
			return fmt.Errorf("no legal move at ply %d", i+1)
		}
		san := q.SAN(m)
		if c[0].Move != m {
			return fmt.Errorf("at %s the deep search prefers %s (%s) to the solution (%s)",
				moveNo(q, san), q.SAN(c[0].Move), Eval(c[0].Score), Eval(d.Score(q, m).Score))
		}
		if c[0].Score < WinScore+slack {
			return fmt.Errorf("after %s the solver stands at %s, not won (%s needed)", moveNo(q, san), Eval(c[0].Score), Eval(WinScore+slack))
		}
		var second *Scored
		if len(c) > 1 {
			second = &c[1]
		}
		if !onlyWin(c[0], second, slack) {
			return fmt.Errorf("at %s, %s (%s) wins about as much as the solution (%s)",
				moveNo(q, san), q.SAN(second.Move), Eval(second.Score), Eval(c[0].Score))
		}
		q.Make(m)
	}
	return nil
}

// moveNo writes a SAN move with its move number from pos: "41...Qb2+".
func moveNo(pos *chess.Position, san string) string {
	f := pos.FEN()
	var n int
	fmt.Sscanf(lastField(f), "%d", &n)
	if pos.Side() == chess.White {
		return fmt.Sprintf("%d.%s", n, san)
	}
	return fmt.Sprintf("%d...%s", n, san)
}

func lastField(s string) string {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == ' ' {
			return s[i+1:]
		}
	}
	return s
}

// Eval writes a deep score for a reader: "+3.2" in pawns, or "a forced
// mate" (capped scores do not keep the distance).
func Eval(s int) string {
	if s >= MateCap || s <= -MateCap {
		if s > 0 {
			return "a forced mate"
		}
		return "a forced mate against you"
	}
	return pawns(s)
}
