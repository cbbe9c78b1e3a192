package games

import (
	"testing"

	"azar/practice/analysis"
)

// TestUndoDuringAnalysis: an undo while the analysis waits or runs drops
// it, and the game, finished again, can be analysed. Before the fix the
// undo left the old game's progress in place, Analyze took it for a
// running analysis, and the view stayed at "analysing 0 of 4" for good.
func TestUndoDuringAnalysis(t *testing.T) {
	f := newFixture(t, "")
	f.m.cfg.AnalysisBudget = analysis.Budget{Depth: 2}
	id := playLocal(t, f.m, "f2f3", "e7e5", "g2g4", "d8h4")
	// Hold the one analysis slot, so that the undo surely comes while
	// the analysis has not finished.
	f.m.analysisSlot <- struct{}{}
	v, err := f.m.Analyze(id)
	if err != nil || v.Analyzing == nil {
		t.Fatalf("analyze: %+v %v", v.Analyzing, err)
	}
	if v, err = f.m.Undo(id); err != nil || v.Analyzing != nil || v.Analysis != nil {
		t.Fatalf("after undo: analyzing %+v, analysis %+v, %v", v.Analyzing, v.Analysis, err)
	}
	if _, err = f.m.Move(id, "d8h4"); err != nil {
		t.Fatal(err)
	}
	if v, err = f.m.Analyze(id); err != nil || v.Analyzing == nil {
		t.Fatalf("analyze again: %+v %v", v.Analyzing, err)
	}
	<-f.m.analysisSlot
	v = waitView(t, f.m, id, func(v View) bool { return v.Analysis != nil || v.AnalysisError != "" })
	if v.Analysis == nil || len(v.Analysis.Moves) != 4 || v.Analysis.Moves[3].SAN != "Qh4#" {
		t.Fatalf("analysis %+v (%s)", v.Analysis, v.AnalysisError)
	}
}

// playLocal starts a game on one device and plays moves in it.
func playLocal(t *testing.T, m *Manager, moves ...string) string {
	t.Helper()
	v, err := m.Create(Options{Mode: ModeLocal})
	for _, mv := range moves {
		if err != nil {
			break
		}
		_, err = m.Move(v.ID, mv)
	}
	if err != nil {
		t.Fatal(err)
	}
	return v.ID
}
