package analysis

import (
	"math"
	"testing"
)

// TestFromUCI: an engine's "mate N" comes back as MateIn N, with the
// sign of the side that mates, and a centipawn score is itself.
func TestFromUCI(t *testing.T) {
	for _, n := range []int{1, 2, 3, 7, -1, -2, -5} {
		s := FromUCI(0, n)
		if !s.IsMate() || s.MateIn() != n {
			t.Errorf("FromUCI(mate %d) = %d: IsMate %v, MateIn %d", n, s, s.IsMate(), s.MateIn())
		}
		if (n > 0) != (s > 0) {
			t.Errorf("FromUCI(mate %d) = %d: wrong sign", n, s)
		}
	}
	if s := FromUCI(-137, 0); s != -137 || s.IsMate() {
		t.Errorf("FromUCI(cp -137) = %d", s)
	}
	if FromUCI(0, 1) <= FromUCI(0, 2) || FromUCI(0, -1) >= FromUCI(0, -2) {
		t.Error("a nearer mate must score further from zero")
	}
}

// TestSummariseJudgesDecisionsOnly: in a card game's report the chance
// events and the forced actions are points of the graph but no side's
// moves: a blunder-sized drop at a draw is luck, not a blunder.
func TestSummariseJudgesDecisionsOnly(t *testing.T) {
	r := Report{White: SideReport{Name: "W"}, Moves: []MoveReport{
		{Side: "white", WinBefore: 50, WinAfter: 50, Accuracy: 100},
		{Side: "white", Kind: KindChance, WinBefore: 50, WinAfter: 10, Accuracy: 100},
		{Side: "black", WinBefore: 90, WinAfter: 60, Accuracy: Percent(MoveAccuracy(90, 60)), Label: Blunder},
		{Side: "black", Kind: KindForced, WinBefore: 60, WinAfter: 60, Accuracy: 100},
		{Side: "white", WinBefore: 40, WinAfter: 40, Accuracy: 100},
	}}
	r.Summarise()
	if r.White.Moves != 2 || r.Black.Moves != 1 || r.Black.Blunders != 1 || r.White.Blunders != 0 {
		t.Errorf("White %+v, Black %+v: want 2 white decisions, 1 black one with its blunder", r.White, r.Black)
	}
	if r.White.Name != "W" || r.White.Accuracy != 100 {
		t.Errorf("White %+v: the name kept, accuracy 100", r.White)
	}
	if a := float64(r.Black.Accuracy); math.IsNaN(a) || a >= 50 {
		t.Errorf("Black's accuracy %v: its one decision lost 30 points", a)
	}
	if w := r.WhiteWins(); len(w) != 6 || w[2] != 10 {
		t.Errorf("the graph %v: every ply is a point, the draw's 10 %% among them", w)
	}
}
