package match

import (
	"math/rand/v2"

	"azar/eval"
	gamerules "azar/variants"
	"azar/variants/chaturanga4"
	"azar/variants/chess"
	"azar/variants/lucky"
	"azar/variants/magic"
	"azar/variants/spy"
)

// The four games as the MCTS player's search sees them (mctsGame): where
// each iteration's world comes from, and the playout's material terms.
// Every constructor takes the state the player was told and keeps only
// what its seat may know of it (spy and magic hide the other seat's card
// or hand again themselves), so that a caller handing over a referee's
// state by mistake still gives the search no secret.

// boardGain is the material chess move m of us takes on p: the victim's
// value by eval's piece values, a king rajaValue (lucky and spy under
// king capture), an en-passant pawn; 0 for a quiet move.
func boardGain(p *chess.Position, us chess.Color, m chess.Move) int {
	if m.Kind() == chess.KindEnPassant {
		return eval.PieceValue(chess.Pawn)
	}
	if m.Kind() == chess.KindCastle {
		return 0
	}
	pc := p.At(m.To())
	if pc == chess.NoPiece || pc.Color() == us {
		return 0
	}
	if pc.Type() == chess.King {
		return rajaValue
	}
	return eval.PieceValue(pc.Type())
}

// boardValue is the two seats' worth of p's material: White's margin
// through logistic, Black's its complement.
func boardValue(p *chess.Position, v *[mctsSeats]float64) {
	v[0] = logistic(chessMaterial(p, chess.White) - chessMaterial(p, chess.Black))
	v[1] = 1 - v[0]
	v[2], v[3] = 0, 0
}

// undoWorld is the world of a game the player sees whole (lucky's cards
// in the pile are public as a count, their order is chance; chaturanga4
// hides nothing): the root itself, every iteration undone.
type undoWorld struct{ root gamerules.State }

func (u undoWorld) world(*rand.Rand) gamerules.State { return u.root }

func (u undoWorld) restore(w gamerules.State, n int) {
	for range n {
		w.Undo()
	}
}

// luckyMCTS: lucky. The draws are chance nodes whose outcomes the rules'
// Chances give from the cards not yet seen (the pile, or the discard pile
// when the pile is out).
type luckyMCTS struct{ undoWorld }

func newLuckyMCTS(st *lucky.State) *luckyMCTS {
	return &luckyMCTS{undoWorld{st.Clone()}}
}

func (*luckyMCTS) legal(w gamerules.State, buf []gamerules.Action, _ bool) []gamerules.Action {
	return w.Legal(buf)
}

func (*luckyMCTS) gain(w gamerules.State, a gamerules.Action) int {
	st := w.(*lucky.State)
	if lucky.TypeOf(a) != lucky.ActMove {
		return 0
	}
	return boardGain(st.Position(), st.Side(), lucky.MoveOf(a))
}

func (*luckyMCTS) value(w gamerules.State, v *[mctsSeats]float64) {
	boardValue(w.(*lucky.State).Position(), v)
}

// spyMCTS: spy, from seat me's view. Each iteration assumes one card for
// the opponent, drawn from me's belief (the deck less me's own card,
// copies counted, a wildcard split over its six choices), and forgets it
// afterwards; once the opponent has revealed, its card is public and
// every world is the same.
type spyMCTS struct {
	root    *spy.State
	me      chess.Color
	belief  spy.Belief
	unknown bool
}

func newSpyMCTS(st *spy.State, me chess.Color) *spyMCTS {
	v := st.View(gamerules.Player(me))
	opp := me.Other()
	return &spyMCTS{root: v, me: me, belief: v.Belief(gamerules.Player(me)), unknown: v.Card(opp) == spy.NoCard && !v.Revealed(opp)}
}

func (s *spyMCTS) world(rng *rand.Rand) gamerules.State {
	if s.unknown {
		if err := s.root.AssumeCard(s.me.Other(), s.belief.Sample(rng)); err != nil {
			panic("mcts: spy world: " + err.Error())
		}
	}
	return s.root
}

func (s *spyMCTS) restore(w gamerules.State, n int) {
	for range n {
		w.Undo()
	}
	if s.unknown {
		s.root.ForgetCard(s.me.Other())
	}
}

func (*spyMCTS) legal(w gamerules.State, buf []gamerules.Action, _ bool) []gamerules.Action {
	return w.Legal(buf)
}

func (*spyMCTS) gain(w gamerules.State, a gamerules.Action) int {
	st := w.(*spy.State)
	m, ok := spy.ActionMove(a)
	if !ok || m == chess.NullMove {
		return 0
	}
	return boardGain(st.Position(), st.Side(), m)
}

func (*spyMCTS) value(w gamerules.State, v *[mctsSeats]float64) {
	boardValue(w.(*spy.State).Position(), v)
}

// magicMCTS: magic, from seat me's view. Each iteration deals the other
// hand afresh from the cards unaccounted for in that view (State.
// Determinize: the cards not in me's hand, not committed, not discarded),
// the rest being the stock. The playouts commit no card (a window is
// declined, a turn is a standard move): the card generation is most of
// magic's cost, and the tree above them does choose cards.
type magicMCTS struct{ view *magic.State }

func newMagicMCTS(st *magic.State, me chess.Color) *magicMCTS {
	return &magicMCTS{view: st.View(gamerules.Player(me))}
}

func (m *magicMCTS) world(rng *rand.Rand) gamerules.State { return m.view.Determinize(rng) }

func (*magicMCTS) restore(gamerules.State, int) {}

func (*magicMCTS) legal(w gamerules.State, buf []gamerules.Action, rollout bool) []gamerules.Action {
	st := w.(*magic.State)
	if rollout {
		n := len(buf)
		if buf = st.LegalWithout(buf, ^magic.CardSet(0)); len(buf) > n {
			return buf
		}
	}
	return st.Legal(buf)
}

func (*magicMCTS) gain(w gamerules.State, a gamerules.Action) int {
	st := w.(*magic.State)
	if magic.TypeOf(a) != magic.ActMove {
		return 0
	}
	return boardGain(st.Position(), chess.Color(st.ToAct()), magic.MoveOf(a))
}

func (*magicMCTS) value(w gamerules.State, v *[mctsSeats]float64) {
	boardValue(w.(*magic.State).Position(), v)
}

// c4MCTS: chaturanga4, four seats, nothing hidden.
type c4MCTS struct{ undoWorld }

func newC4MCTS(st *chaturanga4.State) *c4MCTS { return &c4MCTS{undoWorld{st.Clone()}} }

func (*c4MCTS) legal(w gamerules.State, buf []gamerules.Action, _ bool) []gamerules.Action {
	return w.Legal(buf)
}

func (*c4MCTS) gain(w gamerules.State, a gamerules.Action) int {
	p := w.(*chaturanga4.State).Position()
	m := chaturanga4.Move(a)
	if m.Kind() != chaturanga4.KindNormal && m.Kind() != chaturanga4.KindPromotion {
		return 0
	}
	pc := p.At(m.To())
	if pc == chaturanga4.NoPiece || pc.Seat() == p.ToMove() {
		return 0
	}
	if pc.Type() == chaturanga4.King {
		return rajaValue
	}
	return eval.C4PieceValue(pc.Type())
}

// c4Base is what a seat still in is worth besides its material, so that
// a seat with little left still outranks the seats out.
const c4Base = 1000

// value: a seat out is worth 0; the seats in share 1 in proportion to
// c4Base plus their material (so a quiet start gives each a quarter, as
// a four-way draw would).
func (*c4MCTS) value(w gamerules.State, v *[mctsSeats]float64) {
	p := w.(*chaturanga4.State).Position()
	var m [mctsSeats]int
	sum := 0
	for s := chaturanga4.Seat(0); s < chaturanga4.Seats; s++ {
		if !p.Active(s) {
			continue
		}
		m[s] = c4Base
		for t := chaturanga4.Elephant; t <= chaturanga4.Pawn; t++ {
			m[s] += p.Pieces(s, t).Count() * eval.C4PieceValue(t)
		}
		sum += m[s]
	}
	for s := range v {
		v[s] = 0
		if sum > 0 {
			v[s] = float64(m[s]) / float64(sum)
		}
	}
}
