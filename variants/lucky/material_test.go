package lucky

import (
	"testing"

	"azar/variants/chess"
)

func TestRemove(t *testing.T) {
	// The knight on a2 shields White's king from the rook: not removable.
	s := mk(t, "r3k3/8/8/8/8/2n5/n7/K7 w - - 0 10 turn=draw")
	play(t, s, "remove:N")
	wantTurn(t, s, chess.White, PhaseRemove)
	wantLegal(t, s, "-c3")
	play(t, s, "-c3")
	wantTurn(t, s, chess.Black, PhaseStart)
	if s.Pool(chess.Black, chess.Knight) != 1 || s.Discard()[kind(t, "remove:N")] != 1 {
		t.Fatal("removed knight not in Black's pool or card not discarded")
	}
	// No bishop: fallback, by edition.
	s = mk(t, "r3k3/8/8/8/8/2n5/n7/K7 w - - 0 10 turn=draw")
	play(t, s, "remove:B")
	wantTurn(t, s, chess.White, PhaseMove)
	s = mk(t, "r3k3/8/8/8/8/2n5/n7/K7 w - - 0 10 turn=draw", Options{Edition: FirstEdition})
	play(t, s, "remove:B")
	wantTurn(t, s, chess.Black, PhaseStart)
	if s.Discard()[kind(t, "remove:B")] != 1 {
		t.Fatal("failed card not discarded")
	}
	// Every removal illegal: fallback too.
	s = mk(t, "r3k3/8/8/8/8/8/n7/K7 w - - 0 10 turn=draw")
	play(t, s, "remove:N")
	wantTurn(t, s, chess.White, PhaseMove)
}

func TestRecover(t *testing.T) {
	// Empty pool: the card goes back to the deck, then the fallback.
	s := mk(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 10 turn=draw")
	play(t, s, "recover")
	wantTurn(t, s, chess.White, PhaseMove)
	if s.Pile()[KindRecover] != 3 || s.Discard().Total() != 0 {
		t.Fatalf("recover not returned to the deck: pile %d", s.Pile()[KindRecover])
	}
	s = mk(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 10 turn=draw", Options{Edition: FirstEdition})
	play(t, s, "recover")
	wantTurn(t, s, chess.Black, PhaseStart)
	if s.Pile()[KindRecover] != 3 {
		t.Fatal("recover not returned to the deck")
	}
	// A queen on any of the 62 empty squares, a pawn on ranks 2 to 7.
	s = mk(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 10 pool=QP/r turn=draw")
	play(t, s, "recover")
	if n := len(s.Legal(nil)); n != 62+48 {
		t.Fatalf("%d placements, want 110", n)
	}
	wantHas(t, s, []string{"Q@e7", "P@a2", "P@h7", "Q@a1"}, []string{"P@a1", "P@h8", "R@a1", "K@d1"})
	play(t, s, "Q@e7") // may give check
	wantTurn(t, s, chess.Black, PhaseStart)
	if !s.InCheck() || s.Pool(chess.White, chess.Queen) != 0 || s.Pool(chess.White, chess.Pawn) != 1 {
		t.Fatal("placement books wrong")
	}
	wantField(t, s, "pool=P/r")
	// A placed rook on its corner gets no castling right.
	s = mk(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 10 pool=R/- turn=draw")
	play(t, s, "recover", "R@h1")
	if s.Position().CastleRights() != 0 {
		t.Fatal("placed rook got castling rights")
	}
	// Black places black pieces.
	s = mk(t, "4k3/8/8/8/8/8/8/4K3 b - - 0 10 pool=Q/n turn=draw")
	play(t, s, "recover", "N@d5")
	wantPiece(t, s, "d5", 'n')
}

func TestPlainBomb(t *testing.T) {
	// White's bomb:qside hits a5-d8, the rival's queen-side quarter.
	s := mk(t, "r2qk3/1p6/8/2n4b/8/8/8/4K3 w - - 0 10 turn=draw")
	play(t, s, "bomb:qside")
	wantLegal(t, s, "-a8", "-b7", "-c5", "-d8")
	s = mk(t, "r2qk3/1p6/8/2n4b/8/8/8/4K3 w - - 0 10 hold=-,untouchable turn=draw")
	play(t, s, "bomb:qside")
	wantLegal(t, s, "-a8", "-c5", "-d8")
	s = mk(t, "r2qk3/1p6/8/2n4b/8/8/8/4K3 w - - 0 10 turn=draw")
	play(t, s, "bomb:kside")
	wantLegal(t, s, "-h5")
	// Black's quarters are mirrored: bomb:kside hits e1-h4.
	s = mk(t, "4k3/8/8/8/7B/8/1N6/4K2R b K - 0 10 turn=draw")
	play(t, s, "bomb:kside")
	wantLegal(t, s, "-h1", "-h4")
	play(t, s, "-h1")
	if s.Position().CastleRights() != 0 {
		t.Fatal("removed rook kept its castling right")
	}
	// Nothing in the zone: fallback.
	s = mk(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 10 turn=draw")
	play(t, s, "bomb:qside")
	wantTurn(t, s, chess.White, PhaseMove)
}

func TestCruelBomb(t *testing.T) {
	// No rival piece in c3-f6: the drawer removes one of their own.
	s := mk(t, "4k3/8/8/8/3N4/2P5/8/4K3 w - - 0 10 turn=draw")
	play(t, s, "bomb-cruel:center")
	wantLegal(t, s, "-c3", "-d4")
	play(t, s, "-d4")
	if s.Pool(chess.White, chess.Knight) != 1 {
		t.Fatal("own removed knight not in White's pool")
	}
	// A rival piece in the zone: only rival pieces.
	s = mk(t, "4k3/8/4b3/8/3N4/2P5/8/4K3 w - - 0 10 turn=draw")
	play(t, s, "bomb-cruel:center")
	wantLegal(t, s, "-e6")
	// Rival pieces there but their removal illegal: fallback, not own
	// pieces.
	s = mk(t, "4r2k/8/4b3/8/3N4/8/8/4K3 w - - 0 10 turn=draw")
	play(t, s, "bomb-cruel:center")
	wantTurn(t, s, chess.White, PhaseMove)
	// Only the rival's untouchable pawns there: own pieces.
	s = mk(t, "4k3/8/4p3/8/3N4/8/8/4K3 w - - 0 10 hold=-,untouchable turn=draw")
	play(t, s, "bomb-cruel:center")
	wantLegal(t, s, "-d4")
}

func TestFierceBomb(t *testing.T) {
	s := mk(t, "4k3/8/8/3pn3/3PB3/8/8/4K3 w - - 0 10 turn=draw")
	play(t, s, "bomb-fierce:core")
	wantLegal(t, s, "bomb")
	play(t, s, "bomb")
	for sq, pc := range map[string]byte{"d5": '.', "e5": '.', "d4": 'P', "e4": 'B'} {
		wantPiece(t, s, sq, pc)
	}
	if s.Pool(chess.Black, chess.Pawn) != 1 || s.Pool(chess.Black, chess.Knight) != 1 {
		t.Fatal("pools")
	}
	// Removing everything would expose the drawer's king: nothing is
	// removed, fallback.
	s = mk(t, "4r2k/8/8/4n3/8/8/8/4K3 w - - 0 10 turn=draw")
	play(t, s, "bomb-fierce:core")
	wantTurn(t, s, chess.White, PhaseMove)
	wantPiece(t, s, "e5", 'n')
}

func TestCrazyBomb(t *testing.T) {
	// Ranks 4 and 5, both colours; the drawer's own pawns go even when the
	// drawer holds untouchable.
	s := mk(t, "4k3/8/8/p2N4/P6r/8/8/4K3 w - - 0 10 hold=untouchable,- turn=draw")
	play(t, s, "bomb-crazy:belt", "bomb")
	for _, sq := range []string{"a5", "d5", "a4", "h4"} {
		wantPiece(t, s, sq, '.')
	}
	wantField(t, s, "pool=PN/pr")
	// The rival's untouchable pawns and the kings stay.
	s = mk(t, "8/8/8/p2N4/P3k2r/8/8/4K3 w - - 0 10 hold=-,untouchable turn=draw")
	play(t, s, "bomb-crazy:belt", "bomb")
	wantPiece(t, s, "a5", 'p')
	wantPiece(t, s, "e4", 'k')
	wantPiece(t, s, "a4", '.')
}
