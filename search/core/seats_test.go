package core

import (
	"context"
	"testing"

	"azar/search"
	"azar/variants"
)

// synth4 is a synthetic four-seat game tree generated from hashes: the
// seats move in turn, 1-3 actions a node, some tactical, a game end now
// and then (a winner, or a draw shared by all), and a hash-made value per
// seat.
type synth4 struct{ stack []s4node }

type s4node struct {
	h      uint64
	seat   int
	over   bool
	winner int // -1: a draw
}

func newSynth4(seed uint64) *synth4 { return &synth4{stack: []s4node{{h: mix(seed, 4444)}}} }

func (g *synth4) top() *s4node { return &g.stack[len(g.stack)-1] }
func (g *synth4) Players() int { return 4 }
func (g *synth4) Side() int    { return g.top().seat }
func (g *synth4) ToAct() variants.Player {
	if g.top().over {
		return variants.NoPlayer
	}
	return variants.Player(g.top().seat)
}

func (g *synth4) Legal(buf []variants.Action) []variants.Action {
	n := g.top()
	if n.over {
		return buf
	}
	for i := range 1 + int(n.h%3) {
		buf = append(buf, variants.Action(i+1))
	}
	return buf
}

func (g *synth4) Apply(a variants.Action) {
	n := *g.top()
	h := mix(n.h, uint64(a))
	c := s4node{h: h, seat: (n.seat + 1) % 4, winner: -1}
	if h>>40%100 < 4 {
		c.over = true
		if h>>20%4 != 0 {
			c.winner = int(h >> 24 % 4)
		}
	}
	g.stack = append(g.stack, c)
}

func (g *synth4) Undo()       { g.stack = g.stack[:len(g.stack)-1] }
func (g *synth4) Key() uint64 { return g.top().h }

func (g *synth4) Terminal(p int) (bool, float64) {
	n := g.top()
	switch {
	case !n.over:
		return false, 0
	case n.winner < 0:
		return true, 0.25
	case n.winner == p:
		return true, 1
	}
	return true, 0
}

func (g *synth4) EvaluateSeats(_ EvalKind, out []int) {
	for p := range out {
		out[p] = int(mix(g.top().h, uint64(p)+11)%6001) - 3000
	}
}

func (g *synth4) Evaluate(k EvalKind) int {
	var v [4]int
	g.EvaluateSeats(k, v[:])
	return v[g.Side()]
}

func (g *synth4) TurnStart() bool { return true }
func (g *synth4) InCheck() bool   { return false }
func (g *synth4) Order(a variants.Action) (int, bool) {
	h := mix(g.top().h, uint64(a)+999)
	return int(h % 7), a == 1 && g.top().h>>30%3 == 0
}
func (g *synth4) HistoryIndex(a variants.Action) int { return int(a) }

// ref4 is the reference of the seat policies: the same trees without
// any pruning, table or history.
type ref4 struct {
	g    *synth4
	root int
	vec  [MaxPly + 2][4]int
}

// value is for the side to act: the root's value, negated for a rival.
func (r *ref4) sign() int {
	if r.g.Side() == r.root {
		return 1
	}
	return -1
}

func (r *ref4) static() int {
	var v [4]int
	r.g.EvaluateSeats(EvalMidTurn, v[:])
	return r.sign() * v[r.root]
}

// after is the value for me's side after me's action (paranoid, or BRS+
// with brs).
func (r *ref4) after(me, depth, ply int, brs bool) int {
	who := r.g.ToAct()
	switch {
	case who == variants.NoPlayer:
		v := scoreValue(r.g, r.root, ply)
		if me != r.root {
			v = -v
		}
		return v
	case (int(who) == r.root) == (me == r.root):
		return r.paranoid(depth, ply, brs)
	case brs && me == r.root:
		return -r.rival(depth-1, ply, false)
	}
	return -r.paranoid(depth-1, ply, brs)
}

func (r *ref4) paranoid(depth, ply int, brs bool) int {
	if depth <= 0 {
		return r.quiesce(ply)
	}
	me := r.g.Side()
	best := Lower - 1
	for _, a := range r.g.Legal(nil) {
		r.g.Apply(a)
		best = max(best, r.after(me, depth, ply+1, brs))
		r.g.Undo()
	}
	return best
}

func (r *ref4) quiesce(ply int) int {
	me := r.g.Side()
	best := r.static()
	for _, a := range r.g.Legal(nil) {
		if _, tactical := r.g.Order(a); !tactical {
			continue
		}
		r.g.Apply(a)
		best = max(best, r.after(me, 0, ply+1, false))
		r.g.Undo()
	}
	return best
}

// rival is BRS+'s rival layer as its definition reads: each rival in turn
// may be the one that branches; the others play the default.
func (r *ref4) rival(depth, ply int, branched bool) int {
	if depth <= 0 {
		return r.quiesce(ply)
	}
	acts := r.g.Legal(nil)
	def := acts[0]
	do, _ := r.g.Order(def)
	for _, a := range acts[1:] {
		if o, _ := r.g.Order(a); o > do {
			def, do = a, o
		}
	}
	me := r.g.Side()
	child := func(a variants.Action, br bool) int {
		r.g.Apply(a)
		defer r.g.Undo()
		if who := r.g.ToAct(); who >= 0 && int(who) != r.root {
			return r.rival(depth, ply+1, br)
		}
		return r.after(me, depth, ply+1, true)
	}
	if branched {
		return child(def, true)
	}
	r.g.Apply(def)
	who := r.g.ToAct()
	r.g.Undo()
	last := who < 0 || int(who) == r.root
	best := Lower - 1
	if !last {
		best = child(def, false)
	}
	for _, a := range acts {
		if a != def || last {
			best = max(best, child(a, true))
		}
	}
	return best
}

// maxn writes the node's vector into r.vec[ply].
func (r *ref4) maxn(depth, ply, qdepth int) {
	v := &r.vec[ply]
	if r.g.ToAct() < 0 {
		for p := range 4 {
			_, sc := r.g.Terminal(p)
			v[p] = int((4*sc - 1) * float64(WinScore-ply) / 3)
		}
		return
	}
	leaf := func() {
		r.g.EvaluateSeats(EvalMidTurn, v[:])
		sum := 0
		for p := range 4 {
			sum += v[p]
		}
		for p := range 4 {
			v[p] -= floorDiv(sum, 4)
		}
	}
	quiesce := depth <= 0
	if quiesce && qdepth >= maxnQuiesce {
		leaf()
		return
	}
	p := r.g.Side()
	have := false
	if quiesce {
		leaf()
		have = true
	}
	for _, a := range r.g.Legal(nil) {
		if _, tactical := r.g.Order(a); quiesce && !tactical {
			continue
		}
		r.g.Apply(a)
		qd := qdepth
		if quiesce {
			qd++
		}
		r.maxn(depth-1, ply+1, qd)
		r.g.Undo()
		if c := r.vec[ply+1]; !have || better(c, *v, p, r.root) {
			*v, have = c, true
		}
	}
}

func better(c, b [4]int, p, root int) bool {
	if c[p] != b[p] {
		return c[p] > b[p]
	}
	if c[root] != b[root] {
		return c[root] < b[root]
	}
	for x := range 4 {
		if c[x] != b[x] {
			return c[x] < b[x]
		}
	}
	return false
}

// runSeats searches a synthetic tree with the driver and returns its
// result.
func runSeats(g Game, p SeatPolicy, depth int, tt bool) Result {
	cfg := Config{Seats: p}
	if tt {
		cfg.Table = NewTable(1)
	}
	return NewSearcher().Search(context.Background(), g, cfg, search.Limits{Depth: depth}, nil, nil)
}

// TestSeatPoliciesMatchReferences: on synthetic four-seat trees, paranoid
// and BRS+ (without the table, which may graft deeper results) find the
// reference's root value exactly, and the action chosen is worth it;
// maxⁿ's immediate pruning and tie rule keep the root seat's value of
// plain maxⁿ. With and without the table (the synthetic trees have no
// transpositions, so it only reorders).
func TestSeatPoliciesMatchReferences(t *testing.T) {
	trees := uint64(200)
	if raceEnabled {
		trees = 40
	}
	for seed := uint64(1); seed <= trees; seed++ {
		if len(newSynth4(seed).Legal(nil)) < 2 {
			continue // a forced action is not searched
		}
		for depth := 1; depth <= 3; depth++ {
			for _, pol := range []SeatPolicy{Paranoid, BRS} {
				brs := pol == BRS
				want := (&ref4{g: newSynth4(seed)}).paranoid(depth, 0, brs)
				for _, tt := range []bool{false, true} {
					got := runSeats(newSynth4(seed), pol, depth, tt)
					if got.Score != want {
						t.Fatalf("seed %d depth %d %s table %v: %d, reference %d", seed, depth, pol, tt, got.Score, want)
					}
					r := &ref4{g: newSynth4(seed)}
					r.g.Apply(got.Action)
					if v := r.after(0, depth, 1, brs); v != want {
						t.Fatalf("seed %d depth %d %s table %v: chose %d worth %d, best %d", seed, depth, pol, tt, got.Action, v, want)
					}
				}
			}
			md := depth + 2
			r := &ref4{g: newSynth4(seed)}
			r.maxn(md, 0, 0)
			for _, tt := range []bool{false, true} {
				if got := runSeats(newSynth4(seed), MaxN, md, tt); got.Score != r.vec[0][0] {
					t.Fatalf("seed %d depth %d maxn table %v: %d, reference %d", seed, md, tt, got.Score, r.vec[0][0])
				}
			}
		}
	}
}
