package lucky

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"azar/variants"
	"azar/variants/chess"
)

// mk parses a state (defaults: the whole deck in the draw pile).
func mk(t *testing.T, fen string, opts ...Options) *State {
	t.Helper()
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	s, err := ParseState(fen, o)
	if err != nil {
		t.Fatalf("ParseState(%q): %v", fen, err)
	}
	return s
}

// tokens lists the legal actions' tokens, sorted.
func tokens(s *State) []string {
	var out []string
	for _, a := range s.Legal(nil) {
		out = append(out, FormatAction(a))
	}
	slices.Sort(out)
	return out
}

func play(t *testing.T, s *State, toks ...string) {
	t.Helper()
	if err := s.ApplyTokens(toks...); err != nil {
		t.Fatalf("play %v: %v\nstate %s\nlegal %v", toks, err, s.Encode(), tokens(s))
	}
}

// refuse checks that tok is illegal (ErrIllegal) and changes nothing.
func refuse(t *testing.T, s *State, tok string) {
	t.Helper()
	before := s.Encode()
	err := s.ApplyTokens(tok)
	if err == nil {
		t.Fatalf("%s accepted in %s", tok, before)
	}
	if !errors.Is(err, variants.ErrIllegal) {
		t.Fatalf("%s: error %v does not wrap ErrIllegal", tok, err)
	}
	if after := s.Encode(); after != before {
		t.Fatalf("refused %s changed the state:\n%s\n%s", tok, before, after)
	}
}

func wantLegal(t *testing.T, s *State, want ...string) {
	t.Helper()
	got := tokens(s)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("legal actions\n got %v\nwant %v\nstate %s", got, want, s.Encode())
	}
}

func wantHas(t *testing.T, s *State, has []string, hasNot []string) {
	t.Helper()
	got := tokens(s)
	for _, h := range has {
		if !slices.Contains(got, h) {
			t.Errorf("%s should be legal; legal %v in %s", h, got, s.Encode())
		}
	}
	for _, h := range hasNot {
		if slices.Contains(got, h) {
			t.Errorf("%s should not be legal; legal %v in %s", h, got, s.Encode())
		}
	}
}

func wantTurn(t *testing.T, s *State, c chess.Color, ph Phase) {
	t.Helper()
	if s.Side() != c || s.Phase() != ph {
		t.Fatalf("want %v in phase %v, got %v in %v: %s", c, ph, s.Side(), s.Phase(), s.Encode())
	}
}

func wantField(t *testing.T, s *State, field string) {
	t.Helper()
	if !strings.Contains(" "+s.Encode()+" ", " "+field+" ") {
		t.Fatalf("want field %q in %s", field, s.Encode())
	}
}

func kind(t *testing.T, id string) Kind {
	t.Helper()
	k, ok := KindByID(id)
	if !ok {
		t.Fatalf("no card %s", id)
	}
	return k
}

func at(s *State, sq string) chess.Piece {
	q, _ := chess.ParseSquare(sq)
	return s.Position().At(q)
}

func wantPiece(t *testing.T, s *State, sq string, letter byte) {
	t.Helper()
	pc := at(s, sq)
	got := byte('.')
	if pc != chess.NoPiece {
		got = pc.Letter()
	}
	if got != letter {
		t.Fatalf("%s holds %c, want %c: %s", sq, got, letter, s.Encode())
	}
}

func wantOver(t *testing.T, s *State, scores []float64, why string) {
	t.Helper()
	over, sc, reason := s.Result()
	if !over || !slices.Equal(sc, scores) || reason != why {
		t.Fatalf("result %v %v %q, want %v %q: %s", over, sc, reason, scores, why, s.Encode())
	}
	if s.ToAct() != variants.NoPlayer || len(s.Legal(nil)) != 0 {
		t.Fatalf("game over but %v acts", s.ToAct())
	}
}

func wantOngoing(t *testing.T, s *State) {
	t.Helper()
	if over, _, why := s.Result(); over {
		t.Fatalf("game over (%s): %s", why, s.Encode())
	}
}

type stringsBuilder struct{ strings.Builder }
