package magic

import (
	"slices"
	"testing"

	"azar/variants/chess"
)

// The decisions issue 27 asked to re-read against the regulation, on the
// issue's own positions (docs/rules/magic.md §17, decisions 8, 9, 24, 25).

func tokens(s *State) []string {
	var out []string
	for _, a := range s.Legal(nil) {
		out = append(out, FormatAction(a))
	}
	return out
}

// TestMateSaveAnyCard: "usar exactamente una carta ... para eliminarlo":
// any card that lifts the mate saves, whatever windows it lists; the
// cards that would leave the mate are not offered (decisions 8, 25).
func TestMateSaveAnyCard(t *testing.T) {
	s := game(t, "4k3/8/8/8/7N/8/5PPP/r5K1 w - - 0 1", "AM13,AM17", "", Options{})
	wantPhase(t, s, PhMS, chess.White)
	got := tokens(s)
	// The knight blocks the rank on e1 or f1, or goes where its next move
	// blocks (e2, e3, f3, g3: a check with an answer is no mate); a pawn
	// teleported off the second rank frees a flight square; the rook is
	// exiled off the first rank. A knight out of reach of the rank lifts
	// nothing and is not offered.
	for _, tok := range []string{"pass", "AM13:h4,e1", "AM13:h4,f1", "AM13:h4,f3", "AM13:g2,g4",
		"AM17:a1,a2", "AM17:a1,b2", "AM17:a1,c2", "AM17:a1,a3", "AM17:a1,b3", "AM17:a1,c3"} {
		if !slices.Contains(got, tok) {
			t.Errorf("MS lacks %s: %v", tok, got)
		}
	}
	for _, tok := range []string{"AM13:h4,g6", "AM13:h4,h5", "AM13:h4,f5"} {
		if slices.Contains(got, tok) {
			t.Errorf("MS offers %s, which lifts nothing", tok)
		}
	}
	if len(got) != 61 {
		t.Errorf("MS offers %d actions, want 61: %v", len(got), got)
	}
	play(t, s, "AM13:h4,f1")
	wantAt(t, s, "f1=N h4=.")
	wantPhase(t, s, PhMove, chess.White)
	// A card listing neither MAIN nor MS: Dispel lifts a mate by ending
	// the paralysis that kept the knight from taking the checker.
	s = game(t, "4k3/8/8/8/8/5N2/6PP/4r2K w - - 0 1 effects=AM33b#2@f3", "AM11", "", Options{})
	wantPhase(t, s, PhMS, chess.White)
	if got := tokens(s); !slices.Equal(got, []string{"pass", "AM11:AM33"}) {
		t.Fatalf("MS offers %v, want pass and AM11:AM33", got)
	}
	play(t, s, "AM11:AM33", "f3e1")
	wantPhase(t, s, PhStart, chess.Black)
}

// TestReactionWhileInCheck: the regulation's rule 9 forbids ending one's
// own turn in check; a reaction ends no turn of its owner, so a player the
// opponent's move has put in check may react with any card the window
// takes (decision 24).
func TestReactionWhileInCheck(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/8/4K2R w - - 0 1", "", "AM08,AM03", adv)
	play(t, s, "h1h8")
	wantPhase(t, s, PhRImpact, chess.White)
	if got := tokens(s); !slices.Contains(got, "AM08") || !slices.Contains(got, "AM03") {
		t.Fatalf("R-IMPACT offers %v, want AM08 and AM03", got)
	}
	play(t, s, "AM08")
	wantPhase(t, s, PhStart, chess.Black)
	// Black's own turn answers the check: no card that leaves it.
	refuse(t, s, "AM03", "e8d8")
	play(t, s, "e8e7")
}

// TestStalemateWindowOwnWall: White's own wall, about to expire, is all
// that keeps the rook off g1, so every move would end the turn in check.
// Hourglass before the move keeps the wall and gives 8 moves; `pass`
// accepts the stalemate (decision 9).
func TestStalemateWindowOwnWall(t *testing.T) {
	const fen = "4k3/8/8/8/8/8/5PPP/r5K1 w - - 0 1 effects=AM34w#1@c1"
	s := game(t, fen, "AM12", "", Options{})
	wantPhase(t, s, PhStart, chess.White)
	if got := tokens(s); !slices.Equal(got, []string{"AM12:AM34,+", "pass"}) {
		t.Fatalf("offered %v, want AM12:AM34,+ and pass", got)
	}
	play(t, s, "AM12:AM34,+")
	wantPhase(t, s, PhMove, chess.White)
	if n := len(s.Legal(nil)); n != 8 {
		t.Fatalf("%d moves after the hourglass, want 8: %v", n, tokens(s))
	}
	s = game(t, fen, "AM12", "", Options{})
	play(t, s, "pass")
	if over, sc, why := s.Result(); !over || sc[0] != 0.5 || why != "stalemate" {
		t.Fatalf("pass: %v %v %q, want a stalemate", over, sc, why)
	}
}

// TestMateSaveIsMoveOnly: after a save the turn is move only — no END
// card after the move, even one in hand (rules §11.3). It fails if
// afterSave leaves moveOnly false (checked by breaking it).
func TestMateSaveIsMoveOnly(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/6PP/r6K w - - 0 1", "AM34,AM39", "", Options{})
	wantPhase(t, s, PhMS, chess.White)
	play(t, s, "AM34:d1")
	wantPhase(t, s, PhMove, chess.White)
	play(t, s, "h2h3")
	if s.m.ph == PhEnd || hasToken(s, "AM39") {
		t.Fatalf("an END card after the move-only move: %s", s.EncodeHands())
	}
	wantPhase(t, s, PhStart, chess.Black)
	// The same move without the save opens the END window.
	s = game(t, "4k3/8/8/8/8/8/6PP/r2N3K w - - 0 1", "AM39", "", Options{})
	play(t, s, "h2h3")
	wantPhase(t, s, PhEnd, chess.White)
}

// TestSilencedGetsNoReactionWindow: a silenced player has no reaction
// window at all, neither after a card nor after an impact (rules §5). It
// fails if reactOpen ignores silence (checked by breaking it).
func TestSilencedGetsNoReactionWindow(t *testing.T) {
	s := game(t, "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "AM40,AM29", "AM05,AM08", adv)
	play(t, s, "AM40", "pass") // Black's R-COMMIT window, before the silence
	wantPhase(t, s, PhStart, chess.Black)
	play(t, s, "e8e7")
	wantPhase(t, s, PhStart, chess.White)
	play(t, s, "AM29") // a PRE card: no R-COMMIT for the silenced Black
	wantPhase(t, s, PhMove, chess.White)
	play(t, s, "d1d5") // a capture: no R-IMPACT either
	wantPhase(t, s, PhStart, chess.Black)
	// Unsilenced, the same capture opens R-IMPACT.
	s = game(t, "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "", "AM08", adv)
	play(t, s, "d1d5")
	wantPhase(t, s, PhRImpact, chess.White)
}
