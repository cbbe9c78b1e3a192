package games

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"azar/app/engine"
	"azar/app/store"
)

type fixture struct {
	dir  string
	st   *store.Store
	pool *engine.Pool
	m    *Manager
}

// newFixture opens a manager on a fresh (or given) data directory, with a
// one-ply engine budget (and so no decision delay, pace.go) so that tests
// wait on the rules, not the search.
func newFixture(t *testing.T, dir string) *fixture {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	st, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	pool := engine.NewPool(2, engine.Config{HashMB: 1})
	m, err := New(Config{Store: st, Engine: pool, GoArgs: func(int) string { return "depth 1" }})
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{dir: dir, st: st, pool: pool, m: m}
	t.Cleanup(f.close)
	return f
}

func (f *fixture) close() {
	if f.m == nil {
		return
	}
	f.m.Close()
	f.pool.Close()
	f.st.Close()
	f.m = nil
}

// waitView waits (bounded) until the game's view satisfies ok.
func waitView(t *testing.T, m *Manager, id string, ok func(View) bool) View {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		v, err := m.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		if ok(v) {
			return v
		}
		if time.Now().After(deadline) {
			t.Fatalf("game %s never reached the state; last %+v", id, v)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func ready(v View) bool { return !v.Thinking && v.Turn == v.Human }

func kind(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}

func TestEngineRepliesAndBadMovesChangeNothing(t *testing.T) {
	f := newFixture(t, "")
	v, err := f.m.Create(Options{Mode: ModeEngine, Color: "white", Level: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(v.ID) != 32 || v.Human != "w" || len(v.Legal) != 20 || v.Pieces["e1"] != "wK" || v.Pieces["d8"] != "bQ" {
		t.Fatalf("first view %+v", v)
	}
	for _, bad := range []string{"e2e5", "e7e5", "zz", "", "e2e4e"} {
		if _, err := f.m.Move(v.ID, bad); kind(err) != Invalid {
			t.Fatalf("move %q: err %v, want Invalid", bad, err)
		}
	}
	v, err = f.m.Move(v.ID, "e2e4")
	if err != nil {
		t.Fatal(err)
	}
	if !v.Thinking || len(v.Legal) != 0 || v.Moves[0].SAN != "e4" {
		t.Fatalf("after e4 %+v", v)
	}
	v = waitView(t, f.m, v.ID, ready)
	if len(v.Moves) != 2 || v.Eval == nil || !v.CanUndo {
		t.Fatalf("after the reply %+v", v)
	}
	if _, err := f.m.Move(v.ID, "e2e4"); kind(err) != Invalid {
		t.Fatalf("replayed e2e4: %v", err)
	}
	if w, _ := f.m.Get(v.ID); len(w.Moves) != 2 {
		t.Fatalf("a refused move changed the game: %+v", w.Moves)
	}
	v, err = f.m.Undo(v.ID)
	if err != nil || len(v.Moves) != 0 || v.CanUndo {
		t.Fatalf("undo: %+v %v", v, err)
	}
	if _, err := f.m.Undo(v.ID); kind(err) != Conflict {
		t.Fatalf("undo of nothing: %v", err)
	}
	if _, err := f.m.Get("0123456789abcdef0123456789abcdef"); kind(err) != NotFound {
		t.Fatalf("unknown id: %v", err)
	}
	if _, err := f.m.Get("../../etc/passwd"); kind(err) != NotFound {
		t.Fatalf("bad id: %v", err)
	}
}

func TestCreateValidates(t *testing.T) {
	f := newFixture(t, "")
	for _, o := range []Options{
		{Variant: "go"}, {Mode: "remote"}, {Level: 7}, {Level: -1}, {Color: "green"},
		{FEN: "not a fen"}, {FEN: "7k/5QQ1/8/8/8/8/8/K7 b - - 0 1"}, // mated already
	} {
		if _, err := f.m.Create(o); kind(err) != Invalid {
			t.Errorf("%+v: err %v, want Invalid", o, err)
		}
	}
	if gs, _ := f.m.List(0); len(gs) != 0 {
		t.Fatalf("refused games were stored: %+v", gs)
	}
}

func TestEnginePlaysWhite(t *testing.T) {
	f := newFixture(t, "")
	v, err := f.m.Create(Options{Mode: ModeEngine, Color: "black"})
	if err != nil {
		t.Fatal(err)
	}
	v = waitView(t, f.m, v.ID, ready)
	if v.Human != "b" || len(v.Moves) != 1 || v.Level != DefaultLevel {
		t.Fatalf("%+v", v)
	}
	// The engine's first move is not the player's to take back.
	if _, err := f.m.Undo(v.ID); kind(err) != Conflict {
		t.Fatalf("undo: %v", err)
	}
}

func TestFoolsMateOnOneDevice(t *testing.T) {
	f := newFixture(t, "")
	v, err := f.m.Create(Options{Mode: ModeLocal})
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
		if v, err = f.m.Move(v.ID, mv); err != nil {
			t.Fatal(err)
		}
	}
	if v.Status != ReasonCheckmate || v.Result != "0-1" || v.Check != "e1" || len(v.Legal) != 0 {
		t.Fatalf("%+v", v)
	}
	if _, err := f.m.Move(v.ID, "e1f2"); kind(err) != Conflict {
		t.Fatalf("move after mate: %v", err)
	}
	pgn, err := f.m.PGN(v.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(pgn, "\n1. f3 e5 2. g4 Qh4# 0-1\n") || !strings.Contains(pgn, "[Result \"0-1\"]\n") ||
		!strings.Contains(pgn, "[Termination \"checkmate\"]\n") {
		t.Fatalf("pgn:\n%s", pgn)
	}
	gs, err := f.m.List(0)
	if err != nil || len(gs) != 1 || gs[0].Status != store.Finished || gs[0].PGN != pgn {
		t.Fatalf("list %+v %v", gs, err)
	}
	// Mate can be taken back on one device, one move at a time.
	if v, err = f.m.Undo(v.ID); err != nil || v.Status != "playing" || len(v.Moves) != 3 {
		t.Fatalf("undo after mate: %+v %v", v, err)
	}
}

func TestAutomaticDraws(t *testing.T) {
	f := newFixture(t, "")
	// Repetition: the knights go out and back twice.
	v, _ := f.m.Create(Options{Mode: ModeLocal})
	for _, mv := range strings.Fields("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8") {
		var err error
		if v, err = f.m.Move(v.ID, mv); err != nil {
			t.Fatal(err)
		}
	}
	if v.Status != ReasonRepetition || v.Result != "1/2-1/2" {
		t.Fatalf("repetition: %+v", v.Status)
	}
	// Insufficient material: the last pawn is taken.
	v, err := f.m.Create(Options{Mode: ModeLocal, FEN: "8/8/8/4k3/3P4/8/8/4K3 b - - 0 1"})
	if err != nil {
		t.Fatal(err)
	}
	if v, err = f.m.Move(v.ID, "e5d4"); err != nil || v.Status != ReasonInsufficient {
		t.Fatalf("insufficient: %+v %v", v.Status, err)
	}
	pgn, _ := f.m.PGN(v.ID)
	if !strings.Contains(pgn, "[SetUp \"1\"]\n[FEN \"8/8/8/4k3/3P4/8/8/4K3 b - - 0 1\"]\n") || !strings.HasSuffix(pgn, "\n1... Kxd4 1/2-1/2\n") {
		t.Fatalf("pgn:\n%s", pgn)
	}
	// Fifty moves: the clock starts at 99 half-moves.
	v, _ = f.m.Create(Options{Mode: ModeLocal, FEN: "8/8/8/4k3/8/8/8/R3K3 w - - 99 80"})
	if v, err = f.m.Move(v.ID, "a1a2"); err != nil || v.Status != ReasonFifty {
		t.Fatalf("fifty: %+v %v", v.Status, err)
	}
	// Stalemate.
	v, _ = f.m.Create(Options{Mode: ModeLocal, FEN: "7k/8/6Q1/8/8/8/8/K7 w - - 0 1"})
	if v, err = f.m.Move(v.ID, "g6f7"); err != nil || v.Status != ReasonStalemate {
		t.Fatalf("stalemate: %+v %v", v.Status, err)
	}
}

func TestResignAndDrawOffers(t *testing.T) {
	f := newFixture(t, "")
	v, _ := f.m.Create(Options{Mode: ModeEngine, Color: "white"})
	// At the start the engine is not worse: it declines.
	v, err := f.m.OfferDraw(v.ID)
	if err != nil || v.DrawNote != "declined" || v.Status != "playing" {
		t.Fatalf("offer at the start: %+v %v", v, err)
	}
	v, err = f.m.Resign(v.ID)
	if err != nil || v.Result != "0-1" || v.Status != ReasonResign {
		t.Fatalf("resign: %+v %v", v, err)
	}
	if _, err := f.m.Undo(v.ID); kind(err) != Conflict {
		t.Fatalf("undo after resigning: %v", err)
	}
	// A queen down, the engine (Black) accepts.
	v, _ = f.m.Create(Options{Mode: ModeEngine, Color: "white", FEN: "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"})
	v, err = f.m.OfferDraw(v.ID)
	if err != nil || v.DrawNote != "accepted" || v.Result != "1/2-1/2" || v.Status != ReasonAgreement {
		t.Fatalf("offer a queen up: %+v %v", v, err)
	}
	// On one device the side to move resigns.
	v, _ = f.m.Create(Options{Mode: ModeLocal})
	v, _ = f.m.Move(v.ID, "e2e4")
	if v, err = f.m.Resign(v.ID); err != nil || v.Result != "1-0" {
		t.Fatalf("local resign: %+v %v", v, err)
	}
}

// TestResumeAfterRestart closes the manager while the engine is to move
// and opens a new one on the same file: the game is there, exactly, and
// the engine moves.
func TestResumeAfterRestart(t *testing.T) {
	f := newFixture(t, "")
	v, _ := f.m.Create(Options{Mode: ModeEngine, Color: "white", Level: 5})
	v, _ = f.m.Move(v.ID, "d2d4")
	v = waitView(t, f.m, v.ID, ready)
	v, _ = f.m.Move(v.ID, "c2c4")
	id, before := v.ID, v.Moves
	f.close()

	g := newFixture(t, f.dir)
	v = waitView(t, g.m, id, ready)
	if len(v.Moves) != 4 || v.Level != 5 || v.Human != "w" {
		t.Fatalf("resumed %+v", v)
	}
	for i := range before {
		if v.Moves[i] != before[i] {
			t.Fatalf("move %d %v, want %v", i, v.Moves[i], before[i])
		}
	}
}

// TestEngineCrashMidGame kills every engine while the engine thinks: the
// pool starts another and the game gets its move.
func TestEngineCrashMidGame(t *testing.T) {
	dir := t.TempDir()
	st, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	pool := engine.NewPool(1, engine.Config{HashMB: 1})
	defer pool.Close()
	m, err := New(Config{Store: st, Engine: pool, GoArgs: func(int) string { return "movetime 200" }})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	v, _ := m.Create(Options{Mode: ModeEngine})
	for i := 0; i < 3; i++ {
		if v, err = m.Move(v.ID, v.Legal[0]); err != nil {
			t.Fatal(err)
		}
		for pool.Running() == 0 {
			time.Sleep(time.Millisecond)
		}
		pool.KillAll()
		v = waitView(t, m, v.ID, ready)
		if len(v.Moves) != 2*(i+1) {
			t.Fatalf("after crash %d: %+v", i, v.Moves)
		}
	}
}

// TestFiftyConcurrentGames plays 50 games against the engine at once
// (fewer in -short mode), each a few moves.
func TestFiftyConcurrentGames(t *testing.T) {
	n, moves := 50, 4
	if testing.Short() {
		n, moves = 10, 2
	}
	f := newFixture(t, "")
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			color := []string{"white", "black"}[i%2]
			v, err := f.m.Create(Options{Mode: ModeEngine, Color: color})
			if err != nil {
				errs <- err
				return
			}
			for k := 0; k < moves; k++ {
				deadline := time.Now().Add(60 * time.Second)
				for v.Thinking || v.Turn != v.Human {
					if time.Now().After(deadline) {
						errs <- fmt.Errorf("game %d: the engine never answered", i)
						return
					}
					time.Sleep(5 * time.Millisecond)
					v, _ = f.m.Get(v.ID)
				}
				if v.Status != "playing" {
					break
				}
				if v, err = f.m.Move(v.ID, v.Legal[(i+k)%len(v.Legal)]); err != nil {
					errs <- fmt.Errorf("game %d: %v", i, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	gs, err := f.m.List(0)
	if err != nil || len(gs) != n {
		t.Fatalf("%d games stored, want %d (%v)", len(gs), n, err)
	}
	for _, g := range gs {
		// A game may end early (the engine mates a careless player).
		if g.Moves < 2*moves-1 && (g.Status != store.Finished || g.Reason == "") {
			t.Errorf("game %s has %d moves and is %s", g.ID, g.Moves, g.Status)
		}
	}
}

func TestHint(t *testing.T) {
	f := newFixture(t, "")
	// White mates in one: the hint is the mate, and the game is unchanged.
	v, err := f.m.Create(Options{Mode: ModeLocal, FEN: "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"})
	if err != nil {
		t.Fatal(err)
	}
	h, err := f.m.Hint(v.ID)
	if err != nil {
		t.Fatal(err)
	}
	if h.Move != "h5f7" || h.SAN != "Qxf7#" || h.Eval == nil || h.Eval.Mate != 1 {
		t.Fatalf("hint %+v", h)
	}
	if w, _ := f.m.Get(v.ID); len(w.Moves) != 0 || w.Version != v.Version {
		t.Fatalf("the hint changed the game: %+v", w)
	}
	v, _ = f.m.Move(v.ID, "h5f7")
	if _, err := f.m.Hint(v.ID); kind(err) != Conflict {
		t.Fatalf("hint after mate: %v", err)
	}
}
