package spy

import (
	"math/rand/v2"
	"slices"
	"testing"

	"azar/variants"
	"azar/variants/chess"
)

func mustParse(t testing.TB, fen string, opts ...Options) *State {
	t.Helper()
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	s, err := ParseState(fen, o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// play applies the tokens, failing the test on the first refusal.
func play(t testing.TB, s *State, tokens ...string) {
	t.Helper()
	for _, tok := range tokens {
		a, err := s.ParseAction(tok)
		if err != nil {
			t.Fatalf("%s in %s: %v", tok, s.EncodeFull(), err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("apply %s: %v", tok, err)
		}
	}
}

// legalTokens lists the legal actions' tokens, sorted.
func legalTokens(s *State) []string {
	var out []string
	for _, a := range s.Legal(nil) {
		out = append(out, s.FormatAction(a))
	}
	slices.Sort(out)
	return out
}

func hasToken(s *State, tok string) bool { return slices.Contains(legalTokens(s), tok) }

// randomDealt deals a game with a seeded shuffle; wildcards choose at
// random.
func randomDealt(rng *rand.Rand, opts Options) *State {
	w, b := Deal(rng)
	w, _ = w.Choose(Role(rng.IntN(6)))
	b, _ = b.Choose(Role(rng.IntN(6)))
	s, err := NewGame(opts, w, b)
	if err != nil {
		panic(err)
	}
	return s
}

// randomStep plays a random legal action, a legal reveal with probability
// revealBias; false once the game is over.
func randomStep(s *State, rng *rand.Rand, revealBias float64) bool {
	l := s.Legal(nil)
	if len(l) == 0 {
		return false
	}
	a := l[rng.IntN(len(l))]
	if _, ok := IsReveal(l[len(l)-1]); ok && rng.Float64() < revealBias {
		a = l[len(l)-1]
	}
	if err := s.Apply(a); err != nil {
		panic(err)
	}
	return true
}

var _ variants.State = (*State)(nil)

func sq(s string) chess.Square {
	x, ok := chess.ParseSquare(s)
	if !ok {
		panic(s)
	}
	return x
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 1)) }
