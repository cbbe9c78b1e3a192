package lucky

import (
	"testing"
)

var fuzzOptions = []Options{{}, {Edition: FirstEdition}, {MandatoryCard: true, KingCapture: true}, {ThreeTurns: true, RulesCards: true}}

func FuzzParseState(f *testing.F) {
	f.Add("startpos", uint8(0))
	f.Add(New(Options{}).Encode(), uint8(0))
	for _, ex := range docExamples {
		f.Add(ex, uint8(0))
	}
	f.Add("4k3/8/8/8/8/8/8/4K2R w K - 0 10 hold=super:Q#2,- discard=skip*2 turn=draw", uint8(3))
	f.Add("4k3/8/8/3pP3/8/8/8/1N2K3 w - d6 0 10 turn=move2:P+N used=N moved=c3 irrev=1", uint8(0))
	f.Add("4k3/7p/8/8/8/8/7P/4R1K1 w - - 0 10", uint8(2))
	f.Add("4k3/8/8/8/8/8/8/4K3 w - - 0 10 pool=QP/r turn=recover", uint8(1))
	f.Add("r3k3/4b3/8/8/8/8/8/R3R1K1 w - - 0 10 turn=enemy2 moved=b8", uint8(0))
	f.Fuzz(func(t *testing.T, str string, o uint8) {
		opts := fuzzOptions[int(o)%len(fuzzOptions)]
		s, err := ParseState(str, opts)
		if err != nil {
			return
		}
		enc := s.Encode()
		p, err := ParseState(enc, opts)
		if err != nil {
			t.Fatalf("ParseState(%q) ok, but its encoding %q fails: %v", str, enc, err)
		}
		if got := p.Encode(); got != enc {
			t.Fatalf("round trip: %q -> %q", enc, got)
		}
		// The state is usable: every legal action applies and undoes.
		acts := s.Legal(nil)
		if len(acts) > 64 {
			acts = acts[:64]
		}
		for _, a := range acts {
			if err := s.Apply(a); err != nil {
				t.Fatalf("%s: legal %s refused: %v", enc, FormatAction(a), err)
			}
			s.Undo()
			if got := s.Encode(); got != enc {
				t.Fatalf("undo %s: %q, want %q", FormatAction(a), got, enc)
			}
		}
	})
}

func fuzzStates() []*State {
	var out []*State
	for _, fen := range []string{
		"startpos",
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
		"4k3/8/8/8/8/8/7P/4K3 w - - 0 10 pool=Q/- turn=draw",
		"4k3/8/8/8/8/8/7P/4K3 w - - 0 10 pool=Q/- turn=recover",
		"4k3/2P5/8/8/8/8/7P/4K3 w - - 0 10 turn=pawns-forward",
		"r3k3/4b3/8/8/8/8/8/R3R1K1 w - - 0 10 turn=enemy2",
		"4k3/8/8/8/8/8/7P/4K3 w - - 0 10 turn=relocate",
		"r3k3/8/8/8/8/8/7P/4K3 w - - 0 10 turn=bomb:qside",
		"4k3/8/8/3n4/8/8/7P/4K3 w - - 0 10 turn=bomb-crazy:belt",
		"4k3/8/8/3pP3/8/8/8/4K2R w K d6 0 10 hold=super:R,superknights",
	} {
		s, err := ParseState(fen, Options{})
		if err != nil {
			panic(err)
		}
		out = append(out, s)
	}
	return out
}

func FuzzParseAction(f *testing.F) {
	for _, tok := range []string{"e2e4", "e7e8q", "e1g1", "draw", "move1:N", "super:Q", "-e4", "N@e4", "q@d4",
		"e4>e6", "pawns", "pawns=qn", "bomb", "annul", "claim", "0000", "", "zz", "P@a1", "h2>h8", "e5d6"} {
		for i := 0; i < 10; i++ {
			f.Add(uint8(i), tok)
		}
	}
	states := fuzzStates()
	f.Fuzz(func(t *testing.T, i uint8, tok string) {
		s := states[int(i)%len(states)].clone()
		before := s.Encode()
		a, err := s.ParseAction(tok)
		if s.Encode() != before {
			t.Fatal("ParseAction changed the state")
		}
		if err != nil {
			return
		}
		back, err := s.ParseAction(FormatAction(a))
		if err != nil || back != a {
			t.Fatalf("%q -> %s -> %v, %v", tok, FormatAction(a), FormatAction(back), err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("parsed %q but Apply refuses: %v", tok, err)
		}
		s.Undo()
		if s.Encode() != before {
			t.Fatal("undo")
		}
	})
}
