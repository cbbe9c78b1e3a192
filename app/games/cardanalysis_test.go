package games

import (
	"context"
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
