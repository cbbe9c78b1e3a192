package chess

import (
	"strings"
	"testing"
)

// play makes the UCI moves in order, failing the test on an illegal one.
func play(t *testing.T, p *Position, moves string) {
	t.Helper()
	for _, s := range strings.Fields(moves) {
		m, err := p.ParseUCIMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		p.Make(m)
	}
}

func TestStatusMateAndStalemate(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want Status
	}{
		{StartFEN, Ongoing},
		{kiwipeteFEN, Ongoing},
		// fool's mate
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", Checkmate},
		// back-rank mate, black mated
		{"R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1", Checkmate},
		// smothered mate
		{"6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1", Checkmate},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", DrawInsufficient},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Stalemate},
		{"k7/8/1Q6/8/8/8/8/7K b - - 0 1", Stalemate},
		{"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", Checkmate},
		// stalemate: the only other piece, a rook, is pinned on a diagonal
		{"k7/1r1N4/8/1N6/8/8/8/6KQ b - - 0 1", Stalemate},
		// a bishop pinned on the diagonal may still move along it
		{"k7/1b1N4/8/1N6/8/8/8/6KQ b - - 0 1", Ongoing},
		// the bishop pinned on the file cannot move, but the king can
		{"k7/b7/8/8/8/8/8/Q1K5 b - - 0 1", Ongoing},
		{"k7/1p6/1K6/8/8/8/8/7Q b - - 0 1", Ongoing},
		{"k7/P7/1K6/8/8/8/8/8 b - - 0 1", Stalemate},
		// in check but can escape: not mate
		{"4k3/8/8/8/8/8/8/4RK2 b - - 0 1", Ongoing},
	} {
		p := mustFEN(t, c.fen)
		for _, strict := range []bool{false, true} {
			if got := p.Status(strict); got != c.want {
				t.Errorf("%s (strict %v): %v, want %v", c.fen, strict, got, c.want)
			}
		}
	}
}

// TestThreefoldRepetition: knight shuffles bring the start position back;
// the draw comes with its third occurrence and not before.
func TestThreefoldRepetition(t *testing.T) {
	p := NewPosition()
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	// occurrences of the current position after each half-move: the
	// positions of the first cycle recur once in the second.
	wantCount := []int{1, 1, 1, 2, 2, 2, 2, 3}
	for i := 0; i < 8; i++ {
		if p.Status(false) != Ongoing {
			t.Fatalf("ply %d: %v before the third occurrence", i, p.Status(false))
		}
		play(t, p, shuffle[i%4])
		if got := p.RepetitionCount(); got != wantCount[i] {
			t.Errorf("after ply %d (%s): RepetitionCount %d, want %d", i+1, p.FEN(), got, wantCount[i])
		}
	}
	if got := p.Status(false); got != DrawRepetition {
		t.Errorf("third occurrence: Status %v, want %v", got, DrawRepetition)
	}
	if !p.Status(false).IsDraw() {
		t.Error("repetition is not a draw")
	}
	// taking the last move back undoes the draw
	p.Unmake()
	if got := p.Status(false); got != Ongoing {
		t.Errorf("after Unmake: %v", got)
	}
}

// TestRepetitionNotConsecutive: occurrences separated by other positions
// still count, and the same squares with the other side to move do not.
func TestRepetitionNotConsecutive(t *testing.T) {
	p := NewPosition()
	play(t, p, "g1f3 g8f6 f3g1 f6g8") // start #2
	play(t, p, "b1c3 b8c6 c3b1 c6b8") // start #3, via other squares
	if got := p.RepetitionCount(); got != 3 {
		t.Errorf("RepetitionCount %d, want 3", got)
	}
	if p.Status(false) != DrawRepetition {
		t.Errorf("Status %v", p.Status(false))
	}

	// Same piece placement, opposite side to move: a king triangle.
	q := mustFEN(t, "8/8/4k3/8/8/8/8/K7 w - - 0 1")
	play(t, q, "a1a2 e6e7 a2b2 e7e6 b2a1") // start squares, black to move
	if got := q.RepetitionCount(); got != 1 {
		t.Errorf("side to move ignored: RepetitionCount %d, want 1", got)
	}
	play(t, q, "e6e7 a1a2 e7e6 a2a1") // the same again, black to move: #2
	if got := q.RepetitionCount(); got != 2 {
		t.Errorf("RepetitionCount %d, want 2", got)
	}
}

// TestRepetitionCastlingRights: castling rights are part of the identity.
func TestRepetitionCastlingRights(t *testing.T) {
	// Castling rights: after the rook goes h1-g1-h1 the K right is gone,
	// so the position differs from the first one.
	p := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	first := p.Hash()
	play(t, p, "h1g1 h8g8 g1h1 g8h8")
	if p.Hash() == first || p.RepetitionCount() != 1 {
		t.Errorf("lost castling rights ignored: count %d", p.RepetitionCount())
	}
	play(t, p, "h1g1 h8g8 g1h1 g8h8")
	if got := p.RepetitionCount(); got != 2 {
		t.Errorf("RepetitionCount %d, want 2", got)
	}
}

// TestRepetitionEnPassant: an en-passant target is part of the position's
// identity only when the capture is legal (docs/rules/standard.md B2.1).
func TestRepetitionEnPassant(t *testing.T) {
	t.Run("no capturing pawn", func(t *testing.T) {
		// After e2e4 nothing can take en passant: the position equals the
		// one the knights later return to.
		p := mustFEN(t, "4k1n1/8/8/8/8/8/4P3/4K1N1 w - - 0 1")
		play(t, p, "e2e4")
		if p.EPSquare() != NoSquare {
			t.Errorf("EPSquare %s after e2e4 without a capturer", p.EPSquare())
		}
		after := p.Hash()
		play(t, p, "g8f6 g1f3 f6g8 f3g1")
		if p.Hash() != after {
			t.Error("same position, different key")
		}
		if got := p.RepetitionCount(); got != 2 {
			t.Errorf("RepetitionCount %d, want 2", got)
		}
		play(t, p, "g8f6 g1f3 f6g8 f3g1")
		if p.Status(false) != DrawRepetition {
			t.Errorf("Status %v, want repetition", p.Status(false))
		}
	})
	t.Run("capture pinned", func(t *testing.T) {
		// d4xe3 would open rank 4 from the h4 rook to the a4 king: not
		// legal, so again no ep in the identity.
		p := mustFEN(t, "6n1/8/8/8/k2p3R/8/4P3/4K1N1 w - - 0 1")
		play(t, p, "e2e4")
		if p.EPSquare() != NoSquare {
			t.Errorf("EPSquare %s though the capture is illegal", p.EPSquare())
		}
		other := mustFEN(t, "6n1/8/8/8/k2pP2R/8/8/4K1N1 b - - 0 1")
		if p.Hash() != other.Hash() {
			t.Error("key differs from the same position set up without ep")
		}
		after := p.Hash()
		play(t, p, "g8f6 g1f3 f6g8 f3g1")
		if p.Hash() != after || p.RepetitionCount() != 2 {
			t.Errorf("RepetitionCount %d, want 2", p.RepetitionCount())
		}
	})
	t.Run("capture legal", func(t *testing.T) {
		p := mustFEN(t, "4k1n1/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1")
		play(t, p, "e2e4")
		if p.EPSquare() != sq("e3") {
			t.Fatalf("EPSquare %s, want e3", p.EPSquare())
		}
		withEP := p.Hash()
		other := mustFEN(t, "4k1n1/8/8/8/3pP3/8/8/4K1N1 b - - 0 1")
		if withEP == other.Hash() {
			t.Error("a legal ep target does not change the key")
		}
		play(t, p, "g8f6 g1f3 f6g8 f3g1")
		if p.Hash() == withEP {
			t.Error("position after the shuffle (ep gone) has the key of the one with ep")
		}
		if p.Hash() != other.Hash() {
			t.Error("key differs from the same position set up without ep")
		}
		if got := p.RepetitionCount(); got != 1 {
			t.Errorf("RepetitionCount %d, want 1 (the ep position is different)", got)
		}
		play(t, p, "g8f6 g1f3 f6g8 f3g1")
		if got := p.RepetitionCount(); got != 2 {
			t.Errorf("RepetitionCount %d, want 2", got)
		}
		play(t, p, "g8f6 g1f3 f6g8 f3g1")
		if got := p.Status(false); got != DrawRepetition {
			t.Errorf("Status %v, want repetition at the third ep-less occurrence", got)
		}
	})
}

func TestFiftyMoveRule(t *testing.T) {
	cases := []struct {
		name, fen, moves string
		want             Status
	}{
		{"99 half-moves", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", "", Ongoing},
		{"100th half-move quiet", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", "a1b1", DrawFiftyMoves},
		{"100th half-move mates", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", "a1a8", Checkmate},
		{"100th half-move checks", "6k1/6pp/8/8/8/8/8/R5K1 w - - 99 80", "a1a8", DrawFiftyMoves},
		{"100th half-move stalemates", "7k/8/4Q3/6K1/8/8/8/8 w - - 99 80", "e6f7", Stalemate},
		{"pawn move resets", "6k1/5ppp/8/8/8/8/7P/R5K1 w - - 99 80", "h2h3", Ongoing},
		{"capture resets", "6k1/5ppp/8/8/8/8/8/R5Kr w - - 99 80", "g1h1", Ongoing},
		{"clock above 100 in FEN", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 150 80", "", DrawFiftyMoves},
		{"clock in FEN reaches 100 by a black move", "6k1/5ppp/8/8/8/8/8/R5K1 b - - 99 80", "g8f8", DrawFiftyMoves},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		play(t, p, c.moves)
		if got := p.Status(false); got != c.want {
			t.Errorf("%s: Status %v (rule50 %d), want %v", c.name, got, p.Rule50(), c.want)
		}
	}
	// Counting up from 0: 100 knight moves. The start position then also
	// occurs for the 26th time, and repetition is reported first (B2); the
	// same position without the history is a fifty-move draw.
	p := NewPosition()
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	for i := 0; i < 100; i++ {
		play(t, p, shuffle[i%4])
		if p.Rule50() != i+1 {
			t.Fatalf("half-move %d: rule50 %d", i+1, p.Rule50())
		}
		if i+1 < 100 && p.Status(false) == DrawFiftyMoves {
			t.Fatalf("fifty-move draw after %d half-moves", i+1)
		}
	}
	if got := p.Status(false); got != DrawRepetition {
		t.Errorf("after 100 half-moves: %v, want repetition (reported before fifty moves)", got)
	}
	fresh := mustFEN(t, p.FEN())
	if fresh.Rule50() != 100 {
		t.Fatalf("FEN %s lost the clock", p.FEN())
	}
	if got := fresh.Status(false); got != DrawFiftyMoves {
		t.Errorf("%s without history: %v, want fifty-move rule", fresh.FEN(), got)
	}
}

func TestInsufficientMaterial(t *testing.T) {
	cases := []struct {
		name          string
		fen           string
		loose, strict bool // InsufficientMaterial(false), (true)
	}{
		{"K v K", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", true, true},
		{"KB v K", "8/8/4k3/8/8/3K4/8/5B2 w - - 0 1", true, true},
		{"K v KB", "8/8/4k3/8/8/3K4/8/5b2 w - - 0 1", true, true},
		{"KN v K", "8/8/4k3/8/8/3K4/8/6N1 b - - 0 1", true, true},
		{"K v KN", "8/8/4k3/8/8/3K4/8/6n1 b - - 0 1", true, true},
		// c1 and f8 are dark, f1 is light
		{"KB v KB same colour", "5b2/8/4k3/8/8/3K4/8/2B5 w - - 0 1", true, true},
		{"KB v KB opposite colours", "5b2/8/4k3/8/8/3K4/8/5B2 w - - 0 1", true, false},
		{"KB v KB opposite colours, b to move", "8/8/4k3/8/b7/3K4/8/2B5 b - - 0 1", true, false},
		{"KN v KN", "6n1/8/4k3/8/8/3K4/8/6N1 w - - 0 1", false, false},
		{"KNN v K", "8/8/4k3/8/8/3K4/8/1N4N1 w - - 0 1", false, false},
		{"KBB v K same colour", "8/8/4k3/8/8/3K4/8/2B1B3 w - - 0 1", false, false},
		{"KBB v K", "8/8/4k3/8/8/3K4/8/2B2B2 w - - 0 1", false, false},
		{"KB v KN", "6n1/8/4k3/8/8/3K4/8/5B2 w - - 0 1", false, false},
		{"KBN v K", "8/8/4k3/8/8/3K4/8/5BN1 w - - 0 1", false, false},
		{"KP v K", "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1", false, false},
		{"KR v K", "8/8/4k3/8/8/3K4/8/7R w - - 0 1", false, false},
		{"KQ v K", "8/8/4k3/8/8/3K4/8/7Q w - - 0 1", false, false},
		{"K v KP", "8/8/4k3/4p3/8/3K4/8/8 w - - 0 1", false, false},
		{"KB v KP", "8/8/4k3/4p3/8/3K4/8/5B2 w - - 0 1", false, false},
		{"start", StartFEN, false, false},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		if got := p.InsufficientMaterial(false); got != c.loose {
			t.Errorf("%s: InsufficientMaterial(false) = %v, want %v", c.name, got, c.loose)
		}
		if got := p.InsufficientMaterial(true); got != c.strict {
			t.Errorf("%s: InsufficientMaterial(true) = %v, want %v", c.name, got, c.strict)
		}
		for _, strict := range []bool{false, true} {
			want := Ongoing
			if (strict && c.strict) || (!strict && c.loose) {
				want = DrawInsufficient
			}
			if got := p.Status(strict); got != want {
				t.Errorf("%s: Status(%v) = %v, want %v", c.name, strict, got, want)
			}
		}
	}
}

// TestInsufficientAfterCapture: the draw is declared right after the move
// that leaves the bare material.
func TestInsufficientAfterCapture(t *testing.T) {
	p := mustFEN(t, "8/8/4k3/8/8/3K4/4r3/5B2 w - - 0 1")
	if p.Status(false) != Ongoing {
		t.Fatalf("before: %v", p.Status(false))
	}
	play(t, p, "f1e2")
	if got := p.Status(false); got != DrawInsufficient {
		t.Errorf("KB v K after Bxe2: %v", got)
	}
}

// TestStatusPrecedence follows docs/rules/standard.md B2: checkmate or stalemate
// first, then insufficient material, repetition, fifty moves.
func TestStatusPrecedence(t *testing.T) {
	t.Run("mate beats insufficient material", func(t *testing.T) {
		// The rules' own example: Kb6 + Be4 v Ka8 + Bb8 is mate, though K+B v
		// K+B is otherwise drawn.
		p := mustFEN(t, "kb6/8/1K6/8/4B3/8/8/8 b - - 0 1")
		if !p.InsufficientMaterial(false) {
			t.Fatal("premise: K+B v K+B is insufficient by default")
		}
		for _, strict := range []bool{false, true} {
			if got := p.Status(strict); got != Checkmate {
				t.Errorf("strict %v: %v, want checkmate", strict, got)
			}
		}
	})
	t.Run("stalemate beats insufficient material", func(t *testing.T) {
		p := mustFEN(t, "k7/2K5/1B6/8/8/8/8/8 b - - 0 1")
		if got := p.Status(false); got != Stalemate {
			t.Errorf("%v, want stalemate", got)
		}
	})
	t.Run("mate beats fifty moves", func(t *testing.T) {
		// Kings shuffle, then the 100th half-move mates.
		p := mustFEN(t, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 95 80")
		play(t, p, "g1h1 g8h8 h1g1 h8g8 a1a8") // rule50 100
		if got := p.Status(false); got != Checkmate {
			t.Errorf("%v, want checkmate", got)
		}
	})
	t.Run("insufficient beats repetition", func(t *testing.T) {
		p := mustFEN(t, "8/8/4k3/8/8/3K4/8/5B2 w - - 0 1")
		play(t, p, "d3d2 e6e7 d2d3 e7e6 d3d2 e6e7 d2d3 e7e6")
		if p.RepetitionCount() != 3 {
			t.Fatalf("premise: RepetitionCount %d", p.RepetitionCount())
		}
		if got := p.Status(false); got != DrawInsufficient {
			t.Errorf("%v, want insufficient material", got)
		}
	})
	t.Run("insufficient beats fifty moves", func(t *testing.T) {
		p := mustFEN(t, "8/8/4k3/8/8/3K4/8/5B2 w - - 120 80")
		if got := p.Status(false); got != DrawInsufficient {
			t.Errorf("%v, want insufficient material", got)
		}
	})
	t.Run("repetition beats fifty moves", func(t *testing.T) {
		p := mustFEN(t, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 92 80")
		play(t, p, "g1h1 g8h8 h1g1 h8g8 g1h1 g8h8 h1g1 h8g8")
		if p.Rule50() != 100 || p.RepetitionCount() != 3 {
			t.Fatalf("premise: rule50 %d count %d", p.Rule50(), p.RepetitionCount())
		}
		if got := p.Status(false); got != DrawRepetition {
			t.Errorf("%v, want repetition", got)
		}
	})
}

func TestStatusStrings(t *testing.T) {
	want := map[Status]string{
		Ongoing: "ongoing", Checkmate: "checkmate", Stalemate: "stalemate",
		DrawInsufficient: "insufficient material", DrawRepetition: "threefold repetition",
		DrawFiftyMoves: "fifty-move rule",
	}
	for s, w := range want {
		if s.String() != w {
			t.Errorf("%d: %q, want %q", s, s.String(), w)
		}
		if s.IsDraw() != (s >= Stalemate) {
			t.Errorf("%v: IsDraw %v", s, s.IsDraw())
		}
	}
	if Checkmate.IsDraw() || Ongoing.IsDraw() || !Stalemate.IsDraw() || !DrawFiftyMoves.IsDraw() {
		t.Error("IsDraw")
	}
}

// TestIsRepeated: the search's two-fold check.
func TestIsRepeated(t *testing.T) {
	p := NewPosition()
	play(t, p, "g1f3 g8f6 f3g1")
	if p.IsRepeated() {
		t.Error("repeated before any return")
	}
	play(t, p, "f6g8")
	if !p.IsRepeated() {
		t.Error("start position recurred, IsRepeated false")
	}
	play(t, p, "e2e4")
	if p.IsRepeated() {
		t.Error("after a pawn move")
	}
}
