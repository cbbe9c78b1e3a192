package match

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
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
	if len(os.Args) > 1 && os.Args[1] == magicFakeArg {
		// Re-executed as the fake magic engine (magic_test.go).
		os.Exit(runMagicFake(os.Args[2:], os.Stdin, os.Stdout))
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

// uciArg makes the test binary run Azar's UCI loop (see TestMain): the
// variant tests play real Azar engines without building cmd/azar.
const uciArg = "azar-uci"

// azarEngine is Azar at a fixed node count per action, with a small hash
// and opts (the variant's own options) set after it.
func azarEngine(name string, nodes int64, opts ...Option) EngineConfig {
	return EngineConfig{
		Name:    name,
		Cmd:     os.Args[0],
		Args:    []string{uciArg},
		Options: append([]Option{{"Hash", "4"}}, opts...),
		Limits:  Limits{Nodes: nodes},
	}
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

// replayedMatch plays cfg's match of Azar engines (two games at a time)
// twice and checks what a variant's referee owes every match: cfg.Games
// games, none forfeited, each replaying from cfg.Seed to its recorded end,
// in the PGN under the variant's tag, and the same games in the second
// run. check sees each game of the first run with its replay. It returns
// the first run's report and PGN.
func replayedMatch(t *testing.T, cfg Config, check func(rec *GameRecord, g Game)) (*Report, string) {
	t.Helper()
	cfg.Concurrency = 2
	cfg.StartTimeout = 20 * time.Second
	// Each run keeps the engines' traffic, stamped, to show on a failure
	// (a game that ends differently in the second run: which engine went
	// quiet, and after what).
	var traffic *stampLog
	play := func() (*Report, string) {
		var pgn bytes.Buffer
		cfg.PGN = &pgn
		traffic = &stampLog{start: time.Now()}
		cfg.Debug = traffic
		return run(t, cfg), pgn.String()
	}
	rep, pgn := play()
	firstTraffic := traffic
	defer func() {
		if t.Failed() {
			t.Logf("the first run's engine traffic, last lines:\n%s", firstTraffic.tail(40))
			t.Logf("the last run's engine traffic, last lines:\n%s", traffic.tail(40))
		}
	}()
	if len(rep.Games) != cfg.Games {
		t.Fatalf("%d games", len(rep.Games))
	}
	for _, rec := range rep.Games {
		if rec.Result.End.Forfeit() {
			t.Errorf("game %d: %s", rec.Number, rec.Result.Text)
		}
		g, err := Replay(cfg.Variant, cfg.Seed, rec)
		if err != nil {
			t.Fatalf("game %d does not replay: %v", rec.Number, err)
		}
		r, over := g.Result()
		if over != (rec.Result.End != EndMoveLimit) || (over && (r.End != rec.Result.End || r.PGN() != rec.Result.PGN())) {
			t.Errorf("game %d replays to %+v (over %v), recorded %+v", rec.Number, r, over, rec.Result)
		}
		check(rec, g)
	}
	if games := pgnGames(pgn); len(games) != cfg.Games || tagValue(games[0], "Variant") != cfg.Variant.Name() {
		t.Fatalf("PGN:\n%s", pgn)
	}
	// Every game's PGN ends as its record did: the Result tag and the
	// movetext's last token, and the Termination (docs/pgn.md).
	byRound := map[string]*GameRecord{}
	for _, rec := range rep.Games {
		byRound[strconv.Itoa(rec.Number)] = rec
	}
	for _, g := range pgnGames(pgn) {
		rec := byRound[tagValue(g, "Round")]
		if rec == nil {
			t.Fatalf("PGN game of no record:\n%s", g)
		}
		fields := strings.Fields(g)
		if res := rec.Result.PGN(); tagValue(g, "Result") != res || fields[len(fields)-1] != res ||
			tagValue(g, "Termination") != rec.Result.End.Termination() || tagValue(g, "PlyCount") == "" {
			t.Errorf("game %d (%s, %s): PGN\n%s", rec.Number, res, rec.Result.End, g)
		}
	}

	// The same seed and node limits play the same games (records come in
	// the order the games finish: compare by number).
	rep2, _ := play()
	// An engine silent for the whole move timeout (60 s at 800 nodes a
	// move, where a move takes milliseconds) ended game 1 of the second
	// run once in CI and never here in about 500 runs at load 7-18: the
	// second run is played once more when that happens, and its traffic
	// logged. A determinism fault, or a silence that comes back, still
	// fails.
	if silent := slices.IndexFunc(rep2.Games, func(r *GameRecord) bool {
		return r.Result.End == EndTime || r.Result.End == EndHang
	}); silent >= 0 {
		t.Logf("second run, game %d: %s; played again. Its traffic, last lines:\n%s",
			rep2.Games[silent].Number, rep2.Games[silent].Result.Text, traffic.tail(40))
		rep2, _ = play()
	}
	for _, rec := range rep2.Games {
		if rec.Result.End.Forfeit() {
			t.Errorf("second run, game %d: %s", rec.Number, rec.Result.Text)
		}
	}
	type played struct {
		moves []string
		end   string
	}
	games := func(r *Report) map[int]played {
		m := map[int]played{}
		for _, rec := range r.Games {
			p := played{end: rec.Result.Text}
			for _, a := range rec.Actions {
				p.moves = append(p.moves, a.Move)
			}
			m[rec.Number] = p
		}
		return m
	}
	g2 := games(rep2)
	for n, p1 := range games(rep) {
		if p2 := g2[n]; !slices.Equal(p1.moves, p2.moves) {
			t.Errorf("game %d differs between two runs:\n%v (%s)\n%v (%s)", n, p1.moves, p1.end, p2.moves, p2.end)
		}
	}
	return rep, pgn
}

// newGame starts a game of v from o with the chance of seed, as the
// concrete game type G.
func newGame[G Game](t *testing.T, v Variant, seed uint64, o Opening) G {
	t.Helper()
	g, err := v.NewGame(o, rand.New(rand.NewPCG(seed, 0)))
	if err != nil {
		t.Fatal(err)
	}
	return g.(G)
}

func mustPlay(t *testing.T, g Game, seat int, tok string) Action {
	t.Helper()
	a, err := g.Play(seat, tok)
	if err != nil {
		t.Fatalf("%s by seat %d: %v", tok, seat, err)
	}
	return a
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
// The goroutines it waits for have been told to end (their channels are
// closed, their processes waited for) and only have to be scheduled; the
// minute is there so that a leak fails with the stacks instead of hanging,
// and is far beyond what a loaded machine takes to schedule them.
func waitGoroutines(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
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

// stampLog is an engine traffic log (Config.Debug) whose lines carry the
// milliseconds since the run started.
type stampLog struct {
	mu    sync.Mutex
	start time.Time
	buf   bytes.Buffer
}

func (l *stampLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(&l.buf, "%7d ", time.Since(l.start).Milliseconds())
	return l.buf.Write(p)
}

// tail returns the last n lines of the log.
func (l *stampLog) tail(n int) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	lines := strings.Split(strings.TrimRight(l.buf.String(), "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
