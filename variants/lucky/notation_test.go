package lucky

import (
	"errors"
	"strings"
	"testing"

	"azar/variants"
)

func TestActionTokens(t *testing.T) {
	// Each kind of token, parsed in a state where it is legal, formats back.
	cases := []struct {
		fen  string
		toks []string
	}{
		{"startpos", []string{"e2e4", "e7e5", "g1f3", "b8c6", "draw", "move1:N", "f3g5"}},
		{"4k3/P7/8/8/8/8/8/4K2R w K - 0 10", []string{"a7a8q", "e8d7", "e1g1"}},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 10", []string{"e5d6"}},
		{"4k3/8/8/8/8/8/7P/4K3 w - - 0 10 pool=Q/- turn=draw", []string{"recover", "Q@d4"}},
		{"4k3/8/8/8/8/8/7P/4K3 b - - 0 10 pool=-/q turn=draw", []string{"recover", "Q@d4"}},
		{"4k3/8/8/8/8/8/7P/4K3 w - - 0 10 turn=draw", []string{"relocate", "h2>h5"}},
		{"r3k3/8/8/8/8/8/7P/4K3 w - - 0 10 turn=draw", []string{"bomb:qside", "-a8"}},
		{"4k3/8/8/3n4/8/8/7P/4K3 w - - 0 10 turn=draw", []string{"bomb-fierce:core", "bomb"}},
		{"4k3/2P5/8/8/8/8/7P/4K3 w - - 0 10 turn=draw", []string{"pawns-forward", "pawns=n"}},
		{"4k3/8/8/8/8/8/7P/4K3 w - - 0 10 hold=super:Q,leadking", []string{"annul"}},
		{"4k3/8/8/7p/7P/8/8/4K3 w - - 0 10 turn=draw", []string{"leadking", "0000"}},
	}
	for _, c := range cases {
		s := mk(t, c.fen)
		for _, tok := range c.toks {
			a, err := s.ParseAction(tok)
			if err != nil {
				t.Fatalf("%s: %s: %v", c.fen, tok, err)
			}
			if got := s.FormatAction(a); got != tok {
				t.Fatalf("%s formats as %s", tok, got)
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Malformed tokens are not ErrIllegal; well-formed illegal ones are.
	s := New(Options{})
	for _, bad := range []string{"", "e9e4", "P@e9", "K@e4", "-i1", "pawns=x", "e2e4e", "hello", "e2>", "move9:Q"} {
		_, err := s.ParseAction(bad)
		if err == nil || errors.Is(err, variants.ErrIllegal) {
			t.Errorf("%q: error %v, want a syntax error", bad, err)
		}
	}
	for _, illegal := range []string{"e2e5", "draw", "annul", "bomb", "pawns", "Q@e4", "-e7", "e2>e4", "skip", "0000", "e7e5"} {
		_, err := s.ParseAction(illegal)
		if !errors.Is(err, variants.ErrIllegal) {
			t.Errorf("%q: error %v, want ErrIllegal", illegal, err)
		}
	}
	if err := s.Apply(RevealAction(KindSkip)); !errors.Is(err, variants.ErrIllegal) {
		t.Error("reveal applied at the start of a turn")
	}
	if err := s.Apply(0); !errors.Is(err, variants.ErrIllegal) {
		t.Error("zero action applied")
	}
	if FormatAction(0) != "(none)" || FormatAction(1<<40|1<<35) != "(none)" {
		t.Error("garbage actions format")
	}
}

func TestPlayIsAtomic(t *testing.T) {
	s := New(Options{})
	before := s.Encode()
	if err := s.ApplyTokens("e2e4", "e7e5", "e1e3"); err == nil {
		t.Fatal("illegal sequence accepted")
	}
	if s.Encode() != before {
		t.Fatal("a failed ApplyTokens changed the state")
	}
}

// Examples of docs/lucky.md; they must parse and encode back unchanged.
var docExamples = []string{
	"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 pile=move1:P*2,move1:N,move1:B,move1:R,move1:Q,move1:K,move2:P+P,move2:P+N,move2:P+B,move2:N+B,move2:N+R,move2:B+R,move2:R+Q,move2:Q+K,move3:P+N+B,choose1:P/N,choose1:N/B,choose1:B/R,choose1:R/Q,choose1:Q/K,choose2:P/N/B,choose2:N/B/R,choose2:B/R/Q,choose2:R/Q/K,choose2:P/N/K,relocate*2,skip*2,enemy2*2,pawns-back,pawns-forward,remove:N,remove:B,recover*3,bomb:qside,bomb:kside,bomb-cruel:center,bomb-fierce:core,bomb-crazy:belt,super:Q,super:R,super:B,superknights,untouchable,freeze:N,freeze:B,freeze:R,noretreat,leadking discard=- hold=-,- pool=-/- turn=start",
	"r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 4 4 pile=move1:P*2,move1:N,move1:B,move1:R,move1:Q,move1:K,move2:P+P,move2:P+N,move2:P+B,move2:N+B,move2:N+R,move2:B+R,move2:R+Q,move2:Q+K,move3:P+N+B,choose1:P/N,choose1:N/B,choose1:B/R,choose1:R/Q,choose1:Q/K,choose2:P/N/B,choose2:N/B/R,choose2:B/R/Q,choose2:R/Q/K,choose2:P/N/K,relocate*2,skip,enemy2*2,pawns-back,pawns-forward,remove:N,remove:B,recover*3,bomb:qside,bomb:kside,bomb-cruel:center,bomb-fierce:core,bomb-crazy:belt,super:Q,super:R,super:B,superknights,untouchable,freeze:N,freeze:B,freeze:R,noretreat discard=skip hold=-,leadking pool=-/- turn=start",
	"r1bqkb1r/pppp1ppp/2n2n2/4p1N1/4P3/8/PPPP1PPP/RNBQKB1R w KQkq - 4 4 pile=move1:P*2,move1:N,move1:B,move1:R,move1:Q,move1:K,move2:P+P,move2:P+N,move2:P+B,move2:N+R,move2:B+R,move2:R+Q,move2:Q+K,move3:P+N+B,choose1:P/N,choose1:N/B,choose1:B/R,choose1:R/Q,choose1:Q/K,choose2:P/N/B,choose2:N/B/R,choose2:B/R/Q,choose2:R/Q/K,choose2:P/N/K,relocate*2,skip,enemy2*2,pawns-back,pawns-forward,remove:N,remove:B,recover*3,bomb:qside,bomb:kside,bomb-cruel:center,bomb-fierce:core,bomb-crazy:belt,super:Q,super:R,super:B,superknights,untouchable,freeze:N,freeze:B,freeze:R,noretreat discard=skip hold=-,leadking pool=-/- turn=move2:N+B used=N moved=g5",
}

// Three-turn examples.
var docExamples3 = []string{
	"rnbqkbnr/ppp2ppp/8/3Pp3/8/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 3 pile=move1:P,move1:N,move1:B,move1:R,move1:Q,move1:K,move2:P+P,move2:P+N,move2:P+B,move2:N+B,move2:N+R,move2:B+R,move2:R+Q,move2:Q+K,move3:P+N+B,choose1:P/N,choose1:N/B,choose1:B/R,choose1:R/Q,choose1:Q/K,choose2:P/N/B,choose2:N/B/R,choose2:B/R/Q,choose2:R/Q/K,choose2:P/N/K,relocate*2,skip*2,enemy2*2,pawns-back,pawns-forward,remove:N,remove:B,recover*3,bomb:qside,bomb:kside,bomb-cruel:center,bomb-fierce:core,bomb-crazy:belt,super:R,super:B,superknights,untouchable,freeze:N,freeze:B,freeze:R,noretreat,leadking discard=move1:P hold=super:Q#2,- pool=-/p turn=start",
	"rnbqkbnr/ppp2ppp/8/3Pp3/3P4/8/PPP2PPP/RNBQKBNR w KQkq e6 0 3 pile=move1:P,move1:N,move1:B,move1:R,move1:Q,move1:K,move2:P+N,move2:P+B,move2:N+B,move2:N+R,move2:B+R,move2:R+Q,move2:Q+K,move3:P+N+B,choose1:P/N,choose1:N/B,choose1:B/R,choose1:R/Q,choose1:Q/K,choose2:P/N/B,choose2:N/B/R,choose2:B/R/Q,choose2:R/Q/K,choose2:P/N/K,relocate*2,skip*2,enemy2*2,pawns-back,pawns-forward,remove:N,remove:B,recover*3,bomb:qside,bomb:kside,bomb-cruel:center,bomb-fierce:core,bomb-crazy:belt,super:R,super:B,superknights,untouchable,freeze:N,freeze:B,freeze:R,noretreat,leadking discard=move1:P hold=super:Q#2,- pool=-/p turn=move2:P+P used=P moved=d4 irrev=1",
}

func TestDocExamples(t *testing.T) {
	for _, ex := range docExamples3 {
		s, err := ParseState(ex, Options{ThreeTurns: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Encode(); got != ex {
			t.Fatalf("encodes as\n%s\nwant\n%s", got, ex)
		}
	}
	// The game that leads to the examples.
	s := New(Options{})
	play(t, s, "e2e4", "e7e5", "g1f3", "b8c6", "draw", "skip", "draw", "leadking", "g8f6")
	if s.Encode() != docExamples[1] {
		t.Fatal(s.Encode())
	}
	play(t, s, "draw", "move2:N+B", "f3g5")
	if s.Encode() != docExamples[2] {
		t.Fatal(s.Encode())
	}
	for _, ex := range docExamples {
		s, err := ParseState(ex, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Encode(); got != ex {
			t.Fatalf("encodes as\n%s\nwant\n%s", got, ex)
		}
	}
	// The short forms: plain FEN (whole deck in the pile), and only the
	// fields that differ from the defaults.
	short := []string{
		"4k3/8/8/8/8/8/8/4K2R w K - 0 10 hold=super:Q,- discard=skip*2",
		"4k3/8/8/8/8/8/8/4K2R w K -",
	}
	for _, sh := range short {
		s, err := ParseState(sh, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if s.CardCount() != 54 {
			t.Fatal("card count")
		}
	}
}

func TestParseStateErrors(t *testing.T) {
	const b = "4k3/8/8/8/8/8/7P/4K3 w - - 0 10"
	bad := []string{
		"", "startpos moves", b + " foo=1", b + " hold=-,- hold=-,-", b + " pile=nope",
		b + " discard=skip*3", b + " pile=skip", "4k3/8/8/8/8/8/8/4K2P w - - 0 10",
		"4kk2/8/8/8/8/8/8/4K3 w - - 0 10", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 10",
		b + " hold=skip,-", b + " hold=super:Q#2,-", b + " hold=super:Q,super:Q",
		b + " turn=skip", b + " turn=super:Q", b + " turn=move2:N+B used=Q",
		b + " turn=move2:N+B used=NB", b + " turn=move1:P used=P moved=h2", b + " turn=start used=P",
		b + " moved=e1", b + " turn=move2:P+P used=P moved=e8", "4k3/8/8/8/8/8/7P/4K3 w - - 0 1 turn=draw",
		b + " epnext=e3", b + " pool=K/-", b + " pool=PPPPPPPPPPPPPPPP/-", "4k3/8/8/8/8/8/7P/4K3 w - e6 0 10",
		b + " turn=move1:N", b + " irrev=1", b + " irrev=2 turn=move", b + " turn=", "4k3/8/8/8/8/8/7P/4K3 w - - x 10",
		"4k3/8/8/8/8/8/7P/4K3 w - - 0 0", b + " pile=skip*99",
	}
	for _, s := range bad {
		if _, err := ParseState(s, Options{}); err == nil {
			t.Errorf("accepted %q", s)
		}
	}
	if _, err := ParseState(b+" hold=super:Q#2,-", Options{ThreeTurns: true}); err != nil {
		t.Error(err)
	}
	if _, err := ParseState(b+" pile=- discard=-", Options{ExcludeTemporal: 1<<10 - 1}); err == nil {
		t.Error("empty deck accepted")
	}
	if !strings.Contains(New(Options{}).Encode(), "turn=start") {
		t.Error("encode")
	}
}
