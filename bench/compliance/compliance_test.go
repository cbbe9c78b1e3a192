package compliance

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"azar/bench/internal/testengine/testbuild"
)

// testEngine is bench/internal/testengine, built once by TestMain.
var testEngine string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "azar-compliance-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if testEngine, err = testbuild.Build(dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// check runs the checker on the test engine in mode.
func check(t *testing.T, mode string, flags ...string) (Report, string) {
	t.Helper()
	var out bytes.Buffer
	eng := Engine{Cmd: testEngine, Args: append([]string{"-mode=" + mode}, flags...)}
	rep := Run(Config{Start: eng.Starter(), Timeout: 2 * time.Second, Seed: 1, Out: &out})
	return rep, out.String()
}

// The steps of standard chess, in the order they run, for the test
// engine (which has no Hash: the bad value goes to its spin option At).
var chessSteps = []string{
	"chess: handshake", "chess: isready", "chess: ucinewgame",
	"chess: position startpos", "chess: position startpos moves", "chess: position fen moves",
	"chess: go depth", "chess: go nodes", "chess: go movetime", "chess: go wtime btime winc binc",
	"chess: go infinite, stop", "chess: go ponder, ponderhit", "chess: go searchmoves",
	"chess: refuses a malformed FEN", "chess: refuses an illegal move in moves",
	"chess: refuses an unknown command", "chess: refuses a bad setoption value",
	"chess: seeded game (30 actions at most, go depth 2)",
}

var refusals = []string{
	"chess: refuses a malformed FEN", "chess: refuses an illegal move in moves",
	"chess: refuses an unknown command", "chess: refuses a bad setoption value",
}

// TestBrokenEngines: the conformant test engine passes every chess step,
// and each broken mode fails exactly the steps it breaks.
func TestBrokenEngines(t *testing.T) {
	for _, tc := range []struct {
		mode  string
		flags []string
		fail  []string
	}{
		{"first", nil, nil},
		{"noerror", nil, refusals},
		{"twoerrors", nil, refusals},
		{"nostop", nil, []string{"chess: go infinite, stop"}},
		// From the third move on: only the seeded game reaches it.
		{"illegal", []string{"-at=3"}, []string{"chess: seeded game (30 actions at most, go depth 2)"}},
		// From the first move: every step that asks for a move.
		{"illegal", nil, slices.DeleteFunc(slices.Clone(chessSteps), func(s string) bool {
			return s == "chess: handshake" || s == "chess: isready" || s == "chess: ucinewgame"
		})},
	} {
		t.Run(tc.mode+strings.Join(tc.flags, ""), func(t *testing.T) {
			rep, out := check(t, tc.mode, tc.flags...)
			if !slices.Equal(rep.Failed, tc.fail) {
				t.Errorf("failed %q, want %q:\n%s", rep.Failed, tc.fail, out)
			}
			if rep.Passed+len(rep.Failed) != len(chessSteps) {
				t.Errorf("%d steps, want %d:\n%s", rep.Passed+len(rep.Failed), len(chessSteps), out)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if want := fmt.Sprintf("%d passed, %d failed", len(chessSteps)-len(tc.fail), len(tc.fail)); lines[len(lines)-1] != want {
				t.Errorf("summary %q, want %q", lines[len(lines)-1], want)
			}
			for _, s := range chessSteps {
				verdict := "PASS " + s + "\n"
				if slices.Contains(tc.fail, s) {
					verdict = "FAIL " + s + ": "
				}
				if !strings.Contains(out, verdict) {
					t.Errorf("no %q line:\n%s", verdict, out)
				}
			}
		})
	}
}

// TestVariantNotListed: -variant for a variant the engine does not list
// fails that step, after the chess steps.
func TestVariantNotListed(t *testing.T) {
	var out bytes.Buffer
	eng := Engine{Cmd: testEngine, Args: []string{"-mode=first"}}
	rep := Run(Config{Start: eng.Starter(), Variant: "lucky", Timeout: 2 * time.Second, Out: &out})
	if !slices.Equal(rep.Failed, []string{"lucky: listed in UCI_Variant"}) || rep.Passed != len(chessSteps) {
		t.Errorf("passed %d, failed %q:\n%s", rep.Passed, rep.Failed, out.String())
	}
}

// TestNoEngine: an engine that cannot start fails its handshake and every
// step after it, without hanging.
func TestNoEngine(t *testing.T) {
	var out bytes.Buffer
	eng := Engine{Cmd: filepath.Join(t.TempDir(), "nosuch")}
	rep := Run(Config{Start: eng.Starter(), Timeout: time.Second, Out: &out})
	if rep.Passed != 0 || len(rep.Failed) != 1 || rep.Failed[0] != "chess: handshake" {
		t.Errorf("passed %d, failed %q:\n%s", rep.Passed, rep.Failed, out.String())
	}
}
