package lucky

import (
	"testing"

	"azar/variants/chess"
)

func TestSuperpieces(t *testing.T) {
	// Drawing super:Q makes the queen on c7 check e8 by a knight jump: the
	// turn ends at once, without the normal move.
	s := mk(t, "4k3/2Q5/8/8/8/8/8/4K3 w - - 0 10 turn=draw")
	play(t, s, "super:Q")
	wantTurn(t, s, chess.Black, PhaseStart)
	if !s.InCheck() {
		t.Fatal("the super queen should check e8")
	}
	wantLegal(t, s, "e8f8")
	// Normal moves and attacks of a super rook; the rival can move it too
	// (enemy2) with the jumps.
	s = mk(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 10 hold=super:R,-")
	wantHas(t, s, []string{"a1b3", "a1c2", "a1a8"}, nil)
	// Otherwise, after a temporal card, one normal move.
	s = mk(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 10 turn=draw")
	play(t, s, "super:R")
	wantTurn(t, s, chess.White, PhaseMove)
	wantHas(t, s, []string{"a1b3", "e1e2"}, []string{"draw"})
	play(t, s, "a1c2")
	wantTurn(t, s, chess.Black, PhaseStart)
}

func TestSuperknights(t *testing.T) {
	s := mk(t, "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 10 hold=superknights,-")
	play(t, s, "b1c3")
	wantTurn(t, s, chess.White, PhaseKnight)
	wantHas(t, s, []string{"0000", "c3d5", "g1f3"}, []string{"e1e2", "c3b1x"})
	play(t, s, "g1f3")
	wantTurn(t, s, chess.Black, PhaseStart)
	// Declining.
	s = mk(t, "4k3/7p/8/8/8/8/7P/1N2K3 w - - 0 10 hold=superknights,-")
	play(t, s, "b1c3", "0000")
	wantTurn(t, s, chess.Black, PhaseStart)
	// Not after a check.
	s = mk(t, "4k3/7p/8/1N6/8/8/7P/4K3 w - - 0 10 hold=superknights,-")
	play(t, s, "b5d6")
	wantTurn(t, s, chess.Black, PhaseStart)
	// Not under a movement card.
	s = mk(t, "4k3/7p/8/8/8/8/7P/1N2K3 w - - 0 10 hold=superknights,- turn=draw")
	play(t, s, "move1:N", "b1c3")
	wantTurn(t, s, chess.Black, PhaseStart)
	// But for the move after drawing a temporal card, it applies.
	s = mk(t, "4k3/7p/8/8/8/8/7P/1N2K3 w - - 0 10 turn=draw")
	play(t, s, "superknights", "b1c3")
	wantTurn(t, s, chess.White, PhaseKnight)
}

func TestUntouchable(t *testing.T) {
	s := mk(t, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 10 hold=-,untouchable")
	wantHas(t, s, []string{"e4e5"}, []string{"e4d5"})
	s = mk(t, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 10 hold=-,untouchable")
	wantHas(t, s, []string{"e5e6"}, []string{"e5d6"})
	// The pawn checks; the king cannot take it.
	s = mk(t, "4k3/8/8/8/8/8/3p4/4K3 w - - 0 10 hold=-,untouchable")
	wantLegal(t, s, "e1d1", "e1e2", "e1f1", "e1f2")
	// Under the holder's own pawns-forward and the rival's relocate, they
	// are ordinary pawns.
	s = mk(t, "4k3/8/8/3p4/8/8/8/4K3 w - - 0 10 hold=-,untouchable turn=draw")
	play(t, s, "relocate")
	wantHas(t, s, []string{"d5>d4"}, nil)
}

func TestFreeze(t *testing.T) {
	s := mk(t, "1n2k3/7p/8/8/8/8/7P/4K3 b - - 0 10 hold=freeze:N,-")
	wantHas(t, s, []string{"e8d8"}, []string{"b8c6", "b8a6"})
	// In check, a frozen piece may move to get the king out of check.
	s = mk(t, "4k3/8/8/2n5/8/8/8/4RK2 b - - 0 10 hold=freeze:N,-")
	wantLegal(t, s, "c5e4", "c5e6", "e8d7", "e8d8", "e8f7", "e8f8")
	// A movement card naming a frozen type finds no move for it.
	s = mk(t, "1n2k3/7p/8/8/8/8/7P/4K3 b - - 0 10 hold=freeze:N,- turn=draw")
	play(t, s, "move1:N")
	wantTurn(t, s, chess.Black, PhaseMove)
	wantHas(t, s, []string{"e8d8"}, []string{"b8c6"})
	// Frozen pieces still attack: the white king may not step onto d1 or
	// f1, which the frozen knight on e3 covers.
	s = mk(t, "4k3/7p/8/8/8/4n3/7P/4K3 w - - 0 10 hold=freeze:N,-")
	wantHas(t, s, []string{"e1e2", "e1d2"}, []string{"e1d1", "e1f1"})
	// Relocation is not a move: frozen pieces may be relocated.
	s = mk(t, "4k3/7p/5n2/8/8/8/7P/4K3 w - - 0 10 hold=freeze:N,- turn=draw")
	play(t, s, "relocate")
	wantHas(t, s, []string{"f6>a6"}, nil)
}

func TestNoRetreat(t *testing.T) {
	s := mk(t, "4k3/8/8/8/3R4/8/8/4K3 w - - 0 10 hold=noretreat,-")
	wantHas(t, s, []string{"d4d5", "d4a4", "e1e2", "e1f1"}, []string{"d4d3", "d4d1"})
	// Black's backward is up the board.
	s = mk(t, "4k3/8/8/3r4/8/8/8/4K3 b - - 0 10 hold=-,noretreat")
	wantHas(t, s, []string{"d5d4", "d5a5"}, []string{"d5d6", "d5d8"})
	// In check with only backward answers, they are allowed.
	s = mk(t, "r6K/8/2k5/8/8/8/8/8 w - - 0 10 hold=noretreat,-")
	wantLegal(t, s, "h8g7", "h8h7")
	// With only backward moves at all, they are allowed (no artificial
	// stalemate).
	s = mk(t, "6BK/8/8/1p6/1P6/8/8/k7 w - - 0 10 hold=noretreat,-")
	wantHas(t, s, []string{"h8g7", "h8h7", "g8f7", "g8a2"}, nil)
	wantOngoing(t, s)
	// pawns-back overrides the ban (see TestPawnsBack); the rival's
	// enemy2 is not bound by it.
	s = mk(t, "4k3/8/8/8/3R4/8/8/4K3 b - - 0 10 hold=noretreat,- turn=draw")
	play(t, s, "enemy2")
	wantHas(t, s, []string{"d4d1", "e1d1"}, nil)
}

func TestLeadKing(t *testing.T) {
	// Only the king, which cannot move, and no check: stalemate, a draw.
	s := mk(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 10 hold=leadking,-")
	wantOver(t, s, scoreDraw, "stalemate")
	// Checked with no block: mate.
	s = mk(t, "4k3/8/8/8/8/8/8/r3K3 w - - 0 10 hold=leadking,-")
	wantOver(t, s, scoreBlack, "checkmate")
	// Block or capture with another piece.
	s = mk(t, "4k3/8/8/8/8/8/1B6/r3K3 w - - 0 10 hold=leadking,-")
	wantLegal(t, s, "b2a1", "b2c1")
	// No castling.
	s = mk(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 10 hold=leadking,-")
	wantHas(t, s, []string{"h1h2"}, []string{"e1g1", "e1f1"})
	// Drawing it when only king moves were possible: the turn is passed.
	s = mk(t, "4k3/8/8/7p/7P/8/8/4K3 w - - 0 10 turn=draw")
	play(t, s, "leadking")
	wantLegal(t, s, "0000")
	play(t, s, "0000")
	wantTurn(t, s, chess.Black, PhaseStart)
	play(t, s, "e8d8")
	wantOver(t, s, scoreDraw, "stalemate")
}

func TestAnnul(t *testing.T) {
	s := mk(t, "4k3/8/8/8/8/8/8/4K2R w - - 0 10 hold=super:Q,noretreat")
	wantHas(t, s, []string{"annul", "draw", "h1h2"}, nil)
	play(t, s, "annul")
	wantTurn(t, s, chess.Black, PhaseStart)
	if h, _ := s.Held(chess.White); h != NoKind {
		t.Fatal("annulled card still held")
	}
	if s.Pile()[kind(t, "super:Q")] != 1 || s.Pile()[kind(t, "noretreat")] != 1 {
		t.Fatal("annulled cards not back in the deck")
	}
	wantPiece(t, s, "h1", 'R')
	// Not with only one card held, not in check, not on a first turn.
	wantHas(t, mk(t, "4k3/8/8/8/8/8/8/4K2R w - - 0 10 hold=super:Q,-"), nil, []string{"annul"})
	wantHas(t, mk(t, "4k3/8/8/8/8/8/8/r3K3 w - - 0 10 hold=super:Q,noretreat"), nil, []string{"annul", "draw"})
	wantHas(t, mk(t, "4k3/8/8/8/8/8/8/4K2R w - - 0 1 hold=super:Q,noretreat"), nil, []string{"annul", "draw"})
	// Allowed in mandatory_card mode, as the alternative to drawing.
	wantLegal(t, mk(t, "4k3/8/8/8/8/8/8/4K2R w - - 0 10 hold=super:Q,noretreat", Options{MandatoryCard: true}), "annul", "draw")
}

func TestThreeTurns(t *testing.T) {
	o := Options{ThreeTurns: true}
	s := mk(t, "4k3/8/8/8/8/8/8/4K2R w - - 0 10 turn=draw", o)
	play(t, s, "super:R")
	wantField(t, s, "hold=super:R#3,-")
	play(t, s, "h1h2", "e8d8")
	wantField(t, s, "hold=super:R#2,-")
	play(t, s, "h2h3", "d8e8")
	wantField(t, s, "hold=super:R#1,-")
	wantHas(t, s, []string{"h3g5"}, nil)
	play(t, s, "h3h4", "e8d8")
	wantField(t, s, "hold=-,-")
	wantHas(t, s, nil, []string{"h4g6"})
	if s.Pile()[kind(t, "super:R")] != 1 {
		t.Fatal("expired card not back in the deck")
	}
	// A replacement starts a fresh counter.
	s = mk(t, "4k3/8/8/8/8/8/8/4K2R w - - 0 10 hold=super:R#1,- turn=draw", o)
	play(t, s, "super:Q")
	wantField(t, s, "hold=super:Q#3,-")
}

func TestTemporalEffectsFollowThePieces(t *testing.T) {
	// A pinned piece may not move off the pin line even with a knight
	// jump; checks by super pieces count for legality of the rival.
	s := mk(t, "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 10 hold=super:R,-")
	wantHas(t, s, []string{"e2e7", "e2e3"}, []string{"e2c3", "e2d4"})
	// The black king may not step onto squares a super rook reaches by a
	// jump.
	s = mk(t, "8/8/8/3k4/8/4R3/8/K7 b - - 0 10 hold=super:R,-")
	if !s.InCheck() {
		t.Fatal("the super rook on e3 checks d5 by a jump")
	}
	wantLegal(t, s, "d5c5", "d5c6", "d5d4", "d5d6")
}
