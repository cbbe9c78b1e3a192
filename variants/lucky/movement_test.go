package lucky

import (
	"testing"

	"azar/variants/chess"
)

func TestMove1(t *testing.T) {
	s := mk(t, "4k3/8/8/8/8/8/8/1N2K3 w - - 0 10 turn=draw")
	play(t, s, "move1:N")
	wantTurn(t, s, chess.White, PhaseSequence)
	wantLegal(t, s, "b1a3", "b1c3", "b1d2")
	refuse(t, s, "e1e2")
	play(t, s, "b1c3")
	wantTurn(t, s, chess.Black, PhaseStart)
	if s.Discard()[kind(t, "move1:N")] != 1 || s.CardInProgress() != NoKind {
		t.Fatal("card not discarded")
	}
}

func TestMove1Fallback(t *testing.T) {
	// No knight: second edition, a normal move instead.
	s := mk(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 10 turn=draw")
	play(t, s, "move1:N")
	wantTurn(t, s, chess.White, PhaseMove)
	wantLegal(t, s, "e1d1", "e1d2", "e1e2", "e1f1", "e1f2")
	if s.Discard()[kind(t, "move1:N")] != 1 {
		t.Fatal("failed card not discarded")
	}
	play(t, s, "e1e2")
	wantTurn(t, s, chess.Black, PhaseStart)
	// First edition: the turn is lost.
	s = mk(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 10 turn=draw", Options{Edition: FirstEdition})
	play(t, s, "move1:N")
	wantTurn(t, s, chess.Black, PhaseStart)
	wantPiece(t, s, "e1", 'K')
	// A knight that cannot move counts as absent.
	s = mk(t, "4k3/8/8/8/8/1P6/2P5/N3K3 w - - 0 10 turn=draw")
	play(t, s, "move1:N")
	wantTurn(t, s, chess.White, PhaseMove)
}

func TestCastlingOnlyUnderK(t *testing.T) {
	s := mk(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 10 turn=draw")
	play(t, s, "move1:K")
	wantHas(t, s, []string{"e1g1", "e1d1"}, []string{"h1g1"})
	play(t, s, "e1g1")
	wantPiece(t, s, "f1", 'R')
	wantPiece(t, s, "g1", 'K')

	s = mk(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 10 turn=draw")
	play(t, s, "move1:R")
	wantHas(t, s, []string{"h1g1", "h1h5"}, []string{"e1g1", "e1d1"})

	// After castling under K, the castled rook has moved for the card.
	s = mk(t, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 10 turn=draw")
	play(t, s, "choose2:R/Q/K", "e1g1")
	wantTurn(t, s, chess.White, PhaseSequence)
	wantHas(t, s, []string{"a1b1", "a1a5"}, []string{"f1f2", "g1h1"})
	wantField(t, s, "used=K")
	wantField(t, s, "moved=f1,g1")
}

func TestMove2CompleteSequence(t *testing.T) {
	// Bishop h1 only leaves by g2: Ne1-g2 would make the sequence
	// incomplete while complete ones exist, so it is not allowed.
	s := mk(t, "4k3/8/8/8/8/8/8/K3N2B w - - 0 10 turn=draw")
	play(t, s, "move2:N+B")
	wantHas(t, s, []string{"e1d3", "e1c2", "e1f3", "h1g2", "h1e4"}, []string{"e1g2"})
	play(t, s, "h1g2")
	wantTurn(t, s, chess.White, PhaseSequence)
	wantLegal(t, s, "e1c2", "e1d3", "e1f3")
	play(t, s, "e1d3")
	wantTurn(t, s, chess.Black, PhaseStart)
}

func TestMove2SacrificeObligation(t *testing.T) {
	// The source's example: the king can move only once the queen has
	// gone to the diagonal that the black bishop uses to guard g1.
	s := mk(t, "k7/b7/8/8/8/8/6PP/6QK w - - 0 10 turn=draw")
	play(t, s, "move2:Q+K")
	wantLegal(t, s, "g1f2", "g1e3", "g1d4", "g1c5", "g1b6", "g1a7")
	play(t, s, "g1c5")
	wantLegal(t, s, "h1g1")
	play(t, s, "h1g1")
	wantTurn(t, s, chess.Black, PhaseStart)
}

func TestLargestPartialSequence(t *testing.T) {
	// No bishop: the knight alone must move, and then the turn ends.
	s := mk(t, "4k3/8/8/8/8/8/8/K3N3 w - - 0 10 turn=draw")
	play(t, s, "move2:N+B")
	wantLegal(t, s, "e1c2", "e1d3", "e1f3", "e1g2")
	play(t, s, "e1d3")
	wantTurn(t, s, chess.Black, PhaseStart)
	// move3:P+N+B with a blocked pawn: knight and bishop, both required.
	s = mk(t, "7k/8/8/8/8/4p3/4P3/K3N2B w - - 0 10 turn=draw")
	play(t, s, "move3:P+N+B")
	wantHas(t, s, []string{"e1c2", "h1g2"}, []string{"e1g2", "e2e3"})
	play(t, s, "e1c2")
	wantTurn(t, s, chess.White, PhaseSequence)
	play(t, s, "h1f3")
	wantTurn(t, s, chess.Black, PhaseStart)
}

func TestCheckEndsTheTurn(t *testing.T) {
	s := mk(t, "4k3/8/8/1N6/8/8/8/K6B w - - 0 10 turn=draw")
	play(t, s, "move2:N+B")
	wantHas(t, s, []string{"b5d6", "b5c7", "b5a3", "h1g2"}, nil)
	play(t, s, "b5d6")
	wantTurn(t, s, chess.Black, PhaseStart) // the bishop move is forfeited
	if !s.InCheck() || s.Discard()[kind(t, "move2:N+B")] != 1 {
		t.Fatal("check did not end the turn")
	}
	// A check-terminated sequence counts as complete (decision 7): when
	// the bishop cannot move, the quota is out of reach, so the drawer
	// must give check with the knight rather than play a 1-move sequence.
	s = mk(t, "4k3/8/8/1N6/8/8/6P1/K6B w - - 0 10 turn=draw")
	play(t, s, "move2:N+B")
	wantLegal(t, s, "b5c7", "b5d6")
}

func TestSamePieceNeverTwice(t *testing.T) {
	s := mk(t, "4k3/8/8/8/8/8/P6P/4K3 w - - 0 10 turn=draw")
	play(t, s, "move2:P+P", "a2a3")
	wantLegal(t, s, "h2h3", "h2h4")
	// choose2 needs two different icons.
	s = mk(t, "4k3/8/8/8/8/8/8/NN1BK3 w - - 0 10 turn=draw")
	play(t, s, "choose2:N/B/R", "b1c3")
	wantHas(t, s, []string{"d1e2", "d1c2"}, []string{"a1b3", "c3d5"})
	// choose1: either icon, one move.
	s = mk(t, "4k3/8/8/8/8/8/8/1N1BK3 w - - 0 10 turn=draw")
	play(t, s, "choose1:N/B")
	wantHas(t, s, []string{"b1c3", "d1e2"}, []string{"e1f1"})
	play(t, s, "d1e2")
	wantTurn(t, s, chess.Black, PhaseStart)
}

func TestPromotionAndEnPassantUnderP(t *testing.T) {
	s := mk(t, "4k3/P7/8/8/8/8/8/4K3 w - - 0 10 turn=draw")
	play(t, s, "move1:P")
	wantLegal(t, s, "a7a8b", "a7a8n", "a7a8q", "a7a8r")
	play(t, s, "a7a8n")
	wantPiece(t, s, "a8", 'N')

	s = mk(t, "4k3/8/8/3pP3/8/8/8/1N2K3 w - d6 0 10 turn=draw")
	play(t, s, "move2:P+N", "b1c3")
	wantLegal(t, s, "e5d6", "e5e6") // the right lasts the whole turn
	play(t, s, "e5d6")
	wantPiece(t, s, "d5", '.')
	if s.Pool(chess.Black, chess.Pawn) != 1 {
		t.Fatal("captured pawn not in Black's pool")
	}
}

func TestEnPassantRightAcrossMultiMoveTurns(t *testing.T) {
	// White's double step in a two-move card gives Black the right for
	// Black's whole next turn, also after a first move of Black's card.
	s := mk(t, "4k3/8/8/8/4p3/8/3P3P/4K1N1 w - - 0 10 turn=draw")
	play(t, s, "move2:P+P", "d2d4")
	wantField(t, s, "epnext=d3")
	play(t, s, "h2h3")
	wantTurn(t, s, chess.Black, PhaseStart)
	wantHas(t, s, []string{"e4d3", "draw"}, nil)
	play(t, s, "draw", "choose2:P/N/K", "e8d8")
	wantHas(t, s, []string{"e4d3"}, nil)
	play(t, s, "e4d3")
	wantPiece(t, s, "d4", '.')
	// The right lapses at the end of the rival's turn.
	s = mk(t, "4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 10")
	play(t, s, "d2d4", "e8d8", "e1f1")
	wantHas(t, s, nil, []string{"e4d3"})
}

func TestNoRetreatWithCards(t *testing.T) {
	// move1:R with noretreat: forward and sideways rook moves exist, so
	// backward ones are not allowed.
	s := mk(t, "4k3/8/8/8/3R4/8/8/4K3 w - - 0 10 hold=noretreat,- turn=draw")
	play(t, s, "move1:R")
	wantHas(t, s, []string{"d4d5", "d4a4"}, []string{"d4d3", "d4d1"})
	// A rook boxed in sideways on the last rank: every way out is
	// backward, so the card obliges them.
	s = mk(t, "k5NR/6P1/8/8/8/8/8/K7 w - - 0 10 hold=noretreat,- turn=draw")
	play(t, s, "move1:R")
	wantLegal(t, s, "h8h1", "h8h2", "h8h3", "h8h4", "h8h5", "h8h6", "h8h7")
	// move2:N+R: every knight move is backward; moving the knight first
	// frees sideways rook moves (one backward move in all), moving the
	// rook first needs two: the fewest backward moves wins.
	s = mk(t, "6NR/6P1/8/8/8/kp6/8/K7 w - - 0 10 hold=noretreat,- turn=draw")
	play(t, s, "move2:N+R")
	wantLegal(t, s, "g8e7", "g8f6", "g8h6")
	play(t, s, "g8f6")
	wantLegal(t, s, "h8g8", "h8f8", "h8e8", "h8d8", "h8c8", "h8b8", "h8a8")
}

func TestRelocate(t *testing.T) {
	s := mk(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 10 turn=draw")
	play(t, s, "relocate")
	wantTurn(t, s, chess.White, PhaseRelocate)
	// King: 61 empty squares less the 5 next to the black king; rook: all 61.
	if n := len(s.Legal(nil)); n != 56+61 {
		t.Fatalf("%d relocations, want 117", n)
	}
	wantHas(t, s, []string{"e1>a8", "h1>h8", "h1>e2"}, []string{"e8>e7", "e1>e7", "h1>e8"})
	play(t, s, "h1>h8") // check is allowed and ends the turn
	wantTurn(t, s, chess.Black, PhaseStart)
	if s.Position().CastleRights() != 0 {
		t.Fatal("relocated rook kept its castling right")
	}
	// Pawns never onto rank 1 or 8; own king not relocatable under leadking;
	// the rival's pieces may be relocated but not so that they attack the
	// drawer's king.
	s = mk(t, "4k3/8/8/8/8/8/1P5r/4K3 w - - 0 10 hold=leadking,- turn=draw")
	play(t, s, "relocate")
	wantHas(t, s, []string{"b2>b7", "h2>h3", "h2>a8"}, []string{"b2>b8", "b2>b1", "e1>e2", "h2>d1", "h2>e5", "e8>e7"})
	// Relocating a piece that shields the king is illegal.
	s = mk(t, "4k3/8/8/8/4r3/8/4B3/4K3 w - - 0 10 turn=draw")
	play(t, s, "relocate")
	wantHas(t, s, []string{"e4>a4", "e2>e3", "e4>e3"}, []string{"e2>a6", "e4>d1", "e4>a1"})
}

func TestSkip(t *testing.T) {
	s := mk(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 10 turn=draw")
	play(t, s, "skip")
	wantTurn(t, s, chess.Black, PhaseStart)
	wantPiece(t, s, "e1", 'K')
	if s.Discard()[KindSkip] != 1 {
		t.Fatal("skip not discarded")
	}
	// Not a failure: the first edition changes nothing.
	s = mk(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 10 turn=draw", Options{Edition: FirstEdition})
	play(t, s, "skip")
	wantTurn(t, s, chess.Black, PhaseStart)
}

func TestEnemy2(t *testing.T) {
	// The black bishop e7 is pinned by the white rook e1: moving it off
	// the file checks Black and ends the turn; but not onto c5, from where
	// it would attack White's king.
	s := mk(t, "r3k3/4b3/8/8/8/8/8/R3R1K1 w - - 0 10 turn=draw")
	play(t, s, "enemy2")
	wantTurn(t, s, chess.White, PhaseEnemy)
	wantHas(t, s, []string{"e7d6", "e7f6", "a8a1", "a8b8", "e8d8", "e8f7"},
		[]string{"e7c5", "e8g8", "e8c8", "e1e2"})
	play(t, s, "a8b8")
	wantField(t, s, "moved=b8")
	wantHas(t, s, []string{"e7d6", "e8d8"}, []string{"b8b7"})
	play(t, s, "e7d6")
	wantTurn(t, s, chess.Black, PhaseStart)
	if !s.InCheck() {
		t.Fatal("Black should be in check")
	}
	// The rival king never onto a square the drawer attacks; the drawer
	// promotes a rival pawn and chooses the piece, but not one that would
	// attack the drawer's king.
	s = mk(t, "8/8/8/8/8/4k3/1p6/R3K3 w - - 0 10 turn=draw")
	play(t, s, "enemy2")
	wantHas(t, s, []string{"b2b1n", "b2b1b", "b2a1n", "b2a1b", "e3d4", "e3f3"},
		[]string{"b2b1q", "b2b1r", "b2a1q", "b2a1r", "e3d2", "e3e2", "e3f2"})
	play(t, s, "b2b1n")
	wantPiece(t, s, "b1", 'n')
	play(t, s, "e3e4")
	wantTurn(t, s, chess.Black, PhaseStart)
	// No castling, no en passant for the rival (even with the right).
	s = mk(t, "r3k2r/8/8/8/3Pp3/8/8/4K3 b kq d3 0 10 turn=draw")
	play(t, s, "enemy2")
	wantHas(t, s, []string{"d4d5", "e1d2"}, nil)
	s = mk(t, "r3k2r/8/8/8/8/8/8/4K3 w kq - 0 10 turn=draw")
	play(t, s, "enemy2")
	wantHas(t, s, []string{"e8f8", "a8b8", "h8h2"}, []string{"e8g8", "e8c8"})
	play(t, s, "a8b8")
	if s.Position().CastleRights() != chess.BlackKingSide {
		t.Fatal("moving the rival's rook keeps its castling right")
	}
}

func TestEnemy2Effects(t *testing.T) {
	// The drawer's freeze:N keeps the black knight still; Black's super:Q
	// queen jumps like a knight; the drawer's untouchable pawns cannot be
	// taken.
	s := mk(t, "1n2k3/8/8/8/8/3q4/4P3/K7 w - - 0 10 hold=freeze:N,super:Q turn=draw")
	play(t, s, "enemy2")
	wantHas(t, s, []string{"d3b4", "d3f4", "d3e2"}, []string{"b8c6", "b8a6", "d3e5", "d3c1"})
	s = mk(t, "1n2k3/8/8/8/8/3q4/4P3/K7 w - - 0 10 hold=untouchable,- turn=draw")
	play(t, s, "enemy2")
	wantHas(t, s, []string{"b8c6", "d3d2"}, []string{"d3e2", "d3b4"})
	// Black's leadking: the black king cannot be moved.
	s = mk(t, "4k3/7p/8/8/8/8/8/K7 w - - 0 10 hold=-,leadking turn=draw")
	play(t, s, "enemy2")
	wantLegal(t, s, "h7h5", "h7h6")
	play(t, s, "h7h6")
	wantTurn(t, s, chess.Black, PhaseStart) // only one piece could move
	// Nothing can move at all: fallback.
	s = mk(t, "4k3/8/8/8/8/8/8/K7 w - - 0 10 hold=-,leadking turn=draw")
	play(t, s, "enemy2")
	wantTurn(t, s, chess.White, PhaseMove)
}

func TestPawnsBack(t *testing.T) {
	// Rearmost first: a3 steps to a2, then a4 into the vacated a3; b2 is on
	// its second rank; c3 is pinned against the king and stays.
	s := mk(t, "7k/8/8/4b3/P7/P1P5/7P/K7 w - - 0 10 hold=noretreat,- turn=draw")
	play(t, s, "pawns-back")
	wantLegal(t, s, "pawns")
	play(t, s, "pawns")
	wantTurn(t, s, chess.Black, PhaseStart)
	for sq, pc := range map[string]byte{"a2": 'P', "a3": 'P', "a4": '.', "h2": 'P', "c3": 'P', "c2": '.'} {
		wantPiece(t, s, sq, pc)
	}
	// Black's pawns go up the board; check is looked at after the wave.
	s = mk(t, "4k3/8/8/8/8/3p4/8/4K3 b - - 0 10 turn=draw")
	play(t, s, "pawns-back", "pawns")
	wantPiece(t, s, "d4", 'p')
	// No pawn can step: fallback.
	s = mk(t, "4k3/pppppppp/8/8/8/8/8/4K3 b - - 0 10 turn=draw")
	play(t, s, "pawns-back")
	wantTurn(t, s, chess.Black, PhaseMove)
}

func TestPawnsForward(t *testing.T) {
	s := mk(t, "n6k/P1P1P3/8/8/8/8/3P4/K7 w - - 0 10 turn=draw")
	play(t, s, "pawns-forward")
	if n := len(s.Legal(nil)); n != 16 {
		t.Fatalf("%d wave actions, want 16 (two promotions)", n)
	}
	wantHas(t, s, []string{"pawns=qn", "pawns=nq", "pawns=rr"}, []string{"pawns", "pawns=q"})
	play(t, s, "pawns=nq")
	for sq, pc := range map[string]byte{"a7": 'P', "c8": 'N', "e8": 'Q', "d3": 'P', "d2": '.', "d4": '.'} {
		wantPiece(t, s, sq, pc)
	}
	wantTurn(t, s, chess.Black, PhaseStart)
	if !s.InCheck() {
		t.Fatal("the new queen should check h8")
	}
	// A pawn shielding its king does not move.
	s = mk(t, "4k3/8/7b/8/8/8/P2P4/2K5 w - - 0 10 turn=draw")
	play(t, s, "pawns-forward", "pawns")
	wantPiece(t, s, "d2", 'P')
	wantPiece(t, s, "a3", 'P')
}

func TestCardCandidatesBeyond256(t *testing.T) {
	// Twenty-one queens that also jump like knights (super:Q held), a rook
	// and choose1:R/Q: 296 candidate moves, past the 256 values the
	// obligation's scratch array once held (it panicked here). Only the
	// black king is on Black's side and no White move can expose the
	// White king, so every queen and rook move (no capture of the king)
	// is a candidate and, with a quota of one, a legal card move.
	s := mk(t, "1QQQQQQK/2Q4Q/2Q4Q/2Q4Q/2Q4Q/2QQQQQQ/1R5Q/k7 w - - 0 10 hold=super:Q,- turn=draw")
	play(t, s, "choose1:R/Q")
	wantTurn(t, s, chess.White, PhaseSequence)
	p := s.Position()
	occ := p.Occupied()
	want := 0
	for b := p.Pieces(chess.White, chess.Queen); b != 0; {
		sq := b.PopLSB()
		want += ((chess.QueenAttacks(sq, occ) | chess.KnightAttacks(sq)) &^ occ).Count()
	}
	for b := p.Pieces(chess.White, chess.Rook); b != 0; {
		want += (chess.RookAttacks(b.PopLSB(), occ) &^ occ).Count()
	}
	got := s.Legal(nil)
	if len(got) != want || want != 296 {
		t.Fatalf("%d card moves, want %d (296 expected)", len(got), want)
	}
	seen := map[string]bool{}
	for _, a := range got {
		tok := FormatAction(a)
		if seen[tok] {
			t.Fatalf("%s listed twice", tok)
		}
		seen[tok] = true
		if m := MoveOf(a); TypeOf(a) != ActMove || !(p.Pieces(chess.White, chess.Queen) | p.Pieces(chess.White, chess.Rook)).Has(m.From()) {
			t.Fatalf("%s is not a queen or rook move", tok)
		}
	}
	play(t, s, "h2d2")
	wantTurn(t, s, chess.Black, PhaseStart)
}
