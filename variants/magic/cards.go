package magic

import (
	"fmt"
	"strings"
)

// CardID is one card of the deck: 0 is AM01 ... 39 is AM40. Every card
// is unique (the deck has no copies; AM01/AM02 etc. are two cards with
// the same text).
type CardID uint8

// NumCards is the size of the deck.
const NumCards = 40

// NoCard means "no card".
const NoCard CardID = 0xff

// Code is the card's code, "AM01" ... "AM40".
func (c CardID) Code() string {
	if c >= NumCards {
		return "-"
	}
	return fmt.Sprintf("AM%02d", int(c)+1)
}

func (c CardID) String() string { return c.Code() }

// ParseCode reads "AM01" ... "AM40" (case-insensitive).
func ParseCode(s string) (CardID, bool) {
	if len(s) != 4 || !strings.EqualFold(s[:2], "AM") || s[2] < '0' || s[2] > '9' || s[3] < '0' || s[3] > '9' {
		return NoCard, false
	}
	n := int(s[2]-'0')*10 + int(s[3]-'0')
	if n < 1 || n > NumCards {
		return NoCard, false
	}
	return CardID(n - 1), true
}

// Window is a moment at which a card may be committed (rules §5).
type Window uint8

// The windows.
const (
	Main    Window = iota // the active player, instead of the standard move
	Pre                   // the active player, before the standard move
	End                   // the active player, after the standard move
	RCommit               // the other player, after a commitment (advanced mode)
	RImpact               // the other player, after an impact event (advanced mode)
	MS                    // the checkmated player: the mate save
)

func (w Window) String() string {
	switch w {
	case Main:
		return "MAIN"
	case Pre:
		return "PRE"
	case End:
		return "END"
	case RCommit:
		return "R-COMMIT"
	case RImpact:
		return "R-IMPACT"
	case MS:
		return "MS"
	}
	return "?"
}

// WindowSet is a set of windows.
type WindowSet uint8

// Has reports whether w is in the set.
func (ws WindowSet) Has(w Window) bool { return ws&(1<<w) != 0 }

func wins(ws ...Window) WindowSet {
	var s WindowSet
	for _, w := range ws {
		s |= 1 << w
	}
	return s
}

// Category is a card's printed type.
type Category uint8

// Card categories.
const (
	Reaction Category = iota
	Instant
	Duration
)

func (c Category) String() string {
	return [...]string{"reaction", "instant", "duration"}[c]
}

// Targets is the shape of what a card declares at commitment; it fixes
// the card's token syntax (docs/rules/magic.md §15).
type Targets uint8

// Target shapes.
const (
	TNone        Targets = iota // nothing: AM08
	TSquare                     // one square (a piece or an empty square): AM05:c3
	TFlank                      // q or k: AM07:k
	TFile                       // a file letter: AM22:d
	TEffect                     // an active effect, by its card: AM11:AM34
	TEffectSign                 // an effect and +/-: AM12:AM34,+
	TTwoSquares                 // two squares: AM13:b1,d4
	TTwoMoves                   // two moves: AM23:b1c3,g1f3
	TPawns                      // one to three pawns in order: AM24:a2,b2
	TPieceSquare                // a piece letter and a square: AM25:R,a1
	TSquarePiece                // a square and a piece letter: AM27:e7,N
)

// EffectKind is what a duration effect (or a ward) does while it lasts.
type EffectKind uint8

// Effect kinds.
const (
	EffNone      EffectKind = iota
	EffWard                 // AM01/AM02 used in MAIN: counters the next enemy card
	EffShield               // AM05-AM07: the anchored pieces are shielded
	EffImmunity             // AM08: the owner's pieces cannot be eliminated
	EffAnchorage            // AM09: the owner's pieces cannot be relocated
	EffArmour               // AM10: the owner's pieces on a flank are protected
	EffLance                // AM29
	EffSurge                // AM30
	EffStride               // AM31
	EffWings                // AM32
	EffParalysis            // AM33
	EffWall                 // AM34
	EffMine                 // AM35
	EffSanctuary            // AM36
	EffFog                  // AM37
	EffBlizzard             // AM38
	EffNoMans               // AM39
	EffSilence              // AM40
)

// UEYNT is the Duration of a card lasting "until the end of your next
// turn" (rules §8): 2 committed on the owner's turn, 1 as a reaction.
const UEYNT = -1

// Card is one row of the card table.
type Card struct {
	Code     string
	Name     string // Spanish name
	English  string
	Category Category
	Windows  WindowSet
	Targets  Targets
	// Duration: 0 instant, UEYNT, or the counter it starts with (1 is
	// "this turn").
	Duration int8
	Effect   EffectKind
	// MateSave marks the cards whose text was written around the mate
	// save; the MS window itself takes every card (decision 8).
	MateSave bool
	Text     string // the effect in one line (the full text is the rule book)
}

// cardTable is the deck of docs/rules/magic.md §16. It is only read.
var cardTable = [NumCards]Card{
	{"AM01", "Contrahechizo", "Counterspell", Reaction, wins(RCommit, Main), TNone, UEYNT, EffWard, false,
		"R-COMMIT: counter the card just committed. MAIN: a ward, UEYNT, counters the next enemy MAIN/PRE/END card"},
	{"AM02", "Contrahechizo", "Counterspell", Reaction, wins(RCommit, Main), TNone, UEYNT, EffWard, false,
		"as AM01"},
	{"AM03", "Volver atrás", "Rewind", Reaction, wins(RImpact), TNone, 0, EffNone, true,
		"undo the opponent's last standard move; they must play a different one"},
	{"AM04", "Volver atrás", "Rewind", Reaction, wins(RImpact), TNone, 0, EffNone, true,
		"as AM03"},
	{"AM05", "Escudo", "Shield", Reaction, wins(RCommit, Pre), TSquare, UEYNT, EffShield, false,
		"one own non-king piece cannot be captured and is immune to enemy card effects, UEYNT"},
	{"AM06", "Escudo", "Shield", Reaction, wins(RCommit, Pre), TSquare, UEYNT, EffShield, false,
		"as AM05"},
	{"AM07", "Baluarte", "Bulwark", Reaction, wins(RCommit, Pre), TFlank, UEYNT, EffShield, false,
		"every own pawn on a flank gets the AM05 shield, UEYNT"},
	{"AM08", "Inmunidad", "Immunity", Reaction, wins(RCommit, RImpact, Main), TNone, UEYNT, EffImmunity, false,
		"own pieces cannot be eliminated by enemy card effects, UEYNT"},
	{"AM09", "Anclaje", "Anchorage", Reaction, wins(RCommit, RImpact, Main), TNone, UEYNT, EffAnchorage, false,
		"own pieces cannot be relocated or swapped by enemy card effects, UEYNT"},
	{"AM10", "Flanco blindado", "Armoured flank", Reaction, wins(RCommit, Main), TFlank, UEYNT, EffArmour, false,
		"own pieces on a flank are immune to enemy elimination, relocation, paralysis and prohibitions, UEYNT"},
	{"AM11", "Disipar", "Dispel", Instant, wins(Pre, End), TEffect, 0, EffNone, false,
		"end one active duration effect"},
	{"AM12", "Reloj de arena", "Hourglass", Instant, wins(Pre, End), TEffectSign, 0, EffNone, false,
		"change one active effect's counter by +1 or -1"},
	{"AM13", "Teletransporte", "Teleport", Instant, wins(Main), TTwoSquares, 0, EffNone, false,
		"relocate an own non-king piece to an empty square within 3"},
	{"AM14", "Teletransporte", "Teleport", Instant, wins(Main), TTwoSquares, 0, EffNone, false,
		"as AM13"},
	{"AM15", "Evasión real", "Royal escape", Instant, wins(Main), TSquare, 0, EffNone, true,
		"relocate the own king to an empty unattacked square within 2"},
	{"AM16", "Enroque de emergencia", "Emergency castling", Instant, wins(Main), TSquare, 0, EffNone, true,
		"the own king and an own piece within 2 exchange squares"},
	{"AM17", "Exilio", "Exile", Instant, wins(Main), TTwoSquares, 0, EffNone, false,
		"relocate an enemy piece (not K, Q) to an empty square within 2"},
	{"AM18", "Trueque", "Swap", Instant, wins(Main), TTwoSquares, 0, EffNone, false,
		"two own non-king pieces exchange squares"},
	{"AM19", "Rayo", "Lightning", Instant, wins(Main), TSquare, 0, EffNone, true,
		"eliminate an enemy piece (not K, Q) within 2 of the own king"},
	{"AM20", "Sacrificio", "Sacrifice", Instant, wins(Main), TTwoSquares, 0, EffNone, false,
		"eliminate an own piece X, then an enemy piece Y worth no more than X"},
	{"AM21", "Tormenta de flanco", "Flank storm", Instant, wins(Main), TSquare, 0, EffNone, false,
		"eliminate an enemy pawn in the own half"},
	{"AM22", "Grieta", "Rift", Instant, wins(Main), TFile, 0, EffNone, false,
		"eliminate every pawn on a file"},
	{"AM23", "Marcha forzada", "Forced march", Instant, wins(Main), TTwoMoves, 0, EffNone, false,
		"two quiet moves by two different own pieces (not K, P)"},
	{"AM24", "Avanzada de flanco", "Flank advance", Instant, wins(Main), TPawns, 0, EffNone, false,
		"one to three own pawns on a flank step forward, in order"},
	{"AM25", "Resurrección", "Resurrection", Instant, wins(Main), TPieceSquare, 0, EffNone, false,
		"place a pooled N, B, R or P on the own first (pawn: second) rank"},
	{"AM26", "Guardia real", "Royal guard", Instant, wins(Main), TPieceSquare, 0, EffNone, true,
		"place a pooled N, B or P next to the own king"},
	{"AM27", "Ascenso", "Field promotion", Instant, wins(Main), TSquarePiece, 0, EffNone, false,
		"an own pawn on relative rank 6 or 7 becomes N, B or R"},
	{"AM28", "Transmutación", "Transmutation", Instant, wins(Main), TSquare, 0, EffNone, false,
		"an own knight becomes a bishop or a bishop a knight"},
	{"AM29", "Lanza", "Lance", Duration, wins(Pre), TNone, 1, EffLance, false,
		"this turn a rook or queen may jump exactly one piece along a line"},
	{"AM30", "Impulso", "Surge", Duration, wins(Pre), TNone, 1, EffSurge, false,
		"this turn a pawn on relative rank 3-6 may advance two squares"},
	{"AM31", "Zancada real", "Royal stride", Duration, wins(Pre), TNone, 1, EffStride, true,
		"this turn the king may move exactly two squares in a line"},
	{"AM32", "Alas de caballo", "Knight's wings", Duration, wins(Pre), TSquare, 3, EffWings, false,
		"an own B, R or Q also moves, captures and attacks like a knight, 3"},
	{"AM33", "Parálisis", "Paralysis", Duration, wins(Main), TSquare, 3, EffParalysis, false,
		"an enemy non-king piece cannot move, 3"},
	{"AM34", "Muro de piedra", "Stone wall", Duration, wins(Main), TSquare, 3, EffWall, true,
		"a wall on an empty square not adjacent to the enemy king, 3"},
	{"AM35", "Mina", "Mine", Duration, wins(Main), TSquare, 4, EffMine, false,
		"a mine on an empty square in the own half, 4"},
	{"AM36", "Santuario", "Sanctuary", Duration, wins(Main, RCommit), TSquare, UEYNT, EffSanctuary, false,
		"no piece on a 2x2 block in the own half can be captured or eliminated, UEYNT"},
	{"AM37", "Niebla", "Fog", Duration, wins(End), TFile, UEYNT, EffFog, false,
		"no piece on a file can be captured by a move, UEYNT"},
	{"AM38", "Ventisca", "Blizzard", Duration, wins(End), TFlank, UEYNT, EffBlizzard, false,
		"enemy pawns on a flank cannot move, UEYNT"},
	{"AM39", "Tierra de nadie", "No man's land", Duration, wins(End), TNone, UEYNT, EffNoMans, false,
		"enemy pieces (not P, K) cannot end a move next to the own king, UEYNT"},
	{"AM40", "Silencio", "Silence", Duration, wins(Main), TNone, UEYNT, EffSilence, false,
		"the opponent cannot commit any card except a mate save, UEYNT"},
}

// Deck returns the card table, AM01 to AM40 (a copy: the table is data).
func Deck() [NumCards]Card { return cardTable }

// Info returns card c's row.
func (c CardID) Info() *Card { return &cardTable[c] }

// The cards the rules refer to by name.
const (
	am01 CardID = iota
	am02
	am03
	am04
	am05
	am06
	am07
	am08
	am09
	am10
	am11
	am12
	am13
	am14
	am15
	am16
	am17
	am18
	am19
	am20
	am21
	am22
	am23
	am24
	am25
	am26
	am27
	am28
	am29
	am30
	am31
	am32
	am33
	am34
	am35
	am36
	am37
	am38
	am39
	am40
)

// CardSet is a set of cards, bit i for CardID i.
type CardSet uint64

// Has reports whether c is in the set.
func (s CardSet) Has(c CardID) bool { return c < NumCards && s&(1<<c) != 0 }

// Count is the number of cards in the set.
func (s CardSet) Count() int {
	n := 0
	for x := s; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// Cards lists the set in code order.
func (s CardSet) Cards() []CardID {
	var out []CardID
	for c := CardID(0); c < NumCards; c++ {
		if s.Has(c) {
			out = append(out, c)
		}
	}
	return out
}

func (s CardSet) String() string {
	if s == 0 {
		return "-"
	}
	var b strings.Builder
	for i, c := range s.Cards() {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(c.Code())
	}
	return b.String()
}

// ParseCardSet reads "-" or codes separated by commas.
func ParseCardSet(v string) (CardSet, error) {
	var s CardSet
	if v == "-" {
		return 0, nil
	}
	for _, p := range strings.Split(v, ",") {
		c, ok := ParseCode(p)
		if !ok {
			return 0, fmt.Errorf("unknown card %q", p)
		}
		if s.Has(c) {
			return 0, fmt.Errorf("card %s twice", c)
		}
		s |= 1 << c
	}
	return s, nil
}

const allCards CardSet = 1<<NumCards - 1
