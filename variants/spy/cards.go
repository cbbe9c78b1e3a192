package spy

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"azar/variants/chess"
)

// Role is a piece's role in the starting position, without colour: the
// king's rook, bishop and knight, the queen's rook, bishop and knight, and
// the eight pawns by starting file. Kings and queens have no role: they can
// never be spies (docs/rules/spy.md section 2).
type Role uint8

// The fourteen roles, in the order of the card table.
const (
	KR Role = iota
	KB
	KN
	QR
	QB
	QN
	Pa
	Pb
	Pc
	Pd
	Pe
	Pf
	Pg
	Ph
	NumRoles = 14
)

var roleNames = [NumRoles]string{"KR", "KB", "KN", "QR", "QB", "QN", "Pa", "Pb", "Pc", "Pd", "Pe", "Pf", "Pg", "Ph"}

var roleTypes = [NumRoles]chess.PieceType{chess.Rook, chess.Bishop, chess.Knight, chess.Rook, chess.Bishop, chess.Knight,
	chess.Pawn, chess.Pawn, chess.Pawn, chess.Pawn, chess.Pawn, chess.Pawn, chess.Pawn, chess.Pawn}

var roleFiles = [NumRoles]int{7, 5, 6, 0, 2, 1, 0, 1, 2, 3, 4, 5, 6, 7}

func (r Role) String() string {
	if r >= NumRoles {
		return "?"
	}
	return roleNames[r]
}

// Type is the piece type of the role.
func (r Role) Type() chess.PieceType { return roleTypes[r] }

// Start is the square where colour c's piece of this role starts.
func (r Role) Start(c chess.Color) chess.Square {
	rank := 0
	if r >= Pa {
		rank = 1
	}
	if c == chess.Black {
		rank = 7 - rank
	}
	return chess.MakeSquare(roleFiles[r], rank)
}

// ParseRole reads a role name (KR ... Ph).
func ParseRole(s string) (Role, bool) {
	for i, n := range roleNames {
		if n == s {
			return Role(i), true
		}
	}
	return 0, false
}

// roleOfStart returns the colour and role whose piece starts on sq.
func roleOfStart(sq chess.Square) (chess.Color, Role, bool) {
	c := chess.White
	rank := sq.Rank()
	if rank >= 6 {
		c, rank = chess.Black, 7-rank
	}
	if rank > 1 {
		return 0, 0, false
	}
	if rank == 1 {
		return c, Pa + Role(sq.File()), true
	}
	for r := KR; r <= QN; r++ {
		if roleFiles[r] == sq.File() {
			return c, r, true
		}
	}
	return 0, 0, false // d- and e-file: queen and king
}

// Card is one card of the spy deck, or a wildcard together with the choice
// its holder made. The zero Card is NoCard: a card this state does not
// know (the opponent's, in a seat's view).
type Card uint8

// The cards. SpyKR..SpyPh designate the opponent's piece of that role;
// Wild is a wildcard whose choice is not made yet (only in a deck or a
// deal, never in a game); WildKR..WildQN are wildcards with their choice;
// Neutral is the neutralised spy.
const (
	NoCard Card = iota
	SpyKR
	SpyKB
	SpyKN
	SpyQR
	SpyQB
	SpyQN
	SpyPa
	SpyPb
	SpyPc
	SpyPd
	SpyPe
	SpyPf
	SpyPg
	SpyPh
	Wild
	WildKR
	WildKB
	WildKN
	WildQR
	WildQB
	WildQN
	Neutral
	numCards
)

// SpyCard is the spy card of role r.
func SpyCard(r Role) Card { return SpyKR + Card(r) }

// WildCard is a wildcard whose holder chose role r (KR..QN only).
func WildCard(r Role) (Card, bool) {
	if r > QN {
		return NoCard, false
	}
	return WildKR + Card(r), true
}

// Role is the role of the piece the card designates in the opponent's
// army, and false for NoCard, an unchosen Wild and Neutral.
func (c Card) Role() (Role, bool) {
	switch {
	case c >= SpyKR && c <= SpyPh:
		return Role(c - SpyKR), true
	case c >= WildKR && c <= WildQN:
		return Role(c - WildKR), true
	}
	return 0, false
}

// IsWild reports whether c is a wildcard (chosen or not).
func (c Card) IsWild() bool { return c >= Wild && c <= WildQN }

// Kind is the card as it lies in the deck: a chosen wildcard is Wild.
func (c Card) Kind() Card {
	if c.IsWild() {
		return Wild
	}
	return c
}

// Valid reports whether c names a card (NoCard does not).
func (c Card) Valid() bool { return c > NoCard && c < numCards }

// String is the card's token: spy:KN, spy:Pe, wild, wild:QR, neutral; "-"
// for NoCard.
func (c Card) String() string {
	switch {
	case c >= SpyKR && c <= SpyPh:
		return "spy:" + roleNames[c-SpyKR]
	case c == Wild:
		return "wild"
	case c >= WildKR && c <= WildQN:
		return "wild:" + roleNames[c-WildKR]
	case c == Neutral:
		return "neutral"
	}
	return "-"
}

// ParseCard reads a card token: spy:KR ... spy:Ph (the bare role, KN, is
// accepted too), wild, wild:KR ... wild:QN, neutral.
func ParseCard(s string) (Card, error) {
	switch {
	case s == "wild":
		return Wild, nil
	case s == "neutral":
		return Neutral, nil
	case strings.HasPrefix(s, "wild:"):
		r, ok := ParseRole(s[5:])
		if !ok || r > QN {
			return NoCard, fmt.Errorf("card %q: a wildcard chooses one of KR KB KN QR QB QN", s)
		}
		return WildKR + Card(r), nil
	}
	r, ok := ParseRole(strings.TrimPrefix(s, "spy:"))
	if !ok {
		return NoCard, fmt.Errorf("card %q: want spy:KR|KB|KN|QR|QB|QN|Pa..Ph, wild, wild:KR..QN or neutral", s)
	}
	return SpyKR + Card(r), nil
}

// deckCopies is how many copies of each card kind the 32-card deck holds.
var deckCopies = func() (n [numCards]int) {
	for c := SpyKR; c <= SpyPh; c++ {
		n[c] = 2
	}
	n[Wild] = 2
	n[Neutral] = 2
	return
}()

// DeckSize is the number of cards in the deck.
const DeckSize = 32

// Deck returns the 32 cards in table order.
func Deck() []Card {
	d := make([]Card, 0, DeckSize)
	for c := Card(0); c < numCards; c++ {
		for i := 0; i < deckCopies[c]; i++ {
			d = append(d, c)
		}
	}
	return d
}

// Deal shuffles the deck (the shuffle and the cut together are one uniform
// permutation) and deals the top card to White and the next to Black. A
// wildcard comes back as Wild: its holder then chooses (Card.Choose).
func Deal(rng *rand.Rand) (white, black Card) {
	d := Deck()
	rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	return d[0], d[1]
}

// Choose records a wildcard holder's choice (KR..QN); other cards are
// returned unchanged.
func (c Card) Choose(r Role) (Card, error) {
	if c != Wild {
		return c, nil
	}
	w, ok := WildCard(r)
	if !ok {
		return c, fmt.Errorf("a wildcard chooses one of KR KB KN QR QB QN, not %s", r)
	}
	return w, nil
}
