// Package four is the four-player chaturanga (variants/chaturanga4) engine
// on the game-search core (search/core): the adapter of a chaturanga4
// position to core.Game with a value per seat (eval.Chaturanga4), MVV-LVA
// ordering with eval.C4PieceValue (a raja first: taking it puts its seat
// out), a quiescence of captures, and the choice of the core's seat
// policy (paranoid, BRS+ or maxⁿ).
//
// It knows no protocol text; the node loop, the table and the driver are
// the core's.
package four

import (
	"context"
	"time"

	"azar/eval"
	"azar/search"
	"azar/search/core"
	"azar/variants"
	"azar/variants/chaturanga4"
	"azar/variants/chess"
)

// Options are the engine's settings.
type Options struct {
	HashMB       int
	MoveOverhead time.Duration
	// Policy is the seat policy: core.Paranoid, core.BRS or core.MaxN.
	Policy core.SeatPolicy
}

// DefaultOptions: 16 MB, 10 ms overhead, BRS+, which the four-seat
// tournament of docs/chaturanga4.md chose (it scored above paranoid and
// far above maxⁿ; paranoid's gap is within the error).
func DefaultOptions() Options {
	return Options{HashMB: 16, MoveOverhead: 10 * time.Millisecond, Policy: core.BRS}
}

// Info is one progress report; Score is for the seat to move.
type Info = core.Info

// Result is the outcome of a search.
type Result = core.Result

// Engine searches chaturanga4 positions; one search at a time.
type Engine struct {
	opts Options
	tt   *core.Table
	s    *core.Searcher
}

// New returns an engine.
func New(o Options) *Engine {
	e := &Engine{s: core.NewSearcher()}
	e.SetOptions(o)
	return e
}

// Options returns the settings.
func (e *Engine) Options() Options { return e.opts }

// SetOptions changes the settings (not during a search). The table is
// reallocated when its size changes and cleared when the policy does (the
// policies' values mean different things).
func (e *Engine) SetOptions(o Options) {
	o.HashMB = max(o.HashMB, 1)
	switch {
	case e.tt == nil || o.HashMB != e.opts.HashMB:
		e.tt = core.NewTable(o.HashMB)
	case o.Policy != e.opts.Policy:
		e.tt.Clear()
	}
	e.opts = o
}

// NewGame clears the table and the history.
func (e *Engine) NewGame() {
	e.tt.Clear()
	e.s.ClearHistory()
}

// PonderHit turns a ponder search into a timed one.
func (e *Engine) PonderHit() { e.s.PonderHit() }

// timePolicy: a seat moves about once a round; the hard budget at three
// soft ones and never over a quarter of the clock.
func timePolicy() search.TimePolicy {
	return search.TimePolicy{MovesToGo: 40, HardFactor: 3, HardShare: 0.25}
}

// Search finds the move for the seat to move in st under the limits; the
// seat's clock is its entry of l.Clocks. It reports each completed iteration and returns
// when the limits are reached or ctx is cancelled; st is not modified.
func (e *Engine) Search(ctx context.Context, st *chaturanga4.State, l search.Limits, report func(Info)) Result {
	return e.SearchAmong(ctx, st, l, nil, report)
}

// SearchAmong is Search choosing among only, when it names some moves (a
// GUI's searchmoves).
func (e *Engine) SearchAmong(ctx context.Context, st *chaturanga4.State, l search.Limits, only []variants.Action, report func(Info)) Result {
	start := time.Now()
	if st.ToAct() < 0 {
		e.tt.NewSearch()
		return Result{}
	}
	l = l.ForSeat(int(st.Position().ToMove()))
	g := newGame(st.Position().Clone())
	cfg := core.Config{
		Table:    e.tt,
		Seats:    e.opts.Policy,
		PollMask: 1023,
		Clock:    search.NewTimeManager(start, l, chess.White, e.opts.MoveOverhead, timePolicy()),
	}
	return e.s.Search(ctx, g, cfg, l, only, report)
}

// game adapts a position to the core. The seat to move at the start is
// the root: once its raja is taken it has no decision left, so the
// search ends there (a loss for it), as at the end of the game.
type game struct {
	p    *chaturanga4.Position
	root chaturanga4.Seat
	list chaturanga4.MoveList
}

func newGame(p *chaturanga4.Position) *game { return &game{p: p, root: p.ToMove()} }

func (g *game) Players() int { return chaturanga4.Seats }

func (g *game) over() bool { return !g.p.Active(g.root) || g.p.Status().Over }

func (g *game) ToAct() variants.Player {
	if g.over() {
		return variants.NoPlayer
	}
	return variants.Player(g.p.ToMove())
}

func (g *game) Side() int { return int(g.p.ToMove()) }

func (g *game) Legal(buf []variants.Action) []variants.Action {
	if g.over() {
		return buf
	}
	g.p.Generate(&g.list)
	for _, m := range g.list.Slice() {
		buf = append(buf, variants.Action(m))
	}
	return buf
}

func (g *game) Apply(a variants.Action) { g.p.Make(chaturanga4.Move(a)) }
func (g *game) Undo()                   { g.p.Unmake() }
func (g *game) Key() uint64             { return g.p.Hash() }
func (g *game) TurnStart() bool         { return true } // every action is a whole turn
func (g *game) InCheck() bool           { return false }

// Terminal: the seats still in share the game (the winner alone has it
// all); a seat that is out has 0. When the search ends because the root
// is out, the others share what is left.
func (g *game) Terminal(p int) (bool, float64) {
	if !g.over() {
		return false, 0
	}
	if !g.p.Active(chaturanga4.Seat(p)) {
		return true, 0
	}
	return true, 1 / float64(g.p.ActiveCount())
}

// EvaluateSeats: each seat's value (eval.Chaturanga4) less the mean of
// the three others', a seat that is out counting 0 among the others and
// -EvalLimit itself: taking a rival's raja gains the rival's whole value.
func (g *game) EvaluateSeats(_ core.EvalKind, out []int) {
	v := eval.Chaturanga4(g.p)
	sum := 0
	for s := range chaturanga4.Seats {
		if !g.p.Active(chaturanga4.Seat(s)) {
			v[s] = 0
		}
		sum += v[s]
	}
	for s := range chaturanga4.Seats {
		if !g.p.Active(chaturanga4.Seat(s)) {
			out[s] = -core.EvalLimit
			continue
		}
		r := v[s] - (sum-v[s])/(chaturanga4.Seats-1)
		out[s] = max(min(r, core.EvalLimit), -core.EvalLimit)
	}
}

// Evaluate is the seat to move's value against the others.
func (g *game) Evaluate(kind core.EvalKind) int {
	var out [chaturanga4.Seats]int
	g.EvaluateSeats(kind, out[:])
	return out[g.p.ToMove()]
}

// Order: a raja's capture first, then captures by victim value less a
// hundredth of the attacker's (MVV-LVA), then promotions and conversions
// by the piece they bring, the quiet moves (history) and the pass.
// Captures are what quiescence searches.
func (g *game) Order(a variants.Action) (int, bool) {
	m := chaturanga4.Move(a)
	switch m.Kind() {
	case chaturanga4.KindPass:
		return -1 << 20, false
	case chaturanga4.KindConversion:
		return 9000 + eval.C4PieceValue(m.PoolType()), false
	}
	sc := 0
	tactical := false
	if victim := g.p.At(m.To()); victim != chaturanga4.NoPiece {
		tactical = true
		attacker := g.p.At(m.From()).Type()
		if victim.Type() == chaturanga4.King {
			sc = 1 << 20
		} else {
			sc = 10000 + 10*eval.C4PieceValue(victim.Type()) - eval.C4PieceValue(attacker)/100
		}
	}
	if m.Kind() == chaturanga4.KindPromotion {
		sc += 9000 + eval.C4PieceValue(m.PoolType())
	}
	return sc, tactical
}

// HistoryIndex: quiet moves by from and to square.
func (g *game) HistoryIndex(a variants.Action) int {
	m := chaturanga4.Move(a)
	if m.Kind() != chaturanga4.KindNormal || g.p.At(m.To()) != chaturanga4.NoPiece {
		return -1
	}
	return int(m.From())<<6 | int(m.To())
}
