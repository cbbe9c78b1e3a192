package hands

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"azar/search"
	"azar/variants"
	"azar/variants/chess"
	"azar/variants/magic"
)

// quietGame is eight quiet moves each, every END window passed (both
// players hold cards, so every move opens one).
var quietGame = []string{
	"e2e4", "pass", "e7e5", "pass", "g1f3", "pass", "b8c6", "pass", "f1c4", "pass", "g8f6", "pass",
	"d2d3", "pass", "f8c5", "pass", "c2c3", "pass", "d7d6", "pass", "b1d2", "pass", "c8e6", "pass",
	"h2h3", "pass", "h7h6", "pass", "a2a3", "pass", "a7a6", "pass",
}

func codes(t *testing.T, list string) magic.CardSet {
	t.Helper()
	s, err := magic.ParseCardSet(list)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// played is a referee's game from the hands, after the actions.
func played(t *testing.T, white, black magic.CardSet, actions ...string) *magic.State {
	t.Helper()
	st := magic.NewWithHands(magic.Options{}, white, black)
	if err := st.ApplyTokens(actions...); err != nil {
		t.Fatal(err)
	}
	return st
}

// TestPassWeights: after Black passed eight END windows, Blizzard (AM38,
// an END card with a target in every one of them) weighs
// PassFactorEnd^8 in White's view, a card that is never legal in the END
// window (Rewind, AM03: reactions and the mate save only) keeps 1, and
// White's own cards and the cards not unaccounted weigh 0.
func TestPassWeights(t *testing.T) {
	white := codes(t, "AM01,AM02,AM04,AM05,AM06,AM07,AM08,AM09,AM10,AM11")
	black := codes(t, "AM38,AM12,AM13,AM14,AM15,AM16,AM17,AM18,AM19,AM20")
	view := played(t, white, black, quietGame...).View(0)
	w := passWeights(view, chess.Black, nil)
	am03, _ := magic.ParseCode("AM03")
	am38, _ := magic.ParseCode("AM38")
	if want := math.Pow(PassFactorEnd, 8); math.Abs(w[am38]-want) > 1e-9 {
		t.Errorf("AM38 weighs %v, want %v", w[am38], want)
	}
	if w[am03] != 1 {
		t.Errorf("AM03 weighs %v, want 1", w[am03])
	}
	for _, c := range white.Cards() {
		if w[c] != 0 {
			t.Errorf("White's own %s weighs %v", c, w[c])
		}
	}
	// The memo gives the same weights, and so does a second call on it.
	memo := map[uint64]magic.CardSet{}
	for range 2 {
		if got := passWeights(view, chess.Black, memo); got != w {
			t.Errorf("with the memo: %v, want %v", got, w)
		}
	}
	if len(memo) != 8 {
		t.Errorf("memo of %d windows, want Black's 8", len(memo))
	}
	// Black's view: White passed eight END windows too.
	if wb := passWeights(played(t, white, black, quietGame...).View(1), chess.White, nil); wb[am38] != 0 || wb[am03] != 1 {
		t.Errorf("Black's view: its own AM38 weighs %v, want 0; AM03 %v, want 1", wb[am38], wb[am03])
	}
}

// TestPassesSampleLess: in the worlds' deals, a card that was legal in
// the eight END windows Black passed is in Black's hand less often than
// in the uniform belief (10 of the 30 unaccounted cards: 1/3), and a
// card never legal there more often (the hand's size is fixed). The
// weight of AM38, PassFactorEnd^8, is 0.51.
func TestPassesSampleLess(t *testing.T) {
	white := codes(t, "AM01,AM02,AM04,AM05,AM06,AM07,AM08,AM09,AM10,AM11")
	black := codes(t, "AM38,AM12,AM13,AM14,AM15,AM16,AM17,AM18,AM19,AM20")
	view := played(t, white, black, quietGame...).View(0)
	am03, _ := magic.ParseCode("AM03")
	am38, _ := magic.ParseCode("AM38")
	const n = 20000
	count := func(b Belief) (c38, c03 int) {
		o := DefaultOptions()
		o.Belief = b
		e := New(o)
		rng := rand.New(rand.NewPCG(7, 11))
		for range n {
			// One deal at a time: sample's worlds are distinct, a count
			// over deals needs each of them.
			e.opts.MaxWorlds = 1
			ws := e.sample(view, rng)
			h, known := ws[0].st.Hand(chess.Black)
			if !known || h.Count() != 10 || h&white != 0 {
				t.Fatalf("%v: Black's hand %v (known %v)", b, h, known)
			}
			if h.Has(am38) {
				c38++
			}
			if h.Has(am03) {
				c03++
			}
		}
		return
	}
	u38, u03 := count(BeliefUniform)
	p38, p03 := count(BeliefPasses)
	t.Logf("AM38: uniform %d, passes %d; AM03: uniform %d, passes %d (of %d)", u38, p38, u03, p03, n)
	third := float64(n) / 3
	// Binomial sd at n = 20000, p = 1/3: 67; the bounds are 4.5 sd.
	if math.Abs(float64(u38)-third) > 300 || math.Abs(float64(u03)-third) > 300 {
		t.Errorf("uniform: AM38 %d, AM03 %d, want about %.0f", u38, u03, third)
	}
	if float64(p38) > third-1000 {
		t.Errorf("passes: AM38 in %d hands, want fewer than %.0f", p38, third-1000)
	}
	if float64(p03) < third || p03 < u03 {
		t.Errorf("passes: AM03 in %d hands, want more than %.0f and the uniform %d", p03, third, u03)
	}
}

// TestDrawHandExact: drawHand draws a hand with probability proportional
// to the product of its cards' weights.
func TestDrawHandExact(t *testing.T) {
	var w [magic.NumCards]float64
	w[3], w[7], w[9] = 1, 1, 0.5
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 40000
	for _, c := range []struct {
		k    int
		want map[magic.CardSet]float64
	}{
		{1, map[magic.CardSet]float64{1 << 3: 0.4, 1 << 7: 0.4, 1 << 9: 0.2}},
		{2, map[magic.CardSet]float64{1<<3 | 1<<7: 0.5, 1<<3 | 1<<9: 0.25, 1<<7 | 1<<9: 0.25}},
		{3, map[magic.CardSet]float64{1<<3 | 1<<7 | 1<<9: 1}},
	} {
		got := map[magic.CardSet]int{}
		for range n {
			h, ok := drawHand(&w, c.k, rng)
			if !ok {
				t.Fatalf("k %d: no hand", c.k)
			}
			got[h]++
		}
		for h, p := range c.want {
			// sd at most 0.0025: the bound is 4 sd.
			if f := float64(got[h]) / n; math.Abs(f-p) > 0.01 {
				t.Errorf("k %d: %v drawn %.4f, want %.2f", c.k, h, f, p)
			}
		}
		if len(got) != len(c.want) {
			t.Errorf("k %d: hands %v", c.k, got)
		}
	}
	for _, k := range []int{-1, 4} {
		if h, ok := drawHand(&w, k, rng); ok {
			t.Errorf("k %d: %v", k, h)
		}
	}
	if h, ok := drawHand(&w, 0, rng); !ok || h != 0 {
		t.Errorf("k 0: %v %v", h, ok)
	}
}

// TestPassesNoSecret: the weights and the worlds come from the view
// alone. Two deals that differ only in what White cannot see (Black's
// hand, and so the stock) after the same public actions give White the
// same weights and the same worlds; so does the view of the referee's
// state and the state the protocol builds from the public history
// (other hands under the same counts).
func TestPassesNoSecret(t *testing.T) {
	white := codes(t, "AM01,AM02,AM04,AM05,AM06,AM07,AM08,AM09,AM10,AM11")
	blacks := []magic.CardSet{
		codes(t, "AM38,AM12,AM13,AM14,AM15,AM16,AM17,AM18,AM19,AM20"),
		codes(t, "AM21,AM22,AM23,AM24,AM25,AM26,AM27,AM28,AM29,AM30"),
		codes(t, "AM03,AM31,AM32,AM33,AM34,AM35,AM36,AM37,AM39,AM40"),
	}
	o := DefaultOptions()
	o.Belief = BeliefPasses
	o.MaxWorlds = 16
	var w0 [magic.NumCards]float64
	var hands0 []magic.CardSet
	for i, black := range blacks {
		view := played(t, white, black, quietGame...).View(0)
		w := passWeights(view, chess.Black, nil)
		var hands []magic.CardSet
		for _, x := range New(o).sample(view, rand.New(rand.NewPCG(5, view.Key()))) {
			h, _ := x.st.Hand(chess.Black)
			hands = append(hands, h)
		}
		if i == 0 {
			w0, hands0 = w, hands
			continue
		}
		if w != w0 {
			t.Errorf("deal %d: weights %v, want %v", i, w, w0)
		}
		if !slices.Equal(hands, hands0) {
			t.Errorf("deal %d: worlds %v, want %v", i, hands, hands0)
		}
	}
	// White's view built from the public history alone: Black's hand a
	// count over the cards White does not hold.
	var filler magic.CardSet
	for c := magic.CardID(0); filler.Count() < 10; c++ {
		if !white.Has(c) {
			filler |= 1 << c
		}
	}
	pub := magic.NewWithHands(magic.Options{}, white, filler).View(0)
	if err := pub.ApplyTokens(quietGame...); err != nil {
		t.Fatal(err)
	}
	if w := passWeights(pub, chess.Black, nil); w != w0 {
		t.Errorf("the public history: weights %v, want %v", w, w0)
	}
}

// TestPassesOddHistories: no panic and weights in [MinWeight, 1] on the
// unaccounted cards, 0 elsewhere, whatever the history: a state with no
// history (a FEN), a referee's state, a view with both hands unknown,
// random games in both modes, each view along them; and a search with
// the belief from passes on views along a random game.
func TestPassesOddHistories(t *testing.T) {
	check := func(what string, st *magic.State, opp chess.Color) {
		t.Helper()
		w := passWeights(st, opp, map[uint64]magic.CardSet{})
		for c := magic.CardID(0); c < magic.NumCards; c++ {
			un := st.Unaccounted().Has(c)
			if un && (w[c] < MinWeight || w[c] > 1) || !un && w[c] != 0 {
				t.Fatalf("%s: %s weighs %v (unaccounted %v)", what, c, w[c], un)
			}
		}
	}
	fen := mustState(t, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 hands=2,2 white=AM01,AM02", magic.Options{})
	check("FEN", fen, chess.Black)
	check("FEN's view", fen.View(0), chess.Black)
	ref := magic.New(magic.Options{}, 9)
	check("referee", ref, chess.Black)
	check("no hand known", ref.View(0).View(1), chess.Black)
	e := New(Options{MaxWorlds: 4, HashMB: 1, Belief: BeliefPasses, Seed: 3})
	for seed := uint64(1); seed <= 6; seed++ {
		opts := magic.Options{}
		if seed%2 == 0 {
			opts.Mode = magic.Advanced
		}
		st := magic.New(opts, seed)
		rng := rand.New(rand.NewPCG(seed, 1))
		for ply := 0; ply < 300 && st.ToAct() >= 0; ply++ {
			me := chess.Color(st.ToAct())
			view := st.View(variants.Player(me))
			check("random game", view, me.Other())
			check("both unknown", view.View(variants.Player(me.Other())), me.Other())
			if ply%40 == 7 {
				if r := e.Search(t.Context(), view, search.Limits{Nodes: 300}, nil, nil); !r.Found {
					t.Fatalf("seed %d ply %d: no action", seed, ply)
				}
			}
			legal := st.Legal(nil)
			// Passes most of the time, so that windows are passed.
			a := legal[rng.IntN(len(legal))]
			if slices.Contains(legal, magic.PassAction) && rng.IntN(4) > 0 {
				a = magic.PassAction
			}
			st.ApplyTrusted(a)
		}
	}
}

func TestParseBelief(t *testing.T) {
	for i, n := range Beliefs() {
		if b, err := ParseBelief(n); err != nil || int(b) != i || b.String() != n {
			t.Errorf("%s: %v %v", n, b, err)
		}
	}
	if b, err := ParseBelief("PASSES"); err != nil || b != BeliefPasses {
		t.Errorf("PASSES: %v %v", b, err)
	}
	if _, err := ParseBelief("guess"); err == nil {
		t.Error("guess accepted")
	}
	if e := New(Options{Belief: 9}); e.Options().Belief != DefaultBelief {
		t.Errorf("belief 9 set as %v", e.Options().Belief)
	}
}
