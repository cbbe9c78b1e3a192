package chance

import (
	"math/bits"

	"azar/eval"
	"azar/search"
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

// HeldValue is the value, in centipawns for its holder, of holding a
// temporal card (docs/lucky.md, "Evaluation"): good cards positive, the
// two bad ones negative. Hand-set, not tuned. A fresh map each call.
func HeldValue() map[string]int {
	return map[string]int{
		"super:Q": 50, "super:R": 40, "super:B": 35, "superknights": 40, "untouchable": 25,
		"freeze:N": 30, "freeze:B": 30, "freeze:R": 35, "noretreat": -35, "leadking": -50,
	}
}

// CardValue is the base value, in centipawns for the drawer, of resolving
// each movement card instead of making a normal move. Material cards are
// valued from the board (see cardValue); temporal cards by HeldValue. A
// fresh map each call.
func CardValue() map[string]int {
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
	removalCost   = 30
	placementCost = 40
	// firstEditionFallback is a card that cannot be fulfilled under the
	// first edition: the turn is lost.
	firstEditionFallback = -60
)

// The tables by lucky.Kind, filled once by init and then only read.
var (
	heldTable [64]int
	baseTable [64]int
	cardTable [64]lucky.Card
)

func init() {
	held, base := HeldValue(), CardValue()
	for k, c := range lucky.Cards() {
		heldTable[k] = held[c.ID]
		baseTable[k] = base[c.ID]
		cardTable[k] = c
	}
}

var pieceCP = [7]int{0, 100, 320, 330, 500, 900, 0}

// luckyGame adapts a lucky.State to the game-search core (core.Game, with
// its chance events, tactical hints and the draw policy as an action
// filter): evaluation, ordering, the draw policy of the engine's side.
type luckyGame struct {
	st     *lucky.State
	ev     *eval.Evaluator
	policy DrawPolicy
	me     chess.Color // the engine's side (the policy applies to it)
	buf    []variants.Outcome
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

// drawSource is the pile the next card comes from.
func (g *luckyGame) drawSource() (lucky.Deck, int) {
	if n := g.st.PileSize(); n > 0 {
		return g.st.Pile(), n
	}
	d := g.st.Discard()
	return d, d.Total()
}

func (g *luckyGame) Chances(buf []core.Weighted) []core.Weighted {
	g.buf = g.st.Chances(g.buf[:0])
	d, _ := g.drawSource()
	for _, o := range g.buf {
		buf = append(buf, core.Weighted{Action: o.Action, Weight: int(d[lucky.CardOf(o.Action)])})
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
			return 5000 - pieceCP[v.Type()], false
		}
		return 20000 + pieceCP[v.Type()], false
	case chess.KindDrop:
		return 15000 + pieceCP[m.DropPiece().Type()], false
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
			sc = 10000 + 10*pieceCP[victim.Type()] - pieceCP[mover.Type()]/100
			if victim.Type() == chess.King {
				sc = 30000
			}
			tactical = true
		} else {
			sc = -5000 // enemy2: a rival piece taking one of ours
		}
	}
	if m.Kind() == chess.KindPromotion {
		sc += 9000 + pieceCP[m.Promotion()]
		tactical = tactical || (m.Promotion() == chess.Queen && mover.Color() == side)
	}
	return sc, tactical
}

// LosingCapture: a plain capture of a rival piece that loses material by
// static exchange on the board (search.SEEGE; the cards' modified moves
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
	return !search.SEEGE(pos, m, 0)
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
// evaluation of the board (clamped), the temporal cards held (HeldValue,
// scaled by the counter under the three-turn option), and the deck: at a
// chance node the expected value of the card about to be revealed, at a
// turn start the value of the option to draw, max(0, E), when drawing is
// allowed (under the engine's draw policy for its own side).
func (g *luckyGame) Evaluate(kind core.EvalKind) int {
	st := g.st
	side := st.Side()
	v := g.ev.Evaluate(st.Position())
	if st.Position().Side() != side {
		v = -v
	}
	v = max(min(v, EvalLimit), -EvalLimit)
	v += g.held(side) - g.held(side.Other())
	switch kind {
	case core.EvalChance:
		v += g.deckValue(side)
	case core.EvalTurnStart:
		if g.mayDraw() {
			e := g.deckValue(side)
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

func (g *luckyGame) held(c chess.Color) int {
	k, n := g.st.Held(c)
	if k == lucky.NoKind {
		return 0
	}
	v := heldTable[k]
	if g.st.Options().ThreeTurns {
		v = v * max(n, 1) / 3
	}
	return v
}

// deckValue is the expected value, for drawer, of the next card: the
// average of cardValue over the draw pile (the discard pile when the draw
// pile is empty, as it is reshuffled).
func (g *luckyGame) deckValue(drawer chess.Color) int {
	d, n := g.drawSource()
	if n == 0 {
		return 0
	}
	sum := 0
	for k, c := range d {
		if c > 0 {
			sum += int(c) * g.cardValue(lucky.Kind(k), drawer)
		}
	}
	return sum / n
}

// cardValue values drawing card k for drawer, relative to a normal move:
// CardValue for the movement cards (the fallback when the drawer has no
// piece the card names), the best removable rival piece in a bomb's zone
// (or the pieces it blows up, both colours for the crazy bomb), the rival
// piece a remove:X card takes, the best piece of the drawer's pool for
// recover, and for a temporal card its HeldValue less that of the card it
// replaces.
func (g *luckyGame) cardValue(k lucky.Kind, drawer chess.Color) int {
	c := &cardTable[k]
	pos := g.st.Position()
	rival := drawer.Other()
	fallback := 0
	if g.st.Options().Edition == lucky.FirstEdition {
		fallback = firstEditionFallback
	}
	removable := pos.ColorBB(rival) &^ pos.Pieces(rival, chess.King)
	if h, _ := g.st.Held(rival); h != lucky.NoKind && cardTable[h].Family == lucky.FamUntouchable {
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
		return baseTable[k]
	case lucky.FamRemove:
		if pos.Pieces(rival, c.Piece)&removable == 0 {
			return fallback
		}
		return pieceCP[c.Piece] - removalCost
	case lucky.FamRecover:
		best := 0
		for t := chess.Pawn; t <= chess.Queen; t++ {
			if g.st.Pool(drawer, t) > 0 {
				best = pieceCP[t]
			}
		}
		if best == 0 {
			return fallback
		}
		return best - placementCost
	case lucky.FamBomb, lucky.FamBombCruel:
		if b := removable & zone; b != 0 {
			return g.best(b) - removalCost
		}
		if c.Family == lucky.FamBombCruel {
			own := zone & pos.ColorBB(drawer) &^ pos.Pieces(drawer, chess.King)
			if own != 0 {
				return -g.least(own) - removalCost
			}
		}
		return fallback
	case lucky.FamBombFierce:
		if b := removable & zone; b != 0 {
			return g.sum(b) - removalCost
		}
		return fallback
	case lucky.FamBombCrazy:
		theirs := removable & zone
		own := zone & pos.ColorBB(drawer) &^ pos.Pieces(drawer, chess.King)
		if theirs|own == 0 {
			return fallback
		}
		return g.sum(theirs) - g.sum(own) - removalCost
	}
	if k.IsTemporal() {
		return heldTable[k] - g.held(drawer)
	}
	return baseTable[k]
}

func (g *luckyGame) best(b chess.Bitboard) int {
	v := 0
	for b != 0 {
		v = max(v, pieceCP[g.st.Position().At(b.PopLSB()).Type()])
	}
	return v
}

func (g *luckyGame) least(b chess.Bitboard) int {
	v := 10000
	for b != 0 {
		v = min(v, pieceCP[g.st.Position().At(b.PopLSB()).Type()])
	}
	return v
}

func (g *luckyGame) sum(b chess.Bitboard) int {
	v := 0
	for b != 0 {
		v += pieceCP[g.st.Position().At(b.PopLSB()).Type()]
	}
	return v
}
