package spy

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"azar/variants"
	"azar/variants/chess"
)

// movesFrom lists the destinations of the legal moves from sq.
func movesFrom(s *State, sq string) []string {
	var out []string
	for _, tok := range legalTokens(s) {
		if strings.HasPrefix(tok, sq) {
			out = append(out, tok[2:])
		}
	}
	return out
}

func wantIllegal(t *testing.T, s *State, tok, why string) {
	t.Helper()
	before, n := s.EncodeFull(), s.HistoryLen()
	a, err := s.ParseAction(tok)
	if err == nil {
		err = s.Apply(a)
	}
	if err == nil {
		t.Fatalf("%s accepted in %s", tok, before)
	}
	if !errors.Is(err, variants.ErrIllegal) {
		t.Errorf("%s: error %v does not wrap ErrIllegal", tok, err)
	}
	if why != "" && !strings.Contains(err.Error(), why) {
		t.Errorf("%s: error %q does not say %q", tok, err, why)
	}
	if s.EncodeFull() != before || s.HistoryLen() != n {
		t.Errorf("%s: refused but the state changed", tok)
	}
}

func TestOriginalQueenMoves(t *testing.T) {
	for _, c := range []struct {
		queens, flags string
		n             int
	}{
		{"RBN/-", "c-/--", 35}, // rook 14 + bishop 13 + knight 8
		{"-/-", "c-/--", 27},   // a promoted (ordinary) queen
		{"RB/-", "cX/--", 27},
		{"BN/-", "cX/--", 21},
		{"RN/-", "cX/--", 22},
	} {
		s := mustParse(t, "4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1 "+c.queens+" "+c.flags+" -")
		got := movesFrom(s, "d4")
		if len(got) != c.n {
			t.Errorf("queens %s: %d moves from d4, want %d: %v", c.queens, len(got), c.n, got)
		}
		knight := slices.Contains(got, "f5")
		if knight != strings.Contains(c.queens, "N") {
			t.Errorf("queens %s: knight jump d4f5 = %v", c.queens, knight)
		}
	}
}

func TestKnightCheckAndMate(t *testing.T) {
	// The original queen on d6 checks e8 with a knight jump and covers
	// every flight square: mate.
	s := mustParse(t, "4k3/8/3Q4/8/8/8/8/4K3 b - - 0 1 RBN/- c-/--")
	if !s.InCheck() {
		t.Fatal("no knight check")
	}
	over, scores, why := s.Result()
	if !over || why != "checkmate" || scores[0] != 1 {
		t.Errorf("Result = %v %v %q, want White mates", over, scores, why)
	}
	if s.ToAct() != variants.NoPlayer {
		t.Error("ToAct after mate")
	}
	// A promoted queen there gives no check; the king has f7.
	s = mustParse(t, "4k3/8/3Q4/8/8/8/8/4K3 b - - 0 1 -/- c-/--")
	if s.InCheck() || !slices.Equal(legalTokens(s), []string{"e8f7"}) {
		t.Errorf("promoted queen: check %v, moves %v", s.InCheck(), legalTokens(s))
	}
	// The white king may not step onto a square the black original
	// queen covers by a knight jump.
	s = mustParse(t, "4k3/8/8/8/2q5/8/8/4K3 w - - 0 1 -/RBN --/--")
	if got := legalTokens(s); !slices.Equal(got, []string{"e1d1", "e1f2"}) {
		t.Errorf("king moves %v", got)
	}
	s = mustParse(t, "4k3/8/8/8/2q5/8/8/4K3 w - - 0 1 -/- --/--")
	if got := legalTokens(s); !slices.Equal(got, []string{"e1d1", "e1d2", "e1f2"}) {
		t.Errorf("king moves with a promoted queen %v", got)
	}
}

func TestPromotionGivesOrdinaryQueen(t *testing.T) {
	s := mustParse(t, "4k3/1P6/8/8/8/8/8/3QK3 w - - 0 1 RBN/- c-/-- - w=neutral,b=neutral")
	play(t, s, "b7b8q", "e8e7")
	if got := strings.Fields(s.Encode())[0]; got != "1Q6/4k3/8/8/8/8/8/3Q*K3" {
		t.Errorf("board %s, want the original marked Q*", got)
	}
	if slices.Contains(movesFrom(s, "b8"), "c6") || slices.Contains(movesFrom(s, "b8"), "d7") {
		t.Errorf("the promoted queen jumps like a knight: %v", movesFrom(s, "b8"))
	}
	if !slices.Contains(movesFrom(s, "d1"), "c3") {
		t.Errorf("the original queen lost its knight jump: %v", movesFrom(s, "d1"))
	}
	if q, comp := s.OriginalQueen(chess.White); q != chess.D1 || comp != CompAll {
		t.Errorf("original queen %s %s", q, comp)
	}
	// A promoted queen is never original, even after the original is
	// captured.
	s = mustParse(t, "4k3/1P6/8/8/8/8/8/r2QK3 b - - 0 1 RBN/- c-/-- - w=neutral,b=neutral")
	play(t, s, "a1d1", "e1d1", "e8d7", "b7b8q")
	if q, _ := s.OriginalQueen(chess.White); q != chess.NoSquare {
		t.Errorf("original queen on %s", q)
	}
	if slices.Contains(movesFrom(s, "b8"), "a6") {
		t.Error("promoted queen jumps")
	}
}

// revealGame starts a game with White holding card and Black neutral.
func revealGame(t *testing.T, card Card) *State {
	t.Helper()
	s, err := NewGame(Options{}, card, Neutral)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestRevealKnight(t *testing.T) {
	s := revealGame(t, SpyKN)
	wantIllegal(t, s, "reveal", "centre")
	play(t, s, "e2e4", "a7a6")
	wantIllegal(t, s, "reveal", "centre") // e4 is rank 4, not beyond
	play(t, s, "e4e5")
	if !s.CentreCrossed(chess.White) || s.CentreCrossed(chess.Black) {
		t.Fatal("centre flags")
	}
	wantIllegal(t, s, "reveal:spy:KN", "does not hold") // Black's turn
	wantIllegal(t, s, "reveal", "neutralised")
	play(t, s, "a6a5")
	if !hasToken(s, "reveal:spy:KN") {
		t.Fatalf("no reveal in %v", legalTokens(s))
	}
	wantIllegal(t, s, "reveal:spy:QN", "does not hold")
	play(t, s, "reveal")
	want := "rnbqkbN~r/1ppppppp/8/p3P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3 RB/RBN cX=spy:KN/-- e2:e5,a7:a5"
	if got := s.Encode(); got != want {
		t.Errorf("after the reveal\n got %s\nwant %s", got, want)
	}
	if _, comp := s.OriginalQueen(chess.White); comp != CompR|CompB {
		t.Errorf("components %s", comp)
	}
	// The gained knight is White's: it moves for White next turn.
	play(t, s, "h7h6")
	if !hasToken(s, "g8f6") || !hasToken(s, "g8h6") {
		t.Errorf("gained knight's moves: %v", legalTokens(s))
	}
	wantIllegal(t, s, "reveal", "already revealed")
	if hasToken(s, "reveal:spy:KN") {
		t.Error("second reveal offered")
	}
}

func TestRevealComponents(t *testing.T) {
	for _, c := range []struct {
		card Card
		comp Comp
	}{
		{SpyKR, CompB | CompN}, {SpyQR, CompB | CompN},
		{SpyKB, CompR | CompN}, {SpyQB, CompR | CompN},
		{SpyKN, CompR | CompB}, {SpyQN, CompR | CompB},
		{SpyPa, CompAll}, {SpyPh, CompAll},
		{WildKR, CompB | CompN}, {WildQB, CompR | CompN}, {WildQN, CompR | CompB},
	} {
		s := revealGame(t, c.card)
		play(t, s, "b1c3", "h7h6", "c3b5", "h6h5", "b5c3", "g7g6") // crossed, then back
		sq := s.SpySquare(chess.White)
		play(t, s, "reveal:"+c.card.String())
		r, _ := c.card.Role()
		if pc := s.Position().At(sq); pc != chess.MakePiece(chess.White, r.Type()) || !s.Bicolour().Has(sq) {
			t.Errorf("%s: %s holds %c, bicolour %v", c.card, sq, pc.Letter(), s.Bicolour().Has(sq))
		}
		if _, comp := s.OriginalQueen(chess.White); comp != c.comp {
			t.Errorf("%s: queen moves as %s, want %s", c.card, comp, c.comp)
		}
	}
}

func TestWildcardAndNeutral(t *testing.T) {
	s := revealGame(t, WildQN)
	play(t, s, "e2e4", "a7a6", "e4e5", "a6a5")
	wantIllegal(t, s, "reveal:spy:QN", "does not hold")
	if !hasToken(s, "reveal:wild:QN") {
		t.Fatalf("legal %v", legalTokens(s))
	}
	play(t, s, "reveal")
	if s.Position().At(chess.B8) != chess.MakePiece(chess.White, chess.Knight) {
		t.Error("wild:QN did not gain the b8 knight")
	}
	if _, comp := s.OriginalQueen(chess.White); comp != CompR|CompB {
		t.Errorf("components %s", comp)
	}
	if !strings.Contains(s.Encode(), "cX=wild:QN") {
		t.Errorf("the revealed wildcard is not public: %s", s.Encode())
	}
	// Neutral: never a reveal.
	s = revealGame(t, Neutral)
	play(t, s, "e2e4", "a7a6", "e4e5", "a6a5")
	for _, tok := range legalTokens(s) {
		if strings.HasPrefix(tok, "reveal") {
			t.Errorf("neutral card offers %s", tok)
		}
	}
	wantIllegal(t, s, "reveal", "neutralised")
	if _, err := NewGame(Options{}, Wild, Neutral); err == nil {
		t.Error("a wildcard without its choice was dealt into a game")
	}
}

func TestCentreFlag(t *testing.T) {
	// The opponent's spy among White's pieces crosses the centre for
	// White, who moves it.
	s, _ := NewGame(Options{}, Neutral, SpyPe)
	play(t, s, "e2e4", "a7a6", "e4e5")
	if !s.CentreCrossed(chess.White) || s.CentreCrossed(chess.Black) {
		t.Error("centre flags after the spy pawn crossed")
	}
	// Black's relative rank 5 is rank 4.
	play(t, s, "a6a5", "h2h3", "a5a4")
	if !s.CentreCrossed(chess.Black) {
		t.Error("Black's a4 pawn did not cross")
	}
	// Sticky: a knight that goes and comes back.
	s = revealGame(t, SpyKR)
	play(t, s, "g1f3", "a7a6", "f3g5", "a6a5", "g5f3", "b7b6")
	if !hasToken(s, "reveal:spy:KR") {
		t.Errorf("centre flag was not kept: %v", legalTokens(s))
	}
}

func TestRevealNeedsQueenAndSpy(t *testing.T) {
	// Original queen captured.
	s := mustParse(t, "rnbqkbnr/pppp1ppp/8/4P3/8/8/PPP2PPP/RNB1KBNR w KQkq - 0 4 -/RBN c-/-- - w=spy:KN,b=neutral")
	wantIllegal(t, s, "reveal", "original queen")
	// The spy (Black's g8 knight) was captured: only a promoted knight
	// stands there now.
	s = mustParse(t, "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 4 RBN/RBN c-/-- g8:- w=spy:KN,b=neutral")
	wantIllegal(t, s, "reveal", "no longer on the board")
	// The spy pawn promotes.
	s = mustParse(t, "4k3/8/8/3Q4/8/8/p7/4K3 b - - 0 1 RBN/- c-/-- a7:a2 w=spy:Pa,b=neutral")
	if s.SpySquare(chess.White) != sq("a2") {
		t.Fatalf("spy on %s", s.SpySquare(chess.White))
	}
	play(t, s, "a2a1q")
	if s.SpySquare(chess.White) != chess.NoSquare {
		t.Error("the spy survived its promotion")
	}
	wantIllegal(t, s, "reveal", "no longer on the board")
	// The spy's identity follows the piece: Black's e-pawn captured onto
	// the d-file is still spy:Pe.
	s = revealGame(t, SpyPe)
	play(t, s, "d2d4", "e7e5", "g1f3", "e5d4", "f3e5", "b8c6")
	if !strings.Contains(s.Encode(), "e7:d4") || s.SpySquare(chess.White) != chess.MakeSquare(3, 3) {
		t.Fatalf("spy on %s, %s", s.SpySquare(chess.White), s.Encode())
	}
	play(t, s, "reveal")
	if s.Position().At(chess.MakeSquare(3, 3)) != chess.MakePiece(chess.White, chess.Pawn) {
		t.Error("d4 pawn not gained")
	}
}

// The mate position: White is in check from the b3 knight only and has no
// move; the knight is White's spy (Black's queen's knight).
const mateFEN = "7k/7b/8/8/7Q/1n6/RP6/K7 w - - 0 1 RBN/- c-/-- b8:b3"

func TestRevealSavesFromMate(t *testing.T) {
	s := mustParse(t, mateFEN+" w=spy:QN,b=neutral")
	if over, _, _ := s.Result(); over {
		t.Fatal("mate although the reveal saves")
	}
	if got := legalTokens(s); !slices.Equal(got, []string{"reveal:spy:QN"}) {
		t.Fatalf("legal %v", got)
	}
	play(t, s, "reveal")
	if s.InCheck() || s.Position().At(chess.MakeSquare(1, 2)) != chess.MakePiece(chess.White, chess.Knight) {
		t.Error("the reveal did not lift the check")
	}
	// Same board, no usable card: checkmate.
	for _, cards := range []string{"w=neutral,b=neutral", "w=spy:KN,b=neutral"} {
		s = mustParse(t, mateFEN+" "+cards)
		over, scores, why := s.Result()
		if !over || why != "checkmate" || scores[1] != 1 {
			t.Errorf("%s: Result %v %v %q", cards, over, scores, why)
		}
	}
	// The spy gives check together with a rook: the reveal does not
	// save the king (condition 7.1.6).
	s = mustParse(t, "7k/7b/8/8/7Q/1n6/RP6/K6r w - - 0 1 RBN/- c-/-- b8:b3 w=spy:QN,b=neutral")
	if over, _, why := s.Result(); !over || why != "checkmate" {
		t.Errorf("double check: %q", why)
	}
	// In a seat's view of Black, White's card is unknown: some card
	// saves White, so the game is not over there.
	v := mustParse(t, mateFEN+" b=neutral")
	if over, _, _ := v.Result(); over {
		t.Error("Black's view calls it mate")
	}
	if got := legalTokens(v); !slices.Equal(got, []string{"reveal:spy:QN", "reveal:wild:QN"}) {
		t.Errorf("view legal %v", got)
	}
}

func TestRevealWhileInCheckByAnother(t *testing.T) {
	// White is in check by a rook; the spy is elsewhere: no reveal.
	s := mustParse(t, "4k3/8/8/8/6n1/8/8/3QK2r w - - 0 1 RBN/- c-/-- g8:g4 w=spy:KN,b=neutral")
	wantIllegal(t, s, "reveal", "check")
	// The spy is the rook giving check: the reveal is legal.
	s = mustParse(t, "4k3/8/8/8/8/8/8/3QK2r w - - 0 1 RBN/- c-/-- a8:h1 w=spy:QR,b=neutral")
	play(t, s, "reveal")
	if _, comp := s.OriginalQueen(chess.White); comp != CompB|CompN {
		t.Errorf("components %s", comp)
	}
}

func TestRevealGivesCheckAndPawnDirection(t *testing.T) {
	// spy:Pd: Black's d7 pawn turns White and checks e8.
	s := revealGame(t, SpyPd)
	play(t, s, "e2e4", "h7h6", "e4e5", "h6h5", "reveal")
	if !s.InCheck() {
		t.Error("the gained pawn does not check")
	}
	// spy:Pa: the a7 pawn is White's and promotes on rank 8.
	s = revealGame(t, SpyPa)
	play(t, s, "e2e4", "h7h6", "e4e5", "h6h5", "reveal", "g7g6")
	if got := movesFrom(s, "a7"); !slices.Equal(got, []string{"b8b", "b8n", "b8q", "b8r"}) {
		t.Errorf("gained pawn moves %v", got)
	}
	play(t, s, "a7b8q", "g6g5")
	if s.Bicolour() != 0 {
		t.Error("the promoted piece is still bicolour")
	}
	if slices.Contains(movesFrom(s, "b8"), "c6") {
		t.Error("promoted queen jumps")
	}
	if !strings.HasPrefix(s.Encode(), "rQbqkbnr") {
		t.Errorf("board %s", s.Encode())
	}
}

func TestGainedPawnDoubleStepAndEnPassant(t *testing.T) {
	// White's a-pawn on a7 is Black's spy; revealed, it stands on
	// Black's second rank and may double-step, and White may take it en
	// passant.
	s := mustParse(t, "4k2q/P7/8/1P6/8/8/8/4K3 b - - 0 1 -/RBN --/c- a2:a7,b2:b5 b=spy:Pa,w=neutral")
	play(t, s, "reveal", "e1d1", "a7a5")
	if f := strings.Fields(s.Encode()); f[3] != "a6" {
		t.Errorf("en-passant field %q after the gained pawn's double step: %s", f[3], s.Encode())
	}
	play(t, s, "b5a6")
	if s.Bicolour() != 0 || s.Position().At(chess.MakeSquare(0, 4)) != chess.NoPiece {
		t.Errorf("en passant on the gained pawn: %s", s.Encode())
	}
}

func TestRevealSideEffects(t *testing.T) {
	// Black's king's rook is White's spy: revealing it costs Black the
	// king-side castling right; White gains no right.
	s := mustParse(t, "r3k2r/8/8/4P3/8/8/8/3QK3 w kq - 7 30 RBN/- c-/-- - w=spy:KR,b=neutral")
	play(t, s, "reveal")
	f := strings.Fields(s.Encode())
	if f[0] != "r3k2R~/8/8/4P3/8/8/8/3QK3" || f[2] != "q" || f[4] != "0" {
		t.Errorf("after revealing the h8 rook: %s", s.Encode())
	}
	if hasToken(s, "e8g8") {
		t.Error("Black may still castle king side")
	}
	// An en-passant right lapses when the reveal uses the turn.
	s = mustParse(t, "4kb2/8/8/3Pp3/8/8/8/3QK3 w - e6 0 1 RBN/- c-/-- - w=spy:KB,b=neutral")
	if !hasToken(s, "d5e6") {
		t.Fatal("no en passant to start with")
	}
	play(t, s, "reveal", "e8d7")
	wantIllegal(t, s, "d5e6", "")
}

func TestKingCapture(t *testing.T) {
	fen := "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1 -/- --/--"
	if got := legalTokens(mustParse(t, fen)); !slices.Equal(got, []string{"e1d2", "e1f1"}) {
		t.Errorf("check rules: %v", got)
	}
	s := mustParse(t, fen, Options{KingCapture: true})
	if got := legalTokens(s); len(got) != 5 {
		t.Errorf("king capture: %v", got)
	}
	play(t, s, "e1e2", "d2e2")
	over, scores, why := s.Result()
	if !over || why != "king captured" || scores[1] != 1 {
		t.Errorf("Result %v %v %q", over, scores, why)
	}
	if len(s.Legal(nil)) != 0 {
		t.Error("actions after the king's capture")
	}
	// No pseudo-legal action: stalemate with check rules, a pass with
	// king capture.
	box := "KRBn4/PP1P4/8/8/8/8/8/7k w - - 0 1 -/- --/--"
	s = mustParse(t, box)
	if over, scores, why := s.Result(); !over || why != "stalemate" || scores[0] != 0.5 {
		t.Errorf("stalemate: %v %v %q", over, scores, why)
	}
	s = mustParse(t, box, Options{KingCapture: true})
	if got := legalTokens(s); !slices.Equal(got, []string{"0000"}) {
		t.Fatalf("pass: %v", got)
	}
	play(t, s, "0000")
	if s.Side() != chess.Black {
		t.Error("the pass did not give the turn")
	}
	wantIllegal(t, s, "0000", "no other action")
	wantIllegal(t, mustParse(t, fen), "0000", "king-capture")
}

func TestDraws(t *testing.T) {
	for _, c := range []struct {
		fen  string
		over bool
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},
		{"4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", true},
		{"4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", true},
		{"2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false}, // c8 light, c1 dark
		{"3bk3/8/8/8/8/8/8/2B1K3 w - - 0 1", true},   // both dark
		{"4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", false},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false},
	} {
		s := mustParse(t, c.fen)
		over, _, why := s.Result()
		if over != c.over || over && why != "insufficient material" {
			t.Errorf("%s: %v %q", c.fen, over, why)
		}
	}
	// Threefold repetition, automatic by default.
	s, _ := NewGame(Options{}, Neutral, Neutral)
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	play(t, s, shuffle...)
	play(t, s, shuffle...)
	if over, _, why := s.Result(); !over || why != "threefold repetition" {
		t.Errorf("threefold: %v %q", over, why)
	}
	// With FIDE claims: claimable at three, automatic at five.
	s, _ = NewGame(Options{DrawClaims: DrawFIDE}, Neutral, Neutral)
	play(t, s, shuffle...)
	play(t, s, shuffle...)
	if over, _, _ := s.Result(); over {
		t.Error("FIDE: over at threefold")
	}
	if ok, _ := s.CanClaimDraw(); !ok {
		t.Error("FIDE: no claim at threefold")
	}
	play(t, s, shuffle...)
	play(t, s, shuffle...)
	if over, _, why := s.Result(); !over || why != "fivefold repetition" {
		t.Errorf("fivefold: %v %q", over, why)
	}
	// The centre flags are part of the key: the start position after
	// knights went to rank 5 and back is a new position.
	s, _ = NewGame(Options{}, Neutral, Neutral)
	play(t, s, "b1c3", "b8c6", "c3b5", "c6b4", "b5c3", "b4c6", "c3b1", "c6b8")
	if n := s.RepetitionCount(); n != 1 {
		t.Errorf("repetition count %d after the flags changed", n)
	}
	play(t, s, "b1c3", "b8c6", "c3b1", "c6b8")
	if n := s.RepetitionCount(); n != 2 {
		t.Errorf("repetition count %d", n)
	}
	// Fifty moves; seventy-five with FIDE claims; mate beats both.
	s = mustParse(t, "4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
	play(t, s, "a1a2")
	if over, _, why := s.Result(); !over || why != "fifty-move rule" {
		t.Errorf("fifty: %v %q", over, why)
	}
	s = mustParse(t, "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", Options{DrawClaims: DrawFIDE})
	play(t, s, "a1a2")
	if over, _, _ := s.Result(); over {
		t.Error("FIDE: over at fifty")
	}
	s = mustParse(t, "4k3/8/8/8/8/8/8/R3K3 w - - 149 80", Options{DrawClaims: DrawFIDE})
	play(t, s, "a1a2")
	if over, _, why := s.Result(); !over || why != "seventy-five-move rule" {
		t.Errorf("seventy-five: %v %q", over, why)
	}
	s = mustParse(t, "6k1/5ppp/8/8/8/8/8/R3K3 w - - 99 80")
	play(t, s, "a1a8")
	if over, _, why := s.Result(); !over || why != "checkmate" {
		t.Errorf("mate on the 100th half-move: %v %q", over, why)
	}
}

func TestDrawClaim(t *testing.T) {
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	fide := Options{DrawClaims: DrawFIDE}
	// Automatic draws: never a claim (the threefold itself ends the game).
	s, _ := NewGame(Options{}, SpyKN, Neutral)
	wantIllegal(t, s, "claim", "draw_claims=automatic")
	play(t, s, shuffle...)
	wantIllegal(t, s, "claim", "draw_claims=automatic")
	play(t, s, shuffle...)
	wantIllegal(t, s, "claim", "game is over")

	// FIDE: not before the threefold, then a legal action, last.
	s, _ = NewGame(fide, SpyKN, Neutral)
	play(t, s, shuffle...)
	wantIllegal(t, s, "claim", "no threefold repetition or fifty-move rule to claim (position seen 2 times")
	if hasToken(s, "claim") {
		t.Error("claim listed at the second occurrence")
	}
	play(t, s, shuffle...)
	if l := s.Legal(nil); l[len(l)-1] != ClaimAction || !hasToken(s, "claim") {
		t.Fatalf("claim not the last legal action: %v", legalTokens(s))
	}
	// Perft knows no draw rule: the claim is not among its actions, and
	// both options count the same tree.
	if n, want := s.Perft(1), uint64(len(s.Legal(nil))-1); n != want {
		t.Errorf("Perft(1) = %d, want %d (the legal actions but the claim)", n, want)
	}
	for _, d := range s.Divide(1) {
		if d.Action == "claim" {
			t.Error("Divide lists the claim")
		}
	}
	auto := mustParse(t, s.EncodeFull())
	if a, b := auto.Perft(2), s.Perft(2); a != b {
		t.Errorf("Perft(2): automatic %d, fide %d", a, b)
	}
	before, n, ply := s.EncodeFull(), s.HistoryLen(), s.Ply()
	play(t, s, "claim")
	over, scores, why := s.Result()
	if !over || !slices.Equal(scores, []float64{0.5, 0.5}) || why != "threefold repetition (claimed)" {
		t.Errorf("after the claim: %v %v %q", over, scores, why)
	}
	if !s.DrawClaimed() || s.ToAct() != variants.NoPlayer || len(s.Legal(nil)) != 0 {
		t.Error("the claim did not end the game")
	}
	if s.EncodeFull() != before || s.Ply() != ply || s.HistoryLen() != n+1 || s.SAN(ClaimAction) != "claim" {
		t.Errorf("the claim changed the position: %s ply %d", s.EncodeFull(), s.Ply())
	}
	if a, _ := s.LastAction(); a != ClaimAction {
		t.Errorf("last action %#x", uint64(a))
	}
	wantIllegal(t, s, "claim", "game is over")
	wantIllegal(t, s, "g1f3", "game is over")
	s.Undo()
	if over, _, _ := s.Result(); over || s.DrawClaimed() || s.EncodeFull() != before || s.HistoryLen() != n || s.RepetitionCount() != 3 {
		t.Errorf("undo of the claim: %s, %d times", s.EncodeFull(), s.RepetitionCount())
	}
	if ok, why := s.CanClaimDraw(); !ok || why != "threefold repetition" {
		t.Errorf("after the undo: %v %q", ok, why)
	}
	// Playing on instead, the position after Nf3 comes a third time: the
	// opponent may claim, in its own view too.
	play(t, s, "g1f3")
	if !hasToken(s, "claim") || !hasToken(s.View(1), "claim") {
		t.Error("no claim for Black at the third Nf3")
	}

	// The fifty-move rule, from the FEN's counter.
	s = mustParse(t, "4k3/8/8/8/8/8/8/R3K3 w - - 98 80", fide)
	play(t, s, "a1a2")
	wantIllegal(t, s, "claim", "99 half-moves")
	play(t, s, "e8d8")
	play(t, s, "claim")
	if _, _, why := s.Result(); why != "fifty-move rule (claimed)" {
		t.Errorf("fifty: %q", why)
	}
	// With king capture: the pass stays legal beside the claim.
	s = mustParse(t, "KRBn4/PP1P4/8/8/8/8/8/7k w - - 100 80 -/- --/--", Options{KingCapture: true, DrawClaims: DrawFIDE})
	if got := legalTokens(s); !slices.Equal(got, []string{"0000", "claim"}) {
		t.Fatalf("pass and claim: %v", got)
	}
	play(t, s, "0000")
}

func TestOptionsSet(t *testing.T) {
	var o Options
	if o.Set("king_capture", "true") != nil || !o.KingCapture {
		t.Error("king_capture")
	}
	if o.Set("draw_claims", "fide") != nil || o.DrawClaims != DrawFIDE {
		t.Error("draw_claims")
	}
	for _, bad := range [][2]string{{"king_capture", "maybe"}, {"draw_claims", "x"}, {"nope", "1"}} {
		if o.Set(bad[0], bad[1]) == nil {
			t.Errorf("Set%v accepted", bad)
		}
	}
}

func TestApplyRefusalsLeaveStateUnchanged(t *testing.T) {
	s, _ := NewGame(Options{}, SpyKN, WildQR)
	for _, bad := range []variants.Action{
		MoveAction(chess.NewMove(chess.E1, sq("e2"))),
		MoveAction(chess.NewMove(sq("e2"), sq("e5"))),
		MoveAction(chess.NewMove(sq("e7"), sq("e5"))),
		MoveAction(newCastle(chess.E1, chess.G1)),
		RevealAction(SpyKN),
		RevealAction(Wild),
		RevealAction(Neutral),
		RevealAction(numCards + 3),
		PassAction,
		ClaimAction,
		ClaimAction | 1,
		1 << 50,
		revealBit | 1<<45,
	} {
		before := s.EncodeFull()
		err := s.Apply(bad)
		if err == nil || !errors.Is(err, variants.ErrIllegal) {
			t.Errorf("Apply(%#x) = %v", uint64(bad), err)
		}
		if s.EncodeFull() != before || s.HistoryLen() != 0 {
			t.Errorf("Apply(%#x) changed the state", uint64(bad))
		}
	}
	for _, tok := range []string{"", "e2", "e2e9", "e7e8k", "reveal:", "reveal:spy:Q", "reveal:wild", "i2i4", "O-O", "e2e4 ", "claims", "claim:3", "Claim"} {
		if _, err := s.ParseAction(tok); err == nil || errors.Is(err, variants.ErrIllegal) {
			t.Errorf("ParseAction(%q) = %v, want a syntax error", tok, err)
		}
	}
	for _, tok := range []string{"e2e5", "e7e5", "e1g1", "reveal", "reveal:spy:QR", "0000", "a2a1q", "reveal:neutral", "claim"} {
		if _, err := s.ParseAction(tok); !errors.Is(err, variants.ErrIllegal) {
			t.Errorf("ParseAction(%q) = %v, want ErrIllegal", tok, err)
		}
	}
}

func TestUndoRestores(t *testing.T) {
	s := revealGame(t, SpyPc)
	start := s.EncodeFull()
	var seen []string
	for _, tok := range []string{"e2e4", "h7h6", "e4e5", "d7d5", "e5d6", "h6h5", "reveal:spy:Pc", "g8f6", "c7d8q"} {
		seen = append(seen, s.EncodeFull())
		keys := s.Key()
		play(t, s, tok)
		if s.Key() == keys {
			t.Errorf("%s did not change the key", tok)
		}
	}
	for i := len(seen) - 1; i >= 0; i-- {
		s.Undo()
		if got := s.EncodeFull(); got != seen[i] {
			t.Fatalf("undo %d:\n got %s\nwant %s", i, got, seen[i])
		}
	}
	if s.EncodeFull() != start || s.Key() != s.computeKey() {
		t.Error("not back at the start")
	}
	s.Undo() // nothing to undo: no effect
	if s.EncodeFull() != start {
		t.Error("Undo on an empty history changed the state")
	}
}

func TestApplyTokensAllOrNothing(t *testing.T) {
	s, _ := NewGame(Options{}, SpyKN, Neutral)
	before := s.EncodeFull()
	err := s.ApplyTokens("e2e4", "e7e5", "g1f3", "reveal")
	if err == nil || !errors.Is(err, variants.ErrIllegal) || !strings.Contains(err.Error(), "action 4 (reveal)") {
		t.Errorf("error %v", err)
	}
	if s.EncodeFull() != before || s.HistoryLen() != 0 {
		t.Error("a refused list changed the state")
	}
	if err := s.ApplyTokens("e2e4", "e7e5", "g1f3"); err != nil || s.HistoryLen() != 3 {
		t.Errorf("good list: %v", err)
	}
}

func TestWorldKey(t *testing.T) {
	a, _ := NewGame(Options{}, SpyKN, Neutral)
	b, _ := NewGame(Options{}, WildKN, Neutral)
	c, _ := NewGame(Options{}, SpyQN, Neutral)
	n, _ := NewGame(Options{}, Neutral, Neutral)
	if a.Key() != c.Key() || a.WorldKey() != b.WorldKey() || a.WorldKey() == c.WorldKey() || n.WorldKey() != n.Key() {
		t.Error("world keys")
	}
}
