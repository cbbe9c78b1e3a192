// Package hands is the Ajedrez Mágico (variants/magic) engine: a search
// with hidden hands. The engine knows its own hand and everything public
// (the size of the other hand, every committed card, the discard, the
// effects in play); its belief over the other hand is uniform over the
// unaccounted cards. It samples distinct worlds from that belief
// (magic.State.Determinize), searches every root action in every world on
// the game-search core (game.go is the adapter: card commitments,
// reactions and the mate save are actions of the seat that makes them),
// and plays the action with the best expected score over the worlds, the
// worlds' scores averaged as win probabilities. The card policies
// (`search`, `never`, `random`) are the engine's. docs/magic.md describes
// the method and what the sampling costs.
//
// The package knows no protocol text.
package hands

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"azar/eval"
	"azar/search"
	"azar/search/core"
	"azar/variants"
	"azar/variants/chess"
	"azar/variants/magic"
)

// CardPolicy says how the engine commits cards (UCI option Magic_Cards).
type CardPolicy uint8

// The card policies.
const (
	// CardsSearch: a card commitment is one action among the others,
	// chosen by the search.
	CardsSearch CardPolicy = iota
	// CardsNever: no card commitment ever; `pass` in every window (the
	// mate save included), moves otherwise. Its search counts on no card
	// of its own either.
	CardsNever
	// CardsRandom: whenever a card commitment is legal, a uniformly random
	// one (from a generator seeded by Options.Seed and the position);
	// otherwise the search decides.
	CardsRandom
)

// CardPolicies are the policy names, by value (a fresh slice each call).
func CardPolicies() []string { return []string{"search", "never", "random"} }

func (p CardPolicy) String() string {
	if int(p) < len(CardPolicies()) {
		return CardPolicies()[p]
	}
	return "?"
}

// ParseCardPolicy reads a policy name (any case).
func ParseCardPolicy(s string) (CardPolicy, error) {
	for i, n := range CardPolicies() {
		if strings.EqualFold(n, s) {
			return CardPolicy(i), nil
		}
	}
	return 0, fmt.Errorf("card policy %q: want search, never or random", s)
}

// Options are the engine's settings.
type Options struct {
	// MaxWorlds is the most sampled worlds (other hands) per decision.
	MaxWorlds int
	// HashMB is the transposition table's size (one table for every
	// world: the key holds both hands, so the worlds do not collide).
	HashMB int
	// MoveOverhead is kept back from the clock.
	MoveOverhead time.Duration
	// Cards is the card policy.
	Cards CardPolicy
	// Seed seeds the sampling of the worlds and the random policy, with
	// the position's key: the same seed and position give the same worlds
	// and the same choice.
	Seed uint64
}

// DefaultMaxWorlds is the default of Options.MaxWorlds (docs/magic.md,
// "How many worlds").
const DefaultMaxWorlds = 8

// DefaultOptions are a fresh engine's settings.
func DefaultOptions() Options {
	return Options{MaxWorlds: DefaultMaxWorlds, HashMB: 16, MoveOverhead: 10 * time.Millisecond, Cards: CardsSearch}
}

// Info is one progress report: the expected score of the best action over
// the worlds searched to Depth.
type Info struct {
	Depth    int
	SelDepth int
	// Score is in centipawns for the seat to act, or ±(search.MateScore -
	// plies) when every world agrees on a forced result.
	Score    int
	Nodes    uint64
	Time     time.Duration
	HashFull int
	Worlds   int
	PV       []variants.Action // the best action, then the first world's line
}

// Result is the outcome of a search.
type Result struct {
	Action variants.Action // meaningful only when Found
	Found  bool            // false: no decision to make
	Score  int             // as Info.Score
	Depth  int
	Nodes  uint64
	Worlds int
}

// Engine searches Ajedrez Mágico decisions. One search at a time.
type Engine struct {
	opts      Options
	tt        *core.Table
	s         *core.Searcher
	ev        *eval.Evaluator
	pondering atomic.Bool
}

// New returns an engine with the given options.
func New(o Options) *Engine {
	e := &Engine{s: core.NewSearcher(), ev: eval.NewEvaluator()}
	e.SetOptions(o)
	return e
}

// Options returns the current settings.
func (e *Engine) Options() Options { return e.opts }

// SetOptions changes the settings (not during a search).
func (e *Engine) SetOptions(o Options) {
	o.MaxWorlds = max(1, o.MaxWorlds)
	o.HashMB = max(1, o.HashMB)
	if o.Cards > CardsRandom {
		o.Cards = CardsSearch
	}
	if e.tt == nil || o.HashMB != e.opts.HashMB {
		e.tt = core.NewTable(o.HashMB)
	}
	e.opts = o
}

// NewGame forgets what earlier searches learnt.
func (e *Engine) NewGame() {
	e.tt.Clear()
	e.s.ClearHistory()
}

// PonderHit makes a ponder search a normal timed one.
func (e *Engine) PonderHit() {
	e.pondering.Store(false)
	e.s.PonderHit()
}

// world is one determinized state with its probability and, per root
// action, its value for the engine's seat at the last depth it completed.
type world struct {
	st     *magic.State
	g      *game
	prob   float64
	depth  int
	scores []int
	pv     []variants.Action // the best root action's line, at depth
}

// Search chooses the action of the seat to act in st: a seat's view (the
// other hand a count) or a referee's state, of which the engine uses only
// what that seat may know (st.View). only, when not empty, restricts the
// root. It returns when the limits are reached or ctx is cancelled; an
// infinite or pondering search waits for ctx (or PonderHit) before
// returning. st is not modified.
func (e *Engine) Search(ctx context.Context, st *magic.State, l search.Limits, only []variants.Action, report func(Info)) Result {
	start := time.Now()
	e.pondering.Store(l.Ponder)
	e.tt.NewSearch()
	defer e.waitIfRequired(ctx, l)
	who := st.ToAct()
	if who < 0 {
		return Result{}
	}
	me := chess.Color(who)
	view := st.View(who)
	roots := e.rootActions(view, me, only)
	if len(roots) == 0 {
		return Result{}
	}
	rng := rand.New(rand.NewPCG(e.opts.Seed, view.Key()))
	if e.opts.Cards == CardsRandom {
		var cards []variants.Action
		for _, a := range roots {
			if magic.TypeOf(a) == magic.ActCard {
				cards = append(cards, a)
			}
		}
		if len(cards) > 0 {
			a := cards[rng.IntN(len(cards))]
			if report != nil {
				report(Info{Depth: 1, Time: time.Since(start), Worlds: 1, PV: []variants.Action{a}})
			}
			return Result{Action: a, Found: true, Depth: 1, Worlds: 1}
		}
	}
	noCards := e.opts.Cards == CardsNever
	roots = e.screenCards(view, me, roots)
	if len(roots) == 1 {
		v := newGame(view, e.ev, me, noCards).Evaluate(core.EvalMidTurn)
		if report != nil {
			report(Info{Depth: 1, Score: v, Time: time.Since(start), Worlds: 1, PV: roots})
		}
		return Result{Action: roots[0], Found: true, Score: v, Depth: 1, Worlds: 1}
	}
	worlds := e.sample(view, rng)
	for _, w := range worlds {
		w.g = newGame(w.st, e.ev, me, noCards)
		w.scores = make([]int, len(roots))
	}
	t := &rootSearch{e: e, ctx: ctx, me: me, limits: l, roots: roots,
		tm: search.NewTimeManager(start, l, me, e.opts.MoveOverhead, timePolicy())}
	maxDepth := core.MaxPly / 2
	if l.Depth > 0 {
		maxDepth = min(l.Depth, maxDepth)
	}
	res := Result{Worlds: len(worlds)}
	var reported variants.Action
	for depth := 1; depth <= maxDepth; depth++ {
		depthStart := time.Since(start)
		complete := true
		for _, w := range worlds {
			if !t.searchWorld(w, depth) {
				complete = false
				break
			}
		}
		if !complete && depth > 1 {
			break
		}
		best, score := aggregate(worlds, roots, depth)
		if best < 0 {
			break
		}
		res.Action, res.Found, res.Score, res.Depth = roots[best], true, score, depth
		if !complete {
			// Depth 1 was cut short (a time limit): the worlds that
			// finished it decide.
			res.Depth = 0
			break
		}
		// The next depth searches the best action first.
		roots[0], roots[best] = roots[best], roots[0]
		for _, w := range worlds {
			w.scores[0], w.scores[best] = w.scores[best], w.scores[0]
		}
		t.nodeLimit = l.Nodes
		reported = res.Action
		if report != nil {
			report(Info{Depth: depth, SelDepth: t.seldepth, Score: res.Score, Nodes: t.nodes, Time: time.Since(start),
				HashFull: e.tt.HashFull(), Worlds: len(worlds), PV: worlds[0].pv})
		}
		if l.Mate > 0 {
			if ok, n := search.IsMate(res.Score); ok && n > 0 && n <= l.Mate {
				break
			}
		}
		if t.stopped() {
			break
		}
		if !e.pondering.Load() && t.tm.WouldOverrun(3*(time.Since(start)-depthStart)) {
			break
		}
	}
	if !res.Found {
		res.Action, res.Found = roots[0], true
	}
	if report != nil && res.Action != reported {
		report(Info{Depth: res.Depth, SelDepth: t.seldepth, Score: res.Score, Nodes: t.nodes, Time: time.Since(start),
			HashFull: e.tt.HashFull(), Worlds: len(worlds), PV: []variants.Action{res.Action}})
	}
	res.Nodes = t.nodes
	return res
}

// waitIfRequired holds an infinite or still-pondering search until stop.
func (e *Engine) waitIfRequired(ctx context.Context, l search.Limits) {
	for (l.Infinite || e.pondering.Load()) && ctx.Err() == nil {
		time.Sleep(time.Millisecond)
	}
}

// rootActions lists the actions the engine may choose: the view's legal
// actions (within only), without card commitments when the engine does
// not know its own hand (it cannot commit a card it does not know it
// holds) or when its policy never commits one, as long as another action
// remains (a window always has `pass`). A draw claim comes first, so that
// it wins the ties.
func (e *Engine) rootActions(view *magic.State, me chess.Color, only []variants.Action) []variants.Action {
	legal := view.Legal(nil)
	if len(only) > 0 {
		legal = slices.DeleteFunc(legal, func(a variants.Action) bool { return !slices.Contains(only, a) })
	}
	if _, known := view.Hand(me); !known || e.opts.Cards == CardsNever {
		legal = dropCards(legal)
	}
	if i := slices.Index(legal, magic.ClaimAction); i > 0 {
		copy(legal[1:i+1], legal[:i])
		legal[0] = magic.ClaimAction
	}
	return legal
}

// RootCards is the most card commitments of a turn's start searched at
// the root: the best by the static screen (screenCards).
const RootCards = 8

// screenCards keeps every action of roots that is not a card commitment
// and the RootCards commitments with the best static value for me once
// they have resolved unanswered (the view passes a reaction window that
// follows): a turn's start can offer a thousand commitments (AM23's pairs
// of moves alone several hundred), each a full search in every world.
// The windows' cards are few and all kept.
func (e *Engine) screenCards(view *magic.State, me chess.Color, roots []variants.Action) []variants.Action {
	type scored struct {
		a variants.Action
		v int
	}
	var cards []scored
	for _, a := range roots {
		if magic.TypeOf(a) == magic.ActCard {
			cards = append(cards, scored{a: a})
		}
	}
	if len(cards) <= RootCards || view.Phase() != magic.PhStart {
		return roots
	}
	for i := range cards {
		view.ApplyTrusted(cards[i].a)
		n := 1
		for view.ToAct() >= 0 && chess.Color(view.ToAct()) != me &&
			(view.Phase() == magic.PhRCommit || view.Phase() == magic.PhRImpact) {
			view.ApplyTrusted(magic.PassAction)
			n++
		}
		if over, sc, _ := view.Result(); over {
			cards[i].v = int(sc[me]*2-1) * core.WinScore
		} else {
			cards[i].v = e.ev.EvaluateMagic(view, me)
		}
		for range n {
			view.Undo()
		}
	}
	slices.SortStableFunc(cards, func(x, y scored) int { return y.v - x.v })
	keep := map[variants.Action]bool{}
	for _, c := range cards[:RootCards] {
		keep[c.a] = true
	}
	return slices.DeleteFunc(roots, func(a variants.Action) bool { return magic.TypeOf(a) == magic.ActCard && !keep[a] })
}

// sample draws up to MaxWorlds distinct worlds from the view: each a
// referee's state with the other hand dealt from the unaccounted cards,
// weighted by how often it was drawn. A view with nothing hidden is one
// world.
func (e *Engine) sample(view *magic.State, rng *rand.Rand) []*world {
	n := e.opts.MaxWorlds
	hidden := false
	for c := chess.White; c <= chess.Black; c++ {
		if _, known := view.Hand(c); !known && view.HandSize(c) > 0 {
			hidden = true
		}
	}
	if !hidden || view.Unaccounted() == 0 {
		return []*world{{st: view.Determinize(rng), prob: 1}}
	}
	var ws []*world
	seen := map[[2]magic.CardSet]*world{}
	draws := 0
	// Distinct worlds: a repeated deal adds weight to its world; the
	// attempts are bounded for the small beliefs that have fewer than n.
	for attempt := 0; len(ws) < n && attempt < 4*n; attempt++ {
		d := view.Determinize(rng)
		wh, _ := d.Hand(chess.White)
		bh, _ := d.Hand(chess.Black)
		draws++
		if w := seen[[2]magic.CardSet{wh, bh}]; w != nil {
			w.prob++
			continue
		}
		w := &world{st: d, prob: 1}
		seen[[2]magic.CardSet{wh, bh}] = w
		ws = append(ws, w)
	}
	for _, w := range ws {
		w.prob /= float64(draws)
	}
	slices.SortStableFunc(ws, func(a, b *world) int { return cmp.Compare(b.prob, a.prob) })
	return ws
}

// rootSearch is one decision's search over the worlds: every root action
// of every world is searched by the core to the same depth.
type rootSearch struct {
	e         *Engine
	ctx       context.Context
	me        chess.Color
	limits    search.Limits
	roots     []variants.Action
	tm        search.TimeManager
	nodes     uint64
	nodeLimit uint64 // set once depth 1 is complete
	seldepth  int
	halted    bool
	buf       []variants.Action
}

func (t *rootSearch) stopped() bool {
	if !t.halted && (t.ctx.Err() != nil || (t.nodeLimit > 0 && t.nodes >= t.nodeLimit) ||
		(!t.e.pondering.Load() && t.tm.PastHard())) {
		t.halted = true
	}
	return t.halted
}

// searchWorld scores every root action in w to depth; false if the
// search was stopped first (w keeps its previous depth's scores).
func (t *rootSearch) searchWorld(w *world, depth int) bool {
	scores := make([]int, len(t.roots))
	var bestPV []variants.Action
	best := core.Lower - 1
	for i, a := range t.roots {
		if t.stopped() {
			return false
		}
		w.g.Apply(a)
		v, pv, ok := t.value(w, depth, 1)
		w.g.Undo()
		if !ok {
			return false
		}
		scores[i] = v
		if v > best {
			best, bestPV = v, append([]variants.Action{a}, pv...)
		}
	}
	w.scores, w.depth, w.pv = scores, depth, bestPV
	return true
}

// maxForced bounds the forced actions value follows before it searches.
const maxForced = 16

// value is the value for the engine's seat of the state w is in, reached
// after ply actions: a finished game's result, else the core's search of
// the seat to act to depth (forced actions, which the core would not
// search, are played first). ok is false when the search was stopped
// before it completed the depth.
func (t *rootSearch) value(w *world, depth, ply int) (int, []variants.Action, bool) {
	g := w.g
	var forced []variants.Action
	defer func() {
		for range forced {
			g.Undo()
		}
	}()
	for {
		who := g.ToAct()
		if who == variants.NoPlayer {
			_, sc := g.Terminal(int(t.me))
			p := ply + len(forced)
			switch {
			case sc > 0.75:
				return core.WinScore - p, forced, true
			case sc < 0.25:
				return -(core.WinScore - p), forced, true
			}
			return 0, forced, true
		}
		t.buf = g.FilterActions(g.Legal(t.buf[:0]))
		if len(t.buf) != 1 || len(forced) >= maxForced {
			break
		}
		a := t.buf[0]
		forced = append(forced, a)
		g.Apply(a)
	}
	l := search.Limits{Depth: depth, Ponder: t.e.pondering.Load()}
	if t.nodeLimit > 0 {
		if t.nodes >= t.nodeLimit {
			return 0, nil, false
		}
		l.Nodes = t.nodeLimit - t.nodes
	}
	cfg := core.Config{Table: t.e.tt, PollMask: 255, Clock: t.tm}
	r := t.e.s.Search(t.ctx, g, cfg, l, nil, nil)
	t.nodes += r.Nodes
	if !r.Found || r.Depth < depth {
		return 0, nil, false
	}
	v := r.Score
	if chess.Color(g.Side()) != t.me {
		v = -v
	}
	if v >= core.WinBound {
		v -= ply + len(forced)
	} else if v <= -core.WinBound {
		v += ply + len(forced)
	}
	return v, append(slices.Clone(forced), r.Action), true
}

// aggregate weights each root action's scores over the worlds that
// completed depth and returns the best action's index (-1 if no world
// did) and its score (Info.Score's scale).
func aggregate(worlds []*world, roots []variants.Action, depth int) (int, int) {
	total := 0.0
	for _, w := range worlds {
		if w.depth == depth {
			total += w.prob
		}
	}
	if total == 0 {
		return -1, 0
	}
	best, bestWin, bestScore := 0, -1.0, 0
	for i := range roots {
		exp := 0.0
		lo, hi := core.Upper, core.Lower
		for _, w := range worlds {
			if w.depth != depth {
				continue
			}
			s := w.scores[i]
			exp += w.prob * winProb(s)
			lo, hi = min(lo, s), max(hi, s)
		}
		exp /= total
		if exp > bestWin {
			best, bestWin = i, exp
			bestScore = cpOf(exp)
			switch {
			case lo >= core.WinBound:
				// Won in every world: the slowest win.
				bestScore = search.MateScore - (core.WinScore - lo)
			case hi <= -core.WinBound:
				bestScore = -search.MateScore + (core.WinScore + hi)
			}
		}
	}
	return best, bestScore
}

// winProb maps a value to an expected game score in [0, 1]: a logistic
// curve for centipawns, 1 or 0 for a won or lost game (a quicker win a
// little better). Worlds are averaged on this scale, so that a mate in a
// few worlds weighs like the lost game it is, not like a huge number of
// centipawns.
func winProb(s int) float64 {
	switch {
	case s >= core.WinBound:
		return 1 - float64(core.WinScore-s)*1e-6
	case s <= -core.WinBound:
		return float64(core.WinScore+s) * 1e-6
	}
	return 1 / (1 + math.Pow(10, -float64(s)/400))
}

// cpOf is winProb's inverse for centipawns, bounded to ±(core.EvalLimit).
func cpOf(w float64) int {
	if w <= 0.0001 {
		return -core.EvalLimit
	}
	if w >= 0.9999 {
		return core.EvalLimit
	}
	return max(min(int(math.Round(-400*math.Log10(1/w-1))), core.EvalLimit), -core.EvalLimit)
}

// timePolicy: a decision is one of many in a game (windows, reactions,
// PRE and END cards are decisions of their own), and a depth over many
// worlds is not started unless it can finish.
func timePolicy() search.TimePolicy {
	return search.TimePolicy{MovesToGo: 40, HardFactor: 3, HardShare: 0.25, LastShare: 0.9}
}
