package magic

import (
	"errors"
	"testing"

	"azar/variants"
)

var fuzzOptions = []Options{{}, {Mode: Advanced}, {HandSize: 3, DrawClaims: ClaimsFIDE}, {Mode: Advanced, HandSize: 1}}

func FuzzParseState(f *testing.F) {
	f.Add("startpos", uint8(0))
	f.Add(New(Options{}, 1).EncodeHands(), uint8(0))
	f.Add(New(Options{Mode: Advanced}, 2).Encode(), uint8(1))
	f.Add("4k3/8/8/8/8/8/8/R3K2N w Q - 0 1 hands=1,1 white=AM13 black=AM02 effects=AM34b#2@c4,AM05w#1@a1,AM10b#1@k pool=P/nn", uint8(1))
	f.Add("4k3/8/8/8/8/8/8/R3K2N w - - 0 1 hands=0,1 black=AM02 phase=rcommit pending=AM13:h1,f2@main card=1", uint8(1))
	f.Add("4k3/5p2/8/7Q/8/8/8/4K3 w - - 0 1 hands=0,0 phase=replace replace=w:h5f7 moved=1", uint8(1))
	f.Add("4k3/r7/8/8/8/8/8/4K3 b - - 0 1 hands=0,1 effects=AM36b#2@a7,AM37w#1@d,AM35w#4@d3,AM07w#2@a2+b2", uint8(0))
	f.Fuzz(func(t *testing.T, str string, o uint8) {
		opts := fuzzOptions[int(o)%len(fuzzOptions)]
		s, err := ParseState(str, opts)
		if err != nil {
			return
		}
		enc := s.EncodeHands()
		p, err := ParseState(enc, opts)
		if err != nil {
			t.Fatalf("ParseState(%q) ok, but its encoding %q fails: %v", str, enc, err)
		}
		if got := p.EncodeHands(); got != enc {
			t.Fatalf("round trip: %q -> %q", enc, got)
		}
		acts := s.Legal(nil)
		if len(acts) > 48 {
			acts = acts[:48]
		}
		for _, a := range acts {
			if err := s.Apply(a); err != nil {
				t.Fatalf("%s: legal %s refused: %v", enc, FormatAction(a), err)
			}
			s.Undo()
			if got := s.EncodeHands(); got != enc {
				t.Fatalf("undo %s: %q, want %q", FormatAction(a), got, enc)
			}
		}
	})
}

func FuzzParseAction(f *testing.F) {
	for _, tok := range []string{"e2e4", "e7e8q", "Ke1e3", "pass", "claim", "0000", "AM08", "AM13:b1,d4",
		"AM07:k", "AM22:d", "AM11:AM34", "AM12:AM34,+", "AM23:b1c3,g1f3", "AM24:a2,b2,c2", "AM25:R,a1",
		"AM27:e7,N", "AM41", "AM13:", "AM13:b1", "am05:z9", ""} {
		f.Add(tok, uint64(3))
	}
	f.Fuzz(func(t *testing.T, tok string, seed uint64) {
		s := New(Options{Mode: Advanced, HandSize: int(seed%10) + 1}, seed)
		before := s.EncodeHands()
		a, err := s.ParseAction(tok)
		if s.EncodeHands() != before {
			t.Fatal("ParseAction changed the state")
		}
		if err != nil {
			if !errors.Is(err, variants.ErrIllegal) && !errors.Is(err, errSyntax) {
				t.Fatalf("%q: error %v is neither malformed nor illegal", tok, err)
			}
			return
		}
		if b, err := s.ParseAction(FormatAction(a)); err != nil || b != a {
			t.Fatalf("%q -> %s does not read back", tok, FormatAction(a))
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("parsed %q refused: %v", tok, err)
		}
	})
}
