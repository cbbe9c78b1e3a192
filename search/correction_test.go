package search

import (
	"testing"

	"azar/variants/chess"
)

// TestCorrectionHistory: the slot follows the pawns only; updates are a
// weighted average towards the search's error, weight depth+1 of 256 (at
// most 16), clamped to ±64 cp; the corrected evaluation never enters the
// mate range; each side to move has its own entries.
func TestCorrectionHistory(t *testing.T) {
	pos := func(fen string) *chess.Position {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	start := pos(chess.StartFEN)
	knightOut := pos("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1")
	pawnOut := pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	if correctionIndex(start) != correctionIndex(knightOut) {
		t.Errorf("a knight move changed the pawn slot")
	}
	if correctionIndex(start) == correctionIndex(pawnOut) {
		t.Errorf("a pawn move kept the pawn slot (a collision in this test's positions)")
	}

	th := &thread{pos: start}
	idx := correctionIndex(start)
	th.updateCorrection(idx, 15, 100) // weight 16: 100·256·16/256
	if got := th.corrHist[chess.White][idx]; got != 1600 {
		t.Fatalf("entry after one depth-15 update of +100 cp: %d, want 1600", got)
	}
	if got := th.correctedEval(20, idx); got != 26 {
		t.Fatalf("corrected eval: %d, want 20 + 1600/256 = 26", got)
	}
	th.updateCorrection(idx, 1, 100) // weight 2: (1600·254 + 100·256·2)/256
	if got := th.corrHist[chess.White][idx]; got != 1787 {
		t.Fatalf("entry after a depth-1 update: %d, want 1787", got)
	}
	for i := 0; i < 200; i++ {
		th.updateCorrection(idx, 20, 500)
	}
	if got := th.corrHist[chess.White][idx]; got != corrMax {
		t.Fatalf("entry after many +500 cp updates: %d, want the clamp %d", got, corrMax)
	}
	for i := 0; i < 400; i++ {
		th.updateCorrection(idx, 20, -30)
	}
	if got := th.correctedEval(0, idx); got < -31 || got > -29 {
		t.Fatalf("correction after many -30 cp updates: %d, want about -30", got)
	}
	if got := th.corrHist[chess.Black][idx]; got != 0 {
		t.Fatalf("black's entry moved with white's: %d", got)
	}
	for i := 0; i < 200; i++ {
		th.updateCorrection(idx, 20, 500)
	}
	if got := th.correctedEval(MateBound-10, idx); got != MateBound-1 {
		t.Fatalf("corrected eval near the mate range: %d, want %d", got, MateBound-1)
	}
}
