package lucky

import (
	"math/bits"
	"strings"

	"azar/variants/chess"
)

// Kind identifies one kind of card (one row of the card table, e.g.
// move1:P, which has two physical copies). It indexes Cards.
type Kind uint8

// NoKind means "no card" (nothing held, no card in progress).
const NoKind Kind = 0xff

// Family groups the cards that share a rule.
type Family uint8

// The card families of rules §4.1.
const (
	FamMove1 Family = iota
	FamMove2
	FamMove3
	FamChoose1
	FamChoose2
	FamRelocate
	FamSkip
	FamEnemy2
	FamPawnsBack
	FamPawnsForward
	FamRemove
	FamRecover
	FamBomb       // plain bomb
	FamBombCruel  // cruel bomb
	FamBombFierce // fierce bomb
	FamBombCrazy  // crazy bomb
	FamSuper
	FamSuperknights
	FamUntouchable
	FamFreeze
	FamNoRetreat
	FamLeadKing
	FamRules
)

// Category is a card's printed category.
type Category uint8

// Card categories.
const (
	Movement Category = iota
	Material
	Temporal
	Instruction
)

// Card is one row of the card table.
type Card struct {
	ID       string // the rules' identifier, e.g. "move2:N+B"
	Name     string // Spanish name printed on the card
	Family   Family
	Category Category
	Count    uint8 // physical copies in the 56-card pack
	// Icons and Quota describe the movement-card sequences (§7.1): the
	// piece types shown and how many moves the card asks for.
	Icons  [3]chess.PieceType
	NIcons uint8
	Quota  uint8
	// Piece is the type named by remove:X, super:X and freeze:X.
	Piece chess.PieceType
	// Zone is a bomb's zone as seen by White (drawer-relative zones are
	// mirrored for Black).
	Zone chess.Bitboard
}

// cards is the card table, in the canonical order used by Encode: filled
// once by init, then only read (Cards and Kind.Card hand out copies).
var cards [numKinds]Card

// Cards returns a copy of the card table, in the canonical order used by
// Encode (a Kind is an index into it).
func Cards() []Card {
	t := cards
	return t[:]
}

// Kinds that code refers to by name (their rows in Cards; init checks).
const (
	KindRelocate     Kind = 25
	KindSkip         Kind = 26
	KindEnemy2       Kind = 27
	KindPawnsBack    Kind = 28
	KindPawnsForward Kind = 29
	KindRecover      Kind = 32
	KindRules        Kind = 48
	firstTemporal    Kind = 38 // super:Q; the ten temporal cards follow
	numTemporal           = 10
)

// numKinds bounds the card table (it has 49 rows).
const numKinds = 49

const (
	zoneQside  chess.Bitboard = 0x0F0F0F0F00000000 // a5-d8 for White
	zoneKside  chess.Bitboard = 0xF0F0F0F000000000 // e5-h8 for White
	zoneCenter chess.Bitboard = 0x00003C3C3C3C0000 // c3-f6
	zoneCore   chess.Bitboard = 0x0000001818000000 // d4 e4 d5 e5
	zoneBelt   chess.Bitboard = 0x000000FFFF000000 // ranks 4 and 5
)

func init() {
	var table []Card
	mustBe := func(k Kind) {
		if int(k) != len(table) {
			panic("lucky: card table out of step with the Kind constants")
		}
	}
	add := func(id, name string, f Family, cat Category, count uint8) *Card {
		table = append(table, Card{ID: id, Name: name, Family: f, Category: cat, Count: count})
		return &table[len(table)-1]
	}
	seq := func(id, name string, f Family, count uint8) {
		c := add(id, name, f, Movement, count)
		body := id[strings.IndexByte(id, ':')+1:]
		for i := 0; i < len(body); i += 2 {
			c.Icons[c.NIcons] = typeOfLetter(body[i])
			c.NIcons++
		}
		switch f {
		case FamChoose1:
			c.Quota = 1
		case FamChoose2:
			c.Quota = 2
		default:
			c.Quota = c.NIcons
		}
	}
	seq("move1:P", "Mueve una", FamMove1, 2)
	for _, x := range "NBRQK" {
		seq("move1:"+string(x), "Mueve una", FamMove1, 1)
	}
	for _, x := range []string{"P+P", "P+N", "P+B", "N+B", "N+R", "B+R", "R+Q", "Q+K"} {
		seq("move2:"+x, "Mueve +", FamMove2, 1)
	}
	seq("move3:P+N+B", "Mueve tres", FamMove3, 1)
	for _, x := range []string{"P/N", "N/B", "B/R", "R/Q", "Q/K"} {
		seq("choose1:"+x, "Elige y mueve una", FamChoose1, 1)
	}
	for _, x := range []string{"P/N/B", "N/B/R", "B/R/Q", "R/Q/K", "P/N/K"} {
		seq("choose2:"+x, "Elige y mueve dos", FamChoose2, 1)
	}
	mustBe(KindRelocate)
	add("relocate", "Cambia", FamRelocate, Movement, 2)
	mustBe(KindSkip)
	add("skip", "Pierde el turno", FamSkip, Movement, 2)
	mustBe(KindEnemy2)
	add("enemy2", "Mueve dos piezas enemigas", FamEnemy2, Movement, 2).Quota = 2
	mustBe(KindPawnsBack)
	add("pawns-back", "Peones miedosos", FamPawnsBack, Movement, 1)
	mustBe(KindPawnsForward)
	add("pawns-forward", "Peones locos", FamPawnsForward, Movement, 1)

	add("remove:N", "Quita", FamRemove, Material, 1).Piece = chess.Knight
	add("remove:B", "Quita", FamRemove, Material, 1).Piece = chess.Bishop
	mustBe(KindRecover)
	add("recover", "Recupera", FamRecover, Material, 3)
	add("bomb:qside", "Bomba", FamBomb, Material, 1).Zone = zoneQside
	add("bomb:kside", "Bomba", FamBomb, Material, 1).Zone = zoneKside
	add("bomb-cruel:center", "Bomba cruel", FamBombCruel, Material, 1).Zone = zoneCenter
	add("bomb-fierce:core", "Bomba feroz", FamBombFierce, Material, 1).Zone = zoneCore
	add("bomb-crazy:belt", "Bomba loca", FamBombCrazy, Material, 1).Zone = zoneBelt

	mustBe(firstTemporal)
	add("super:Q", "Superpiezas", FamSuper, Temporal, 1).Piece = chess.Queen
	add("super:R", "Superpiezas", FamSuper, Temporal, 1).Piece = chess.Rook
	add("super:B", "Superpiezas", FamSuper, Temporal, 1).Piece = chess.Bishop
	add("superknights", "Supercaballos", FamSuperknights, Temporal, 1)
	add("untouchable", "Peones intocables", FamUntouchable, Temporal, 1)
	add("freeze:N", "Piezas congeladas", FamFreeze, Temporal, 1).Piece = chess.Knight
	add("freeze:B", "Piezas congeladas", FamFreeze, Temporal, 1).Piece = chess.Bishop
	add("freeze:R", "Piezas congeladas", FamFreeze, Temporal, 1).Piece = chess.Rook
	add("noretreat", "Prohibido retroceder", FamNoRetreat, Temporal, 1)
	add("leadking", "Rey de plomo", FamLeadKing, Temporal, 1)
	mustBe(KindRules)
	add("rules", "Instrucciones", FamRules, Instruction, 2)
	if len(table) != numKinds {
		panic("lucky: card table size changed")
	}
	copy(cards[:], table)
}

func typeOfLetter(b byte) chess.PieceType {
	switch b {
	case 'P', 'p':
		return chess.Pawn
	case 'N', 'n':
		return chess.Knight
	case 'B', 'b':
		return chess.Bishop
	case 'R', 'r':
		return chess.Rook
	case 'Q', 'q':
		return chess.Queen
	case 'K', 'k':
		return chess.King
	}
	return chess.NoPieceType
}

// KindByID finds a card kind by its identifier.
func KindByID(id string) (Kind, bool) {
	for i := range cards {
		if cards[i].ID == id {
			return Kind(i), true
		}
	}
	return NoKind, false
}

// String is the card's identifier.
func (k Kind) String() string {
	if int(k) < len(cards) {
		return cards[k].ID
	}
	return "-"
}

// Card returns (a copy of) the table row of k.
func (k Kind) Card() Card { return cards[k] }

// IsTemporal reports whether k is a temporal card.
func (k Kind) IsTemporal() bool { return int(k) < len(cards) && cards[k].Category == Temporal }

// isSeq reports whether the family is a §7.1 movement-card sequence.
func (f Family) isSeq() bool { return f <= FamChoose2 }

// zoneFor returns the card's zone as seen by the drawer.
func (c *Card) zoneFor(drawer chess.Color) chess.Bitboard {
	if drawer == chess.Black {
		return chess.Bitboard(bits.ReverseBytes64(uint64(c.Zone)))
	}
	return c.Zone
}

// Deck is a multiset of card kinds: how many copies of each.
type Deck [numKinds]uint8

// Total is the number of cards in the multiset.
func (d Deck) Total() int {
	n := 0
	for _, c := range d {
		n += int(c)
	}
	return n
}

// Composition is the playing deck for the options: the 56-card pack less
// the excluded temporal cards and, unless RulesCards, the two rules cards.
func (o Options) Composition() Deck {
	var d Deck
	for i := range cards {
		d[i] = cards[i].Count
	}
	for i := Kind(0); i < numTemporal; i++ {
		if o.ExcludeTemporal&(1<<i) != 0 {
			d[firstTemporal+i] = 0
		}
	}
	if !o.RulesCards {
		d[KindRules] = 0
	}
	return d
}
