package magic

import (
	"testing"

	"azar/variants/chess"
)

func TestAM01Ward(t *testing.T) {
	s := game(t, "1n2k3/8/8/8/8/8/8/R3K2N w - - 0 1", "AM01", "AM13", Options{})
	play(t, s, "AM01")
	if x := effect(s, am01); x == nil || x.Kind != EffWard || x.Counter != 1 {
		t.Fatalf("ward after White's turn: %+v", x)
	}
	// Black's first card is countered: no relocation, the turn is spent.
	play(t, s, "AM13:b8,c6")
	wantAt(t, s, "b8=n c6=.")
	wantPhase(t, s, PhStart, chess.White)
	if effect(s, am01) != nil || !s.m.discard.Has(am13) || !s.m.discard.Has(am01) {
		t.Fatalf("ward and countered card go to the discard: %s", s.EncodeHands())
	}
}

func TestAM02Counter(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/8/R3K2N w - - 0 1", "AM13", "AM02", adv)
	play(t, s, "AM13:h1,f2")
	wantPhase(t, s, PhRCommit, chess.White)
	if !hasToken(s, "pass") || !hasToken(s, "AM02") {
		t.Fatal("R-COMMIT offers pass and the counter")
	}
	play(t, s, "AM02")
	wantAt(t, s, "h1=N f2=.")
	wantPhase(t, s, PhStart, chess.Black)
	// Classic mode has no R-COMMIT window.
	c := game(t, "4k3/8/8/8/8/8/8/R3K2N w - - 0 1", "AM13", "AM02", Options{})
	play(t, c, "AM13:h1,f2")
	wantAt(t, c, "f2=N")
	wantPhase(t, c, PhStart, chess.Black)
}

func TestAM03RewindImpact(t *testing.T) {
	s := game(t, "4k3/5p2/8/8/8/8/8/4K2Q w - - 0 1", "", "AM03", adv)
	play(t, s, "h1h5") // quiet, no check: no window
	wantPhase(t, s, PhStart, chess.Black)
	s = game(t, "4k3/5p2/8/8/8/8/8/4K2Q w - - 0 1", "", "AM03", adv)
	play(t, s, "h1f3") // gives no check... f3 to f7 blocked? no: it attacks f7 only
	wantPhase(t, s, PhStart, chess.Black)
	s = game(t, "4k3/5p2/8/7Q/8/8/8/4K3 w - - 0 1", "", "AM03", adv)
	play(t, s, "h5f7") // capture and check: R-IMPACT
	wantPhase(t, s, PhRImpact, chess.White)
	play(t, s, "AM03")
	wantAt(t, s, "f7=p h5=Q")
	if s.m.pool[chess.Black][chess.Pawn] != 0 {
		t.Fatal("the captured pawn comes back from the pool")
	}
	wantPhase(t, s, PhReplace, chess.White)
	refuse(t, s, "h5f7")
	play(t, s, "h5h4")
	wantPhase(t, s, PhStart, chess.Black)
	if !s.m.discard.Has(am03) {
		t.Fatal("AM03 is discarded")
	}
}

func TestAM04RewindMateSave(t *testing.T) {
	// Fool's mate; Black's turn was not the mate: White is mated.
	s := game(t, chess.StartFEN, "AM04", "", Options{})
	play(t, s, "f2f3", "pass", "e7e5", "g2g4", "pass", "d8h4")
	wantPhase(t, s, PhMS, chess.White)
	if !hasToken(s, "pass") || !hasToken(s, "AM04") {
		t.Fatal("MS window offers the rewind")
	}
	play(t, s, "AM04")
	wantPhase(t, s, PhReplace, chess.White) // Black replaces, in White's turn
	if s.actor() != chess.Black {
		t.Fatal("Black plays the replacement")
	}
	refuse(t, s, "d8h4")
	play(t, s, "d8e7")
	// White is saved: move only (no card even if held).
	wantPhase(t, s, PhMove, chess.White)
	play(t, s, "e2e3")
	wantPhase(t, s, PhStart, chess.Black)
	// Declining the mate save loses.
	s = game(t, chess.StartFEN, "AM04", "", Options{})
	play(t, s, "f2f3", "pass", "e7e5", "g2g4", "pass", "d8h4", "pass")
	if over, sc, why := s.Result(); !over || sc[1] != 1 || why != "checkmate" {
		t.Fatal("declined mate save: Black wins by checkmate")
	}
}

func TestAM05Shield(t *testing.T) {
	s := game(t, "4k3/8/8/3r4/8/8/3N4/4K3 w - - 0 1", "AM05", "AM19,AM33", Options{})
	play(t, s, "AM05:d2", "e1e2")
	if x := effect(s, am05); x == nil || x.Counter != 1 {
		t.Fatalf("shield UEYNT: %+v", x)
	}
	refuse(t, s, "d5d2", "AM33:d2")
	play(t, s, "e8f7", "pass")
	play(t, s, "e2e1")
	if effect(s, am05) != nil {
		t.Fatal("the shield ends at the end of White's next turn")
	}
	if !hasToken(s, "d5d2") {
		t.Fatal("the knight can be captured again")
	}
}

func TestAM06ShieldReaction(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/3N4/4K3 b - - 0 1", "AM06", "AM33", adv)
	play(t, s, "AM33:d2")
	wantPhase(t, s, PhRCommit, chess.Black)
	play(t, s, "AM06:d2")
	// The paralysis is blocked by the shield (layer 4): discarded, no effect.
	if effect(s, am33) != nil || !s.m.discard.Has(am33) || effect(s, am06).Counter != 1 {
		t.Fatalf("shield as a reaction: %s", s.EncodeHands())
	}
}

func TestAM07Bulwark(t *testing.T) {
	s := game(t, "4k3/8/8/PP3P2/8/8/8/4K3 w - - 0 1", "AM07", "AM21", Options{})
	play(t, s, "AM07:q", "f5f6")
	x := effect(s, am07)
	if x == nil || s.squaresOf(x.Pieces) != sq("a5").Bit()|sq("b5").Bit() {
		t.Fatalf("bulwark covers the queen-side pawns only: %+v", x)
	}
	refuse(t, s, "AM21:a5", "AM21:b5")
	play(t, s, "AM21:f6")
	wantAt(t, s, "f6=.")
}

func TestAM08Immunity(t *testing.T) {
	s := game(t, "4k3/8/4n3/8/8/8/8/4K3 b - - 0 1", "AM19", "AM08", Options{})
	play(t, s, "AM08", "e1e2")
	refuse(t, s, "AM19:e6")
}

func TestAM09Anchorage(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/3N4/4K3 b - - 0 1", "AM09", "AM17", adv)
	play(t, s, "AM17:d2,d4")
	play(t, s, "AM09") // R-COMMIT: the relocation is prevented
	wantAt(t, s, "d2=N d4=.")
	wantPhase(t, s, PhStart, chess.White)
	s = game(t, "4k3/8/8/8/8/8/3N4/4K3 w - - 0 1", "AM09", "AM17", Options{})
	play(t, s, "AM09")
	refuse(t, s, "AM17:d2,d4")
}

func TestAM10ArmouredFlank(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/1N4N1/4K3 w - - 0 1", "AM10", "AM33", Options{})
	play(t, s, "AM10:q")
	refuse(t, s, "AM33:b2")
	play(t, s, "AM33:g2")
	if effect(s, am33) == nil {
		t.Fatal("the other flank is not armoured")
	}
}

func TestAM11Dispel(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/8/4K3 b - - 0 1", "AM11", "AM34", Options{})
	play(t, s, "AM34:c4", "e1e2")
	if !hasToken(s, "AM11:AM34") {
		t.Fatal("END dispel of an enemy wall")
	}
	play(t, s, "AM11:AM34")
	if effect(s, am34) != nil || !s.m.discard.Has(am34) || !s.m.discard.Has(am11) {
		t.Fatal("dispel ends the wall")
	}
	// A wall that shields one's own king cannot be dispelled.
	s = game(t, "4k3/8/8/8/8/8/8/r3K2R w - - 0 1 effects=AM34w#2@c1", "AM11", "", Options{})
	play(t, s, "h1h2")
	refuse(t, s, "AM11:AM34")
}

func TestAM12Hourglass(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 effects=AM34b#2@c4", "AM12", "", Options{})
	play(t, s, "AM12:AM34,-")
	if effect(s, am34).Counter != 1 {
		t.Fatal("-1")
	}
	s = game(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 effects=AM34b#1@c4", "AM12", "", Options{})
	play(t, s, "AM12:AM34,-")
	if effect(s, am34) != nil {
		t.Fatal("a counter reaching 0 ends the effect")
	}
	s = game(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 effects=AM34b#1@c4", "AM12", "", Options{})
	play(t, s, "e1e2", "AM12:AM34,+")
	if effect(s, am34).Counter != 2 {
		t.Fatal("+1 in END")
	}
}

func TestAM13Teleport(t *testing.T) {
	s := game(t, "4k3/8/P7/8/8/8/8/R3K2N w Q - 0 1", "AM13", "", Options{})
	refuse(t, s, "AM13:a1,a5", "AM13:a6,a8", "AM13:e1,e2", "AM13:h1,e1")
	play(t, s, "AM13:a1,a4")
	wantAt(t, s, "a1=. a4=R")
	if s.pos.CastleRights() != 0 {
		t.Fatal("a relocated rook loses its castling right")
	}
	wantPhase(t, s, PhStart, chess.Black)
}

func TestAM14TeleportCheckAndMine(t *testing.T) {
	// A teleport may give check; onto an enemy mine it is eliminated.
	s := game(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "AM14", "", Options{})
	play(t, s, "AM14:a1,a4")
	s = game(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "AM14", "", Options{})
	play(t, s, "AM14:a1,d1")
	s = game(t, "4k3/8/8/2R5/8/8/8/4K3 w - - 0 1 effects=AM35b#3@c8", "AM14", "", Options{})
	play(t, s, "AM14:c5,c8")
	wantAt(t, s, "c8=. c5=.")
	if effect(s, am35) != nil || s.m.pool[chess.White][chess.Rook] != 1 {
		t.Fatal("the mine eliminates the rook and ends")
	}
}

func TestAM15RoyalEscape(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/8/r3K2R w K - 0 1", "AM15", "", Options{})
	refuse(t, s, "AM15:e4") // 3 away
	s = game(t, "4k3/8/8/8/8/8/8/r3K2R w K - 0 1", "AM15", "", Options{})
	play(t, s, "AM15:f3")
	wantAt(t, s, "f3=K e1=.")
	if s.pos.CastleRights() != 0 {
		t.Fatal("castling rights lost")
	}
	s = game(t, "4k3/8/8/8/8/8/8/r3K2R w K - 0 1", "AM15", "", Options{})
	refuse(t, s, "AM15:c1", "AM15:d1")
}

func TestAM16EmergencyCastling(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/3B4/4K2R w K - 0 1", "AM16", "", Options{})
	refuse(t, s, "AM16:h1") // 3 away
	play(t, s, "AM16:d2")
	wantAt(t, s, "d2=K e1=B")
	if s.pos.CastleRights() != 0 {
		t.Fatal("castling rights lost")
	}
	// The king may not end attacked.
	s = game(t, "3rk3/8/8/8/8/8/3B4/4K3 w - - 0 1", "AM16", "", Options{})
	refuse(t, s, "AM16:d2")
}

func TestAM17Exile(t *testing.T) {
	s := game(t, "3qk3/8/4n3/8/8/8/8/4K3 w - - 0 1", "AM17", "", Options{})
	refuse(t, s, "AM17:d8,d6", "AM17:e6,e3")
	play(t, s, "AM17:e6,g5")
	wantAt(t, s, "e6=. g5=n")
	// Not if the exiled piece blocked a line to the own king.
	s = game(t, "4k3/4r3/8/8/8/4n3/8/4K3 w - - 0 1", "AM17", "", Options{})
	refuse(t, s, "AM17:e3,c4")
	play(t, s, "AM17:e3,e4")
}

func TestAM18Swap(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/P7/1N2K2R w K - 0 1", "AM18", "", Options{})
	refuse(t, s, "AM18:b1,e1")
	play(t, s, "AM18:h1,b1") // either order
	wantAt(t, s, "b1=R h1=N")
	if s.pos.CastleRights() != 0 {
		t.Fatal("a swapped rook loses its right")
	}
	s = game(t, "4k3/8/8/8/8/8/P7/1N2K3 w - - 0 1", "AM18", "", Options{})
	refuse(t, s, "AM18:a2,b1") // the pawn would land on its first rank
}

func TestAM19Lightning(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/2n5/3q4/4K3 w - - 0 1", "AM19", "", Options{})
	refuse(t, s, "AM19:d2")
	s = game(t, "4k3/8/8/8/2n5/8/8/4K3 w - - 0 1", "AM19", "", Options{})
	refuse(t, s, "AM19:c4") // 3 away
	// As a mate save: the checker is a knight.
	s = game(t, "4k3/8/8/8/8/8/PPn5/KR6 w - - 0 1", "AM19", "", Options{})
	wantPhase(t, s, PhMS, chess.White)
	play(t, s, "AM19:c2")
	wantAt(t, s, "c2=.")
	wantPhase(t, s, PhMove, chess.White)
	play(t, s, "a2a3")
	wantPhase(t, s, PhStart, chess.Black)
}

func TestAM20Sacrifice(t *testing.T) {
	s := game(t, "4k3/8/5r2/8/8/2B5/8/4K3 w - - 0 1", "AM20", "", Options{})
	refuse(t, s, "AM20:c3,f6") // a rook is worth more than a bishop
	s = game(t, "4k3/8/5n2/8/8/2B5/8/4K3 w - - 0 1", "AM20", "", Options{})
	play(t, s, "AM20:c3,f6")
	wantAt(t, s, "c3=. f6=.")
	if s.m.pool[chess.White][chess.Bishop] != 1 || s.m.pool[chess.Black][chess.Knight] != 1 {
		t.Fatal("both go to their pools")
	}
	// Y protected by a reaction: X stays eliminated.
	s = game(t, "4k3/8/5n2/8/8/2B5/8/4K3 w - - 0 1", "AM20", "AM05", adv)
	play(t, s, "AM20:c3,f6", "AM05:f6")
	wantAt(t, s, "c3=. f6=n")
}

func TestAM21FlankStorm(t *testing.T) {
	s := game(t, "4k3/p7/8/8/1p6/8/8/4K3 w - - 0 1", "AM21", "", Options{})
	refuse(t, s, "AM21:a7")
	play(t, s, "AM21:b4")
	wantAt(t, s, "b4=.")
}

func TestAM22Rift(t *testing.T) {
	s := game(t, "4k3/3p4/8/3p4/8/8/3P4/4K3 w - - 0 1 effects=AM05b#1@d7", "AM22", "", Options{})
	refuse(t, s, "AM22:a")
	play(t, s, "AM22:d")
	wantAt(t, s, "d7=p d5=. d2=.")
}

func TestAM23ForcedMarch(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/8/1N2K1NR w - - 0 1", "AM23", "", Options{})
	refuse(t, s, "AM23:b1c3,b1d2", "AM23:e1e2,g1f3")
	play(t, s, "AM23:b1c3,g1f3")
	wantAt(t, s, "c3=N f3=N b1=. g1=.")
	// M2 giving check opens one R-IMPACT window; M1 may not check; no captures.
	s = game(t, "4k3/8/8/6p1/8/8/8/1N2K1R1 w - - 0 1", "AM23", "AM08", adv)
	refuse(t, s, "AM23:g1g8,b1c3", "AM23:b1c3,g1g5", "AM23:b1c3,c3d5")
	play(t, s, "AM23:b1c3,g1g4", "pass")
	wantAt(t, s, "c3=N g4=R")
	wantPhase(t, s, PhStart, chess.Black)
	s = game(t, "4k3/8/8/8/8/8/8/1N2K1R1 w - - 0 1", "AM23", "AM08", adv)
	play(t, s, "AM23:b1c3,g1g8", "pass")
	// Check by M2: one R-IMPACT window. A reaction ends no turn of its
	// owner, so Black, in check, may still react (decision 24) and then
	// answers the check in their own turn.
	wantPhase(t, s, PhRImpact, chess.White)
	if !hasToken(s, "AM08") {
		t.Fatal("a reaction refused to the player in check")
	}
	play(t, s, "AM08")
	wantPhase(t, s, PhStart, chess.Black)
	refuse(t, s, "e8d8") // still on the rank of the checking rook
	play(t, s, "e8d7")
}

func TestAM24FlankAdvance(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/PP3P2/4K3 w - - 0 1", "AM24", "", Options{})
	refuse(t, s, "AM24:a2,f2", "AM24:a2,a2")
	play(t, s, "AM24:a2,b2")
	wantAt(t, s, "a3=P b3=P a2=. b2=.")
}

func TestAM25Resurrection(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 pool=RQP/-", "AM25", "", Options{})
	refuse(t, s, "AM25:Q,d1", "AM25:R,a2", "AM25:P,a1")
	play(t, s, "AM25:R,h1")
	wantAt(t, s, "h1=R")
	if s.pos.CastleRights() != 0 || s.m.pool[chess.White][chess.Rook] != 0 {
		t.Fatal("placed rook: no rights, out of the pool")
	}
}

func TestAM26RoyalGuard(t *testing.T) {
	// Mate save: block the check with a pooled knight.
	s := game(t, "4k3/8/8/8/8/8/PP6/K6r w - - 0 1 pool=N/-", "AM26", "", Options{})
	wantPhase(t, s, PhMS, chess.White)
	refuse(t, s, "AM26:N,c1")
	play(t, s, "AM26:N,b1")
	wantPhase(t, s, PhMove, chess.White)
}

func TestAM27FieldPromotion(t *testing.T) {
	s := game(t, "4k3/P7/8/1P6/8/8/8/4K3 w - - 0 1 effects=AM05w#1@a7", "AM27", "", Options{})
	refuse(t, s, "AM27:b5,N", "AM27:a7,Q")
	play(t, s, "AM27:a7,N")
	wantAt(t, s, "a7=N")
	if effect(s, am05) != nil {
		t.Fatal("the effects anchored to the pawn end")
	}
}

func TestAM28Transmutation(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/8/2B1K1N1 w - - 0 1", "AM28", "", Options{})
	play(t, s, "AM28:c1")
	wantAt(t, s, "c1=N")
	s = game(t, "4k3/8/8/8/8/8/8/2B1K1N1 w - - 0 1", "AM28", "", Options{})
	play(t, s, "AM28:g1")
	wantAt(t, s, "g1=B")
}

func TestAM29Lance(t *testing.T) {
	s := game(t, "4k3/8/8/r7/8/P7/8/R2NK3 w - - 0 1", "AM29", "", Options{})
	if hasToken(s, "a1a4") {
		t.Fatal("no lance without the card")
	}
	play(t, s, "AM29")
	wantPhase(t, s, PhMove, chess.White)
	if !hasToken(s, "a1a4") || !hasToken(s, "a1a5") || hasToken(s, "a1a6") {
		t.Fatal("over a3 to a4, or capturing a5, not beyond")
	}
	// Over d1 the own king is a second piece.
	refuse(t, s, "a1f1", "a1e1")
	play(t, s, "a1a5")
	wantAt(t, s, "a5=R")
}

func TestAM30Surge(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", "AM30", "", Options{})
	refuse(t, s, "e3e5")
	play(t, s, "AM30", "e3e5")
	wantAt(t, s, "e5=P")
	if s.m.ep.sq != chess.NoSquare {
		t.Fatal("a surge creates no en-passant right")
	}
}

func TestAM31RoyalStride(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "AM31", "", Options{})
	play(t, s, "AM31")
	if !hasToken(s, "Ke1e3") || !hasToken(s, "Ke1g3") {
		t.Fatal("stride tokens")
	}
	play(t, s, "e1e3") // a plain from-to token finds the stride
	wantAt(t, s, "e3=K")
	s = game(t, "4k3/8/8/8/8/8/5r2/4K3 w - - 0 1", "AM31", "", Options{})
	play(t, s, "AM31")
	refuse(t, s, "Ke1e3") // e2 is attacked
}

func TestAM32KnightsWings(t *testing.T) {
	s := game(t, "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", "AM32", "", Options{})
	play(t, s, "AM32:c1", "c1d3")
	if !s.kingAttacked(chess.Black, s.env(), false) {
		t.Fatal("the winged bishop on d3 gives check like a knight (e5)")
	}
}

func TestAM33Paralysis(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", "", "AM33", Options{})
	play(t, s, "AM33:a1")
	if hasToken(s, "a1a2") {
		t.Fatal("a paralysed rook does not move")
	}
	// It still attacks: the black king may not step onto the a-file.
	play(t, s, "e1e2")
	if hasToken(s, "e8a8") || hasToken(s, "e8d8") == false {
		t.Fatal("attacks stay")
	}
}

func TestAM34Wall(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "AM34", "", Options{})
	refuse(t, s, "AM34:d8", "AM34:a1")
	play(t, s, "AM34:a4")
	play(t, s, "e8d8")
	if hasToken(s, "a1a5") || hasToken(s, "a1a4") || !hasToken(s, "a1a3") {
		t.Fatal("the wall blocks the rook")
	}
	if x := effect(s, am34); x.Counter != 2 {
		t.Fatal("counter 3, ticked once")
	}
}

func TestAM35Mine(t *testing.T) {
	s := game(t, "4k3/3r4/8/8/8/8/8/4K3 w - - 0 1 effects=AM35w#3@d4", "", "", Options{})
	play(t, s, "e1e2", "d7d4")
	wantAt(t, s, "d4=.")
	if effect(s, am35) != nil || s.m.pool[chess.Black][chess.Rook] != 1 {
		t.Fatal("the mine eliminates the rook")
	}
	// The owner's pieces and the enemy king do not trigger it.
	s = game(t, "8/8/8/8/3k4/8/8/3RK3 b - - 0 1 effects=AM35w#3@d3", "", "", Options{})
	play(t, s, "d4e3")
	s = game(t, "8/8/8/8/8/4k3/8/3RK3 w - - 0 1 effects=AM35w#3@d3", "", "", Options{})
	play(t, s, "d1d3")
	wantAt(t, s, "d3=R")
}

func TestAM36Sanctuary(t *testing.T) {
	// Black's own half: ranks 5-8.
	s := game(t, "4k3/r7/8/8/8/8/8/R3K3 w - - 0 1", "", "AM36", adv)
	play(t, s, "e1e2")
	refuse(t, s, "AM36:a1")
	play(t, s, "AM36:a7")
	refuse(t, s, "a1a7")
	// No elimination either, by any card, the owner's own included.
	sac := "AM20:a7,e4"
	s = game(t, "4k3/r7/8/8/4N3/8/8/4K3 b - - 0 1", "", "AM20", Options{})
	if !hasToken(s, sac) {
		t.Fatal("setup: the sacrifice is legal without the sanctuary")
	}
	s = game(t, "4k3/r7/8/8/4N3/8/8/4K3 b - - 0 1 effects=AM36b#2@a7", "", "AM20", Options{})
	refuse(t, s, sac)
}

func TestAM37Fog(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/r7/1K6 b - - 0 1", "", "AM37", Options{})
	if !hasToken(s, "e8e7") {
		t.Fatal("setup")
	}
	play(t, s, "e8e7", "AM37:a")
	refuse(t, s, "b1a2")
}

func TestAM38Blizzard(t *testing.T) {
	s := game(t, "4k3/pp5p/8/8/8/8/8/4K3 w - - 0 1", "AM38", "", Options{})
	play(t, s, "e1e2", "AM38:q")
	if hasToken(s, "a7a6") || hasToken(s, "b7b5") || !hasToken(s, "h7h6") {
		t.Fatal("the queen-side black pawns are frozen")
	}
}

func TestAM39NoMansLand(t *testing.T) {
	s := game(t, "4k3/8/8/8/2n5/8/8/4K3 w - - 0 1", "AM39", "", Options{})
	play(t, s, "e1e2", "AM39")
	if hasToken(s, "c4d2") || hasToken(s, "c4e3") || !hasToken(s, "c4b2") {
		t.Fatal("the knight may not end next to the white king")
	}
}

func TestAM40Silence(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "AM40", "AM08,AM13", adv)
	play(t, s, "AM40")
	wantPhase(t, s, PhRCommit, chess.White) // not silenced before it resolves
	play(t, s, "pass")
	wantPhase(t, s, PhStart, chess.Black)
	for _, a := range s.Legal(nil) {
		if TypeOf(a) == ActCard {
			t.Fatalf("silenced Black commits %s", FormatAction(a))
		}
	}
	play(t, s, "e8e7") // no END window either
	wantPhase(t, s, PhStart, chess.White)
	play(t, s, "a1a2")
	if effect(s, am40) != nil {
		t.Fatal("silence ends with White's next turn")
	}
	// Silence never blocks a mate save.
	s = game(t, "4k3/8/8/8/8/8/PPn5/KR6 w - - 0 1 effects=AM40b#1", "AM19", "", Options{})
	wantPhase(t, s, PhMS, chess.White)
	play(t, s, "AM19:c2")
}

func TestMateSaveWallAndSwap(t *testing.T) {
	back := "4k3/8/8/8/8/8/6PP/r6K w - - 0 1"
	// AM34 in MS: the wall blocks the rank; a ward of the mating side does
	// not trigger on a mate save; the counter starts at 3.
	s := game(t, back+" effects=AM01b#1", "AM34", "", adv)
	wantPhase(t, s, PhMS, chess.White)
	play(t, s, "AM34:d1")
	if x := effect(s, am34); x == nil || x.Counter != 3 || effect(s, am01) == nil {
		t.Fatalf("wall in MS: %s", s.EncodeHands())
	}
	wantPhase(t, s, PhMove, chess.White)
	play(t, s, "h2h3")
	if effect(s, am34).Counter != 2 {
		t.Fatal("the wall ticks at the end of White's turn")
	}
	// AM16 in MS: the king swaps with a bishop that could not block.
	s = game(t, "4k3/8/8/8/8/7B/6PP/r6K w - - 0 1", "AM16", "", Options{})
	wantPhase(t, s, PhMS, chess.White)
	play(t, s, "AM16:h3")
	wantAt(t, s, "h3=K h1=B")
	wantPhase(t, s, PhMove, chess.White)
	// A card that does not lift the mate is no mate save (decision 25).
	s = game(t, back, "AM34", "", Options{})
	refuse(t, s, "AM34:c5", "AM34:h3")
	play(t, s, "AM34:b1")
	wantPhase(t, s, PhMove, chess.White)
}

func TestAM33ParalysisLasts(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", "", "AM33", Options{})
	play(t, s, "AM33:a1") // counter 3, ticks to 2 at once
	// Counter 3 committed in Black's turn: that turn, White's, Black's,
	// White's, Black's; White's third turn is free.
	for i, mv := range []string{"e1e2", "e8e7", "e2e1", "e7e8"} {
		if s.m.side == chess.White && hasToken(s, "a1a2") {
			t.Fatalf("move %d: the paralysed rook moves", i)
		}
		play(t, s, mv)
	}
	if effect(s, am33) != nil || !hasToken(s, "a1a2") {
		t.Fatal("after three of Black's turns the paralysis is over")
	}
}

func TestHiddenHandFromText(t *testing.T) {
	// The public encoding: both hands unknown, their cards among the
	// unaccounted ones; the player to act may commit any of them.
	s, err := ParseState("4k3/8/8/8/8/8/8/R3K2N w - - 0 1 hands=1,1 discard=AM13", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Unaccounted().Count() != 39 || !hasToken(s, "AM14:h1,f2") || hasToken(s, "AM13:h1,f2") {
		t.Fatal("unknown hands commit from the unaccounted cards, not the discard")
	}
	play(t, s, "AM14:h1,f2")
	if s.HandSize(chess.White) != 0 || s.Unaccounted().Has(am14) {
		t.Fatal("the committed card leaves the unaccounted cards")
	}
	checkCards(t, s, "hidden")
}

// TestWindowsAndTargetsRefused: what the cards may not do, in one place.
func TestWindowsAndTargetsRefused(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/8/QN2K3 w - - 0 1 pool=P/-", "AM26,AM28,AM32,AM35,AM37,AM38,AM39,AM03", "", Options{})
	refuse(t, s,
		"AM26:P,h5", // not next to the king
		"AM28:a1",   // a queen is no knight or bishop
		"AM32:b1",   // a knight gets no wings
		"AM35:e6",   // a mine in the enemy half
		"AM37:a",    // END cards at the start of the turn
		"AM38:q",
		"AM39",
		"AM03",       // a rewind in MAIN
		"AM26:Q,d2",  // no queen in the pool
		"AM28:c3",    // nothing there
		"AM13:b1,c3", // not in the hand
	)
	play(t, s, "AM35:e3")
	if x := effect(s, am35); x == nil || x.Counter != 3 {
		t.Fatal("mine counter 4, ticked once")
	}
}

func TestAM31InMateSave(t *testing.T) {
	// The king on c1 is mated along the first rank; with the stride licence
	// c1-e1 would pass d1 (unattacked while the king shields it) but e1 is
	// attacked by the same rook: the mate stands, so AM31 is no save here.
	s := game(t, "4k3/8/8/8/8/8/1PPP4/r1K5 w - - 0 1", "AM31", "", Options{})
	wantPhase(t, s, PhMS, chess.White)
	refuse(t, s, "AM31")
	// It lifts a mate that comes from the player's own wall about to
	// expire (docs/rules/magic.md §16.3, issue 27): g1 is safe while the
	// wall on e3 stands, so the stride h1-f1 may pass it, and f1 is out of
	// the bishop's reach once the wall is gone.
	s = game(t, "k6r/8/8/8/3b4/8/6P1/7K w - - 0 1 effects=AM34w#1@e3", "AM31", "", Options{})
	wantPhase(t, s, PhMS, chess.White)
	play(t, s, "AM31")
	wantPhase(t, s, PhMove, chess.White)
	var moves []string
	for _, a := range s.Legal(nil) {
		moves = append(moves, FormatAction(a))
	}
	if len(moves) != 1 || moves[0] != "Kh1f1" {
		t.Fatalf("after AM31: %v, want only Kh1f1", moves)
	}
	play(t, s, "Kh1f1")
	wantPhase(t, s, PhStart, chess.Black)
}
