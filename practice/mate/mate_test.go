package mate

import (
	"context"
	"slices"
	"testing"

	"azar/search"
	"azar/variants/chess"
)

func mustFEN(t testing.TB, fen string) *chess.Position {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func sans(p *chess.Position, ms []chess.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = p.SAN(m)
	}
	return out
}

// engineMate is an independent opinion: the engine's mate distance for
// the side to move from a fixed-depth search, 0 when it sees none.
func engineMate(t *testing.T, p *chess.Position, depth int) int {
	t.Helper()
	e := search.New(search.DefaultOptions())
	r := e.Search(context.Background(), p, search.Limits{Depth: depth}, nil)
	if ok, n := search.IsMate(r.Score); ok {
		return n
	}
	return 0
}

func TestMateLengthKnownMates(t *testing.T) {
	cases := []struct {
		name, fen string
		n         int
		keys      []string // every first move that mates in n, SAN
	}{
		{"back-rank mate in 1", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, []string{"Ra8#"}},
		{"scholar's mate", "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1, []string{"Qxf7#"}},
		// Two rooks: 1.Ra7 (or Rb7) Kg8 2.Rb8# (Ra8#); no check mates at once.
		{"rook roller mate in 2", "7k/8/8/8/8/8/1R6/R5K1 w - - 0 1", 2, []string{"Ra7", "Rb7"}},
		// 1.Rg2 cuts the king off the g-file; the other rook then drives it.
		{"rook roller mate in 3", "8/8/7k/8/8/8/R7/1R4K1 w - - 0 1", 3, []string{"Rg2"}},
		{"black mates in 1", "8/8/7q/5k2/8/8/6K1/4q3 b - - 3 86", 1, []string{"Qhh1#"}},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		n, ok := Length(p, 3)
		if !ok || n != c.n {
			t.Errorf("%s: Length = %d, %v; want %d", c.name, n, ok, c.n)
			continue
		}
		if c.n > 1 && In(p, c.n-1) {
			t.Errorf("%s: In(%d) true, the mate is in %d", c.name, c.n-1, c.n)
		}
		got := sans(p, Moves(p, c.n))
		slices.Sort(got)
		want := slices.Clone(c.keys)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: mating first moves %v, want %v", c.name, got, want)
		}
		if e := engineMate(t, p, 2*c.n+2); e != c.n {
			t.Errorf("%s: the engine sees mate in %d, the prover %d", c.name, e, c.n)
		}
		if p.FEN() != mustFEN(t, c.fen).FEN() {
			t.Errorf("%s: the prover changed the position", c.name)
		}
	}
}

func TestMateInRange(t *testing.T) {
	p := mustFEN(t, "7k/8/8/8/8/8/1R6/R5K1 w - - 0 1")
	if In(p, 0) || In(p, MaxMoves+1) || Moves(p, 0) != nil || MoveMates(p, chess.NoMove, 0) || Lost(p, -1) {
		t.Error("mate depths outside 1..MaxMoves must answer false")
	}
	if !In(p, 3) {
		t.Error("a mate in 2 is a mate in at most 3")
	}
	start := chess.NewPosition()
	if _, ok := Length(start, 3); ok {
		t.Error("the start position has no mate in 3")
	}
}

// The stalemate trap: Qc7 leaves Black without a move but not in check.
func TestStalemateIsNoMate(t *testing.T) {
	p := mustFEN(t, "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1")
	qc7, _ := p.ParseUCIMove("c1c7")
	got := sans(p, Moves(p, 1))
	if slices.Contains(got, "Qc7") || !slices.Contains(got, "Qc8#") {
		t.Errorf("mates in 1 %v: want Qc8# and not the stalemating Qc7", got)
	}
	if d, stalemate := Escape(p, qc7, 1); !stalemate || d != chess.NoMove {
		t.Errorf("Escape(Qc7) = %v, %v; want the stalemate", d, stalemate)
	}
	// K+Q v K: Qf7 stalemates, Qf8# mates; every listed mate really mates.
	p = mustFEN(t, "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1")
	got = sans(p, Moves(p, 1))
	if slices.Contains(got, "Qf7") || !slices.Contains(got, "Qf8#") {
		t.Errorf("mates in 1 %v: want Qf8# and not the stalemating Qf7", got)
	}
	qf7, _ := p.ParseUCIMove("f1f7")
	if _, stalemate := Escape(p, qf7, 1); !stalemate {
		t.Error("Escape(Qf7) does not see the stalemate")
	}
	for _, m := range Moves(p, 1) {
		q := p.Clone()
		q.Make(m)
		if q.Status(false) != chess.Checkmate {
			t.Errorf("%s listed as mate in 1 but gives %v", p.SAN(m), q.Status(false))
		}
	}
}

func TestEscapeAndLongestDefence(t *testing.T) {
	p := mustFEN(t, "7k/8/8/8/8/8/1R6/R5K1 w - - 0 1")
	rb8, _ := p.ParseUCIMove("b2b8")
	d, stalemate := Escape(p, rb8, 2)
	if stalemate || d == chess.NoMove {
		t.Fatalf("1.Rb8+ must let the king out, got %v %v", d, stalemate)
	}
	if q := p.Clone(); true {
		q.Make(rb8)
		if q.At(d.From()).Type() != chess.King {
			t.Errorf("the escape %s is not a king move", q.SAN(d))
		}
	}
	ra7, _ := p.ParseUCIMove("a1a7")
	if d, _ := Escape(p, ra7, 2); d != chess.NoMove {
		t.Errorf("1.Ra7 forces mate in 2, yet Escape found %v", d)
	}
	q := p.Clone()
	q.Make(ra7)
	d, n := LongestDefence(q, 3)
	if q.SAN(d) != "Kg8" || n != 1 {
		t.Errorf("longest defence after Ra7: %s with mate in %d, want Kg8 and 1", q.SAN(d), n)
	}
}

// TestLengthEndings: the lessons' mates, longer than the puzzles', and a
// stalemate trap; Lost is the defender's side of the same proofs.
func TestLengthEndings(t *testing.T) {
	for _, c := range []struct {
		fen   string
		limit int
		want  int
	}{
		{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 2, 1}, // Qxf7#
		{"4k3/8/3K4/8/8/8/8/7R w - - 0 1", 3, 2},                                      // 1.Rf1 Kd8 2.Rf8#
		{"4k3/8/3K4/8/8/8/8/7R w - - 0 1", 1, 0},                                      // not within one
		{"6k1/R7/8/4K3/8/8/8/8 w - - 0 1", 3, 3},
		{"3k4/7R/4K3/8/8/8/8/8 w - - 0 1", 5, 5},
		{"k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", 1, 1}, // Qc8#, while Qc7 stalemates
		{chess.StartFEN, 1, 0},
	} {
		p := mustFEN(t, c.fen)
		if got, ok := Length(p, c.limit); got != c.want || ok != (c.want > 0) {
			t.Errorf("%s within %d: mate in %d (%v), want %d", c.fen, c.limit, got, ok, c.want)
		}
		if c.want > 0 {
			// After a mating first move the defender is lost in want-1.
			m := Moves(p, c.want)[0]
			q := p.Clone()
			q.Make(m)
			if !Lost(q, c.want-1) || (c.want > 1 && Lost(q, c.want-2)) {
				t.Errorf("%s: after %s, Lost(%d) %v, Lost(%d) %v", c.fen, p.SAN(m), c.want-1, Lost(q, c.want-1), c.want-2, Lost(q, c.want-2))
			}
		}
	}
}
