package match

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"azar/protocol"
)

// testEngine is the path of bench/internal/testengine, built once by
// TestMain.
var testEngine string

func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == uciArg {
		// Re-executed as Azar's UCI engine (the spy referee tests).
		if err := protocol.New(os.Stdin, os.Stdout).Run(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	dir, err := os.MkdirTemp("", "azar-match-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	testEngine = filepath.Join(dir, "testengine")
	if runtime.GOOS == "windows" {
		testEngine += ".exe"
	}
	build := exec.Command("go", "build", "-o", testEngine, "azar/bench/internal/testengine")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building the test engine:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// te configures the test engine with a mode and extra flags, at depth 1.
func te(name, mode string, flags ...string) EngineConfig {
	return EngineConfig{
		Name:   name,
		Cmd:    testEngine,
		Args:   append([]string{"-mode=" + mode}, flags...),
		Limits: Limits{Depth: 1},
	}
}

// movetime gives e a fixed time per move with a margin.
func movetime(e EngineConfig, st, margin time.Duration) EngineConfig {
	e.Limits = Limits{MoveTime: st, Margin: margin}
	return e
}

// config is a match of a and b with short grace periods, PGN collected in
// the returned buffer.
func config(games int, a, b EngineConfig) (Config, *bytes.Buffer) {
	var pgn bytes.Buffer
	return Config{
		Engines:      []EngineConfig{a, b},
		Games:        games,
		PGN:          &pgn,
		StartTimeout: 5 * time.Second,
		StopGrace:    200 * time.Millisecond,
		QuitGrace:    200 * time.Millisecond,
		Event:        "test",
	}, &pgn
}

func run(t *testing.T, cfg Config) *Report {
	t.Helper()
	rep, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return rep
}

// Positions used by the tests.
const (
	// scholarFEN: White to move mates with Qxf7#.
	scholarFEN = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
	// bareKingsFEN is drawn before any move.
	bareKingsFEN = "8/8/4k3/8/8/3K4/8/8 w - - 0 1"
)

func pgnGames(pgn string) []string {
	var games []string
	for _, g := range strings.Split(pgn, "\n\n[Event ") {
		if strings.TrimSpace(g) == "" {
			continue
		}
		if !strings.HasPrefix(g, "[Event ") {
			g = "[Event " + g
		}
		games = append(games, g)
	}
	return games
}

func tagValue(game, name string) string {
	prefix := "[" + name + " \""
	for _, ln := range strings.Split(game, "\n") {
		if strings.HasPrefix(ln, prefix) {
			return strings.TrimSuffix(strings.TrimPrefix(ln, prefix), "\"]")
		}
	}
	return ""
}

// waitGoroutines waits until the goroutine count is back to at most n.
func waitGoroutines(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for runtime.NumGoroutine() > n {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			buf = buf[:runtime.Stack(buf, true)]
			t.Fatalf("goroutines leaked: %d > %d\n%s", runtime.NumGoroutine(), n, buf)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// lockedBuilder is a strings.Builder safe for concurrent writes.
type lockedBuilder struct {
	mu sync.Mutex
	b  *strings.Builder
}

func (l *lockedBuilder) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}
