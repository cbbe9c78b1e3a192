package books

import (
	"fmt"
	"sort"

	"azar/variants/chess"
)

// BuildOptions are PolyGlot make-book's settings that Build supports.
type BuildOptions struct {
	// MaxPly counts only the first MaxPly moves of each game (make-book
	// -max-ply, default 1024).
	MaxPly int
	// MinGame keeps an entry only if its move was played in at least
	// MinGame games (make-book -min-game, default 3).
	MinGame int
}

// DefaultBuildOptions are make-book's defaults.
func DefaultBuildOptions() BuildOptions { return BuildOptions{MaxPly: 1024, MinGame: 3} }

// countMax is the game count at which make-book halves every count of a
// position, so that the sums fit the 16-bit weight.
const countMax = 16384

// stat is one (position, move) pair while a book is built.
type stat struct {
	key    uint64
	move   uint16
	n, sum uint16
}

// Build makes a book from games with PolyGlot 2.0.4 make-book's rules, so
// that the same games give the same bytes:
//
//   - every move of a game's first MaxPly plies adds one game to its
//     (position, move) pair and scores it for the side that played it: 2 for
//     a win, 1 for a draw, 0 for a loss; the result is the game's Result tag
//     (its termination marker without one) and anything but 1-0 and 0-1,
//     "*" included, counts as a draw;
//   - when a pair reaches 16384 games, every pair of that position has its
//     games and score halved, rounding up;
//   - a pair is kept if played in at least MinGame games with a score above
//     0, and its weight is its score;
//   - entries are sorted by key, then by weight, highest first; equal
//     weights stay in the order the pairs were first played (the order
//     make-book's stable qsort leaves them in).
//
// A game with a FEN start is built from that position (make-book would
// replay its moves from the standard start and stop at the first illegal
// one).
func Build(games []chess.Game, opt BuildOptions) ([]Entry, error) {
	if opt.MaxPly < 0 {
		return nil, fmt.Errorf("max ply %d: want 0 or more", opt.MaxPly)
	}
	if opt.MinGame < 1 {
		return nil, fmt.Errorf("min game %d: want 1 or more", opt.MinGame)
	}
	var stats []stat
	index := map[[2]uint64]int{} // (key, move) -> stats index
	byKey := map[uint64][]int{}  // key -> stats indices
	for gi := range games {
		g := &games[gi]
		p, err := g.Start()
		if err != nil {
			return nil, fmt.Errorf("game %d: %w", gi+1, err)
		}
		winner, decided := gameWinner(g)
		for ply, m := range g.Moves {
			if ply >= opt.MaxPly {
				break
			}
			k, v := Key(p), EncodeMove(m)
			i, ok := index[[2]uint64{k, uint64(v)}]
			if !ok {
				i = len(stats)
				stats = append(stats, stat{key: k, move: v})
				index[[2]uint64{k, uint64(v)}] = i
				byKey[k] = append(byKey[k], i)
			}
			s := &stats[i]
			s.n++
			switch {
			case !decided:
				s.sum++
			case winner == p.Side():
				s.sum += 2
			}
			if s.n >= countMax {
				for _, j := range byKey[k] {
					stats[j].n = (stats[j].n + 1) / 2
					stats[j].sum = (stats[j].sum + 1) / 2
				}
			}
			p.Make(m)
		}
	}
	var out []Entry
	for _, s := range stats {
		if int(s.n) >= opt.MinGame && s.sum > 0 {
			out = append(out, Entry{Key: s.key, Move: s.move, Weight: s.sum})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Key != out[j].Key {
			return out[i].Key < out[j].Key
		}
		return out[i].Weight > out[j].Weight
	})
	return out, nil
}

// gameWinner reads a game's result as make-book does: from the Result tag,
// or the termination marker when there is no tag.
func gameWinner(g *chess.Game) (winner chess.Color, decided bool) {
	r := g.Result
	if t := g.Tag("Result"); t != "" {
		r = t
	}
	switch r {
	case "1-0":
		return chess.White, true
	case "0-1":
		return chess.Black, true
	}
	return chess.White, false
}
