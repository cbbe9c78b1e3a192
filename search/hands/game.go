package hands

import (
	"azar/eval"
	"azar/search/core"
	"azar/variants"
	"azar/variants/chess"
	"azar/variants/magic"
)

// game adapts one world, a magic.State in which both hands are known (or
// a seat's view), to the game-search core. The seat that decides is the
// one to act, so a reaction in the other player's turn is searched from
// the reacting seat's side: the core keeps the sign over consecutive
// actions of one seat and negates when the seat to act changes.
type game struct {
	st *magic.State
	ev *eval.Evaluator
	// bc is the chess evaluations shared by the worlds of a search (nil:
	// none).
	bc *eval.MagicBoardCache
	// me is the engine's seat; noCards says that its policy never commits
	// a card (FilterActions drops them, and its hand counts nothing).
	me      chess.Color
	noCards bool
	// plies counts the actions applied since the root: the root's Legal
	// is whole (the search's root actions must be legal there).
	plies int
	// cardDepth: deeper than this many actions below the root, a turn's
	// start and the END window offer no card (Options.CardDepth).
	cardDepth int
}

func newGame(st *magic.State, ev *eval.Evaluator, me chess.Color, noCards bool) *game {
	return &game{st: st, ev: ev, me: me, noCards: noCards, cardDepth: MaxCardDepth}
}

func (g *game) Players() int            { return 2 }
func (g *game) ToAct() variants.Player  { return g.st.ToAct() }
func (g *game) Apply(a variants.Action) { g.st.ApplyTrusted(a); g.plies++ }
func (g *game) Undo()                   { g.st.Undo(); g.plies-- }
func (g *game) Key() uint64             { return g.st.Key() }

// Legal: the legal actions; inside the tree less the cards it leaves to
// the root (rootOnly at a turn's start, endCards in the END window, and
// every card of both there deeper than cardDepth; msRootOnly in the mate
// save), and less every card of the engine's own seat under the `never`
// policy. The reaction windows keep all their cards: they have few
// commitments.
func (g *game) Legal(buf []variants.Action) []variants.Action {
	return g.st.LegalWithout(buf, g.skip())
}

// Tactical is quiescence's share of Legal (magic.State.Noisy with Legal's
// cards left out): the same actions Order calls tactical, in Legal's order,
// without the king test of every quiet move and the cards that quiescence
// would drop (TestTacticalIsLegalsShare).
func (g *game) Tactical(buf []variants.Action) []variants.Action {
	return g.st.Noisy(buf, g.skip())
}

// skip is the cards Legal leaves out here.
func (g *game) skip() magic.CardSet {
	var skip magic.CardSet
	ph := g.st.Phase()
	inner := g.plies > 0 && (ph == magic.PhStart || ph == magic.PhEnd)
	switch {
	case g.noCards && g.Side() == int(g.me), inner && g.plies > g.cardDepth:
		skip = ^magic.CardSet(0)
	case inner && ph == magic.PhStart:
		skip = rootOnly
	case inner:
		skip = endCards
	case g.plies > 0 && ph == magic.PhMS:
		skip = msRootOnly
	}
	return skip
}

// rootOnly are the cards whose commitments are searched at the root only
// (Engine.Search screens them there): the relocations AM13-AM18, AM23's
// pairs of moves and AM24's pawn lists, wings, walls, mines and
// sanctuaries (AM32, AM34-AM36). Each has tens to hundreds of commitments
// (AM23 several hundred, at milliseconds a generation); searched at every
// node they would multiply the branching by ten and more. What stays in
// the tree: eliminations, placements, promotions, wards, preventions,
// paralysis, silence, the licences and every window's cards.
var rootOnly = cardSet(13, 14, 15, 16, 17, 18, 23, 24, 32, 34, 35, 36)

// msRootOnly are the cards whose mate saves are tried at the root only.
// Every card may save a mate (rules decision 8), and each commitment is
// resolved to see whether it lifts the mate, so the cards with tens to
// hundreds of targets (the relocations, AM20's pairs, AM23-AM24, wings,
// mines and sanctuaries) would make every mate at the horizon cost a
// millisecond; inside the tree the mate save tries the eight cards written
// for it (AM03-AM04, AM15, AM16, AM19, AM26, AM31, AM34) and the cheap
// others.
var msRootOnly = cardSet(13, 14, 17, 18, 20, 23, 24, 32, 35, 36)

// endCards are the END window's cards (AM11, AM12, AM37-AM39), searched
// at the root only: inside the tree the END window is `pass`, which
// quiescence must search rather than stand pat (InCheck), and searching
// the free cards of every capture's END window there too would multiply
// each capture of a quiescence line by up to a dozen.
var endCards = cardSet(11, 12, 37, 38, 39)

// cardSet is the set of the cards with these numbers (AM13 is 13).
func cardSet(nums ...int) magic.CardSet {
	var s magic.CardSet
	for _, n := range nums {
		s |= 1 << (n - 1)
	}
	return s
}

// Side is the seat to act (the reacting seat in a reaction window).
func (g *game) Side() int {
	if p := g.st.ToAct(); p >= 0 {
		return int(p)
	}
	return int(g.st.Side())
}

// TurnStart: every decision but the rewound player's replacement move:
// quiescence does not stand pat at a turn start in check (InCheck), so a
// mate and its save are seen at the horizon, and a capture's END window
// is passed (InCheck).
func (g *game) TurnStart() bool { return g.st.Phase() != magic.PhReplace }

// InCheck: the actor's king is attacked, or the END window is open. The
// END window is "in check" for the core's quiescence, which then does not
// stand pat there: standing pat after a capture at the horizon would take
// the position before the recapture for its value
// (TestQuiescenceThroughWindows). Inside the tree the END window offers
// `pass` only (endCards), so this costs one node. The reaction windows
// keep their stand pat: there it is the reacting seat's value before its
// own turn, a bound it can only improve on.
func (g *game) InCheck() bool { return g.st.Phase() == magic.PhEnd || g.st.InCheck() }

func (g *game) Terminal(p int) (bool, float64) {
	over, sc, _ := g.st.Result()
	if !over {
		return false, 0
	}
	return true, sc[p]
}

// Evaluate is eval.EvaluateMagic for the seat to act, brought within the
// core's limit by core.SoftLimit (a won game keeps its gradient), plus the
// mop-up against a bare king after the limit (eval.MagicMopUp); under the
// `never` policy the engine's own hand is worth nothing (it will never
// commit a card).
func (g *game) Evaluate(core.EvalKind) int {
	side := chess.Color(g.Side())
	v := g.ev.EvaluateMagicWith(g.st, side, g.bc)
	if g.noCards {
		h := eval.MagicHandValue(g.st, g.me)
		if side == g.me {
			v -= h
		} else {
			v += h
		}
	}
	v = core.SoftLimit(v) + eval.MagicMopUp(g.st.Position(), side)
	return max(-core.EvalLimit, min(core.EvalLimit, v))
}

// FilterActions applies the `never` policy to the engine's own decisions:
// no card commitment, as long as something else is legal (a window always
// has `pass`).
func (g *game) FilterActions(acts []variants.Action) []variants.Action {
	if !g.noCards || g.Side() != int(g.me) {
		return acts
	}
	return dropCards(acts)
}

// dropCards removes the card commitments in place, unless nothing else
// would remain.
func dropCards(acts []variants.Action) []variants.Action {
	n := 0
	for _, a := range acts {
		if magic.TypeOf(a) != magic.ActCard {
			acts[n] = a
			n++
		}
	}
	if n == 0 {
		return acts
	}
	return acts[:n]
}

// Order scores. Captures by MVV-LVA, promotions, then checks; in a window,
// `pass` first (it is what a window usually gets, and it gives the other
// actions a narrow window) except in the mate save, where the saving cards
// come first; cards by a cheap prior: an elimination of an enemy man like
// a capture of it, the others by their held value (eval.MagicCardValues).
const (
	orderPass      = 1 << 20
	orderCapture   = 100000
	orderPromotion = 90000
	orderCheck     = 50000
	orderCard      = 1000
)

// Order is the ordering score; tactical actions (searched by quiescence)
// are captures, queen promotions, `pass` (so that quiescence goes through
// the windows that follow a capture) and the mate-save cards (so that a
// mate at the horizon is seen with its saves).
func (g *game) Order(a variants.Action) (int, bool) {
	st := g.st
	switch magic.TypeOf(a) {
	case magic.ActPass:
		if st.Phase() == magic.PhMS {
			return -orderPass, true
		}
		return orderPass, true
	case magic.ActClaim:
		return 0, false
	case magic.ActCard:
		c, w := magic.CardOf(a)
		if w == magic.MS {
			return orderCard + cardPrior[c], true
		}
		if v := g.eliminated(a, c); v > 0 {
			return orderCapture + 10*v, false
		}
		return orderCard + cardPrior[c], false
	}
	pos := st.Position()
	m := magic.MoveOf(a)
	mover := pos.At(m.From())
	side := mover.Color()
	sc, tactical := 0, false
	to := m.To()
	if m.Kind() == chess.KindEnPassant {
		return orderCapture + 10*eval.PieceValue(chess.Pawn) - 1, true
	}
	if v := pos.At(to); v != chess.NoPiece && v.Color() != side && m.Kind() != chess.KindCastle {
		sc = orderCapture + 10*eval.PieceValue(v.Type()) - eval.PieceValue(mover.Type())/100
		tactical = true
	}
	if m.Kind() == chess.KindPromotion {
		sc += orderPromotion + eval.PieceValue(m.Promotion())
		tactical = tactical || m.Promotion() == chess.Queen
	}
	if sc == 0 && directCheck(pos, m, side) {
		sc = orderCheck
	}
	return sc, tactical
}

// cardPrior is each card's held value (eval.MagicCardValues), the prior
// of its commitments in the move order.
var cardPrior = eval.MagicCardValues()

// The targets of a card action lie in its low bits (variants/magic's
// action layout: four 6-bit squares a, b, c, d from bit 0).
func targetA(a variants.Action) chess.Square { return chess.Square(a & 63) }
func targetB(a variants.Action) chess.Square { return chess.Square(a >> 6 & 63) }

// The elimination cards the order knows (AM19, AM20, AM21).
const (
	am19 magic.CardID = 18
	am20 magic.CardID = 19
	am21 magic.CardID = 20
)

// eliminated is the nominal value of the enemy man a card action removes
// outright (AM19, AM21; AM20 less the own man it costs), 0 for the others.
func (g *game) eliminated(a variants.Action, c magic.CardID) int {
	pos := g.st.Position()
	switch c {
	case am19, am21:
		return eval.PieceValue(pos.At(targetA(a)).Type())
	case am20:
		return max(eval.PieceValue(pos.At(targetB(a)).Type())-eval.PieceValue(pos.At(targetA(a)).Type()), 0)
	}
	return 0
}

// directCheck: after m the moved man attacks the enemy king (discovered
// checks, walls and wings aside: an ordering hint only).
func directCheck(pos *chess.Position, m chess.Move, side chess.Color) bool {
	k := pos.KingSquare(side.Other())
	if k == chess.NoSquare || m.Kind() != chess.KindNormal {
		return false
	}
	to := m.To()
	pt := pos.At(m.From()).Type()
	if pt >= chess.Bishop && chess.QueenAttacks(k, 0)&to.Bit() == 0 {
		return false // a rider off every line through the king
	}
	occ := pos.Occupied()&^m.From().Bit() | to.Bit()
	switch pt {
	case chess.Pawn:
		return chess.PawnAttacks(side, to)&k.Bit() != 0
	case chess.Knight:
		return chess.KnightAttacks(to)&k.Bit() != 0
	case chess.Bishop:
		return chess.BishopAttacks(to, occ)&k.Bit() != 0
	case chess.Rook:
		return chess.RookAttacks(to, occ)&k.Bit() != 0
	case chess.Queen:
		return chess.QueenAttacks(to, occ)&k.Bit() != 0
	}
	return false
}

// HistoryIndex: quiet standard moves by from and to squares.
func (g *game) HistoryIndex(a variants.Action) int {
	if magic.TypeOf(a) != magic.ActMove {
		return -1
	}
	m := magic.MoveOf(a)
	if m.Kind() != chess.KindNormal || g.st.Position().At(m.To()) != chess.NoPiece {
		return -1
	}
	return int(m.From())<<6 | int(m.To())
}

var (
	_ core.Game              = (*game)(nil)
	_ core.ActionFilter      = (*game)(nil)
	_ core.TacticalGenerator = (*game)(nil)
)
