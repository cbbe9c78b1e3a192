package protocol_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"azar/variants/lucky"
)

// luckyState replays a lucky position as the engine should hold it.
func luckyState(t *testing.T, opts lucky.Options, moves ...string) *lucky.State {
	t.Helper()
	st := lucky.New(opts)
	if err := st.ApplyTokens(moves...); err != nil {
		t.Fatal(err)
	}
	return st
}

// luckyOptionLines are the lucky variant's options as `uci` lists them.
func luckyOptionLines() []string {
	return []string{
		"option name Lucky_Edition type combo default second var second var first",
		"option name Lucky_MandatoryCard type check default false",
		"option name Lucky_KingCapture type check default false",
		"option name Lucky_TemporalCards type string default all",
		"option name Lucky_TemporalThreeTurns type check default false",
		"option name Lucky_RulesCardsInDeck type check default false",
		"option name Lucky_DrawClaims type combo default automatic var automatic var fide",
		"option name LuckyDrawPolicy type combo default search var search var never var always",
		"option name LuckyChancePruning type check default true",
		"option name LuckyProbCut type check default true",
		"option name LuckyLeanShallow type check default true",
	}
}

// checkLuckyBestmove checks that line is `bestmove <token>` with a legal
// action of st and returns the token.
func checkLuckyBestmove(t *testing.T, line string, st *lucky.State) string {
	t.Helper()
	tok, ok := strings.CutPrefix(line, "bestmove ")
	if !ok {
		t.Fatalf("%q is not a bestmove", line)
	}
	if _, err := st.ParseAction(tok); err != nil {
		t.Fatalf("bestmove %s is not legal in %s: %v", tok, st.Encode(), err)
	}
	return tok
}

// TestLuckyTranscript drives the real binary through a lucky game: the
// options, positions with draws and reveals, one action per bestmove,
// errors that change nothing, and standard chess untouched afterwards.
func TestLuckyTranscript(t *testing.T) {
	e := startEngine(t, "azar")
	e.send("uci")
	lines := e.readUntil(prefix("uciok"), 10*time.Second)
	for _, want := range append([]string{"option name UCI_Variant type combo default chess var chess var spy var lucky var chaturanga4 var magic"}, luckyOptionLines()...) {
		if !slices.Contains(lines, want) {
			t.Errorf("missing %q in %q", want, lines)
		}
	}
	e.send("setoption name UCI_Variant value lucky", "setoption name Hash value 4")
	moves := []string{"e2e4", "e7e5", "g1f3", "b8c6"}
	e.send("position startpos moves "+strings.Join(moves, " "), "go depth 2")
	lines = e.readUntil(prefix("bestmove"), 30*time.Second)
	checkLuckyBestmove(t, lines[len(lines)-1], luckyState(t, lucky.Options{}, moves...))
	if count(lines, prefix("info depth")) == 0 || !strings.Contains(lines[len(lines)-2], " score cp ") {
		t.Errorf("info lines: %q", lines)
	}

	// A draw waiting for its reveal: the engine does not guess the card.
	e.send("position startpos moves e2e4 e7e5 g1f3 b8c6 draw", "go depth 1")
	lines = e.readUntil(prefix("bestmove"), 10*time.Second)
	if lines[len(lines)-1] != "bestmove 0000" || !slices.ContainsFunc(lines, func(l string) bool {
		return strings.HasPrefix(l, "info string error the drawn card has not been revealed")
	}) {
		t.Errorf("pending reveal: %q", lines)
	}

	// After the reveal, the card's actions one per bestmove.
	moves = []string{"e2e4", "e7e5", "g1f3", "b8c6", "draw", "move2:N+B"}
	st := luckyState(t, lucky.Options{}, moves...)
	for st.ToAct() == 0 {
		e.send("position startpos moves "+strings.Join(moves, " "), "go depth 1")
		lines = e.readUntil(prefix("bestmove"), 20*time.Second)
		tok := checkLuckyBestmove(t, lines[len(lines)-1], st)
		if err := st.ApplyTokens(tok); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, tok)
	}
	if len(moves) != 8 {
		t.Errorf("move2:N+B played as %v", moves[6:])
	}

	// Errors: one line each, the position unchanged.
	fenOf := func(lines []string) string {
		for _, l := range lines {
			if strings.HasPrefix(l, "Fen: ") {
				return l
			}
		}
		return ""
	}
	e.send("d")
	before := fenOf(e.readUntil(prefix("Status: "), 5*time.Second))
	for _, bad := range []string{
		"position startpos moves e2e4 e2e4",
		"position startpos moves e2e4 draw", // a draw on a first turn
		"position startpos moves e2e4 e7e5 g1f3 b8c6 draw banana",
		"position startpos moves e2e4 e7e5 g1f3 b8c6 move2:N+B", // a reveal without a draw
		"position fen 8/8/8/8/8/8/8/8 w - - 0 1",
		"position startpos moves e2e4 e7e5 g1f3 b8c6 draw super:Q super:Q",
	} {
		e.send(bad)
		got := e.sync()
		if len(got) != 1 || !strings.HasPrefix(got[0], "info string error position: ") {
			t.Errorf("%q: %q", bad, got)
		}
	}
	e.send("d")
	if after := fenOf(e.readUntil(prefix("Status: "), 5*time.Second)); before != after || before == "" {
		t.Errorf("an error changed the position: %q, then %q", before, after)
	}
	// A bad searchmoves is dropped: one error line, then the search.
	e.send("go depth 1 searchmoves e2e4")
	if got := e.readUntil(prefix("bestmove"), 10*time.Second); !strings.HasPrefix(got[0], "info string error go: searchmoves") ||
		count(got, prefix("info string error")) != 1 {
		t.Errorf("bad searchmoves: %q", got)
	}

	// A lucky FEN with the moves after it.
	e.send("position fen "+st.Encode()+" moves a7a6", "d")
	lines = e.readUntil(prefix("Status: "), 5*time.Second)
	st2 := st.Clone().(*lucky.State)
	if err := st2.ApplyTokens("a7a6"); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(lines, "Fen: "+st2.Encode()) {
		t.Errorf("d after a lucky FEN: %q", lines)
	}
	e.send("eval")
	if got := e.sync(); len(got) != 1 || !strings.HasPrefix(got[0], "Eval: ") {
		t.Errorf("eval: %q", got)
	}

	// Back to chess: plain UCI as before.
	e.send("setoption name UCI_Variant value chess", "position startpos moves e2e4", "go depth 3")
	lines = e.readUntil(prefix("bestmove"), 20*time.Second)
	checkBestmove(t, lines[len(lines)-1], position(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4"))
	e.finish(true)
}

// luckySession starts an in-process session in the lucky variant.
func luckySession(t *testing.T, opts ...string) (*sink, func(string)) {
	return variantSession(t, "lucky", append([]string{"setoption name Hash value 4"}, opts...)...)
}

func TestLuckyPoliciesAndOptions(t *testing.T) {
	out, h := luckySession(t)
	pos := "position startpos moves e2e4 e7e5 g1f3 b8c6"
	h("setoption name LuckyDrawPolicy value always")
	if l := bestAfter(t, out, h, pos, "go depth 3"); l != "bestmove draw" {
		t.Errorf("always: %q", l)
	}
	h("setoption name LuckyDrawPolicy value never")
	st := luckyState(t, lucky.Options{}, "e2e4", "e7e5", "g1f3", "b8c6")
	if l := bestAfter(t, out, h, pos, "go depth 2"); checkLuckyBestmove(t, l, st) == "draw" {
		t.Errorf("never: %q", l)
	}
	h("setoption name LuckyDrawPolicy value search")
	if l := bestAfter(t, out, h, pos, "go depth 2 searchmoves d2d4 draw"); l != "bestmove d2d4" && l != "bestmove draw" {
		t.Errorf("searchmoves: %q", l)
	}
	h("setoption name LuckyLeanShallow value false")
	if l := bestAfter(t, out, h, pos, "go depth 3"); !strings.HasPrefix(l, "bestmove ") {
		t.Errorf("without the lean shallow searches: %q", l)
	}
	h("setoption name LuckyProbCut value false")
	if l := bestAfter(t, out, h, pos, "go depth 2"); !strings.HasPrefix(l, "bestmove ") {
		t.Errorf("without ChanceProbCut: %q", l)
	}
	h("setoption name LuckyChancePruning value false")
	if l := bestAfter(t, out, h, pos, "go depth 2"); !strings.HasPrefix(l, "bestmove ") {
		t.Errorf("without pruning: %q", l)
	}

	// Rule options: king capture needs the mandatory card.
	n := len(out.lines())
	h("setoption name Lucky_KingCapture value true")
	h(pos)
	if ls := out.lines()[n:]; len(ls) != 1 || !strings.Contains(ls[0], "king_capture needs mandatory_card") {
		t.Errorf("inconsistent options: %q", ls)
	}
	h("setoption name Lucky_MandatoryCard value true")
	// With the mandatory card, drawing is the only start action.
	if l := bestAfter(t, out, h, "position startpos moves e2e4 e7e5", "go depth 2"); l != "bestmove draw" {
		t.Errorf("mandatory card: %q", l)
	}
	n = len(out.lines())
	h("setoption name Lucky_Edition value third")
	h("setoption name Lucky_TemporalCards value super:X")
	if ls := out.lines()[n:]; len(ls) != 2 || !strings.HasPrefix(ls[0], "info string error option Lucky_Edition") {
		t.Errorf("bad rule values: %q", ls)
	}
}

// depth2OrBestmove and depth3OrBestmove match the line an infinite or
// ponder search is waited for before stop or ponderhit: its depth-2 (3)
// report, or a bestmove that should not have come yet. The ponder
// searches have a millisecond on the clock, which a search that kept to
// it while pondering would have spent before its depth-3 report. The
// waits are bounds for a loaded machine, not speed checks: a race build
// at load 12 took over 20 s to reach lucky's depth 3 while pondering.
func depth2OrBestmove(l string) bool {
	return strings.HasPrefix(l, "info depth 2 ") || strings.HasPrefix(l, "bestmove")
}

func depth3OrBestmove(l string) bool {
	return strings.HasPrefix(l, "info depth 3 ") || strings.HasPrefix(l, "bestmove")
}

func TestLuckyFindsMateAndStops(t *testing.T) {
	out, h := luckySession(t)
	// Scholar's mate is on: drawing a card instead would throw it away.
	fen := "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
	if l := bestAfter(t, out, h, "position fen "+fen, "go depth 3"); l != "bestmove h5f7" {
		t.Errorf("mate in one: %q", l)
	}
	// A finished game: bestmove 0000.
	if l := bestAfter(t, out, h, "position fen "+fen+" moves h5f7", "go depth 1"); l != "bestmove 0000" {
		t.Errorf("after mate: %q", l)
	}
	// infinite until stop; ponder until ponderhit.
	h("position startpos moves e2e4 e7e5 g1f3 b8c6 draw relocate")
	n := len(out.lines())
	// The answer comes after stop (ponderhit), never before: stop is sent
	// once the search has reported depth 2 (or answered, wrongly), and the
	// bestmove must follow the lines printed before it.
	h("go infinite")
	out.waitFor(t, n, depth2OrBestmove, 20*time.Second)
	m := len(out.lines())
	h("stop")
	st := luckyState(t, lucky.Options{}, "e2e4", "e7e5", "g1f3", "b8c6", "draw", "relocate")
	i := out.waitFor(t, n, prefix("bestmove"), 5*time.Second)
	if i < m {
		t.Fatalf("infinite search answered before stop: %q", out.lines()[n:])
	}
	checkLuckyBestmove(t, out.lines()[i], st)
	n = len(out.lines())
	h("go ponder wtime 1 btime 1")
	out.waitFor(t, n, depth3OrBestmove, 120*time.Second)
	m = len(out.lines())
	h("ponderhit")
	i = out.waitFor(t, n, prefix("bestmove"), 5*time.Second)
	if i < m {
		t.Fatalf("ponder search answered before ponderhit: %q", out.lines()[n:])
	}
	checkLuckyBestmove(t, out.lines()[i], st)

	// perft: each card kind the pile may give is one reveal.
	n = len(out.lines())
	h("position startpos moves e2e4 e7e5 g1f3 b8c6 draw")
	h("go perft 1")
	i = out.waitFor(t, n, prefix("Nodes searched: "), 5*time.Second)
	kinds := len(luckyState(t, lucky.Options{}, "e2e4", "e7e5", "g1f3", "b8c6", "draw").Chances(nil))
	if out.lines()[i] != fmt.Sprintf("Nodes searched: %d", kinds) || kinds != 48 {
		t.Errorf("perft: %q", out.lines()[n:])
	}
}
