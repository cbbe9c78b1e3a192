package spy

import (
	"math"
	"math/rand/v2"
	"testing"

	"azar/variants/chess"
)

func TestDeck(t *testing.T) {
	d := Deck()
	if len(d) != DeckSize {
		t.Fatalf("deck has %d cards", len(d))
	}
	var king, queen, pawns, wild, neutral int
	for _, c := range d {
		r, ok := c.Role()
		switch {
		case c == Wild:
			wild++
		case c == Neutral:
			neutral++
		case !ok:
			t.Fatalf("card %s in the deck", c)
		case r <= KN:
			king++
		case r <= QN:
			queen++
		default:
			pawns++
		}
	}
	if king != 6 || queen != 6 || pawns != 16 || wild != 2 || neutral != 2 {
		t.Errorf("king side %d, queen side %d, pawns %d, wild %d, neutral %d; want 6 6 16 2 2", king, queen, pawns, wild, neutral)
	}
}

func TestDealIsUniform(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 64000
	var white, black [numCards]int
	same := 0
	for range n {
		w, b := Deal(rng)
		white[w]++
		black[b]++
		if w == b {
			same++
		}
	}
	for c := Card(1); c < numCards; c++ {
		want := float64(n) * float64(deckCopies[c]) / DeckSize
		for _, got := range []int{white[c], black[c]} {
			if math.Abs(float64(got)-want) > 5*math.Sqrt(want) {
				t.Errorf("card %s dealt %d times, want about %.0f", c, got, want)
			}
		}
	}
	// Two players hold the same kind with probability sum 2/32 * 1/31.
	want := float64(n) * 16 * (2.0 / 32) * (1.0 / 31)
	if math.Abs(float64(same)-want) > 5*math.Sqrt(want) {
		t.Errorf("same card kind %d times, want about %.0f", same, want)
	}
}

func TestCardTokens(t *testing.T) {
	for c := SpyKR; c < numCards; c++ {
		got, err := ParseCard(c.String())
		if err != nil || got != c {
			t.Errorf("ParseCard(%q) = %v, %v", c.String(), got, err)
		}
	}
	if c, err := ParseCard("KN"); err != nil || c != SpyKN {
		t.Errorf("bare role: %v %v", c, err)
	}
	for _, bad := range []string{"", "spy:", "spy:Q", "spy:K", "wild:Pa", "wild:", "spy:kn", "neutral:KN", "spy:Pi"} {
		if _, err := ParseCard(bad); err == nil {
			t.Errorf("ParseCard(%q) accepted", bad)
		}
	}
	if _, err := Wild.Choose(Pa); err == nil {
		t.Error("a wildcard chose a pawn")
	}
	if c, _ := Wild.Choose(QB); c != WildQB {
		t.Errorf("Choose(QB) = %s", c)
	}
	if c, _ := SpyPe.Choose(QB); c != SpyPe {
		t.Errorf("a spy card changed on Choose: %s", c)
	}
}

func TestRoles(t *testing.T) {
	want := map[Role][2]string{KR: {"h1", "h8"}, KB: {"f1", "f8"}, KN: {"g1", "g8"}, QR: {"a1", "a8"},
		QB: {"c1", "c8"}, QN: {"b1", "b8"}, Pa: {"a2", "a7"}, Pe: {"e2", "e7"}, Ph: {"h2", "h7"}}
	for r, sq := range want {
		for c := chess.White; c <= chess.Black; c++ {
			if got := r.Start(c).String(); got != sq[c] {
				t.Errorf("%s %s starts on %s, want %s", c, r, got, sq[c])
			}
			cc, rr, ok := roleOfStart(r.Start(c))
			if !ok || cc != c || rr != r {
				t.Errorf("roleOfStart(%s) = %v %v %v", r.Start(c), cc, rr, ok)
			}
		}
	}
	for _, sq := range []chess.Square{chess.D1, chess.E1, chess.D8, chess.E8, chess.MakeSquare(0, 3)} {
		if _, _, ok := roleOfStart(sq); ok {
			t.Errorf("%s has a role", sq)
		}
	}
}
