package engine

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"azar/variants/chess"
)

func legalIn(t *testing.T, fen, move string) {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.ParseUCIMove(move); err != nil {
		t.Fatalf("bestmove %q: %v", move, err)
	}
}

// checkAzarFindsMate: e is Azar (it lists Hash and Level) and finds
// Qh5xf7, the scholar's mate, with its mate score.
func checkAzarFindsMate(t *testing.T, e *Engine) {
	t.Helper()
	if !e.HasOption("Hash") || !e.HasOption("Level") {
		t.Fatalf("options %v", e.options)
	}
	fen := "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
	res, err := e.Search(context.Background(), Request{Position: "fen " + fen, Go: "depth 3"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Move != "h5f7" || res.Score.Mate != 1 {
		t.Fatalf("got %+v, want h5f7 mate 1", res)
	}
}

func TestSearchAnswersALegalMoveAndScore(t *testing.T) {
	e, err := Start(Config{HashMB: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if e.HasOption("No Such Option") {
		t.Fatalf("options %v", e.options)
	}
	checkAzarFindsMate(t, e)
	res, err := e.Search(context.Background(), Request{Position: "startpos moves e2e4", Go: "depth 2"})
	if err != nil {
		t.Fatal(err)
	}
	legalIn(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", res.Move)
	if !res.Score.Known {
		t.Fatal("no score")
	}
}

func TestRefusedPositionIsAnError(t *testing.T) {
	e, err := Start(Config{HashMB: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if _, err := e.Search(context.Background(), Request{Position: "startpos moves e2e5", Go: "depth 1"}); err == nil {
		t.Fatal("an illegal move in the position was not reported")
	}
	// The engine is still usable.
	if _, err := e.Search(context.Background(), Request{Position: "startpos", Go: "depth 1"}); err != nil {
		t.Fatal(err)
	}
}

func TestCancelStopsTheSearchWithABestmove(t *testing.T) {
	e, err := Start(Config{HashMB: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	res, err := e.Search(ctx, Request{Position: "startpos", Go: "infinite"})
	if err != nil {
		t.Fatal(err)
	}
	legalIn(t, chess.StartFEN, res.Move)
}

func TestKillMidSearchIsErrDead(t *testing.T) {
	e, err := Start(Config{HashMB: 1})
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		time.Sleep(20 * time.Millisecond)
		e.Kill()
	}()
	_, err = e.Search(context.Background(), Request{Position: "startpos", Go: "infinite"})
	if !errors.Is(err, ErrDead) {
		t.Fatalf("err %v, want ErrDead", err)
	}
	select {
	case <-e.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the protocol loop did not end after the kill")
	}
}

// TestPoolReplacesACrashedEngine kills the engine in the middle of a
// search: the pool starts another and the search still answers.
func TestPoolReplacesACrashedEngine(t *testing.T) {
	p := NewPool(1, Config{HashMB: 1})
	defer p.Close()
	ok, err := p.HasOption(context.Background(), "MultiPV")
	if err != nil || !ok {
		t.Fatalf("HasOption MultiPV: %v %v", ok, err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for p.Running() == 0 {
			time.Sleep(time.Millisecond)
		}
		time.Sleep(30 * time.Millisecond)
		p.KillAll()
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	// The first engine is killed while searching "infinite"; the retry
	// searches until ctx ends and is then stopped with a bestmove.
	res, err := p.Search(ctx, Request{Position: "startpos", Go: "infinite"})
	<-done
	if err != nil {
		t.Fatal(err)
	}
	legalIn(t, chess.StartFEN, res.Move)
	if _, err := p.Search(context.Background(), Request{Position: "startpos", Go: "depth 1"}); err != nil {
		t.Fatal(err)
	}
	if p.Running() != 1 {
		t.Fatalf("%d engines running, want 1", p.Running())
	}
}

// FuzzSearchOutput feeds arbitrary engine output lines to the reader of a
// search: no line may panic it, and a bestmove line always ends it.
func FuzzSearchOutput(f *testing.F) {
	for _, s := range []string{
		"info depth 3 seldepth 5 multipv 1 score cp -31 nodes 100 pv e2e4",
		"info depth 2 score mate -2 nodes 5", "info score", "info score cp", "info score cp x",
		"bestmove e2e4 ponder e7e5", "bestmove", "bestmove ", "bestmovex", "info string error position: bad fen",
		"info string error go while searching", "option name Level type spin default 6 min 1 max 6", "option name",
		"info string scores r=12 g=-3 y=0 b=-20000", "info string scores r=1 g=2", "info string scores",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, l string) {
		var r Result
		refused := ""
		done, err := r.take(l, &refused)
		if strings.HasPrefix(l, "bestmove") && !done {
			t.Fatalf("%q did not end the search", l)
		}
		if done && err == nil && r.Move == "" {
			t.Fatalf("%q: done with no move", l)
		}
		optionName(l)
	})
}

// TestSeatScores: four-player chaturanga's `info string scores` line
// gives each seat's value; a later one replaces it, a malformed one is
// ignored.
func TestSeatScores(t *testing.T) {
	var r Result
	refused := ""
	for _, l := range []string{
		"info depth 4 seldepth 4 multipv 1 score cp 35 nodes 900 pv a1a2",
		"info string scores r=3120 g=2980 y=-20000 b=3001",
		"info string scores r=1 g=2 y=3",
		"info string scores r=x g=2 y=3 b=4",
		"info string scores g=1 r=2 y=3 b=4",
	} {
		if _, err := r.take(l, &refused); err != nil {
			t.Fatal(err)
		}
	}
	if want := []int{3120, 2980, -20000, 3001}; !slices.Equal(r.Seats, want) {
		t.Fatalf("seats %v, want %v", r.Seats, want)
	}
	if r.Score != (Score{CP: 35, Known: true}) {
		t.Fatalf("score %+v", r.Score)
	}
}
