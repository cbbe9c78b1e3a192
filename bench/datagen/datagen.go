// Package datagen plays Azar against itself to make the positions the
// evaluation tuner learns from (eval/tune): every game starts with a few
// random moves for variety, is played with a fixed node budget per move,
// and each quiet position of it is written with the game's result.
package datagen

import (
	"context"
	"fmt"
	"io"
	"sync"

	"azar/search"
	"azar/variants/chess"
)

// Config controls a run.
type Config struct {
	Games       int
	Nodes       uint64 // node budget per move
	RandomPlies int    // random opening plies before the engines play
	Seed        uint64
	Workers     int
}

type rng struct{ s uint64 }

func (r *rng) next() uint64 {
	r.s ^= r.s << 13
	r.s ^= r.s >> 7
	r.s ^= r.s << 17
	return r.s
}

// Run plays cfg.Games games and writes lines "FEN ; R" with R 1.0, 0.5 or
// 0.0 from White's view. Output order depends on scheduling; the set of
// games depends only on the seed.
func Run(ctx context.Context, cfg Config, out io.Writer) (positions int, err error) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	jobs := make(chan int)
	for w := 0; w < max(1, cfg.Workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			opts := search.DefaultOptions()
			opts.HashMB = 8
			e := search.New(opts)
			for g := range jobs {
				lines := playGame(ctx, e, cfg, uint64(g))
				mu.Lock()
				for _, l := range lines {
					if _, werr := io.WriteString(out, l); werr != nil && err == nil {
						err = werr
					}
				}
				positions += len(lines)
				mu.Unlock()
			}
		}()
	}
	for g := 0; g < cfg.Games && ctx.Err() == nil; g++ {
		jobs <- g
	}
	close(jobs)
	wg.Wait()
	return positions, err
}

// adjudication: a game whose score stays beyond this for both sides' moves
// is decided (saves time on won endgames the tuner learns nothing from).
const (
	resignScore = 1500
	resignPlies = 6
	maxPlies    = 400
)

func playGame(ctx context.Context, e *search.Engine, cfg Config, game uint64) []string {
	r := rng{cfg.Seed*0x9E3779B97F4A7C15 + game*0xD1B54A32D192ED03 + 1}
	pos := chess.NewPosition()
	e.NewGame()
	var l chess.MoveList
	for i := 0; i < cfg.RandomPlies; i++ {
		pos.GenerateLegal(&l)
		if l.N == 0 {
			return nil
		}
		pos.Make(l.Moves[r.next()%uint64(l.N)])
	}
	var fens []string
	result := ""
	big := 0
	for ply := 0; ply < maxPlies && ctx.Err() == nil; ply++ {
		if st := pos.Status(false); st != chess.Ongoing {
			switch {
			case st == chess.Checkmate && pos.Side() == chess.White:
				result = "0.0"
			case st == chess.Checkmate:
				result = "1.0"
			default:
				result = "0.5"
			}
			break
		}
		res := e.Search(ctx, pos, search.Limits{Nodes: cfg.Nodes}, nil)
		if res.Move == chess.NoMove {
			return nil
		}
		whiteScore := res.Score
		if pos.Side() == chess.Black {
			whiteScore = -whiteScore
		}
		if whiteScore > resignScore || whiteScore < -resignScore {
			big++
			if big >= resignPlies {
				result = "1.0"
				if whiteScore < 0 {
					result = "0.0"
				}
				break
			}
		} else {
			big = 0
		}
		// Quiet positions only: the tuner compares the static eval with
		// the result, which is meaningless in the middle of a capture
		// sequence or in check.
		if !pos.InCheck() && pos.At(res.Move.To()) == chess.NoPiece && res.Move.Kind() == chess.KindNormal &&
			res.Score > -search.MateBound && res.Score < search.MateBound {
			fens = append(fens, pos.FEN())
		}
		pos.Make(res.Move)
	}
	if ctx.Err() != nil {
		return nil // an interrupted game has no result to learn from
	}
	if result == "" {
		result = "0.5"
	}
	lines := make([]string, len(fens))
	for i, f := range fens {
		lines[i] = fmt.Sprintf("%s ; %s\n", f, result)
	}
	return lines
}
