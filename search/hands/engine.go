// Package hands is the Ajedrez Mágico (variants/magic) engine: a search
// with hidden hands. The engine knows its own hand and everything public
// (the size of the other hand, every committed card, the discard, the
// effects in play); its belief over the other hand is uniform over the
// unaccounted cards, or with Options.Belief BeliefPasses weighs down the
// cards the other player could have committed in the windows they
// passed (belief.go). It samples distinct worlds from that belief
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
	// CardMargin (centipawns) is how much a card commitment must beat the
	// best action without a card by, over the worlds, to be chosen: a
	// shallow search overrates a card's static effect (docs/magic.md,
	// "The card margin").
	CardMargin int
	// CardDepth: card commitments at a turn's start and in the END window
	// are searched down to this many actions below the root, none deeper
	// (the reaction windows and the mate save keep theirs); MaxCardDepth
	// is everywhere. Each card multiplies the branching, and the depth it
	// costs is a cost in the moves' quality (docs/magic.md, "Cards in the
	// tree").
	CardDepth int
	// Belief is the belief over the other hand the worlds are dealt
	// from: uniform, or learning from the other player's passes
	// (docs/magic.md, "The belief from passes").
	Belief Belief
}

// MaxCardDepth is Options.CardDepth's "everywhere".
const MaxCardDepth = 64

// DefaultCardDepth is the default of Options.CardDepth: cards at the root
// only. At a fixed 80,000 nodes a decision it scored 91.0 % against
// `never` where cards everywhere scored 45.5 % and down to two actions
// 46.5 %, and it beat cards everywhere head to head (docs/magic.md, "Cards
// in the tree").
const DefaultCardDepth = 0

// DefaultMaxWorlds is the default of Options.MaxWorlds (docs/magic.md,
// "How many worlds").
const DefaultMaxWorlds = 16

// DefaultCardMargin is the default of Options.CardMargin (docs/magic.md,
// "The card margin").
const DefaultCardMargin = 0

// DefaultOptions are a fresh engine's settings.
func DefaultOptions() Options {
	return Options{MaxWorlds: DefaultMaxWorlds, HashMB: 16, MoveOverhead: 10 * time.Millisecond, Cards: CardsSearch,
		CardMargin: DefaultCardMargin, CardDepth: DefaultCardDepth, Belief: DefaultBelief}
}

// Info, ActionScore and Result are the shell's (search/worlds): scores in
// centipawns for the seat to act, averaged over the worlds, or a mate
// score when every world agrees; the PV is the best action, then the first
// world's line.
type (
	Info        = worlds.Info
	ActionScore = worlds.ActionScore
	Result      = worlds.Result
)

// Engine searches Ajedrez Mágico decisions. One search at a time.
type Engine struct {
	opts Options
	sh   *worlds.Shell
	ev   *eval.Evaluator
	// bc is the chess evaluations of boards, which the worlds of a
	// search mostly share (eval.MagicBoardCache).
	bc *eval.MagicBoardCache
	// tc is the turn starts' verdicts on boards without effects, which
	// the worlds share too (magic.TurnCache): the same cache as bc, whose
	// values live in the boards' slots beside the verdicts.
	tc *magic.TurnCache
	// passMemo is the legal cards of the other player's past windows, by
	// the window's key (passWeights), for BeliefPasses.
	passMemo map[uint64]magic.CardSet
}

// New returns an engine with the given options.
func New(o Options) *Engine {
	c := magic.NewTurnCache()
	e := &Engine{ev: eval.NewEvaluator(), bc: c, tc: c}
	e.SetOptions(o)
	return e
}

// Options returns the current settings.
func (e *Engine) Options() Options { return e.opts }

// SetOptions changes the settings (not during a search).
func (e *Engine) SetOptions(o Options) {
	o.MaxWorlds = max(1, o.MaxWorlds)
	o.CardDepth = min(max(0, o.CardDepth), MaxCardDepth)
	o.HashMB = max(1, o.HashMB)
	if o.Cards > CardsRandom {
		o.Cards = CardsSearch
	}
	if o.Belief > BeliefPasses {
		o.Belief = DefaultBelief
	}
	if e.sh == nil {
		e.sh = worlds.NewShell(o.HashMB)
	}
	e.sh.Resize(o.HashMB)
	e.opts = o
}

// NewGame forgets what earlier searches learnt: the table, the history
// and the killers, which otherwise live from one decision to the next.
func (e *Engine) NewGame() {
	e.sh.Table.Clear()
	e.sh.Searcher.ClearHistory()
	e.passMemo = nil
}

// PonderHit makes a ponder search a normal timed one.
func (e *Engine) PonderHit() { e.sh.PonderHit() }

// world is one determinized state with its probability.
type world struct {
	st   *magic.State
	prob float64
}

// Search chooses the action of the seat to act in st: a seat's view (the
// other hand a count) or a referee's state, of which the engine uses only
// what that seat may know (st.View). only, when not empty, restricts the
// root. It returns when the limits are reached or ctx is cancelled; an
// infinite or pondering search waits for ctx (or PonderHit) before
// returning. st is not modified.
func (e *Engine) Search(ctx context.Context, st *magic.State, l search.Limits, only []variants.Action, report func(Info)) Result {
	start := time.Now()
	e.sh.Begin(l)
	defer e.sh.Wait(ctx, l)
	who := st.ToAct()
	if who < 0 {
		return Result{}
	}
	me := chess.Color(who)
	view := st.View(who)
	view.ShareTurnCache(e.tc) // and the worlds dealt from it
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
	dealt := e.sample(view, rng)
	ws := make([]core.World, len(dealt))
	for i, w := range dealt {
		g := newGame(w.st, e.ev, me, noCards)
		g.cardDepth = e.opts.CardDepth
		g.bc = e.bc
		ws[i] = core.World{Game: g, Weight: w.prob}
	}
	cfg := core.Config{
		Table:    e.sh.Table,
		PollMask: 255,
		// A transposition reached at another ply, or in another world's
		// search, reads its own distance to a won game.
		Node:  core.NodeOptions{MateRelative: true},
		Clock: clockFor(start, view.Phase(), l, me, e.opts.MoveOverhead),
		// The actions within the card margin of a card need exact values
		// to be compared with it.
		RootMargin: core.DefaultRootMargin + max(0, e.opts.CardMargin),
	}
	r := e.sh.Searcher.SearchWorlds(ctx, ws, roots, cfg, l, nil, worlds.Reporter(report, len(ws), units))
	if a, ok := withMargin(r.Values, e.opts.CardMargin); ok && a != r.Action {
		r.Action = a
		for _, v := range r.Values {
			if v.Action == a {
				r.Score = v.Score
			}
		}
		// The last report named the card: say what is played instead.
		if report != nil {
			report(Info{Depth: r.Depth, Score: scoreOf(r.Score), Nodes: r.Nodes, Time: time.Since(start),
				HashFull: e.sh.Table.HashFull(), Worlds: len(ws), PV: []variants.Action{a}})
		}
	}
	return Result{Action: r.Action, Found: r.Found, Score: scoreOf(r.Score), Depth: r.Depth, Nodes: r.Nodes, Worlds: r.Worlds,
		Scores: worlds.Scores(r, units)}
}

// withMargin is the root choice with the card margin: the best action
// if it is not a card commitment, or beats the best action without a card
// by more than margin centipawns (or no such action exists); that action
// otherwise. values is SearchWorlds', best first.
func withMargin(values []core.ActionValue, margin int) (variants.Action, bool) {
	if len(values) == 0 || margin <= 0 || magic.TypeOf(values[0].Action) != magic.ActCard {
		return 0, false
	}
	for _, v := range values[1:] {
		if magic.TypeOf(v.Action) != magic.ActCard {
			if values[0].Score-v.Score <= margin {
				return v.Action, true
			}
			break
		}
	}
	return values[0].Action, true
}

// scoreOf turns a core value over the worlds into Info.Score's scale: a
// win (or loss) that every world agrees on becomes ±(search.MateScore -
// actions to the end), the rest stays centipawns.
func scoreOf(v int) int {
	if m, ok := worlds.Mate(v); ok {
		return m
	}
	return v
}

// units is scoreOf as the shell's worlds.Units: the expected score is not
// this package's scale.
func units(v int, _ float64, _ bool) int { return scoreOf(v) }

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
// world. The deals are uniform (view.Determinize), or under
// BeliefPasses, when the seat to act knows its own hand, drawn with the
// weights of the other player's passes (passWeights, drawHand).
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
	deal := view.Determinize
	if me := view.ToAct(); e.opts.Belief == BeliefPasses && me >= 0 {
		opp := chess.Color(me).Other()
		if e.passMemo == nil {
			e.passMemo = map[uint64]magic.CardSet{}
		}
		w := passWeights(view, opp, e.passMemo)
		deal = func(rng *rand.Rand) *magic.State {
			if h, ok := drawHand(&w, view.HandSize(opp), rng); ok {
				if d, ok := view.Deal(opp, h); ok {
					return d
				}
			}
			return view.Determinize(rng)
		}
	}
	var ws []*world
	seen := map[[2]magic.CardSet]*world{}
	draws := 0
	// Distinct worlds: a repeated deal adds weight to its world; the
	// attempts are bounded for the small beliefs that have fewer than n.
	for attempt := 0; len(ws) < n && attempt < 4*n; attempt++ {
		d := deal(rng)
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

// timePolicy: a decision is one of many in a game (windows, reactions,
// PRE and END cards are decisions of their own), and a depth over many
// worlds is not started unless it can finish.
func timePolicy() search.TimePolicy {
	return search.TimePolicy{MovesToGo: 40, HardFactor: 3, HardShare: 0.25, LastShare: 0.9}
}

// windowShare is the part of a turn's budget that a window decision (the
// END window, a reaction) gets: a window usually goes by with a pass, and
// a player who holds a card for it meets one after nearly every move, so
// at the full budget it would think half as long about its moves as a
// player who holds none (docs/magic.md, "Time").
const windowShare = 4

// clockFor is the time manager of a decision of the given phase: a
// window's budget is windowShare times smaller than a move's (the
// increment counted at that share too); the mate save, a move and a
// turn's start get the full one.
func clockFor(start time.Time, ph magic.Phase, l search.Limits, me chess.Color, overhead time.Duration) search.TimeManager {
	p := timePolicy()
	switch ph {
	case magic.PhEnd, magic.PhRCommit, magic.PhRImpact:
		p.MovesToGo *= windowShare
		l.WInc /= windowShare
		l.BInc /= windowShare
		if l.MovesToGo > 0 {
			l.MovesToGo *= windowShare
		}
	}
	return search.NewTimeManager(start, l, me, overhead, p)
}
