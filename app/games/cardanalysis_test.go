package games

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"azar/app/engine"
	"azar/practice/analysis"
)

// dealt starts a game of the entry from prepared options and seed and
// plays toks (each the acting seat's), returning the options, the secret
// and the moves as the store would keep them.
func dealt(t *testing.T, e entry, o Options, seed uint64, toks ...string) (Options, string, []string) {
	t.Helper()
	if err := e.prepare(&o); err != nil {
		t.Fatal(err)
	}
	p, err := e.deal(o, func() uint64 { return seed })
	if err != nil {
		t.Fatal(err)
	}
	moves, secret := p.tokens(), p.secret()
	for _, tok := range toks {
		seat := p.toAct()
		if moves, secret, err = p.act(seat, tok); err != nil {
			t.Fatalf("%s by %s: %v", tok, seat, err)
		}
		if p, err = e.open(o, secret, moves); err != nil {
			t.Fatal(err)
		}
		moves, secret = p.tokens(), p.secret() // a last draw is dealt its card on opening
	}
	return o, secret, moves
}

func analysisPool(t *testing.T) *engine.Pool {
	pool := engine.NewPool(1, engine.Config{HashMB: 4})
	t.Cleanup(pool.Close)
	return pool
}

// TestCardAnalysisJudgesFromTheMoversInformation: in Cartas de la
// Suerte, White missing a mate in one (Qxf7#) is a blunder with the mate
// as the engine's move; the card a draw gives is a chance ply (luck, no
// label) whose drawer is the one who drew; the draw decision itself is
// judged before the card came.
func TestCardAnalysisJudgesFromTheMoversInformation(t *testing.T) {
	const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
	o := Options{Variant: VariantLucky, Mode: ModeEngine, Color: "white", Level: 1, FEN: fen}
	const seed = 11
	o, secret, moves := dealt(t, luckyEntry, o, seed, "a2a3", "draw")
	if len(moves) != 3 {
		t.Fatalf("moves %v: want a3, draw and its card", moves)
	}
	card := moves[2]
	rep, _, err := analyseCards(context.Background(), luckyEntry, o, secret, moves, nil, "*", analysisPool(t),
		analysis.Budget{Nodes: 20000}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Moves) != 3 {
		t.Fatalf("report of %d plies, want 3: %+v", len(rep.Moves), rep.Moves)
	}
	a3, draw, got := rep.Moves[0], rep.Moves[1], rep.Moves[2]
	if a3.Side != "white" || a3.Kind != "" || a3.Label != analysis.Blunder || a3.Best != "f3f7" || a3.EvalBefore.CP() < 1000 {
		// The lucky search's score of Qxf7# is a won one (+39.99 at
		// these nodes), not a mate count.
		t.Errorf("a3: %+v, want a blunder by White with Qxf7# the best, scored won", a3)
	}
	if draw.Side != "black" || draw.Kind != "" || draw.UCI != "draw" {
		t.Errorf("the draw: %+v, want Black's judged decision", draw)
	}
	if got.Side != "black" || got.Kind != analysis.KindChance || got.UCI != card || got.Label != analysis.NoLabel {
		t.Errorf("the card: %+v, want Black's chance ply %s, no label", got, card)
	}
	if got.WinBefore != draw.WinAfter {
		t.Errorf("the card starts from %v, the draw's expectation was %v", got.WinBefore, draw.WinAfter)
	}
	if rep.White.Moves != 1 || rep.White.Blunders != 1 || rep.Black.Moves != 1 {
		t.Errorf("White %+v Black %+v: the card is nobody's decision", rep.White, rep.Black)
	}
}

// TestCardAnalysisSeesOnlyTheMoversCards: in spy chess every search of a
// decision is told the mover's own card and never the other's (a deal of
// two different cards; told the other seat's position, it fails).
func TestCardAnalysisSeesOnlyTheMoversCards(t *testing.T) {
	for seed := uint64(1); seed < 40; seed++ {
		o := Options{Variant: VariantSpy, Mode: ModeEngine, Color: "white", Level: 1}
		o, secret, moves := dealt(t, spyEntry, o, seed, "e2e4", "e7e5", "g1f3")
		p, err := spyEntry.open(o, secret, moves)
		if err != nil {
			t.Fatal(err)
		}
		sg := p.(cards).cardGame.(*spyGame)
		own := map[string]string{"w": sg.full.Card(0).String(), "b": sg.full.Card(1).String()}
		if own["w"] == own["b"] {
			continue // a deal of two equal cards tells nothing
		}
		plies, err := cardPlies(spyEntry, o, secret, moves, analysis.Budget{Nodes: 1000})
		if err != nil {
			t.Fatal(err)
		}
		for k, pl := range plies {
			if pl.kind != "" {
				t.Fatalf("ply %d: %+v, want a decision", k+1, pl)
			}
			if mine, theirs := own[pl.seat], own[otherSeat(pl.seat)]; !strings.Contains(pl.req.Position, mine) || strings.Contains(pl.req.Position, theirs) {
				t.Errorf("seed %d ply %d (%s): the search is told %q, want its own card %s and not the other's %s",
					seed, k+1, pl.seat, pl.req.Position, mine, theirs)
			}
		}
		return
	}
	t.Fatal("no seed below 40 deals two different spy cards")
}

// TestAnalyseSpyGameThroughTheReferee: a spy game against the engine,
// resigned after a few moves, is analysed by the referee (the card game
// analysis, not refused as before): every ply is in the report, the
// player's own decisions name the engine's better action where it had
// one, and the engine's decisions never do (it was searched from the
// engine's card; here the engine played the analysis's moves, which
// TestAnalysisHidesTheOthersBetterActions does not rely on).
func TestAnalyseSpyGameThroughTheReferee(t *testing.T) {
	f := newSeeded(t, "", 3)
	f.m.cfg.AnalysisBudget = analysis.Budget{Nodes: 2000, HashMB: 1}
	v, err := f.m.Create(Options{Variant: VariantSpy, Mode: ModeEngine, Color: "white", Level: 1})
	if err != nil {
		t.Fatal(err)
	}
	id := v.ID
	ready := func(v View) bool { return !v.Thinking && v.Turn == "w" }
	for _, mv := range []string{"a2a3", "h2h3", "a3a4", "h3h4", "b2b3", "g2g3", "b3b4", "g3g4"} {
		v = waitView(t, f.m, id, ready)
		if !slices.Contains(v.Legal, mv) {
			t.Fatalf("%s not legal: %v", mv, v.Legal)
		}
		if _, err := f.m.Move(id, mv); err != nil {
			t.Fatal(err)
		}
	}
	waitView(t, f.m, id, ready)
	if _, err := f.m.Resign(id); err != nil {
		t.Fatal(err)
	}
	if _, err := f.m.Analyze(id); err != nil {
		t.Fatalf("a finished spy game: %v", err)
	}
	v = waitView(t, f.m, id, func(v View) bool { return v.Analysis != nil || v.AnalysisError != "" })
	a := v.Analysis
	if a == nil || len(a.Moves) != len(v.Moves) {
		t.Fatalf("analysis %+v (%s) of %d moves", a, v.AnalysisError, len(v.Moves))
	}
	bests := 0
	for _, m := range a.Moves {
		if m.Side == "b" && m.Best != "" {
			t.Errorf("ply %d: the engine's decision shows its better action %q", m.Ply, m.Best)
		}
		if m.Side == "w" && m.Best != "" {
			bests++
		}
	}
	if bests == 0 || a.White.Moves == 0 || a.Black.Moves == 0 {
		t.Errorf("the player's a3, h3, a4 gave no better action: %+v", a)
	}
}

// TestAnalysisHidesTheOthersBetterActions: in spy (and magic) a seat sees
// the engine's better action only at its own decisions, a viewer of no
// seat at none; lucky hides no card, so both are shown.
func TestAnalysisHidesTheOthersBetterActions(t *testing.T) {
	stored, err := json.Marshal(storedAnalysis{Analysis: Analysis{Moves: []AnalysedMove{
		{Ply: 1, Side: "w", SAN: "e4", Best: "d4"}, {Ply: 2, Side: "b", SAN: "e5", Best: "reveals spy"},
	}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		e          entry
		variant    string
		seat, w, b string
	}{
		{spyEntry, VariantSpy, "w", "d4", ""},
		{spyEntry, VariantSpy, "b", "", "reveals spy"},
		{spyEntry, VariantSpy, "", "", ""},
		{luckyEntry, VariantLucky, "w", "d4", "reveals spy"},
	} {
		o, secret, moves := dealt(t, c.e, Options{Variant: c.variant, Mode: ModeEngine, Color: "white", Level: 1}, 3, "e2e4", "e7e5")
		p, err := c.e.open(o, secret, moves)
		if err != nil {
			t.Fatal(err)
		}
		g := &gameState{play: p, analysis: string(stored)}
		a := g.analysisFor(viewer{seat: c.seat})
		if a.Moves[0].Best != c.w || a.Moves[1].Best != c.b {
			t.Errorf("%s seen by %q: better actions %q, %q; want %q, %q", c.variant, c.seat, a.Moves[0].Best, a.Moves[1].Best, c.w, c.b)
		}
	}
}
