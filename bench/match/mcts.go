package match

import (
	"math"
	"math/rand/v2"
	"slices"
	"time"

	gamerules "azar/variants"
)

// The built-in MCTS player's search (`builtin=mcts`, docs/match.md): UCT
// (Kocsis & Szepesvári 2006, UCB1 at every node of the tree) made into
// single-observer information-set MCTS (Cowling, Powley & Whitehouse
// 2012): one tree whose nodes are the decider's action histories, each
// iteration played in one determinization, a full state sampled from what
// the player may know (mctsGame.world), and the UCB of a child taken over
// the iterations in which its action was legal (its availability count),
// not over its parent's visits. Chance events (a lucky card turned over)
// are nodes whose children are sampled from the rules' distribution of
// the unseen cards, never chosen. With more than two seats every node
// keeps one total per seat and the seat to act maximises its own (max^n
// in UCT's form).

// mctsSeats is the most seats a game has (chaturanga4).
const mctsSeats = 4

// mctsGame is one decision's game as the search sees it. It knows only
// the player's view: the world it hands out is sampled from that view.
type mctsGame interface {
	// world returns the state of one iteration: a full state consistent
	// with the view (the unknown cards drawn from what the player may
	// know), which the iteration may play on.
	world(rng *rand.Rand) gamerules.State
	// restore is told that an iteration applied n actions to w.
	restore(w gamerules.State, n int)
	// legal appends w's legal actions to buf; rollout says the playout
	// asks (a game may leave out costly actions there).
	legal(w gamerules.State, buf []gamerules.Action, rollout bool) []gamerules.Action
	// gain is the material a takes in w (0: none), for the playout.
	gain(w gamerules.State, a gamerules.Action) int
	// value writes each seat's worth of the unfinished w in [0, 1].
	value(w gamerules.State, v *[mctsSeats]float64)
}

// trusted is a state that applies an action of its own Legal without
// checking it again (all of the card variants).
type trusted interface{ ApplyTrusted(gamerules.Action) }

func apply(w gamerules.State, a gamerules.Action) {
	if t, ok := w.(trusted); ok {
		t.ApplyTrusted(a)
		return
	}
	if err := w.Apply(a); err != nil {
		panic("mcts: the rules refuse their own action: " + err.Error())
	}
}

// Playout policies.
const (
	PlayoutMVV    = "mvv"    // captures first, the most valuable victim; else uniform
	PlayoutRandom = "random" // uniform among the legal actions
)

// mctsConfig is the budget and the knobs of one player.
type mctsConfig struct {
	iters   int           // iterations per decision (0: time only)
	budget  time.Duration // time per decision (0: iterations only)
	c       float64       // UCB1's exploration constant
	playout string        // PlayoutMVV or PlayoutRandom
	depth   int           // playout plies before the static value
}

// mctsNode is one node of the tree: the action that leads to it from its
// parent, who took it (mover; -1 for a chance outcome), its visits and
// availability, and each seat's total of the values backed up through it.
type mctsNode struct {
	action      gamerules.Action
	child, next int32 // first child, next sibling; -1 none
	mover       int8
	visits      int32
	avail       int32
	total       [mctsSeats]float32
}

// mcts is one player's search. Its node pool and buffers live across
// decisions (reset at each), so that a decision allocates nothing once
// the pool has grown to the budget.
type mcts struct {
	cfg   mctsConfig
	nodes []mctsNode
	bufs  [][]gamerules.Action // the legal actions per depth of the descent
	pbuf  []gamerules.Action   // the playout's
	has   []bool
	outs  []gamerules.Outcome
	path  []int32
	value [mctsSeats]float64 // the iteration's value vector (a field: a local would escape to the heap through mctsGame.value)
	// iterations and elapsed are the last decision's.
	iterations int
	elapsed    time.Duration
}

func newMCTS(cfg mctsConfig) *mcts { return &mcts{cfg: cfg} }

func (m *mcts) newNode(a gamerules.Action, mover int8) int32 {
	m.nodes = append(m.nodes, mctsNode{action: a, child: -1, next: -1, mover: mover})
	return int32(len(m.nodes) - 1)
}

func (m *mcts) link(parent, n int32) {
	m.nodes[n].next = m.nodes[parent].child
	m.nodes[parent].child = n
}

func (m *mcts) buf(depth int) []gamerules.Action {
	for len(m.bufs) <= depth {
		m.bufs = append(m.bufs, make([]gamerules.Action, 0, 64))
	}
	return m.bufs[depth][:0]
}

// search runs the iterations for the decision g's view is at and returns
// the root's children: each action tried with its visits and the mean
// value to its mover.
func (m *mcts) search(g mctsGame, rng *rand.Rand) []mctsChoice {
	start := time.Now()
	m.nodes = m.nodes[:0]
	root := m.newNode(0, -1)
	var deadline time.Time
	if m.cfg.budget > 0 {
		deadline = start.Add(m.cfg.budget)
	}
	i := 0
	for ; m.cfg.iters <= 0 || i < m.cfg.iters; i++ {
		if m.cfg.budget > 0 && i&15 == 0 && i > 0 && time.Now().After(deadline) {
			break
		}
		m.iterate(g, root, rng)
	}
	m.iterations, m.elapsed = i, time.Since(start)
	var out []mctsChoice
	for c := m.nodes[root].child; c >= 0; c = m.nodes[c].next {
		n := &m.nodes[c]
		if n.visits > 0 {
			out = append(out, mctsChoice{Action: n.action, Visits: int(n.visits), Value: float64(n.total[n.mover]) / float64(n.visits)})
		}
	}
	// Children are linked newest first; the order of expansion is the
	// order of play, so list them oldest first for a stable tie-break.
	slices.Reverse(out)
	return out
}

// mctsChoice is one root action with its statistics.
type mctsChoice struct {
	Action gamerules.Action
	Visits int
	Value  float64 // mean value to the player who takes it
}

// best is the most visited choice (the robust child), ties to the better
// mean, then to the first expanded; false when there is none.
func best(cs []mctsChoice) (mctsChoice, bool) {
	if len(cs) == 0 {
		return mctsChoice{}, false
	}
	b := cs[0]
	for _, c := range cs[1:] {
		if c.Visits > b.Visits || c.Visits == b.Visits && c.Value > b.Value {
			b = c
		}
	}
	return b, true
}

// iterate is one ISMCTS iteration: a determinization, the descent by UCB
// over the children legal in it (expanding the first untried action met),
// the playout and the backup of the value vector.
func (m *mcts) iterate(g mctsGame, root int32, rng *rand.Rand) {
	w := g.world(rng)
	applied := 0
	m.path = append(m.path[:0], root)
	n := root
	v := &m.value
	*v = [mctsSeats]float64{}
	for depth := 0; ; depth++ {
		p := w.ToAct()
		if p == gamerules.NoPlayer {
			terminal(w, v)
			break
		}
		if p == gamerules.Chance {
			a := m.sampleChance(w, rng)
			c := m.find(n, a)
			if c < 0 {
				c = m.newNode(a, -1)
				m.link(n, c)
			}
			apply(w, a)
			applied++
			n = c
			m.path = append(m.path, n)
			continue
		}
		legal := g.legal(w, m.buf(depth), false)
		m.bufs[depth] = legal
		if len(legal) == 0 {
			// A state whose seat to act has nothing: the rules' ending
			// must say so; value it as it stands.
			g.value(w, v)
			break
		}
		slices.Sort(legal)
		m.has = slices.Grow(m.has[:0], len(legal))[:len(legal)]
		clear(m.has)
		sel, bestU := int32(-1), math.Inf(-1)
		for c := m.nodes[n].child; c >= 0; c = m.nodes[c].next {
			cn := &m.nodes[c]
			k, ok := slices.BinarySearch(legal, cn.action)
			if !ok {
				continue
			}
			m.has[k] = true
			cn.avail++
			u := float64(cn.total[cn.mover])/float64(cn.visits) + m.cfg.c*math.Sqrt(math.Log(float64(cn.avail))/float64(cn.visits))
			if u > bestU {
				sel, bestU = c, u
			}
		}
		untried := 0
		for _, h := range m.has {
			if !h {
				untried++
			}
		}
		if untried > 0 {
			k := rng.IntN(untried)
			var a gamerules.Action
			for j, h := range m.has {
				if !h {
					if k == 0 {
						a = legal[j]
						break
					}
					k--
				}
			}
			c := m.newNode(a, int8(p))
			m.nodes[c].avail = 1
			m.link(n, c)
			apply(w, a)
			applied++
			m.path = append(m.path, c)
			applied += m.playout(g, w, rng, v)
			break
		}
		apply(w, m.nodes[sel].action)
		applied++
		n = sel
		m.path = append(m.path, n)
	}
	for _, k := range m.path {
		nd := &m.nodes[k]
		nd.visits++
		for s := range nd.total {
			nd.total[s] += float32(v[s])
		}
	}
	g.restore(w, applied)
}

// find is n's child for action a, -1 if none.
func (m *mcts) find(n int32, a gamerules.Action) int32 {
	for c := m.nodes[n].child; c >= 0; c = m.nodes[c].next {
		if m.nodes[c].action == a {
			return c
		}
	}
	return -1
}

// sampleChance draws the pending chance event's outcome by the rules'
// probabilities.
func (m *mcts) sampleChance(w gamerules.State, rng *rand.Rand) gamerules.Action {
	m.outs = w.Chances(m.outs[:0])
	x := rng.Float64()
	for _, o := range m.outs {
		if x -= o.Prob; x < 0 {
			return o.Action
		}
	}
	return m.outs[len(m.outs)-1].Action
}

// playout plays the policy from w for at most cfg.depth plies (chance
// events included) and writes the end's value: the rules' scores if the
// game ended, else the game's static value. It returns the actions
// applied.
func (m *mcts) playout(g mctsGame, w gamerules.State, rng *rand.Rand, v *[mctsSeats]float64) int {
	n := 0
	for ; n < m.cfg.depth; n++ {
		switch w.ToAct() {
		case gamerules.NoPlayer:
			terminal(w, v)
			return n
		case gamerules.Chance:
			apply(w, m.sampleChance(w, rng))
			continue
		}
		legal := g.legal(w, m.pbuf[:0], true)
		m.pbuf = legal
		if len(legal) == 0 {
			break
		}
		apply(w, m.policy(g, w, legal, rng))
	}
	if w.ToAct() == gamerules.NoPlayer {
		terminal(w, v)
	} else {
		g.value(w, v)
	}
	return n
}

// policy picks the playout's action: under PlayoutMVV the capture of the
// most valuable victim when there is a capture (ties at random), else a
// uniformly random action.
func (m *mcts) policy(g mctsGame, w gamerules.State, legal []gamerules.Action, rng *rand.Rand) gamerules.Action {
	if m.cfg.playout == PlayoutMVV {
		bestGain, count := 0, 0
		var pick gamerules.Action
		for _, a := range legal {
			switch x := g.gain(w, a); {
			case x > bestGain:
				bestGain, count, pick = x, 1, a
			case x == bestGain && x > 0:
				// Reservoir sampling among the equal victims.
				if count++; rng.IntN(count) == 0 {
					pick = a
				}
			}
		}
		if bestGain > 0 {
			return pick
		}
	}
	return legal[rng.IntN(len(legal))]
}

// terminal writes the rules' scores of the finished w.
func terminal(w gamerules.State, v *[mctsSeats]float64) {
	_, sc, _ := w.Result()
	*v = [mctsSeats]float64{}
	copy(v[:], sc)
}

// logistic turns a centipawn margin into a value in (0, 1): a queen up is
// about 0.9.
func logistic(cp int) float64 { return 1 / (1 + math.Exp(-float64(cp)/400)) }
