package protocol_test

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"azar/variants"
	"azar/variants/chess"
	"azar/variants/magic"
)

// Ajedrez Mágico through the protocol (docs/protocol.md, "Magic chess").

func magicSession(t *testing.T, opts ...string) (*sink, func(string)) {
	return variantSession(t, "magic", append([]string{"setoption name Hash value 4", "setoption name Magic_Worlds value 2"}, opts...)...)
}

// magicView is the state a magic FEN (with the hands it knows) reaches
// after the moves: what the engine's position is checked against.
func magicView(t *testing.T, opts magic.Options, fen string, moves ...string) *magic.State {
	t.Helper()
	st, err := magic.ParseState(fen, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.ApplyTokens(moves...); err != nil {
		t.Fatal(err)
	}
	return st
}

// magicBest returns the token of the last line, a bestmove, and checks it
// is legal in st (0000 read as pass).
func magicBest(t *testing.T, lines []string, st *magic.State) string {
	t.Helper()
	tok, ok := strings.CutPrefix(lines[len(lines)-1], "bestmove ")
	if !ok || strings.Contains(tok, " ") {
		t.Fatalf("not a bestmove line: %q", lines)
	}
	if _, err := st.ParseAction(tok); err != nil {
		t.Fatalf("bestmove %s is illegal in %s: %v", tok, st.EncodeHands(), err)
	}
	return tok
}

var magicInfoRE = regexp.MustCompile(`^info depth \d+ seldepth \d+ multipv 1 score (cp|mate) -?\d+ nodes \d+ nps \d+ hashfull \d+ time \d+( pv \S+( \S+)*)?$`)

// checkMagicInfo asserts the info lines of a magic search are in the
// chess format, each followed by its worlds line.
func checkMagicInfo(t *testing.T, lines []string) {
	t.Helper()
	for i, l := range lines {
		if !strings.HasPrefix(l, "info depth") {
			continue
		}
		if !magicInfoRE.MatchString(l) || i+1 == len(lines) || !strings.HasPrefix(lines[i+1], "info string worlds ") {
			t.Errorf("malformed info lines %q", lines[i:min(i+2, len(lines))])
		}
	}
}

// magicD returns d's lines.
func magicD(t *testing.T, out *sink, h func(string)) []string {
	t.Helper()
	return linesUntil(t, out, h, prefix("Status:"), "d")
}

// The fool's mate with White holding a wall (AM34), the only card of the
// three that can save it: White must answer AM34 on f2 or g3.
const foolsMate = "position startpos hand AM01,AM02,AM34 moves f2f3 pass e7e5 pass g2g4 pass d8h4 pass"

var foolsMateMoves = []string{"f2f3", "pass", "e7e5", "pass", "g2g4", "pass", "d8h4", "pass"}

func TestMagicOptions(t *testing.T) {
	out, h := magicSession(t)
	ls := linesUntil(t, out, h, prefix("uciok"), "uci")
	want := []string{
		"option name UCI_Variant type combo default chess var chess var spy var lucky var chaturanga4 var magic",
		"option name Magic_Mode type combo default classic var classic var advanced",
		"option name Magic_HandSize type spin default 10 min 1 max 10",
		"option name Magic_DrawClaims type combo default automatic var automatic var fide",
		"option name Magic_Cards type combo default search var search var never var random",
		"option name Magic_Worlds type spin default 16 min 1 max 256",
		"option name Magic_CardDepth type spin default 0 min 0 max 64",
		"option name Magic_CardMargin type spin default 0 min 0 max 1000",
		"option name Magic_Belief type combo default uniform var uniform var passes",
		"uciok",
	}
	if i := slices.Index(ls, want[1]); i < 0 || !slices.Equal(ls[i:], want[1:]) || !slices.Contains(ls, want[0]) {
		t.Errorf("uci: %q", ls)
	}
	// A rule option resets the position to the start under the new rules.
	h("position startpos moves e2e4 pass")
	h("setoption name Magic_HandSize value 3")
	d := magicD(t, out, h)
	if !slices.Contains(d, "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 hands=3,3 discard=- effects=- pool=-/-") ||
		!slices.Contains(d, "Rules: mode=classic hand_size=3 draw_claims=automatic") {
		t.Errorf("d after Magic_HandSize 3: %q", d)
	}
	// The same value again changes nothing.
	h("position startpos hand AM01,AM02,AM03 moves e2e4")
	h("setoption name Magic_HandSize value 3")
	if d := magicD(t, out, h); !slices.Contains(d, "Hands: white AM01,AM02,AM03 (3), black 3 unknown") {
		t.Errorf("d after setting the same hand size: %q", d)
	}
	for _, c := range []struct{ set, want string }{
		{"setoption name Magic_Mode value advanced", "Rules: mode=advanced hand_size=3 draw_claims=automatic"},
		{"setoption name Magic_DrawClaims value FIDE", "Rules: mode=advanced hand_size=3 draw_claims=fide"},
	} {
		h(c.set)
		if d := magicD(t, out, h); !slices.Contains(d, c.want) || !slices.Contains(d, "Hands: white 3 unknown, black 3 unknown") {
			t.Errorf("%s: d %q", c.set, d)
		}
	}
	for _, bad := range []string{
		"setoption name Magic_HandSize value 0", "setoption name Magic_HandSize value 11", "setoption name Magic_Mode value fast",
		"setoption name Magic_DrawClaims value never", "setoption name Magic_Cards value sometimes", "setoption name Magic_Worlds value 0",
		"setoption name Magic_CardMargin value -1", "setoption name Magic_CardMargin value x", "setoption name Magic_Belief value guess",
	} {
		got := linesUntil(t, out, h, func(l string) bool { return l == "readyok" }, bad, "isready")
		if len(got) != 2 || !strings.HasPrefix(got[0], "info string error option Magic_") {
			t.Errorf("%s: %q", bad, got)
		}
	}
	if d := magicD(t, out, h); !slices.Contains(d, "Rules: mode=advanced hand_size=3 draw_claims=fide") {
		t.Errorf("a refused value changed the rules: %q", d)
	}
}

// TestMagicPositionKept: every refused position gets one error line and
// leaves the previous position.
func TestMagicPositionKept(t *testing.T) {
	out, h := magicSession(t, "setoption name Magic_HandSize value 3")
	h("position startpos hand AM01,AM02,AM03 moves e2e4 pass")
	before := magicD(t, out, h)
	for _, c := range []struct{ cmd, want string }{
		{"position startpos hand AM01,AM02", "info string error position: hand AM01,AM02: 2 cards dealt, want 3 (Magic_HandSize)"},
		{"position startpos hand AM01,AM02,AM99", `info string error position: hand "AM01,AM02,AM99": unknown card "AM99"`},
		{"position startpos hand AM08,AM09,AM40 moves AM08", "info string error position: hand AM08,AM09,AM40: action 1 commits AM08 for white, but the hand holds it"},
		{"position startpos hand AM05,AM06,AM07 moves e2e4 pass AM08 d2d4 pass", "info string error position: hand AM05,AM06,AM07: action 3 commits AM08 for black, who was not dealt it"},
		{"position startpos moves e2e4 e7e5", `info string error position: action 2: illegal action: "e7e5" in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1 hands=3,3 discard=- effects=- pool=-/- phase=end moved=1 irrev=1`},
		{"position startpos moves e2e4 AM13:b1-c3", `info string error position: action 2: malformed action "AM13:b1-c3": `},
		{"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 hands=3,3 white=AM01,AM02,AM03 hand AM01,AM02,AM03", "info string error position: 'hand' with a FEN"},
		{"position fen 8/8/8/8/8/8/8/8 w - - 0 1", "info string error position: magic state "},
		{"position startpos hand AM01,AM02,AM03 sideways", "info string error position: unexpected \"sideways\" (want 'hand' or 'moves')"},
	} {
		got := linesUntil(t, out, h, func(l string) bool { return l == "readyok" }, c.cmd, "isready")
		if len(got) != 2 || !strings.HasPrefix(got[0], c.want) {
			t.Errorf("%s: %q, want %q", c.cmd, got, c.want)
		}
		if d := magicD(t, out, h); !slices.Equal(d, before) {
			t.Fatalf("%s changed the position: %q", c.cmd, d)
		}
	}
}

// TestMagicGo: the engine's decisions in each kind of window.
func TestMagicGo(t *testing.T) {
	opts3 := magic.Options{HandSize: 3}
	start3 := "startpos hands=3,3"
	t.Run("move", func(t *testing.T) {
		out, h := magicSession(t, "setoption name Magic_HandSize value 3")
		got := linesUntil(t, out, h, prefix("bestmove"), "position startpos hand AM01,AM08,AM40 moves e2e4 pass", "go depth 1")
		// The hand is Black's, the seat to act.
		magicBest(t, got, magicView(t, opts3, start3+" black=AM01,AM08,AM40", "e2e4", "pass"))
		checkMagicInfo(t, got[:len(got)-1])
		if count(got, prefix("info depth 1 ")) != 1 || count(got, prefix("info string worlds 2")) != 1 {
			t.Errorf("info lines: %q", got)
		}
		// Without a hand the engine commits no card.
		got = linesUntil(t, out, h, prefix("bestmove"), "position startpos moves e2e4 pass", "go depth 1")
		if tok := magicBest(t, got, magicView(t, opts3, start3, "e2e4", "pass")); strings.HasPrefix(tok, "AM") {
			t.Errorf("bestmove %s: a card the engine does not know it holds", tok)
		}
	})
	t.Run("mate save", func(t *testing.T) {
		out, h := magicSession(t, "setoption name Magic_HandSize value 3")
		st := magicView(t, opts3, start3+" white=AM01,AM02,AM34", foolsMateMoves...)
		got := linesUntil(t, out, h, prefix("bestmove"), foolsMate, "go depth 1")
		if tok := magicBest(t, got, st); tok != "AM34:f2" && tok != "AM34:g3" {
			t.Errorf("mate save: bestmove %s, want the wall on f2 or g3: %q", tok, got)
		}
		// The engine that never commits a card declines the save.
		h("setoption name Magic_Cards value never")
		got = linesUntil(t, out, h, prefix("bestmove"), "go depth 1")
		if got[len(got)-1] != "bestmove 0000" {
			t.Errorf("Magic_Cards never at the mate save: %q", got)
		}
		// After the pass the game is over: lost.
		got = linesUntil(t, out, h, prefix("bestmove"), foolsMate+" 0000", "go depth 1")
		if !slices.Equal(got, []string{"info depth 0 score mate 0", "bestmove 0000"}) {
			t.Errorf("after declining the save: %q", got)
		}
		// Saved, the turn is move only.
		got = linesUntil(t, out, h, prefix("bestmove"), foolsMate+" AM34:g3", "setoption name Magic_Cards value search", "go depth 1")
		if tok := magicBest(t, got, magicView(t, opts3, start3+" white=AM01,AM02,AM34", append(foolsMateMoves, "AM34:g3")...)); strings.HasPrefix(tok, "AM") {
			t.Errorf("move only: bestmove %s", tok)
		}
	})
	t.Run("reaction", func(t *testing.T) {
		out, h := magicSession(t, "setoption name Magic_HandSize value 3", "setoption name Magic_Mode value advanced")
		optsA := magic.Options{HandSize: 3, Mode: magic.Advanced}
		// Black teleports its knight; White may counter or pass.
		moves := []string{"e2e4", "pass", "AM13:b8,c6"}
		got := linesUntil(t, out, h, prefix("bestmove"), "position startpos hand AM01,AM02,AM03 moves "+strings.Join(moves, " "), "go depth 1")
		st := magicView(t, optsA, start3+" white=AM01,AM02,AM03", moves...)
		tok := magicBest(t, got, st)
		if tok != "0000" && tok != "AM01" && tok != "AM02" {
			t.Errorf("R-COMMIT: bestmove %s", tok)
		}
		// searchmoves narrows the choice to the pass.
		got = linesUntil(t, out, h, prefix("bestmove"), "go depth 1 searchmoves pass")
		if got[len(got)-1] != "bestmove 0000" {
			t.Errorf("go searchmoves pass: %q", got)
		}
		// A card the engine does not hold is no searchmove.
		got = linesUntil(t, out, h, prefix("bestmove"), "go depth 1 searchmoves AM08")
		if !strings.HasPrefix(got[0], "info string error go: searchmoves: \"AM08\" is illegal or malformed here") {
			t.Errorf("go searchmoves AM08: %q", got)
		}
	})
	t.Run("random", func(t *testing.T) {
		out, h := magicSession(t, "setoption name Magic_HandSize value 3", "setoption name Magic_Cards value random")
		got := linesUntil(t, out, h, prefix("bestmove"), "position startpos hand AM13,AM29,AM34", "go depth 1")
		if tok := magicBest(t, got, magicView(t, opts3, start3+" white=AM13,AM29,AM34")); !strings.HasPrefix(tok, "AM") {
			t.Errorf("Magic_Cards random with cards to commit: bestmove %s", tok)
		}
	})
	t.Run("perft and eval", func(t *testing.T) {
		out, h := magicSession(t, "setoption name Magic_HandSize value 3")
		h("position startpos hand AM01,AM02,AM34")
		got := linesUntil(t, out, h, prefix("Nodes searched"), "go perft 1")
		st := magicView(t, opts3, start3+" white=AM01,AM02,AM34")
		if want := len(st.Legal(nil)); got[len(got)-1] != "Nodes searched: "+strconv.Itoa(want) {
			t.Errorf("perft 1: %q, want %d", got[len(got)-1], want)
		}
		got = linesUntil(t, out, h, prefix("Eval:"), "eval")
		if !strings.HasPrefix(got[0], "Eval: ") || !strings.HasSuffix(got[0], " cp (White)") {
			t.Errorf("eval: %q", got)
		}
	})
}

// checkMagicBestmove checks a bestmove against the magic position d
// printed: legal there (0000 as the pass), no card where the engine does
// not know the hand of the seat to act. The FEN has no history, so a
// rewind (AM03/AM04) and a claim are taken on trust where d allows them.
func checkMagicBestmove(t *testing.T, best string, d []string) {
	t.Helper()
	var fen, status string
	var opts magic.Options
	for _, l := range d {
		if f, ok := strings.CutPrefix(l, "Fen: "); ok {
			fen = f
		}
		if r, ok := strings.CutPrefix(l, "Rules: "); ok {
			for _, kv := range strings.Fields(r) {
				k, v, _ := strings.Cut(kv, "=")
				if err := opts.Set(k, v); err != nil {
					t.Fatalf("d printed rules %q: %v", r, err)
				}
			}
		}
		if s, ok := strings.CutPrefix(l, "Status: "); ok {
			status = s
		}
	}
	tok, _ := strings.CutPrefix(best, "bestmove ")
	if strings.HasPrefix(status, "over") || strings.HasSuffix(status, ", 0 legal actions") {
		if tok != "0000" {
			t.Fatalf("bestmove %s with nothing to choose: %q", tok, d)
		}
		return
	}
	st, err := magic.ParseState(fen, opts)
	if err != nil {
		t.Fatalf("d printed an unreadable magic FEN %q: %v", fen, err)
	}
	if _, known := st.Hand(chess.Color(st.ToAct())); !known && strings.HasPrefix(tok, "AM") {
		t.Fatalf("bestmove %s: a card of a hand the engine does not know, in %s", tok, fen)
	}
	if tok == "AM03" || tok == "AM04" || (tok == "claim" && strings.HasSuffix(status, ", may claim a draw")) {
		return
	}
	if _, err := st.ParseAction(tok); err != nil {
		t.Fatalf("bestmove %s is illegal in %s: %v", tok, fen, err)
	}
}

// FuzzMagicCommand is FuzzCommand in the magic variant (its rules:
// never a panic, one bestmove per go but an accepted go perft, a legal
// one, at most one error line per command), starting from a magic
// session so that the fuzzer's mutations stay in the variant.
func FuzzMagicCommand(f *testing.F) {
	for _, s := range []string{
		"position startpos\ngo depth 1\nd\neval",
		"setoption name Magic_HandSize value 3\n" + foolsMate + "\ngo depth 1\nd",
		"setoption name Magic_HandSize value 3\nsetoption name Magic_Cards value never\n" + foolsMate + "\ngo depth 1",
		"setoption name Magic_HandSize value 3\n" + foolsMate + " AM34:g3\ngo depth 1\ngo perft 2",
		"setoption name Magic_HandSize value 3\n" + foolsMate + " 0000\ngo depth 1\nd",
		"setoption name Magic_HandSize value 3\nsetoption name Magic_Mode value advanced\nposition startpos hand AM01,AM02,AM03 moves e2e4 pass AM13:b8,c6\ngo depth 1 searchmoves AM01 pass\nd",
		"setoption name Magic_HandSize value 3\nsetoption name Magic_Mode value advanced\nposition startpos moves e2e4 pass AM13:b8,c6\ngo depth 1 searchmoves AM01\ngo nodes 50",
		"setoption name Magic_HandSize value 2\nsetoption name Magic_Cards value random\nposition startpos hand AM13,AM34\ngo depth 1\ngo movetime 5",
		"setoption name Magic_HandSize value 1\nsetoption name Magic_DrawClaims value fide\nposition startpos hand AM40 moves g1f3 pass g8f6 pass f3g1 pass f6g8 pass g1f3 pass g8f6 pass f3g1 pass f6g8 pass\nd\ngo depth 1",
		"setoption name Magic_HandSize value 3\nposition startpos hand AM08,AM09,AM40 moves AM08\nposition startpos hand AM05,AM06,AM07 moves e2e4 pass AM08 d2d4 pass\nd",
		"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 hands=3,3 white=AM05,AM06,AM07 discard=- effects=- pool=-/- moves AM05:e2\ngo depth 1",
		"position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 hands=1,1 black=AM03 discard=- effects=AM34w#2@e5 pool=QRR/-\ngo depth 1\nd",
		"position startpos hand AM01\nposition startpos hand AM41,AM02\nposition fen startpos hand x\ngo infinite\nstop",
		"setoption name Magic_Worlds value 1\nposition startpos moves e2e4 pass e7e5 pass\ngo ponder\nponderhit\ngo wtime 100 btime 100",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		fuzzSession(t, input, "setoption name UCI_Variant value magic", "setoption name Magic_Worlds value 2")
	})
}

// TestMagicTranscript drives the real binary as the referee does: a
// seeded deal, each seat told only its own dealt hand, every window asked
// with go, every answer applied to the referee's state; then standard
// chess untouched.
func TestMagicTranscript(t *testing.T) {
	e := startEngine(t, "azar")
	e.send("uci")
	lines := e.readUntil(prefix("uciok"), 10*time.Second)
	if !slices.Contains(lines, "option name Magic_Cards type combo default search var search var never var random") {
		t.Errorf("uci: %q", lines)
	}
	e.send("setoption name UCI_Variant value magic", "setoption name Magic_Mode value advanced",
		"setoption name Magic_HandSize value 3", "setoption name Magic_Worlds value 1", "setoption name Hash value 4", "ucinewgame")
	if got := e.sync(); len(got) != 0 {
		t.Fatalf("setoption answered %q", got)
	}
	opts := magic.Options{Mode: magic.Advanced, HandSize: 3}
	ref := magic.New(opts, 11)
	var dealt [2]magic.CardSet
	for c := chess.White; c <= chess.Black; c++ {
		dealt[c], _ = ref.Hand(c)
	}
	var history []string
	seats := map[variants.Player]int{}
	for len(history) < 16 && ref.ToAct() >= 0 {
		seat := ref.ToAct()
		seats[seat]++
		e.send("position startpos hand "+dealt[seat].String()+" moves "+strings.Join(history, " "), "go movetime 20")
		lines := e.readUntil(prefix("bestmove"), 60*time.Second)
		tok := magicBest(t, lines, ref.View(seat))
		checkMagicInfo(t, lines[:len(lines)-1])
		if err := ref.ApplyTokens(tok); err != nil {
			t.Fatalf("bestmove %s after %v: %v", tok, history, err)
		}
		history = append(history, tok)
	}
	if seats[0] == 0 || seats[1] == 0 {
		t.Errorf("decisions per seat %v", seats)
	}
	// Both seats' views agree with the referee's public state.
	for c := chess.White; c <= chess.Black; c++ {
		e.send("position startpos hand "+dealt[c].String()+" moves "+strings.Join(history, " "), "d")
		d := e.readUntil(prefix("Status: "), 5*time.Second)
		if ref.ToAct() == variants.Player(c) {
			if want := "Fen: " + ref.View(variants.Player(c)).EncodeHands(); !slices.Contains(d, want) {
				t.Errorf("d for %s: %q, want %q", c, d, want)
			}
		}
	}
	// Bad input: one error line, the position kept.
	e.send("d")
	before := e.readUntil(prefix("Status: "), 5*time.Second)
	for _, bad := range []string{
		"position startpos hand " + dealt[0].String() + " moves " + strings.Join(history, " ") + " e2e5",
		"position startpos hand AM01 moves " + strings.Join(history, " "),
		"position startpos hand AM01,AM02,AM77",
		"position fen 8/8/8/8/8/8/8/8 w - - 0 1",
	} {
		e.send(bad)
		if got := e.sync(); len(got) != 1 || !strings.HasPrefix(got[0], "info string error position: ") {
			t.Errorf("%q: %q", bad, got)
		}
	}
	e.send("d")
	if after := e.readUntil(prefix("Status: "), 5*time.Second); !slices.Equal(before, after) {
		t.Errorf("an error changed the position: %q, then %q", before, after)
	}
	// Standard chess is as it was.
	e.send("setoption name UCI_Variant value chess", "position startpos moves e2e4", "go depth 2")
	lines = e.readUntil(prefix("bestmove"), 20*time.Second)
	checkBestmove(t, lines[len(lines)-1], position(t, chess.StartFEN, "e2e4"))
}
