package search

import (
	"math"
	"math/rand/v2"
	"testing"

	"azar/variants/chess"
)

func TestLevelTable(t *testing.T) {
	want := []int{600, 900, 1200, 1500, 1800, 2100}
	prev := Level{}
	for i, w := range want {
		lv, ok := LevelByNumber(i + 1)
		if !ok || lv.Elo != w || lv.Number != i+1 {
			t.Fatalf("level %d = %+v, want Elo %d", i+1, lv, w)
		}
		// Stronger levels err less; among the levels without the error
		// model, the budget alone makes the difference (Experto's budget
		// is below Difícil's: the model weakens more than nodes do).
		if i > 0 && (lv.Temperature > prev.Temperature || (prev.Temperature == 0 && lv.Nodes <= prev.Nodes) || (lv.Temperature > 0 && lv.Nodes <= prev.Nodes)) {
			t.Errorf("level %d is not stronger than level %d: %+v vs %+v", i+1, i, lv, prev)
		}
		// Experto and Maestro always play the search's move.
		if lv.Number >= 5 && (lv.Temperature != 0 || lv.Candidates != 1) {
			t.Errorf("level %d has an error model: %+v", lv.Number, lv)
		}
		prev = lv
	}
	for _, n := range []int{0, 7, -1} {
		if _, ok := LevelByNumber(n); ok {
			t.Errorf("level %d accepted", n)
		}
	}
}

func TestLevelForElo(t *testing.T) {
	for _, lv := range Levels() {
		if got := LevelForElo(lv.Elo); got != lv {
			t.Errorf("Elo %d: %+v, want level %d %+v", lv.Elo, got, lv.Number, lv)
		}
	}
	if got := LevelForElo(100); got.Number != 1 {
		t.Errorf("Elo 100 not clamped to level 1: %+v", got)
	}
	if got := LevelForElo(3000); got.Number != 6 {
		t.Errorf("Elo 3000 not clamped to level 6: %+v", got)
	}
	// Halfway between Fácil and Medio: the geometric mean of the budgets
	// and the mean of the temperatures.
	lo, _ := LevelByNumber(2)
	hi, _ := LevelByNumber(3)
	mid := LevelForElo((lo.Elo + hi.Elo) / 2)
	if mid.Nodes != uint64(math.Round(math.Sqrt(float64(lo.Nodes*hi.Nodes)))) || mid.Temperature != (lo.Temperature+hi.Temperature)/2 || mid.Number != 0 {
		t.Errorf("Elo %d: %+v between %+v and %+v", (lo.Elo+hi.Elo)/2, mid, lo, hi)
	}
}

func TestChooseKeepsMate(t *testing.T) {
	weak, _ := LevelByNumber(1)
	mateIn3, mateIn1 := chess.NewMove(1, 2), chess.NewMove(3, 4)
	cands := []Candidate{
		{chess.NewMove(5, 6), 900},
		{mateIn3, MateScore - 5},
		{mateIn1, MateScore - 1},
		{chess.NewMove(7, 8), 880},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 1000; i++ {
		if m := weak.Choose(cands, rng); m != mateIn1 {
			t.Fatalf("draw %d: level 1 played %s with a mate in 1 on the board", i, m)
		}
	}
}

func TestChooseErrorModel(t *testing.T) {
	a, b, c := chess.NewMove(1, 2), chess.NewMove(3, 4), chess.NewMove(5, 6)
	cands := []Candidate{{b, -50}, {a, 0}, {c, -900}}
	best, _ := LevelByNumber(6)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 100; i++ {
		if m := best.Choose(cands, rng); m != a {
			t.Fatalf("level 6 played %s, not the best move", m)
		}
	}
	weak := Level{Temperature: 250}
	const n = 100000
	count := map[chess.Move]int{}
	for i := 0; i < n; i++ {
		count[weak.Choose(cands, rng)]++
	}
	wa, wb, wc := 1.0, math.Exp(-50.0/250), math.Exp(-900.0/250)
	for m, w := range map[chess.Move]float64{a: wa, b: wb, c: wc} {
		p := w / (wa + wb + wc)
		sd := math.Sqrt(n * p * (1 - p))
		if got := float64(count[m]); math.Abs(got-n*p) > 5*sd {
			t.Errorf("move %s drawn %v times, want %.0f ± %.0f", m, got, n*p, 5*sd)
		}
	}
	if m := weak.Choose(nil, rng); m != chess.NoMove {
		t.Errorf("no candidates: %s", m)
	}
}

// The search returns its MultiPV candidates, and the weakest level still
// finds the mate in one among them.
func TestLevelOnSearchCandidates(t *testing.T) {
	opts := DefaultOptions()
	opts.MultiPV = 8
	e := New(opts)
	weak, _ := LevelByNumber(1)
	rng := rand.New(rand.NewPCG(5, 6))
	r := searchFEN(t, e, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", Limits{Nodes: weak.Nodes})
	// The budget may end the last PVs of an iteration: those are left out.
	if n := len(r.Candidates); n < 2 || n > 8 {
		t.Fatalf("%d candidates, want 2 to 8", n)
	}
	for i := 0; i < 200; i++ {
		if m := weak.Choose(r.Candidates, rng); m.String() != "d1d8" {
			t.Fatalf("level 1 played %s instead of the mate d1d8 (candidates %v)", m, r.Candidates)
		}
	}
	opts.MultiPV = 1
	e.SetOptions(opts)
	if r := searchFEN(t, e, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", Limits{Depth: 2}); r.Candidates != nil {
		t.Errorf("MultiPV 1 returned candidates %v", r.Candidates)
	}
}
