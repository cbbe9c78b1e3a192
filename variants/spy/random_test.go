package spy

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"azar/variants"
	"azar/variants/chess"
)

// checkInvariants fails the test if s is not a legal spy-chess state.
func checkInvariants(t *testing.T, s *State, deep bool) {
	t.Helper()
	p := s.pos
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s\nin %s", fmt.Sprintf(format, args...), s.EncodeFull())
	}
	for c := chess.White; c <= chess.Black; c++ {
		n := p.Pieces(c, chess.King).Count()
		if n > 1 || n == 0 && !s.opts.KingCapture {
			fail("%s has %d kings", c, n)
		}
	}
	if !s.opts.KingCapture && s.inCheck(p.Side().Other()) {
		fail("the side not to move is in check")
	}
	if p.Type(chess.Pawn)&(chess.Rank1|chess.Rank8) != 0 {
		fail("pawn on a back rank")
	}
	if s.key != s.computeKey() {
		fail("stale key")
	}
	var seen [2*NumRoles + 1]bool
	for sq := chess.Square(0); sq < 64; sq++ {
		id := s.roleAt[sq]
		if id == 0 {
			continue
		}
		c, r := id.split()
		if p.At(sq) != chess.MakePiece(c, r.Type()) || s.bicolour.Has(sq) {
			fail("role %s %s on %s holds %c", c, r, sq, p.At(sq).Letter())
		}
		if seen[id] {
			fail("role %s %s twice", c, r)
		}
		seen[id] = true
	}
	if s.bicolour&^p.Occupied() != 0 || s.bicolour&(p.Type(chess.King)|p.Type(chess.Queen)) != 0 {
		fail("bicolour set %x", uint64(s.bicolour))
	}
	for c := chess.White; c <= chess.Black; c++ {
		bi := s.bicolour & p.ColorBB(c)
		if bi.Many() || bi != 0 && !s.revealed[c] {
			fail("%s's bicolour pieces", c)
		}
		if s.revealed[c] && !s.centre[c] {
			fail("%s revealed without the centre", c)
		}
		if s.revealed[c] && s.card[c] == NoCard {
			fail("%s revealed an unknown card", c)
		}
		if s.qsq[c] == chess.NoSquare {
			if s.qcomp[c] != 0 {
				fail("components without a queen")
			}
			continue
		}
		if p.At(s.qsq[c]) != chess.MakePiece(c, chess.Queen) {
			fail("%s's original queen square %s holds %c", c, s.qsq[c], p.At(s.qsq[c]).Letter())
		}
		want := CompAll
		if r, ok := s.card[c].Role(); ok && s.revealed[c] {
			want &^= compOf(r.Type())
		}
		if s.qcomp[c] != want {
			fail("%s's queen moves as %s, want %s", c, s.qcomp[c], want)
		}
	}
	if !deep {
		return
	}
	t2, err := ParseState(s.EncodeFull(), s.opts)
	if err != nil {
		fail("own FEN refused: %v", err)
	}
	if t2.EncodeFull() != s.EncodeFull() || t2.Key() != s.Key() || t2.roleAt != s.roleAt {
		fail("FEN round trip: %s", t2.EncodeFull())
	}
	// A FEN carries no history: where the repetitions decide (a threefold
	// ends the game or may be claimed, or was claimed) a parsed state's
	// actions differ.
	byHistory := s.DrawClaimed() || s.RepetitionCount() >= 3
	full := actionSet(s)
	if got := actionSet(t2); !byHistory && !slices.Equal(got, full) {
		fail("FEN round trip changes the actions: %v vs %v", got, full)
	}
	for seat := variants.Player(0); seat < 2; seat++ {
		v, err := ParseState(s.EncodeFor(seat), s.opts)
		if err != nil {
			fail("seat %d FEN refused: %v", seat, err)
		}
		if v.Encode() != s.Encode() {
			fail("seat %d view encodes %s", seat, v.Encode())
		}
		if v.EncodeFull() != s.View(seat).EncodeFull() {
			fail("seat %d: parsed view %s, View %s", seat, v.EncodeFull(), s.View(seat).EncodeFull())
		}
		got := actionSet(v)
		switch {
		case byHistory:
		case seat == variants.Player(p.Side()):
			if !slices.Equal(got, full) {
				fail("seat %d to move sees actions %v, referee %v", seat, got, full)
			}
		default:
			for _, a := range full {
				if !slices.Contains(got, a) {
					fail("seat %d's view lacks the opponent's action %s", seat, s.FormatAction(a))
				}
			}
		}
		d := v.Determinize(rand.New(rand.NewPCG(uint64(s.ply), 3)))
		me, opp := chess.Color(seat), chess.Color(seat).Other()
		if d.Encode() != s.Encode() || d.card[me] != s.card[me] || d.card[opp] == NoCard {
			fail("determinized view %s", d.EncodeFull())
		}
	}
}

func actionSet(s *State) []variants.Action {
	l := s.Legal(nil)
	slices.Sort(l)
	return l
}

// TestRandomGames plays seeded random games (deals, wildcards, reveals
// favoured when legal, both check rules) and checks every position; each
// game is then undone to its start.
func TestRandomGames(t *testing.T) {
	games := 1000
	if testing.Short() {
		games = 200
	}
	rng := rand.New(rand.NewPCG(2026, 6))
	reasons := map[string]int{}
	reveals, plies := 0, 0
	for g := range games {
		opts := Options{KingCapture: g%5 == 4}
		if g%7 == 3 {
			opts.DrawClaims = DrawFIDE
		}
		s := randomDealt(rng, opts)
		start := s.EncodeFull()
		var trail []string
		for ply := 0; ply < 300; ply++ {
			checkInvariants(t, s, ply%8 == 0)
			trail = append(trail, s.EncodeFull())
			if !randomStep(s, rng, 0.4) {
				break
			}
			plies++
			if a, _ := s.LastAction(); a&revealBit != 0 {
				reveals++
			}
			if rng.IntN(16) == 0 { // Undo and replay must agree
				a, _ := s.LastAction()
				after := s.EncodeFull()
				s.Undo()
				if s.EncodeFull() != trail[len(trail)-1] {
					t.Fatalf("undo of %s: %s, want %s", s.FormatAction(a), s.EncodeFull(), trail[len(trail)-1])
				}
				if err := s.Apply(a); err != nil || s.EncodeFull() != after {
					t.Fatalf("replay of %s: %v", s.FormatAction(a), err)
				}
			}
		}
		over, scores, why := s.Result()
		if over {
			reasons[why]++
			if len(scores) != 2 || scores[0]+scores[1] != 1 {
				t.Fatalf("scores %v", scores)
			}
		} else {
			reasons["unfinished"]++
		}
		for s.HistoryLen() > 0 {
			if n := s.HistoryLen(); n < len(trail) && s.EncodeFull() != trail[n] {
				t.Fatalf("game %d: undo to ply %d gives %s, want %s", g, n, s.EncodeFull(), trail[n])
			}
			s.Undo()
		}
		if s.EncodeFull() != start {
			t.Fatalf("game %d not undone to its start", g)
		}
	}
	t.Logf("%d games, %d plies, %d reveals, endings %v", games, plies, reveals, reasons)
	if reveals < games/4 || reasons["checkmate"] == 0 || reasons["king captured"] == 0 {
		t.Errorf("poor coverage: %d reveals, %v", reveals, reasons)
	}
}
