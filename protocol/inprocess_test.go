package protocol_test

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sirupsen/logrus"

	"azar/eval/nnue"
	"azar/protocol"
	"azar/variants/chaturanga4"
	"azar/variants/chess"
	"azar/variants/lucky"
	"azar/variants/spy"
)

// sink collects a session's output for in-process tests; it is written by
// the command loop and the search goroutine at once.
type sink struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (s *sink) Write(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Write(b)
}

func (s *sink) lines() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := strings.TrimSuffix(s.buf.String(), "\n")
	if t == "" {
		return nil
	}
	return strings.Split(t, "\n")
}

// waitFor polls until some line after from matches, returning its index.
func (s *sink) waitFor(t testing.TB, from int, match func(string) bool, timeout time.Duration) int {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		ls := s.lines()
		for i := from; i < len(ls); i++ {
			if match(ls[i]) {
				return i
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no expected line within %v after line %d; output %q", timeout, from, ls[min(from, len(ls)):])
		}
		time.Sleep(time.Millisecond)
	}
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

func quietLogger() *logrus.Logger {
	l := logrus.New()
	l.SetOutput(io.Discard)
	return l
}

// newSession is an in-process protocol with small limits and no file access.
func newSession(out io.Writer, in io.Reader) *protocol.Protocol {
	if in == nil {
		in = strings.NewReader("")
	}
	return protocol.New(in, out, protocol.WithLogger(quietLogger()), protocol.WithMaxHashMB(8), protocol.WithMaxThreads(4),
		protocol.WithLogOpener(func(string) (io.WriteCloser, error) { return nopCloser{io.Discard}, nil }),
		protocol.WithNetworkLoader(func(string) (*nnue.Network, error) { return nil, errors.New("no network files in tests") }))
}

// variantSession starts an in-process session in variant, then sends
// each of opts (setoption lines); it returns the output and a sender.
func variantSession(t *testing.T, variant string, opts ...string) (*sink, func(string)) {
	out := &sink{}
	p := newSession(out, nil)
	t.Cleanup(p.Close)
	p.Handle("setoption name UCI_Variant value " + variant)
	for _, o := range opts {
		p.Handle(o)
	}
	return out, func(l string) { p.Handle(l) }
}

// TestConcurrentCommands runs a search while the loop answers other
// commands (under -race this checks the output and state sharing).
func TestConcurrentCommands(t *testing.T) {
	out := &sink{}
	p := newSession(out, nil)
	defer p.Close()
	p.Handle("setoption name Threads value 3")
	p.Handle("setoption name MultiPV value 3")
	p.Handle("position startpos moves e2e4")
	p.Handle("go infinite")
	for i := 0; i < 50; i++ {
		p.Handle("isready")
		p.Handle("d")
		p.Handle("eval")
		p.Handle("position startpos moves d2d4 d7d5")
		p.Handle("go depth 1") // rejected: searching
		p.Handle("ponderhit")  // ignored by an infinite search
		time.Sleep(time.Millisecond)
	}
	out.waitFor(t, 0, prefix("info depth 3 "), 10*time.Second)
	p.Handle("stop")
	ls := out.lines()
	if n := count(ls, prefix("bestmove")); n != 1 {
		t.Fatalf("%d bestmoves", n)
	}
	if n := count(ls, func(l string) bool { return l == "readyok" }); n != 50 {
		t.Errorf("%d readyok, want 50", n)
	}
	if n := count(ls, prefix("info string error go while searching")); n != 50 {
		t.Errorf("%d go-while-searching errors, want 50", n)
	}
	for _, l := range ls {
		if strings.HasPrefix(l, "bestmove") {
			checkBestmove(t, l, position(t, chess.StartFEN, "e2e4"))
		}
	}
	checkInfoLines(t, ls)
	// The next go searches the position set during the search.
	n := len(out.lines())
	p.Handle("go depth 2")
	i := out.waitFor(t, n, prefix("bestmove"), 10*time.Second)
	checkBestmove(t, out.lines()[i], position(t, chess.StartFEN, "d2d4", "d7d5"))
}

// TestPonderhitAtOnce: ponderhit straight after go ponder, before the
// search has properly started, must still release the bestmove.
func TestPonderhitAtOnce(t *testing.T) {
	out := &sink{}
	p := newSession(out, nil)
	defer p.Close()
	for i := 0; i < 30; i++ {
		n := len(out.lines())
		p.Handle("position startpos")
		p.Handle("go ponder wtime 100 btime 100")
		p.Handle("ponderhit")
		j := out.waitFor(t, n, prefix("bestmove"), 5*time.Second)
		checkBestmove(t, out.lines()[j], chess.NewPosition())
	}
}

// TestRun drives Run through a reader: CRLF line ends, blank lines, a last
// line without a newline, and end of input stopping the search.
func TestRun(t *testing.T) {
	in := "uci\r\n\r\n   isready  \r\nposition startpos moves e2e4\r\n\tgo infinite\r\nisready"
	out := &sink{}
	p := newSession(out, strings.NewReader(in))
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	ls := out.lines()
	if count(ls, func(l string) bool { return l == "readyok" }) != 2 || count(ls, func(l string) bool { return l == "uciok" }) != 1 {
		t.Errorf("output %q", ls)
	}
	if n := count(ls, prefix("bestmove")); n != 1 {
		t.Errorf("%d bestmoves in %q", n, ls)
	}
	checkBestmove(t, ls[len(ls)-1], position(t, chess.StartFEN, "e2e4"))
}

// TestDiagnosticsNotOnOutput: the diagnostic logger never writes to the
// protocol stream.
func TestDiagnosticsNotOnOutput(t *testing.T) {
	var logBuf bytes.Buffer
	l := logrus.New()
	l.SetOutput(&logBuf)
	l.SetLevel(logrus.DebugLevel)
	out := &sink{}
	p := protocol.New(strings.NewReader("foo\nposition fen x\nisready\n"), out, protocol.WithLogger(l))
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	ls := out.lines()
	if len(ls) != 3 || ls[0] != "info string error unknown command \"foo\"" ||
		!strings.HasPrefix(ls[1], "info string error position: ") || ls[2] != "readyok" {
		t.Errorf("output %q", ls)
	}
	if !strings.Contains(logBuf.String(), "unknown command") {
		t.Errorf("diagnostics did not get the rejected input: %q", logBuf.String())
	}
}

// FuzzCommand feeds arbitrary command lines to a session, each followed by
// stop: it must never panic, each go (but an accepted go perft) must end
// with exactly one legal bestmove, also after its error line, and any
// other rejected command gets exactly one error line and no bestmove.
func FuzzCommand(f *testing.F) {
	for _, s := range []string{
		"uci", "isready", "debug on", "debug off", "debug", "register later", "ucinewgame", "quit", "stop", "ponderhit", "d", "eval",
		"setoption name Hash value 4", "setoption name Threads value 2", "setoption name MultiPV value 3",
		"setoption name Ponder value true", "setoption name Move Overhead value 100", "setoption name UCI_Variant value chess",
		"setoption name Debug Log File value x.log", "setoption name Debug Log File value <empty>", "setoption name NullMove value false",
		"setoption name hash value 999999", "setoption name Threads value -1", "setoption name", "setoption",
		"setoption name UseNNUE value true", "setoption name EvalFile value x.nnue\nsetoption name UseNNUE value true\ngo depth 2",
		"position startpos", "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5", "position startpos moves e2e4 e2e4",
		"position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 moves e1g1",
		"position fen 8/8/8/8/8/8/8/8 w - - 0 1", "position fen 7k/8/8/8/8/8/5PPP/r5K1 w - - 0 1", "position fen k7/8/8/8/8/8/5q2/7K w - -",
		"position fen 8/P7/8/8/8/8/8/k6K w - - 0 1 moves a7a8q", "position fen", "position",
		"go", "go infinite", "go depth 3", "go nodes 500", "go mate 2", "go movetime 5", "go wtime 100 btime 100 winc 1 binc 1 movestogo 5",
		"go wtime 0 btime 0", "go ponder wtime 50 btime 50", "go searchmoves e2e4 d2d4 depth 2", "go perft 3", "go perft 20", "go depth -1",
		"go depth 99999999999999999999", "go nodes 18446744073709551615", "go wtime 9223372036854775807", "go movetime x",
		"go foo", "go depth 0", "go perft 0", "go perft 2 depth 3", "go depth 2 depth 3 bar 7", "go searchmoves zz", "go infinite depth 0",
		"position startpos\ngo depth 2\ngo depth 2", "go infinite\nisready\nstop", "go ponder\nponderhit",
		"setoption name MultiPV value 5\nposition startpos moves e2e4\ngo depth 3",
		"setoption name UCI_Variant value spy\nposition startpos card spy:KN moves e2e4 e7e5\ngo depth 2",
		"setoption name UCI_Variant value spy\nposition startpos card b=wild\ngo depth 1\nd",
		"setoption name UCI_Variant value spy\nposition startpos card spy:Pa moves e2e4 d7d5 e4e5 d5d4 reveal\ngo nodes 300\ngo perft 2",
		"setoption name UCI_Variant value spy\nsetoption name SpyDrawClaims value fide\nposition startpos card spy:KN moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8\ngo depth 2\nposition startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 claim\ngo depth 1",
		"setoption name UCI_Variant value spy\nposition startpos moves claim",
		"setoption name UCI_Variant value lucky\nposition startpos moves e2e4 e7e5 draw move2:P+P d2d4 c2c3\ngo depth 2",
		"setoption name UCI_Variant value lucky\nsetoption name Lucky_Edition value first\nsetoption name Lucky_TemporalCards value super:Q,bogus",
		"setoption name UCI_Variant value lucky\nsetoption name Lucky_KingCapture value true\nposition startpos moves e2e4 draw\ngo nodes 200",
		"setoption name UCI_Variant value spy\nsetoption name SpyHoldShare value 101\nsetoption name SpyHoldShare value 0\nposition startpos card spy:Pa\ngo depth 1",
		"setoption name UCI_Variant value spy\nsetoption name SpyRevealPlies value 129\nsetoption name SpyRevealPlies value 0\nposition startpos card spy:Pa moves e2e4 d7d5 e4e5 d5d4\ngo depth 3",
		"setoption name UCI_Variant value chaturanga4\nposition startpos moves g2f2 b2b3\ngo depth 2\ngo perft 2\nd\neval",
		"setoption name UCI_Variant value chaturanga4\nsetoption name C4Policy value maxn\nposition fen 7bK/8/8/yK7/7rK/8/8/gK6gE g rgyb -/-/-/- 0 1 moves h1h4\ngo nodes 300 searchmoves a5a4",
		"setoption name UCI_Variant value chaturanga4\nsetoption name C4_ExtendedInsufficient value true\ngo rtime 50 gtime 50 ytime 50 btime 50 rinc 1\ngo wtime 10",
		"setoption name UCI_Variant value chaturanga4\nposition fen 7rK/8/8/8/8/8/8/8 r r--- -/-/-/- 0 1\ngo depth 2",
		"setoption name UCI_Variant value magic\nsetoption name Magic_HandSize value 3\nposition startpos hand AM01,AM02,AM34 moves f2f3 pass e7e5 pass g2g4 pass d8h4 pass\ngo depth 1\nd",
		"setoption name UCI_Variant value magic\nsetoption name Magic_Mode value advanced\nposition startpos moves e2e4 pass AM13:b8,c6\ngo depth 1\nsetoption name UCI_Variant value chess\ngo depth 1",
		"xyzzy", "\x00\xff", "go \u00a0 depth 1", "position startpos moves " + strings.Repeat("g1f3 g8f6 f3g1 f6g8 ", 30),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) { fuzzSession(t, input) })
}

// fuzzSession sends the preamble, then each line of input followed by
// stop, and checks FuzzCommand's rules after each line.
func fuzzSession(t *testing.T, input string, preamble ...string) {
	out := &sink{}
	p := newSession(out, nil)
	defer p.Close()
	for _, line := range preamble {
		p.Handle(line)
	}
	for _, line := range strings.Split(input, "\n") {
		before := len(out.lines())
		goOn := p.Handle(line)
		if goOn {
			p.Handle("stop")
		}
		delta := out.lines()[before:]
		errs := count(delta, prefix("info string error"))
		bests := count(delta, prefix("bestmove"))
		f := strings.Fields(line)
		isGo := len(f) > 0 && f[0] == "go"
		perft := isGo && errs == 0 && len(f) > 1 && f[1] == "perft"
		switch {
		case errs > 1:
			t.Fatalf("%q: %d error lines: %q", line, errs, delta)
		case isGo && !perft && bests != 1:
			t.Fatalf("%q: %d bestmoves: %q", line, bests, delta)
		case (!isGo || perft) && bests != 0:
			t.Fatalf("%q: unexpected bestmove: %q", line, delta)
		}
		if bests == 1 {
			checkFuzzBestmove(t, p, out, delta)
		}
		if !goOn {
			return
		}
	}
}

// checkFuzzBestmove checks the bestmove against the session's position.
func checkFuzzBestmove(t *testing.T, p *protocol.Protocol, out *sink, delta []string) {
	var best string
	for _, l := range delta {
		if strings.HasPrefix(l, "bestmove") {
			best = l
		}
	}
	before := len(out.lines())
	p.Handle("d")
	if d := out.lines()[before:]; slices.ContainsFunc(d, prefix("Hands: ")) {
		checkMagicBestmove(t, best, d)
		return
	}
	var fen string
	var rules lucky.Options
	isLucky := false
	for _, l := range out.lines()[before:] {
		if f, ok := strings.CutPrefix(l, "Fen: "); ok {
			fen = f
		}
		if r, ok := strings.CutPrefix(l, "Rules: "); ok {
			isLucky = true
			for _, kv := range strings.Fields(r) {
				k, v, _ := strings.Cut(kv, "=")
				if err := rules.Set(k, v); err != nil {
					t.Fatalf("d printed rules %q: %v", r, err)
				}
			}
		}
		if strings.Contains(l, "(choice pending)") {
			// The spy variant's wildcard choice.
			c, err := spy.ParseCard(strings.TrimPrefix(best, "bestmove "))
			if err != nil || !c.IsWild() || c == spy.Wild {
				t.Fatalf("wildcard choice answered %q", best)
			}
			return
		}
	}
	if fen == "" && best == "bestmove 0000" {
		// No position to play in: d answered an error (inconsistent
		// lucky options), as the go did.
		return
	}
	if isLucky {
		st, err := lucky.ParseState(fen, rules)
		if err != nil {
			t.Fatalf("d printed an unreadable lucky FEN %q: %v", fen, err)
		}
		tok, _ := strings.CutPrefix(best, "bestmove ")
		if _, err := st.ParseAction(tok); err != nil {
			t.Fatalf("bestmove %q is illegal in %s: %v", tok, fen, err)
		}
		return
	}
	if slices.ContainsFunc(out.lines()[before:], prefix("Pools: ")) {
		// Four-player chaturanga: the C4N holds no history, so a game
		// over by repetition reads as live; a pass is 0000.
		pos, err := chaturanga4.ParseC4N(fen)
		if err != nil {
			t.Fatalf("d printed an unreadable C4N %q: %v", fen, err)
		}
		over := slices.ContainsFunc(out.lines()[before:], prefix("Status: over"))
		tok, _ := strings.CutPrefix(best, "bestmove ")
		if over && tok == "0000" {
			return
		}
		if _, err := pos.ParseMove(tok); err != nil {
			t.Fatalf("bestmove %q is illegal in %s: %v", tok, fen, err)
		}
		return
	}
	if len(strings.Fields(fen)) > 6 {
		// The spy variant.
		st, err := spy.ParseState(fen, spy.Options{})
		if err != nil {
			t.Fatalf("d printed an unreadable spy FEN %q: %v", fen, err)
		}
		over := slices.ContainsFunc(out.lines()[before:], prefix("Status: over"))
		if (over || len(st.Legal(nil)) == 0) && best == "bestmove 0000" {
			return // over, perhaps by the history (a claimed draw), which the FEN lacks
		}
		if best == "bestmove claim" {
			// A threefold is in the history, which the FEN lacks.
			if !slices.ContainsFunc(out.lines()[before:], func(l string) bool {
				return strings.HasPrefix(l, "Status: ") && strings.Contains(l, ", may claim ")
			}) {
				t.Fatalf("bestmove claim where d shows no claim: %q", out.lines()[before:])
			}
			return
		}
		checkSpyBestmove(t, best, st)
		return
	}
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatalf("d printed an unreadable FEN %q: %v", fen, err)
	}
	var l chess.MoveList
	pos.GenerateLegal(&l)
	if l.N == 0 {
		if best != "bestmove 0000" {
			t.Fatalf("no legal move in %s but %q", fen, best)
		}
		return
	}
	checkBestmove(t, best, pos)
}
