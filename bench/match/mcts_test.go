package match

import (
	"azar/variants/lucky"
	"azar/variants/spy"
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	gamerules "azar/variants"
	"azar/variants/chaturanga4"
	"azar/variants/chess"
	"azar/variants/magic"
)

// mctsAnswer is the MCTS player's answer to position.
func mctsAnswer(t *testing.T, v Variant, kind, position string, seed uint64) string {
	t.Helper()
	m, err := newMCTSMover(v, kind)
	if err != nil {
		t.Fatal(err)
	}
	a, err := m.move(position, rand.New(rand.NewPCG(seed, 1)))
	if err != nil {
		t.Fatalf("%s on %q: %v", kind, position, err)
	}
	return a
}

// mctsMagicAnswer is the MCTS player's answer in the magic state st (a
// FEN with hand counts of its own, which a position argument cannot
// give), seen from the seat to act.
func mctsMagicAnswer(t *testing.T, kind string, st *magic.State, seed uint64) gamerules.Action {
	t.Helper()
	m, err := newMCTSMover(Magic{}, kind)
	if err != nil {
		t.Fatal(err)
	}
	m.search.cfg = m.budget("", 0)
	me := chess.Color(st.ToAct())
	tok, err := m.decide(newMagicMCTS(st, me), st.View(gamerules.Player(me)), rand.New(rand.NewPCG(seed, 1)))
	if err != nil {
		t.Fatal(err)
	}
	a, err := st.ParseAction(tok)
	if err != nil {
		t.Fatalf("%s: %v", tok, err)
	}
	return a
}

func mustMagic(t *testing.T, fen string) *magic.State {
	t.Helper()
	st, err := magic.ParseState(fen, magic.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// Positions where no card, reveal or window can save the mated side. Spy:
// the mate is the queen's, which no card names, and White has nothing
// Black's card could name (king and queen only), so no reveal stops it.
// Magic: White holds no card (hands=0,2), so the mate-save window has
// only its pass. Lucky: a king in check may not draw. Chaturanga4: two
// seats left, Red's elephant takes Black's raja, the last but one.
const (
	mateLucky = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
	mateSpy   = "6k1/5ppp/8/8/8/8/8/3Q2K1 w - - 0 1"
	mateMagic = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2 hands=0,2 black=AM13,AM33"
	mateC4    = "bK6bP/8/8/8/8/8/7rP/rE6rK r r--b -/-/-/- 0 1"
)

// TestMCTSMateInOne: the mate (the raja's capture) in every game, with
// the budget the matches use at their lowest.
func TestMCTSMateInOne(t *testing.T) {
	for _, c := range []struct {
		v        Variant
		position string
		want     string
	}{
		{Lucky{}, "fen " + mateLucky, "a1a8"},
		{Spy{}, "fen " + mateSpy + " card w=spy:Pa", "d1d8"},
		{Chaturanga4{}, "fen " + mateC4, "a1a8"},
	} {
		for seed := uint64(1); seed <= 3; seed++ {
			if got := mctsAnswer(t, c.v, "mcts:iter=1000", c.position, seed); got != c.want {
				t.Errorf("%s seed %d: %s, want the mate %s", c.v.Name(), seed, got, c.want)
			}
		}
	}
	st := mustMagic(t, mateMagic)
	for seed := uint64(1); seed <= 3; seed++ {
		a := mctsMagicAnswer(t, "mcts:iter=1000", st, seed)
		w := st.Clone().(*magic.State)
		if err := w.Apply(a); err != nil {
			t.Fatal(err)
		}
		// The windows after the mate are declined: White holds no card
		// to save it with.
		for i := 0; i < 4 && w.ToAct() != gamerules.NoPlayer; i++ {
			if err := w.Apply(magic.PassAction); err != nil {
				t.Fatalf("magic seed %d: after %s no pass: %v", seed, magic.FormatAction(a), err)
			}
		}
		if over, sc, why := w.Result(); !over || sc[1] != 1 {
			t.Errorf("magic seed %d: %s is no mate (%v %v %s)", seed, magic.FormatAction(a), over, sc, why)
		}
	}
}

// TestMCTSFreeQueen: a queen (chaturanga4: an elephant) taken for
// nothing. Magic also counts a card that removes it; White holds the
// cards there, Black none, and magic needs the most iterations: its
// first 20 children are tried once each among some 300 commitments.
func TestMCTSFreeQueen(t *testing.T) {
	const free = "4k3/pp6/8/3q4/4P3/8/PP6/4K3 w - - 0 1"
	for _, c := range []struct {
		v        Variant
		position string
		want     string
	}{
		{Lucky{}, "fen " + free, "e4d5"},
		{Spy{}, "fen " + free + " card w=neutral", "e4d5"},
		{Chaturanga4{}, "fen bK7/bP7/8/3bE4/8/2rN5/rP7/7rK r r--b -/-/-/- 0 1", "c3d5"},
	} {
		for seed := uint64(1); seed <= 3; seed++ {
			if got := mctsAnswer(t, c.v, "mcts:iter=1000", c.position, seed); got != c.want {
				t.Errorf("%s seed %d: %s, want %s", c.v.Name(), seed, got, c.want)
			}
		}
	}
	st := mustMagic(t, free+" hands=2,0 white=AM13,AM33")
	for seed := uint64(1); seed <= 3; seed++ {
		a := mctsMagicAnswer(t, "mcts:iter=3000", st, seed)
		w := st.Clone().(*magic.State)
		if err := w.Apply(a); err != nil {
			t.Fatal(err)
		}
		if w.Position().Pieces(chess.Black, chess.Queen) != 0 {
			t.Errorf("magic seed %d: %s leaves the queen", seed, magic.FormatAction(a))
		}
	}
}

// TestMCTSPlaysLegally: whole games of every variant between two MCTS
// players on small budgets, each answer handed to the referee, which
// refuses any illegal one. Spy includes deals with a wildcard (its choice
// is an answer too).
func TestMCTSPlaysLegally(t *testing.T) {
	for _, c := range []struct {
		v       Variant
		kind    string
		games   int
		actions int
	}{
		{Lucky{}, "mcts:iter=60", 6, 200},
		{Spy{}, "mcts:iter=60", 10, 200},
		{Magic{}, "mcts:iter=15", 3, 120},
		{Chaturanga4{}, "mcts:iter=60", 3, 300},
	} {
		wild := 0
		for seed := uint64(1); seed <= uint64(c.games); seed++ {
			g, err := c.v.NewGame(Opening{}, rand.New(rand.NewPCG(seed, 0)))
			if err != nil {
				t.Fatal(err)
			}
			if sg, ok := g.(*spyGame); ok && (sg.dealt[0] == spy.Wild || sg.dealt[1] == spy.Wild) {
				wild++
			}
			players := make([]*builtin, len(c.v.Seats()))
			for s := range players {
				b, err := newBuiltin(c.v, c.kind)
				if err != nil {
					t.Fatal(err)
				}
				b.seed(seed, 0, s)
				players[s] = b
			}
			for n := 0; n < c.actions; n++ {
				if _, over := g.Result(); over {
					break
				}
				s := g.ToMove()
				r, err := players[s].Go(context.Background(), g.Position(s), "", time.Second)
				if err != nil {
					t.Fatalf("%s game %d action %d: %v", c.v.Name(), seed, n+1, err)
				}
				if _, err := g.Play(s, r.Move); err != nil {
					t.Fatalf("%s game %d action %d: the referee refuses %s in %q: %v", c.v.Name(), seed, n+1, r.Move, g.Position(s), err)
				}
			}
		}
		if _, ok := c.v.(Spy); ok && wild == 0 {
			t.Errorf("spy: no deal with a wildcard among %d games: choose other seeds", c.games)
		}
	}
}

// TestMCTSSeesNoSecret: the MCTS player given the referee's own state
// (both spy cards, both magic hands) decides exactly as it does from the
// same state with the opponent's secret changed: its search keeps only
// its seat's view. Every root statistic must match, not just the move.
func TestMCTSSeesNoSecret(t *testing.T) {
	cfg := mctsConfig{iters: 400, c: mctsDefaultC, playout: PlayoutMVV, depth: mctsDefaultDepth}
	same := func(what string, a, b []mctsChoice) {
		t.Helper()
		if len(a) != len(b) {
			t.Fatalf("%s: %d root children against %d", what, len(a), len(b))
		}
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("%s: root child %d: %+v against %+v", what, i, a[i], b[i])
			}
		}
	}
	// Spy: White holds spy:Pe; Black's card differs (a knight, none, the
	// c-pawn), the moves are the same.
	moves := []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"}
	var spyRuns [][]mctsChoice
	for _, black := range []spy.Card{spy.SpyKN, spy.Neutral, spy.SpyCard(spy.Pc)} {
		st, err := spy.NewGame(spy.Options{}, spy.SpyCard(spy.Pe), black)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.ApplyTokens(moves...); err != nil {
			t.Fatal(err)
		}
		spyRuns = append(spyRuns, newMCTS(cfg).search(newSpyMCTS(st, chess.White), rand.New(rand.NewPCG(5, 5))))
	}
	same("spy, Black's card changed", spyRuns[0], spyRuns[1])
	same("spy, Black's card changed", spyRuns[0], spyRuns[2])

	// Magic: the referee's deal, and the same with Black's hand swapped
	// for two other cards. Two-card hands keep the root narrow enough for
	// the tree to reach Black's replies, where Black's cards would show.
	opts := magic.Options{HandSize: 2}
	wa, _ := magic.New(opts, 1).Hand(chess.White)
	ba, _ := magic.New(opts, 1).Hand(chess.Black)
	var other magic.CardSet
	for c := magic.CardID(0); c < magic.NumCards && other.Count() < 2; c++ {
		if !wa.Has(c) && !ba.Has(c) {
			other |= 1 << c
		}
	}
	var magicRuns [][]mctsChoice
	for _, black := range []magic.CardSet{ba, other} {
		st := magic.NewWithHands(opts, wa, black)
		if err := st.ApplyTokens("e2e4", "pass", "e7e5", "pass"); err != nil {
			t.Fatal(err)
		}
		magicRuns = append(magicRuns, newMCTS(mctsConfig{iters: 400, c: mctsDefaultC, playout: PlayoutMVV, depth: mctsDefaultDepth}).search(newMagicMCTS(st, chess.White), rand.New(rand.NewPCG(5, 5))))
	}
	same("magic, Black's hand changed", magicRuns[0], magicRuns[1])
}

// TestMCTSDeterministic: the same seed gives the same answer and the same
// tree; another seed another tree.
func TestMCTSDeterministic(t *testing.T) {
	st := lucky.New(lucky.Options{})
	if err := st.ApplyTokens("e2e4", "e7e5", "g1f3", "b8c6"); err != nil {
		t.Fatal(err)
	}
	run := func(seed uint64) []mctsChoice {
		return newMCTS(mctsConfig{iters: 500, c: mctsDefaultC, playout: PlayoutMVV, depth: mctsDefaultDepth}).search(newLuckyMCTS(st), rand.New(rand.NewPCG(seed, 9)))
	}
	a, b, c := run(1), run(1), run(2)
	if len(a) != len(b) {
		t.Fatalf("same seed: %d and %d root children", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("same seed: root child %d %+v, then %+v", i, a[i], b[i])
		}
	}
	differ := len(a) != len(c)
	for i := 0; !differ && i < len(a); i++ {
		differ = a[i] != c[i]
	}
	if !differ {
		t.Error("seeds 1 and 2 grow the same tree")
	}
	pos := "startpos moves e2e4 e7e5 g1f3 b8c6"
	if x, y := mctsAnswer(t, Lucky{}, "mcts:iter=500", pos, 3), mctsAnswer(t, Lucky{}, "mcts:iter=500", pos, 3); x != y {
		t.Errorf("same seed: %s then %s", x, y)
	}
}

// TestMCTSChanceFollowsTheCards: lucky's draws in the tree come from the
// rules' distribution of the cards not seen: over many samples each card
// kind's share is its share of the draw source (within 4 standard
// errors).
func TestMCTSChanceFollowsTheCards(t *testing.T) {
	st := lucky.New(lucky.Options{})
	if err := st.ApplyTokens("e2e4", "e7e5", "draw"); err != nil {
		t.Fatal(err)
	}
	if st.ToAct() != gamerules.Chance {
		t.Fatalf("after draw: %d to act, want chance", st.ToAct())
	}
	want := st.Chances(nil)
	m := newMCTS(mctsConfig{})
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 40000
	counts := map[gamerules.Action]int{}
	for range n {
		counts[m.sampleChance(st, rng)]++
	}
	for _, o := range want {
		got := float64(counts[o.Action]) / n
		if se := math.Sqrt(o.Prob * (1 - o.Prob) / n); math.Abs(got-o.Prob) > 4*se+1e-9 {
			t.Errorf("%s: drawn %.4f, its share of the pile %.4f", st.FormatAction(o.Action), got, o.Prob)
		}
	}
	if len(counts) != len(want) {
		t.Errorf("%d kinds drawn, %d in the pile", len(counts), len(want))
	}
}

// TestMCTSKind: the options and their refusals.
func TestMCTSKind(t *testing.T) {
	cfg, err := parseMCTSKind("mcts:iter=500,ms=20,c=1.2,playout=random,depth=4")
	if err != nil || cfg.iters != 500 || cfg.budget != 20*time.Millisecond || cfg.c != 1.2 || cfg.playout != PlayoutRandom || cfg.depth != 4 {
		t.Errorf("got %+v %v", cfg, err)
	}
	for _, bad := range []string{"mcts:iter=0", "mcts:iter", "mcts:ms=-1", "mcts:c=x", "mcts:playout=deep", "mcts:speed=3"} {
		if _, err := parseMCTSKind(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	if _, err := newBuiltin(Chess{}, "mcts"); err == nil || !strings.Contains(err.Error(), "no MCTS player") {
		t.Errorf("chess: %v", err)
	}
	m, err := newMCTSMover(Spy{}, "mcts")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		goArgs string
		limit  time.Duration
		iters  int
		budget time.Duration
	}{
		{"", 0, mctsDefaultIters, 0},
		{"movetime 100", 100 * time.Millisecond, 0, 90 * time.Millisecond},
		{"wtime 9000 btime 9000 winc 100 binc 100", 9 * time.Second, 0, 375 * time.Millisecond},
	} {
		if got := m.budget(c.goArgs, c.limit); got.iters != c.iters || got.budget != c.budget {
			t.Errorf("%q: %d iterations, %v", c.goArgs, got.iters, got.budget)
		}
	}
}

// TestMCTSAllocations: once the node pool has grown, a 1000-iteration
// search in lucky, spy or chaturanga4 allocates next to nothing (it was
// one allocation an iteration while the value vector escaped to the
// heap). Magic is left out: each iteration's determinization is a copy of
// the state (State.Determinize), some 16 allocations next to a card
// generation that costs far more.
func TestMCTSAllocations(t *testing.T) {
	if underRace {
		t.Skip("the race detector allocates: the counts are for a plain build")
	}
	ls := lucky.New(lucky.Options{})
	ss, err := spy.NewGame(spy.Options{}, spy.SpyCard(spy.Pe), spy.SpyKN)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []interface{ ApplyTokens(...string) error }{ls, ss} {
		if err := st.ApplyTokens("e2e4", "e7e5", "g1f3", "b8c6"); err != nil {
			t.Fatal(err)
		}
	}
	for name, g := range map[string]mctsGame{
		"lucky":       newLuckyMCTS(ls),
		"spy":         newSpyMCTS(ss, chess.White),
		"chaturanga4": newC4MCTS(chaturanga4.NewState(chaturanga4.Options{})),
	} {
		m := newMCTS(mctsConfig{iters: 1000, c: mctsDefaultC, playout: PlayoutMVV, depth: mctsDefaultDepth})
		rng := rand.New(rand.NewPCG(1, 1))
		m.search(g, rng)
		if n := testing.AllocsPerRun(2, func() { m.search(g, rng) }); n > 100 {
			t.Errorf("%s: %.0f allocations in a 1000-iteration search", name, n)
		}
	}
}
