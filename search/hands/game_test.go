package hands

import (
	"time"

	"azar/search"
	"math/rand/v2"
	"testing"

	"azar/eval"
	"azar/search/core"
	"azar/variants"
	"azar/variants/chess"
	"azar/variants/magic"
)

func mustState(t *testing.T, s string, opts magic.Options) *magic.State {
	t.Helper()
	st, err := magic.ParseState(s, opts)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return st
}

// walk applies and undoes every action to depth through the adapter and
// checks that each Undo gives back the same key and the same encoding; it
// returns the leaves.
func walk(t *testing.T, g *game, depth int) int {
	if depth == 0 || g.ToAct() < 0 {
		return 1
	}
	key, enc := g.Key(), g.st.EncodeHands()
	n := 0
	for _, a := range g.Legal(nil) {
		g.Apply(a)
		if g.Side() != int(g.st.ToAct()) && g.ToAct() >= 0 {
			t.Fatalf("Side %d, ToAct %d", g.Side(), g.ToAct())
		}
		n += walk(t, g, depth-1)
		g.Undo()
		if g.Key() != key || g.st.EncodeHands() != enc {
			t.Fatalf("after %s: key %x / %s, want %x / %s", magic.FormatAction(a), g.Key(), g.st.EncodeHands(), key, enc)
		}
	}
	return n
}

// TestAdapterWalk: the adapter's Apply/Undo keep Key and the encoding
// identical, from positions along seeded random games of both modes
// (reaction windows, END windows and card turns among them), and the
// adapter's Evaluate stays within the core's limit.
func TestAdapterWalk(t *testing.T) {
	ev := eval.NewEvaluator()
	phases := map[magic.Phase]int{}
	leaves := 0
	for _, mode := range []magic.Mode{magic.Classic, magic.Advanced} {
		for seed := uint64(1); seed <= 6; seed++ {
			st := magic.New(magic.Options{Mode: mode}, seed)
			rng := rand.New(rand.NewPCG(seed, 7))
			for k := 0; k < 60 && st.ToAct() >= 0; k++ {
				g := newGame(st, ev, chess.White, false)
				if k%6 == 0 {
					leaves += walk(t, g, 2)
					phases[st.Phase()]++
				}
				if v := g.Evaluate(core.EvalMidTurn); v > core.EvalLimit || v < -core.EvalLimit {
					t.Fatalf("evaluation %d out of bounds", v)
				}
				acts := st.Legal(nil)
				st.ApplyTrusted(acts[rng.IntN(len(acts))])
			}
		}
	}
	if leaves == 0 || len(phases) < 3 {
		t.Fatalf("%d leaves over phases %v", leaves, phases)
	}
	t.Logf("%d leaves; walks from phases %v", leaves, phases)
}

// TestAdapterPerft: the adapter's walk from the start of a classic game
// with known hands counts what the rules count.
func TestAdapterPerft(t *testing.T) {
	st := magic.NewWithHands(magic.Options{}, 0, 0)
	g := newGame(st, eval.NewEvaluator(), chess.White, false)
	// No cards: chess's perft, the turn of each seat one action.
	if n := walk(t, g, 3); n != 8902 {
		t.Fatalf("perft 3 without cards: %d, want 8902", n)
	}
}

// TestAdapterSides: in a reaction window the seat to act is the reacting
// one, and the core sees the turn's seat change there.
func TestAdapterSides(t *testing.T) {
	st := mustState(t, chess.StartFEN+" hands=1,1 white=AM13 black=AM01", magic.Options{Mode: magic.Advanced})
	if err := st.ApplyTokens("AM13:b1,d4"); err != nil {
		t.Fatal(err)
	}
	g := newGame(st, eval.NewEvaluator(), chess.White, false)
	if st.Phase() != magic.PhRCommit || g.Side() != int(chess.Black) || g.InCheck() {
		t.Fatalf("R-COMMIT: phase %v, side %d, in check %v", st.Phase(), g.Side(), g.InCheck())
	}
	var pass, counter variants.Action
	for _, a := range g.Legal(nil) {
		switch magic.FormatAction(a) {
		case "pass":
			pass = a
		case "AM01":
			counter = a
		}
	}
	if pass == 0 || counter == 0 {
		t.Fatal("the window offers pass and the counter")
	}
	if o, tactical := g.Order(pass); !tactical || o != orderPass {
		t.Fatalf("pass: order %d tactical %v", o, tactical)
	}
	// The never policy leaves the reacting seat its pass only, when it is
	// the engine's.
	ng := newGame(st, eval.NewEvaluator(), chess.Black, true)
	if acts := ng.FilterActions(g.Legal(nil)); len(acts) != 1 || acts[0] != pass {
		t.Fatalf("never: %d actions", len(acts))
	}
}

// TestOrderEliminations: an elimination card is ordered like the capture
// of the man it removes.
func TestOrderEliminations(t *testing.T) {
	st := mustState(t, "4k3/8/8/8/8/5r2/PP6/4K3 w - - 0 1 hands=1,0 white=AM19", magic.Options{})
	g := newGame(st, eval.NewEvaluator(), chess.White, false)
	a, err := st.ParseAction("AM19:f3")
	if err != nil {
		t.Fatal(err)
	}
	if o, _ := g.Order(a); o != orderCapture+10*eval.PieceValue(chess.Rook) {
		t.Fatalf("AM19 on a rook: order %d", o)
	}
}

// TestQuiescenceThroughWindows: a window that opens after a capture at
// the horizon (here Black's END window: Black holds a card) does not let
// the capturer stand pat before the recapture. Black's AM03 has no
// commitment in the classic mode outside the mate save, so the values
// with and without it differ by its held value and nothing else.
func TestQuiescenceThroughWindows(t *testing.T) {
	board := "6k1/3q4/8/8/3P4/8/8/3R2K1 w - - 0 1 "
	value := func(hands string) int {
		st := mustState(t, board+hands, magic.Options{})
		g := newGame(st, eval.NewEvaluator(), chess.White, false)
		r := core.NewSearcher().Search(t.Context(), g, core.Config{Clock: search.NewTimeManager(time.Now(), search.Limits{}, chess.White, 0, search.ChessTimePolicy())},
			search.Limits{Depth: 1}, nil, nil)
		return r.Score
	}
	plain, card := value("hands=0,0"), value("hands=0,1 black=AM03")
	if want := plain - eval.MagicCardValues()[2]; card != want {
		t.Fatalf("depth 1: %d with Black's AM03, %d without: want %d", card, plain, want)
	}
}

// TestTreeLegal: the root's actions are whole; inside the tree a turn's
// start has no root-only card and the END window only pass, which
// quiescence must search (InCheck).
func TestTreeLegal(t *testing.T) {
	st := mustState(t, chess.StartFEN+" hands=2,0 white=AM13,AM37", magic.Options{})
	g := newGame(st, eval.NewEvaluator(), chess.White, false)
	count := func() (cards int) {
		for _, a := range g.Legal(nil) {
			if magic.TypeOf(a) == magic.ActCard {
				cards++
			}
		}
		return cards
	}
	if count() == 0 {
		t.Fatal("no AM13 at the root")
	}
	g.plies = 1
	if n := count(); n != 0 {
		t.Fatalf("%d card actions inside the tree", n)
	}
	g.plies = 0
	if err := st.ApplyTokens("e2e4"); err != nil || st.Phase() != magic.PhEnd {
		t.Fatalf("%v, phase %v", err, st.Phase())
	}
	if count() == 0 || !g.InCheck() {
		t.Fatal("the END window at the root: AM37 and no stand pat")
	}
	g.plies = 1
	if acts := g.Legal(nil); len(acts) != 1 || acts[0] != magic.PassAction {
		t.Fatalf("the END window in the tree: %d actions", len(acts))
	}
}

// TestTreeMateSave: at the root the mate save offers every card that
// lifts the mate; inside the tree the many-target ones (msRootOnly) are
// left to the root and the others stay.
func TestTreeMateSave(t *testing.T) {
	st := mustState(t, "4k3/8/8/8/7N/8/5PPP/r5K1 w - - 0 1 hands=3,0 white=AM13,AM17,AM34", magic.Options{})
	g := newGame(st, eval.NewEvaluator(), chess.White, false)
	byCard := func() map[string]int {
		n := map[string]int{}
		for _, a := range g.Legal(nil) {
			if magic.TypeOf(a) == magic.ActCard {
				c, _ := magic.CardOf(a)
				n[c.Code()]++
			}
		}
		return n
	}
	if root := byCard(); root["AM13"] == 0 || root["AM17"] != 6 || root["AM34"] == 0 {
		t.Fatalf("the root's mate save: %v", root)
	}
	g.plies = 1
	if tree := byCard(); tree["AM13"] != 0 || tree["AM17"] != 0 || tree["AM34"] == 0 {
		t.Fatalf("the mate save inside the tree: %v, want AM34 only", tree)
	}
}

// TestCardDepth: with cardDepth 1 the root offers cards; the next turn's
// start, two actions below (a move, the END window's pass), offers none,
// and does with MaxCardDepth.
func TestCardDepth(t *testing.T) {
	cards := func(acts []variants.Action) int {
		n := 0
		for _, a := range acts {
			if magic.TypeOf(a) == magic.ActCard {
				n++
			}
		}
		return n
	}
	st := mustState(t, chess.StartFEN+" hands=2,2 white=AM19,AM34 black=AM01,AM35", magic.Options{Mode: magic.Advanced})
	g := newGame(st, eval.NewEvaluator(), chess.White, false)
	g.cardDepth = 1
	if n := cards(g.Legal(nil)); n == 0 {
		t.Fatal("root: no card")
	}
	for _, tok := range []string{"e2e4", "pass"} { // White's move, its END window
		a, err := g.st.ParseAction(tok)
		if err != nil {
			t.Fatal(err)
		}
		g.Apply(a)
	}
	// Two actions below the root: Black's turn start, no card.
	if g.st.Phase() != magic.PhStart || g.Side() != int(chess.Black) {
		t.Fatalf("phase %v side %d", g.st.Phase(), g.Side())
	}
	if n := cards(g.Legal(nil)); n != 0 {
		t.Errorf("depth 2 turn start: %d cards, want 0", n)
	}
	g.cardDepth = MaxCardDepth
	if n := cards(g.Legal(nil)); n == 0 {
		t.Error("depth 2 with MaxCardDepth: no card")
	}
}
