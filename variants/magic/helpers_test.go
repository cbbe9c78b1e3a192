package magic

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"azar/variants"
	"azar/variants/chess"
)

// game sets up a referee's state: fen (the six chess fields, maybe more
// keys) with the given hands.
func game(t *testing.T, fen, white, black string, opts Options) *State {
	t.Helper()
	count := func(h string) int {
		if h == "-" || h == "" {
			return 0
		}
		return len(strings.Split(h, ","))
	}
	if white == "" {
		white = "-"
	}
	if black == "" {
		black = "-"
	}
	str := fmt.Sprintf("%s hands=%d,%d white=%s black=%s", fen, count(white), count(black), white, black)
	s, err := ParseState(str, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

var adv = Options{Mode: Advanced}

func play(t *testing.T, s *State, toks ...string) {
	t.Helper()
	if err := s.ApplyTokens(toks...); err != nil {
		t.Fatalf("%v\nin %s", err, s.EncodeHands())
	}
}

func refuse(t *testing.T, s *State, toks ...string) {
	t.Helper()
	for _, tok := range toks {
		before := s.EncodeHands()
		_, err := s.ParseAction(tok)
		if !errors.Is(err, variants.ErrIllegal) {
			t.Errorf("%s: got %v, want an illegal-action error in %s", tok, err, before)
		}
		if s.EncodeHands() != before {
			t.Fatalf("refusing %s changed the state", tok)
		}
	}
}

func sq(s string) chess.Square {
	x, ok := chess.ParseSquare(s)
	if !ok {
		panic(s)
	}
	return x
}

// at is the FEN letter of the piece on a square, '.' if empty.
func at(s *State, square string) byte {
	pc := s.pos.At(sq(square))
	if pc == chess.NoPiece {
		return '.'
	}
	return pc.Letter()
}

func wantAt(t *testing.T, s *State, spec string) {
	t.Helper()
	for _, item := range strings.Fields(spec) {
		square, want := item[:2], item[3]
		if got := at(s, square); got != want {
			t.Errorf("%s: %c, want %c in %s", square, got, want, s.EncodeHands())
		}
	}
}

func wantPhase(t *testing.T, s *State, ph Phase, side chess.Color) {
	t.Helper()
	if s.m.over || s.m.ph != ph || s.m.side != side {
		t.Fatalf("phase %v side %v over %v, want %v %v: %s", s.m.ph, s.m.side, s.m.over, ph, side, s.EncodeHands())
	}
}

func hasToken(s *State, tok string) bool {
	for _, a := range s.Legal(nil) {
		if FormatAction(a) == tok {
			return true
		}
	}
	return false
}

func effect(s *State, c CardID) *Effect {
	if i := s.effectIndex(c); i >= 0 {
		return &s.eff[i]
	}
	return nil
}
