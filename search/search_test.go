package search

import (
	"context"
	"testing"
	"time"

	"azar/variants/chess"
)

func searchFEN(t *testing.T, e *Engine, fen string, l Limits) Result {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	before := p.FEN()
	r := e.Search(context.Background(), p, l, nil)
	if p.FEN() != before {
		t.Fatalf("search modified the position: %s", p.FEN())
	}
	return r
}

// Mate positions; each first move is the only one that mates in the given
// number (checked with Stockfish 15.1, MultiPV 3, depth 14).
var mates = []struct {
	fen  string
	n    int
	move string
}{
	{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, "d1d8"},
	{"1r4k1/5ppp/8/8/8/8/5PPP/1R4K1 w - - 0 1", 1, "b1b8"},
	{"4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 1 1", 2, "b3b8"},
	{"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2, "d5f6"},
	{"7k/pp4np/2p3p1/3pN1q1/3P4/Q7/1r3rPP/2R2RK1 w - - 0 1", 2, "a3f8"},
	{"r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3, "f6a6"},
}

func TestMates(t *testing.T) {
	e := New(DefaultOptions())
	for _, m := range mates {
		r := searchFEN(t, e, m.fen, Limits{Depth: 2*m.n + 2})
		ok, n := IsMate(r.Score)
		if r.Move.String() != m.move || !ok || n != m.n {
			t.Errorf("%s: got %s score %d (mate %v in %d), want %s mate in %d", m.fen, r.Move, r.Score, ok, n, m.move, m.n)
		}
	}
}

func TestMatedAndStalemateRoot(t *testing.T) {
	e := New(DefaultOptions())
	// Fool's mate: White is mated, no move to return.
	if r := searchFEN(t, e, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", Limits{Depth: 3}); r.Move != chess.NoMove {
		t.Errorf("mated root returned %s", r.Move)
	}
	if r := searchFEN(t, e, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Limits{Depth: 3}); r.Move != chess.NoMove {
		t.Errorf("stalemate root returned %s", r.Move)
	}
}

// A side that is mated in one answers with a mate score against itself.
func TestGetsMatedScore(t *testing.T) {
	e := New(DefaultOptions())
	r := searchFEN(t, e, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1", Limits{Depth: 6})
	if ok, n := IsMate(r.Score); ok && n < 0 {
		t.Errorf("black is not mated at once here, got mate %d", n)
	}
	r = searchFEN(t, e, "3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", Limits{Depth: 4})
	if r.Move != chess.NoMove {
		t.Errorf("mated side returned move %s", r.Move)
	}
}

func TestSingleLegalMoveAndSearchMoves(t *testing.T) {
	e := New(DefaultOptions())
	// Black king in check with only one square.
	r := searchFEN(t, e, "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", Limits{Depth: 5})
	if r.Move.String() != "a8b8" && r.Move != chess.NoMove {
		t.Errorf("got %s", r.Move)
	}
	p := chess.NewPosition()
	m, _ := p.ParseUCIMove("a2a3")
	r = e.Search(context.Background(), p, Limits{Depth: 4, SearchMoves: []chess.Move{m}}, nil)
	if r.Move != m {
		t.Errorf("searchmoves a2a3: got %s", r.Move)
	}
}

func TestNodeLimitDeterministic(t *testing.T) {
	e := New(DefaultOptions())
	fen := "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	e.NewGame()
	a := searchFEN(t, e, fen, Limits{Nodes: 20000})
	e.NewGame()
	b := searchFEN(t, e, fen, Limits{Nodes: 20000})
	if a.Move != b.Move || a.Nodes != b.Nodes {
		t.Errorf("node-limited search not deterministic: %v/%d vs %v/%d", a.Move, a.Nodes, b.Move, b.Nodes)
	}
	if a.Nodes > 20000+stopCheckInterval {
		t.Errorf("node limit overshot: %d", a.Nodes)
	}
}

func TestCancelAndTimeLimits(t *testing.T) {
	e := New(DefaultOptions())
	p := chess.NewPosition()
	var l chess.MoveList
	p.GenerateLegal(&l)
	// An infinite search cancelled from its own depth-4 report ends (one
	// that ignored the cancel would not: the test run's timeout says so)
	// with a legal move and that depth done.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := e.Search(ctx, p, Limits{Infinite: true}, func(i Info) {
		if i.Depth >= 4 && i.CurrMove == chess.NoMove {
			cancel()
		}
	})
	if !l.Contains(r.Move) || r.Depth < 4 {
		t.Errorf("infinite search cancelled at depth 4: %s at depth %d", r.Move, r.Depth)
	}
	// 1 ms on the clock still gives a legal move.
	r = e.Search(context.Background(), p, Limits{WTime: time.Millisecond, BTime: time.Millisecond}, nil)
	if !l.Contains(r.Move) {
		t.Errorf("1 ms search returned %s", r.Move)
	}
}

func TestMultiPVDistinctMoves(t *testing.T) {
	o := DefaultOptions()
	o.MultiPV = 3
	e := New(o)
	p := chess.NewPosition()
	seen := map[int]chess.Move{}
	e.Search(context.Background(), p, Limits{Depth: 6}, func(i Info) {
		if i.Depth == 6 && i.CurrMove == chess.NoMove && len(i.PV) > 0 {
			seen[i.MultiPV] = i.PV[0]
		}
	})
	if len(seen) != 3 || seen[1] == seen[2] || seen[2] == seen[3] || seen[1] == seen[3] {
		t.Errorf("multipv lines: %v", seen)
	}
}

func TestTimeManagerBudgets(t *testing.T) {
	now := time.Now()
	tm := NewTimeManager(now, Limits{WTime: time.Second, WInc: 10 * time.Millisecond}, chess.White, 10*time.Millisecond, ChessTimePolicy())
	if tm.hard >= 990*time.Millisecond || tm.soft > tm.hard || tm.soft <= 0 {
		t.Errorf("1s+0.01: soft %v hard %v", tm.soft, tm.hard)
	}
	tm = NewTimeManager(now, Limits{MoveTime: 100 * time.Millisecond}, chess.Black, 10*time.Millisecond, ChessTimePolicy())
	if tm.hard != 90*time.Millisecond {
		t.Errorf("movetime 100 overhead 10: hard %v", tm.hard)
	}
	tm = NewTimeManager(now, Limits{BTime: time.Millisecond}, chess.Black, 10*time.Millisecond, ChessTimePolicy())
	if tm.hard > time.Millisecond {
		t.Errorf("1 ms left: hard %v", tm.hard)
	}
}

// TestTimePolicyCaps checks each bound of a policy on hand-computed
// budgets: 1 s left, no overhead, no increment.
func TestTimePolicyCaps(t *testing.T) {
	now := time.Now()
	p := TimePolicy{MovesToGo: 10, HardFactor: 3, HardShare: 0.25, LastShare: 0.8}
	cases := []struct {
		mtg        int
		soft, hard time.Duration
	}{
		{0, 100 * time.Millisecond, 250 * time.Millisecond},  // soft 1/10; hard min(3×100, 250)
		{40, 100 * time.Millisecond, 250 * time.Millisecond}, // movestogo capped at the policy's 10
		{5, 200 * time.Millisecond, 250 * time.Millisecond},  // hard min(3×200, 250)
		{1, 800 * time.Millisecond, 800 * time.Millisecond},  // last move: LastShare
	}
	for _, c := range cases {
		tm := NewTimeManager(now, Limits{WTime: time.Second, BTime: time.Second, MovesToGo: c.mtg}, chess.White, 0, p)
		if tm.soft != c.soft || tm.hard != c.hard || !tm.Limited() {
			t.Errorf("movestogo %d: soft %v hard %v, want %v %v", c.mtg, tm.soft, tm.hard, c.soft, c.hard)
		}
	}
	if tm := NewTimeManager(now, Limits{}, chess.White, 0, p); tm.Limited() || tm.PastHard() || tm.WouldOverrun(time.Hour) {
		t.Error("no clock: the search must be unlimited")
	}
}

func TestTTPacking(t *testing.T) {
	m := chess.NewPromotion(chess.Square(52), chess.Square(60), chess.Queen)
	d := unpackTT(packTT(m, -31000+5, 123, 17, BoundLower, 9))
	if d.move != m || d.score != -31000+5 || d.eval != 123 || d.depth != 17 || d.bound != BoundLower {
		t.Errorf("unpacked %+v", d)
	}
	if d := unpackTT(packTT(chess.NoMove, 0, -5, -1, BoundUpper, 0)); d.depth != -1 || d.eval != -5 {
		t.Errorf("qsearch entry %+v", d)
	}
}

// An infinite or ponder search that reaches its depth limit still waits
// for stop (UCI: bestmove only after stop or ponderhit).
func TestInfiniteWaitsForStop(t *testing.T) {
	e := New(DefaultOptions())
	for _, l := range []Limits{{Depth: 2, Infinite: true}, {Depth: 2, Ponder: true, WTime: time.Second}} {
		ctx, cancel := context.WithCancel(context.Background())
		reached := make(chan struct{}, 1)
		done := make(chan Result)
		go func() {
			done <- e.Search(ctx, chess.NewPosition(), l, func(i Info) {
				if i.Depth == 2 && i.CurrMove == chess.NoMove {
					select {
					case reached <- struct{}{}:
					default:
					}
				}
			})
		}()
		// Its depth limit reached, the search still waits: a result now
		// is a bestmove before stop. (Only a wrong early return can show
		// up here; a loaded machine delays it, never a right one.)
		<-reached
		select {
		case <-done:
			t.Errorf("%+v returned at its depth limit, before stop", l)
			cancel()
			continue
		case <-time.After(100 * time.Millisecond):
		}
		cancel()
		if r := <-done; r.Move == chess.NoMove || r.Depth != 2 {
			t.Errorf("%+v after stop: %s at depth %d", l, r.Move, r.Depth)
		}
	}
}
