package eval

import (
	"math/bits"

	"azar/variants/chess"
	"azar/variants/magic"
)

// Ajedrez Mágico: the card terms added to the chess evaluation of the
// board (docs/magic.md, "Evaluation"), in centipawns. Every number here is
// a first guess, to be tuned: it comes from the card's category and window
// and from the balance notes of docs/rules/magic.md §16.3, not from games.
// The engine (search/hands) uses EvaluateMagic at its leaves.

// magicCardValue is what holding each card is worth to its holder: roughly
// a share of what committing it at a good moment gains, so that spending a
// card costs its value and the search commits one only where the effect
// pays more. The guesses follow §16.3: a MAIN card costs a tempo, so it is
// valued at what it does less about a tempo; the free cards (PRE, END,
// reactions) do less and are worth less; a card marked (MS) gets about
// 15 more for the option of saving a mate; the conditional cards (AM25,
// AM26, AM27) are valued from the board instead (magicConditional). The
// (MS) marks are the eight cards the first rule book let save a mate;
// since decision 8 was re-read (86d27f5) any card that lifts the mate
// may, and how often each one can is not measured yet, so the values
// stay these first guesses until they are tuned from self-play
// (issue 31 §3), which changes them and the search's node counts.
var magicCardValue = [magic.NumCards]int{
	// AM01-AM02 counter / ward: stops the opponent's next card, 45.
	45, 45,
	// AM03-AM04 rewind: a reaction to an impact and a mate save, 45.
	45, 45,
	// AM05-AM07 shields (PRE or R-COMMIT): protection, seldom decisive.
	25, 25, 20,
	// AM08-AM10 preventions.
	25, 15, 15,
	// AM11 dispel, AM12 hourglass: they act on effects, often none.
	20, 10,
	// AM13-AM14 teleport, AM15 royal escape (MS), AM16 emergency
	// castling (MS), AM17 exile, AM18 swap.
	35, 35, 40, 35, 35, 20,
	// AM19 lightning (a free minor piece near the king, MS), AM20
	// sacrifice (a trade), AM21 flank storm (a pawn), AM22 rift.
	70, 25, 35, 20,
	// AM23 forced march (two quiet moves), AM24 flank advance.
	30, 20,
	// AM25 resurrection, AM26 royal guard (MS), AM27 field promotion:
	// from the board (magicConditional); AM28 transmutation.
	0, 0, 0, 10,
	// AM29 lance, AM30 surge, AM31 royal stride (licences for one move).
	20, 15, 15,
	// AM32 knight's wings, AM33 paralysis, AM34 wall (MS), AM35 mine.
	30, 40, 35, 25,
	// AM36 sanctuary, AM37 fog, AM38 blizzard, AM39 no man's land, AM40
	// silence.
	20, 10, 15, 15, 30,
}

// The cards valued from the board.
const (
	magicAM25 magic.CardID = 24
	magicAM26 magic.CardID = 25
	magicAM27 magic.CardID = 26
)

// MagicCardValues returns the held value of each card, AM01 first (a copy;
// AM25-AM27 are 0 there: their value is the board's, see MagicCardValue).
func MagicCardValues() [magic.NumCards]int { return magicCardValue }

// MagicCardValue is what holding card c is worth to colour h in st. The
// conditional cards: AM25 brings back the best of h's pooled N, B, R or P
// (a quarter of its value: it costs the turn and needs a free square),
// AM26 a pooled N, B or P next to the king (a quarter, plus 15 for the mate
// save), AM27 turns a pawn on h's relative rank 6 or 7 into a rook (a
// third of the gain, 0 without such a pawn).
func MagicCardValue(st *magic.State, c magic.CardID, h chess.Color) int {
	switch c {
	case magicAM25:
		best := 0
		for _, t := range [...]chess.PieceType{chess.Pawn, chess.Knight, chess.Bishop, chess.Rook} {
			if st.Pool(h, t) > 0 {
				best = PieceValue(t)
			}
		}
		return best / 4
	case magicAM26:
		best := 0
		for _, t := range [...]chess.PieceType{chess.Pawn, chess.Knight, chess.Bishop} {
			if st.Pool(h, t) > 0 {
				best = PieceValue(t)
			}
		}
		return best/4 + 15
	case magicAM27:
		ranks := chess.Rank6 | chess.Rank7
		if h == chess.Black {
			ranks = chess.Rank2 | chess.Rank3
		}
		if st.Position().Pieces(h, chess.Pawn)&ranks == 0 {
			return 0
		}
		return (PieceValue(chess.Rook) - PieceValue(chess.Pawn)) / 3
	}
	if c >= magic.NumCards {
		return 0
	}
	return magicCardValue[c]
}

// MagicHandValue is what colour c's hand is worth to c: the sum of its
// cards' values when st knows the hand, else (a seat's view of the other
// hand) the hand's size times the average value of the unaccounted cards,
// the cards it is drawn from.
func MagicHandValue(st *magic.State, c chess.Color) int {
	hand, known := st.Hand(c)
	if known {
		return magicSetValue(st, hand, c)
	}
	n := st.HandSize(c)
	u := st.Unaccounted()
	if n == 0 || u == 0 {
		return 0
	}
	return n * magicSetValue(st, u, c) / bits.OnesCount64(uint64(u))
}

// magicCondSet is AM25-AM27, the cards valued from the board.
const magicCondSet = magic.CardSet(1)<<magicAM25 | magic.CardSet(1)<<magicAM26 | magic.CardSet(1)<<magicAM27

// magicByteValue[k][b] is the sum of the fixed values of the cards whose
// bits are set in b, the set's byte k (cards 8k to 8k+7; AM25-AM27 count
// 0 here, as in magicCardValue): a hand is valued in five lookups instead
// of a loop over its cards. Built from magicCardValue once, at start-up.
var magicByteValue = func() (t [(magic.NumCards + 7) / 8][256]int32) {
	for k := range t {
		for b := range 256 {
			for j := range 8 {
				if i := 8*k + j; b&(1<<j) != 0 && i < magic.NumCards {
					t[k][b] += int32(magicCardValue[i])
				}
			}
		}
	}
	return t
}()

// magicSetValue is the sum of MagicCardValue over the cards of set x: the
// fixed values by bytes of the set (this runs at every leaf, twice), the
// three board-valued cards only when x holds them.
func magicSetValue(st *magic.State, x magic.CardSet, c chess.Color) int {
	y := uint64(x &^ magicCondSet)
	var v int32
	for k := range magicByteValue {
		v += magicByteValue[k][y>>(8*k)&0xFF]
	}
	return int(v) + magicCondValue(st, x, c)
}

// magicCondValue is the value of AM25-AM27 in x, read from the board:
// MagicCardValue's figures (TestMagicHandValueIsCardSum holds them
// together), with c's pools read once for AM25 and AM26, which value the
// last type of their lists with a man in the pool.
func magicCondValue(st *magic.State, x magic.CardSet, c chess.Color) int {
	if x&magicCondSet == 0 {
		return 0
	}
	v := 0
	if x&(1<<magicAM25|1<<magicAM26) != 0 {
		minor := 0 // AM26's list: a pawn, a knight, a bishop
		for _, t := range [...]chess.PieceType{chess.Pawn, chess.Knight, chess.Bishop} {
			if st.Pool(c, t) > 0 {
				minor = PieceValue(t)
			}
		}
		if x&(1<<magicAM26) != 0 {
			v += minor/4 + 15
		}
		if x&(1<<magicAM25) != 0 {
			best := minor // AM25's list: those and a rook
			if st.Pool(c, chess.Rook) > 0 {
				best = PieceValue(chess.Rook)
			}
			v += best / 4
		}
	}
	if x&(1<<magicAM27) != 0 {
		v += MagicCardValue(st, magicAM27, c)
	}
	return v
}

// Values of the effects in play, for their owner, at full counter
// (magicEffectScale scales them down as the counter runs out). First
// guesses: an effect is worth about what the card it came from was worth
// held, the anchored ones by the men they act on.
const (
	magicWard      = 45 // stops the opponent's next card
	magicWall      = 15 // an obstacle both sides must go round
	magicMine      = 20 // a threat on one square
	magicPlayerEff = 15 // immunity, anchorage, armour, sanctuary, fog, no man's land
	magicSilence   = 30 // the opponent's cards are dead for a turn
	magicLicence   = 10 // lance, surge, stride: this turn's extra moves
	magicWings     = 30 // a winged bishop, rook or queen
	magicFrozenPwn = 8  // per enemy pawn a blizzard freezes
	// magicShieldDiv: a shielded man that the enemy attacks is worth 1/5
	// of its value more (it cannot be taken or struck by cards; one that is
	// not attacked gains nothing that counts now: a higher figure made the
	// engine shield its queen at move one); magicParalysisDiv: a paralysed
	// enemy man costs its owner 1/8 of its value.
	magicShieldDiv    = 5
	magicParalysisDiv = 8
)

// magicEffectScale is the share of an effect's value its counter leaves:
// all of it at 2 or more, half at 1 (it ends with its owner's turn).
func magicEffectScale(v int, counter int8) int {
	if counter >= 2 {
		return v
	}
	return v / 2
}

// MagicEffects is the value for colour c of the effects in play: its own
// less the opponent's.
func MagicEffects(st *magic.State, c chess.Color) int {
	pos := st.Position()
	v := 0
	for i := range st.NumEffects() {
		x, sqs := st.EffectAt(i)
		var w int
		switch x.Kind {
		case magic.EffWard:
			w = magicWard
		case magic.EffShield:
			for b := sqs; b != 0; {
				if sq := b.PopLSB(); pos.Attacked(sq, x.Owner.Other()) {
					w += PieceValue(pos.At(sq).Type()) / magicShieldDiv
				}
			}
		case magic.EffParalysis:
			for b := sqs; b != 0; {
				w += PieceValue(pos.At(b.PopLSB()).Type()) / magicParalysisDiv
			}
		case magic.EffWings:
			if sqs != 0 {
				w = magicWings
			}
		case magic.EffWall:
			w = magicWall
		case magic.EffMine:
			w = magicMine
		case magic.EffBlizzard:
			w = magicFrozenPwn * (sqs & pos.Pieces(x.Owner.Other(), chess.Pawn)).Count()
		case magic.EffSilence:
			w = magicSilence
		case magic.EffLance, magic.EffSurge, magic.EffStride:
			w = magicLicence
		default:
			w = magicPlayerEff
		}
		w = magicEffectScale(w, x.Counter)
		if x.Owner == c {
			v += w
		} else {
			v -= w
		}
	}
	return v
}

// EvaluateMagic is the static value of st for colour c, in centipawns:
// the chess evaluation of the board with c to move (walls and mines are
// not men; the board's own side to move is not the seat's), plus c's hand
// less the opponent's (MagicHandValue) and the effects in play
// (MagicEffects). It is not clamped: the search clamps.
func (e *Evaluator) EvaluateMagic(st *magic.State, c chess.Color) int {
	return e.EvaluateMagicWith(st, c, nil)
}

// EvaluateMagicWith is EvaluateMagic with the chess part read from bc
// where bc has it (nil: no cache).
func (e *Evaluator) EvaluateMagicWith(st *magic.State, c chess.Color, bc *MagicBoardCache) int {
	p := st.Position()
	var v int
	if bc == nil {
		v = e.magicBoard(p, c)
	} else if cv, ok := bc.Value(p.Hash(), c); ok {
		v = cv
	} else {
		v = e.magicBoard(p, c)
		bc.SetValue(p.Hash(), c, v)
	}
	v += MagicHandValue(st, c) - MagicHandValue(st, c.Other())
	return v + MagicEffects(st, c)
}

// magicBoard is the chess evaluation of p's board with c to move.
func (e *Evaluator) magicBoard(p *chess.Position, c chess.Color) int {
	wp, bp := p.Pieces(chess.White, chess.Pawn), p.Pieces(chess.Black, chess.Pawn)
	pe := &e.pawns[pawnIndex(wp, bp)]
	if pe.pawns[0] != wp || pe.pawns[1] != bp {
		computePawns(pe, wp, bp, nil)
	}
	return evaluateFor(p, pe, c, nil)
}

// MagicBoardCache remembers the chess part of EvaluateMagic by the
// board's Zobrist key and the colour it is for. The engine samples up to
// 16 worlds that differ only in the hidden hand and searches each over
// the same root actions, so most boards at its leaves are evaluated once
// per world: the chess evaluation, a sixth of the search, is a pure
// function of the placement (evaluateFor reads the men only) and the
// colour, so the later worlds can read it. The key is the whole position's
// (castling and en-passant rights too), which can only make two equal
// placements miss each other; a hit is exact but for a 64-bit collision,
// as in the search's own table. Not safe for concurrent use.
//
// It is the turn starts' cache (magic.TurnCache), which keeps a value
// per colour beside its verdicts in the board's slot: the engine gives
// the same cache to both, so that a leaf's evaluation finds the slot its
// turn start has just read in the processor's cache.
type MagicBoardCache = magic.TurnCache

// NewMagicBoardCache returns an empty cache.
func NewMagicBoardCache() *MagicBoardCache { return magic.NewTurnCache() }

// Magic mop-up weights, centipawns: per step of the bare king's distance
// from the centre (0–6) and per step the kings are closer (7 less their
// king-move distance). Set by hand, five and three times chess's endgame
// MopUpCorner/MopUpKings (eval/weights.go, 8 and 3): the magic search
// reaches depth 3–4 at 10+0.1 where chess reaches 15, so the gradient
// towards mate must be seen from the evaluation, and it is added after
// the search's soft limit (search/core SoftLimit), which would shrink it
// eight times in a won game. Measured in docs/magic.md "Against MCTS".
const (
	magicMopCorner = 40
	magicMopKings  = 10
)

// MagicMopUp is c's bonus (or, when c's own king is the bare one, malus)
// for driving a bare king, one with no piece or pawn beside it, to the
// edge with its own king close, when the stronger side has a queen or a
// rook or two minor pieces one of them a bishop; 0 otherwise.
func MagicMopUp(p *chess.Position, c chess.Color) int {
	sign := 1
	strong, bare := c, c.Other()
	if p.ColorBB(strong)&^p.Pieces(strong, chess.King) == 0 {
		strong, bare, sign = bare, strong, -1
	}
	if p.ColorBB(bare)&^p.Pieces(bare, chess.King) != 0 {
		return 0
	}
	corner, close, ok := mopUp(p, strong, p.KingSquare(bare), p.KingSquare(strong))
	if !ok {
		return 0
	}
	return sign * (magicMopCorner*corner + magicMopKings*close)
}
