package analysis

import (
	"math"
	"testing"

	"azar/search"
)

func near(a, b, eps float64) bool { return math.Abs(a-b) <= eps }

// TestWinPercent compares the formula with values computed independently
// (Python, float64) from lichess's definition.
func TestWinPercent(t *testing.T) {
	for _, tc := range []struct {
		cp   int
		want float64
	}{
		{0, 50},
		{100, 59.10258971916128},
		{-300, 24.88744990616516},
		{1000, 97.54474363414323},
		{2000, 97.54474363414323}, // capped at 1000
		{-2000, 100 - 97.54474363414323},
	} {
		if got := WinPercent(tc.cp); !near(got, tc.want, 1e-9) {
			t.Errorf("WinPercent(%d) = %.12f, want %.12f", tc.cp, got, tc.want)
		}
	}
	if got := Score(search.MateScore - 3).WinPercent(); !near(got, 97.54474363414323, 1e-9) {
		t.Errorf("a mate counts as +1000 cp: got %f", got)
	}
	if got := Score(-search.MateScore + 2).WinPercent(); !near(got, 100-97.54474363414323, 1e-9) {
		t.Errorf("being mated counts as -1000 cp: got %f", got)
	}
}

func TestMoveAccuracy(t *testing.T) {
	for _, tc := range []struct {
		before, after, want float64
	}{
		{50, 50, 100},
		{40, 60, 100},               // no drop
		{55, 50, 80.81529992041436}, // drop 5
		{60, 50, 64.57982845372067}, // drop 10
		{70, 50, 41.016818741417126},
		{80, 30, 9.527819142930593},
		{100, 0, 0}, // clamped
	} {
		if got := MoveAccuracy(tc.before, tc.after); !near(got, tc.want, 1e-9) {
			t.Errorf("MoveAccuracy(%g, %g) = %.12f, want %.12f", tc.before, tc.after, got, tc.want)
		}
	}
}

func TestJudge(t *testing.T) {
	mate := func(plies int) Score { return Score(search.MateScore - plies) }
	mated := func(plies int) Score { return Score(-search.MateScore + plies) }
	for _, tc := range []struct {
		name          string
		before, after Score
		want          Label
	}{
		{"no change", 30, 30, NoLabel},
		{"small drop", 30, 0, NoLabel},             // 2.8 points
		{"inaccuracy", 100, 0, Inaccuracy},         // 9.1 points
		{"mistake", 100, -60, Mistake},             // 14.5 points
		{"blunder", 100, -100, Blunder},            // 18.2 points
		{"blunder, hung queen", 50, -850, Blunder}, //
		{"capped: +15 to +10 is no drop", 1500, 1000, NoLabel},
		{"won either way", 900, 700, NoLabel}, // 97.2 -> 93.0: 4.2 points
		{"walks into mate from equal", 0, mated(4), Blunder},
		{"walks into mate when lost", -800, mated(4), Mistake},
		{"walks into mate when lost anyway", -1200, mated(4), Inaccuracy},
		{"lets a mate go, equal after", mate(3), 0, Blunder},
		{"lets a mate go, still winning", mate(3), 800, Mistake},
		{"lets a mate go, still crushing", mate(3), 1200, Inaccuracy},
		{"from mating to mated", mate(3), mated(2), Blunder},
		{"slower mate", mate(1), mate(5), NoLabel},
		{"mate given", mate(1), -Mated, NoLabel},
		{"escapes a mate", mated(4), -300, NoLabel},
		{"mated sooner", mated(6), mated(2), NoLabel},
	} {
		if got := Judge(tc.before, tc.after); got != tc.want {
			t.Errorf("%s: Judge(%s, %s) = %q, want %q", tc.name, tc.before, tc.after, got, tc.want)
		}
	}
}

// TestJudgeMateBoundaries: the centipawn limits of lila's MateAdvice
// (prevCp < -999, < -700; nextCp > 999, > 700) at and next to each
// limit, so that a < written as <= (or the limits moved by one) fails.
func TestJudgeMateBoundaries(t *testing.T) {
	mate, mated := Score(search.MateScore-3), Score(-search.MateScore+4)
	for _, tc := range []struct {
		cp              int
		created, lostBy Label // walking into mate from cp; letting a mate go to cp
	}{
		{-1001, Inaccuracy, Blunder},
		{-1000, Inaccuracy, Blunder},
		{-999, Mistake, Blunder},
		{-701, Mistake, Blunder},
		{-700, Blunder, Blunder},
		{-699, Blunder, Blunder},
		{699, Blunder, Blunder},
		{700, Blunder, Blunder},
		{701, Blunder, Mistake},
		{999, Blunder, Mistake},
		{1000, Blunder, Inaccuracy},
		{1001, Blunder, Inaccuracy},
	} {
		if got := Judge(Score(tc.cp), mated); got != tc.created {
			t.Errorf("from %d cp into a mate: %q, want %q", tc.cp, got, tc.created)
		}
		if got := Judge(mate, Score(tc.cp)); got != tc.lostBy {
			t.Errorf("a mate let go, %d cp after: %q, want %q", tc.cp, got, tc.lostBy)
		}
	}
}

func TestScoreText(t *testing.T) {
	for _, tc := range []struct {
		s         Score
		text, uci string
		json      string
	}{
		{35, "+0.35", "cp 35", `{"cp":35}`},
		{-120, "-1.20", "cp -120", `{"cp":-120}`},
		{0, "+0.00", "cp 0", `{"cp":0}`},
		{Score(search.MateScore - 1), "+M1", "mate 1", `{"mate":1}`},
		{Score(search.MateScore - 5), "+M3", "mate 3", `{"mate":3}`},
		{Score(-search.MateScore + 4), "-M2", "mate -2", `{"mate":-2}`},
		{-Mated, "+M0", "mate 0", `{"mate":0}`},
		// The opponent mates in 1, seen by the side that just moved.
		{-Score(search.MateScore - 1), "-M1", "mate -1", `{"mate":-1}`},
		{-Score(search.MateScore - 3), "-M2", "mate -2", `{"mate":-2}`},
	} {
		j, _ := tc.s.MarshalJSON()
		if tc.s.String() != tc.text || tc.s.UCI() != tc.uci || string(j) != tc.json {
			t.Errorf("score %d: %q %q %s, want %q %q %s", tc.s, tc.s, tc.s.UCI(), j, tc.text, tc.uci, tc.json)
		}
	}
}

// lichessGame runs gameAccuracy as lila's gameAccuracy is called: cps are
// White's centipawns after each ply, the start is +15 cp, White moves
// first, and each move's accuracy comes from the chain.
func lichessGame(cps []int) (white, black float64) {
	wins := []float64{WinPercent(15)}
	for _, c := range cps {
		wins = append(wins, WinPercent(c))
	}
	acc := make([]float64, len(cps))
	isW := make([]bool, len(cps))
	isB := make([]bool, len(cps))
	for i := range cps {
		if i%2 == 0 {
			acc[i] = MoveAccuracy(wins[i], wins[i+1])
			isW[i] = true
		} else {
			acc[i] = MoveAccuracy(100-wins[i], 100-wins[i+1])
			isB[i] = true
		}
	}
	return gameAccuracy(wins, acc, isW), gameAccuracy(wins, acc, isB)
}

// TestGameAccuracyLichessCases: the cases and tolerances of lila's
// AccuracyPercentTest.
func TestGameAccuracyLichessCases(t *testing.T) {
	fill := func(n int, xs ...int) []int {
		var out []int
		for range n {
			out = append(out, xs...)
		}
		return out
	}
	for _, tc := range []struct {
		name    string
		cps     []int
		w, wTol float64
		b, bTol float64
	}{
		{"two good moves", []int{15, 15}, 100, 1, 100, 1},
		{"white blunders on first move", []int{-900, -900}, 10, 5, 100, 1},
		{"black blunders on first move", []int{15, 900}, 100, 1, 10, 5},
		{"both blunder on first move", []int{-900, 0}, 10, 5, 10, 5},
		{"20 perfect moves", fill(20, 15), 100, 1, 100, 1},
		{"20 perfect moves and a white blunder", append(fill(20, 15), -900), 50, 5, 100, 1},
		{"21 perfect moves and a black blunder", append(fill(21, 15), 900), 100, 1, 50, 5},
		{"5 average moves", fill(5, -50, 15), 76, 8, 76, 8},
		{"50 average moves", fill(50, -50, 15), 76, 8, 76, 8},
		{"50 mediocre moves", fill(50, -135, 15), 54, 8, 54, 8},
		{"50 terrible moves", fill(50, -435, 15), 20, 8, 20, 8},
	} {
		w, b := lichessGame(tc.cps)
		if !near(w, tc.w, tc.wTol) || !near(b, tc.b, tc.bTol) {
			t.Errorf("%s: white %.2f black %.2f, want %g±%g and %g±%g", tc.name, w, b, tc.w, tc.wTol, tc.b, tc.bTol)
		}
	}
	// A side without a move has no accuracy.
	if _, b := lichessGame([]int{15}); !math.IsNaN(b) {
		t.Errorf("black without a move: accuracy %f, want NaN", b)
	}
}

// TestGameAccuracyGolden: lila's game accuracy to 1e-6 on games whose
// windows are partly clamped (0.5 or 12) and partly not, so that a weight
// computed as a sample instead of a population standard deviation (larger
// by sqrt(n/(n-1)), which would cancel out if no weight were clamped)
// moves the result. The values come from testdata/lila_accuracy.py, lila's
// formula written again in plain Python (python3 lila_accuracy.py prints
// them); the games are its GAMES.
func TestGameAccuracyGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		cps  []int
		w, b float64
	}{
		{"short, windows of 2", []int{-40, 10, -90, 60, -30, 20}, 71.63153084297147, 68.06244647549326},
		{"20 plies, windows of 2", []int{20, 10, 35, 5, -40, 30, -90, 60, -150, -140,
			-160, -300, -280, -290, -600, -580, -590, -585, -1200, -1100}, 66.78195558725002, 84.78809266914263},
		{"34 plies, windows of 3", []int{15, 20, 18, 25, 22, 30, 10, 35, -120, -110,
			-100, -95, -90, 40, 45, 50, 48, 55, 300, 310,
			290, 305, 320, 330, 315, 340, 900, 880, 870, 860,
			2000, 1500, 1800, 1700}, 93.29697423087543, 93.3023235110251},
	} {
		w, b := lichessGame(tc.cps)
		if !near(w, tc.w, 1e-6) || !near(b, tc.b, 1e-6) {
			t.Errorf("%s: white %.9f black %.9f, want %.9f and %.9f", tc.name, w, b, tc.w, tc.b)
		}
	}
}

func TestVolatilityWindows(t *testing.T) {
	for _, plies := range []int{1, 2, 9, 19, 20, 35, 79, 80, 200} {
		wins := make([]float64, plies+1)
		for i := range wins {
			wins[i] = float64(i % 7 * 10)
		}
		if got := len(volatility(wins)); got != plies {
			t.Errorf("%d plies: %d weights", plies, got)
		}
	}
	// Flat evaluations weigh the minimum, 0.5; wild ones the maximum, 12.
	if w := volatility([]float64{50, 50, 50}); w[0] != 0.5 || w[1] != 0.5 {
		t.Errorf("flat weights %v", w)
	}
	if w := volatility([]float64{0, 100, 0}); w[0] != 12 || w[1] != 12 {
		t.Errorf("wild weights %v", w)
	}
}
