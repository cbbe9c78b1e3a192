package spy

import (
	"fmt"
	"math/rand/v2"

	"azar/variants"
	"azar/variants/chess"
)

// View returns what seat knows of the game: an independent copy in which
// the opponent's card is unknown (NoCard) unless it has been revealed.
func (s *State) View(seat variants.Player) *State {
	v := s.clone()
	if seat == 0 || seat == 1 {
		opp := chess.Color(seat).Other()
		if !v.revealed[opp] {
			v.card[opp] = NoCard
		}
		for i := range v.hist {
			if !v.hist[i].revealed[opp] {
				v.hist[i].card[opp] = NoCard
			}
		}
	}
	v.stat.valid = false
	return v
}

// World is one card the opponent may hold, with its probability and the
// square of the spy it designates among the believer's pieces (NoSquare
// for the neutralised card, and for a card whose piece is gone: such a
// card can no longer do anything).
type World struct {
	Card Card
	Prob float64
	Spy  chess.Square
}

// Belief is what one seat knows of the opponent's card: uniform over the
// deck less the seat's own card (31 cards, copies counted; a wildcard
// split evenly over its six choices), or the card itself once revealed.
// The opponent's play before a reveal is not taken as evidence.
type Belief struct {
	Seat  chess.Color // the believer
	prob  [numCards]float64
	spy   [numCards]chess.Square
	known bool // the opponent revealed: prob is a point mass
}

// Belief returns seat's belief about the opponent's card. It uses only the
// seat's own card and the public state, so it is the same from the
// referee's state and from the seat's view.
func (s *State) Belief(seat variants.Player) Belief {
	me := chess.Color(seat & 1)
	opp := me.Other()
	b := Belief{Seat: me}
	for c := range b.spy {
		b.spy[c] = chess.NoSquare
	}
	if s.revealed[opp] {
		b.known = true
		b.prob[s.card[opp]] = 1 // NoCard if revealed in a FEN without the card
		return b
	}
	var counts [numCards]int
	copy(counts[:], deckCopies[:])
	total := DeckSize
	if own := s.card[me]; own != NoCard {
		counts[own.Kind()]--
		total--
	}
	for c := SpyKR; c < numCards; c++ {
		n := float64(counts[c.Kind()]) / float64(total)
		switch {
		case c == Wild:
			continue
		case c.IsWild():
			n /= 6
		}
		b.prob[c] = n
		b.spy[c] = s.spyOf(opp, c)
	}
	return b
}

// Known reports whether the opponent's card is public (revealed).
func (b *Belief) Known() bool { return b.known }

// Prob is the probability that the opponent holds card (a wildcard with
// that choice for WildKR..WildQN).
func (b *Belief) Prob(c Card) float64 {
	if c >= numCards {
		return 0
	}
	return b.prob[c]
}

// Worlds lists every card the opponent may hold with its probability
// (summing to 1) and its spy square: 21 worlds before a reveal (14 spy
// cards, 6 wildcard choices, neutral), one after.
func (b *Belief) Worlds() []World {
	var w []World
	for c := Card(0); c < numCards; c++ {
		if b.prob[c] > 0 {
			w = append(w, World{Card: c, Prob: b.prob[c], Spy: b.spy[c]})
		}
	}
	return w
}

// Distinct merges the worlds that play the same from now on: the same spy
// square (which fixes the piece, so the queen component lost), or no spy
// at all (neutral and lost cards, represented by the first such card).
// Each world keeps one representative card.
func (b *Belief) Distinct() []World {
	var out []World
	for _, w := range b.Worlds() {
		merged := false
		for i := range out {
			if out[i].Spy == w.Spy {
				out[i].Prob += w.Prob
				merged = true
				break
			}
		}
		if !merged {
			out = append(out, w)
		}
	}
	return out
}

// Sample draws a card from the belief.
func (b *Belief) Sample(rng *rand.Rand) Card {
	x := rng.Float64()
	last := NoCard
	for c := Card(0); c < numCards; c++ {
		if b.prob[c] > 0 {
			last = c
			if x -= b.prob[c]; x < 0 {
				return c
			}
		}
	}
	return last
}

// Determinize returns a full state consistent with what this state knows:
// every unknown card of a player who has not revealed is drawn from the
// cards not known to be elsewhere (a wildcard with a uniform choice). On a
// seat's view that samples the opponent's card from the seat's Belief.
func (s *State) Determinize(rng *rand.Rand) *State {
	t := s.clone()
	t.determinize(rng)
	return t
}

func (s *State) determinize(rng *rand.Rand) {
	var counts [numCards]int
	copy(counts[:], deckCopies[:])
	total := DeckSize
	for _, c := range s.card {
		if c != NoCard {
			counts[c.Kind()]--
			total--
		}
	}
	for side := range s.card {
		if s.card[side] != NoCard || s.revealed[side] {
			continue
		}
		x := rng.IntN(total)
		var c Card
		for c = SpyKR; c < numCards; c++ {
			if x -= counts[c]; x < 0 {
				break
			}
		}
		counts[c]--
		total--
		if c == Wild {
			c = WildKR + Card(rng.IntN(6))
		}
		s.setCard(chess.Color(side), c)
	}
}

// setCard sets c's card here and in the undo history (where c had not
// revealed yet), so that Undo keeps it.
func (s *State) setCard(c chess.Color, card Card) {
	s.card[c] = card
	for i := range s.hist {
		if !s.hist[i].revealed[c] {
			s.hist[i].card[c] = card
		}
	}
	s.stat.valid = false
}

// AssumeCard sets an unknown card in place (a world for the search,
// without copying the state); ForgetCard makes it unknown again.
func (s *State) AssumeCard(c chess.Color, card Card) error {
	if s.card[c] != NoCard || s.revealed[c] {
		return fmt.Errorf("%s's card is already known here", c)
	}
	if !card.Valid() || card == Wild {
		return fmt.Errorf("card %s: want a dealt card, a wildcard with its choice", card)
	}
	s.setCard(c, card)
	return nil
}

// ForgetCard makes c's card unknown again unless c has revealed it.
func (s *State) ForgetCard(c chess.Color) {
	if !s.revealed[c] {
		s.setCard(c, NoCard)
	}
}
