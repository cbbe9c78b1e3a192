package lucky

import "math/rand/v2"

// Pile is a referee's physical draw pile: the cards in order, top first,
// drawn from a seeded source of chance so that a game replays exactly from
// its seed. The rules (State) know only which cards the pile holds; the
// referee (azar match, the app) keeps the order, which no player may see.
type Pile struct {
	cards []Kind
	rng   *rand.Rand
}

// NewPile shuffles the cards of d from rng into a pile.
func NewPile(d Deck, rng *rand.Rand) *Pile {
	p := &Pile{cards: d.List(), rng: rng}
	p.shuffle()
	return p
}

// List lists a multiset's cards in table order.
func (d Deck) List() []Kind {
	var out []Kind
	for k, n := range d {
		for range n {
			out = append(out, Kind(k))
		}
	}
	return out
}

func (p *Pile) shuffle() {
	p.rng.Shuffle(len(p.cards), func(i, j int) { p.cards[i], p.cards[j] = p.cards[j], p.cards[i] })
}

// Cards are the pile's cards, top first (the referee's secret).
func (p *Pile) Cards() []Kind { return p.cards }

// Draw takes the top card; an empty pile is first refilled by shuffling
// discard into it (rules §5).
func (p *Pile) Draw(discard Deck) Kind {
	if len(p.cards) == 0 {
		p.cards = discard.List()
		p.shuffle()
	}
	k := p.cards[0]
	p.cards = p.cards[1:]
	return k
}

// Sync makes the pile hold what the rules' pile holds (want): cards
// returned to the deck go in at random places (rules §5.2), one at a time
// in table order; after the rules reshuffle the discard pile into an empty
// pile, that is a uniform shuffle. A card the rules no longer count is
// taken out from the bottom (never expected).
func (p *Pile) Sync(want Deck) {
	var have Deck
	for _, k := range p.cards {
		have[k]++
	}
	for k := range want {
		for have[k] > want[k] {
			for i := len(p.cards) - 1; i >= 0; i-- {
				if p.cards[i] == Kind(k) {
					p.cards = append(p.cards[:i], p.cards[i+1:]...)
					break
				}
			}
			have[k]--
		}
		for have[k] < want[k] {
			i := p.rng.IntN(len(p.cards) + 1)
			p.cards = append(p.cards, 0)
			copy(p.cards[i+1:], p.cards[i:])
			p.cards[i] = Kind(k)
			have[k]++
		}
	}
}
