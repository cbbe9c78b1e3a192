package hands

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"azar/variants"
	"azar/variants/chess"
	"azar/variants/magic"
)

// Belief is the engine's belief over the other hand (UCI option
// Magic_Belief; docs/magic.md, "The belief from passes").
type Belief uint8

// The beliefs.
const (
	// BeliefUniform: every hand of the right size from the unaccounted
	// cards is as likely.
	BeliefUniform Belief = iota
	// BeliefPasses: a card that the other player could have committed in
	// a window they passed is less likely to be in their hand.
	BeliefPasses
)

// DefaultBelief is the default of Options.Belief.
const DefaultBelief = BeliefUniform

// Beliefs are the belief names, by value (a fresh slice each call).
func Beliefs() []string { return []string{"uniform", "passes"} }

func (b Belief) String() string {
	if int(b) < len(Beliefs()) {
		return Beliefs()[b]
	}
	return "?"
}

// ParseBelief reads a belief name (any case).
func ParseBelief(s string) (Belief, error) {
	for i, n := range Beliefs() {
		if strings.EqualFold(n, s) {
			return Belief(i), nil
		}
	}
	return 0, fmt.Errorf("belief %q: want uniform or passes", s)
}

// The pass factors are likelihood ratios: each pass of the other player
// in a window where a card they may hold was legal multiplies that
// card's weight by the window's factor: the probability that a player
// who holds the card passes the window, over the probability that one
// who does not hold it (but could have) passes. Measured in self-play
// at 20,000 nodes a decision (docs/magic.md, "The belief from passes").
const (
	// PassFactorEnd is the END window's: 0.924 in classic mode (810
	// held legal cards), 0.961 in advanced (1,264).
	PassFactorEnd = 0.92
	// PassFactorRCommit is R-COMMIT's: 0.821 (412).
	PassFactorRCommit = 0.82
	// PassFactorRImpact is R-IMPACT's: 0.921 (538).
	PassFactorRImpact = 0.92
	// PassFactorMS is the mate save's: no player passed it holding a
	// card that lifted the mate (0 of 30); a pass there ends the game.
	PassFactorMS = MinWeight
)

// passFactor is the factor of a pass in a decision of phase ph; ok is
// false for a phase that is no window.
func passFactor(ph magic.Phase) (f float64, ok bool) {
	switch ph {
	case magic.PhEnd:
		return PassFactorEnd, true
	case magic.PhRCommit:
		return PassFactorRCommit, true
	case magic.PhRImpact:
		return PassFactorRImpact, true
	case magic.PhMS:
		return PassFactorMS, true
	}
	return 0, false
}

// MinWeight is the least weight a card keeps, however many windows it
// was passed in: the passes are not independent (a player keeps a card
// for a better moment window after window), and a card is never ruled
// out by them.
const MinWeight = 0.1

// passMemoMax bounds the memo of the windows' legal cards.
const passMemoMax = 1 << 16

// passWeights is the weight of each card of the view that the other
// player (opp) may hold: 1 in the uniform belief, PassFactor for each
// window opp passed in which the card was legal, never below MinWeight;
// 0 for a card that is not unaccounted. Only the view is read (its
// history of actions, with the hands it hides hidden), so no secret
// enters the weights. memo (may be nil) keeps each window's legal cards
// by the window state's key, from one decision to the next.
func passWeights(view *magic.State, opp chess.Color, memo map[uint64]magic.CardSet) (w [magic.NumCards]float64) {
	unacc := view.Unaccounted()
	for c := magic.CardID(0); c < magic.NumCards; c++ {
		if unacc.Has(c) {
			w[c] = 1
		}
	}
	if _, known := view.Hand(opp); known || unacc == 0 {
		return w
	}
	h := view.Clone().(*magic.State)
	for h.HistoryLen() > 0 {
		after := h.HandSize(opp)
		h.Undo()
		f, ok := passFactor(h.Phase())
		// A window's only actions are pass and a card commitment, which
		// takes a card from the hand.
		if !ok || h.ToAct() != variants.Player(opp) || h.HandSize(opp) != after {
			continue
		}
		legal := windowCards(h, memo)
		for c := magic.CardID(0); c < magic.NumCards; c++ {
			if legal.Has(c) && w[c] > 0 {
				w[c] = max(MinWeight, w[c]*f)
			}
		}
	}
	return w
}

// windowCards is the cards with a legal commitment for the seat to act
// in st (in a view where its hand is unknown, any unaccounted card).
func windowCards(st *magic.State, memo map[uint64]magic.CardSet) magic.CardSet {
	k := st.Key()
	if s, ok := memo[k]; ok {
		return s
	}
	var s magic.CardSet
	for _, a := range st.Legal(nil) {
		if magic.TypeOf(a) == magic.ActCard {
			c, _ := magic.CardOf(a)
			s |= 1 << c
		}
	}
	if memo != nil {
		if len(memo) >= passMemoMax {
			clear(memo)
		}
		memo[k] = s
	}
	return s
}

// drawHand draws k of the cards with a positive weight, with probability
// proportional to the product of their weights (the uniform belief
// times the passes' likelihood: exact, by the subsets' sums of
// products). ok is false when fewer than k cards have a weight.
func drawHand(w *[magic.NumCards]float64, k int, rng *rand.Rand) (hand magic.CardSet, ok bool) {
	var cards []magic.CardID
	for c := magic.CardID(0); c < magic.NumCards; c++ {
		if w[c] > 0 {
			cards = append(cards, c)
		}
	}
	n := len(cards)
	if k < 0 || k > n {
		return 0, false
	}
	// e[j][r]: the sum over the r-subsets of cards[j:] of their weights'
	// products.
	e := make([][]float64, n+1)
	for j := range e {
		e[j] = make([]float64, k+1)
	}
	e[n][0] = 1
	for j := n - 1; j >= 0; j-- {
		e[j][0] = 1
		for r := 1; r <= k; r++ {
			e[j][r] = e[j+1][r] + w[cards[j]]*e[j+1][r-1]
		}
	}
	if !(e[0][k] > 0) {
		return 0, false
	}
	r := k
	for j := 0; j < n && r > 0; j++ {
		if rng.Float64()*e[j][r] < w[cards[j]]*e[j+1][r-1] {
			hand |= 1 << cards[j]
			r--
		}
	}
	return hand, r == 0
}
