package search

import (
	"math/rand"
	"testing"

	"azar/variants/chess"
)

// TestKeepChecks checks keepChecks against what it replaces: selection over
// the whole quiet list, with the moves that give no check (and are not
// promotions) skipped one by one. With distinct scores the kept moves must
// come out in the same order, each with the number of skipped moves just
// before it. With ties (scores from a small range), which selection's swaps
// break in no useful order, each kept move must still stand at a place some
// best-first order gives it: after every better move and before every worse
// one.
func TestKeepChecks(t *testing.T) {
	fens := []string{
		chess.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"7k/1P1P1P2/8/8/8/8/2Q5/R3K1R1 w Q - 0 1",
		"3k4/8/3K4/8/2B5/8/8/R6Q w - - 0 1",
		"rnbqkb1r/pp1p1ppp/4pn2/2p5/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 0 4",
	}
	rng := rand.New(rand.NewSource(7))
	var tmp keepScratch
	cases, kept, skipped := 0, 0, 0
	for _, fen := range fens {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 40; ply++ {
			var legal chess.MoveList
			p.GenerateLegal(&legal)
			if legal.N == 0 {
				break
			}
			for trial := 0; trial < 6; trial++ {
				ties := trial%2 == 1
				var mp movePicker
				mp.init(p, chess.NoMove, nil)
				mp.list = legal
				mp.partition(p)
				mp.stage, mp.next = stageQuiet, mp.nNoisy
				perm := rng.Perm(mp.list.N)
				for i := mp.nNoisy; i < mp.list.N; i++ {
					mp.scores[i] = int32(perm[i]) // distinct
					if ties {
						mp.scores[i] = int32(rng.Intn(4))
					}
				}
				// Hand out a few moves first, as the search does before
				// pruning starts.
				for n := rng.Intn(4); n > 0 && mp.next < mp.list.N; n-- {
					mp.take(mp.list.N, 0)
				}
				ref := mp
				var want []chess.Move
				var wantSkips []int
				run := 0
				for ref.next < ref.list.N {
					m, _ := ref.take(ref.list.N, 0)
					if m.Kind() == chess.KindPromotion || p.GivesCheck(m) {
						want = append(want, m)
						wantSkips = append(wantSkips, run)
						run = 0
					} else {
						run++
					}
				}
				start := mp.next
				rest := append([]int32(nil), mp.scores[start:mp.list.N]...)
				mp.keepChecks(p, &tmp)
				got := mp.list.Moves[start:mp.list.N]
				if len(got) != len(want) {
					t.Fatalf("%s: kept %d moves %v, want %d %v", p.FEN(), len(got), got, len(want), want)
				}
				place := -1
				for i := range want {
					place += 1 + int(mp.skips[start+i])
					if !ties && (got[i] != want[i] || int(mp.skips[start+i]) != wantSkips[i]) {
						t.Fatalf("%s: kept move %d is %v after %d skipped, want %v after %d",
							p.FEN(), i, got[i], mp.skips[start+i], want[i], wantSkips[i])
					}
					better, notWorse := 0, 0
					for _, s := range rest {
						if s > mp.scores[start+i] {
							better++
						}
						if s >= mp.scores[start+i] {
							notWorse++
						}
					}
					if place < better || place >= notWorse {
						t.Fatalf("%s: kept move %d (%v, score %d) at place %d, want %d..%d",
							p.FEN(), i, got[i], mp.scores[start+i], place, better, notWorse-1)
					}
				}
				cases++
				kept += len(want)
				for _, s := range wantSkips {
					skipped += s
				}
			}
			p.Make(legal.Moves[rng.Intn(legal.N)])
		}
	}
	if kept < 50 || skipped < 1000 {
		t.Fatalf("only %d kept and %d skipped moves in %d cases: the positions test too little", kept, skipped, cases)
	}
}

// TestCaptureHistoryOrder: by MVV-LVA alone the knight takes the d5 pawn
// before the queen does; a saturated capture-history entry for the queen's
// capture (worth 2048, more than the attacker tie-break) puts it first,
// while it cannot lift a pawn capture over the capture of a rook (a
// victim 400 cp, 6400, better).
func TestCaptureHistoryOrder(t *testing.T) {
	p, err := chess.ParseFEN("4k3/8/8/r2p4/8/2N5/8/R2QK3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	mv := func(s string) chess.Move {
		m, err := p.ParseUCIMove(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	order := func(ch *captureHistory) []chess.Move {
		th := &thread{pos: p}
		mp := &th.pickers[0]
		p.GenerateLegal(&mp.list)
		mp.init(p, chess.NoMove, ch)
		var got []chess.Move
		for {
			m, s := mp.pick(th, 0)
			if m == chess.NoMove || s < orderGoodNoisy-(1<<20) {
				return got
			}
			got = append(got, m)
		}
	}
	check := func(name string, got []chess.Move, want ...string) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: captures %v, want %v", name, got, want)
		}
		for i := range want {
			if got[i] != mv(want[i]) {
				t.Fatalf("%s: captures %v, want %v", name, got, want)
			}
		}
	}
	check("MVV-LVA", order(nil), "a1a5", "c3d5", "d1d5")
	var ch captureHistory
	for i := 0; i < 100; i++ {
		updateHistory(&ch[chess.MakePiece(chess.White, chess.Queen)][chess.MakeSquare(3, 4)][chess.Pawn], historyMaxBonus)
	}
	if v := ch[chess.MakePiece(chess.White, chess.Queen)][chess.MakeSquare(3, 4)][chess.Pawn]; v < maxHistory-100 {
		t.Fatalf("capture history saturates at %d, want near %d", v, maxHistory)
	}
	check("with capture history", order(&ch), "a1a5", "d1d5", "c3d5")
	check("table off", order(nil), "a1a5", "c3d5", "d1d5")
}
