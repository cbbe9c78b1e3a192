package spy

import (
	"math/rand/v2"
	"slices"
	"testing"

	"azar/variants"
	"azar/variants/chess"
)

func TestSAN(t *testing.T) {
	s := mustParse(t, StartFEN+" w=spy:Pe")
	for _, c := range []struct{ tok, san string }{
		{"e2e4", "e4"}, {"d7d5", "d5"}, {"e4d5", "exd5"}, {"d8d5", "Qxd5"}, {"b1c3", "Nc3"},
		{"d5e6", "Qe6+"}, {"g1e2", "Nge2"}, {"e6e5", "Qe5"}, {"d2d4", "d4"},
		// The original queen's knight jump gives check.
		{"e5f3", "Qf3+"}, {"g2f3", "gxf3"},
	} {
		a, err := s.ParseAction(c.tok)
		if err != nil {
			t.Fatalf("%s: %v", c.tok, err)
		}
		if got := s.SAN(a); got != c.san {
			t.Errorf("%s in %s: SAN %q, want %q", c.tok, s.Encode(), got, c.san)
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	// A reveal that mates: Black's h8 rook, now on e8, turns white.
	s = mustParse(t, "4r2k/6pp/8/8/8/8/8/3QK3 w - - 0 1 RBN/- c-/-- h8:e8 w=spy:KR")
	a, err := s.ParseAction("reveal")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.SAN(a); got != "reveal:spy:KR#" {
		t.Errorf("reveal SAN %q, want reveal:spy:KR#", got)
	}
	if s.HistoryLen() != 0 {
		t.Errorf("SAN left the state changed")
	}
}

// TestNoisyAndApplyTrusted checks, over seeded random games, that Noisy lists
// exactly the legal captures, promotions and reveals, and that ApplyTrusted
// matches Apply.
func TestNoisyAndApplyTrusted(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for g := range 60 {
		s := randomDealt(rng, Options{KingCapture: g%5 == 0})
		for ply := 0; ply < 200; ply++ {
			legal := s.Legal(nil)
			if len(legal) == 0 {
				break
			}
			var want []variants.Action
			for _, a := range legal {
				m, isMove := ActionMove(a)
				if !isMove || s.IsCapture(a) || m.Kind() == chess.KindPromotion {
					want = append(want, a)
				}
			}
			got := s.Noisy(nil)
			if !s.status().over {
				slices.Sort(want)
				slices.Sort(got)
				want = slices.DeleteFunc(want, func(a variants.Action) bool { return a == PassAction })
				if !slices.Equal(got, want) {
					t.Fatalf("game %d ply %d %s: Noisy %v, want %v", g, ply, s.EncodeFull(), got, want)
				}
			}
			a := legal[rng.IntN(len(legal))]
			c := s.clone()
			if err := c.Apply(a); err != nil {
				t.Fatal(err)
			}
			s.ApplyTrusted(a)
			if s.EncodeFull() != c.EncodeFull() || s.Key() != c.Key() {
				t.Fatalf("ApplyTrusted and Apply differ after %s", s.FormatAction(a))
			}
		}
	}
}

func TestSEE(t *testing.T) {
	for _, c := range []struct {
		fen, tok string
		want     int
	}{
		{"4k3/8/3p4/4n3/8/5P2/8/4K3 w - - 0 1 -/- --/-- -", "f3e4", 0},
		{"4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1 -/- --/-- -", "d4e5", 220},
		{"4k3/8/3p4/4p3/8/8/8/4KQ2 w - - 0 1 RBN/- --/-- -", "f1f6", 0},
		// The amazon takes a pawn defended by a pawn: loses itself.
		{"4k3/8/3p4/4p3/8/8/8/4K2Q w - - 0 1 RBN/- --/-- -", "h1e4", 0},
		{"4k3/8/3p4/4p3/8/8/8/3QK3 w - - 0 1 RBN/- --/-- -", "d1d6", 100},
		{"4k3/2p5/3p4/4p3/8/8/8/3QK3 w - - 0 1 RBN/- --/-- -", "d1d6", -1100},
		// A knight-jump capture by the amazon, undefended.
		{"4k3/8/8/8/8/4n3/8/3QK3 w - - 0 1 RBN/- --/-- -", "d1e3", 320},
		// A recapture by the king only when the square is not defended.
		{"4k3/8/8/8/8/8/3r4/3RK3 b - - 0 1 -/- --/-- -", "d2d1", 0},
		{"3rk3/8/8/8/8/8/3R4/3RK3 w - - 0 1 -/- --/-- -", "d2d8", 500},
		{"4k3/8/8/8/8/8/3r4/4K3 w - - 0 1 -/- --/-- -", "e1d2", 500},
	} {
		s := mustParse(t, c.fen)
		a, err := s.ParseAction(c.tok)
		if err != nil {
			// Not every case is a legal move; SEE takes pseudo-moves.
			m, err2 := parseUCI(c.tok)
			if err2 != nil {
				t.Fatal(err)
			}
			a = MoveAction(s.resolve(m))
		}
		if got := s.SEE(a); got != c.want {
			t.Errorf("SEE %s in %s = %d, want %d", c.tok, c.fen, got, c.want)
		}
	}
}
