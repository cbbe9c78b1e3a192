package magic

import (
	"math/rand/v2"
	"strconv"
	"sync"
	"testing"

	"azar/variants"
	"azar/variants/chess"
)

// checkCards asserts that every card is in exactly one place.
func checkCards(t *testing.T, s *State, ctx string) {
	t.Helper()
	var all CardSet
	n := 0
	for _, set := range s.placeOf() {
		if all&set != 0 {
			t.Fatalf("%s: a card in two places: %s", ctx, s.EncodeHands())
		}
		all |= set
		n += set.Count()
	}
	if all != allCards || n != NumCards || s.CardCount() != NumCards {
		t.Fatalf("%s: %d cards accounted for (%s): %s", ctx, n, all, s.EncodeHands())
	}
	for c := 0; c < 2; c++ {
		if s.m.known[c] && s.m.hand[c].Count() != int(s.m.handN[c]) {
			t.Fatalf("%s: hand count out of step", ctx)
		}
	}
}

func checkBoard(t *testing.T, s *State, ctx string) {
	t.Helper()
	for c := chess.White; c <= chess.Black; c++ {
		if s.pos.Pieces(c, chess.King).Count() != 1 {
			t.Fatalf("%s: %v has no king: %s", ctx, c, s.EncodeHands())
		}
	}
	if s.pos.Type(chess.Pawn)&lastRanks != 0 {
		t.Fatalf("%s: pawn on the last rank: %s", ctx, s.EncodeHands())
	}
	for sq := chess.Square(0); sq < 64; sq++ {
		if (s.pos.At(sq) == chess.NoPiece) != (s.m.ids[sq] == 0) {
			t.Fatalf("%s: identities out of step on %s: %s", ctx, sq, s.EncodeHands())
		}
	}
	e := s.env()
	if e.walls&s.pos.Occupied() != 0 {
		t.Fatalf("%s: a piece on a wall: %s", ctx, s.EncodeHands())
	}
	if !s.m.over && s.m.ph == PhStart && s.kingAttacked(s.m.side.Other(), e, false) {
		t.Fatalf("%s: the player not to move is in check: %s", ctx, s.EncodeHands())
	}
}

type randStats struct {
	mu      sync.Mutex
	games   int
	actions int
	cards   [NumCards]int
	windows [6]int
	reasons map[string]int
}

// playRandom plays one seeded game from the deal to the end, checking
// every action: it is legal, its token reads back to it, the cards are
// all accounted for, and Undo restores the exact state.
func playRandom(t *testing.T, seed uint64, opts Options, st *randStats) {
	rng := rand.New(rand.NewPCG(seed, 99))
	s := New(opts, seed)
	var legal []variants.Action
	n := 0
	for !s.m.over && n < 5000 {
		ctx := "seed " + strconv.FormatUint(seed, 10) + " " + opts.String() + " action " + strconv.Itoa(n)
		checkCards(t, s, ctx)
		checkBoard(t, s, ctx)
		if n%150 == 75 {
			checkView(t, s, ctx)
		}
		legal = s.Legal(legal[:0])
		if len(legal) == 0 {
			t.Fatalf("%s: no legal action: %s", ctx, s.EncodeHands())
		}
		// Prefer card actions now and then, so that every card gets played.
		a := legal[rng.IntN(len(legal))]
		if rng.IntN(3) == 0 {
			var cardActs []variants.Action
			for _, x := range legal {
				if TypeOf(x) == ActCard {
					cardActs = append(cardActs, x)
				}
			}
			if len(cardActs) > 0 {
				a = cardActs[rng.IntN(len(cardActs))]
			}
		}
		tok := FormatAction(a)
		b, err := s.ParseAction(tok)
		if err != nil || b != a {
			t.Fatalf("%s: token %q reads back as %x (%v), want %x in %s", ctx, tok, b, err, a, s.EncodeHands())
		}
		var before string
		var key uint64
		if n%7 == 0 {
			before, key = s.EncodeHands(), s.Key()
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("%s: legal %s refused: %v", ctx, tok, err)
		}
		if n%7 == 0 {
			s.Undo()
			if s.EncodeHands() != before || s.Key() != key {
				t.Fatalf("%s: undo of %s: %s, want %s", ctx, tok, s.EncodeHands(), before)
			}
			if err := s.Apply(a); err != nil {
				t.Fatalf("%s: reapply %s: %v", ctx, tok, err)
			}
		}
		if TypeOf(a) == ActCard {
			c, w := CardOf(a)
			st.mu.Lock()
			st.cards[c]++
			st.windows[w]++
			st.mu.Unlock()
		}
		n++
	}
	checkCards(t, s, "end")
	_, _, why := s.Result()
	if !s.m.over {
		why = "unfinished"
	}
	// The whole game undoes back to the deal.
	for len(s.undo) > 0 {
		s.Undo()
	}
	if got, want := s.EncodeHands(), New(opts, seed).EncodeHands(); got != want {
		t.Fatalf("seed %d: undoing the game gives %s, want %s", seed, got, want)
	}
	st.mu.Lock()
	st.games++
	st.actions += n
	st.reasons[why]++
	st.mu.Unlock()
}

// checkView: a seat's view offers the same actions as the referee's state
// when the seat acts, and a superset (the unknown hand may hold any
// unaccounted card) when the other seat acts.
func checkView(t *testing.T, s *State, ctx string) {
	t.Helper()
	ref := map[variants.Action]bool{}
	for _, a := range s.Legal(nil) {
		ref[a] = true
	}
	for seat := variants.Player(0); seat < 2; seat++ {
		v := s.View(seat)
		checkCards(t, v, ctx+" view")
		got := map[variants.Action]bool{}
		for _, a := range v.Legal(nil) {
			got[a] = true
		}
		for a := range ref {
			if !got[a] {
				t.Fatalf("%s: the view of %d lacks %s: %s", ctx, seat, FormatAction(a), v.EncodeHands())
			}
		}
		if v.ToAct() == seat && len(got) != len(ref) {
			t.Fatalf("%s: the acting seat's view has %d actions, the referee %d", ctx, len(got), len(ref))
		}
	}
}

func TestRandomGames(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	st := &randStats{reasons: map[string]int{}}
	modes := []Options{{}, {Mode: Advanced}, {Mode: Advanced, HandSize: 4, DrawClaims: ClaimsFIDE}, {HandSize: 1}}
	var wg sync.WaitGroup
	workers := 2
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for g := w; g < games; g += workers {
				if t.Failed() {
					return
				}
				playRandom(t, uint64(g)+1, modes[g%len(modes)], st)
			}
		}(w)
	}
	wg.Wait()
	t.Logf("%d games, %d actions; commitments by window (MAIN PRE END R-COMMIT R-IMPACT MS) %v; endings %v",
		st.games, st.actions, st.windows, st.reasons)
	for c := CardID(0); c < NumCards; c++ {
		if st.cards[c] == 0 && !testing.Short() {
			t.Errorf("card %s never committed in %d games", c, st.games)
		}
	}
	t.Logf("commitments per card: %v", st.cards)
}
