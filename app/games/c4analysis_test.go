package games

import (
	"context"
	"math"
	"strings"
	"testing"
)

// TestC4Expectation: the seats' shares of the point from their values
// (T ≈ 271.6 cp, chess's win % constant): equal values share evenly, two
// seats a T apart split as chess's win % of T (73.1 %), a seat out
// expects nothing.
func TestC4Expectation(t *testing.T) {
	all := func(int) bool { return true }
	if got := c4Expectation([]int{3000, 3000, 3000, 3000}, all); got != [4]float64{25, 25, 25, 25} {
		t.Errorf("even: %v", got)
	}
	two := func(s int) bool { return s == 0 || s == 2 }
	if got := c4Expectation([]int{272, -20000, 0, -20000}, two); got != [4]float64{73.1, 0, 26.9, 0} {
		t.Errorf("two seats a T apart: %v", got)
	}
	if got := c4Expectation([]int{1e6, 0, 0, 0}, all); got != [4]float64{100, 0, 0, 0} {
		t.Errorf("a huge lead: %v (must not overflow)", got)
	}
}

// TestC4AnalysisTakesARaja: Red's elephant takes Green's raja on d1; the
// analysis gives Green nothing before and after (the search sees it
// coming), Red the largest share, the shares summing to 100, and Red's
// capture is no mistake.
func TestC4AnalysisTakesARaja(t *testing.T) {
	const fen = "7bK/8/8/yK7/7rK/8/8/rE2gK4 r rgyb -/-/-/- 0 1"
	o := Options{Variant: VariantChaturanga4, Mode: ModeLocal, FEN: fen}
	if err := normalizeC4Options(&o); err != nil {
		t.Fatal(err)
	}
	a, judged, err := analyseC4(context.Background(), o, []string{"a1d1"}, analysisPool(t), DefaultAnalysisBudget, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Points) != 2 || len(judged) != 1 {
		t.Fatalf("points %v, judged %+v: want the start and one ply", a.Points, judged)
	}
	for k, row := range a.Points {
		sum := row[0] + row[1] + row[2] + row[3]
		if math.Abs(sum-100) > 0.25 {
			t.Errorf("ply %d: the shares %v sum to %.1f", k, row, sum)
		}
	}
	// Before the move the search already sees Green's raja fall: Green
	// expects nothing, the others a share, Red (the elephant) the most.
	if p := a.Points[0]; p[1] != 0 || p[2] <= 0 || p[3] <= 0 || p[0] <= p[2] || p[0] <= p[3] {
		t.Errorf("before the capture: %v", p)
	}
	if a.Points[1][1] != 0 {
		t.Errorf("Green, out, expects %v", a.Points[1][1])
	}
	if a.Points[1][0] < a.Points[0][0] {
		t.Errorf("Red's share fell with the capture: %v → %v", a.Points[0][0], a.Points[1][0])
	}
	if m := judged[0]; m.Side != "r" || m.Label != "" || !strings.Contains(m.SAN, "d1") {
		t.Errorf("the capture judged %+v", m)
	}
	if r := a.Seats[0]; r.Moves != 1 || r.Name != "Red" || float64(r.Accuracy) != 100 {
		t.Errorf("Red's report %+v", r)
	}
	if svg := a.SVG(); strings.Count(svg, "<polyline") != 4 {
		t.Errorf("the graph has %d lines", strings.Count(svg, "<polyline"))
	}
}

// TestC4AnalysisBlunder: Red's elephant leaves the h-file it shields, so
// that Green's elephant takes Red's raja: a blunder, with Red's share
// gone.
func TestC4AnalysisBlunder(t *testing.T) {
	const fen = "7bK/8/8/yK7/7rK/8/7rE/gK6gE r rgyb -/-/-/- 0 1"
	o := Options{Variant: VariantChaturanga4, Mode: ModeLocal, FEN: fen}
	if err := normalizeC4Options(&o); err != nil {
		t.Fatal(err)
	}
	a, judged, err := analyseC4(context.Background(), o, []string{"h2a2"}, analysisPool(t), DefaultAnalysisBudget, nil)
	if err != nil {
		t.Fatal(err)
	}
	if judged[0].Label != "blunder" || a.Seats[0].Blunders != 1 || a.Points[1][0] > 1 || a.Points[0][0] < 15 {
		t.Fatalf("h2a2 judged %+v, Red's shares %v → %v", judged[0], a.Points[0][0], a.Points[1][0])
	}
}
