package hands

import (
	"math/rand/v2"
	"testing"
	"time"

	"azar/search"
	"azar/search/core"
	"azar/variants"
	"azar/variants/chess"
	"azar/variants/magic"
)

func engine(policy CardPolicy, worlds int) *Engine {
	o := DefaultOptions()
	o.HashMB = 4
	o.MaxWorlds = worlds
	o.Cards = policy
	o.Seed = 1
	return New(o)
}

func searchState(t *testing.T, e *Engine, st *magic.State, l search.Limits) Result {
	t.Helper()
	r := e.Search(t.Context(), st, l, nil, nil)
	if !r.Found {
		t.Fatalf("no action in %s", st.Encode())
	}
	return r
}

// TestMateInOne: a back-rank mate, the other hand unknown (two cards
// among those that cannot save it: AM01 and AM02 are in the mover's hand,
// the others discarded but for a few that cannot lift this mate).
func TestMateInOne(t *testing.T) {
	var discard []string
	for c := magic.CardID(0); c < magic.NumCards; c++ {
		switch c.Code() {
		case "AM01", "AM02", "AM29", "AM30", "AM38", "AM39":
		default:
			discard = append(discard, c.Code())
		}
	}
	fen := "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 hands=2,2 white=AM01,AM02 discard=" + joinCodes(discard)
	st := mustState(t, fen, magic.Options{}).View(0)
	for _, d := range []int{1, 2} {
		r := searchState(t, engine(CardsSearch, 4), st, search.Limits{Depth: d})
		if got := magic.FormatAction(r.Action); got != "a1a8" {
			t.Fatalf("depth %d: %s (score %d), want a1a8", d, got, r.Score)
		}
		if ok, n := search.IsMate(r.Score); !ok || n < 1 {
			t.Errorf("depth %d: score %d, want a mate", d, r.Score)
		}
	}
}

func joinCodes(c []string) string {
	s := ""
	for i, x := range c {
		if i > 0 {
			s += ","
		}
		s += x
	}
	return s
}

// TestCardWinsMaterial: AM19 strikes the rook next to the king; no move
// wins anything. The other hand is unknown (three cards among 28).
func TestCardWinsMaterial(t *testing.T) {
	fen := "4k3/3p4/8/8/8/5r2/PP6/4K3 w - - 0 1 hands=2,3 white=AM19,AM28"
	for _, mode := range []magic.Mode{magic.Classic, magic.Advanced} {
		st := mustState(t, fen, magic.Options{Mode: mode})
		r := searchState(t, engine(CardsSearch, 8), st, search.Limits{Depth: 2})
		if got := magic.FormatAction(r.Action); got != "AM19:f3" {
			t.Errorf("%v: %s (score %d), want AM19:f3", mode, got, r.Score)
		}
		if r.Worlds < 2 {
			t.Errorf("%v: %d worlds", mode, r.Worlds)
		}
	}
}

// TestMateSave: checkmated with AM19 in hand, the engine saves (the
// knight that mates is struck); under `never` it declines and loses.
func TestMateSave(t *testing.T) {
	st := mustState(t, "4k3/8/8/8/8/8/PPn5/KR6 w - - 0 1 hands=1,0 white=AM19", magic.Options{})
	if st.Phase() != magic.PhMS {
		t.Fatalf("phase %v", st.Phase())
	}
	r := searchState(t, engine(CardsSearch, 4), st, search.Limits{Depth: 2})
	if got := magic.FormatAction(r.Action); got != "AM19:c2" {
		t.Errorf("search: %s, want AM19:c2", got)
	}
	r = searchState(t, engine(CardsNever, 4), st, search.Limits{Depth: 2})
	if r.Action != magic.PassAction {
		t.Errorf("never: %s, want pass", magic.FormatAction(r.Action))
	}
}

// hasCard reports whether a card commitment is among acts.
func hasCard(acts []variants.Action) bool {
	for _, a := range acts {
		if magic.TypeOf(a) == magic.ActCard {
			return true
		}
	}
	return false
}

// playGames plays seeded games from the deal between the engine (the seat
// of each game's parity, or both seats) and random legal actions, checking
// every decision of the engine against the referee's state: it is legal,
// and check is called with it. It returns the engine's decisions.
func playGames(t *testing.T, e *Engine, mode magic.Mode, games, maxActions int, both bool, l search.Limits,
	check func(ref *magic.State, a variants.Action)) int {
	t.Helper()
	decisions := 0
	for g := range games {
		seed := uint64(1000*int(mode) + g + 1)
		ref := magic.New(magic.Options{Mode: mode, HandSize: 3 + g%8}, seed)
		rng := rand.New(rand.NewPCG(seed, 5))
		mine := variants.Player(g % 2)
		e.NewGame()
		for n := 0; n < maxActions && ref.ToAct() >= 0; n++ {
			who := ref.ToAct()
			legal := ref.Legal(nil)
			var a variants.Action
			if both || who == mine {
				r := e.Search(t.Context(), ref.View(who), l, nil, nil)
				if !r.Found {
					t.Fatalf("seed %d: no action in %s", seed, ref.EncodeHands())
				}
				a = r.Action
				decisions++
				if check != nil {
					check(ref, a)
				}
			} else {
				a = legal[rng.IntN(len(legal))]
			}
			if err := ref.Apply(a); err != nil {
				t.Fatalf("seed %d, %v: the engine's %s is illegal: %v", seed, mode, magic.FormatAction(a), err)
			}
		}
	}
	return decisions
}

// TestNeverCommits: under `never` no decision is a card, and every window
// is passed.
func TestNeverCommits(t *testing.T) {
	e := engine(CardsNever, 2)
	windows := 0
	n := 0
	for _, mode := range []magic.Mode{magic.Classic, magic.Advanced} {
		n += playGames(t, e, mode, 6, 120, false, search.Limits{Depth: 1}, func(ref *magic.State, a variants.Action) {
			if magic.TypeOf(a) == magic.ActCard {
				t.Fatalf("never committed %s in %s", magic.FormatAction(a), ref.EncodeHands())
			}
			switch ref.Phase() {
			case magic.PhEnd, magic.PhRCommit, magic.PhRImpact, magic.PhMS:
				windows++
				if a != magic.PassAction {
					t.Fatalf("never: %s in a window", magic.FormatAction(a))
				}
			}
		})
	}
	if n < 200 || windows == 0 {
		t.Fatalf("%d decisions, %d windows", n, windows)
	}
	t.Logf("%d decisions, %d windows passed", n, windows)
}

// TestRandomCommits: under `random` every decision where a card is legal
// is a card.
func TestRandomCommits(t *testing.T) {
	e := engine(CardsRandom, 2)
	cards := 0
	n := 0
	for _, mode := range []magic.Mode{magic.Classic, magic.Advanced} {
		n += playGames(t, e, mode, 6, 120, false, search.Limits{Depth: 1}, func(ref *magic.State, a variants.Action) {
			if hasCard(ref.Legal(nil)) {
				cards++
				if magic.TypeOf(a) != magic.ActCard {
					t.Fatalf("random: %s where a card is legal in %s", magic.FormatAction(a), ref.EncodeHands())
				}
			}
		})
	}
	if n < 200 || cards == 0 {
		t.Fatalf("%d decisions, %d with a card legal", n, cards)
	}
	t.Logf("%d decisions, %d cards committed", n, cards)
}

// TestRandomReproducible: the same seed and position give the same card.
func TestRandomReproducible(t *testing.T) {
	st := magic.New(magic.Options{}, 9).View(0)
	a := searchState(t, engine(CardsRandom, 1), st, search.Limits{Depth: 1}).Action
	for range 3 {
		if b := searchState(t, engine(CardsRandom, 1), st, search.Limits{Depth: 1}).Action; b != a {
			t.Fatalf("%s then %s", magic.FormatAction(a), magic.FormatAction(b))
		}
	}
}

// TestLegalDecisions: the searching engine, for both seats, never returns
// an illegal action over seeded games of both modes (windows, reactions,
// rewinds and mate saves among them).
func TestLegalDecisions(t *testing.T) {
	e := engine(CardsSearch, 2)
	phases := map[magic.Phase]int{}
	for _, mode := range []magic.Mode{magic.Classic, magic.Advanced} {
		playGames(t, e, mode, 8, 120, true, search.Limits{Depth: 1}, func(ref *magic.State, a variants.Action) {
			phases[ref.Phase()]++
		})
	}
	for _, ph := range []magic.Phase{magic.PhStart, magic.PhMove, magic.PhEnd, magic.PhRCommit, magic.PhRImpact, magic.PhReplace, magic.PhMS} {
		if phases[ph] == 0 {
			t.Errorf("no decision in phase %v: %v", ph, phases)
		}
	}
	t.Logf("decisions by phase %v", phases)
}

// TestNodeLimit: `go nodes N` stops at N nodes once depth 1 is complete
// in every world; below depth 1's count it answers from depth 1.
func TestNodeLimit(t *testing.T) {
	ref := magic.New(magic.Options{}, 4)
	st := ref.View(ref.ToAct())
	depth1 := searchState(t, engine(CardsSearch, 4), st, search.Limits{Depth: 1})
	for _, n := range []uint64{1, depth1.Nodes / 2, depth1.Nodes, depth1.Nodes + 1, depth1.Nodes + 5000, 3 * depth1.Nodes} {
		var last Info
		r := engine(CardsSearch, 4).Search(t.Context(), st, search.Limits{Nodes: n}, nil, func(i Info) { last = i })
		if n <= depth1.Nodes {
			if r.Depth != 1 || r.Nodes != depth1.Nodes || r.Action != depth1.Action || last.Depth != 1 {
				t.Errorf("nodes %d: depth %d, %d nodes, %s; want depth 1's %d nodes and %s", n, r.Depth, r.Nodes,
					magic.FormatAction(r.Action), depth1.Nodes, magic.FormatAction(depth1.Action))
			}
			continue
		}
		if r.Nodes != n || last.Nodes > n {
			t.Errorf("nodes %d: searched %d, last info %d nodes", n, r.Nodes, last.Nodes)
		}
	}
}

// TestViewOnly: a referee's state and the seat's view give the same
// decision: the engine never looks at the other hand.
func TestViewOnly(t *testing.T) {
	ref := magic.New(magic.Options{Mode: magic.Advanced}, 12)
	if err := ref.ApplyTokens("e2e4"); err != nil {
		t.Fatal(err)
	}
	for ref.ToAct() != variants.Player(chess.Black) {
		if err := ref.ApplyTokens("pass"); err != nil {
			t.Fatal(err)
		}
	}
	a := searchState(t, engine(CardsSearch, 4), ref, search.Limits{Depth: 1})
	b := searchState(t, engine(CardsSearch, 4), ref.View(1), search.Limits{Depth: 1})
	if a.Action != b.Action || a.Nodes != b.Nodes || a.Score != b.Score {
		t.Errorf("referee's state %s %d nodes %d, view %s %d nodes %d", magic.FormatAction(a.Action), a.Nodes, a.Score,
			magic.FormatAction(b.Action), b.Nodes, b.Score)
	}
}

// TestUnknownOwnHand: a state that does not know the engine's own hand
// (both hands a count) gets a move, never a card it cannot know it holds;
// the report counts the worlds.
func TestUnknownOwnHand(t *testing.T) {
	st := mustState(t, "startpos", magic.Options{})
	var last Info
	r := engine(CardsSearch, 4).Search(t.Context(), st, search.Limits{Depth: 2}, nil, func(i Info) { last = i })
	if !r.Found || magic.TypeOf(r.Action) != magic.ActMove {
		t.Fatalf("%s", magic.FormatAction(r.Action))
	}
	if r.Worlds != 4 || last.Worlds != 4 || last.Depth != 2 || len(last.PV) == 0 || last.PV[0] != r.Action {
		t.Fatalf("result %d worlds; last info %+v", r.Worlds, last)
	}
}

// TestRootOnlyCardMates: a teleport (a card the tree leaves to the root)
// of the rook to d8 or a8 mates at once; no move does. The engine commits
// one of them.
func TestRootOnlyCardMates(t *testing.T) {
	st := mustState(t, "7k/6pp/3P4/3R4/8/8/8/1K6 w - - 0 1 hands=1,0 white=AM13", magic.Options{})
	r := searchState(t, engine(CardsSearch, 2), st, search.Limits{Depth: 2})
	if got := magic.FormatAction(r.Action); got != "AM13:d5,d8" && got != "AM13:d5,a8" {
		t.Fatalf("%s (score %d), want AM13:d5,d8 or AM13:d5,a8", got, r.Score)
	}
	if ok, n := search.IsMate(r.Score); !ok || n != 1 {
		t.Errorf("score %d, want a mate in 1", r.Score)
	}
}

// TestCardMargin: a card that beats the best move by less than the margin
// gives way to it; by more, it stays; a best action that is not a card,
// or a margin of 0, leaves the choice alone.
func TestCardMargin(t *testing.T) {
	st := mustState(t, "4k3/3p4/8/8/8/5r2/PP6/4K3 w - - 0 1 hands=2,3 white=AM19,AM34", magic.Options{})
	card, err := st.ParseAction("AM19:f3")
	if err != nil {
		t.Fatal(err)
	}
	move, err := st.ParseAction("a2a3")
	if err != nil {
		t.Fatal(err)
	}
	var other variants.Action // another card
	for _, a := range st.Legal(nil) {
		if magic.TypeOf(a) == magic.ActCard && a != card {
			other = a
		}
	}
	if other == 0 {
		t.Fatal("no second card commitment")
	}
	vals := func(scores ...int) []core.ActionValue {
		acts := []variants.Action{card, other, move}
		var vs []core.ActionValue
		for i, s := range scores {
			vs = append(vs, core.ActionValue{Action: acts[i], Score: s})
		}
		return vs
	}
	for _, c := range []struct {
		values []core.ActionValue
		margin int
		want   variants.Action
		moved  bool
	}{
		{vals(100, 90, 50), 60, move, true}, // the card beats the move by 50: the move
		{vals(100, 90, 30), 60, card, true}, // by 70: the card
		{vals(100, 90, 50), 0, 0, false},    // no margin: SearchWorlds' choice
		{vals(100, 90), 60, card, true},     // no action without a card: the card
		{[]core.ActionValue{{Action: move, Score: 10}, {Action: card, Score: 5}}, 60, 0, false},
	} {
		got, ok := withMargin(c.values, c.margin)
		if ok != c.moved || (ok && got != c.want) {
			t.Errorf("%v margin %d: %v %v, want %v %v", c.values, c.margin, got, ok, c.want, c.moved)
		}
	}
}

// TestWindowClock: a window decision (END, R-COMMIT, R-IMPACT) gets a
// quarter of a move's budget at 10+0.1; the mate save and a move the
// full one.
func TestWindowClock(t *testing.T) {
	l := search.Limits{WTime: 10 * time.Second, BTime: 10 * time.Second, WInc: 100 * time.Millisecond, BInc: 100 * time.Millisecond}
	start := time.Now()
	full := clockFor(start, magic.PhStart, l, chess.White, 10*time.Millisecond)
	// (10 s - 10 ms)/40 + 50 ms
	if want := 9990*time.Millisecond/40 + 50*time.Millisecond; full.Soft() != want {
		t.Fatalf("turn start: soft %v, want %v", full.Soft(), want)
	}
	for _, ph := range []magic.Phase{magic.PhMove, magic.PhReplace, magic.PhMS} {
		if tm := clockFor(start, ph, l, chess.White, 10*time.Millisecond); tm.Soft() != full.Soft() {
			t.Errorf("%v: soft %v, want %v", ph, tm.Soft(), full.Soft())
		}
	}
	for _, ph := range []magic.Phase{magic.PhEnd, magic.PhRCommit, magic.PhRImpact} {
		tm := clockFor(start, ph, l, chess.White, 10*time.Millisecond)
		if want := 9990*time.Millisecond/160 + 12500*time.Microsecond; tm.Soft() != want {
			t.Errorf("%v: soft %v, want %v", ph, tm.Soft(), want)
		}
	}
}
