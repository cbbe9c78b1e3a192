package lessons

import (
	"math/rand/v2"
	"testing"

	"azar/variants/chess"
)

// TestKPKKnownResults: textbook positions with their results.
func TestKPKKnownResults(t *testing.T) {
	for _, c := range []struct {
		fen string
		win bool
	}{
		{"8/8/8/4k3/8/4K3/4P3/8 w - - 0 1", false}, // White lacks the opposition
		{"8/8/8/4k3/8/4K3/4P3/8 b - - 0 1", true},  // ...and has it
		{"8/8/3k4/8/3K4/3P4/8/8 w - - 0 1", false},
		{"8/8/3k4/8/3K4/3P4/8/8 b - - 0 1", true},
		{"4k3/8/4K3/4P3/8/8/8/8 b - - 0 1", true}, // king on the sixth in front of its pawn
		{"7k/8/6K1/7P/8/8/8/8 w - - 0 1", false},  // the rook's pawn
		{"7k/8/7K/7P/8/8/8/8 w - - 0 1", false},
		{"8/8/8/8/8/2k5/1p6/1K6 w - - 0 1", true},  // a black pawn; White to move must give way: 1.Ka2 Kc2
		{"8/8/8/8/8/2k5/1p6/1K6 b - - 0 1", false}, // Black to move: 1...Kb3 stalemates, anything else drops the pawn or holds nothing
		{"8/8/8/8/8/1k6/1p6/1K6 w - - 0 1", false}, // White is stalemated
		{"8/8/8/8/8/2k5/1p6/3K4 w - - 0 1", true},  // the pawn queens (Black wins)
		{"k7/P7/1K6/8/8/8/8/8 b - - 0 1", false},   // Black is stalemated
		{"1k6/8/1K6/1P6/8/8/8/8 w - - 0 1", true},
	} {
		p := mustPos(t, c.fen)
		_, win, _, ok := kpkResult(p)
		if !ok || win != c.win {
			t.Errorf("%s: win %v (ok %v), want %v", c.fen, win, ok, c.win)
		}
	}
	if _, _, _, ok := kpkResult(mustPos(t, startFEN)); ok {
		t.Error("the start position read as king and pawn against king")
	}
}

// TestKPKAgreesWithTheRules: on random positions, the solution of a
// position agrees with the solutions after each of its legal moves, as
// variants/chess generates them: the side with the pawn wins when one of
// its moves wins (and promotes one ply sooner), the defender loses when
// all of its moves lose. So the solver's own move rules cannot differ
// from the real ones.
func TestKPKAgreesWithTheRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for checked < 25 {
		wk, bk, ps := chess.Square(rng.IntN(64)), chess.Square(rng.IntN(64)), chess.Square(8+rng.IntN(48))
		if wk == bk || wk == ps || bk == ps {
			continue
		}
		board := [64]byte{}
		board[wk], board[bk] = 'K', 'k'
		board[ps] = "Pp"[rng.IntN(2)]
		fen := ""
		for r := 7; r >= 0; r-- {
			empty := 0
			for f := 0; f < 8; f++ {
				c := board[r*8+f]
				if c == 0 {
					empty++
					continue
				}
				if empty > 0 {
					fen += string(rune('0' + empty))
					empty = 0
				}
				fen += string(c)
			}
			if empty > 0 {
				fen += string(rune('0' + empty))
			}
			if r > 0 {
				fen += "/"
			}
		}
		fen += [2]string{" w - - 0 1", " b - - 0 1"}[rng.IntN(2)]
		p, err := chess.ParseFEN(fen)
		if err != nil || p.Status(false) != chess.Ongoing {
			continue
		}
		checked++
		strong, win, plies, _ := kpkResult(p)
		var l chess.MoveList
		p.GenerateLegal(&l)
		anyWin, allWin, best, worst := false, true, 1<<30, -1
		for _, m := range l.Slice() {
			_, w, n, ok := kpkAfter(p, m)
			if !ok {
				t.Fatalf("%s %s: not solved", fen, m)
			}
			anyWin = anyWin || w
			allWin = allWin && w
			if w {
				best, worst = min(best, n+1), max(worst, n+1)
			}
		}
		switch {
		case p.Side() == strong && win != anyWin, p.Side() != strong && win != allWin:
			t.Errorf("%s: solved as win=%v, its moves say otherwise", fen, win)
		case win && p.Side() == strong && plies != best:
			t.Errorf("%s: promotes in %d plies, the best move in %d", fen, plies, best)
		case win && p.Side() != strong && plies != worst:
			t.Errorf("%s: promotes in %d plies, the longest defence in %d", fen, plies, worst)
		}
	}
}
