package lucky

import "testing"

func TestCheckmateAndStalemate(t *testing.T) {
	s := mk(t, "7k/8/6K1/8/8/8/7P/R7 w - - 99 10")
	play(t, s, "a1a8")
	wantOver(t, s, scoreWhite, "checkmate") // mate has priority over the 50-move rule
	s = mk(t, "k7/8/8/1Q6/8/8/8/K7 w - - 0 10")
	play(t, s, "b5b6")
	wantOver(t, s, scoreDraw, "stalemate")
	// Stalemate ignores the option of drawing a card.
	s = mk(t, "k7/8/1Q6/8/8/8/8/K7 b - - 0 10")
	wantOver(t, s, scoreDraw, "stalemate")
	// Checkmate by a card: check ends the turn, mate at the turn change.
	s = mk(t, "7k/8/6K1/8/8/8/8/R7 w - - 0 10 turn=draw")
	play(t, s, "move2:R+Q", "a1a8")
	wantOver(t, s, scoreWhite, "checkmate")
}

func TestInsufficientMaterial(t *testing.T) {
	s := mk(t, "4k3/8/8/8/8/8/3r4/3NK3 w - - 0 10")
	play(t, s, "e1d2")
	wantOver(t, s, scoreDraw, "insufficient material")
	// K+B v K+B: same-coloured bishops only.
	if over, _, _ := mk(t, "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 10").Result(); !over {
		t.Fatal("same-coloured bishops not a draw") // c1 and f8 are both dark
	}
	if over, _, _ := mk(t, "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 10").Result(); over {
		t.Fatal("opposite-coloured bishops a draw")
	}
	// The cards in the deck (a recover) are ignored.
	if over, _, _ := mk(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 10 pool=Q/-").Result(); !over {
		t.Fatal("K v K with a queen in the pool not a draw")
	}
}

func TestRepetition(t *testing.T) {
	shuffle := []string{"g1f3", "e8d8", "f3g1", "d8e8"}
	s := mk(t, "4k3/7p/8/8/8/8/7P/4K1N1 w - - 0 10")
	play(t, s, shuffle...)
	wantOngoing(t, s)
	play(t, s, shuffle[:3]...)
	wantOngoing(t, s)
	play(t, s, shuffle[3])
	wantOver(t, s, scoreDraw, "threefold repetition")
	// The temporal cards held are part of the position.
	s = mk(t, "4k3/7p/8/8/8/8/7P/4K1N1 w - - 0 10")
	play(t, s, shuffle...)
	play(t, s, "draw", "leadking", "g1f3", "e8d8", "f3g1", "d8e8")
	play(t, s, shuffle...)
	wantOngoing(t, s)
	// FIDE claims: threefold is claimed, fivefold is automatic.
	o := Options{DrawClaims: ClaimsFIDE}
	s = mk(t, "4k3/7p/8/8/8/8/7P/4K1N1 w - - 0 10", o)
	play(t, s, shuffle...)
	play(t, s, shuffle...)
	wantOngoing(t, s)
	wantHas(t, s, []string{"claim", "g1f3"}, nil)
	c := s.clone()
	play(t, c, "claim")
	wantOver(t, c, scoreDraw, "threefold repetition (claimed)")
	play(t, s, shuffle...)
	play(t, s, shuffle...)
	wantOver(t, s, scoreDraw, "fivefold repetition")
}

func TestFiftyMoves(t *testing.T) {
	s := mk(t, "4k3/7p/8/8/8/8/7P/4K1N1 w - - 98 10")
	play(t, s, "g1f3")
	wantOngoing(t, s)
	play(t, s, "e8d8")
	wantOver(t, s, scoreDraw, "fifty-move rule")
	// Turns without a move count; a removal resets the count.
	s = mk(t, "4k3/7p/8/8/8/8/7P/4K1N1 w - - 99 10 turn=draw")
	play(t, s, "skip")
	wantOver(t, s, scoreDraw, "fifty-move rule")
	s = mk(t, "4k1n1/7p/8/8/8/8/7P/4K1N1 w - - 99 10 turn=draw")
	play(t, s, "remove:N", "-g8")
	wantOngoing(t, s)
	wantField(t, s, "0 10")
	// FIDE claims: claim at 100, automatic at 150.
	o := Options{DrawClaims: ClaimsFIDE}
	s = mk(t, "4k3/7p/8/8/8/8/7P/4K1N1 w - - 100 10", o)
	wantHas(t, s, []string{"claim"}, nil)
	s = mk(t, "4k3/7p/8/8/8/8/7P/4K1N1 w - - 149 10", o)
	play(t, s, "g1f3")
	wantOver(t, s, scoreDraw, "seventy-five-move rule")
}
