package puzzle

import (
	"strings"
	"testing"
)

var (
	rookMate2 = Puzzle{FEN: "7k/8/8/8/8/8/1R6/R5K1 w - - 0 1", Kind: Mate, Moves: 2,
		Solution: []string{"a1a7", "h8g8", "b2b8"}, Hint: "h"}
	queenMate1 = Puzzle{FEN: "7k/5K2/8/6Q1/8/8/8/8 w - - 0 1", Kind: Mate, Moves: 1,
		Solution: []string{"g5h4"}, Hint: "h"}
	// The pawn makes the end a win: a knight alone against a bare king
	// is a draw, so without it the fork is no true puzzle.
	knightFork = Puzzle{FEN: "3q3k/8/8/4N3/8/8/P7/4K3 w - - 0 1", Kind: DoubleAttack, Moves: 2,
		Solution: []string{"e5f7", "h8g8", "f7d8"}, Hint: "h"}
)

func TestCheckMateLines(t *testing.T) {
	cases := []struct {
		name   string
		p      Puzzle
		moves  string
		ok     bool
		solved bool
		reply  string // SAN of the chosen reply
		reason string // prefix of the failing step's reason
	}{
		{"stored mate in 1", queenMate1, "g5h4", true, true, "", ""},
		{"another mate in 1", queenMate1, "g5h6", true, true, "", ""},
		{"a third, in SAN", queenMate1, "Qg7#", true, true, "", ""},
		{"the stalemate trap", queenMate1, "g5g6", false, false, "", "stalemate: after Qg6 black has no legal move"},
		{"no check", queenMate1, "g5e3", false, false, "", "not mate: Qe3 gives no check"},
		{"a check the king escapes", queenMate1, "g5d8", false, false, "", "not mate: the king escapes with Kh7"},
		{"not a move", queenMate1, "g5g9", false, false, "", "illegal move"},
		{"illegal", queenMate1, "e2e4", false, false, "", "illegal move"},
		{"stored key move", rookMate2, "a1a7", true, false, "Kg8", ""},
		{"the other key move", rookMate2, "b2b7", true, false, "Kg8", ""},
		{"the other key move's mate", rookMate2, "b2b7 h8g8 a1a8", true, true, "", ""},
		{"stored line", rookMate2, "a1a7 h8g8 b2b8", true, true, "", ""},
		{"a check that lets the king out", rookMate2, "b2b8", false, false, "", "allows the king to escape: after Kg7 there is no mate in 1"},
		{"a wrong second move", rookMate2, "a1a7 h8g8 a7a8", false, false, "", "not mate: the king escapes with Kf7"},
		{"an illegal defence", rookMate2, "a1a7 h8h7", false, false, "", "illegal move"},
		{"moves after the mate", rookMate2, "a1a7 h8g8 b2b8 g8h8", false, true, "", "the puzzle is over"},
	}
	for _, c := range cases {
		r, err := Check(c.p, strings.Fields(c.moves))
		if err != nil {
			t.Fatal(err)
		}
		if r.OK != c.ok || r.Solved != c.solved || r.ReplySAN != c.reply {
			t.Errorf("%s: ok %v solved %v reply %q; want %v %v %q (%+v)", c.name, r.OK, r.Solved, r.ReplySAN, c.ok, c.solved, c.reply, r.Steps)
			continue
		}
		last := r.Steps[len(r.Steps)-1]
		if !strings.HasPrefix(last.Reason, c.reason) || (c.reason == "") != last.OK {
			t.Errorf("%s: last step %+v; want reason %q", c.name, last, c.reason)
		}
	}
}

func TestCheckCountsMovesLeft(t *testing.T) {
	r, _ := Check(rookMate2, []string{"a1a7"})
	if r.Left != 1 || r.Reply != "h8g8" {
		t.Errorf("after the key move: left %d reply %s; want 1 and h8g8", r.Left, r.Reply)
	}
	r, _ = Check(rookMate2, nil)
	if !r.OK || r.Left != 2 || r.Reply != "" {
		t.Errorf("no moves: %+v", r)
	}
}

func TestCheckTacticLines(t *testing.T) {
	for _, c := range []struct {
		moves      string
		ok, solved bool
		reason     string
	}{
		{"e5f7", true, false, ""},
		{"e5f7 h8g8 f7d8", true, true, ""},
		{"e5f7 h8g7 f7d8", true, true, ""},
		// The scores are the deep search's (-10.5 and +4.8, -7.0 and
		// +4.6 today); the test pins what does not hang on a centipawn,
		// nor on which of the king's equal defences to Nh6+ it names
		// (Kh7 before capture and correction history, Kf8 since).
		{"e5c6", false, false, "not winning: after Nc6 Qe8+ the best line leaves you at -"},
		{"e5f7 h8g8 f7h6", false, false, "not winning: after Nh6+ K"},
	} {
		r, err := Check(knightFork, strings.Fields(c.moves))
		if err != nil {
			t.Fatal(err)
		}
		last := r.Steps[len(r.Steps)-1]
		if !c.ok && !strings.Contains(last.Reason, ", the solution at +4.") {
			t.Errorf("%s: reason %q does not give the solution's +4.x", c.moves, last.Reason)
		}
		if r.OK != c.ok || r.Solved != c.solved || !strings.HasPrefix(last.Reason, c.reason) {
			t.Errorf("%s: ok %v solved %v last %+v; want %v %v %q", c.moves, r.OK, r.Solved, last, c.ok, c.solved, c.reason)
		}
	}
}

func TestVerifyHandBuilt(t *testing.T) {
	for _, p := range []Puzzle{rookMate2, queenMate1, knightFork} {
		if err := Verify(p); err != nil {
			t.Errorf("%s: %v", p.FEN, err)
		}
	}
	bad := rookMate2
	bad.Moves, bad.Solution = 3, []string{"b2b7", "h8g8", "b7b6", "g8h8", "a1a8"}
	if err := Verify(bad); err == nil || !strings.Contains(err.Error(), "forced mate in 2, not 3") {
		t.Errorf("a mate in 2 stored as a mate in 3: %v", err)
	}
	bad = knightFork
	bad.Kind = SkewerKind
	if err := Verify(bad); err == nil {
		t.Error("a fork stored as a skewer passed")
	}
}
