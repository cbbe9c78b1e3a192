package magic

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"azar/variants"
	"azar/variants/chess"
)

func TestDeal(t *testing.T) {
	for _, n := range []int{1, 4, 10} {
		s := New(Options{HandSize: n}, 7)
		w, _ := s.Hand(chess.White)
		b, _ := s.Hand(chess.Black)
		if w.Count() != n || b.Count() != n || w&b != 0 || s.Stock().Count() != NumCards-2*n {
			t.Fatalf("hand_size %d: %s / %s / stock %d", n, w, b, s.Stock().Count())
		}
		if s.Encode() != strings.Replace(s.Encode(), "hands=", "hands=", 1) || !strings.Contains(s.Encode(), "hands=") {
			t.Fatal("encoding")
		}
		if strings.Contains(s.Encode(), w.Cards()[0].Code()) {
			t.Fatalf("the public encoding shows a hand: %s", s.Encode())
		}
	}
	a, b := New(Options{}, 42), New(Options{}, 42)
	if a.EncodeHands() != b.EncodeHands() {
		t.Fatal("the same seed deals the same hands")
	}
	if c := New(Options{}, 43); c.EncodeHands() == a.EncodeHands() {
		t.Fatal("another seed, another deal")
	}
	// Dealt one at a time starting with White: with hand_size 1, White
	// gets the first card of the shuffle and Black the second, so White's
	// card from hand_size 1 is in White's ten-card hand of the same seed.
	for seed := uint64(1); seed < 20; seed++ {
		one, ten := New(Options{HandSize: 1}, seed), New(Options{}, seed)
		w1, _ := one.Hand(chess.White)
		b1, _ := one.Hand(chess.Black)
		w10, _ := ten.Hand(chess.White)
		b10, _ := ten.Hand(chess.Black)
		if w1&^w10 != 0 || b1&^b10 != 0 {
			t.Fatalf("seed %d: deal order", seed)
		}
	}
}

func TestOptions(t *testing.T) {
	var o Options
	if o.Hand() != 10 || o.Mode != Classic || o.DrawClaims != ClaimsAutomatic {
		t.Fatal("defaults")
	}
	for _, kv := range [][2]string{{"mode", "advanced"}, {"Magic_HandSize", "3"}, {"draw_claims", "fide"}} {
		if err := o.Set(kv[0], kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	if o.String() != "mode=advanced hand_size=3 draw_claims=fide" {
		t.Fatal(o.String())
	}
	for _, kv := range [][2]string{{"mode", "fast"}, {"hand_size", "11"}, {"hand_size", "0"}, {"draw_claims", "x"}, {"colour", "w"}} {
		before := o
		if err := o.Set(kv[0], kv[1]); err == nil || o != before {
			t.Fatalf("%v accepted", kv)
		}
	}
	if (Options{HandSize: 11}).Validate() == nil {
		t.Fatal("hand_size 11")
	}
}

func TestOneCardPerTurn(t *testing.T) {
	// After a PRE card and the move, no END window opens.
	s := game(t, "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", "AM30,AM37", "", Options{})
	play(t, s, "AM30", "e3e5")
	wantPhase(t, s, PhStart, chess.Black)
	// A MAIN card is the whole turn.
	s = game(t, "4k3/8/8/8/8/8/8/R3K2N w - - 0 1", "AM13,AM29", "", Options{})
	play(t, s, "AM13:h1,f2")
	wantPhase(t, s, PhStart, chess.Black)
	// A move, then an END card or pass.
	s = game(t, "4k3/8/8/8/8/8/8/R3K2N w - - 0 1", "AM37", "", Options{})
	play(t, s, "a1a2")
	wantPhase(t, s, PhEnd, chess.White)
	if !hasToken(s, "pass") || !hasToken(s, "AM37:c") {
		t.Fatal("END window")
	}
}

func TestCorrection(t *testing.T) {
	// White, in check, escapes with AM15; Black counters it: White's king
	// is still attacked, so White must make a standard move this turn.
	s := game(t, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "AM15", "AM01", adv)
	play(t, s, "AM15:f3", "AM01")
	wantAt(t, s, "e1=K")
	wantPhase(t, s, PhMove, chess.White)
	play(t, s, "e1e2")
	wantPhase(t, s, PhStart, chess.Black)
}

func TestMateSaveEscape(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/PP6/K2r4 w - - 0 1", "AM15,AM13", "AM01", adv)
	wantPhase(t, s, PhMS, chess.White)
	refuse(t, s, "AM15:b1") // an attacked square
	// Any card that lifts the mate saves (decision 8): the teleport frees a2.
	if !hasToken(s, "AM13:a2,a4") {
		t.Fatal("AM13 lifts the mate by freeing a2")
	}
	play(t, s, "AM15:c2") // no R-COMMIT: a mate save cannot be countered
	wantAt(t, s, "c2=K")
	wantPhase(t, s, PhMove, chess.White)
	refuse(t, s, "AM13:a2,a4") // move only
	play(t, s, "c2c3")
	// Without a mate-save card the mate ends the game.
	s = game(t, "4k3/8/8/8/8/8/PP6/K2r4 w - - 0 1", "", "", adv)
	if over, sc, why := s.Result(); !over || sc[1] != 1 || why != "checkmate" {
		t.Fatal("checkmate")
	}
}

// TestStalemateWithCards: without a standard move a player who holds a
// card may make the turn a card; `pass` accepts the stalemate (decision 9).
func TestStalemateWithCards(t *testing.T) {
	const fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
	s := game(t, fen, "", "AM13,AM19,AM34", Options{})
	wantPhase(t, s, PhStart, chess.Black)
	for _, a := range s.Legal(nil) {
		if c, _ := CardOf(a); TypeOf(a) != ActPass && (TypeOf(a) != ActCard || c != am34) {
			t.Fatalf("%s offered: only walls and pass are", FormatAction(a))
		}
	}
	play(t, s, "AM34:a1") // the turn is the wall
	wantPhase(t, s, PhStart, chess.White)
	// Cards in hand none of which can be committed: pass only, a draw.
	s = game(t, fen, "", "AM13,AM19", Options{})
	if l := s.Legal(nil); len(l) != 1 || l[0] != PassAction {
		t.Fatalf("legal %v, want pass alone", l)
	}
	play(t, s, "pass")
	if over, sc, why := s.Result(); !over || sc[0] != 0.5 || why != "stalemate" {
		t.Fatalf("pass accepts the stalemate: %v %v %s", over, sc, why)
	}
	// No card, or silenced: the stalemate is declared at once.
	for _, x := range []struct{ fen, black string }{{fen, ""}, {fen + " effects=AM40w#1", "AM34"}} {
		s = game(t, x.fen, "", x.black, Options{})
		if over, _, why := s.Result(); !over || why != "stalemate" {
			t.Fatalf("%s black=%s: over %v %s, want a stalemate", x.fen, x.black, over, why)
		}
	}
}

func TestInsufficientMaterial(t *testing.T) {
	s := game(t, "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "", "", Options{})
	if over, _, why := s.Result(); !over || why != "insufficient material" {
		t.Fatal("K+B v K, no cards, no effects: drawn")
	}
	s = game(t, "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "", "AM25", Options{})
	if over, _, _ := s.Result(); over {
		t.Fatal("a card in hand keeps the game going")
	}
	s = game(t, "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1 effects=AM34b#2@d4", "", "", Options{})
	if over, _, _ := s.Result(); over {
		t.Fatal("an effect in play keeps the game going")
	}
}

func TestRepetitionAndFifty(t *testing.T) {
	fen := "4k1n1/8/8/8/8/8/8/4K1N1 w - - 0 1"
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}
	s := game(t, fen, "", "", Options{})
	play(t, s, shuffle...)
	if over, _, why := s.Result(); !over || why != "threefold repetition" {
		t.Fatalf("threefold: %v %s", over, why)
	}
	s = game(t, fen, "", "", Options{DrawClaims: ClaimsFIDE})
	play(t, s, shuffle...)
	if over, _, _ := s.Result(); over || !hasToken(s, "claim") {
		t.Fatal("fide: the third occurrence is a claim")
	}
	play(t, s, "claim")
	if over, _, why := s.Result(); !over || why != "threefold repetition (claimed)" {
		t.Fatal(why)
	}
	s = game(t, "4k1n1/8/8/8/8/8/8/4K1N1 w - - 99 80", "", "", Options{})
	play(t, s, "g1f3")
	if over, _, why := s.Result(); !over || why != "fifty-move rule" {
		t.Fatalf("fifty moves: %v %s", over, why)
	}
	// A card turn counts as a turn; an elimination resets the count.
	s = game(t, "4k1n1/8/8/8/8/8/8/4K1N1 w - - 99 80", "AM34", "", Options{})
	play(t, s, "AM34:d4")
	if over, _, _ := s.Result(); !over {
		t.Fatal("a card-only turn counts")
	}
}

func TestViewsAndDeterminize(t *testing.T) {
	s := New(Options{Mode: Advanced}, 5)
	play(t, s, "e2e4", "pass")
	v := s.View(1)
	if v.Encode() != s.Encode() {
		t.Fatal("a view has the same public state")
	}
	wh, known := v.Hand(chess.White)
	bh, _ := s.Hand(chess.Black)
	if known || wh != 0 || !strings.Contains(v.EncodeHands(), "black="+bh.String()) || strings.Contains(v.EncodeHands(), "white=") {
		t.Fatalf("Black's view: %s", v.EncodeHands())
	}
	if v.Unaccounted().Count() != NumCards-bh.Count() {
		t.Fatal("unaccounted: the other hand and the stock")
	}
	checkCards(t, v, "view")
	// The view parses back from its own encoding.
	p, err := ParseState(v.EncodeHands(), Options{Mode: Advanced})
	if err != nil || p.EncodeHands() != v.EncodeHands() {
		t.Fatalf("view round trip: %v", err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	d := v.Determinize(rng)
	dw, ok := d.Hand(chess.White)
	if !ok || dw.Count() != s.HandSize(chess.White) || dw&bh != 0 {
		t.Fatal("determinized hand")
	}
	checkCards(t, d, "determinized")
	// From the public encoding alone both hands are sampled.
	pub, err := ParseState(s.Encode(), Options{Mode: Advanced})
	if err != nil {
		t.Fatal(err)
	}
	both := pub.Determinize(rng)
	checkCards(t, both, "both sampled")
	if hw, _ := both.Hand(chess.White); hw.Count() != s.HandSize(chess.White) {
		t.Fatal("sampled White hand size")
	}
	// In White's view at White's turn, Black's reactions come from the
	// unaccounted cards.
	w := s.View(0)
	play(t, w, "e7e5")
	if w.ToAct() != variants.Player(chess.Black) {
		t.Fatal("Black's END window")
	}
	if len(w.Legal(nil)) < 2 {
		t.Fatal("the unknown hand may hold an END card")
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for g := 0; g < 30; g++ {
		opts := Options{Mode: Mode(g % 2), HandSize: 1 + g%10}
		s := New(opts, uint64(g))
		for n := 0; n < 200 && !s.m.over; n++ {
			enc := s.EncodeHands()
			p, err := ParseState(enc, opts)
			if err != nil {
				t.Fatalf("%s: %v", enc, err)
			}
			if got := p.EncodeHands(); got != enc {
				t.Fatalf("round trip:\n%s\n%s", enc, got)
			}
			l := s.Legal(nil)
			if s.m.ph != PhReplace && !(s.m.ph == PhRImpact && s.m.impact == 1) {
				// Without the history only a rewind target is lost.
				if len(p.Legal(nil)) != len(l) {
					t.Fatalf("%s: %d legal actions, %d after the round trip", enc, len(l), len(p.Legal(nil)))
				}
			}
			if err := s.Apply(l[rng.IntN(len(l))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestApplyRefuses(t *testing.T) {
	s := New(Options{Mode: Advanced}, 11)
	h, _ := s.Hand(chess.White)
	notHeld := CardID(0)
	for h.Has(notHeld) || !notHeld.Info().Windows.Has(Main) {
		notHeld++
	}
	before, key := s.EncodeHands(), s.Key()
	for _, a := range []variants.Action{
		MoveAction(chess.NewMove(sq("e2"), sq("e5"))),
		PassAction, ClaimAction, 0,
		cardAction(notHeld, Main, tg{}),
		cardAction(h.Cards()[0], RImpact, tg{}),
		variants.Action(1) << 63,
	} {
		err := s.Apply(a)
		if !errors.Is(err, variants.ErrIllegal) {
			t.Errorf("%s: %v, want an illegal-action error", FormatAction(a), err)
		}
		if s.EncodeHands() != before || s.Key() != key {
			t.Fatalf("a refused %s changed the state", FormatAction(a))
		}
	}
	for _, tok := range []string{"", "e2", "AM41", "AM13:z9,a1", "AM07:x", "AM24:a2,b2,c2,d2", "e7e8k", "Kx1"} {
		if _, err := s.ParseAction(tok); err == nil || errors.Is(err, variants.ErrIllegal) {
			t.Errorf("%q: %v, want a malformed-token error", tok, err)
		}
	}
}

// TestRepetitionSeenFromAView: a seat's view, and a world sampled from it,
// see the threefold repetition the referee sees. Hashing the hidden hand's
// cards made the sampled world's keys differ from the game's earlier ones,
// and the search shuffled won games into repetitions.
func TestRepetitionSeenFromAView(t *testing.T) {
	ref := New(Options{}, 11)
	for _, m := range []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"} {
		play(t, ref, m, "pass") // each turn's END window, where a card could follow the move
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for _, seat := range []variants.Player{0, 1} {
		v := ref.View(seat)
		d := v.Determinize(rng)
		for name, s := range map[string]*State{"referee": ref.clone(), "view": v, "world": d} {
			if over, _, _ := s.Result(); over {
				t.Fatalf("seat %d %s: over before the third occurrence", seat, name)
			}
			play(t, s, "f6g8", "pass")
			if over, _, why := s.Result(); !over || why != "threefold repetition" {
				t.Errorf("seat %d %s: after the third occurrence: over %v, %q", seat, name, over, why)
			}
		}
	}
}
