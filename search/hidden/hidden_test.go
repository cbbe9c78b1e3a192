package hidden

import (
	"context"
	"math"
	"slices"
	"testing"
	"time"

	"azar/eval"
	"azar/search"
	"azar/variants"
	"azar/variants/chess"
	"azar/variants/spy"
)

func mustState(t *testing.T, fen string) *spy.State {
	t.Helper()
	st, err := spy.ParseState(fen, spy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func searchWith(t *testing.T, p Policy, st *spy.State, l search.Limits) Result {
	t.Helper()
	o := DefaultOptions()
	o.Policy = p
	o.HashMB = 4
	e := New(o)
	before, hist := st.EncodeFull(), st.HistoryLen()
	res := e.Search(context.Background(), st, l, nil, nil)
	if st.EncodeFull() != before || st.HistoryLen() != hist {
		t.Fatalf("Search changed the state")
	}
	if !res.Found {
		t.Fatalf("no action found in %s", before)
	}
	if _, err := st.ParseAction(st.FormatAction(res.Action)); err != nil {
		t.Fatalf("bestmove %s is not legal in %s: %v", st.FormatAction(res.Action), before, err)
	}
	return res
}

func isReveal(a variants.Action) bool { _, ok := spy.IsReveal(a); return ok }

const (
	// White's card is Black's king's knight, standing on f6: revealing
	// it gives check and forks the black rook on h7.
	forkFEN = "4k3/7r/5n2/8/8/8/5PPP/5BQK w - - 0 1 RBN/- c-/-- g8:f6 w=spy:KN"
	// White's card is Black's king's rook, on e8: revealing it mates.
	mateFEN = "4r2k/6pp/8/8/8/8/8/3QK3 w - - 0 1 RBN/- c-/-- h8:e8 w=spy:KR"
	// A free queen: exd5 (the amazon on d5 is undefended).
	freeFEN = "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1 -/RBN --/-- - w=neutral"
	// White may reveal (Black's c7 pawn is its spy) but the pawn, turned
	// white on c7, is taken at once by the king.
	badRevealFEN = "8/1kp5/8/8/4P3/8/8/3QK3 w - - 0 1 RBN/- c-/-- - w=spy:Pc"
)

func TestTakesFreePiece(t *testing.T) {
	st := mustState(t, freeFEN)
	res := searchWith(t, PolicySearch, st, search.Limits{Depth: 3})
	if got := st.FormatAction(res.Action); got != "e4d5" {
		t.Errorf("played %s, want e4d5 (scores %v)", got, res.Scores)
	}
	if len(res.Scores) < 2 || res.Scores[0].Score-res.Scores[1].Score < 500 {
		t.Errorf("winning the queen is not 500 cp better than the next action: %v", res.Scores)
	}
}

func TestRevealForks(t *testing.T) {
	st := mustState(t, forkFEN)
	res := searchWith(t, PolicySearch, st, search.Limits{Depth: 3})
	if got := st.FormatAction(res.Action); got != "reveal:spy:KN" {
		t.Errorf("played %s, want reveal:spy:KN (scores %v)", got, res.Scores)
	}
	// Never: any other action, and the search does not count on the spy.
	res = searchWith(t, PolicyNever, st, search.Limits{Depth: 3})
	if isReveal(res.Action) {
		t.Errorf("PolicyNever revealed")
	}
	for _, s := range res.Scores {
		if isReveal(s.Action) {
			t.Errorf("PolicyNever searched the reveal at the root")
		}
	}
}

func TestRevealMates(t *testing.T) {
	st := mustState(t, mateFEN)
	res := searchWith(t, PolicySearch, st, search.Limits{Depth: 2})
	if got := st.FormatAction(res.Action); got != "reveal:spy:KR" {
		t.Errorf("played %s, want reveal:spy:KR", got)
	}
	if ok, n := search.IsMate(res.Score); !ok || n != 1 {
		t.Errorf("score %d, want mate in 1", res.Score)
	}
}

func TestPolicies(t *testing.T) {
	st := mustState(t, badRevealFEN)
	if res := searchWith(t, PolicySearch, st, search.Limits{Depth: 3}); isReveal(res.Action) {
		t.Errorf("search revealed a spy that is lost at once")
	}
	if res := searchWith(t, PolicyAsap, st, search.Limits{Depth: 3}); !isReveal(res.Action) {
		t.Errorf("asap did not reveal")
	}
	if res := searchWith(t, PolicyNever, st, search.Limits{Depth: 3}); isReveal(res.Action) {
		t.Errorf("never revealed")
	}
}

// TestNeverMustReveal: in check from its own spy, the reveal is the only
// legal action, and even PolicyNever plays it.
func TestNeverMustReveal(t *testing.T) {
	st := mustState(t, "7k/7b/8/8/7Q/1n6/RP6/K7 w - - 0 1 RBN/- c-/-- b8:b3 w=spy:QN")
	res := searchWith(t, PolicyNever, st, search.Limits{Depth: 2})
	if got := st.FormatAction(res.Action); got != "reveal:spy:QN" {
		t.Errorf("played %s, want the only legal action reveal:spy:QN", got)
	}
}

func TestWorlds(t *testing.T) {
	e := New(DefaultOptions())
	st := mustState(t, spy.StartFEN+" w=spy:KN")
	ws := e.worlds(st)
	if len(ws) != 15 {
		t.Errorf("%d worlds at the start, want 15 (14 spies and no spy)", len(ws))
	}
	sum := 0.0
	for _, w := range ws {
		sum += w.prob
		if w.st.Card(chess.Black) == spy.NoCard || w.st.Card(chess.White) != spy.SpyKN {
			t.Errorf("world cards %s/%s", w.st.Card(chess.White), w.st.Card(chess.Black))
		}
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("world probabilities sum to %v", sum)
	}
	// Capped worlds keep probabilities summing to 1.
	o := DefaultOptions()
	o.MaxWorlds, o.HashMB = 5, 1
	e.SetOptions(o)
	ws = e.worlds(st)
	sum = 0
	for _, w := range ws {
		sum += w.prob
	}
	if len(ws) > 5 || math.Abs(sum-1) > 1e-9 {
		t.Errorf("capped: %d worlds, probabilities sum to %v", len(ws), sum)
	}
	// Black's original queen gone: one world.
	st = mustState(t, "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 RBN/- --/-- - w=spy:KN")
	if ws := e.worlds(st); len(ws) != 1 {
		t.Errorf("%d worlds when the opponent can never reveal", len(ws))
	}
}

// TestLimits: node and time limits and cancellation all end the search
// with a legal action; a node-limited search is deterministic.
func TestLimits(t *testing.T) {
	st := mustState(t, spy.StartFEN+" w=spy:QB")
	play := func(tok string) {
		a, err := st.ParseAction(tok)
		if err == nil {
			err = st.Apply(a)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, tok := range []string{"e2e4", "d7d5", "e4e5", "c8f5"} {
		play(tok)
	}
	a := searchWith(t, PolicySearch, st, search.Limits{Nodes: 20000})
	b := searchWith(t, PolicySearch, st, search.Limits{Nodes: 20000})
	if a.Action != b.Action || a.Score != b.Score || a.Nodes != b.Nodes {
		t.Errorf("node-limited searches differ: %v/%d/%d and %v/%d/%d", a.Action, a.Score, a.Nodes, b.Action, b.Score, b.Nodes)
	}
	if a.Nodes > 22000 {
		t.Errorf("%d nodes for a 20000-node limit", a.Nodes)
	}
	// The clock ends these searches, not the depth: they stop short of
	// the deepest iteration (a search that ignored the clock would not
	// end at all, which the test run's timeout reports).
	for _, l := range []search.Limits{
		{MoveTime: 50 * time.Millisecond},
		{WTime: 100 * time.Millisecond, BTime: 100 * time.Millisecond},
	} {
		if r := searchWith(t, PolicySearch, st, l); r.Depth >= search.MaxPly-8 {
			t.Errorf("%+v: searched to depth %d, the clock did not stop it", l, r.Depth)
		}
	}
	// An infinite search ends when it is cancelled: here once depth 2 is
	// reported, and no deeper iteration is reported after that.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	e := New(DefaultOptions())
	deepest := 0
	res := e.Search(ctx, st, search.Limits{Infinite: true}, nil, func(i Info) {
		deepest = max(deepest, i.Depth)
		if i.Depth == 2 {
			cancel()
		}
	})
	if !res.Found || res.Depth != 2 || deepest != 2 {
		t.Errorf("infinite search cancelled after depth 2: found %v, depth %d, deepest report %d", res.Found, res.Depth, deepest)
	}
	// searchmoves restricts the root.
	only, _ := st.ParseAction("a2a3")
	res = e.Search(context.Background(), st, search.Limits{Depth: 1}, []variants.Action{only}, nil)
	if res.Action != only {
		t.Errorf("searchmoves a2a3: played %s", st.FormatAction(res.Action))
	}
}

func TestWinProb(t *testing.T) {
	for _, cp := range []int{-1500, -250, 0, 37, 900} {
		if got := cpOf(winProb(cp)); got < cp-1 || got > cp+1 {
			t.Errorf("cpOf(winProb(%d)) = %d", cp, got)
		}
	}
	if winProb(search.MateScore-3) <= winProb(search.MateScore-5) || winProb(-search.MateScore+5) <= winProb(-search.MateScore+3) {
		t.Errorf("quicker mates must weigh more")
	}
	// No evaluation outweighs a mate: at +30 pawns the unsqueezed curve
	// was within 1e-7 of 1, above a mate in one.
	if winProb(search.MateBound) <= winProb(9000) || winProb(-search.MateBound) >= winProb(-9000) {
		t.Errorf("slowest mate %.12f, +90 pawns %.12f", winProb(search.MateBound), winProb(9000))
	}
}

// TestHoldShare: the unrevealed spy counts HoldShare per cent of its
// reveal's swing (eval.SpyTerm, tested in eval), and the option's default
// and range.
func TestHoldShare(t *testing.T) {
	st := mustState(t, badRevealFEN)
	base := eval.SpyTerm(st, chess.White, true, 0)
	if got := eval.SpyTerm(st, chess.White, true, DefaultHoldShare) - base; got != 350*DefaultHoldShare/100 {
		t.Errorf("spy term at %d %%: %d above none, want %d", DefaultHoldShare, got, 350*DefaultHoldShare/100)
	}
	e := New(DefaultOptions())
	if e.Options().HoldShare != DefaultHoldShare {
		t.Errorf("default share %d", e.Options().HoldShare)
	}
	o := DefaultOptions()
	o.HoldShare = 250
	e.SetOptions(o)
	if e.Options().HoldShare != 100 {
		t.Errorf("share 250 kept as %d, want 100", e.Options().HoldShare)
	}
}

// TestRevealPlies: the engine's own reveals are searched at the plies up
// to RevealPlies and dropped deeper; the opponent's (the side to move
// that is not the root's) at every ply; and under PolicyNever the own
// side's nowhere, unless the reveal is all there is.
func TestRevealPlies(t *testing.T) {
	st := mustState(t, badRevealFEN) // White to move may reveal
	for _, c := range []struct {
		policy      Policy
		plies       int
		root        chess.Color
		ply         int
		wantReveals bool
	}{
		{PolicySearch, DefaultRevealPlies, chess.White, 40, true},
		{PolicySearch, RevealPlySoon, chess.White, 0, true},
		{PolicySearch, RevealPlySoon, chess.White, 2, true},
		{PolicySearch, RevealPlySoon, chess.White, 4, false},
		{PolicySearch, 0, chess.White, 0, true},
		{PolicySearch, 0, chess.White, 2, false},
		{PolicySearch, AllPlies, chess.White, 40, true},
		{PolicySearch, 0, chess.Black, 7, true},
		{PolicyNever, AllPlies, chess.White, 0, false},
		{PolicyNever, AllPlies, chess.Black, 9, true},
	} {
		o := DefaultOptions()
		o.Policy, o.RevealPlies = c.policy, c.plies
		g := &game{s: st, opts: &o, rootSide: c.root, ply: c.ply}
		acts := g.FilterActions(st.Legal(nil))
		if got := slices.ContainsFunc(acts, isReveal); got != c.wantReveals {
			t.Errorf("policy %v, RevealPlies %d, root %v, ply %d: reveals listed %v, want %v",
				c.policy, c.plies, c.root, c.ply, got, c.wantReveals)
		}
		if len(acts) < 2 {
			t.Fatalf("only %d legal actions", len(acts))
		}
	}
	o := DefaultOptions()
	o.RevealPlies = 1000
	if e := New(o); e.Options().RevealPlies != AllPlies {
		t.Errorf("RevealPlies 1000 kept as %d, want %d", e.Options().RevealPlies, AllPlies)
	}
}

// TestClaims: under draw_claims=fide the engine claims a draw it would
// otherwise play on from a lost position (down a queen), at the fifty-move
// rule and at a threefold repetition, where the moves that repeat score
// as draws too and the claim wins the tie; up a queen it plays on.
func TestClaims(t *testing.T) {
	fide := spy.Options{DrawClaims: spy.DrawFIDE}
	parse := func(fen string) *spy.State {
		st, err := spy.ParseState(fen, fide)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	st := parse("4k3/8/8/3q4/8/8/8/K7 w - - 100 80 -/RBN --/-- - w=neutral")
	for _, depth := range []int{1, 3} {
		res := searchWith(t, PolicySearch, st, search.Limits{Depth: depth})
		if res.Action != spy.ClaimAction || res.Score != 0 {
			t.Errorf("depth %d, down a queen at the fifty-move rule: played %s (%d), want claim at 0 (scores %v)", depth, st.FormatAction(res.Action), res.Score, res.Scores)
		}
	}
	st = parse("4k3/8/8/3Q4/8/8/8/K7 w - - 100 80 RBN/- --/-- - w=neutral")
	res := searchWith(t, PolicySearch, st, search.Limits{Depth: 3})
	if res.Action == spy.ClaimAction || res.Score < 500 {
		t.Errorf("up a queen at the fifty-move rule: played %s (%d)", st.FormatAction(res.Action), res.Score)
	}
	if !slices.ContainsFunc(res.Scores, func(s ActionScore) bool { return s.Action == spy.ClaimAction && s.Score == 0 }) {
		t.Errorf("the claim was not searched as a draw: %v", res.Scores)
	}

	st = parse("k2q4/8/8/8/8/8/8/1N5K w - - 0 1 -/RBN --/-- - w=neutral")
	for range 2 {
		for _, tok := range []string{"b1a3", "d8d7", "a3b1", "d7d8"} {
			a, err := st.ParseAction(tok)
			if err == nil {
				err = st.Apply(a)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	res = searchWith(t, PolicySearch, st, search.Limits{Depth: 3})
	if res.Action != spy.ClaimAction {
		t.Errorf("down a queen at a threefold repetition: played %s (%d), want claim (scores %v)", st.FormatAction(res.Action), res.Score, res.Scores)
	}
}
