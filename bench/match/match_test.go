package match

import (
	"bytes"
	"context"
	"io"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"azar/bench/stats"
	"azar/variants/chess"
)

// Both engines mate in one when they can; from the scholar's-mate position
// White mates at once, so each engine wins its White game.
func TestMatchMateBothColours(t *testing.T) {
	base := runtime.NumGoroutine()
	cfg, pgn := config(2, te("alpha", "mater"), te("beta", "mater"))
	cfg.Openings = []Opening{{ID: "Scholar", FEN: scholarFEN}}
	rep := run(t, cfg)
	if len(rep.Games) != 2 {
		t.Fatalf("%d games, want 2", len(rep.Games))
	}
	for i, g := range rep.Games {
		if g.Result.End != EndCheckmate || g.Result.Text != "White mates" || g.Result.PGN() != "1-0" {
			t.Errorf("game %d: %+v, want White mates 1-0", g.Number, g.Result)
		}
		if len(g.Actions) != 1 || g.Actions[0].Text != "Qxf7#" || g.Actions[0].Move != "h5f7" {
			t.Errorf("game %d: actions %+v, want Qxf7#", g.Number, g.Actions)
		}
		if want := []int{i % 2, 1 - i%2}; !slices.Equal(g.Engines, want) {
			// Games count in completion order; with one worker that is
			// game order.
			t.Errorf("game %d: engines by seat %v, want %v", g.Number, g.Engines, want)
		}
		if g.Pair != 0 {
			t.Errorf("game %d: pair %d, want 0", g.Number, g.Pair)
		}
	}
	if rep.Score != (stats.Score{Wins: 1, Losses: 1}) || rep.Penta != (stats.Penta{0, 0, 1, 0, 0}) {
		t.Errorf("score %+v penta %v, want W1 L1 and one 1-point pair", rep.Score, rep.Penta)
	}
	games := pgnGames(pgn.String())
	if len(games) != 2 {
		t.Fatalf("PGN has %d games, want 2:\n%s", len(games), pgn)
	}
	for i, g := range games {
		white, black := "alpha", "beta"
		if i == 1 {
			white, black = black, white
		}
		checks := map[string]string{
			"Event": "test", "Round": []string{"1", "2"}[i], "White": white, "Black": black,
			"Result": "1-0", "SetUp": "1", "FEN": scholarFEN, "TimeControl": "-",
			"Termination": "normal", "PlyCount": "1", "Opening": "Scholar",
		}
		for tag, want := range checks {
			if got := tagValue(g, tag); got != want {
				t.Errorf("PGN game %d: %s %q, want %q", i+1, tag, got, want)
			}
		}
		if !strings.Contains(g, "4. Qxf7# {+0.00/1 ") || !strings.HasSuffix(strings.TrimSpace(g), "{White mates} 1-0") {
			t.Errorf("PGN game %d movetext:\n%s", i+1, g)
		}
		// Seven Tag Roster first, in order.
		var names []string
		for _, ln := range strings.Split(g, "\n")[:7] {
			name, _, _ := strings.Cut(strings.TrimPrefix(ln, "["), " ")
			names = append(names, name)
		}
		if want := []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}; !slices.Equal(names, want) {
			t.Errorf("PGN game %d starts with tags %v, want %v", i+1, names, want)
		}
	}
	waitGoroutines(t, base)
}

// From the standard start the PGN has no FEN tag and its SAN replays to
// the same moves the engines played.
func TestMatchStartposPGNReplays(t *testing.T) {
	cfg, pgn := config(2, te("first", "first"), te("random", "random", "-seed=7"))
	cfg.MaxMoves = 40
	rep := run(t, cfg)
	ops, err := ReadPGNOpenings(strings.NewReader(pgn.String()))
	if err != nil {
		t.Fatalf("reading our own PGN: %v\n%s", err, pgn)
	}
	if len(ops) != 2 {
		t.Fatalf("%d games in PGN, want 2", len(ops))
	}
	for i, g := range rep.Games {
		if ops[i].FEN != "" || strings.Contains(pgn.String(), "[FEN ") {
			t.Errorf("game %d: a FEN tag for the standard start", g.Number)
		}
		var played []string
		for _, a := range g.Actions {
			played = append(played, a.Move)
		}
		if !slices.Equal(played, ops[i].Moves) {
			t.Errorf("game %d: PGN replays %v, engines played %v", g.Number, ops[i].Moves, played)
		}
		if len(played) == 0 || len(played) > 80 {
			t.Errorf("game %d: %d plies, want 1..80", g.Number, len(played))
		}
		if g.Result.End == EndMoveLimit && len(played) != 80 {
			t.Errorf("game %d: move limit after %d plies", g.Number, len(played))
		}
	}
	if !strings.Contains(pgn.String(), "1. ") {
		t.Errorf("PGN movetext without move numbers:\n%s", pgn)
	}
}

// An engine that crashes on move 5 loses every game, is restarted before
// each next game, and the match goes on to the end.
func TestMatchCrashRestart(t *testing.T) {
	base := runtime.NumGoroutine()
	cfg, pgn := config(4, te("ok", "first"), te("crasher", "crash5"))
	rep := run(t, cfg)
	if len(rep.Games) != 4 {
		t.Fatalf("%d games, want 4", len(rep.Games))
	}
	for _, g := range rep.Games {
		crasher := 1 - slices.Index(g.Engines, 0)
		if g.Result.End != EndCrash || g.Result.Points[crasher] != 0 {
			t.Errorf("game %d: %+v, want a crash loss for seat %d", g.Number, g.Result, crasher)
		}
		if want := seatName(crasher) + "'s engine crashed"; g.Result.Text != want {
			t.Errorf("game %d: reason %q, want %q", g.Number, g.Result.Text, want)
		}
		if !slices.Equal(g.Restarted, []int{1}) {
			t.Errorf("game %d: restarted %v, want [1]", g.Number, g.Restarted)
		}
		if last := g.Actions[len(g.Actions)-1]; last.Number < 4 {
			t.Errorf("game %d: crashed before move 5 (last move %d)", g.Number, last.Number)
		}
	}
	if rep.Restarts[1] != 3 || rep.Restarts[0] != 0 {
		t.Errorf("restarts %v, want [0 3]", rep.Restarts)
	}
	if rep.Score != (stats.Score{Wins: 4}) || rep.Ends[EndCrash] != 4 {
		t.Errorf("score %+v ends %v", rep.Score, rep.Ends)
	}
	if !strings.Contains(pgn.String(), `[Termination "abandoned"]`) {
		t.Errorf("PGN lacks Termination abandoned")
	}
	waitGoroutines(t, base)
}

// An illegal bestmove loses; the engine is still in step, so it is not
// restarted.
func TestMatchIllegalMove(t *testing.T) {
	cfg, pgn := config(2, te("ok", "first"), te("cheat", "illegal", "-at=3"))
	rep := run(t, cfg)
	if len(rep.Games) != 2 {
		t.Fatalf("%d games, want 2", len(rep.Games))
	}
	for _, g := range rep.Games {
		cheat := slices.Index(g.Engines, 1)
		if g.Result.End != EndIllegal || g.Result.Points[cheat] != 0 {
			t.Errorf("game %d: %+v, want an illegal-move loss for seat %d", g.Number, g.Result, cheat)
		}
		if want := seatName(cheat) + " makes an illegal move: "; !strings.HasPrefix(g.Result.Text, want) {
			t.Errorf("game %d: reason %q, want prefix %q", g.Number, g.Result.Text, want)
		}
		if n := g.Actions[len(g.Actions)-1].Number; n < 2 {
			t.Errorf("game %d: last legal move number %d, want >= 2 (illegal from move 3)", g.Number, n)
		}
	}
	if rep.Restarts[1] != 0 {
		t.Errorf("restarts %v, want none", rep.Restarts)
	}
	if !strings.Contains(pgn.String(), `[Termination "rules infraction"]`) || !strings.Contains(pgn.String(), "makes an illegal move") {
		t.Errorf("PGN lacks the illegal-move termination:\n%s", pgn)
	}
}

// okMargin is the time margin of the well-behaved engine in the tests of a
// misbehaving one: wide, so that only the misbehaviour decides the game.
const okMargin = 2 * time.Second

// An engine that never answers go loses on time, does not answer stop
// either, is killed (it ignores quit too) and restarted.
func TestMatchHangRestart(t *testing.T) {
	base := runtime.NumGoroutine()
	st, margin := 50*time.Millisecond, 50*time.Millisecond
	// The engine that behaves answers at once; its wide margin only
	// keeps a loaded machine from making it lose on time first.
	cfg, pgn := config(2, movetime(te("ok", "first"), st, okMargin), movetime(te("hang", "hang", "-at=2"), st, margin))
	// A runner that waited for MoveTimeout instead of the move's time,
	// margin and stop grace would not end: the test run's own timeout
	// fails it, and no clock of this test's can.
	cfg.MoveTimeout = time.Hour
	rep := run(t, cfg)
	if len(rep.Games) != 2 {
		t.Fatalf("%d games, want 2", len(rep.Games))
	}
	for _, g := range rep.Games {
		hang := slices.Index(g.Engines, 1)
		if g.Result.End != EndHang || g.Result.Points[hang] != 0 || !strings.HasSuffix(g.Result.Text, "stopped answering (no bestmove within 300ms)") {
			t.Errorf("game %d: %+v, want a stall loss for seat %d", g.Number, g.Result, hang)
		}
		if !slices.Equal(g.Restarted, []int{1}) {
			t.Errorf("game %d: restarted %v, want [1]", g.Number, g.Restarted)
		}
	}
	if rep.Restarts[1] != 1 {
		t.Errorf("restarts %v, want [0 1]", rep.Restarts)
	}
	if !strings.Contains(pgn.String(), `[Termination "time forfeit"]`) {
		t.Errorf("PGN lacks Termination time forfeit")
	}
	waitGoroutines(t, base)
}

// A slow engine overstays its fixed move time, answers stop, loses on time
// and keeps running.
func TestMatchSlowLosesOnTime(t *testing.T) {
	st, margin := 50*time.Millisecond, 50*time.Millisecond
	cfg, _ := config(2, movetime(te("ok", "first"), st, okMargin), movetime(te("slow", "slow", "-at=2", "-late=2s"), st, margin))
	cfg.StopGrace = 2 * time.Second
	rep := run(t, cfg)
	for _, g := range rep.Games {
		slow := slices.Index(g.Engines, 1)
		if g.Result.End != EndTime || g.Result.Points[slow] != 0 || g.Result.Text != seatName(slow)+" loses on time" {
			t.Errorf("game %d: %+v, want %s loses on time", g.Number, g.Result, seatName(slow))
		}
		if len(g.Restarted) != 0 {
			t.Errorf("game %d: restarted %v, want none", g.Number, g.Restarted)
		}
	}
	if rep.Restarts[1] != 0 || len(rep.Games) != 2 {
		t.Errorf("restarts %v games %d", rep.Restarts, len(rep.Games))
	}
}

// On a clock, an engine that answers but too late loses on time; the
// clocks reach the engines as wtime/btime.
func TestMatchClockForfeit(t *testing.T) {
	tc := Limits{Time: 400 * time.Millisecond}
	ok, slow := te("ok", "first"), te("slow", "slow", "-late=150ms")
	ok.Limits, slow.Limits = tc, tc
	cfg, pgn := config(2, ok, slow)
	var debug strings.Builder
	cfg.Debug = &lockedBuilder{b: &debug}
	rep := run(t, cfg)
	for _, g := range rep.Games {
		s := slices.Index(g.Engines, 1)
		if g.Result.End != EndTime || g.Result.Points[s] != 0 || !strings.HasPrefix(g.Result.Text, seatName(s)+" loses on time") {
			t.Errorf("game %d: %+v, want %s loses on time", g.Number, g.Result, seatName(s))
		}
		played := 0
		for _, a := range g.Actions {
			if a.Seat == s {
				played++
			}
		}
		if played == 0 {
			t.Errorf("game %d: the slow engine lost before its first move ended", g.Number)
		}
	}
	if !strings.Contains(debug.String(), "go wtime 400 btime 400 winc 0 binc 0") {
		t.Errorf("no go wtime/btime command in the traffic:\n%s", debug.String())
	}
	if !strings.Contains(pgn.String(), `[TimeControl "0.4"]`) {
		t.Errorf("PGN lacks TimeControl 0.4")
	}
}

// Draw adjudication: both report 0.00; from move 3 on, two moves each.
func TestMatchDrawAdjudication(t *testing.T) {
	cfg, pgn := config(2, te("a", "first", "-score=0"), te("b", "random", "-score=5"))
	cfg.Draw = &DrawRule{MoveNumber: 3, MoveCount: 2, Score: 10}
	rep := run(t, cfg)
	for _, g := range rep.Games {
		if g.Result.End != EndDrawAdjudicated || g.Result.PGN() != "1/2-1/2" {
			t.Errorf("game %d: %+v, want a draw by adjudication", g.Number, g.Result)
		}
		// Plies 5..8 are moves 3 and 4 of both sides.
		if len(g.Actions) != 8 {
			t.Errorf("game %d: adjudicated after %d plies, want 8", g.Number, len(g.Actions))
		}
	}
	if !strings.Contains(pgn.String(), `[Termination "adjudication"]`) || !strings.Contains(pgn.String(), "{Draw by adjudication} 1/2-1/2") {
		t.Errorf("PGN:\n%s", pgn)
	}
	// A score above the threshold resets the count.
	cfg, _ = config(1, te("a", "first", "-score=0"), te("b", "first", "-score=11"))
	cfg.Draw = &DrawRule{MoveNumber: 1, MoveCount: 1, Score: 10}
	cfg.MaxMoves = 10
	rep = run(t, cfg)
	if e := rep.Games[0].Result.End; e == EndDrawAdjudicated {
		t.Errorf("scores 0 and 11 with score=10: adjudicated as a draw")
	}
}

// Resign adjudication: an engine seeing -20.00 for three of its moves
// loses.
func TestMatchResignAdjudication(t *testing.T) {
	cfg, _ := config(2, te("a", "first", "-score=50"), te("b", "first", "-score=-2000"))
	cfg.Resign = &ResignRule{MoveCount: 3, Score: 1000}
	rep := run(t, cfg)
	for _, g := range rep.Games {
		b := slices.Index(g.Engines, 1)
		want := seatName(b) + " resigns (adjudication)"
		if g.Result.End != EndResign || g.Result.Points[b] != 0 || g.Result.Text != want {
			t.Errorf("game %d: %+v, want %q", g.Number, g.Result, want)
		}
		if plies := len(g.Actions); plies != 5+b {
			t.Errorf("game %d: resigned after %d plies, want %d", g.Number, plies, 5+b)
		}
	}
	if rep.Score != (stats.Score{Wins: 2}) {
		t.Errorf("score %+v, want 2 wins", rep.Score)
	}
}

// The SPRT stops the match at the first game where the LLR leaves its
// bounds. Outcomes are fixed: the mater wins both scholar's-mate games
// (the other engine plays an illegal move as White), and the bare-kings
// games are drawn before a move.
func TestMatchSPRTStops(t *testing.T) {
	sprt := stats.SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	cfg, _ := config(1000, te("mater", "mater"), te("cheat", "illegal", "-at=1"))
	cfg.Openings = []Opening{{FEN: scholarFEN}, {FEN: bareKingsFEN}}
	cfg.SPRT = sprt
	rep := run(t, cfg)

	// Replay the known outcomes through bench/stats.
	var s stats.Score
	var p stats.Penta
	want := 0
	for i := 0; i < 1000; i++ {
		o := stats.Win
		if (i/2)%2 == 1 {
			o = stats.Draw
		}
		s.Add(o)
		if i%2 == 1 {
			p.AddPair(o, o)
		}
		llr := sprt.LLR(s)
		if p.Pairs() > 0 {
			llr = sprt.LLRPenta(p)
		}
		if sprt.Decide(llr) != stats.Continue {
			want = i + 1
			break
		}
	}
	if want == 0 || want > 200 {
		t.Fatalf("test set-up: expected stop at game %d", want)
	}
	if len(rep.Games) != want || rep.Decision != stats.AcceptH1 {
		t.Errorf("stopped after %d games with %s, want %d games and accept H1", len(rep.Games), rep.Decision, want)
	}
	if rep.Score != s || rep.Penta != p {
		t.Errorf("score %+v penta %v, want %+v %v", rep.Score, rep.Penta, s, p)
	}
	if lo, hi := sprt.Bounds(); rep.LLR > lo && rep.LLR < hi {
		t.Errorf("LLR %.3f inside [%.2f, %.2f]", rep.LLR, lo, hi)
	}
	if rep.Ends[EndInsufficient] == 0 || rep.Ends[EndIllegal] == 0 || rep.Ends[EndCheckmate] == 0 {
		t.Errorf("ends %v", rep.Ends)
	}

	// In parallel, the match still stops early.
	cfg, _ = config(1000, te("mater", "mater"), te("cheat", "illegal", "-at=1"))
	cfg.Openings = []Opening{{FEN: scholarFEN}, {FEN: bareKingsFEN}}
	cfg.SPRT = sprt
	cfg.Concurrency = 3
	rep = run(t, cfg)
	if rep.Decision != stats.AcceptH1 || len(rep.Games) > 4*want {
		t.Errorf("concurrency 3: %s after %d games", rep.Decision, len(rep.Games))
	}
}

// Several games at once: every game is played exactly once, each opening
// with both colours, and nothing leaks.
func TestMatchConcurrent(t *testing.T) {
	base := runtime.NumGoroutine()
	ops, err := LoadOpenings("../../books/openings.epd", "")
	if err != nil {
		t.Fatal(err)
	}
	cfg, pgn := config(8, te("r1", "random", "-seed=1"), te("r2", "random", "-seed=2"))
	cfg.Openings = ops[:4]
	cfg.Concurrency = 4
	cfg.MaxMoves = 30
	rep := run(t, cfg)
	if len(rep.Games) != 8 {
		t.Fatalf("%d games, want 8", len(rep.Games))
	}
	seen := map[int]bool{}
	for _, g := range rep.Games {
		seen[g.Number] = true
		if g.Pair != (g.Number-1)/2 || g.Opening.FEN != ops[g.Pair].FEN {
			t.Errorf("game %d: pair %d opening %q", g.Number, g.Pair, g.Opening.ID)
		}
		if want := (g.Number - 1) % 2; g.Engines[0] != want {
			t.Errorf("game %d: White is engine %d, want %d", g.Number, g.Engines[0], want)
		}
	}
	if len(seen) != 8 {
		t.Errorf("games played: %v", seen)
	}
	if rep.Penta.Pairs() != 4 || rep.Score.Games() != 8 {
		t.Errorf("penta %v score %+v", rep.Penta, rep.Score)
	}
	if n := len(pgnGames(pgn.String())); n != 8 {
		t.Errorf("PGN has %d games", n)
	}
	waitGoroutines(t, base)
}

// Cancelling the context stops the match at once, in the middle of a
// move, drops the game in progress and reports what was played.
func TestMatchCancel(t *testing.T) {
	base := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg, _ := config(100, movetime(te("a", "first"), 20*time.Millisecond, time.Second), movetime(te("b", "slow", "-late=20s"), 20*time.Millisecond, 30*time.Second))
	cfg.Openings = []Opening{{FEN: bareKingsFEN}, {FEN: bareKingsFEN}, {}}
	var debug strings.Builder
	cfg.Debug = &cancelAtGo{w: &lockedBuilder{b: &debug}, engine: "b", cancel: cancel}
	rep, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	// The four bare-kings games end at once; game 5 is cancelled when the
	// slow engine is asked to move.
	if !rep.Interrupted || len(rep.Games) != 4 {
		t.Errorf("interrupted %v after %d games", rep.Interrupted, len(rep.Games))
	}
	// At once: the runner quit the slow engine in the middle of its move
	// (it thinks 20 s, well inside its 30 s margin), so no bestmove of b
	// follows its last go, and quit does.
	traffic := debug.String()
	lastGo := strings.LastIndex(traffic, "b < go ")
	if after := traffic[lastGo+1:]; lastGo < 0 || strings.Contains(after, "b > bestmove") || !strings.Contains(after, "b < quit") {
		t.Errorf("the cancel did not stop b in the middle of its move:\n%s", traffic)
	}
	waitGoroutines(t, base)
}

// cancelAtGo copies the engine traffic to w and cancels the match when
// the runner sends go to engine: the first time the slow engine is asked
// to move, after the four bare-kings games have ended without a move.
type cancelAtGo struct {
	w      io.Writer
	engine string
	cancel context.CancelFunc
}

func (c *cancelAtGo) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	if bytes.HasPrefix(p, []byte(c.engine+" < go ")) {
		c.cancel()
	}
	return n, err
}

// An engine that cannot start stops the match with an error.
func TestMatchEngineStartFailure(t *testing.T) {
	base := runtime.NumGoroutine()
	cfg, _ := config(2, te("a", "first"), EngineConfig{Name: "none", Cmd: "/nonexistent/engine", Limits: Limits{Depth: 1}})
	if _, err := Run(context.Background(), cfg); err == nil {
		t.Error("no error for a missing engine")
	}
	// Not a UCI engine: never says uciok.
	cfg, _ = config(2, te("a", "first"), EngineConfig{Name: "sleep", Cmd: "sleep", Args: []string{"30"}, Limits: Limits{Depth: 1}})
	cfg.StartTimeout = 200 * time.Millisecond
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "uci handshake") {
		t.Errorf("err = %v, want a uci handshake failure", err)
	}
	waitGoroutines(t, base)
}

func TestConfigErrors(t *testing.T) {
	ok := te("a", "first")
	for name, cfg := range map[string]Config{
		"one engine":  {Engines: []EngineConfig{ok}, Games: 2},
		"no games":    {Engines: []EngineConfig{ok, ok}},
		"no limit":    {Engines: []EngineConfig{ok, {Cmd: "x"}}, Games: 2},
		"no cmd":      {Engines: []EngineConfig{ok, {Limits: Limits{Depth: 1}}}, Games: 2},
		"bad opening": {Engines: []EngineConfig{ok, ok}, Games: 2, Openings: []Opening{{FEN: "8/8/8/8/8/8/8/8 w - - 0 1"}}},
		"bad book":    {Engines: []EngineConfig{ok, ok}, Games: 2, Openings: []Opening{{Moves: []string{"e2e5"}}}},
		"bad sprt":    {Engines: []EngineConfig{ok, ok}, Games: 2, SPRT: stats.SPRT{Elo0: 5, Elo1: 0, Alpha: 0.05, Beta: 0.05}},
		"bad draw":    {Engines: []EngineConfig{ok, ok}, Games: 2, Draw: &DrawRule{MoveCount: 0}},
	} {
		if _, err := Run(context.Background(), cfg); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// Book moves from the opening are played first, marked {book}, and sent to
// the engines.
func TestMatchBookMoves(t *testing.T) {
	cfg, pgn := config(2, te("a", "mater"), te("b", "mater"))
	cfg.Openings = []Opening{{ID: "Scholar line", Moves: []string{"e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6"}}}
	rep := run(t, cfg)
	for _, g := range rep.Games {
		if len(g.Actions) != 7 || !g.Actions[5].Book || g.Actions[6].Book || g.Actions[6].Text != "Qxf7#" {
			t.Errorf("game %d: actions %+v", g.Number, g.Actions)
		}
	}
	want := "1. e4 {book} 1... e5 {book} 2. Bc4 {book} 2... Nc6 {book} 3. Qh5 {book} 3... Nf6 {book} 4. Qxf7# {+0.00/1 "
	if !strings.Contains(strings.Join(strings.Fields(pgn.String()), " "), want) {
		t.Errorf("PGN movetext, want %q in:\n%s", want, pgn)
	}
	if strings.Contains(pgn.String(), "[FEN") {
		t.Error("FEN tag for a book line from the start")
	}
	// The engines received the book moves.
	p := chess.NewPosition()
	for _, m := range cfg.Openings[0].Moves {
		mv, _ := p.ParseUCIMove(m)
		p.Make(mv)
	}
	if p.FEN() != scholarFEN {
		t.Errorf("scholar line reaches %s", p.FEN())
	}
}
