// Package datagen plays Azar against itself to make training positions:
// text lines "FEN ; R" for the Texel tuner (eval/tune), or the 32-byte
// records of eval/nnue/record for the network trainer (eval/nnue/train).
// Every game starts with a few random moves for variety, is played with a
// fixed node budget per move and adjudicated (Adjudication), and each quiet
// position of it is written with the game's result and, in the binary
// format, the search's score.
package datagen

import (
	"context"
	"fmt"
	"io"
	"sync"

	"azar/eval/nnue/record"
	"azar/search"
	"azar/variants/chess"
)

// Format is the output format.
type Format uint8

// The output formats.
const (
	// Text lines "FEN ; R", R 1.0, 0.5 or 0.0 from White's view.
	Text Format = iota
	// Binary records (eval/nnue/record): score and result from White's view.
	Binary
)

// Adjudication ends games whose outcome is clear, saving the time of
// playing out won endgames and dead draws.
type Adjudication struct {
	// A win: the score stays at or beyond WinScore (centipawns, either
	// sign) for WinPlies consecutive plies. WinPlies 0 turns it off.
	WinScore, WinPlies int
	// A draw: from move DrawMove on, the score stays within ±DrawScore
	// for DrawPlies consecutive plies. DrawPlies 0 turns it off.
	DrawMove, DrawScore, DrawPlies int
}

// DefaultAdjudication: win at ±2000 for 6 plies, draw after move 40 at
// ±10 for 8 plies.
func DefaultAdjudication() Adjudication {
	return Adjudication{WinScore: 2000, WinPlies: 6, DrawMove: 40, DrawScore: 10, DrawPlies: 8}
}

// Config controls a run.
type Config struct {
	Games       int
	Nodes       uint64 // node budget per move
	RandomPlies int    // random opening plies before the engines play
	Seed        uint64
	Workers     int
	Format      Format
	Adjudicate  Adjudication
}

type rng struct{ s uint64 }

func (r *rng) next() uint64 {
	r.s ^= r.s << 13
	r.s ^= r.s >> 7
	r.s ^= r.s << 17
	return r.s
}

// Run plays cfg.Games games and writes their quiet positions in
// cfg.Format. Output order depends on scheduling; the set of games depends
// only on the seed.
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
				g := playGame(ctx, e, cfg, uint64(g))
				b, n := g.encode(cfg.Format)
				mu.Lock()
				if _, werr := out.Write(b); werr != nil && err == nil {
					err = werr
				}
				positions += n
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

// game is one played game's kept positions and its result.
type game struct {
	fens    []string
	records []record.Record
	result  uint8 // record.BlackWins, Draw or WhiteWins
}

func (g *game) encode(f Format) ([]byte, int) {
	var b []byte
	if f == Binary {
		b = make([]byte, len(g.records)*record.Size)
		for i := range g.records {
			g.records[i].Result = g.result
			g.records[i].Encode(b[i*record.Size:])
		}
		return b, len(g.records)
	}
	r := [3]string{"0.0", "0.5", "1.0"}[g.result]
	for _, fen := range g.fens {
		b = fmt.Appendf(b, "%s ; %s\n", fen, r)
	}
	return b, len(g.fens)
}

const maxPlies = 400

func playGame(ctx context.Context, e *search.Engine, cfg Config, n uint64) game {
	var g game
	r := rng{cfg.Seed*0x9E3779B97F4A7C15 + n*0xD1B54A32D192ED03 + 1}
	pos := chess.NewPosition()
	e.NewGame()
	var l chess.MoveList
	for i := 0; i < cfg.RandomPlies; i++ {
		pos.GenerateLegal(&l)
		if l.N == 0 {
			return game{}
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
			return game{}
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
			if cfg.Format == Binary {
				if rec, err := record.FromPosition(pos, res.Score, record.Draw); err == nil {
					g.records = append(g.records, rec)
				}
			} else {
				g.fens = append(g.fens, pos.FEN())
			}
		}
		pos.Make(res.Move)
	}
	if ctx.Err() != nil {
		return game{} // an interrupted game has no result to learn from
	}
	return g
}
