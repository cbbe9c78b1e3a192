package search

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"azar/eval"
	"azar/eval/nnue"
	"azar/variants/chess"
)

// Engine runs searches. One search at a time; Search blocks until done.
// The protocol layer runs it in a goroutine and cancels it via the context.
type Engine struct {
	opts     Options
	features Features
	tt       *TT
	threads  []*thread

	stopped   atomic.Bool
	pondering atomic.Bool
	limits    Limits
	tm        TimeManager
	nodeCount []atomic.Uint64
	pollEvery uint64 // nodes between a thread's looks at the limits
	// firstDone is set, and firstIter closed, once the main thread has
	// completed depth 1 (or stopped before): the helper threads start
	// then, so that the node limit, which never cuts depth 1 short, need
	// not wait for a main thread that a loaded machine has descheduled.
	firstDone atomic.Bool
	firstIter chan struct{}
	report    func(Info)
	mainDepth atomic.Int32
}

// New returns an engine with the given options.
func New(opts Options) *Engine {
	e := &Engine{}
	e.SetOptions(opts)
	return e
}

// Options returns the current settings.
func (e *Engine) Options() Options { return e.opts }

// SetOptions applies new settings; the hash table is reallocated only when
// its size changes. Must not be called during a search.
func (e *Engine) SetOptions(o Options) {
	o.HashMB = max(1, o.HashMB)
	o.Threads = max(1, o.Threads)
	o.MultiPV = max(1, o.MultiPV)
	if e.tt == nil || o.HashMB != e.opts.HashMB {
		e.tt = NewTT(o.HashMB)
	}
	if len(e.threads) != o.Threads || o.Network != e.opts.Network {
		e.opts.Network = o.Network
		e.threads = make([]*thread, o.Threads)
		for i := range e.threads {
			e.threads[i] = e.newThread(i)
		}
		e.nodeCount = make([]atomic.Uint64, o.Threads)
	}
	e.opts = o
	e.features = o.Features
}

// NewGame forgets everything learnt from earlier positions (ucinewgame).
func (e *Engine) NewGame() {
	e.tt.Clear()
	for i := range e.threads {
		e.threads[i] = e.newThread(i)
	}
}

// newThread is a fresh worker; it evaluates with the network when the
// options name one.
func (e *Engine) newThread(id int) *thread {
	t := &thread{e: e, id: id, ev: eval.NewEvaluator()}
	if e.opts.Network != nil {
		t.nn = nnue.NewStack(e.opts.Network)
	}
	return t
}

// PonderHit turns a running ponder search into a normal timed search: the
// clock that was given with `go ponder` now applies. It only affects a
// search that has started (Search sets the ponder state from its Limits);
// a caller that may deliver ponderhit before the search goroutine runs
// repeats it once the search reports (the protocol does).
func (e *Engine) PonderHit() { e.pondering.Store(false) }

func (e *Engine) publishNodes(t *thread) { e.nodeCount[t.id].Store(t.nodes) }

func (e *Engine) totalNodes() uint64 {
	var n uint64
	for i := range e.nodeCount {
		n += e.nodeCount[i].Load()
	}
	return n
}

// shouldStopNow is a thread's hard-limit check; only the main thread
// watches the clock. The node limit counts every thread's nodes, is
// checked by each (a descheduled main thread cannot let the others run
// on) and never cuts the main thread's first iteration short: `go nodes
// 1` answers from a complete depth 1, not from whichever root moves it
// reached (the helpers start after it, see firstDone).
func (e *Engine) shouldStopNow(main bool) bool {
	if e.firstDone.Load() && e.nodeLimitReached() {
		return true
	}
	return main && !e.pondering.Load() && e.tm.PastHard()
}

// nodeLimitReached reports whether the nodes published so far reach the
// node limit.
func (e *Engine) nodeLimitReached() bool {
	return e.limits.Nodes > 0 && e.totalNodes() >= e.limits.Nodes
}

// pollInterval is how many nodes a thread searches between two looks at
// the limits: stopCheckInterval, or less under a small node limit, so
// that the threads together overshoot it by at most an eighth.
func pollInterval(nodeLimit uint64, threads int) uint64 {
	if nodeLimit == 0 {
		return stopCheckInterval
	}
	return max(1, min(stopCheckInterval, nodeLimit/uint64(8*threads)))
}

// currMoveDelay: currmove lines start after this long, so short searches
// stay quiet as GUIs expect.
const currMoveDelay = 3 * time.Second

func (e *Engine) reportCurrMove(m chess.Move, n int) {
	if e.report != nil && e.tm.Elapsed() > currMoveDelay {
		e.report(Info{Depth: int(e.mainDepth.Load()), CurrMove: m, CurrMoveNumber: n})
	}
}

// Search finds the best move in pos under the limits, calling report with
// progress. It returns when the limits are reached or ctx is cancelled; a
// ponder or infinite search that finishes early waits for ctx (or for
// PonderHit) before returning, as UCI requires. pos is not modified.
func (e *Engine) Search(ctx context.Context, pos *chess.Position, l Limits, report func(Info)) Result {
	start := time.Now()
	e.limits = l
	e.report = report
	e.tm = NewTimeManager(start, l, pos.Side(), e.opts.MoveOverhead, ChessTimePolicy())
	e.stopped.Store(false)
	e.pondering.Store(l.Ponder)
	e.tt.newSearch()
	for i := range e.nodeCount {
		e.nodeCount[i].Store(0)
	}
	e.pollEvery = pollInterval(l.Nodes, len(e.threads))
	e.firstDone.Store(false)
	e.firstIter = make(chan struct{})

	var legal chess.MoveList
	pos.GenerateLegal(&legal)
	var roots []chess.Move
	for _, m := range legal.Slice() {
		if len(l.SearchMoves) == 0 || slices.Contains(l.SearchMoves, m) {
			roots = append(roots, m)
		}
	}
	if len(roots) == 0 {
		e.waitIfRequired(ctx, l)
		return Result{}
	}

	// The watcher turns cancellation into the stop flag. Search waits for
	// it to exit before returning, so a late cancel can never stop the
	// next search.
	done, watcherDone := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(watcherDone)
		select {
		case <-ctx.Done():
			e.stopped.Store(true)
		case <-done:
		}
	}()

	var wg sync.WaitGroup
	for _, t := range e.threads {
		t.pos = pos.Clone()
		if t.nn != nil {
			t.nn.Reset(t.pos)
		}
		t.nodes, t.pollAt = 0, 0
		t.rootMoves = t.rootMoves[:0]
		for _, m := range roots {
			t.rootMoves = append(t.rootMoves, rootMove{move: m, score: -Infinity, prevScore: -Infinity})
		}
		if t.id == 0 {
			continue
		}
		wg.Add(1)
		go func(t *thread) {
			defer wg.Done()
			<-e.firstIter
			t.iterate(start)
		}(t)
	}
	main := e.threads[0]
	main.iterate(start)
	e.stopped.Store(true)
	e.releaseHelpers()
	e.waitIfRequired(ctx, l)
	wg.Wait()
	close(done)
	<-watcherDone

	best := main.rootMoves[0]
	res := Result{Move: best.move, Score: best.score, Depth: main.rootDepth, Nodes: e.totalNodesFinal()}
	if res.Score == -Infinity {
		res.Score = best.prevScore
	}
	if n := min(max(e.opts.MultiPV, l.MultiPV), len(main.rootMoves)); n > 1 {
		res.Candidates = main.candidates(n)
	}
	if len(best.pv) > 1 {
		res.Ponder = best.pv[1]
	} else {
		// The table's move after the best one, if it is legal there.
		p := pos.Clone()
		p.Make(best.move)
		if d, ok := e.tt.probe(p.Hash()); ok && d.move != chess.NoMove && p.IsLegal(d.move) {
			res.Ponder = d.move
		}
	}
	return res
}

func (e *Engine) totalNodesFinal() uint64 {
	for _, t := range e.threads {
		e.publishNodes(t)
	}
	return e.totalNodes()
}

// releaseHelpers marks the main thread's first iteration done and lets
// the helper threads start. Only the main thread's goroutine calls it.
func (e *Engine) releaseHelpers() {
	if !e.firstDone.Load() {
		e.firstDone.Store(true)
		close(e.firstIter)
	}
}

// waitIfRequired holds an infinite or still-pondering search until the GUI
// says stop (or ponderhit, after which a finished search may answer).
func (e *Engine) waitIfRequired(ctx context.Context, l Limits) {
	for (l.Infinite || e.pondering.Load()) && ctx.Err() == nil {
		time.Sleep(time.Millisecond)
	}
}

// iterate is the iterative-deepening loop of one thread.
func (t *thread) iterate(start time.Time) {
	e := t.e
	multiPV := min(max(e.opts.MultiPV, e.limits.MultiPV), len(t.rootMoves))
	maxDepth := MaxPly - 1
	if e.limits.Depth > 0 {
		maxDepth = min(e.limits.Depth, maxDepth)
	}
	bestChanges := 0.0
	var lastBest chess.Move
	lastScore := -Infinity
	for depth := 1; depth <= maxDepth; depth++ {
		// Helper threads skip some depths so the threads spread out over
		// the tree instead of all searching the same nodes.
		if t.id > 0 && depth > 1 && (depth+t.id)%3 == 0 {
			continue
		}
		t.rootDepth = depth
		if t.id == 0 {
			e.mainDepth.Store(int32(depth))
		}
		for i := range t.rootMoves {
			t.rootMoves[i].prevScore = t.rootMoves[i].score
			t.rootMoves[i].score = -Infinity
		}
		for t.pvIdx = 0; t.pvIdx < multiPV; t.pvIdx++ {
			t.seldepth = 0
			t.aspiration(depth, start)
			if e.stopped.Load() {
				break
			}
			sortRoot(t.rootMoves[:t.pvIdx+1])
		}
		if e.stopped.Load() {
			break
		}
		if t.id != 0 {
			continue
		}
		e.releaseHelpers()
		t.reportPVs(depth, start, multiPV)
		best := t.rootMoves[0]
		if best.move != lastBest {
			bestChanges++
		}
		bestChanges *= 0.5
		lastBest = best.move
		if e.limits.Mate > 0 {
			if ok, n := IsMate(best.score); ok && n > 0 && n <= e.limits.Mate {
				break
			}
		}
		scale := 0.6 * (1 + 2*bestChanges)
		if e.features.NodeTime {
			scale *= nodeTimeScale(best.nodes, t.nodes, depth) * scoreDropScale(lastScore, best.score, depth)
		}
		lastScore = best.score
		if !e.pondering.Load() && e.tm.PastSoft(scale) {
			break
		}
		// Past the node limit (depth 1 may end beyond it): no new
		// iteration.
		e.publishNodes(t)
		if e.nodeLimitReached() {
			break
		}
	}
	if t.id == 0 {
		e.stopped.Store(true)
	}
}

// aspiration searches the root with a window around the previous score,
// widening it on each fail.
func (t *thread) aspiration(depth int, start time.Time) {
	e := t.e
	alpha, beta := -Infinity, Infinity
	delta := 15
	prev := t.rootMoves[t.pvIdx].prevScore
	if e.features.Aspiration && depth >= 5 && prev > -MateBound && prev < MateBound {
		alpha, beta = max(prev-delta, -Infinity), min(prev+delta, Infinity)
	}
	for {
		score := t.search(alpha, beta, depth, 0, false)
		sortRoot(t.rootMoves[t.pvIdx:])
		if e.stopped.Load() {
			return
		}
		switch {
		case score <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -Infinity)
			if t.id == 0 && time.Since(start) > time.Second {
				t.reportPV(depth, start, t.pvIdx, BoundUpper)
			}
		case score >= beta:
			beta = min(score+delta, Infinity)
			if t.id == 0 && time.Since(start) > time.Second {
				t.reportPV(depth, start, t.pvIdx, BoundLower)
			}
		default:
			return
		}
		delta += delta / 2
		if delta > 1000 {
			alpha, beta = -Infinity, Infinity
		}
	}
}

// sortRoot orders root moves by score, keeping the previous order among
// equal scores (stable), so an unfinished iteration never demotes the
// previous best move.
func sortRoot(rm []rootMove) {
	slices.SortStableFunc(rm, func(a, b rootMove) int { return b.score - a.score })
}

func (t *thread) isExcludedRoot(m chess.Move) bool {
	for i := 0; i < t.pvIdx; i++ {
		if t.rootMoves[i].move == m {
			return true
		}
	}
	for i := t.pvIdx; i < len(t.rootMoves); i++ {
		if t.rootMoves[i].move == m {
			return false
		}
	}
	return true
}

// updateRootMove records the result of a root move: its score and PV when
// it is the first move or raised alpha, -Infinity otherwise.
func (t *thread) updateRootMove(m chess.Move, score, moveCount, alpha int, nodes uint64) {
	for i := range t.rootMoves {
		rm := &t.rootMoves[i]
		if rm.move != m {
			continue
		}
		rm.nodes += nodes
		if moveCount == 1 || score > alpha {
			rm.score = score
			rm.seldepth = t.seldepth
			rm.pv = append(rm.pv[:0], m)
			rm.pv = append(rm.pv, t.pvTable[1][1:t.pvLen[1]]...)
		} else {
			rm.score = -Infinity
		}
		return
	}
}

func (t *thread) reportPVs(depth int, start time.Time, multiPV int) {
	for i := 0; i < multiPV; i++ {
		t.reportPV(depth, start, i, BoundExact)
	}
}

func (t *thread) reportPV(depth int, start time.Time, i int, b Bound) {
	e := t.e
	if e.report == nil {
		return
	}
	rm := t.rootMoves[i]
	score, d := rm.score, depth
	if score == -Infinity {
		score, d = rm.prevScore, max(1, depth-1)
	}
	if score == -Infinity {
		return
	}
	e.publishNodes(t)
	e.report(Info{
		Depth: d, SelDepth: max(rm.seldepth, 1), MultiPV: i + 1, Score: score, Bound: b,
		Nodes: e.totalNodes(), Time: time.Since(start), HashFull: e.tt.HashFull(),
		PV: append([]chess.Move(nil), rm.pv...),
	})
}
