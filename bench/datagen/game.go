package datagen

import (
	"context"
	"fmt"
	"slices"

	"azar/eval/nnue/record"
	"azar/search"
	"azar/variants/chess"
)

const maxPlies = 400

type rng struct{ s uint64 }

func (r *rng) next() uint64 {
	r.s ^= r.s << 13
	r.s ^= r.s >> 7
	r.s ^= r.s << 17
	return r.s
}

// gameRNG and sampleRNG depend only on the seed and the game number, so
// that a game and the positions kept from it are the same whichever
// worker plays it and whether the run was resumed. The sampler has its
// own stream: capping a game does not change how it is played.
func gameRNG(seed, n uint64) rng { return rng{seed*0x9E3779B97F4A7C15 + n*0xD1B54A32D192ED03 + 1} }
func sampleRNG(seed, n uint64) rng {
	return rng{seed*0xBF58476D1CE4E5B9 + n*0x94D049BB133111EB + 0x5A5A5A5A}
}

// kept is one position written from a game.
type kept struct {
	fen   string
	key   uint64 // Zobrist key of the position as written (deduplication)
	score int    // label, side to move's view
}

// game is one played game's kept positions and its result.
type game struct {
	positions []kept
	result    uint8 // record.BlackWins, Draw or WhiteWins
}

// encode writes the positions whose keys are not in seen (adding them),
// in the game's order, and returns the bytes and their count. seen nil
// keeps every position.
func (g *game) encode(f Format, seen map[uint64]struct{}) ([]byte, int, error) {
	var b []byte
	n := 0
	for _, k := range g.positions {
		if seen != nil {
			if _, dup := seen[k.key]; dup {
				continue
			}
			seen[k.key] = struct{}{}
		}
		if f == Binary {
			p, err := chess.ParseFEN(k.fen)
			if err != nil {
				return nil, 0, err
			}
			rec, err := record.FromPosition(p, k.score, g.result)
			if err != nil {
				return nil, 0, err
			}
			b = append(b, make([]byte, record.Size)...)
			rec.Encode(b[len(b)-record.Size:])
		} else {
			b = fmt.Appendf(b, "%s ; %s\n", k.fen, [3]string{"0.0", "0.5", "1.0"}[g.result])
		}
		n++
	}
	return b, n, nil
}

// canonical is the FEN and key of p as a record or a text line stores it
// (the record keeps an en-passant square only when the capture is legal),
// so that the keys rebuilt from a file on resume equal the ones a run
// computes.
func canonical(p *chess.Position, f Format) (string, uint64, error) {
	fen := p.FEN()
	if f == Binary {
		rec, err := record.FromPosition(p, 0, record.Draw)
		if err != nil {
			return "", 0, err
		}
		fen = rec.FEN()
	}
	q, err := chess.ParseFEN(fen)
	if err != nil {
		return "", 0, err
	}
	return fen, q.Hash(), nil
}

// playGame plays game n. complete is false when ctx ended it: such a game
// has no result to learn from and is not written. label, when not nil,
// re-searches each kept position for its label.
func playGame(ctx context.Context, e, label *search.Engine, cfg Config, n uint64) (g game, complete bool) {
	r := gameRNG(cfg.Seed, n)
	pos := chess.NewPosition()
	e.NewGame()
	var l chess.MoveList
	for i := 0; i < cfg.RandomPlies; i++ {
		pos.GenerateLegal(&l)
		if l.N == 0 {
			return game{}, true
		}
		pos.Make(l.Moves[r.next()%uint64(l.N)])
	}
	adj := cfg.Adjudicate
	decided := false
	winRun, drawRun := 0, 0
	g.result = record.Draw
	for ply := 0; ply < maxPlies && ctx.Err() == nil && !decided; ply++ {
		if st := pos.Status(false); st != chess.Ongoing {
			switch {
			case st == chess.Checkmate && pos.Side() == chess.White:
				g.result = record.BlackWins
			case st == chess.Checkmate:
				g.result = record.WhiteWins
			}
			break
		}
		res := e.Search(ctx, pos, search.Limits{Nodes: cfg.Nodes}, nil)
		if res.Move == chess.NoMove {
			return game{}, ctx.Err() == nil
		}
		whiteScore := res.Score
		if pos.Side() == chess.Black {
			whiteScore = -whiteScore
		}
		if adj.WinPlies > 0 && (whiteScore >= adj.WinScore || whiteScore <= -adj.WinScore) {
			if winRun++; winRun >= adj.WinPlies {
				g.result = record.WhiteWins
				if whiteScore < 0 {
					g.result = record.BlackWins
				}
				decided = true
			}
		} else {
			winRun = 0
		}
		if adj.DrawPlies > 0 && pos.FullMove() >= adj.DrawMove && whiteScore <= adj.DrawScore && whiteScore >= -adj.DrawScore {
			if drawRun++; drawRun >= adj.DrawPlies {
				decided = true
			}
		} else {
			drawRun = 0
		}
		// Quiet positions only: the static evaluation is compared with
		// the result and the search score, which mean little in the
		// middle of a capture sequence, in check, or near a mate.
		if !pos.InCheck() && pos.At(res.Move.To()) == chess.NoPiece && res.Move.Kind() == chess.KindNormal &&
			res.Score > -search.MateBound && res.Score < search.MateBound {
			if fen, key, err := canonical(pos, cfg.Format); err == nil {
				g.positions = append(g.positions, kept{fen: fen, key: key, score: res.Score})
			}
		}
		pos.Make(res.Move)
	}
	if ctx.Err() != nil {
		return game{}, false
	}
	g.positions = sample(g.positions, cfg.PerGame, sampleRNG(cfg.Seed, n))
	if label != nil {
		if !relabel(ctx, label, &g, cfg.LabelNodes) {
			return game{}, false
		}
	}
	return g, true
}

// sample keeps k of the positions chosen at random (all when k is 0 or
// there are no more), in the game's order.
func sample(ps []kept, k int, r rng) []kept {
	if k <= 0 || len(ps) <= k {
		return ps
	}
	idx := make([]int, len(ps))
	for i := range idx {
		idx[i] = i
	}
	// A partial Fisher–Yates shuffle: the first k indices are a uniform
	// sample without replacement.
	for i := 0; i < k; i++ {
		j := i + int(r.next()%uint64(len(idx)-i))
		idx[i], idx[j] = idx[j], idx[i]
	}
	idx = idx[:k]
	slices.Sort(idx)
	out := make([]kept, k)
	for i, j := range idx {
		out[i] = ps[j]
	}
	return out
}

// relabel replaces each kept position's score with a fresh search of
// nodes nodes (the hash cleared first, so that the label depends only on
// the position); a position whose label is a mate score is dropped, as
// the quiet filter drops them from the game's own scores. It reports
// false when ctx ended it.
func relabel(ctx context.Context, e *search.Engine, g *game, nodes uint64) bool {
	out := g.positions[:0]
	for _, k := range g.positions {
		p, err := chess.ParseFEN(k.fen)
		if err != nil {
			continue
		}
		e.NewGame()
		res := e.Search(ctx, p, search.Limits{Nodes: nodes}, nil)
		if ctx.Err() != nil {
			return false
		}
		if res.Move == chess.NoMove || res.Score <= -search.MateBound || res.Score >= search.MateBound {
			continue
		}
		k.score = res.Score
		out = append(out, k)
	}
	g.positions = out
	return true
}
