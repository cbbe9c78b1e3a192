package chess

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// GivesCheck must agree with playing the move and asking InCheck, for every
// legal move of every perft-suite position.
func TestGivesCheckAgreesWithMake(t *testing.T) {
	f, err := os.Open("testdata/perft.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	checks := 0
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		fen := strings.TrimSpace(strings.SplitN(line, ";", 2)[0])
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		var l MoveList
		p.GenerateLegal(&l)
		for _, m := range l.Slice() {
			p.Make(m)
			want := p.InCheck()
			p.Unmake()
			if got := p.GivesCheck(m); got != want {
				t.Errorf("%s %s: GivesCheck %v, want %v", fen, m, got, want)
			}
			if want {
				checks++
			}
		}
	}
	if checks < 50 {
		t.Errorf("only %d checking moves in the suite; the test proves little", checks)
	}
}
