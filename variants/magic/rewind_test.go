package magic

import (
	"strings"
	"testing"

	"azar/variants/chess"
)

// The rewind's reach (docs/rules/magic.md §16.2, decision 29).

// TestRewindMateSaveNeedsThisTurnsMove: a mate that comes from the
// mover's own wall expiring after a card-only turn leaves nothing to
// rewind: AM03 may not undo a8b8, a move of Black's turn before (issue 27).
func TestRewindMateSaveNeedsThisTurnsMove(t *testing.T) {
	s := game(t, "k7/8/8/8/8/8/6PP/r6K b - - 0 1 effects=AM34b#2@d1", "AM08,AM03", "AM09,AM40", Options{})
	play(t, s, "a8b8", "pass", "AM08", "AM09")
	wantPhase(t, s, PhMS, chess.White)
	if hasToken(s, "AM03") {
		t.Fatalf("AM03 offered in the mate save after Black's card-only turn: %s", s.EncodeHands())
	}
	refuse(t, s, "AM03")
	// The same mate given by a standard move is rewindable.
	s = game(t, "k7/8/8/8/8/8/1r4PP/7K b - - 0 1", "AM03", "AM40", Options{})
	play(t, s, "b2b1", "pass")
	wantPhase(t, s, PhMS, chess.White)
	play(t, s, "AM03")
	wantAt(t, s, "b2=r b1=.")
	wantPhase(t, s, PhReplace, chess.White)
}

// TestRewindRestoresBulwark: a rewound promotion gives the pawn back its
// Baluarte cover, not only the pawn the move left alone (decision 29).
func TestRewindRestoresBulwark(t *testing.T) {
	s := game(t, "4k3/P7/8/8/8/8/1P6/4K3 w - - 0 1 effects=AM07w#2@a7+b2", "", "AM03", adv)
	play(t, s, "a7a8q")
	wantPhase(t, s, PhRImpact, chess.White)
	if !strings.Contains(s.Encode(), "AM07w#2@b2 ") {
		t.Fatalf("the promoted pawn leaves the shield: %s", s.Encode())
	}
	play(t, s, "AM03")
	wantAt(t, s, "a7=P a8=.")
	x := effect(s, am07)
	if !s.env().shielded.Has(sq("a7")) || x == nil || s.squaresOf(x.Pieces) != sq("a7").Bit()|sq("b2").Bit() {
		t.Fatalf("a7 not shielded after the rewind: %s", s.EncodeHands())
	}
	// The replacement may not promote on a8 again; b2 pushes instead.
	refuse(t, s, "a7a8q")
	play(t, s, "b2b3")
}
