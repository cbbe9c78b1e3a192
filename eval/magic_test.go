package eval

import (
	"math/rand/v2"
	"strings"
	"testing"

	"azar/variants/chess"
	"azar/variants/magic"
)

func magicState(t *testing.T, s string) *magic.State {
	t.Helper()
	st, err := magic.ParseState(s, magic.Options{})
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return st
}

// mirrorBoard flips a FEN board top to bottom and swaps the colours.
func mirrorBoard(b string) string {
	ranks := strings.Split(b, "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	out := strings.Join(ranks, "/")
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return r - 32
		case r >= 'A' && r <= 'Z':
			return r + 32
		}
		return r
	}, out)
}

// TestMagicSymmetry: the mirrored position with the hands and the
// effects' owners swapped is worth the same to the other colour, and the
// card terms change sign.
func TestMagicSymmetry(t *testing.T) {
	cases := []struct{ board, white, black, effects, mirrored string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "AM19,AM34,AM01", "AM05,AM40", "-", "-"},
		{"r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R", "AM13,AM27", "AM22", "AM34w#3@e6,AM35b#4@d6,AM33b#2@c3", "AM34b#3@e3,AM35w#4@d3,AM33w#2@c6"},
		{"4k3/1P4p1/8/3n4/8/5N2/6P1/4K3", "AM27,AM25", "-", "AM05w#2@f3,AM38b#2@k,AM01w#2", "AM05b#2@f6,AM38w#2@k,AM01b#2"},
	}
	ev := NewEvaluator()
	count := func(h string) int {
		if h == "-" {
			return 0
		}
		return len(strings.Split(h, ","))
	}
	for _, c := range cases {
		a := magicState(t, c.board+" w - - 0 1 hands="+itoa(count(c.white))+","+itoa(count(c.black))+
			" white="+c.white+" black="+c.black+" effects="+c.effects)
		b := magicState(t, mirrorBoard(c.board)+" b - - 0 1 hands="+itoa(count(c.black))+","+itoa(count(c.white))+
			" white="+c.black+" black="+c.white+" effects="+c.mirrored)
		va, vb := ev.EvaluateMagic(a, chess.White), ev.EvaluateMagic(b, chess.Black)
		if va != vb {
			t.Errorf("%s: %d for White, mirrored %d for Black", c.board, va, vb)
		}
		ca := MagicHandValue(a, chess.White) - MagicHandValue(a, chess.Black) + MagicEffects(a, chess.White)
		cb := MagicHandValue(b, chess.White) - MagicHandValue(b, chess.Black) + MagicEffects(b, chess.White)
		if ca != -cb || (c.white != c.black && ca == 0) {
			t.Errorf("%s: card terms %d for White, %d for White mirrored", c.board, ca, cb)
		}
	}
}

func itoa(n int) string { return string(rune('0' + n)) }

// TestMagicCardInHand: holding a card is never worth less than not
// holding it, and worth more for every card whose table value is
// positive.
func TestMagicCardInHand(t *testing.T) {
	ev := NewEvaluator()
	board := "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w - - 0 1"
	empty := ev.EvaluateMagic(magicState(t, board+" hands=0,0"), chess.White)
	for c := magic.CardID(0); c < magic.NumCards; c++ {
		v := ev.EvaluateMagic(magicState(t, board+" hands=1,0 white="+c.Code()), chess.White)
		if v < empty || (magicCardValue[c] > 0 && v <= empty) {
			t.Errorf("%s in hand: %d, empty hand %d", c, v, empty)
		}
		// The opponent's card counts against.
		o := ev.EvaluateMagic(magicState(t, board+" hands=0,1 black="+c.Code()), chess.White)
		if o > empty || (magicCardValue[c] > 0 && o >= empty) {
			t.Errorf("%s in the opponent's hand: %d, empty hands %d", c, o, empty)
		}
	}
}

// TestMagicUnknownHand: an unknown hand is worth its size times the
// average value of the unaccounted cards.
func TestMagicUnknownHand(t *testing.T) {
	var discard []string
	for c := magic.CardID(0); c < magic.NumCards; c++ {
		if c != 18 && c != 27 && c != 0 { // AM19, AM28 unaccounted; AM01 in White's hand
			discard = append(discard, c.Code())
		}
	}
	st := magicState(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 hands=1,1 white=AM01 discard="+strings.Join(discard, ","))
	if got, want := MagicHandValue(st, chess.Black), (70+10)/2; got != want {
		t.Errorf("unknown hand of one card from {AM19, AM28}: %d, want %d", got, want)
	}
	if got := MagicHandValue(st, chess.White); got != 45 {
		t.Errorf("hand AM01: %d, want 45", got)
	}
}

// TestMagicConditionalCards: AM25 and AM26 are worth what the pool holds,
// AM27 needs a pawn on the relative rank 6 or 7.
func TestMagicConditionalCards(t *testing.T) {
	none := magicState(t, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 hands=2,0 white=AM25,AM27")
	if v := MagicHandValue(none, chess.White); v != 0 {
		t.Errorf("AM25 with an empty pool and AM27 with no advanced pawn: %d, want 0", v)
	}
	some := magicState(t, "4k3/4P3/8/8/8/8/8/4K3 w - - 0 1 hands=2,0 white=AM25,AM27 pool=R/")
	want := PieceValue(chess.Rook)/4 + (PieceValue(chess.Rook)-PieceValue(chess.Pawn))/3
	if v := MagicHandValue(some, chess.White); v != want {
		t.Errorf("AM25 with a pooled rook and AM27 with a pawn on e7: %d, want %d", v, want)
	}
	black := magicState(t, "4k3/8/8/8/8/4p3/8/4K3 b - - 0 1 hands=0,1 black=AM27")
	if v := MagicHandValue(black, chess.Black); v == 0 {
		t.Errorf("AM27 with a black pawn on e3: 0")
	}
}

// TestMagicEffects: a shielded man is not worth less (more when attacked), a paralysed one is
// worth less to its owner, a ward counts for its owner, and an effect
// about to end counts half.
func TestMagicEffects(t *testing.T) {
	ev := NewEvaluator()
	board := "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w - - 0 1 hands=0,0"
	base := ev.EvaluateMagic(magicState(t, board), chess.White)
	shield := ev.EvaluateMagic(magicState(t, board+" effects=AM05w#2@c3"), chess.White)
	if shield < base {
		t.Errorf("a shielded knight: %d, without %d", shield, base)
	}
	attacked := "r1bqk1nr/pppp1ppp/2n5/4p3/1b2P3/2N2N2/PPPP1PPP/R1BQKB1R w - - 0 1 hands=0,0"
	a0 := ev.EvaluateMagic(magicState(t, attacked), chess.White)
	if a1 := ev.EvaluateMagic(magicState(t, attacked+" effects=AM05w#2@c3"), chess.White); a1 <= a0 {
		t.Errorf("a shielded knight under attack: %d, without %d", a1, a0)
	}
	para := ev.EvaluateMagic(magicState(t, board+" effects=AM33b#3@f3"), chess.White)
	if para >= base {
		t.Errorf("a paralysed knight of the side to act: %d, without %d", para, base)
	}
	ward := magicState(t, board+" effects=AM01w#2")
	if v := MagicEffects(ward, chess.White); v != magicWard {
		t.Errorf("a ward: %d, want %d", v, magicWard)
	}
	if v := MagicEffects(magicState(t, board+" effects=AM01w#1"), chess.White); v != magicWard/2 {
		t.Errorf("a ward with counter 1: %d, want %d", v, magicWard/2)
	}
}

// TestMagicMopUp: against a bare king the stronger side gains 40 cp per
// step of that king from the centre and 10 per step its own king is closer
// (a king in the corner, the other two squares off: 40·6 + 10·5); the
// bare side reads the same as a malus; a pawn beside the king, or no
// mating material, gives nothing.
func TestMagicMopUp(t *testing.T) {
	for _, tc := range []struct {
		fen          string
		white, black int
	}{
		{"k7/8/1K6/8/8/8/8/6Q1 w - - 0 1", 290, -290},
		{"k7/8/1K6/8/8/8/8/6Q1 b - - 0 1", 290, -290},
		{"8/8/8/3k4/8/8/8/K6R w - - 0 1", 30, -30}, // centre: only the kings' distance, 4
		{"8/7q/8/8/8/8/8/K1k5 w - - 0 1", -290, 290},
		{"k7/p7/1K6/8/8/8/8/6Q1 w - - 0 1", 0, 0},
		{"k7/8/1K6/8/8/8/8/6NN w - - 0 1", 0, 0},
		{"k7/8/1K6/8/8/8/8/6BN w - - 0 1", 290, -290},
	} {
		p := mustFEN(t, tc.fen)
		if w, b := MagicMopUp(p, chess.White), MagicMopUp(p, chess.Black); w != tc.white || b != tc.black {
			t.Errorf("%s: white %d black %d, want %d %d", tc.fen, w, b, tc.white, tc.black)
		}
	}
}

// TestMagicBoardCacheMatches: EvaluateMagicWith and its board cache give
// EvaluateMagic's value, for both colours, along seeded random games
// (cards, drops, removals and relocations included) walked with takebacks
// so that boards come back, then walked again with the cache the first
// walk filled, as the next world's search finds it: most of the second
// walk's evaluations must be hits, or the cache would go untested. The
// games share the cache as the engine's worlds do (ShareTurnCache), so
// their turn starts write their verdicts into the slots the values live
// in.
func TestMagicBoardCacheMatches(t *testing.T) {
	plain, cached := NewEvaluator(), NewEvaluator()
	bc := NewMagicBoardCache()
	evals, hits := 0, 0
	check := func(st *magic.State) {
		for c := chess.White; c <= chess.Black; c++ {
			if _, ok := bc.Value(st.Position().Hash(), c); ok {
				hits++
			}
			evals++
			want := plain.EvaluateMagic(st, c)
			if got := cached.EvaluateMagicWith(st, c, bc); got != want {
				t.Fatalf("%s for %v: cached %d, EvaluateMagic %d", st.Encode(), c, got, want)
			}
		}
	}
	for pass := 0; pass < 2; pass++ {
		for seed := uint64(1); seed <= 60; seed++ {
			st := magic.New(magic.Options{Mode: magic.Mode(seed & 1)}, seed)
			st.ShareTurnCache(bc)
			rng := rand.New(rand.NewPCG(seed, 3))
			for k := 0; k < 120 && st.ToAct() >= 0; k++ {
				check(st)
				acts := st.Legal(nil)
				st.ApplyTrusted(acts[rng.IntN(len(acts))])
				if rng.IntN(4) == 0 {
					st.Undo()
				}
			}
		}
		if pass == 0 {
			hits, evals = 0, 0
		}
	}
	if hits < evals*3/4 {
		t.Fatalf("second pass: %d hits of %d evaluations", hits, evals)
	}
	t.Logf("second pass: %d hits of %d evaluations", hits, evals)
}
