package spy

import (
	"strings"
	"testing"

	"azar/variants"
	"azar/variants/chess"
)

func TestStartFEN(t *testing.T) {
	s, _ := NewGame(Options{}, SpyKN, WildQR)
	if s.Encode() != StartFEN {
		t.Errorf("Encode %s", s.Encode())
	}
	if got := s.EncodeFor(0); got != StartFEN+" w=spy:KN" {
		t.Errorf("EncodeFor(White) %s", got)
	}
	if got := s.EncodeFor(1); got != StartFEN+" b=wild:QR" {
		t.Errorf("EncodeFor(Black) %s", got)
	}
	if got := s.EncodeFull(); got != StartFEN+" w=spy:KN,b=wild:QR" {
		t.Errorf("EncodeFull %s", got)
	}
	// A plain FEN gets the defaults.
	p := mustParse(t, chess.StartFEN)
	if p.Encode() != StartFEN || p.Key() != s.Key() {
		t.Errorf("plain FEN: %s", p.Encode())
	}
}

func TestFENRoundTrip(t *testing.T) {
	for _, fen := range []string{
		StartFEN,
		"rnbqkbN~r/1ppppppp/8/p3P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3 RB/RBN cX=spy:KN/-- e2:e5,a7:a5",
		"rnbqkbN~r/1ppppppp/8/p3P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3 RB/RBN cX=spy:KN/-- e2:e5,a7:a5 b=neutral",
		"1Q6/4k3/8/8/8/8/8/3Q*K3 b - - 0 1 RBN/- c-/-- - w=neutral,b=spy:Pa",
		"4k3/8/8/8/8/8/8/Q1Q*K4 w - - 3 40 BN/- cX/-- -",
		"r3k2R~/8/8/4P3/8/8/8/3QK3 b q - 0 30 BN/- cX=spy:KR/-- -",
		"4k3/8/8/8/8/8/8/N3K3 w - - 0 1 -/- --/-- b1:a1",
		"4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1 -/- --/-- g1:b1,b1:g1",
		"4k3/8/8/8/8/8/8/1N2K3 w - - 0 1 -/- --/-- b1:-",
		"4k3/8/8/3Pp3/8/8/8/3QK3 w - e6 0 1 RBN/- c-/-- -",
		"4k3/8/8/8/8/8/8/3QK3 w - - 0 1 RBN/- cX=spy:Pe/c- - b=wild:KB",
		"7k/7b/8/8/7Q/1n6/RP6/K7 w - - 0 1 RBN/- c-/-- b8:b3 w=spy:QN",
	} {
		s := mustParse(t, fen)
		if got := s.EncodeFull(); got != fen {
			t.Errorf("round trip\n got %s\nwant %s", got, fen)
		}
	}
	// Identity inference without the origins field.
	s := mustParse(t, "4k3/8/8/8/8/1P2P3/2B5/3QK1B1 w - - 0 1")
	for sqs, want := range map[string]string{"b3": "Pb", "e3": "Pe", "c2": "KB", "g1": "QB"} {
		c, r, ok := s.RoleAt(sq(sqs))
		if !ok || c != chess.White || r.String() != want {
			t.Errorf("%s is %v %v %v, want %s", sqs, c, r, ok, want)
		}
	}
	// Default flags: a piece beyond the centre counts as crossed.
	s = mustParse(t, "4k3/8/4P3/8/8/8/8/3QK3 w - - 0 1")
	if !s.CentreCrossed(chess.White) || s.CentreCrossed(chess.Black) {
		t.Error("default centre flags")
	}
}

func TestFENErrors(t *testing.T) {
	for _, c := range []struct{ fen, why string }{
		{"", "fields"},
		{"8/8/8/8/8/8/8/8 w - - 0 1", "kings"},
		{"4k3/8/8/8/8/8/8/3QK2K w - - 0 1", "kings"},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1 RBN", "queens field"},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1 R/-", "at least two"},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1 RBB/-", "not a set"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1 RBN/-", "no queen"},
		{"4k3/8/8/8/8/8/8/Q2QK3 w - - 0 1 RBN/-", "several queens"},
		{"4k3/8/8/8/8/8/8/Q2QK3 w - - 0 1", "several queens"},
		{"4k3/8/8/8/8/8/8/Q*2Q*K3 w - - 0 1", "two white queens"},
		{"4k3/8/8/8/8/8/8/N*2QK3 w - - 0 1", "only a queen"},
		{"4k3/8/8/8/8/8/8/Q~3K3 w - - 0 1", "never spies"},
		{"4k3/8/8/8/8/8/8/~3K3 w - - 0 1", "must follow"},
		{"4k3/8/8/8/8/8/8/N~~2K3 w - - 0 1", "repeated"},
		{"4k3/8/8/8/8/8/8/N~N~2K3 w - - 0 1", "two bicolour"},
		{"4k3/8/8/8/8/8/8/N~3K3 w - - 0 1 -/- c-/--", "has not revealed"},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1 RB/- c-/--", "has not revealed"},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1 RBN/- -X/--", "centre"},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1 RB/- cX=spy:KR/--", "moves as"},
		{"4k3/8/8/8/8/8/8/B~2QK3 w - - 0 1 RB/- cX/--", "moves as"},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1 RBN/- cY/--", "flags"},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1 RBN/- c-=spy:KN/--", "only X"},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1 RBN/- cX=neutral/--", "cannot have been revealed"},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1 RBN/- c-/-- e1:e1", "not the start square"},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1 RBN/- c-/-- b1:c3", "holds no ordinary"},
		{"4k3/8/8/8/8/8/8/1N1QK3 w - - 0 1 RBN/- c-/-- b1:b1,b1:-", "listed twice"},
		{"4k3/8/8/8/8/8/8/1N1QK1N1 w - - 0 1 RBN/- c-/-- b1:b1,g1:b1", "claimed twice"},
		{"4k3/8/8/8/8/8/8/1N1QK3 w - - 0 1 RBN/- c-/-- b1", "origins field"},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1 RBN/- c-/-- - w=wild", "choice"},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1 RBN/- c-/-- - w=spy:KN,w=neutral", "twice"},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1 RBN/- c-/-- - w=joker", "card"},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1 RBN/- cX=spy:Pa/-- - w=spy:Pb", "revealed spy:Pa"},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1 RBN/- cX/-- - w=neutral", "cannot hold"},
		{"4k3/8/8/8/8/8/8/R~3K3 w Q - 0 1", "castling"},
		{"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 -/- --/-- a1:-", "castling right"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 -/- --/-- a1:h1,h1:a1", "castling right"},
		{"4k3/8/8/8/8/8/3q4/4K3 b - - 0 1", "not to move"},
		{"4k3/8/8/8/8/8/2q5/4K3 b - - 0 1 -/RBN --/--", "not to move"}, // knight jump
		{"4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "pawn"},
		{"4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1 -/- --/-- - - -", "fields"},
	} {
		_, err := ParseState(c.fen, Options{})
		if err == nil {
			t.Errorf("%q accepted", c.fen)
			continue
		}
		if !strings.Contains(err.Error(), c.why) {
			t.Errorf("%q: error %q does not mention %q", c.fen, err, c.why)
		}
	}
	// Without a king is fine in the king-capture game (it is over).
	s, err := ParseState("4k3/8/8/8/8/8/8/8 w - - 0 1", Options{KingCapture: true})
	if err != nil {
		t.Fatal(err)
	}
	if over, scores, _ := s.Result(); !over || scores[1] != 1 {
		t.Error("king-capture game without a white king is not won by Black")
	}
}

func TestViews(t *testing.T) {
	s, _ := NewGame(Options{}, SpyKN, SpyPe)
	play(t, s, "e2e4", "e7e5", "g1f3", "b8c6", "f3g5", "g8f6")
	v := s.View(0)
	if v.Card(chess.White) != SpyKN || v.Card(chess.Black) != NoCard {
		t.Errorf("White's view holds %s %s", v.Card(chess.White), v.Card(chess.Black))
	}
	if strings.Contains(v.EncodeFull(), "b=") || !strings.Contains(v.EncodeFull(), "w=spy:KN") {
		t.Errorf("White's view encodes %s", v.EncodeFull())
	}
	for i := range v.hist {
		if v.hist[i].card[chess.Black] != NoCard {
			t.Fatal("the view's undo history holds Black's card")
		}
	}
	play(t, v, "reveal")
	if !strings.Contains(v.Encode(), "RB/RBN cX=spy:KN/--") {
		t.Errorf("after White's reveal: %s", v.Encode())
	}
	// Black's view learns White's card from the reveal token.
	b := s.View(1)
	if _, err := b.ParseAction("reveal"); err == nil || !strings.Contains(err.Error(), "not known") {
		t.Errorf("bare reveal of an unknown card: %v", err)
	}
	play(t, b, "reveal:spy:KN")
	if b.Card(chess.White) != SpyKN || b.Encode() != v.Encode() {
		t.Errorf("Black's view after the reveal: %s", b.Encode())
	}
	b.Undo()
	if b.Card(chess.White) != NoCard {
		t.Error("undo kept White's card in Black's view")
	}
	// In Black's view, White may reveal any live spy, not a lost one.
	s, _ = NewGame(Options{}, SpyKN, Neutral)
	play(t, s, "e2e4", "d7d5", "e4d5", "g8f6")
	b = s.View(1)
	wantIllegal(t, b, "reveal:spy:Pd", "no longer")
	if !hasToken(b, "reveal:spy:Pe") || !hasToken(b, "reveal:wild:QB") || hasToken(b, "reveal:spy:Pd") {
		t.Errorf("Black's view of White's reveals: %v", legalTokens(b))
	}
}

func TestBelief(t *testing.T) {
	s, _ := NewGame(Options{}, SpyKN, SpyPe)
	b := s.Belief(0)
	sum := 0.0
	worlds := b.Worlds()
	for _, w := range worlds {
		sum += w.Prob
	}
	if len(worlds) != 21 || sum < 0.999999 || sum > 1.000001 {
		t.Errorf("%d worlds, total %v", len(worlds), sum)
	}
	for c, want := range map[Card]float64{SpyKN: 1.0 / 31, SpyKR: 2.0 / 31, SpyPe: 2.0 / 31, WildQB: 2.0 / 31 / 6, Neutral: 2.0 / 31} {
		if got := b.Prob(c); got < want-1e-12 || got > want+1e-12 {
			t.Errorf("P(%s) = %v, want %v", c, got, want)
		}
	}
	for _, w := range worlds {
		r, ok := w.Card.Role()
		if ok && w.Spy != r.Start(chess.White) || !ok && w.Spy != chess.NoSquare {
			t.Errorf("world %s has its spy on %s", w.Card, w.Spy)
		}
	}
	// The same belief from White's view.
	if v := s.View(0).Belief(0); v.prob != b.prob {
		t.Error("belief differs between the referee's state and the view")
	}
	// 1.e4 d5 2.exd5 Qxd5: Black's d-pawn and White's e-pawn are gone,
	// so spy:Pd names nothing for Black and spy:Pe nothing for White.
	play(t, s, "e2e4", "d7d5", "e4d5", "d8d5")
	b = s.Belief(1)
	for _, w := range b.Worlds() {
		if w.Card == SpyPd && w.Spy != chess.NoSquare {
			t.Errorf("spy:Pd still has a spy on %s", w.Spy)
		}
	}
	b = s.Belief(0)
	d := b.Distinct()
	total, none := 0.0, 0.0
	for _, w := range d {
		total += w.Prob
		if w.Spy == chess.NoSquare {
			none = w.Prob
		}
	}
	if len(d) != 14 || none < 4.0/31-1e-9 || none > 4.0/31+1e-9 || total < 0.999999 {
		t.Errorf("distinct worlds %d, no spy %v, total %v", len(d), none, total)
	}
	// After Black reveals, White's belief is the card.
	s, _ = NewGame(Options{}, Neutral, SpyPe)
	play(t, s, "a2a3", "e7e5", "a3a4", "e5e4", "b2b3", "reveal")
	b = s.Belief(0)
	if !b.Known() || len(b.Worlds()) != 1 || b.Worlds()[0].Card != SpyPe {
		t.Errorf("belief after the reveal: %v", b.Worlds())
	}
}

func TestDeterminize(t *testing.T) {
	s, _ := NewGame(Options{}, WildKB, SpyPe)
	play(t, s, "e2e4")
	v := s.View(1)
	rng := newRand(5)
	const n = 20000
	counts := map[Card]int{}
	for range n {
		d := v.Determinize(rng)
		if d.Card(chess.Black) != SpyPe || d.Encode() != s.Encode() || d.HistoryLen() != 1 {
			t.Fatal("determinized state differs from the view")
		}
		counts[d.Card(chess.White)]++
	}
	bel := v.Belief(1)
	for c := SpyKR; c < numCards; c++ {
		want := bel.Prob(c) * n
		got := float64(counts[c])
		if d := got - want; d*d > 25*want+1 {
			t.Errorf("%s drawn %v times, want about %.0f", c, got, want)
		}
	}
	// Determinize a public state: both cards, never the same physical
	// card twice.
	p := NewPublic(Options{})
	for range 2000 {
		d := p.Determinize(rng)
		w, b := d.Card(chess.White), d.Card(chess.Black)
		if !w.Valid() || !b.Valid() || w == Wild || b == Wild {
			t.Fatalf("cards %s %s", w, b)
		}
	}
	// AssumeCard and ForgetCard in place.
	if err := v.AssumeCard(chess.White, SpyQB); err != nil {
		t.Fatal(err)
	}
	if v.AssumeCard(chess.White, SpyKN) == nil || v.AssumeCard(chess.Black, SpyKN) == nil {
		t.Error("assumed over a known card")
	}
	v.Undo()
	if v.Card(chess.White) != SpyQB {
		t.Error("undo forgot the assumed card")
	}
	v.ForgetCard(chess.White)
	if v.Card(chess.White) != NoCard {
		t.Error("ForgetCard")
	}
	if _, err := NewView(Options{}, 2, SpyKN); err == nil {
		t.Error("seat 2")
	}
	if w, err := NewView(Options{}, 1, SpyKN); err != nil || w.Card(chess.Black) != SpyKN || w.Card(chess.White) != NoCard {
		t.Error("NewView")
	}
	var _ variants.State = v
}
