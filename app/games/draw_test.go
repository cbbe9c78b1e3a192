package games

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"

	"azar/app/engine"
	"azar/variants/chess"
)

// TestAcceptsDrawThresholds: each rule on both sides of its threshold.
// The score is the engine's own.
func TestAcceptsDrawThresholds(t *testing.T) {
	const (
		opening = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
		late    = "4k3/p2r1ppp/2b5/8/8/2B5/PP3PPP/3R2K1 w - - 0 40" // R+B each, move 40
		late39  = "4k3/p2r1ppp/2b5/8/8/2B5/PP3PPP/3R2K1 w - - 0 39"
		lateRN  = "4k3/p2r1ppp/2n5/8/8/2B5/PP3PPP/3R2K1 w - - 0 40" // R+N against R+B
		lateRR  = "3rk3/p2r1ppp/8/8/8/2B5/PP3PPP/3R2K1 w - - 0 40"  // two rooks: too much
		lateQ   = "4k3/p2q1ppp/8/8/8/8/PP3PPP/3Q2K1 w - - 0 60"     // queens: too much
		knights = "4k3/8/8/3n4/8/8/8/2N1K3 w - - 0 1"               // N v N
		bishopN = "4k3/8/8/3b4/8/8/8/2N1K3 w - - 0 1"               // N v B
		twoN    = "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1"                // N+N v K
		twoNvN  = "4k3/8/8/3n4/8/8/8/1NN1K3 w - - 0 1"              // N+N v N: not dead
		bishops = "4k3/8/8/8/8/8/8/1BB1K3 w - - 0 1"                // B+B v K mates
		pawn    = "4k3/8/8/8/8/8/4P3/2N1K3 w - - 0 1"               // a pawn left
	)
	cp := func(v int) engine.Score { return engine.Score{CP: v, Known: true} }
	mate := func(v int) engine.Score { return engine.Score{Mate: v, Known: true} }
	cases := []struct {
		fen   string
		board bool
		own   engine.Score
		want  bool
	}{
		// Clearly worse: at -1.50, not at -1.49; the first move's
		// advantage is declined.
		{opening, true, cp(-150), true},
		{opening, true, cp(-149), false},
		{opening, true, cp(-41), false},
		{opening, true, cp(-30), false},
		{opening, true, cp(0), false},
		{opening, true, cp(400), false},
		{opening, false, cp(-150), true},
		{opening, false, cp(-149), false},
		// Mated or mating.
		{opening, true, mate(-3), true},
		{opening, true, mate(3), false},
		{opening, true, engine.Score{}, false},
		// Level late in a simplified game: from move 40, within ±0.20,
		// each side at most a rook and a bishop.
		{late, true, cp(20), true},
		{late, true, cp(-20), true},
		{late, true, cp(0), true},
		{late, true, cp(21), false},
		{late, true, cp(-21), false},
		{late, false, cp(20), true},
		{late39, true, cp(0), false},
		{lateRN, true, cp(0), true},
		{lateRR, true, cp(0), false},
		{lateQ, true, cp(0), false},
		{late, true, cp(-150), true},
		{late, true, cp(-149), false},
		// Dead draws, whatever the move and the score, unless the
		// engine sees a mate; not in a card game.
		{knights, true, cp(0), true},
		{knights, true, cp(60), true},
		{knights, true, engine.Score{}, true},
		{knights, true, mate(2), false},
		{knights, false, cp(0), false},
		{bishopN, true, cp(0), true},
		{twoN, true, cp(0), true},
		{twoNvN, true, cp(0), false},
		{bishops, true, cp(0), false},
		{pawn, true, cp(0), false},
	}
	for _, c := range cases {
		pos, err := chess.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := acceptsDraw(pos, c.board, c.own); got != c.want {
			t.Errorf("%s board=%v score %+v: accept %v, want %v", c.fen, c.board, c.own, got, c.want)
		}
	}
}

// scripted is an engine that answers every search with its score (from
// the side to move's view) and records the requests.
type scripted struct {
	mu    sync.Mutex
	score engine.Score
	move  string
	reqs  []engine.Request
}

func (s *scripted) Search(_ context.Context, r engine.Request) (engine.Result, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reqs = append(s.reqs, r)
	return engine.Result{Move: s.move, Score: s.score}, nil
}

// TestOfferDrawEveryLevelAndColour: through the referee, against an
// engine whose score is set, the same rule holds at every level and for
// either colour of the player: the offer is judged at full strength
// (Level 0) with the offer's own budget, and accepted exactly on the
// accepting side of each threshold.
func TestOfferDrawEveryLevelAndColour(t *testing.T) {
	f := newFixture(t, "")
	eng := &scripted{move: "0000"}
	f.m.cfg.Engine = eng
	// Each position with the player to move as White, and the same
	// colours swapped for the player as Black.
	var (
		opening = [2]string{"rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "rnbqkbnr/pppp1ppp/4p3/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 2"}
		late    = [2]string{"4k3/p2r1ppp/2b5/8/8/2B5/PP3PPP/3R2K1 w - - 0 40", "3r2k1/pp3ppp/2b5/8/8/2B5/P2R1PPP/4K3 b - - 0 40"}
		late39  = [2]string{"4k3/p2r1ppp/2b5/8/8/2B5/PP3PPP/3R2K1 w - - 0 39", "3r2k1/pp3ppp/2b5/8/8/2B5/P2R1PPP/4K3 b - - 0 39"}
		dead    = [2]string{"4k3/8/8/3b4/8/8/8/2N1K3 w - - 0 12", "2n1k3/8/8/8/3B4/8/8/4K3 b - - 0 12"}
	)
	cases := []struct {
		fen [2]string
		own engine.Score // the engine's own score
		ok  bool
	}{
		{opening, engine.Score{CP: -150, Known: true}, true},
		{opening, engine.Score{CP: -149, Known: true}, false},
		{opening, engine.Score{CP: -30, Known: true}, false},
		{opening, engine.Score{Mate: -4, Known: true}, true},
		{late, engine.Score{CP: 20, Known: true}, true},
		{late, engine.Score{CP: -21, Known: true}, false},
		{late39, engine.Score{CP: 0, Known: true}, false},
		{dead, engine.Score{CP: 35, Known: true}, true},
		{dead, engine.Score{Mate: 1, Known: true}, false},
	}
	for level := MinLevel; level <= MaxLevel; level++ {
		for side, colour := range []string{"white", "black"} {
			for _, c := range cases {
				fen := c.fen[side]
				v, err := f.m.Create(Options{Mode: ModeEngine, Color: colour, Level: level, FEN: fen})
				if err != nil {
					t.Fatalf("%s: %v", fen, err)
				}
				if v.Thinking {
					t.Fatalf("%s: the engine is to move", fen)
				}
				eng.mu.Lock()
				// The engine searches the player's position: the player's
				// score is the engine's negated.
				eng.score = engine.Score{CP: -c.own.CP, Mate: -c.own.Mate, Known: c.own.Known}
				eng.reqs = nil
				eng.mu.Unlock()
				v, err = f.m.OfferDraw(v.ID)
				if err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("level %d, %s, %s, engine's score %+v", level, colour, fen, c.own)
				if accepted := v.DrawNote == "accepted"; accepted != c.ok || (v.Status == ReasonAgreement) != c.ok {
					t.Errorf("%s: drawOffer %q status %s, want accepted=%v", name, v.DrawNote, v.Status, c.ok)
				}
				eng.mu.Lock()
				reqs := eng.reqs
				eng.mu.Unlock()
				if len(reqs) != 1 || reqs[0].Go != drawOfferBudget || !slices.Contains(reqs[0].Options, engine.Option{Name: "Level", Value: "0"}) {
					t.Fatalf("%s: the offer's searches %+v", name, reqs)
				}
			}
		}
	}
}

// TestOfferDrawAfterTheFirstMove is the reported case with the real
// engine: 1.e4 and its reply, or the engine's first move, and the offer
// is declined at the levels that used to accept it.
func TestOfferDrawAfterTheFirstMove(t *testing.T) {
	f := newFixture(t, "")
	for _, c := range []struct {
		level  int
		colour string
	}{{3, "white"}, {6, "white"}, {6, "black"}} {
		v, err := f.m.Create(Options{Mode: ModeEngine, Color: c.colour, Level: c.level})
		if err != nil {
			t.Fatal(err)
		}
		if c.colour == "white" {
			if _, err = f.m.Move(v.ID, "e2e4"); err != nil {
				t.Fatal(err)
			}
		}
		v = waitView(t, f.m, v.ID, ready)
		if v, err = f.m.OfferDraw(v.ID); err != nil || v.DrawNote != "declined" || v.Status != "playing" {
			t.Fatalf("level %d as %s after %v: drawOffer %q status %s (%v)", c.level, c.colour, v.Moves, v.DrawNote, v.Status, err)
		}
		// One offer per move: a second before the player's next move is
		// refused and changes nothing.
		if _, err := f.m.OfferDraw(v.ID); kind(err) != Conflict {
			t.Fatalf("a second offer without a move between: %v", err)
		}
		if w, _ := f.m.Get(v.ID); w.Version != v.Version || w.Status != "playing" {
			t.Fatalf("the refused offer changed the game: %+v", w)
		}
	}
}
