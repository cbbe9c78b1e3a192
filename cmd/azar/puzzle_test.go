package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"azar/practice/puzzle"
	"azar/protocol"
	"azar/variants/chess"
)

func TestPuzzleJSON(t *testing.T) {
	var out, again bytes.Buffer
	if err := runPuzzle([]string{"-date", "2026-03-15", "-json"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	runPuzzle([]string{"-json", "-date", "2026-03-15"}, &again, io.Discard)
	if out.String() != again.String() {
		t.Error("two calls on one date differ")
	}
	var fields map[string]any
	if err := json.Unmarshal(out.Bytes(), &fields); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"date", "fen", "kind", "moves", "solution", "hint", "side", "task", "solution_san"} {
		if _, ok := fields[k]; !ok {
			t.Errorf("JSON field %q missing: %s", k, out.String())
		}
	}
	if fields["date"] != "2026-03-15" {
		t.Errorf("date %v", fields["date"])
	}
	var p puzzleJSON
	json.Unmarshal(out.Bytes(), &p)
	if _, err := chess.ParseFEN(p.FEN); err != nil || len(p.Solution) != 2*p.Moves-1 || p.Hint == "" {
		t.Errorf("implausible puzzle %+v", p)
	}
	if p.Kind != "mate" && p.Kind != "double-attack" && p.Kind != "skewer" {
		t.Errorf("kind %q", p.Kind)
	}
}

func TestPuzzleText(t *testing.T) {
	var out bytes.Buffer
	if err := runPuzzle([]string{"-date", "2026-01-01", "-solution"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Puzzle of 2026-01-01: ", " to play and ", "Hint: ", "Solution: ", "azar puzzle check -date 2026-01-01"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("text output lacks %q:\n%s", s, out.String())
		}
	}
	if err := runPuzzle([]string{"-h"}, io.Discard, io.Discard); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("-h: %v, want flag.ErrHelp", err)
	}
	for _, args := range [][]string{{"-date", "2026-02-30"}, {"extra"}, {"check"}, {"check", "-date", "x", "e2e4"}, {"generate"}} {
		err := runPuzzle(args, io.Discard, io.Discard)
		var code exitStatus
		if err == nil || errors.As(err, &code) {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
	}
}

// firstMateDate is the first date from the epoch whose puzzle is a mate
// in at least n.
func firstMateDate(t *testing.T, n int) (string, puzzle.Puzzle) {
	t.Helper()
	set, err := puzzle.Set()
	if err != nil {
		t.Fatal(err)
	}
	day, _ := puzzle.ParseDate(puzzle.EpochDate)
	for i := 0; i < len(set); i++ {
		d := day.AddDate(0, 0, i)
		p, _ := puzzle.ForDate(set, d)
		if p.Kind == puzzle.Mate && p.Moves >= n {
			return d.Format(puzzle.DateLayout), p
		}
	}
	t.Fatalf("no mate in %d in the set", n)
	return "", puzzle.Puzzle{}
}

func TestPuzzleCheckExitStatus(t *testing.T) {
	date, p := firstMateDate(t, 2)
	var out bytes.Buffer
	if err := runPuzzleCheck(append([]string{"-date", date}, p.Solution...), &out, io.Discard); err != nil {
		t.Fatalf("the stored solution: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "Solved.") {
		t.Errorf("stored solution output:\n%s", out.String())
	}
	out.Reset()
	if err := runPuzzleCheck([]string{"-date", date, p.Solution[0]}, &out, io.Discard); err != nil {
		t.Fatalf("the key move: %v", err)
	}
	if !strings.Contains(out.String(), "Right so far. The reply: ") {
		t.Errorf("key move output:\n%s", out.String())
	}
	// A legal first move that does not force the mate: exit status 1 and
	// the reason on stdout.
	pos, _ := p.Position()
	var l chess.MoveList
	pos.GenerateLegal(&l)
	wrong := ""
	for _, m := range l.Slice() {
		if r, _ := puzzle.Check(p, []string{m.String()}); !r.OK {
			wrong = m.String()
			break
		}
	}
	if wrong == "" {
		t.Fatal("every first move mates")
	}
	out.Reset()
	err := runPuzzleCheck([]string{"-date", date, wrong}, &out, io.Discard)
	if code, ok := err.(exitStatus); !ok || code != 1 {
		t.Errorf("a wrong move: %v, want exit status 1", err)
	}
	if !strings.Contains(out.String(), ": wrong: ") {
		t.Errorf("wrong move output:\n%s", out.String())
	}
	out.Reset()
	err = runPuzzleCheck([]string{"-json", "-date", date, "zz99"}, &out, io.Discard)
	if code, ok := err.(exitStatus); !ok || code != 1 {
		t.Errorf("an illegal move: %v, want exit status 1", err)
	}
	var r checkJSON
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.OK || len(r.Steps) != 1 || r.Steps[0].Reason != "illegal move" || r.Date != date {
		t.Errorf("JSON verdict %+v", r)
	}
}

func TestDailyPuzzleDefaultsToToday(t *testing.T) {
	before := time.Now().UTC().Format(puzzle.DateLayout)
	d, _, err := dailyPuzzle("")
	after := time.Now().UTC().Format(puzzle.DateLayout)
	if err != nil {
		t.Fatal(err)
	}
	if d != before && d != after {
		t.Errorf("default date %s, today is %s", d, after)
	}
}

func TestParseInfo(t *testing.T) {
	for _, c := range []struct {
		line string
		k    int
		want uciLine
		ok   bool
	}{
		{"info depth 18 seldepth 27 multipv 2 score cp -35 nodes 912 nps 1 hashfull 3 tbhits 0 time 5 pv b3d3 d2c1 d3c3", 2, uciLine{18, -35, 0, "b3d3"}, true},
		{"info depth 9 seldepth 4 multipv 1 score mate 2 nodes 1 pv a1a7 h8g8 b2b8", 1, uciLine{9, puzzle.MateCap, 2, "a1a7"}, true},
		{"info depth 9 score mate -1 pv h8g8", 1, uciLine{9, -puzzle.MateCap, -1, "h8g8"}, true},
		{"info depth 12 seldepth 20 multipv 1 score cp 40 lowerbound nodes 5 pv e2e4", 0, uciLine{}, false},
		{"info depth 12 currmove e2e4 currmovenumber 1", 0, uciLine{}, false},
		{"info string NNUE evaluation using nn.nnue enabled", 0, uciLine{}, false},
		{"info depth 3 score cp", 0, uciLine{}, false},
		{"info depth 3 score cp x pv e2e4", 0, uciLine{}, false},
		{"bestmove e2e4", 0, uciLine{}, false},
	} {
		k, l, ok := parseInfo(c.line)
		if ok != c.ok || ok && (k != c.k || l != c.want) {
			t.Errorf("%q: %d %+v %v; want %d %+v %v", c.line, k, l, ok, c.k, c.want, c.ok)
		}
	}
}

// The UCI verifier end to end, with Azar's own UCI loop as the outside
// engine (a fixed depth on one thread, so the verdicts are fixed): a
// knight fork that wins, a mate in 2, and the old 2026-12-06 puzzle whose
// line ends lost.
func TestPuzzleVerifyWithUCIEngine(t *testing.T) {
	set, err := puzzle.ParseSet(`3q3k/8/8/4N3/8/8/P7/4K3 w - - 0 1 | double-attack | 2 | e5f7 h8g8 f7d8 | h
7k/8/8/8/8/8/1R6/R5K1 w - - 0 1 | mate | 2 | a1a7 h8g8 b2b8 | h
8/8/1P1n4/B1p1k1p1/5p2/5K2/1r6/8 w - - 0 100 | double-attack | 2 | a5c3 e5d5 c3b2 | h`)
	if err != nil {
		t.Fatal(err)
	}
	// One engine, then two judging at once: the same verdicts.
	for _, n := range []int{1, 2} {
		var judges []func(puzzle.Puzzle) error
		var quits []func() error
		for range n {
			u, quit := pipeEngine(t)
			judges, quits = append(judges, u.verify), append(quits, quit)
		}
		var out bytes.Buffer
		err = verifySet(set, judges, "Azar", &out, io.Discard)
		if code, ok := err.(exitStatus); !ok || code != 1 {
			t.Errorf("%d engines: %v, want exit status 1 (one puzzle fails)", n, err)
		}
		text := out.String()
		if !strings.Contains(text, "2 of 3 hold (Azar; ") || strings.Count(text, "fails: ") != 1 ||
			!strings.Contains(text, "fails: #2 (2026-01-03) 8/8/1P1n4/") || !strings.Contains(text, "at solver move 1 (Bc3+) the engine gives -") {
			t.Errorf("%d engines: verify output:\n%s", n, text)
		}
		for _, quit := range quits {
			if err := quit(); err != nil {
				t.Errorf("the engine's loop: %v", err)
			}
		}
	}
}

// pipeEngine runs Azar's UCI loop in-process as an outside engine at a
// fixed depth, and returns its verifier and the function that ends it.
func pipeEngine(t *testing.T) (*uciVerifier, func() error) {
	t.Helper()
	toEngine, engineIn := io.Pipe()
	engineOut, fromEngine := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- protocol.New(toEngine, fromEngine).Run()
		fromEngine.Close()
	}()
	u, err := newUCIVerifier(engineOut, engineIn, "go depth 8", 16)
	if err != nil {
		t.Fatal(err)
	}
	return u, func() error {
		fmt.Fprintln(engineIn, "quit")
		return <-done
	}
}

func TestPuzzleVerifyUsage(t *testing.T) {
	for _, args := range [][]string{{"verify", "extra"}, {"verify", "-set", "/nonexistent/set.txt"}, {"verify", "-engine", "/nonexistent/engine"}} {
		err := runPuzzle(args, io.Discard, io.Discard)
		var code exitStatus
		if err == nil || errors.As(err, &code) {
			t.Errorf("%v: %v, want an error that is not an exit status", args, err)
		}
	}
}

// A tactic's verdicts come from the deep search: the stored first move is
// right, a legal move that throws the win away is wrong with the
// search's scores, and the exit status is 1 for it.
func TestPuzzleCheckTacticVerdict(t *testing.T) {
	set, err := puzzle.Set()
	if err != nil {
		t.Fatal(err)
	}
	day, _ := puzzle.ParseDate(puzzle.EpochDate)
	var p puzzle.Puzzle
	date := ""
	for i := 0; i < len(set) && date == ""; i++ {
		if p, _ = puzzle.ForDate(set, day.AddDate(0, 0, i)); p.Kind != puzzle.Mate {
			date = day.AddDate(0, 0, i).Format(puzzle.DateLayout)
		}
	}
	if date == "" {
		t.Fatal("no tactic in the set")
	}
	var out bytes.Buffer
	if err := runPuzzleCheck([]string{"-date", date, p.Solution[0]}, &out, io.Discard); err != nil || !strings.Contains(out.String(), "Right so far. The reply: ") {
		t.Fatalf("the stored first move: %v\n%s", err, out.String())
	}
	// A king move is the likeliest to lose the tactic; any refused move does.
	pos, _ := p.Position()
	var l chess.MoveList
	pos.GenerateLegal(&l)
	for _, m := range l.Slice() {
		if m.String() == p.Solution[0] {
			continue
		}
		out.Reset()
		err := runPuzzleCheck([]string{"-date", date, m.String()}, &out, io.Discard)
		if err == nil {
			continue // as good as the solution by the deep search
		}
		if code, ok := err.(exitStatus); !ok || code != 1 {
			t.Fatalf("%s: %v, want exit status 1", m, err)
		}
		if !strings.Contains(out.String(), ": wrong: not winning: after ") && !strings.Contains(out.String(), ": wrong: wins less: after ") ||
			!strings.Contains(out.String(), " the best line leaves you at ") {
			t.Errorf("%s: output\n%s", m, out.String())
		}
		return
	}
	t.Fatalf("%s: every first move is right", p.FEN)
}

// fakeEngine answers UCI from a script: answer gets the last position
// command and each go command and returns the lines to print before
// bestmove.
func fakeEngine(t *testing.T, answer func(position, goes string) []string) *uciVerifier {
	t.Helper()
	toEngine, engineIn := io.Pipe()
	engineOut, fromEngine := io.Pipe()
	go func() {
		defer fromEngine.Close()
		sc := bufio.NewScanner(toEngine)
		position := ""
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "uci":
				fmt.Fprintln(fromEngine, "id name Fake\nuciok")
			case strings.HasPrefix(line, "position "):
				position = line
			case strings.HasPrefix(line, "go "):
				for _, l := range answer(position, line) {
					fmt.Fprintln(fromEngine, l)
				}
				fmt.Fprintln(fromEngine, "bestmove 0000")
			case line == "quit":
				return
			}
		}
	}()
	t.Cleanup(func() { engineIn.Close() })
	u, err := newUCIVerifier(engineOut, engineIn, "go depth 18", 16)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// A fixed-depth multi-line search may report a longer mate than the
// shortest (Stockfish 15.1 at depth 18 did on five shipped mates); the
// stored move searched alone for the mate decides, and a shorter mate
// fails the puzzle.
func TestUCIVerifyMateDistances(t *testing.T) {
	p, err := puzzle.ParseLine("7k/8/8/8/8/8/1R6/R5K1 w - - 0 1 | mate | 2 | a1a7 h8g8 b2b8 | h")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		first, alone string // the mate the depth search reports, and the one of the stored move alone
		want         string // "" when the puzzle holds
	}{
		{"mate 2", "", ""},
		{"mate 3", "mate 2", ""},
		{"mate 3", "mate 3", "the stored move gives mate in 3, not a mate in 2"},
		{"mate 1", "mate 2", "the engine finds a shorter mate: a1a7 mate in 1"},
		{"cp 500", "cp 900", "the stored move gives +9.0, not a mate in 2"},
	} {
		u := fakeEngine(t, func(position, goes string) []string {
			switch {
			case strings.HasSuffix(position, " moves a1a7 h8g8"): // the mate in 1 that follows
				return []string{"info depth 18 multipv 1 score mate 1 pv b2b8"}
			case strings.Contains(goes, "searchmoves a1a7") && strings.HasPrefix(goes, "go mate 2 nodes "):
				return []string{"info depth 30 score " + c.alone + " pv a1a7"}
			case strings.Contains(goes, "searchmoves"):
				return nil
			case strings.Contains(goes, "go depth 18"):
				return []string{"info depth 18 multipv 1 score " + c.first + " pv a1a7", "info depth 18 multipv 2 score cp 300 pv a1a2"}
			}
			return nil
		})
		err := u.verify(p)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s then %s: %v, want it to hold", c.first, c.alone, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s then %s: %v, want %q", c.first, c.alone, err, c.want)
		}
	}
}
