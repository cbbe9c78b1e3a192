// Package datagen plays Azar against itself to make training positions:
// text lines "FEN ; R" for the Texel tuner (eval/tune), or the 32-byte
// records of eval/nnue/record for the network trainer (eval/nnue/train).
// Every game starts with a few random moves for variety, is played with a
// fixed node budget per move and adjudicated (Adjudication). Its quiet
// positions, or a random few of them (Config.PerGame), are written with
// the game's result and, in the binary format, a score: the game's own
// search's or a deeper search's (Config.LabelNodes). A Job writes to a
// file that can be resumed after an interruption (job.go).
package datagen

import (
	"context"
	"fmt"
	"io"
	"sync"

	"azar/search"
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
	// Games are numbered FirstGame … Games−1; a resumed run starts after
	// the games already written.
	FirstGame, Games int
	Nodes            uint64 // node budget per move
	RandomPlies      int    // random opening plies before the engines play
	Seed             uint64
	Workers          int
	Format           Format
	Adjudicate       Adjudication
	// PerGame keeps at most this many of a game's quiet positions, chosen
	// at random from the seed and the game number; 0 keeps them all.
	PerGame int
	// LabelNodes, when positive, labels each kept position with a fresh
	// search of this many nodes instead of the game's own search score.
	LabelNodes uint64
	// Dedup skips a position whose Zobrist key was already written by
	// this run (or, resumed, by the job: Job rebuilds the keys).
	Dedup bool
}

// Fingerprint names every setting that changes what a game writes; a
// job is resumed only with the same one.
func (c Config) Fingerprint() string {
	a := c.Adjudicate
	return fmt.Sprintf("format=%d nodes=%d random=%d seed=%d per-game=%d label-nodes=%d dedup=%t win=%d/%d draw=%d/%d/%d",
		c.Format, c.Nodes, c.RandomPlies, c.Seed, c.PerGame, c.LabelNodes, c.Dedup,
		a.WinScore, a.WinPlies, a.DrawMove, a.DrawScore, a.DrawPlies)
}

// Run plays the games and writes their kept positions in cfg.Format, in
// game order whatever the workers' scheduling, so that the output depends
// only on the configuration (not on cfg.Workers).
func Run(ctx context.Context, cfg Config, out io.Writer) (positions int, err error) {
	return run(ctx, cfg, out, nil, nil)
}

// finished is a played game on its way to the writer.
type finished struct {
	n        int
	g        game
	complete bool
}

// run is Run with the job's hooks: seen is the set of keys written so far
// (nil: cfg.Dedup decides whether to keep one of this run's own), and
// written, if not nil, is called after each game's bytes are written with
// the number of the next game and that game's positions; an error from it
// stops the run.
func run(ctx context.Context, cfg Config, out io.Writer, seen map[uint64]struct{}, written func(next, positions int) error) (positions int, err error) {
	if cfg.Dedup && seen == nil {
		seen = map[uint64]struct{}{}
	}
	if !cfg.Dedup {
		seen = nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	results := make(chan finished)
	var wg sync.WaitGroup
	for w := 0; w < max(1, cfg.Workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := newEngine()
			var label *search.Engine
			if cfg.LabelNodes > 0 {
				label = newEngine()
			}
			for n := range jobs {
				g, ok := playGame(ctx, e, label, cfg, uint64(n))
				results <- finished{n, g, ok}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for n := cfg.FirstGame; n < cfg.Games; n++ {
			select {
			case jobs <- n:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	// Games are written in order: a game finished early waits for the
	// ones before it, and after an interrupted game nothing more is
	// written, so that the output is always games FirstGame … next−1.
	pending := map[int]finished{}
	next, stopped := cfg.FirstGame, false
	for f := range results {
		if stopped {
			continue
		}
		pending[f.n] = f
		for !stopped {
			f, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			if !f.complete {
				stopped = true
				cancel()
				break
			}
			b, n, eerr := f.g.encode(cfg.Format, seen)
			if eerr == nil {
				_, eerr = out.Write(b)
			}
			next++
			positions += n
			if eerr == nil && written != nil {
				eerr = written(next, n)
			}
			if eerr != nil {
				err, stopped = eerr, true
				cancel()
			}
		}
	}
	return positions, err
}

func newEngine() *search.Engine {
	opts := search.DefaultOptions()
	opts.HashMB = 8
	return search.New(opts)
}
