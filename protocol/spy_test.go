package protocol_test

import (
	"strings"
	"testing"
	"time"

	"azar/variants/spy"
)

// The spy variant through the protocol (docs/protocol.md, "Spy chess").

// spyView builds the state a spy position command describes: fen (with its
// cards field, if any) and the actions.
func spyView(t *testing.T, fen string, moves ...string) *spy.State {
	t.Helper()
	st, err := spy.ParseState(fen, spy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.ApplyTokens(moves...); err != nil {
		t.Fatal(err)
	}
	return st
}

// checkSpyBestmove asserts the line is `bestmove <action>` with an action
// legal in st that the engine may choose, and returns the token.
func checkSpyBestmove(t *testing.T, line string, st *spy.State) string {
	t.Helper()
	tok, ok := strings.CutPrefix(line, "bestmove ")
	if !ok || strings.Contains(tok, " ") {
		t.Fatalf("not a spy bestmove line: %q", line)
	}
	if _, err := st.ParseAction(tok); err != nil {
		t.Fatalf("bestmove %s is illegal in %s: %v", tok, st.EncodeFull(), err)
	}
	return tok
}

func TestSpyTranscript(t *testing.T) {
	e := startEngine(t, "azar")
	e.send("uci")
	e.readUntil(func(l string) bool { return l == "uciok" }, 10*time.Second)
	e.send("setoption name UCI_Variant value spy", "setoption name SpyWorlds value 8", "ucinewgame")
	if got := e.sync(); len(got) != 0 {
		t.Fatalf("setoption answered %q", got)
	}
	// The start position with the engine's card, then a game.
	e.send("position startpos card spy:KN moves e2e4 e7e5")
	fen := fenOf(t, e)
	if !strings.HasSuffix(fen, " w=spy:KN") || !strings.HasPrefix(fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 RBN/RBN") {
		t.Errorf("d after position startpos card spy:KN moves e2e4 e7e5: Fen %q", fen)
	}
	e.send("go depth 2")
	lines := e.readUntil(prefix("bestmove"), 30*time.Second)
	checkSpyBestmove(t, lines[len(lines)-1], spyView(t, spy.StartFEN+" w=spy:KN", "e2e4", "e7e5"))
	checkInfoLines(t, lines[:len(lines)-1])
	if count(lines, prefix("info depth 2 ")) != 1 {
		t.Errorf("no depth-2 info line in %q", lines)
	}

	// Black's engine, told White's reveal (reveal:<card>) and playing its
	// own reveal with the bare token.
	moves := "e2e4 d7d5 e4e5 d5d4 reveal:spy:Pf"
	e.send("position startpos card b=spy:Pc moves " + moves)
	fen = fenOf(t, e)
	if !strings.Contains(fen, "cX=spy:Pf/") || !strings.HasSuffix(fen, "b=spy:Pc") {
		t.Errorf("after White's reveal: Fen %q", fen)
	}
	e.send("position startpos card b=spy:Pc moves " + moves + " e8f7 g1f3 reveal")
	fen = fenOf(t, e)
	if !strings.Contains(fen, "cX=spy:Pf/cX=spy:Pc") {
		t.Errorf("after both reveals: Fen %q", fen)
	}
	e.send("go nodes 3000")
	lines = e.readUntil(prefix("bestmove"), 30*time.Second)
	checkSpyBestmove(t, lines[len(lines)-1], spyView(t, spy.StartFEN, strings.Fields(moves+" e8f7 g1f3 reveal:spy:Pc")...))

	// Bad input: one error line each, the position unchanged.
	before := fenOf(t, e)
	for _, bad := range []string{
		"position startpos card",
		"position startpos card spy:XX",
		"position startpos card wild moves e2e4",                        // the choice comes first
		"position startpos card w=spy:KN,w=spy:KB",                      // twice
		"position startpos card spy:KN spy:KB",                          // extra token
		"position startpos moves e2e4 reveal",                           // Black's card unknown
		"position startpos card spy:Pa moves e2e4 reveal",               // centre not crossed
		"position startpos card b=spy:Pa moves e2e4 d7d5 reveal:spy:KN", // White cannot reveal yet
		"position startpos moves e2e4 e7e5 e1e3",
		"position fen " + spy.StartFEN + " x=spy:KN",
		"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 R/RBN",
		"position fen 1 2 3 4 5 6 7 8 9 10 11",
	} {
		e.send(bad)
		got := e.sync()
		if len(got) != 1 || !strings.HasPrefix(got[0], "info string error ") {
			t.Errorf("%q answered %q, want one error line", bad, got)
		}
		if f := fenOf(t, e); f != before {
			t.Errorf("%q changed the position to %q", bad, f)
		}
	}

	// Back to chess: its own position, untouched by the spy commands.
	e.send("setoption name UCI_Variant value chess", "position startpos moves d2d4")
	if f := fenOf(t, e); f != "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1" {
		t.Errorf("chess d: %q", f)
	}
	e.send("go depth 2")
	lines = e.readUntil(prefix("bestmove"), 10*time.Second)
	checkBestmove(t, lines[len(lines)-1], position(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "d2d4"))
	e.finish(true)
}

// spySession starts an in-process session in the spy variant.
func spySession(t *testing.T, opts ...string) (*sink, func(string)) {
	return variantSession(t, "spy", opts...)
}

// bestAfter sends the lines and returns the bestmove that follows.
func bestAfter(t *testing.T, out *sink, h func(string), lines ...string) string {
	t.Helper()
	n := len(out.lines())
	for _, l := range lines {
		h(l)
	}
	i := out.waitFor(t, n, prefix("bestmove"), 20*time.Second)
	return out.lines()[i]
}

const (
	// White's spy (Black's king's knight, on f6) forks king and rook
	// when revealed.
	spyForkFEN = "4k3/7r/5n2/8/8/8/5PPP/5BQK w - - 0 1 RBN/- c-/-- g8:f6"
	// A reveal that mates (Black's king's rook, on e8, turns white).
	spyMateFEN = "4r2k/6pp/8/8/8/8/8/3QK3 w - - 0 1 RBN/- c-/-- h8:e8"
)

func TestSpyPolicies(t *testing.T) {
	out, h := spySession(t)
	if l := bestAfter(t, out, h, "position fen "+spyForkFEN+" card spy:KN", "go depth 3"); l != "bestmove reveal:spy:KN" {
		t.Errorf("search policy: %q, want the forking reveal", l)
	}
	if l := bestAfter(t, out, h, "position fen "+spyMateFEN+" card w=spy:KR", "go depth 2"); l != "bestmove reveal:spy:KR" {
		t.Errorf("mating reveal: %q", l)
	}
	if !strings.Contains(out.lines()[len(out.lines())-2], " score mate 1 ") {
		t.Errorf("mating reveal scored %q", out.lines()[len(out.lines())-2])
	}
	h("setoption name SpyRevealPolicy value never")
	if l := bestAfter(t, out, h, "position fen "+spyForkFEN+" card spy:KN", "go depth 3"); strings.Contains(l, "reveal") {
		t.Errorf("never policy: %q", l)
	}
	h("setoption name SpyRevealPolicy value ASAP")
	if l := bestAfter(t, out, h, "position startpos card spy:Pa moves e2e4 d7d5 e4e5 d5d4", "go depth 3"); l != "bestmove reveal:spy:Pa" {
		t.Errorf("asap policy: %q", l)
	}
	// searchmoves takes reveal tokens.
	h("setoption name SpyRevealPolicy value search")
	if l := bestAfter(t, out, h, "position fen "+spyForkFEN+" card spy:KN", "go depth 2 searchmoves g1e2 reveal"); l != "bestmove reveal:spy:KN" {
		t.Errorf("searchmoves with reveal: %q", l)
	}
	if l := bestAfter(t, out, h, "go depth 2 searchmoves g1e2"); l != "bestmove g1e2" {
		t.Errorf("searchmoves g1e2: %q", l)
	}
}

func TestSpyWildcardAndEnd(t *testing.T) {
	out, h := spySession(t)
	// A bare wildcard: go answers its choice.
	if l := bestAfter(t, out, h, "position startpos card b=wild", "go wtime 1000 btime 1000"); l != "bestmove wild:QR" {
		t.Errorf("wildcard choice: %q", l)
	}
	if l := bestAfter(t, out, h, "position startpos card wild:QR moves e2e4", "go nodes 2000"); !strings.HasPrefix(l, "bestmove ") {
		t.Errorf("after the choice: %q", l)
	}
	// Checkmated (the reveal cannot help): 0000 with mate 0.
	n := len(out.lines())
	h("position fen " + spyMateFEN + " card w=spy:KR moves reveal")
	h("go depth 3")
	i := out.waitFor(t, n, prefix("bestmove"), 10*time.Second)
	if got := out.lines()[n : i+1]; len(got) != 2 || got[0] != "info depth 0 score mate 0" || got[1] != "bestmove 0000" {
		t.Errorf("mated side answered %q", got)
	}
	// King capture: a rule option, which resets the position.
	h("setoption name SpyKingCapture value true")
	n = len(out.lines())
	h("d")
	if ls := out.lines()[n:]; !strings.Contains(strings.Join(ls, "\n"), "Fen: "+spy.StartFEN) {
		t.Errorf("d after a rule change: %q", ls)
	}
	// The king steps into check, which is legal there.
	if l := bestAfter(t, out, h, "position fen 4k3/8/8/8/8/8/3r4/4K3 w - - 0 1 -/- --/-- - w=neutral", "go depth 1 searchmoves e1d1"); l != "bestmove e1d1" {
		t.Errorf("king capture searchmoves: %q", l)
	}
}

func TestSpyStopPonderPerft(t *testing.T) {
	out, h := spySession(t)
	h("position startpos card spy:QB moves e2e4")
	st := spyView(t, spy.StartFEN+" b=spy:QB", "e2e4")
	n := len(out.lines())
	h("go infinite")
	h("isready")
	out.waitFor(t, n, prefix("info depth 2 "), 20*time.Second)
	h("stop")
	ls := out.lines()[n:]
	if count(ls, prefix("bestmove")) != 1 {
		t.Fatalf("stop: %q", ls)
	}
	checkSpyBestmove(t, ls[len(ls)-1], st)
	checkInfoLines(t, ls)

	n = len(out.lines())
	h("go ponder wtime 1 btime 1")
	out.waitFor(t, n, depth3OrBestmove, 120*time.Second)
	m := len(out.lines())
	h("ponderhit")
	i := out.waitFor(t, n, prefix("bestmove"), 10*time.Second)
	if i < m {
		t.Errorf("ponder search answered before ponderhit: %q", out.lines()[n:])
	}
	checkSpyBestmove(t, out.lines()[i], st)

	n = len(out.lines())
	h("go perft 2")
	i = out.waitFor(t, n, prefix("Nodes searched: "), 10*time.Second)
	// The count is the view's own perft.
	if want := "Nodes searched: " + itoa(int(st.Perft(2))); out.lines()[i] != want {
		t.Errorf("perft: %q, want %q", out.lines()[i], want)
	}
	n = len(out.lines())
	h("eval")
	if ls := out.lines()[n:]; len(ls) != 1 || !strings.HasPrefix(ls[0], "Eval: ") {
		t.Errorf("eval: %q", ls)
	}
}

// TestSpyClaim: under SpyDrawClaims fide a threefold repetition may be
// claimed (token claim): the engine, down a queen, answers bestmove claim;
// a claim in the moves ends the game; a claim with nothing to claim, or
// under automatic draws, is one error line and the position is kept.
func TestSpyClaim(t *testing.T) {
	out, h := spySession(t, "setoption name SpyDrawClaims value fide")
	// White's knight and Black's queen go out and back twice: White to
	// move in the start position for the third time.
	const lost = "k2q4/8/8/8/8/8/8/1N5K w - - 0 1 -/RBN --/-- -"
	twice := " moves b1a3 d8d7 a3b1 d7d8 b1a3 d8d7 a3b1 d7d8"
	if l := bestAfter(t, out, h, "position fen "+lost+" card neutral"+twice, "go depth 3"); l != "bestmove claim" {
		t.Errorf("down a queen at a threefold: %q, want bestmove claim", l)
	}
	if l := bestAfter(t, out, h, "go depth 2 searchmoves claim"); l != "bestmove claim" {
		t.Errorf("searchmoves claim: %q", l)
	}
	display := func() string {
		n := len(out.lines())
		h("d")
		h("isready")
		i := out.waitFor(t, n, func(l string) bool { return l == "readyok" }, 5*time.Second)
		return strings.Join(out.lines()[n:i], "\n")
	}
	// The claim ends the game; the card given is still White's, the side
	// to move (the claim is no turn).
	h("position fen " + lost + " card neutral" + twice + " claim")
	d := display()
	if !strings.Contains(d, "Status: over, draw: threefold repetition (claimed)") || !strings.Contains(d, "Cards: white neutral") {
		t.Errorf("d after the claim:\n%s", d)
	}
	if l := bestAfter(t, out, h, "go depth 2"); l != "bestmove 0000" {
		t.Errorf("go after the claim: %q", l)
	}

	h("position fen " + lost + " card neutral" + twice)
	before := display()
	if !strings.Contains(before, "legal actions, may claim threefold repetition, ") {
		t.Errorf("d at the threefold:\n%s", before)
	}
	for _, bad := range []string{
		"position fen " + lost + " card neutral moves b1a3 claim", // nothing to claim
		"position fen " + lost + " card neutral" + twice + " claim a3b1",
		"position fen " + lost + twice + " claim:3",
		"position startpos moves claim",
	} {
		n := len(out.lines())
		h(bad)
		h("isready")
		i := out.waitFor(t, n, func(l string) bool { return l == "readyok" }, 5*time.Second)
		if got := out.lines()[n:i]; len(got) != 1 || !strings.HasPrefix(got[0], "info string error ") {
			t.Errorf("%q answered %q, want one error line", bad, got)
		}
		if d := display(); d != before {
			t.Errorf("%q changed the position:\n%s", bad, d)
		}
	}
	// A bad searchmoves is dropped: its error line, then the search.
	if got := goAnswer(t, out, h, "go depth 1 searchmoves claims"); count(got, prefix("info string error go: searchmoves")) != 1 {
		t.Errorf("go depth 1 searchmoves claims answered %q", got)
	}
	if d := display(); d != before {
		t.Errorf("go changed the position:\n%s", d)
	}
	// Automatic draws: the threefold is over by itself, claim is refused.
	h("setoption name SpyDrawClaims value automatic")
	n := len(out.lines())
	h("position fen " + lost + twice + " claim")
	h("isready")
	i := out.waitFor(t, n, func(l string) bool { return l == "readyok" }, 5*time.Second)
	if got := out.lines()[n:i]; len(got) != 1 || !strings.Contains(got[0], "game is over") {
		t.Errorf("claim under automatic draws answered %q", got)
	}
}
