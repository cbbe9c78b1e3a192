package spy

import "testing"

var fuzzFENs = []string{
	StartFEN,
	StartFEN + " w=spy:KN,b=wild:QR",
	"rnbqkbN~r/1ppppppp/8/p3P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3 RB/RBN cX=spy:KN/-- e2:e5,a7:a5 b=neutral",
	mateFEN + " w=spy:QN,b=neutral",
	mateFEN + " b=neutral",
	"4k2q/P7/8/1P6/8/8/8/4K3 b - - 0 1 -/RBN --/c- a2:a7,b2:b5 b=spy:Pa,w=neutral",
	"4k3/8/8/3Pp3/8/8/8/3QK3 w - e6 0 1 RBN/- c-/-- - w=spy:KB",
	"1Q6/4k3/8/8/8/8/8/3Q*K3 b - - 0 1 RBN/- c-/-- - w=neutral,b=spy:Pa",
	"KRBn4/PP1P4/8/8/8/8/8/7k w - - 0 1 -/- --/--",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/8/8/KPp4q/8/8/8/4k3 w - c6 0 1 -/BN c-/cX w=neutral",
	"4k3/8/8/8/8/8/8/R3K3 w - - 100 80",
}

func FuzzParseState(f *testing.F) {
	for _, fen := range fuzzFENs {
		f.Add(fen, false)
	}
	for _, bad := range []string{"", "8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/N~~2K3 w - - 0 1", "~", "k7/8/8/8/8/8/8/K7 w - - 0 1 RBN/RBN cX=wild:QB/c- a1:-,b1:c3 w=x"} {
		f.Add(bad, true)
	}
	f.Fuzz(func(t *testing.T, fen string, kingCapture bool) {
		opts := Options{KingCapture: kingCapture}
		s, err := ParseState(fen, opts)
		if err != nil {
			return
		}
		full := s.EncodeFull()
		s2, err := ParseState(full, opts)
		if err != nil {
			t.Fatalf("%q accepted, but not its encoding %q: %v", fen, full, err)
		}
		if s2.EncodeFull() != full || s2.Key() != s.Key() {
			t.Fatalf("%q: encoding %q reads back as %q", fen, full, s2.EncodeFull())
		}
		s.Result()
		for _, a := range s.Legal(nil) {
			if err := s.Apply(a); err != nil {
				t.Fatalf("%q: legal %s refused: %v", fen, s.FormatAction(a), err)
			}
			s.Result()
			s.Undo()
			if s.EncodeFull() != full {
				t.Fatalf("%q: undo of %s", fen, s.FormatAction(a))
			}
		}
	})
}

func FuzzParseAction(f *testing.F) {
	for i := range fuzzFENs {
		for _, tok := range []string{"e2e4", "reveal", "reveal:spy:QN", "reveal:wild:QN", "0000", "e7e8q", "e1g1", "b5a6", "a7a5", "d5e6", "reveal:neutral", "claim", "x", ""} {
			f.Add(uint8(i), tok)
		}
		f.Add(uint8(64+i), "claim") // draw_claims=fide
	}
	f.Fuzz(func(t *testing.T, i uint8, tok string) {
		// i picks the position, draw_claims=fide (bit 6), king capture
		// (bit 7).
		opts := Options{KingCapture: i >= 128, DrawClaims: DrawClaims(i >> 6 & 1)}
		s, err := ParseState(fuzzFENs[int(i&63)%len(fuzzFENs)], opts)
		if err != nil {
			t.Fatal(err)
		}
		before := s.EncodeFull()
		a, err := s.ParseAction(tok)
		if s.EncodeFull() != before {
			t.Fatalf("ParseAction(%q) changed the state", tok)
		}
		if err != nil {
			return
		}
		if a2, err := s.ParseAction(s.FormatAction(a)); err != nil || a2 != a {
			t.Fatalf("%q parsed as %s, which reads back as %v, %v", tok, s.FormatAction(a), a2, err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("parsed %q but Apply refused: %v", tok, err)
		}
		s.Undo()
		if s.EncodeFull() != before {
			t.Fatalf("undo of %q", tok)
		}
	})
}
