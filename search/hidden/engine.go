// Package hidden searches Ajedrez con Espía (variants/spy), a game of
// hidden information: the engine knows its own card and not the
// opponent's. It keeps the belief about the opponent's card (uniform over
// the 31 other cards, less what the public state rules out), turns it into
// a handful of determinized worlds (the opponent's card fixed in each),
// searches every root action in every world with an alpha-beta search,
// and plays the action whose probability-weighted expected score is best.
// The method, its cost and its limits are described in docs/spy.md.
package hidden

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"azar/eval"
	"azar/search"
	"azar/search/core"
	"azar/search/worlds"
	"azar/variants"
	"azar/variants/chess"
	"azar/variants/spy"
)

// Policy says how the engine decides to reveal its own spy.
type Policy uint8

// The reveal policies (UCI option SpyRevealPolicy).
const (
	// PolicySearch reveals when the search finds it best.
	PolicySearch Policy = iota
	// PolicyNever never reveals (unless the reveal is the only legal
	// action); its search does not count on its own spy either.
	PolicyNever
	// PolicyAsap reveals as soon as the reveal is legal.
	PolicyAsap
)

// Policies are the policy names, by value (a fresh slice each call).
func Policies() []string { return []string{"search", "never", "asap"} }

func (p Policy) String() string {
	switch p {
	case PolicySearch:
		return "search"
	case PolicyNever:
		return "never"
	case PolicyAsap:
		return "asap"
	}
	return "?"
}

// ParsePolicy reads a policy name (any case).
func ParsePolicy(s string) (Policy, error) {
	for i, n := range Policies() {
		if strings.EqualFold(n, s) {
			return Policy(i), nil
		}
	}
	return 0, fmt.Errorf("reveal policy %q: want search, never or asap", s)
}

// Options are the engine's settings.
type Options struct {
	Policy Policy
	// MaxWorlds caps the determinized worlds searched per move; more
	// distinct worlds are sampled by probability down to this many.
	MaxWorlds int
	// HashMB is the transposition table's size.
	HashMB int
	// MoveOverhead is kept back from the clock.
	MoveOverhead time.Duration
	// HoldShare is the per cent of its reveal's material swing that an
	// unrevealed spy that may still be revealed is worth, to either side
	// (DefaultHoldShare; the zero value counts nothing).
	HoldShare int
	// RevealPlies is the deepest ply of the tree at which the engine's
	// own reveals are searched (0: the root only; AllPlies: everywhere).
	// The opponent's reveals, in each world, are searched everywhere.
	RevealPlies int
}

// AllPlies, as Options.RevealPlies, searches the engine's own reveals at
// every ply.
const AllPlies = search.MaxPly

// checkInt is how many nodes the core searches between two looks at the
// clock and the stop flag.
const checkInt = 1024

// DefaultRevealPlies is the default of Options.RevealPlies: every ply, as
// in the 400-game figures of docs/spy.md. A reveal that gains material (a
// pawn spy) is a strong candidate wherever it is legal, so searching it
// at every ply of its own costs a full-depth subtree at each: 19 % more
// nodes than `never` at depth 4, 27 % at depth 5
// (BenchmarkRevealPolicyNodes). RevealPlySoon, plies 0 and 2 (a reveal now
// or prepared for the next turn), halves that cost; it becomes the
// default if it scores at least as well at the conditions (at
// 3 s + 0.03 s, 160 games each, both scored about 50 % against `never`;
// at 10 s + 0.1 s RevealPlySoon stood at 50.0 % after 123 games, where
// that run was stopped, against 54.75 % and 57.9 % for the default).
const DefaultRevealPlies = AllPlies

// RevealPlySoon is the candidate setting of Options.RevealPlies: the
// engine's own reveals at its current and next turn only.
const RevealPlySoon = 2

// DefaultOptions are a fresh engine's settings.
func DefaultOptions() Options {
	return Options{Policy: PolicySearch, MaxWorlds: 16, HashMB: 16, MoveOverhead: 10 * time.Millisecond, HoldShare: DefaultHoldShare, RevealPlies: DefaultRevealPlies}
}

// Info, ActionScore and Result are the shell's (search/worlds): scores
// in centipawns of the expected game score over the worlds (cpOf, ±9999),
// or a mate score when every world agrees; the PV is the best action,
// then the line of the most probable world.
type (
	Info        = worlds.Info
	ActionScore = worlds.ActionScore
	Result      = worlds.Result
)

// Engine searches spy-chess positions. One search at a time.
type Engine struct {
	opts Options
	sh   *worlds.Shell
}

// New returns an engine with the given options.
func New(o Options) *Engine {
	e := &Engine{}
	e.SetOptions(o)
	return e
}

// Options returns the current settings.
func (e *Engine) Options() Options { return e.opts }

// SetOptions changes the settings (not during a search).
func (e *Engine) SetOptions(o Options) {
	o.MaxWorlds = max(1, o.MaxWorlds)
	o.HashMB = max(1, o.HashMB)
	o.HoldShare = min(max(0, o.HoldShare), 100)
	o.RevealPlies = min(max(0, o.RevealPlies), AllPlies)
	if e.sh == nil {
		e.sh = worlds.NewShell(o.HashMB)
	}
	e.sh.Resize(o.HashMB)
	e.opts = o
}

// NewGame forgets what earlier searches learnt (the history and killers
// live for one search: searchCore clears them).
func (e *Engine) NewGame() { e.sh.Table.Clear() }

// PonderHit makes a ponder search a normal timed one.
func (e *Engine) PonderHit() { e.sh.PonderHit() }

// world is one determinized state with its probability.
type world struct {
	st   *spy.State
	prob float64
	card spy.Card // the opponent's card assumed (NoCard: nothing assumed)
}

// Search chooses an action for the side to move in st, a seat's view (or
// any state: unknown cards are treated as hidden). only, when not empty,
// restricts the root (searchmoves). It returns when the limits are reached
// or ctx is cancelled; an infinite or pondering search waits for ctx (or
// PonderHit) before returning. st is not modified.
func (e *Engine) Search(ctx context.Context, st *spy.State, l search.Limits, only []variants.Action, report func(Info)) Result {
	start := time.Now()
	e.sh.Begin(l)

	roots := e.rootActions(st, only)
	if len(roots) == 0 {
		e.sh.Wait(ctx, l)
		return Result{}
	}
	if e.opts.Policy == PolicyAsap {
		for _, a := range roots {
			if _, ok := spy.IsReveal(a); ok {
				if report != nil {
					report(Info{Depth: 1, Time: time.Since(start), Worlds: 1, PV: []variants.Action{a}})
				}
				e.sh.Wait(ctx, l)
				return Result{Action: a, Found: true, Depth: 1, Worlds: 1, Scores: []ActionScore{{Action: a}}}
			}
		}
	}

	res := e.searchCore(ctx, st, e.worlds(st), roots, l, report, start)
	e.sh.Wait(ctx, l)
	return res
}

// rootActions lists the actions the engine may choose: st's legal actions
// (within only), without reveals when the engine does not know its own
// card (it cannot reveal a card it does not know it holds) or when its
// policy never reveals, as long as another action remains. A draw claim
// comes first, so that it wins the ties: the search scores a move that
// repeats the position as a draw too, but only the claim makes it one
// (the opponent could deviate).
func (e *Engine) rootActions(st *spy.State, only []variants.Action) []variants.Action {
	legal := st.Legal(nil)
	if len(only) > 0 {
		legal = slices.DeleteFunc(legal, func(a variants.Action) bool { return !slices.Contains(only, a) })
	}
	us := st.Side()
	dropReveals := st.Card(us) == spy.NoCard || e.opts.Policy == PolicyNever
	if dropReveals {
		moves := slices.DeleteFunc(slices.Clone(legal), func(a variants.Action) bool { _, ok := spy.IsReveal(a); return ok })
		if len(moves) > 0 || st.Card(us) == spy.NoCard {
			legal = moves
		}
	}
	if i := slices.Index(legal, spy.ClaimAction); i > 0 {
		copy(legal[1:i+1], legal[:i])
		legal[0] = spy.ClaimAction
	}
	return legal
}

// worlds builds the determinized worlds of st for its side to move.
func (e *Engine) worlds(st *spy.State) []*world {
	us := st.Side()
	opp := us.Other()
	rng := rand.New(rand.NewPCG(st.Key(), uint64(st.Ply())))
	clone := func() *spy.State { return st.Clone().(*spy.State) }
	switch {
	case st.Card(opp) != spy.NoCard || st.Revealed(opp):
		return []*world{{st: clone(), prob: 1}}
	case st.Card(us) == spy.NoCard && !st.Revealed(us):
		// The engine's own card is unknown too: sample whole worlds.
		var ws []*world
		seen := map[uint64]*world{}
		n := e.opts.MaxWorlds
		for range n {
			d := st.Determinize(rng)
			if w := seen[d.WorldKey()]; w != nil {
				w.prob += 1 / float64(n)
				continue
			}
			w := &world{st: d, prob: 1 / float64(n), card: d.Card(opp)}
			seen[d.WorldKey()] = w
			ws = append(ws, w)
		}
		return ws
	}
	if q, _ := st.OriginalQueen(opp); q == chess.NoSquare {
		// The opponent can never reveal: its card no longer matters.
		s := clone()
		_ = s.AssumeCard(opp, spy.Neutral)
		return []*world{{st: s, prob: 1, card: spy.Neutral}}
	}
	b := st.Belief(variants.Player(us))
	ds := b.Distinct()
	if len(ds) > e.opts.MaxWorlds {
		ds = sampleWorlds(ds, e.opts.MaxWorlds, rng)
	}
	ws := make([]*world, 0, len(ds))
	for _, d := range ds {
		s := clone()
		if err := s.AssumeCard(opp, d.Card); err != nil {
			continue
		}
		ws = append(ws, &world{st: s, prob: d.Prob, card: d.Card})
	}
	// Most probable first: they are searched first at each depth.
	slices.SortStableFunc(ws, func(a, b *world) int { return cmp.Compare(b.prob, a.prob) })
	return ws
}

// sampleWorlds draws n worlds by probability (systematic sampling:
// unbiased, and every world with probability >= 1/n is kept), each
// weighted by how often it was drawn.
func sampleWorlds(ds []spy.World, n int, rng *rand.Rand) []spy.World {
	var out []spy.World
	u := rng.Float64() / float64(n)
	cum := 0.0
	for _, d := range ds {
		cum += d.Prob
		k := 0
		for u < cum && k < n {
			k++
			u += 1 / float64(n)
		}
		if k > 0 {
			d.Prob = float64(k) / float64(n)
			out = append(out, d)
		}
	}
	return out
}

// winProb maps a score to an expected game score in [0, 1]: a logistic
// curve for centipawns, 1 or 0 for a mate (a quicker mate a little
// better). Worlds are averaged on this scale, so that a mate in a few
// worlds weighs like the lost game it is, not like a huge number of
// centipawns. It is core.WinProb's curve on the chess scale: the
// centipawns' logistic squeezed so that no evaluation, however large,
// outweighs a mate.
func winProb(s int) float64 {
	switch {
	case s >= search.MateBound:
		return core.MateWinProb(search.MateScore - s)
	case s <= -search.MateBound:
		return core.MateWinProb(-(search.MateScore + s))
	}
	return core.EvalWinProb(s)
}

// cpOf is winProb's inverse for centipawns, bounded to ±9999.
func cpOf(w float64) int {
	if w <= 0.0001 {
		return -9999
	}
	if w >= 0.9999 {
		return 9999
	}
	return core.CentipawnsWithin(w, 9999)
}

// timePolicy is chess's, but the hard budget stops at 3 soft budgets
// and two thirds of the clock: a depth over many worlds costs more than
// one chess iteration, and is not started unless it can finish.
func timePolicy() search.TimePolicy {
	return search.TimePolicy{MovesToGo: 30, HardFactor: 3, HardShare: 2.0 / 3, LastShare: 0.9}
}

// searchCore is Search on the game-search core: the worlds as core.Games
// (game.go) searched by core.SearchWorlds with the node options that
// make the core's loop this package's.
func (e *Engine) searchCore(ctx context.Context, st *spy.State, dealt []*world, roots []variants.Action, l search.Limits, report func(Info), start time.Time) Result {
	us := st.Side()
	// The history and killers live for one search, as they did in the
	// package's first loop.
	e.sh.Searcher.ClearHistory()
	ev := eval.NewEvaluator()
	ws := make([]core.World, len(dealt))
	for i, w := range dealt {
		ws[i] = core.World{Game: &game{s: w.st, ev: ev, opts: &e.opts, rootSide: us}, Weight: w.prob}
	}
	cfg := core.Config{
		Table:    e.sh.Table,
		PollMask: checkInt - 1,
		Node:     coreNodeOptions(),
		Clock:    search.NewTimeManager(start, l, us, e.opts.MoveOverhead+time.Millisecond+time.Duration(st.Ply())*20*time.Microsecond, timePolicy()),
	}
	r := e.sh.Searcher.SearchWorlds(ctx, ws, roots, cfg, l, nil, worlds.Reporter(report, len(ws), spyScore))
	res := Result{Action: r.Action, Found: r.Found, Depth: r.Depth, Nodes: r.Nodes, Worlds: r.Worlds, Scores: worlds.Scores(r, spyScore)}
	if len(res.Scores) > 0 {
		res.Score = res.Scores[0].Score
	}
	return res
}

// spyScore is a core value in this package's units: a win or a loss as a
// mate score, and otherwise (withWin) the expected score's centipawns on
// this package's scale (cpOf, to ±9999 where the core's stop short of its
// win values), or the centipawns as they are.
func spyScore(v int, win float64, withWin bool) int {
	if m, ok := worlds.Mate(v); ok {
		return m
	}
	if withWin {
		return cpOf(win)
	}
	return v
}
