package analysis

import (
	"context"
	"strings"
	"testing"

	"azar/variants/chess"
)

// testBudget is fixed, so every run analyses the same way.
var testBudget = Budget{Nodes: 20000}

func readPGN(t *testing.T, pgn string) *chess.Game {
	t.Helper()
	g, err := ReadGame(strings.NewReader(pgn), 1)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func analyse(t *testing.T, pgn string) Report {
	t.Helper()
	r, err := Analyze(context.Background(), readPGN(t, pgn), testBudget, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// moveAt returns the report of ply n (1-based).
func moveAt(t *testing.T, r Report, ply int) MoveReport {
	t.Helper()
	if ply < 1 || ply > len(r.Moves) {
		t.Fatalf("no ply %d in a report of %d", ply, len(r.Moves))
	}
	return r.Moves[ply-1]
}

// checkConsistent checks what holds for every report: the engine's move
// scores 100 with the score it was found with, the labels and accuracies
// follow from the win percentages, and the counts add up.
func checkConsistent(t *testing.T, r Report) {
	t.Helper()
	var counts [2][4]int
	for i, m := range r.Moves {
		if m.Ply != i+1 || m.UCI != m.Move.String() || m.Best != m.BestMove.String() {
			t.Errorf("ply %d: numbering or notation wrong: %+v", i+1, m)
		}
		if m.Move == m.BestMove && (m.Accuracy != 100 || m.EvalAfter != m.EvalBefore || m.Label != NoLabel) {
			t.Errorf("ply %d: %s is the engine's move but scores %v, %s -> %s, %q", m.Ply, m.SAN, m.Accuracy, m.EvalBefore, m.EvalAfter, m.Label)
		}
		if want := MoveAccuracy(float64(m.WinBefore), float64(m.WinAfter)); float64(m.Accuracy) != want {
			t.Errorf("ply %d: accuracy %v, want %v", m.Ply, m.Accuracy, want)
		}
		if !m.EvalBefore.IsMate() && !m.EvalAfter.IsMate() {
			if want := dropLabel(float64(m.WinBefore - m.WinAfter)); m.Label != want {
				t.Errorf("ply %d: label %q for a drop of %.2f", m.Ply, m.Label, m.WinBefore-m.WinAfter)
			}
		}
		side := 0
		if m.Side == "black" {
			side = 1
		}
		counts[side][m.Label]++
	}
	for side, s := range []SideReport{r.White, r.Black} {
		c := counts[side]
		if s.Inaccuracies != c[Inaccuracy] || s.Mistakes != c[Mistake] || s.Blunders != c[Blunder] ||
			s.Moves != c[0]+c[1]+c[2]+c[3] {
			t.Errorf("side %d: %+v, counted %v", side, s, c)
		}
	}
}

// TestHungQueenIsABlunder: 2...Qg5 puts the queen where the knight takes
// it; 3.Nxg5 takes it.
func TestHungQueenIsABlunder(t *testing.T) {
	r := analyse(t, "1. e4 e5 2. Nf3 Qg5 3. Nxg5 *")
	checkConsistent(t, r)
	q := moveAt(t, r, 4)
	if q.SAN != "Qg5" || q.Label != Blunder || q.Side != "black" || q.BestMove == q.Move {
		t.Errorf("2...Qg5: %+v, want a blunder", q)
	}
	if q.EvalAfter > -500 {
		t.Errorf("2...Qg5: eval after %s, want the queen lost (below -5)", q.EvalAfter)
	}
	n := moveAt(t, r, 5)
	if n.SAN != "Nxg5" || n.Best != "f3g5" || n.Accuracy != 100 || n.Label != NoLabel {
		t.Errorf("3.Nxg5: %+v, want the engine's move at accuracy 100", n)
	}
	if r.Black.Blunders != 1 || r.White.Blunders != 0 || !(float64(r.Black.Accuracy) < float64(r.White.Accuracy)) {
		t.Errorf("sides: white %+v black %+v", r.White, r.Black)
	}
}

// TestBlackburneShillingLabels: a game with a real mistake and every
// label. 4.Nxe5?, taking the bait, is an inaccuracy at this budget (+0.6
// to -0.3; before the weights of 2026-12-07 the engine read +0.7 to -0.7
// and called it a mistake); 5.Nxf7?? a blunder (the rook h1 falls);
// 6.Rf1 a mistake in a lost position (-3.3 to -5.5; the old weights
// read a smaller drop, an inaccuracy); 7.Be2?? walks into the mate Nf3#, a blunder.
// 3...Nd4 itself (the Blackburne Shilling gambit) costs about half a
// pawn, on the edge of an inaccuracy (5 points of win %), and is asserted
// unlabelled, as the engine sees it at this budget. Each side's counts
// are asserted, so that a count not kept (or kept under the wrong label
// or side) fails, which the games above, with no mistake, let pass.
func TestBlackburneShillingLabels(t *testing.T) {
	r := analyse(t, "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1")
	checkConsistent(t, r)
	for ply, want := range map[int]Label{6: NoLabel, 7: Inaccuracy, 9: Blunder, 11: Mistake, 13: Blunder, 14: NoLabel} {
		if m := moveAt(t, r, ply); m.Label != want {
			t.Errorf("ply %d %s: %q (%s -> %s), want %q", ply, m.SAN, m.Label, m.EvalBefore, m.EvalAfter, want)
		}
	}
	w, b := r.White, r.Black
	if w.Moves != 7 || w.Inaccuracies != 1 || w.Mistakes != 1 || w.Blunders != 2 {
		t.Errorf("white %+v, want 7 moves: 1 inaccuracy, 1 mistake, 2 blunders", w)
	}
	if b.Moves != 7 || b.Inaccuracies != 0 || b.Mistakes != 0 || b.Blunders != 0 {
		t.Errorf("black %+v, want 7 moves and no label", b)
	}
	if !(w.Accuracy < b.Accuracy) {
		t.Errorf("accuracy: white %v, black %v", w.Accuracy, b.Accuracy)
	}
}

// TestBlackMovesFirst: a game from a FEN with Black to move numbers its
// moves from the FEN and gives each side its own.
func TestBlackMovesFirst(t *testing.T) {
	const fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
	r := analyse(t, "[SetUp \"1\"]\n[FEN \""+fen+"\"]\n\n2... Qg5 3. Nxg5 *")
	checkConsistent(t, r)
	q, n := moveAt(t, r, 1), moveAt(t, r, 2)
	if q.Side != "black" || q.Number != 2 || q.Label != Blunder || n.Side != "white" || n.Number != 3 || n.Accuracy != 100 {
		t.Errorf("moves %+v\n%+v", q, n)
	}
	if r.FEN != fen || r.White.Moves != 1 || r.Black.Moves != 1 || r.Black.Blunders != 1 || !(r.Black.Accuracy < r.White.Accuracy) {
		t.Errorf("report %s white %+v black %+v", r.FEN, r.White, r.Black)
	}
	if w := r.WhiteWins(); len(w) != 3 || w[0] != 100-float64(q.WinBefore) || w[2] != float64(n.WinAfter) {
		t.Errorf("White's curve %v", w)
	}
}

// TestQueenSacrificeForAPawnIsABlunder: 3.Qxf7+ gives the queen for a
// pawn, and the king takes it.
func TestQueenSacrificeForAPawnIsABlunder(t *testing.T) {
	r := analyse(t, "1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Kxf7 *")
	checkConsistent(t, r)
	if m := moveAt(t, r, 5); m.SAN != "Qxf7+" || m.Label != Blunder {
		t.Errorf("3.Qxf7+: %+v, want a blunder", m)
	}
	if m := moveAt(t, r, 6); m.SAN != "Kxf7" || m.Accuracy != 100 {
		t.Errorf("3...Kxf7: %+v, want accuracy 100", m)
	}
	if r.White.Blunders != 1 || r.Black.Blunders != 0 {
		t.Errorf("blunders: white %d black %d", r.White.Blunders, r.Black.Blunders)
	}
}

// TestScholarsMate: 3...Nf6 allows mate in one (lichess's MateCreated:
// a blunder from an equal position); 4.Qxf7# is the engine's move and
// mates.
func TestScholarsMate(t *testing.T) {
	r := analyse(t, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0")
	checkConsistent(t, r)
	nf6 := moveAt(t, r, 6)
	if nf6.Label != Blunder || nf6.EvalAfter.MateIn() != -1 || nf6.EvalAfter.String() != "-M1" {
		t.Errorf("3...Nf6: %+v, want a blunder into mate in 1", nf6)
	}
	q := moveAt(t, r, 7)
	if q.SAN != "Qxf7#" || q.BestSAN != "Qxf7#" || q.EvalBefore.MateIn() != 1 || q.Accuracy != 100 {
		t.Errorf("4.Qxf7#: %+v", q)
	}
	if r.Result != "1-0" || r.Black.Blunders != 1 {
		t.Errorf("result %q, black %+v", r.Result, r.Black)
	}
}

// TestMateNotTheEngines: the last move mates but is not the engine's
// choice (two mates in one), so the final position is scored by the
// rules: mate on the board, +M0, still accuracy 100.
func TestMateNotTheEngines(t *testing.T) {
	// White: Kg1, Qa1, Rb7 (ranks 7 and 8 for mate); black Kh8, pawns g7 h7.
	const fen = "7k/1R4pp/8/8/8/8/8/Q5K1 w - - 0 1"
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	var mates []string
	var l chess.MoveList
	p.GenerateLegal(&l)
	for _, m := range l.Slice() {
		if san := p.SAN(m); strings.HasSuffix(san, "#") {
			mates = append(mates, san)
		}
	}
	if len(mates) < 2 {
		t.Fatalf("want two mates in one in %s, have %v", fen, mates)
	}
	h, err := Hint(context.Background(), p, testBudget)
	if err != nil {
		t.Fatal(err)
	}
	other := mates[0]
	if other == h.SAN {
		other = mates[1]
	}
	r := analyse(t, "[SetUp \"1\"]\n[FEN \""+fen+"\"]\n\n1. "+other+" 1-0")
	checkConsistent(t, r)
	m := moveAt(t, r, 1)
	if m.Move == m.BestMove || m.EvalAfter != -Mated || m.EvalAfter.String() != "+M0" || m.Accuracy != 100 || m.Label != NoLabel {
		t.Errorf("1.%s (engine: %s): %+v", other, h.SAN, m)
	}
}

// TestAnalyzeIsRepeatable: with a node budget two runs give the same
// report.
func TestAnalyzeIsRepeatable(t *testing.T) {
	const pgn = "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O *"
	a, b := analyse(t, pgn), analyse(t, pgn)
	for i := range a.Moves {
		if a.Moves[i] != b.Moves[i] {
			t.Errorf("ply %d differs:\n%+v\n%+v", i+1, a.Moves[i], b.Moves[i])
		}
	}
	checkConsistent(t, a)
}

func TestAnalyzeErrors(t *testing.T) {
	ctx := context.Background()
	g := readPGN(t, "1. e4 *")
	if _, err := Analyze(ctx, g, Budget{}, nil); err == nil {
		t.Error("no budget: no error")
	}
	if _, err := Analyze(ctx, &chess.Game{Result: "*"}, testBudget, nil); err == nil {
		t.Error("no moves: no error")
	}
	lucky := &chess.Game{Tags: []chess.Tag{{Name: "Variant", Value: "lucky"}}, Moves: g.Moves}
	if _, err := Analyze(ctx, lucky, testBudget, nil); err == nil || !strings.Contains(err.Error(), "standard chess only") {
		t.Errorf("a lucky game: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Analyze(cancelled, g, testBudget, nil); err == nil {
		t.Error("cancelled: no error")
	}
	var calls []int
	if _, err := Analyze(ctx, readPGN(t, "1. e4 e5 *"), testBudget, func(done, total int) {
		calls = append(calls, done, total)
	}); err != nil || len(calls) != 4 || calls[0] != 1 || calls[1] != 2 || calls[2] != 2 {
		t.Errorf("progress %v, err %v", calls, err)
	}
}

func TestHintMateInOne(t *testing.T) {
	p, err := chess.ParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
	if err != nil {
		t.Fatal(err)
	}
	fen := p.FEN()
	h, err := Hint(context.Background(), p, Budget{Depth: 3})
	if err != nil {
		t.Fatal(err)
	}
	if h.UCI != "h5f7" || h.SAN != "Qxf7#" || h.Score.UCI() != "mate 1" || len(h.PVSAN) != 1 || h.PVSAN[0] != "Qxf7#" {
		t.Errorf("hint %+v, want h5f7 Qxf7# mate 1", h)
	}
	if p.FEN() != fen {
		t.Errorf("Hint changed the position: %s", p.FEN())
	}
	h, err = Hint(context.Background(), p, Budget{Depth: 4, MultiPV: 3})
	if err != nil || len(h.Candidates) != 3 || h.Candidates[0].UCI != "h5f7" || h.Candidates[0].Score != h.Score {
		t.Fatalf("MultiPV 3: %+v, %v", h, err)
	}
	for i, c := range h.Candidates {
		if len(c.PVSAN) == 0 || c.PVSAN[0] != c.SAN || (i > 0 && c.Score > h.Candidates[i-1].Score) || c.UCI != c.Move.String() {
			t.Errorf("candidate %d: %+v", i+1, c)
		}
	}
	mated, _ := chess.ParseFEN("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4")
	if _, err := Hint(context.Background(), mated, Budget{Depth: 3}); err == nil || !strings.Contains(err.Error(), "checkmate") {
		t.Errorf("hint when mated: %v", err)
	}
}

func TestReadGame(t *testing.T) {
	two := "[White \"a\"]\n\n1. e4 e5 *\n\n[White \"b\"]\n\n1. d4 *\n"
	g, err := ReadGame(strings.NewReader(two), 2)
	if err != nil || g.Tag("White") != "b" || len(g.Moves) != 1 {
		t.Errorf("game 2: %+v %v", g, err)
	}
	if _, err := ReadGame(strings.NewReader(two), 3); err == nil {
		t.Error("game 3 of 2: no error")
	}
	lucky := "[Variant \"lucky\"]\n[LuckyDeck \"move1:P\"]\n\n1. g1f3 {+0.63/3 0.014s} 1... d7d6 2. draw {move2:P+P} *\n"
	if _, err := ReadGame(strings.NewReader(lucky), 1); err == nil || !strings.Contains(err.Error(), `variant "lucky"`) {
		t.Errorf("lucky PGN: %v", err)
	}
	spy := "[Variant \"spy\"]\n\n1. e4 e5 *\n"
	if _, err := ReadGame(strings.NewReader(spy), 1); err == nil || !strings.Contains(err.Error(), `variant "spy"`) {
		t.Errorf("spy PGN: %v", err)
	}
}

func FuzzReadGame(f *testing.F) {
	for _, s := range []string{
		"1. e4 e5 *", "[Variant \"lucky\"]\n\n1. draw *", "[Variant\n", "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*",
		"[Variant \"Standard\"]\n1. e4 {c} (1. d4) $1 e5 1-0",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ReadGame(strings.NewReader(s), 1)
		if err == nil && CheckVariant(g) != nil {
			t.Errorf("ReadGame accepted variant %q", g.Tag("Variant"))
		}
	})
}
