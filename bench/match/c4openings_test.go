package match

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"azar/variants/chaturanga4"
)

// c4OpeningsFile is the shipped set of four-player chaturanga openings.
const c4OpeningsFile = "../../books/chaturanga4.c4n"

// c4Openings makes n distinct openings of plies random moves (two rounds
// for plies = 8) from the start, with every seat still in and no capture:
// variety for matches whose engines search deterministically. Regenerate
// books/chaturanga4.c4n with
//
//	AZAR_WRITE_C4_OPENINGS=1 go test -run TestC4OpeningsFile ./bench/match/
func c4Openings(n, plies int, seed uint64) []string {
	rng := rand.New(rand.NewPCG(seed, 0xC4))
	seen := map[string]bool{}
	var out []string
	var l chaturanga4.MoveList
	for len(out) < n {
		p := chaturanga4.NewPosition()
		ok := true
		for i := 0; i < plies && ok; i++ {
			p.Generate(&l)
			m := l.At(rng.IntN(l.Len()))
			ok = p.At(m.To()) == chaturanga4.NoPiece
			p.Make(m)
		}
		if c := p.C4N(); ok && !p.Status().Over && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}

func TestC4OpeningsFile(t *testing.T) {
	want := "# Four-player chaturanga openings: 100 positions after two random rounds\n" +
		"# without a capture (bench/match/c4openings_test.go, seed 2026).\n" +
		strings.Join(c4Openings(100, 8, 2026), "\n") + "\n"
	if os.Getenv("AZAR_WRITE_C4_OPENINGS") != "" {
		if err := os.WriteFile(c4OpeningsFile, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ops, err := LoadOpenings(c4OpeningsFile, "")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(c4OpeningsFile)
	if string(got) != want || len(ops) != 100 {
		t.Fatalf("%s (%d openings) is not what its generator writes", c4OpeningsFile, len(ops))
	}
	for _, o := range ops {
		if _, err := (Chaturanga4{}).NewGame(o, rand.New(rand.NewPCG(1, 1))); err != nil {
			t.Errorf("%s: %v", o.ID, err)
		}
	}
	if _, err := ReadC4NOpenings(strings.NewReader("7bK/8/8/8/8/8/8/7rK r rgyb -/-/-/- 0 1\n")); err == nil {
		t.Error("an impossible C4N was read")
	}
}
