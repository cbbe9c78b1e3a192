package tune

import (
	"fmt"
	"io"
	"math/rand/v2"

	"azar/eval"
	"azar/variants/chess"
)

// Synthetic games, for testing the pipeline before Azar's search can play
// real ones: both sides pick the move that Azar's static evaluation
// likes best after one ply, but each side plays a random move with its own
// probability (one side much sloppier than the other, so most games are
// decisive). The greedy choice sees mate in one and avoids repetitions. Games end by the rules (mate, stalemate, insufficient
// material, repetition, fifty moves) or after maxPlies, when the material
// balance decides (a lead of 3 pawns or more wins, else a draw).

type synthGame struct {
	fens   []string
	result float64 // from White's view
}

const synthMaxPlies = 300

func playSynthGame(rng *rand.Rand, e *eval.Evaluator) synthGame {
	p := chess.NewPosition()
	sloppy := [2]float64{0.05 + 0.1*rng.Float64(), 0.2 + 0.5*rng.Float64()}
	if rng.IntN(2) == 1 {
		sloppy[0], sloppy[1] = sloppy[1], sloppy[0]
	}
	var g synthGame
	var l chess.MoveList
	for ply := 0; ; ply++ {
		switch st := p.Status(false); {
		case st == chess.Checkmate:
			g.result = 1
			if p.Side() == chess.White {
				g.result = 0
			}
			return g
		case st != chess.Ongoing:
			g.result = 0.5
			return g
		}
		if ply >= synthMaxPlies {
			m := material(p)
			if p.Side() == chess.Black {
				m = -m
			}
			switch {
			case m >= 300:
				g.result = 1
			case m <= -300:
				g.result = 0
			default:
				g.result = 0.5
			}
			return g
		}
		if ply >= 8 && !p.InCheck() {
			g.fens = append(g.fens, p.FEN())
		}
		p.GenerateLegal(&l)
		var best chess.Move
		if rng.Float64() < sloppy[p.Side()] {
			best = l.Moves[rng.IntN(l.N)]
		} else {
			bestV := -1 << 30
			for _, m := range l.Slice() {
				p.Make(m)
				v := -e.Evaluate(p) + rng.IntN(10)
				switch {
				case p.InCheck() && p.CountLegal() == 0:
					v = 1 << 20 // mate
				case p.IsRepeated():
					v -= 100
				}
				p.Unmake()
				if v > bestV {
					best, bestV = m, v
				}
			}
		}
		p.Make(best)
	}
}

// writeSynth plays games and writes "FEN ; result" lines, at most perGame
// random positions of each game.
func writeSynth(w io.Writer, games, perGame int, seed uint64) (int, error) {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	e := eval.NewEvaluator()
	n := 0
	for i := 0; i < games; i++ {
		g := playSynthGame(rng, e)
		res := [3]string{"0-1", "1/2-1/2", "1-0"}[int(g.result*2)]
		rng.Shuffle(len(g.fens), func(a, b int) { g.fens[a], g.fens[b] = g.fens[b], g.fens[a] })
		for _, fen := range g.fens[:min(perGame, len(g.fens))] {
			if _, err := fmt.Fprintf(w, "%s ; %s\n", fen, res); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, nil
}
