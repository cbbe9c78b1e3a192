package lucky

import (
	"testing"

	"azar/variants/chess"
)

func TestNoDrawInCheck(t *testing.T) {
	s := mk(t, "4k3/7p/8/8/8/8/7P/r3K3 w - - 0 10")
	if !s.InCheck() {
		t.Fatal("not in check")
	}
	wantHas(t, s, []string{"e1e2"}, []string{"draw", "annul"})
	// Mandatory card: a player in check moves.
	s = mk(t, "4k3/7p/8/8/8/8/7P/r3K3 w - - 0 10", Options{MandatoryCard: true})
	wantHas(t, s, []string{"e1e2"}, []string{"draw"})
}

func TestMandatoryCard(t *testing.T) {
	o := Options{MandatoryCard: true}
	s := mk(t, "4k3/7p/8/8/8/8/7P/4K3 w - - 0 10", o)
	wantLegal(t, s, "draw")
	refuse(t, s, "h2h3")
	// First turns: moves only.
	s = New(o)
	if n := len(s.Legal(nil)); n != 20 {
		t.Fatalf("first turn: %d actions", n)
	}
}

func TestKingCapture(t *testing.T) {
	o := Options{MandatoryCard: true, KingCapture: true}
	// Black left the king attacked: White may take it instead of drawing.
	s := mk(t, "4k3/7p/8/8/8/8/7P/4R1K1 w - - 0 10", o)
	wantLegal(t, s, "draw", "e1e8")
	play(t, s, "e1e8")
	wantOver(t, s, scoreWhite, "king captured")
	// A player in check moves (any pseudo-legal move, even into attack).
	s = mk(t, "4k3/7p/8/8/8/8/7P/r3K3 w - - 0 10", o)
	wantHas(t, s, []string{"e1e2", "e1d1", "e1f1", "h2h3"}, []string{"draw"})
	play(t, s, "h2h3")
	wantLegal(t, s, "a1e1", "draw")
	// Self-exposure under a card is allowed: the bishop may leave the
	// e-file although it shields the king from the rook.
	s = mk(t, "4r1k1/7p/8/8/8/8/4B2P/4K3 w - - 0 10 turn=draw", o)
	play(t, s, "move1:B")
	wantHas(t, s, []string{"e2a6", "e2b5", "e2d3"}, nil)
	play(t, s, "e2d3")
	wantLegal(t, s, "e8e1", "draw")
	play(t, s, "e8e1")
	wantOver(t, s, scoreBlack, "king captured")
	// Checkmate is not evaluated: a mated king plays on (and loses it).
	s = mk(t, "4k3/8/8/8/8/8/5PPP/r5K1 w - - 0 10", o)
	wantOngoing(t, s)
	wantHas(t, s, []string{"g1f1", "h2h3"}, nil)
	// Cards never remove or relocate a king.
	s = mk(t, "4k3/7p/8/8/8/8/7P/4K3 w - - 0 10 turn=draw", o)
	play(t, s, "relocate")
	wantHas(t, s, []string{"h2>h5"}, []string{"e1>e4", "e8>e5"})
}

func TestFirstEditionFallbacks(t *testing.T) {
	o := Options{Edition: FirstEdition}
	for _, c := range []string{"move1:Q", "move2:N+B", "enemy2", "remove:N", "bomb:qside", "bomb-fierce:core", "pawns-forward", "recover"} {
		s := mk(t, "4k3/8/8/7p/7P/8/8/4K3 w - - 0 10 hold=-,leadking turn=draw", o)
		play(t, s, c)
		wantTurn(t, s, chess.Black, PhaseStart)
		if s.CardCount() != 54 {
			t.Fatalf("%s: card count", c)
		}
	}
}

func TestRulesCard(t *testing.T) {
	o := Options{RulesCards: true, Edition: FirstEdition}
	s := mk(t, "4k3/7p/8/8/8/8/7P/4K3 w - - 0 10 turn=draw", o)
	if s.DeckSize() != 56 {
		t.Fatal("deck size")
	}
	play(t, s, "rules")
	wantTurn(t, s, chess.White, PhaseMove) // a normal move, whatever the edition
	play(t, s, "h2h3")
	if s.Discard()[KindRules] != 1 {
		t.Fatal("rules card not discarded")
	}
}

func TestStalemateInsideATurn(t *testing.T) {
	// Ra1-g1 stalemates Black in the middle of White's turn; the knight
	// move then frees the b7 pawn. Only the end of the turn counts.
	s := mk(t, "7k/1p5p/1N5P/8/8/2K5/8/R7 w - - 0 10 turn=draw")
	play(t, s, "move2:N+R", "a1g1")
	wantOngoing(t, s)
	wantTurn(t, s, chess.White, PhaseSequence)
	play(t, s, "b6a4")
	wantOngoing(t, s)
	wantTurn(t, s, chess.Black, PhaseStart)
	wantLegal(t, s, "b7b5", "b7b6", "draw")
	// Ending the turn with the stalemate is a draw.
	s = mk(t, "7k/1p5p/1N5P/8/8/2K5/8/R7 w - - 0 10 turn=draw")
	play(t, s, "move1:R", "a1g1")
	wantOver(t, s, scoreDraw, "stalemate")
}
