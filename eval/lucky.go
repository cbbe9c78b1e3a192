package eval

import (
	"math/bits"

	"azar/variants/chess"
	"azar/variants/lucky"
)

// Cartas de la Suerte: the card terms added to the chess evaluation of the
// board (docs/lucky.md, "Evaluation"), in centipawns. Hand-set, not tuned.
// The search's adapter (search/chance) adds them to Evaluator.Evaluate and
// decides, by its draw policy, whether the option to draw counts.

// LuckyHeldValue is the value, for its holder, of holding each temporal
// card: good cards positive, the two bad ones negative. A fresh map each
// call.
func LuckyHeldValue() map[string]int {
	return map[string]int{
		"super:Q": 50, "super:R": 40, "super:B": 35, "superknights": 40, "untouchable": 25,
		"freeze:N": 30, "freeze:B": 30, "freeze:R": 35, "noretreat": -35, "leadking": -50,
	}
}

// LuckyCardValue is the base value, for the drawer, of resolving each
// movement card instead of making a normal move. The material cards are
// valued from the board (see luckyCard), the temporal cards by
// LuckyHeldValue. A fresh map each call.
func LuckyCardValue() map[string]int {
	return map[string]int{
		"move1:P": -10, "move1:N": -15, "move1:B": -15, "move1:R": -20, "move1:Q": -15, "move1:K": -40,
		"move2:P+P": 30, "move2:P+N": 45, "move2:P+B": 45, "move2:N+B": 50, "move2:N+R": 45,
		"move2:B+R": 45, "move2:R+Q": 40, "move2:Q+K": 10,
		"move3:P+N+B": 70,
		"choose1:P/N": -5, "choose1:N/B": -5, "choose1:B/R": -5, "choose1:R/Q": -5, "choose1:Q/K": -10,
		"choose2:P/N/B": 45, "choose2:N/B/R": 45, "choose2:B/R/Q": 45, "choose2:R/Q/K": 35, "choose2:P/N/K": 40,
		"relocate": 40, "skip": -60, "enemy2": 100, "pawns-back": -40, "pawns-forward": 0, "rules": 0,
	}
}

// Fixed costs of the material cards: the removal or placement replaces
// the turn's normal move.
const (
	luckyRemovalCost   = 30
	luckyPlacementCost = 40
	// luckyFirstEditionFallback is a card that cannot be fulfilled under
	// the first edition: the turn is lost.
	luckyFirstEditionFallback = -60
)

// The tables by lucky.Kind, filled once by init and then only read: the
// evaluation runs at every leaf and must not look up maps.
var (
	luckyHeldTable [64]int
	luckyBaseTable [64]int
	luckyCardTable [64]lucky.Card
)

func init() {
	held, base := LuckyHeldValue(), LuckyCardValue()
	for k, c := range lucky.Cards() {
		luckyHeldTable[k] = held[c.ID]
		luckyBaseTable[k] = base[c.ID]
		luckyCardTable[k] = c
	}
}

// LuckyHeld is what the temporal card colour c holds is worth to c
// (LuckyHeldValue, scaled by its counter under the three-turn option; 0
// without a card).
func LuckyHeld(st *lucky.State, c chess.Color) int {
	k, n := st.Held(c)
	if k == lucky.NoKind {
		return 0
	}
	v := luckyHeldTable[k]
	if st.Options().ThreeTurns {
		v = v * max(n, 1) / 3
	}
	return v
}

// LuckyDeck is the expected value, for drawer, of the next card: the
// average of the cards' values over the pile it comes from
// (lucky.State.DrawSource); 0 when there is none.
func LuckyDeck(st *lucky.State, drawer chess.Color) int {
	d, n := st.DrawSource()
	if n == 0 {
		return 0
	}
	sum := 0
	for k, c := range d {
		if c > 0 {
			sum += int(c) * luckyCard(st, lucky.Kind(k), drawer)
		}
	}
	return sum / n
}

// luckyCard values drawing card k for drawer, relative to a normal move:
// LuckyCardValue for the movement cards (the fallback when the drawer has
// no piece the card names), the best removable rival piece in a bomb's
// zone (or the pieces it blows up, both colours for the crazy bomb), the
// rival piece a remove:X card takes, the best piece of the drawer's pool
// for recover, and for a temporal card its LuckyHeldValue less that of
// the card it replaces.
func luckyCard(st *lucky.State, k lucky.Kind, drawer chess.Color) int {
	c := &luckyCardTable[k]
	pos := st.Position()
	rival := drawer.Other()
	fallback := 0
	if st.Options().Edition == lucky.FirstEdition {
		fallback = luckyFirstEditionFallback
	}
	removable := pos.ColorBB(rival) &^ pos.Pieces(rival, chess.King)
	if h, _ := st.Held(rival); h != lucky.NoKind && luckyCardTable[h].Family == lucky.FamUntouchable {
		removable &^= pos.Pieces(rival, chess.Pawn)
	}
	zone := c.Zone
	if drawer == chess.Black {
		zone = chess.Bitboard(bits.ReverseBytes64(uint64(zone)))
	}
	switch c.Family {
	case lucky.FamMove1:
		if pos.Pieces(drawer, c.Icons[0]) == 0 {
			return fallback
		}
		return luckyBaseTable[k]
	case lucky.FamRemove:
		if pos.Pieces(rival, c.Piece)&removable == 0 {
			return fallback
		}
		return PieceValue(c.Piece) - luckyRemovalCost
	case lucky.FamRecover:
		best := 0
		for t := chess.Pawn; t <= chess.Queen; t++ {
			if st.Pool(drawer, t) > 0 {
				best = PieceValue(t)
			}
		}
		if best == 0 {
			return fallback
		}
		return best - luckyPlacementCost
	case lucky.FamBomb, lucky.FamBombCruel:
		if b := removable & zone; b != 0 {
			return bestValue(pos, b) - luckyRemovalCost
		}
		if c.Family == lucky.FamBombCruel {
			own := zone & pos.ColorBB(drawer) &^ pos.Pieces(drawer, chess.King)
			if own != 0 {
				return -leastValue(pos, own) - luckyRemovalCost
			}
		}
		return fallback
	case lucky.FamBombFierce:
		if b := removable & zone; b != 0 {
			return sumValue(pos, b) - luckyRemovalCost
		}
		return fallback
	case lucky.FamBombCrazy:
		theirs := removable & zone
		own := zone & pos.ColorBB(drawer) &^ pos.Pieces(drawer, chess.King)
		if theirs|own == 0 {
			return fallback
		}
		return sumValue(pos, theirs) - sumValue(pos, own) - luckyRemovalCost
	}
	if k.IsTemporal() {
		return luckyHeldTable[k] - LuckyHeld(st, drawer)
	}
	return luckyBaseTable[k]
}

// bestValue, leastValue and sumValue are the nominal values of the
// pieces on b: the largest, the smallest (10000 for none), the total.
func bestValue(pos *chess.Position, b chess.Bitboard) int {
	v := 0
	for b != 0 {
		v = max(v, PieceValue(pos.At(b.PopLSB()).Type()))
	}
	return v
}

func leastValue(pos *chess.Position, b chess.Bitboard) int {
	v := 10000
	for b != 0 {
		v = min(v, PieceValue(pos.At(b.PopLSB()).Type()))
	}
	return v
}

func sumValue(pos *chess.Position, b chess.Bitboard) int {
	v := 0
	for b != 0 {
		v += PieceValue(pos.At(b.PopLSB()).Type())
	}
	return v
}
