package chance

import (
	"azar/eval"
	"azar/search/core"
	"azar/variants"
	"azar/variants/chess"
	"azar/variants/lucky"
)

// DrawPolicy says when the engine's own side draws a card.
type DrawPolicy uint8

// Draw policies (the LuckyDrawPolicy option).
const (
	// PolicySearch: drawing is one action among the others, chosen by
	// the search.
	PolicySearch DrawPolicy = iota
	// PolicyNever: the engine never draws (unless drawing is its only
	// action, as in Carta Obligatoria).
	PolicyNever
	// PolicyAlways: the engine draws whenever it may.
	PolicyAlways
)

// Policies are the policy names, in order (a fresh slice each call).
func Policies() []string { return []string{"search", "never", "always"} }

func (p DrawPolicy) String() string {
	switch p {
	case PolicySearch:
		return "search"
	case PolicyNever:
		return "never"
	case PolicyAlways:
		return "always"
	}
	return "?"
}

// ParsePolicy reads a policy name.
func ParsePolicy(s string) (DrawPolicy, bool) {
	for i, n := range Policies() {
		if n == s {
			return DrawPolicy(i), true
		}
	}
	return PolicySearch, false
}

// luckyGame adapts a lucky.State to the game-search core (core.Game, with
// its chance events, tactical hints and the draw policy as an action
// filter): evaluation, ordering, the draw policy of the engine's side.
type luckyGame struct {
	st     *lucky.State
	ev     *eval.Evaluator
	policy DrawPolicy
	me     chess.Color // the engine's side (the policy applies to it)
	// merge: Chances merges the cards whose reveals reach the same state
	// but for the piles (mergeOutcomes).
	merge bool
	buf   []variants.Outcome
	keys  []uint64
}

func newLuckyGame(st *lucky.State, ev *eval.Evaluator, policy DrawPolicy, me chess.Color) *luckyGame {
	return &luckyGame{st: st, ev: ev, policy: policy, me: me, buf: make([]variants.Outcome, 0, 64)}
}

func (g *luckyGame) ToAct() variants.Player                        { return g.st.ToAct() }
func (g *luckyGame) Side() int                                     { return int(g.st.Side()) }
func (g *luckyGame) Legal(buf []variants.Action) []variants.Action { return g.st.Legal(buf) }
func (g *luckyGame) Apply(a variants.Action)                       { g.st.ApplyTrusted(a) }
func (g *luckyGame) Undo()                                         { g.st.Undo() }
func (g *luckyGame) Key() uint64                                   { return g.st.Key() }
func (g *luckyGame) TurnStart() bool                               { return g.st.Phase() == lucky.PhaseStart }
func (g *luckyGame) InCheck() bool                                 { return g.st.InCheck() }
func (g *luckyGame) IsChanceAction(a variants.Action) bool         { return a == lucky.DrawAction }
func (g *luckyGame) Players() int                                  { return 2 }

func (g *luckyGame) Terminal(p int) (bool, float64) {
	over, sc, _ := g.st.Result()
	if !over {
		return false, 0
	}
	return true, sc[p]
}

// Chances lists the card kinds the pile may give, weighted by their
// copies; with merge, merged as mergeOutcomes says.
func (g *luckyGame) Chances(buf []core.Weighted) []core.Weighted {
	g.buf = g.st.Chances(g.buf[:0])
	d, _ := g.st.DrawSource()
	start := len(buf)
	for _, o := range g.buf {
		buf = append(buf, core.Weighted{Action: o.Action, Weight: int(d[lucky.CardOf(o.Action)])})
	}
	if g.merge {
		buf = append(buf[:start], g.mergeOutcomes(buf[start:])...)
	}
	return buf
}

// FilterActions applies the engine's draw policy to the actions of its own
// turn starts.
func (g *luckyGame) FilterActions(acts []variants.Action) []variants.Action {
	if g.policy == PolicySearch || g.st.Side() != g.me || g.st.Phase() != lucky.PhaseStart || len(acts) < 2 {
		return acts
	}
	for i, a := range acts {
		if a != lucky.DrawAction {
			continue
		}
		if g.policy == PolicyAlways {
			acts[0] = a
			return acts[:1]
		}
		return append(acts[:i], acts[i+1:]...)
	}
	return acts
}

// Order: the table move aside, captures of rival pieces by victim value
// then removals and placements, promotions, the quiet moves by history,
// and drawing and annulling last (their subtrees are the largest; they
// get a narrow window from the moves searched before them).
func (g *luckyGame) Order(a variants.Action) (int, bool) {
	switch lucky.TypeOf(a) {
	case lucky.ActMove:
	case lucky.ActDraw:
		return -1 << 20, false
	case lucky.ActAnnul:
		return -1<<20 + 1, false
	default:
		return 0, false
	}
	pos := g.st.Position()
	side := g.st.Side()
	m := lucky.MoveOf(a)
	switch m.Kind() {
	case chess.KindNull:
		return 0, g.st.Phase() == lucky.PhaseKnight
	case chess.KindRemove:
		v := pos.At(m.To())
		if v.Color() == side {
			return 5000 - eval.PieceValue(v.Type()), false
		}
		return 20000 + eval.PieceValue(v.Type()), false
	case chess.KindDrop:
		return 15000 + eval.PieceValue(m.DropPiece().Type()), false
	case chess.KindRelocate:
		return 0, false
	case chess.KindEnPassant:
		return 10000 + 10*100 - 1, true
	}
	mover := pos.At(m.From())
	victim := pos.At(m.To())
	sc := 0
	tactical := false
	if victim != chess.NoPiece {
		if victim.Color() != side {
			sc = 10000 + 10*eval.PieceValue(victim.Type()) - eval.PieceValue(mover.Type())/100
			if victim.Type() == chess.King {
				sc = 30000
			}
			tactical = true
		} else {
			sc = -5000 // enemy2: a rival piece taking one of ours
		}
	}
	if m.Kind() == chess.KindPromotion {
		sc += 9000 + eval.PieceValue(m.Promotion())
		tactical = tactical || (m.Promotion() == chess.Queen && mover.Color() == side)
	}
	return sc, tactical
}

// LosingCapture: a plain capture of a rival piece that loses material by
// static exchange on the board (chess.Position.SEEGE; the cards' modified moves
// are not in the exchange, so this is an estimate).
func (g *luckyGame) LosingCapture(a variants.Action) bool {
	if lucky.TypeOf(a) != lucky.ActMove {
		return false
	}
	m := lucky.MoveOf(a)
	if m.Kind() != chess.KindNormal {
		return false
	}
	pos := g.st.Position()
	v := pos.At(m.To())
	if v == chess.NoPiece || v.Color() == g.st.Side() {
		return false
	}
	return !pos.SEEGE(m, 0)
}

// Checks plays a and looks at the rival's king: whatever the card did
// (a relocation, a rival piece moved), a check ends the turn and changes
// the rival's replies, so it is never pruned as a quiet action.
func (g *luckyGame) Checks(a variants.Action) bool {
	side := g.st.Side()
	g.st.ApplyTrusted(a)
	pos := g.st.Position()
	k := pos.KingSquare(side.Other())
	c := k != chess.NoSquare && pos.Attacked(k, side)
	g.st.Undo()
	return c
}

func (g *luckyGame) HistoryIndex(a variants.Action) int {
	if lucky.TypeOf(a) != lucky.ActMove {
		return -1
	}
	m := lucky.MoveOf(a)
	switch m.Kind() {
	case chess.KindNormal, chess.KindCastle, chess.KindRelocate:
		if g.st.Position().At(m.To()) != chess.NoPiece && m.Kind() != chess.KindRelocate {
			return -1
		}
		return int(m.From())<<6 | int(m.To())
	}
	return -1
}

// Evaluate is the static value for the player whose turn it is: the chess
// evaluation of the board (clamped), the temporal cards held
// (eval.LuckyHeld), and the deck (eval.LuckyDeck): at a chance node the
// expected value of the card about to be revealed, at a turn start the
// value of the option to draw, max(0, E), when drawing is allowed (under
// the engine's draw policy for its own side).
func (g *luckyGame) Evaluate(kind core.EvalKind) int {
	st := g.st
	side := st.Side()
	v := g.ev.Evaluate(st.Position())
	if st.Position().Side() != side {
		v = -v
	}
	v = max(min(v, EvalLimit), -EvalLimit)
	v += eval.LuckyHeld(st, side) - eval.LuckyHeld(st, side.Other())
	switch kind {
	case core.EvalChance:
		v += eval.LuckyDeck(st, side)
	case core.EvalTurnStart:
		if g.mayDraw() {
			e := eval.LuckyDeck(st, side)
			switch {
			case side == g.me && g.policy == PolicyNever:
				e = 0
			case side == g.me && g.policy == PolicyAlways:
			default:
				e = max(e, 0)
			}
			v += e
		}
	}
	return max(min(v, EvalLimit), -EvalLimit)
}

// mayDraw reports whether the player to act may draw now.
func (g *luckyGame) mayDraw() bool {
	st := g.st
	if st.Phase() != lucky.PhaseStart || st.FirstTurn() || st.InCheck() {
		return false
	}
	return st.PileSize() > 0 || st.Discard().Total() > 0
}
