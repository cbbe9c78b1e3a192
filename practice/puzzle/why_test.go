package puzzle

import (
	"strings"
	"testing"
)

// A wrong move's reason as data: the code and the words, which English
// writes as Reason has them.
func TestWhy(t *testing.T) {
	for _, c := range []struct {
		p     Puzzle
		moves string
		want  Why
	}{
		{queenMate1, "g5e3", Why{Code: WhyNoCheck, SAN: "Qe3", Defender: "black", Reply: "Kh7"}},
		{queenMate1, "g5d8", Why{Code: WhyKingEscapes, Reply: "Kh7"}},
		{queenMate1, "g5g6", Why{Code: WhyStalemate, SAN: "Qg6", Defender: "black"}},
		{queenMate1, "e2e4", Why{Code: WhyIllegal}},
		{rookMate2, "b2b8", Why{Code: WhyKingOut, Reply: "Kg7", After: 1}},
		{rookMate2, "a1a7 h8g8 b2b8 g8h8", Why{Code: WhyOver, Status: "solved"}},
	} {
		r, err := Check(c.p, strings.Fields(c.moves))
		if err != nil {
			t.Fatal(err)
		}
		last := r.Steps[len(r.Steps)-1]
		if last.Why == nil || *last.Why != c.want || last.Reason != c.want.English() {
			t.Errorf("%s: why %+v reason %q, want %+v", c.moves, last.Why, last.Reason, c.want)
		}
	}
	r, _ := Check(knightFork, []string{"e5c6"})
	w := r.Steps[0].Why
	if w == nil || w.Code != WhyNotWinning || w.SAN != "Nc6" || w.Reply != "Qe8+" || !strings.HasPrefix(w.You, "-") || !strings.HasPrefix(w.Solution, "+4.") {
		t.Errorf("the tactic's wrong move: %+v", w)
	}
	if got := (Why{Code: WhyWinsLess, SAN: "Nf7", You: "+2.0", Solution: mateScore}).English(); got != "wins less: after Nf7 the best line leaves you at +2.0, the solution at a forced mate" {
		t.Errorf("wins less: %q", got)
	}
	if r, _ := Check(queenMate1, []string{"g5h4"}); r.Steps[0].Why != nil {
		t.Errorf("a right move has a reason: %+v", r.Steps[0].Why)
	}
}
