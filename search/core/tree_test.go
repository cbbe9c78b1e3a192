package core

import (
	"testing"

	"azar/variants"
)

// testSearcher is a searcher over g for the tests that drive the node
// loop directly.
func testSearcher(g Game, tt *Table, cp ChancePolicy) *searcher {
	s := newSearcher()
	s.reset(g, tt, cp, Paranoid)
	return s
}

// synth is a synthetic game tree generated from hashes: decision nodes
// with 1-4 actions, turns of up to three actions by the same player, a
// draw action at turn starts leading to a chance node with 2-5 weighted
// outcomes, after which the drawer usually acts again, terminal nodes
// with wins, losses and draws, and some tactical actions for quiescence.
type synth struct {
	stack []snode
}

type snode struct {
	h      uint64
	kind   uint8 // 0 decision, 1 chance, 2 terminal
	player int
	inTurn int // actions already made in this turn
	result float64
}

const (
	synthDraw   = 100
	synthReveal = 200
)

func mix(h, x uint64) uint64 {
	h ^= x + 0x9E3779B97F4A7C15 + h<<6 + h>>2
	h ^= h >> 31
	h *= 0xBF58476D1CE4E5B9
	h ^= h >> 29
	return h
}

func newSynth(seed uint64) *synth {
	return &synth{stack: []snode{{h: mix(seed, 77)}}}
}

func (g *synth) top() *snode { return &g.stack[len(g.stack)-1] }

func (g *synth) ToAct() variants.Player {
	switch n := g.top(); n.kind {
	case 1:
		return variants.Chance
	case 2:
		return variants.NoPlayer
	default:
		return variants.Player(n.player)
	}
}

func (g *synth) Side() int { return g.top().player }

func (g *synth) nActions() int { return 1 + int(g.top().h%4) }

func (g *synth) Legal(buf []variants.Action) []variants.Action {
	n := g.top()
	if n.kind != 0 {
		return buf
	}
	for i := range g.nActions() {
		buf = append(buf, variants.Action(i+1))
	}
	if n.inTurn == 0 && n.h>>8%3 == 0 {
		buf = append(buf, synthDraw)
	}
	return buf
}

func (g *synth) Chances(buf []Weighted) []Weighted {
	n := g.top()
	k := 2 + int(n.h>>4%4)
	for i := range k {
		buf = append(buf, Weighted{Action: variants.Action(synthReveal + i), Weight: 1 + int(mix(n.h, uint64(i))%3)})
	}
	return buf
}

func (g *synth) Apply(a variants.Action) {
	n := *g.top()
	h := mix(n.h, uint64(a))
	c := snode{h: h, player: n.player}
	r := h >> 40 % 100
	switch {
	case a == synthDraw:
		c.kind = 1
	case r < 6:
		c.kind = 2
		c.result = float64(h>>20%3) / 2
	case n.kind == 1 && r < 75, n.kind == 0 && n.inTurn < 2 && r < 35:
		c.inTurn = n.inTurn + 1
	default:
		c.player = 1 - n.player
	}
	g.stack = append(g.stack, c)
}

func (g *synth) Undo() { g.stack = g.stack[:len(g.stack)-1] }

func (g *synth) Key() uint64 { return g.top().h }

func (g *synth) Terminal(p int) (bool, float64) {
	n := g.top()
	if n.kind != 2 {
		return false, 0
	}
	if p == 0 {
		return true, n.result
	}
	return true, 1 - n.result
}

func (g *synth) Evaluate(kind EvalKind) int {
	n := g.top()
	v := int(n.h>>12%601) - 300
	if kind == EvalChance {
		v += 20
	}
	return v
}

func (g *synth) TurnStart() bool { n := g.top(); return n.kind == 0 && n.inTurn == 0 }
func (g *synth) InCheck() bool   { return g.top().h>>50%11 == 0 }

func (g *synth) LosingCapture(variants.Action) bool { return false }

func (g *synth) Checks(variants.Action) bool { return false }

func (g *synth) Order(a variants.Action) (int, bool) {
	h := mix(g.top().h, uint64(a)+999)
	return int(h % 1000), a == 1 && g.top().h>>30%4 == 0
}

func (g *synth) IsChanceAction(a variants.Action) bool { return a == synthDraw }

func (g *synth) HistoryIndex(a variants.Action) int {
	if a >= synthDraw {
		return -1
	}
	return int(a)
}

func (g *synth) FilterActions(acts []variants.Action) []variants.Action { return acts }

func (g *synth) Players() int { return 2 }

// rootValue runs iterative deepening to depth with the given pruning and
// returns the root value.
func rootValue(g Game, depth int, star, probe, tt bool) (int, uint64) {
	cp := DefaultChancePolicy()
	cp.Star, cp.Probe = star, probe
	var table *Table
	if tt {
		table = NewTable(1)
	}
	s := testSearcher(g, table, cp)
	var roots []rootAction
	for _, a := range g.Legal(nil) {
		roots = append(roots, rootAction{a: a})
	}
	v := 0
	for d := 1; d <= depth; d++ {
		_, _, v = s.rootSearch(roots, d, false, Lower-1, Upper+1)
	}
	return v, s.nodes
}

func TestStarMatchesBruteForceOnSyntheticTrees(t *testing.T) {
	var onNodes, noProbeNodes, offNodes uint64
	trees := uint64(300)
	if raceEnabled {
		trees = 60
	}
	for seed := uint64(1); seed <= trees; seed++ {
		for depth := 1; depth <= 4; depth++ {
			want := BruteForce(newSynth(seed), depth, DefaultDrawCost)
			for _, c := range []struct {
				star, probe, tt bool
			}{{true, true, true}, {true, false, true}, {false, false, true}, {true, true, false}} {
				got, n := rootValue(newSynth(seed), depth, c.star, c.probe, c.tt)
				if got != want {
					t.Fatalf("seed %d depth %d star=%v probe=%v tt=%v: %d, brute force %d", seed, depth, c.star, c.probe, c.tt, got, want)
				}
				if depth == 4 && c.tt {
					switch {
					case c.star && c.probe:
						onNodes += n
					case c.star:
						noProbeNodes += n
					default:
						offNodes += n
					}
				}
			}
		}
	}
	t.Logf("depth 4, %d trees: %d nodes with Star1/Star2, %d with Star1 only, %d without (%.2fx, %.2fx)", trees,
		onNodes, noProbeNodes, offNodes, float64(noProbeNodes)/float64(onNodes), float64(offNodes)/float64(onNodes))
	// Each pruning must save nodes, not merely keep the value: Star2's
	// probing about 3 % over Star1 alone, Star1 about 8 % over plain
	// expectimax on these trees (deterministic counts: 300 trees 104231,
	// 107762, 116849; 60 under -race 20436, 21037, 22791). Asked for: 1 %
	// and 4 %, so that switching either off fails.
	if !(float64(noProbeNodes) >= 1.01*float64(onNodes)) {
		t.Errorf("Star2's probing saves too little: %d nodes with it, %d without", onNodes, noProbeNodes)
	}
	if !(float64(offNodes) >= 1.04*float64(noProbeNodes)) {
		t.Errorf("Star1 saves too little: %d nodes with it, %d without", noProbeNodes, offNodes)
	}
}

func TestRoundingHelpers(t *testing.T) {
	for _, c := range []struct{ n, d, r, f, cl int }{
		{7, 2, 4, 3, 4}, {-7, 2, -4, -4, -3}, {6, 3, 2, 2, 2}, {-1, 3, 0, -1, 0}, {1, 3, 0, 0, 1}, {0, 5, 0, 0, 0},
	} {
		if roundDiv(c.n, c.d) != c.r || floorDiv(c.n, c.d) != c.f || ceilDiv(c.n, c.d) != c.cl {
			t.Errorf("%d/%d: round %d floor %d ceil %d", c.n, c.d, roundDiv(c.n, c.d), floorDiv(c.n, c.d), ceilDiv(c.n, c.d))
		}
	}
}

// TestProbCutExactPartsOnSyntheticTrees checks what ChanceProbCut keeps
// exact, on the synthetic trees: with margins no prediction can pass (and
// the principal-variation approximation off), every chance node is
// searched by guidedStar, whose values must be brute force's; and the
// root, which then tests the draw last with a null window, must choose an
// action of the best brute-force value. With and without iidChance
// (which only fills the table).
func TestProbCutExactPartsOnSyntheticTrees(t *testing.T) {
	for _, iid := range []bool{false, true} {
		testProbCutExactParts(t, iid)
	}
}

func testProbCutExactParts(t *testing.T, iid bool) {
	trees := uint64(300)
	if raceEnabled {
		trees = 60
	}
	cp := DefaultChancePolicy()
	cp.ProbCut = ProbCut{On: true, Slack: noCut, Margin: noCut, Deep: noCut, IID: iid}
	for seed := uint64(1); seed <= trees; seed++ {
		for depth := 1; depth <= 4; depth++ {
			want := BruteForce(newSynth(seed), depth, DefaultDrawCost)
			for _, tt := range []bool{true, false} {
				g := newSynth(seed)
				var table *Table
				if tt {
					table = NewTable(1)
				}
				s := testSearcher(g, table, cp)
				var got int
				for d := 1; d <= depth; d++ {
					got = s.search(Lower-1, Upper+1, d, 0, false)
				}
				if got != want {
					t.Fatalf("seed %d depth %d table %v iid %v: %d, brute force %d", seed, depth, tt, iid, got, want)
				}
			}

			g := newSynth(seed)
			s := testSearcher(g, NewTable(1), cp)
			var roots []rootAction
			for _, a := range g.Legal(nil) {
				roots = append(roots, rootAction{a: a})
			}
			bi := -1
			for d := 1; d <= depth; d++ {
				bi, _, _ = s.rootSearch(roots, d, false, Lower-1, Upper+1)
			}
			g.Apply(roots[bi].a)
			v := reference{DefaultDrawCost}.bruteAfter(g, 0, depth, 1, false)
			g.Undo()
			if v != want {
				t.Fatalf("seed %d depth %d iid %v: root chose %d worth %d, best %d", seed, depth, iid, roots[bi].a, v, want)
			}
		}
	}
}
