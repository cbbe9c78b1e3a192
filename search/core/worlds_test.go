package core

import (
	"context"
	"math"
	"testing"

	"azar/search"
	"azar/variants"
)

// leafGame is a one-decision game: seat 0 picks an action, and the
// states after it are worth vals[a] to seat 0 (static), or, for win, a
// won game at once; the replies change nothing.
type leafGame struct {
	vals  map[variants.Action]int
	win   variants.Action
	moves []variants.Action
	key   uint64
}

func (g *leafGame) Players() int { return 2 }
func (g *leafGame) ToAct() variants.Player {
	if len(g.moves) > 0 && g.moves[0] == g.win {
		return variants.NoPlayer
	}
	return variants.Player(g.Side())
}
func (g *leafGame) Side() int { return len(g.moves) % 2 }
func (g *leafGame) Legal(buf []variants.Action) []variants.Action {
	if len(g.moves) > 0 {
		return append(buf, 1)
	}
	for a := variants.Action(1); int(a) <= len(g.vals); a++ {
		buf = append(buf, a)
	}
	return buf
}
func (g *leafGame) Apply(a variants.Action) { g.moves = append(g.moves, a) }
func (g *leafGame) Undo()                   { g.moves = g.moves[:len(g.moves)-1] }
func (g *leafGame) Key() uint64 {
	k := g.key
	for _, a := range g.moves {
		k = mix(k, uint64(a))
	}
	return k
}
func (g *leafGame) Terminal(p int) (bool, float64) {
	if g.ToAct() != variants.NoPlayer {
		return false, 0
	}
	return true, float64(1 - p)
}
func (g *leafGame) Evaluate(EvalKind) int {
	if len(g.moves) == 0 {
		return 0
	}
	v := g.vals[g.moves[0]]
	if g.Side() == 1 {
		v = -v
	}
	return v
}
func (g *leafGame) TurnStart() bool                    { return true }
func (g *leafGame) InCheck() bool                      { return false }
func (g *leafGame) Order(variants.Action) (int, bool)  { return 0, false }
func (g *leafGame) HistoryIndex(a variants.Action) int { return -1 }

func newLeaf(key uint64, vals ...int) *leafGame {
	m := map[variants.Action]int{}
	for i, v := range vals {
		m[variants.Action(i+1)] = v
	}
	return &leafGame{vals: m, key: key}
}

func searchLeaves(t *testing.T, ws []World, depth int, only ...variants.Action) WorldsResult {
	t.Helper()
	cfg := Config{Table: NewTable(1), Chance: DefaultChancePolicy()}
	r := NewSearcher().SearchWorlds(context.Background(), ws, nil, cfg, search.Limits{Depth: depth}, only, nil)
	if !r.Found || r.Depth != depth || r.Worlds != len(ws) {
		t.Fatalf("found %v depth %d worlds %d, want depth %d and %d worlds", r.Found, r.Depth, r.Worlds, depth, len(ws))
	}
	return r
}

// TestWorldsDominantAction: an action best in every world is chosen,
// whatever the weights.
func TestWorldsDominantAction(t *testing.T) {
	for _, w := range [][3]float64{{1, 1, 1}, {0.9, 0.05, 0.05}, {0.01, 0.01, 5}} {
		ws := []World{
			{Game: newLeaf(1, 50, -20, 80, 10), Weight: w[0]},
			{Game: newLeaf(2, -300, -400, -250, -260), Weight: w[1]},
			{Game: newLeaf(3, 900, 100, 950, 949), Weight: w[2]},
		}
		r := searchLeaves(t, ws, 2)
		if r.Action != 3 {
			t.Errorf("weights %v: chose %d, want 3 (values %v)", w, r.Action, r.Values)
		}
	}
}

// TestWorldsWeightsDecide: two worlds that disagree; the expected score
// over them, on the win-probability scale, decides, and the values
// reported are that expectation.
func TestWorldsWeightsDecide(t *testing.T) {
	for _, c := range []struct {
		p    float64
		want variants.Action
	}{{0.9, 1}, {0.3, 2}} {
		ws := []World{
			{Game: newLeaf(1, 100, -50), Weight: c.p},
			{Game: newLeaf(2, -300, 0), Weight: 1 - c.p},
		}
		r := searchLeaves(t, ws, 1)
		if r.Action != c.want {
			t.Errorf("p %.1f: chose %d, want %d (values %v)", c.p, r.Action, c.want, r.Values)
		}
		exp := map[variants.Action]float64{
			1: c.p*WinProb(100) + (1-c.p)*WinProb(-300),
			2: c.p*WinProb(-50) + (1-c.p)*WinProb(0),
		}
		for _, v := range r.Values {
			if math.Abs(v.Win-exp[v.Action]) > 1e-9 || v.Score != Centipawns(exp[v.Action]) {
				t.Errorf("p %.1f: action %d win %.6f score %d, want %.6f and %d", c.p, v.Action, v.Win, v.Score, exp[v.Action], Centipawns(exp[v.Action]))
			}
		}
	}
}

// TestWorldsWins: a win in one world weighs as a won game (not as a
// huge number of centipawns), and a win in every world is reported as
// one.
func TestWorldsWins(t *testing.T) {
	a, b := newLeaf(1, 0, 100), newLeaf(2, -100, 90)
	a.win = 1
	r := searchLeaves(t, []World{{Game: a, Weight: 0.5}, {Game: b, Weight: 0.5}}, 1)
	want := 0.5*WinProb(WinScore-1) + 0.5*WinProb(-100)
	if r.Action != 1 || math.Abs(r.Values[0].Win-want) > 1e-9 || r.Score >= WinBound {
		t.Errorf("chose %d, values %v; want action 1 with win %.6f, not a win", r.Action, r.Values, want)
	}
	b.win = 1
	r = searchLeaves(t, []World{{Game: a, Weight: 0.5}, {Game: b, Weight: 0.5}}, 1)
	if r.Action != 1 || r.Score != WinScore-1 {
		t.Errorf("chose %d score %d, want action 1 and %d", r.Action, r.Score, WinScore-1)
	}
}

// TestWorldsOneWorldMatchesSearch: with a single world the wrapper is the
// plain search: on the synthetic chance trees its value at each depth is
// the brute-force value and Searcher.Search's, and the actions each chose
// are worth it.
func TestWorldsOneWorldMatchesSearch(t *testing.T) {
	trees := uint64(150)
	if raceEnabled {
		trees = 30
	}
	cp := DefaultChancePolicy()
	compared := 0
	for seed := uint64(1); seed <= trees; seed++ {
		if len(newSynth(seed).Legal(nil)) < 2 {
			continue // a forced action is not searched by Search
		}
		for depth := 1; depth <= 3; depth++ {
			want := BruteForce(newSynth(seed), depth, cp.DrawCost)
			cfg := Config{Chance: cp}
			l := search.Limits{Depth: depth}
			plain := NewSearcher().Search(context.Background(), newSynth(seed), cfg, l, nil, nil)
			w := NewSearcher().SearchWorlds(context.Background(), []World{{Game: newSynth(seed), Weight: 1}}, nil, cfg, l, nil, nil)
			if plain.Score != want || w.Score != want || w.Depth != depth {
				t.Fatalf("seed %d depth %d: worlds %d (depth %d), Search %d, brute force %d", seed, depth, w.Score, w.Depth, plain.Score, want)
			}
			// The chosen action's value is exact, and so is that of any
			// action within the root margin of the best: Search's choice
			// must be worth the best value too.
			if w.Values[0].Action != w.Action || w.Values[0].Score != want {
				t.Fatalf("seed %d depth %d: chose %d, values %v, best %d", seed, depth, w.Action, w.Values, want)
			}
			for _, v := range w.Values {
				if v.Action == plain.Action && v.Score != want {
					t.Fatalf("seed %d depth %d: Search chose %d worth %d, best %d", seed, depth, plain.Action, v.Score, want)
				}
			}
			compared++
		}
	}
	if compared < int(trees)/2 {
		t.Fatalf("only %d searches compared", compared)
	}
}

// TestWorldsNodeLimit: the node limit stops the search once depth 1 is
// complete in every world, exactly at the limit, and answers from the
// last complete depth.
func TestWorldsNodeLimit(t *testing.T) {
	ws := func() []World {
		return []World{{Game: newSynth(7), Weight: 2}, {Game: newSynth(8), Weight: 1}}
	}
	cfg := func() Config { return Config{Chance: DefaultChancePolicy(), Table: NewTable(1)} }
	d1 := NewSearcher().SearchWorlds(context.Background(), ws(), []variants.Action{1, 2}, cfg(), search.Limits{Depth: 1}, nil, nil)
	r := NewSearcher().SearchWorlds(context.Background(), ws(), []variants.Action{1, 2}, cfg(), search.Limits{Nodes: 1}, nil, nil)
	if r.Depth != 1 || r.Nodes != d1.Nodes {
		t.Errorf("nodes 1: depth %d, %d nodes; want depth 1's %d nodes", r.Depth, r.Nodes, d1.Nodes)
	}
	n := 3*d1.Nodes + 5
	r = NewSearcher().SearchWorlds(context.Background(), ws(), []variants.Action{1, 2}, cfg(), search.Limits{Nodes: n}, nil, nil)
	if r.Nodes != n || !r.Found || r.Depth < 1 {
		t.Errorf("nodes %d: searched %d, depth %d", n, r.Nodes, r.Depth)
	}
}

// TestWinProbMatesOutweighEvaluations: the slowest win weighs more than
// the largest evaluation and the slowest loss less than the smallest, the
// evaluations keep their order up to the limit (a mop-up's few
// centipawns at +28 pawns still count), and Centipawns inverts WinProb.
func TestWinProbMatesOutweighEvaluations(t *testing.T) {
	if WinProb(WinBound) <= WinProb(WinBound-1) || WinProb(-WinBound) >= WinProb(-WinBound+1) {
		t.Errorf("slowest win %.12f, top evaluation %.12f; slowest loss %.12g, bottom %.12g",
			WinProb(WinBound), WinProb(WinBound-1), WinProb(-WinBound), WinProb(-WinBound+1))
	}
	if WinProb(WinScore-1) <= WinProb(WinScore-3) || WinProb(-WinScore+3) <= WinProb(-WinScore+1) {
		t.Errorf("quicker wins and slower losses must weigh more")
	}
	for _, v := range []int{2870, 2990, -2990} {
		if WinProb(v+1) <= WinProb(v) {
			t.Errorf("WinProb(%d) %.15f not above WinProb(%d) %.15f", v+1, WinProb(v+1), v, WinProb(v))
		}
	}
	for _, cp := range []int{-2900, -250, 0, 37, 900, 2900} {
		if got := Centipawns(WinProb(cp)); got < cp-1 || got > cp+1 {
			t.Errorf("Centipawns(WinProb(%d)) = %d", cp, got)
		}
	}
}
