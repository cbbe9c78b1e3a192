package chaturanga4

import (
	"errors"
	"strings"
	"testing"

	"azar/variants"
	"azar/variants/chess"
)

func mustPos(t *testing.T, c4n string) *Position {
	t.Helper()
	p, err := ParseC4N(c4n)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func play(t *testing.T, p *Position, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		p.Make(m)
	}
}

func sq(s string) Square {
	q, ok := chess.ParseSquare(s)
	if !ok {
		panic(s)
	}
	return q
}

func TestBoatTriumph(t *testing.T) {
	// Boats on d4 (Green), e4 (Yellow, frozen), d5 (Red's own, promoted);
	// Red's boat c3 leaps to e5, taking Black's knight there first, then
	// the other three boats, whoever owns them.
	p := mustPos(t, "7rK/8/8/3rBbN3/3gByB3/2rB5/8/gK6bK r rg-b -/-/-/- 0 1")
	before := p.C4N()
	play(t, p, "c3e5")
	for _, s := range []string{"d4", "e4", "d5", "c3"} {
		if p.At(sq(s)) != NoPiece {
			t.Errorf("%s still holds %s", s, p.At(sq(s)))
		}
	}
	if p.At(sq("e5")) != MakePiece(Red, Boat) {
		t.Errorf("e5 holds %s", p.At(sq("e5")))
	}
	if p.Pool(Red, Boat) != 1 || p.Pool(Green, Boat) != 1 || p.Pool(Yellow, Boat) != 1 || p.Pool(Black, Knight) != 1 {
		t.Errorf("pools after the triumph: %s", p.C4N())
	}
	if p.Halfmove() != 0 {
		t.Errorf("halfmove %d after captures", p.Halfmove())
	}
	p.Unmake()
	if p.C4N() != before || p.Hash() != p.computeHash() {
		t.Errorf("unmake: %s, want %s", p.C4N(), before)
	}
	// Three boats in the centre and the fourth arriving elsewhere: no
	// triumph.
	q := mustPos(t, "7rK/8/8/3rB4/3gByB3/2rB5/8/gK6bK r rg-b -/-/-/- 0 1")
	play(t, q, "c3a5")
	if q.At(sq("d4")) == NoPiece || q.Pool(Green, Boat) != 0 {
		t.Errorf("a boat away from the centre triumphed: %s", q.C4N())
	}
}

func TestCaptureAndElimination(t *testing.T) {
	// Red's elephant takes Green's raja: Green is out, its pieces stay
	// frozen, Yellow is next (Green skipped).
	p := mustPos(t, "yK7/8/8/8/8/8/gN7/gK1rE3bKrK r rgyb -/-/-/- 0 1")
	play(t, p, "c1a1")
	if p.Active(Green) || p.ToMove() != Yellow || p.ActiveCount() != 3 {
		t.Fatalf("after the raja capture: %s", p.C4N())
	}
	if got := p.C4N(); !strings.HasPrefix(got, "yK7/8/8/8/8/8/gN7/rE5bKrK y r-yb") {
		t.Errorf("C4N %s", got)
	}
	// The frozen knight never moves but can be taken, and goes to Green's
	// pool.
	var l MoveList
	p.Generate(&l)
	for _, m := range l.Slice() {
		if m.From() == sq("a2") {
			t.Errorf("frozen knight moves: %s", m)
		}
	}
	play(t, p, "a8a7", "g1g2", "h1g1") // Yellow, Black, Red
	play(t, p, "a7b7", "g2g3", "a1a2") // Red takes the frozen knight
	if p.Pool(Green, Knight) != 1 || p.At(sq("a2")) != MakePiece(Red, Elephant) {
		t.Errorf("frozen knight capture: %s", p.C4N())
	}
	if r := p.Round(); r != 3 {
		t.Errorf("round %d, want 3", r)
	}
}

func TestPromotionAndConversion(t *testing.T) {
	// Green's pool holds a knight; its pawn on b7 takes Black's elephant on
	// c8 and becomes the knight at once, as part of the move.
	p := mustPos(t, "2bE4bK/1gP6/8/8/8/8/8/rK6gK g rg-b -/N/-/- 0 1")
	play(t, p, "b7c8n")
	if p.At(sq("c8")) != MakePiece(Green, Knight) || p.Pool(Green, Knight) != 0 || p.Pool(Black, Elephant) != 1 {
		t.Fatalf("promotion: %s", p.C4N())
	}
	if _, err := p.ParseMove("h8g8e"); err == nil {
		t.Error("a raja move with a promotion letter was accepted")
	}
	// Without a pool the pawn waits; once its pool has a piece (Red takes
	// Green's knight), Green may convert or move instead.
	q := mustPos(t, "7bK/1gP6/8/8/8/8/2gN5/rK6gK g rg-b -/-/-/- 0 1")
	play(t, q, "b7b8")
	if q.At(sq("b8")) != MakePiece(Green, Pawn) {
		t.Fatalf("waiting pawn: %s", q.C4N())
	}
	if _, err := q.ParseMove("b8b8n"); err == nil {
		t.Error("conversion with an empty pool")
	}
	play(t, q, "h8g8", "a1b1") // Black, Red
	play(t, q, "c2a1", "g8h8") // Green's knight jumps to the corner Red left
	play(t, q, "b1a1")         // Red's raja takes it: Green's pool gets it
	if q.Pool(Green, Knight) != 1 {
		t.Fatalf("pool: %s", q.C4N())
	}
	m, err := q.ParseMove("b8b8n")
	if err != nil || m.Kind() != KindConversion {
		t.Fatalf("conversion: %v %v", m, err)
	}
	q.Make(m)
	if q.At(sq("b8")) != MakePiece(Green, Knight) || q.Pool(Green, Knight) != 0 || q.Halfmove() != 0 {
		t.Errorf("after the conversion: %s", q.C4N())
	}
}

func TestParseMoveErrors(t *testing.T) {
	p := NewPosition()
	for _, s := range []string{"", "e2", "e2e4e4", "z9a1", "g2f2q", "g2f2k", "h3h5"} {
		if _, err := p.ParseMove(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
	_, err := p.ParseMove("h3h5")
	if !errors.Is(err, variants.ErrIllegal) {
		t.Errorf("illegal move error %v does not wrap ErrIllegal", err)
	}
	if _, err := p.ParseMove("0000"); err == nil {
		t.Error("a pass with moves on the board")
	}
	before := p.C4N()
	if _, err := p.ParseMove("g2f3"); err == nil || p.C4N() != before {
		t.Errorf("g2f3 (no capture there): %v, %s", err, p.C4N())
	}
}

func TestDraws(t *testing.T) {
	// Knights shuffle: the fourth round's position repeats the first for
	// the third time.
	p := mustPos(t, "7bK/8/8/yK7/8/8/8/gK6rK r rgyb -/-/-/- 0 1")
	cycle := [][]string{{"h1h2", "a1a2", "a5a6", "h8h7"}, {"h2h1", "a2a1", "a6a5", "h7h8"}}
	for i := 0; i < 4; i++ {
		if st := p.Status(); st.Over {
			t.Fatalf("over too early (%d): %+v", i, st)
		}
		play(t, p, cycle[i%2]...)
	}
	if st := p.Status(); !st.Over || !st.Draw || st.Reason != "threefold repetition" {
		t.Errorf("after two cycles: %+v (count %d)", p.Status(), p.RepetitionCount())
	}
	// 50 turns of each active seat without progress.
	q := mustPos(t, "7bK/8/8/yK7/8/8/8/gK6rK r rgyb -/-/-/- 199 50")
	if q.Status().Over {
		t.Fatal("199 turns with four seats is not yet a draw")
	}
	play(t, q, "h1h2")
	if st := q.Status(); st.Reason != "50-move rule" {
		t.Errorf("200 turns: %+v", st)
	}
	r := mustPos(t, "7bK/8/8/8/8/8/8/gK6rK r rg-b -/-/-/- 149 50")
	if r.Status().Over {
		t.Fatal("149 turns with three seats")
	}
	// Insufficient material with two seats left (frozen pieces ignored).
	for _, c := range []struct {
		c4n  string
		ext  bool
		draw bool
	}{
		{"7bK/8/8/8/8/8/8/7rK r r--b -/-/-/- 0 1", false, true},
		{"7bK/8/8/8/yE7/8/8/rB6rK r r--b -/-/-/- 0 1", false, true}, // the frozen elephant does not count
		{"6bBbK/8/8/8/8/8/8/rB6rK r r--b -/-/-/- 0 1", false, true},
		{"6bNbK/8/8/8/8/8/8/7rK r r--b -/-/-/- 0 1", false, true},
		{"6bNbK/8/8/8/8/8/8/rN6rK r r--b -/-/-/- 0 1", false, true},
		{"6bNbK/8/8/8/8/8/8/rB6rK r r--b -/-/-/- 0 1", false, false},
		{"6bNbK/8/8/8/8/8/8/rB6rK r r--b -/-/-/- 0 1", true, true},
		{"6bEbK/8/8/8/8/8/8/7rK r r--b -/-/-/- 0 1", true, false},
		{"7bK/7bP/8/8/8/8/8/7rK r r--b -/-/-/- 0 1", true, false},
		{"7bK/8/8/8/8/8/8/gK6rK r rg-b -/-/-/- 0 1", false, false}, // three seats
	} {
		p := mustPos(t, c.c4n)
		p.SetOptions(Options{ExtendedInsufficient: c.ext})
		if st := p.Status(); (st.Reason == "insufficient material") != c.draw {
			t.Errorf("%s (extended %v): %+v", c.c4n, c.ext, st)
		}
	}
}

func TestWinAndRanking(t *testing.T) {
	// Black falls first, then Green; Red takes Yellow's raja and wins.
	p := mustPos(t, "8/8/8/8/8/8/8/rKgKyKbK3rE r rgyb -/-/-/- 0 1")
	play(t, p, "a1b1") // Red takes Green
	if p.ToMove() != Yellow {
		t.Fatalf("to move %s", p.ToMove())
	}
	play(t, p, "c1d1") // Yellow takes Black
	play(t, p, "h1d1") // Red's elephant takes Yellow
	st := p.Status()
	if !st.Over || st.Draw || st.Winner != Red {
		t.Fatalf("status %+v", st)
	}
	if r := p.Ranks(); r != [4]int{1, 4, 2, 3} {
		t.Errorf("ranks %v, want [1 4 2 3]", r)
	}
	if sc := p.Scores(); sc[Red] != 1 || sc[Green]+sc[Yellow]+sc[Black] != 0 {
		t.Errorf("scores %v", sc)
	}
	var l MoveList
	if p.Generate(&l); l.Len() != 0 {
		t.Errorf("moves after the win: %v", l.Slice())
	}
	// A draw among two survivors: both first, the eliminated after.
	d := mustPos(t, "7bK/8/8/8/8/8/8/7rK r r--b -/-/-/- 0 1")
	if r := d.Ranks(); r[Red] != 1 || r[Black] != 1 || r[Green] != 4 || r[Yellow] != 3 {
		t.Errorf("draw ranks %v", r)
	}
	if sc := d.Scores(); sc[Red] != 0.5 || sc[Black] != 0.5 {
		t.Errorf("draw scores %v", sc)
	}
}

func TestC4NRoundTripAndErrors(t *testing.T) {
	for _, s := range []string{
		StartC4N,
		"7bK/8/8/8/yE7/8/8/rB6rK b r--b EEN/-/BN/- 12 7",
	} {
		p := mustPos(t, s)
		if got := p.C4N(); got != s {
			t.Errorf("round trip: %s, want %s", got, s)
		}
	}
	if p := mustPos(t, "7bK/8/8/8/8/8/8/7rK r r--b NEB/-/-/- 0 1"); !strings.Contains(p.C4N(), " EBN/") {
		t.Errorf("pool not in canonical order: %s", p.C4N())
	}
	for _, s := range []string{
		"",
		"8/8/8/8/8/8/8/8 r rgyb -/-/-/- 0 1",                    // no rajas
		"7bK/8/8/8/8/8/8/7rK r rgyb -/-/-/- 0 1",                // active seats without rajas
		"7bK/8/8/8/8/8/8/7rK g r--b -/-/-/- 0 1",                // to move is out
		"7bK/8/8/8/8/8/8/7rK r r--b -/-/-/- 0 0",                // round 0
		"7bK/8/8/8/8/8/8/7rK r r--b -/-/-/- -1 1",               // negative counter
		"7bK/8/8/8/8/8/8/7rK r r--b -/Q/-/- 0 1",                // not a pool type
		"7bK/8/8/8/8/8/8/7rK r r--b -//-/- 0 1",                 // empty group
		"7bK/8/8/8/8/8/8/7rK r rgb- -/-/-/- 0 1",                // wrong letter in place
		"7bK/8/8/8/8/8/8/7rKrK r r--b -/-/-/- 0 1",              // 9 squares
		"7bK/8/8/8/8/8/8/6rX1 r r--b -/-/-/- 0 1",               // bad piece
		"7bK/8/8/8/8/8/8/6r r r--b -/-/-/- 0 1",                 // half a piece
		"7bK/8/8/8/8/8/8/7rK x r--b -/-/-/- 0 1",                // bad seat
		"7bK/8/8/8/8/8/8/7rK r r--b -/-/-/- 0 1 extra",          // 7 fields
		"7bK/8/8/8/8/8/8/7rK r r--b EEEEEEEEE/-/-/- 0 1",        // pool overflow
		"7bK/8/8/8/8/8/8 r r--b -/-/-/- 0 1",                    // 7 ranks
		"rKrK6/8/8/8/8/8/8/7bK r r--b -/-/-/- 0 1",              // two rajas
		"rPrPrPrPrPrPrPrP/rP7/8/8/8/8/8/7bK r r--b -/-/-/- 0 1", // no red raja, and 9 pieces
	} {
		if _, err := ParseC4N(s); err == nil {
			t.Errorf("accepted %q", s)
		}
	}
}

// TestApplyTokens: a list of moves applies all or nothing; a refused one
// is named and leaves the state as it was.
func TestApplyTokens(t *testing.T) {
	s := NewState(Options{})
	var toks []string
	w := s.Clone().(*State)
	for range 3 {
		a := w.Legal(nil)[0]
		toks = append(toks, w.FormatAction(a))
		w.ApplyTrusted(a)
	}
	before := s.Encode()
	err := s.ApplyTokens(toks[0], toks[1], toks[1])
	if !errors.Is(err, variants.ErrIllegal) || !strings.Contains(err.Error(), "move 3 ("+toks[1]+")") {
		t.Errorf("a move repeated by the next seat: error %v", err)
	}
	if s.Encode() != before {
		t.Errorf("a refused list changed the state to %s", s.Encode())
	}
	if err := s.ApplyTokens(toks[0], "g2f2x"); err == nil || s.Encode() != before {
		t.Errorf("a malformed token: error %v, state %s", err, s.Encode())
	}
	if err := s.ApplyTokens(toks...); err != nil || s.Encode() != w.Encode() {
		t.Errorf("good list: %v, state %s, want %s", err, s.Encode(), w.Encode())
	}
}
