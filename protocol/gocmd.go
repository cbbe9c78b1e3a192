package protocol

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"azar/search"
	"azar/search/hidden"
	"azar/variants/chess"
)

// job is one background task started by `go`: a search or a perft.
type job struct {
	cancel   context.CancelFunc
	finished atomic.Bool   // its last line (bestmove) is written
	done     chan struct{} // closed when its goroutine ends, after finished
	hit      atomic.Bool   // ponderhit received
	hitCh    chan struct{} // closed on ponderhit
	hitOnce  sync.Once
	engine   *search.Engine
	// spyEngine runs a spy-variant search (engine is then nil).
	spyEngine *hidden.Engine
}

func (j *job) running() bool { return !j.finished.Load() }

func (j *job) ponderHit() {
	j.hitOnce.Do(func() {
		j.hit.Store(true)
		close(j.hitCh)
	})
	if j.engine != nil {
		j.engine.PonderHit()
	}
	if j.spyEngine != nil {
		j.spyEngine.PonderHit()
	}
}

// busy reports whether a search or perft is running.
func (p *Protocol) busy() bool { return p.job != nil && p.job.running() }

// stopJob stops the running task, if any, and waits until it has written
// its last line (a search's bestmove).
func (p *Protocol) stopJob() {
	if p.job == nil {
		return
	}
	p.job.cancel()
	<-p.job.done
}

// maxMillis bounds every time given to `go` (about 115 days), so that the
// conversion to a time.Duration cannot overflow.
const maxMillis = 10_000_000_000

// MaxPerftDepth bounds `go perft`.
const MaxPerftDepth = 20

// goCommand is a parsed `go`.
type goCommand struct {
	limits search.Limits
	perft  int // > 0 for `go perft N`
}

var goKeywords = map[string]bool{
	"wtime": true, "btime": true, "winc": true, "binc": true, "movestogo": true,
	"depth": true, "nodes": true, "mate": true, "movetime": true, "infinite": true,
	"ponder": true, "searchmoves": true, "perft": true,
}

// parseGo reads the arguments of `go` for a search from pos.
func parseGo(args []string, pos *chess.Position) (goCommand, error) {
	var moves []chess.Move
	g, err := parseGoArgs(args, func(tok string) error {
		m, err := pos.ParseUCIMove(tok)
		if err != nil {
			return fmt.Errorf("searchmoves: %s is illegal or malformed in %s", quote(tok), pos.FEN())
		}
		moves = append(moves, m)
		return nil
	})
	g.limits.SearchMoves = moves
	return g, err
}

// parseGoArgs reads the arguments of `go`; searchMove takes each move of
// searchmoves (the game's own notation) and says whether it is legal.
func parseGoArgs(args []string, searchMove func(string) error) (goCommand, error) {
	var g goCommand
	l := &g.limits
	clock := false
	seen := map[string]bool{}
	for i := 0; i < len(args); i++ {
		key := args[i]
		if !goKeywords[key] {
			return g, fmt.Errorf("unknown parameter %s", quote(key))
		}
		if seen[key] {
			return g, fmt.Errorf("%s given twice", key)
		}
		seen[key] = true
		switch key {
		case "infinite":
			l.Infinite = true
			continue
		case "ponder":
			l.Ponder = true
			continue
		case "searchmoves":
			n := 0
			for i+1 < len(args) && !goKeywords[args[i+1]] {
				i++
				if err := searchMove(args[i]); err != nil {
					return g, err
				}
				n++
			}
			if n == 0 {
				return g, errors.New("searchmoves without moves")
			}
			continue
		}
		if i+1 == len(args) {
			return g, fmt.Errorf("%s without a value", key)
		}
		i++
		n, err := strconv.ParseInt(args[i], 10, 64)
		if err != nil {
			return g, fmt.Errorf("%s %s: not an integer", key, quote(args[i]))
		}
		ms := time.Duration(max(min(n, maxMillis), -maxMillis)) * time.Millisecond
		switch key {
		case "wtime":
			l.WTime, clock = ms, true
		case "btime":
			l.BTime, clock = ms, true
		case "winc":
			l.WInc = max(ms, 0)
		case "binc":
			l.BInc = max(ms, 0)
		case "movestogo":
			if n < 0 {
				return g, fmt.Errorf("movestogo %d: want 0 or more", n)
			}
			l.MovesToGo = int(min(n, 1<<20))
		case "depth":
			if n < 1 {
				return g, fmt.Errorf("depth %d: want 1 or more", n)
			}
			l.Depth = int(min(n, search.MaxPly-1))
		case "nodes":
			if n < 1 {
				return g, fmt.Errorf("nodes %d: want 1 or more", n)
			}
			l.Nodes = uint64(n)
		case "mate":
			if n < 1 {
				return g, fmt.Errorf("mate %d: want 1 or more", n)
			}
			l.Mate = int(min(n, search.MaxPly))
		case "movetime":
			if n < 0 {
				return g, fmt.Errorf("movetime %d: want 0 or more", n)
			}
			l.MoveTime = max(ms, time.Millisecond)
		case "perft":
			if n < 1 || n > MaxPerftDepth {
				return g, fmt.Errorf("perft %d: want a depth from 1 to %d", n, MaxPerftDepth)
			}
			g.perft = int(n)
		}
	}
	if g.perft > 0 && len(args) != 2 {
		return g, errors.New("perft takes only a depth")
	}
	if clock {
		// A clock that is given but empty, or missing while the other
		// is given, still means "move now", not "no limit".
		l.WTime = max(l.WTime, time.Millisecond)
		l.BTime = max(l.BTime, time.Millisecond)
	}
	if !clock && l.Depth == 0 && l.Nodes == 0 && l.Mate == 0 && l.MoveTime == 0 {
		l.Infinite = true
	}
	return g, nil
}

func (p *Protocol) cmdGo(args []string) {
	if p.busy() {
		p.errorf("go while searching (send stop first)")
		return
	}
	if p.spyMode() {
		p.cmdSpyGo(args)
		return
	}
	if p.luckyMode() {
		p.cmdLuckyGo(args)
		return
	}
	g, err := parseGo(args, p.pos)
	if err != nil {
		p.errorf("go: %v", err)
		return
	}
	if g.perft == 0 && p.playBookMove(g.limits) {
		return
	}
	ctx, j := p.newJob()
	pos := p.pos.Clone()
	if g.perft > 0 {
		go p.runPerft(ctx, j, pos, g.perft)
		return
	}
	j.engine = p.engine
	go p.runSearch(ctx, j, pos, p.levelLimits(g.limits))
}

// newJob makes the job of an accepted `go` the session's current one.
func (p *Protocol) newJob() (context.Context, *job) {
	ctx, cancel := context.WithCancel(context.Background())
	j := &job{cancel: cancel, done: make(chan struct{}), hitCh: make(chan struct{})}
	p.job = j
	return ctx, j
}

// waitForRelease holds the bestmove of an infinite search until stop, and
// of a ponder search until ponderhit or stop, as UCI requires.
func waitForRelease(ctx context.Context, j *job, l search.Limits) {
	switch {
	case l.Infinite:
		<-ctx.Done()
	case l.Ponder:
		select {
		case <-ctx.Done():
		case <-j.hitCh:
		}
	}
}

// runSearch is the search goroutine: it reports progress and always ends
// with one bestmove line carrying a legal move (0000 without one).
func (p *Protocol) runSearch(ctx context.Context, j *job, pos *chess.Position, l search.Limits) {
	defer close(j.done)
	defer j.cancel()
	legal := legalMoves(pos)
	if len(l.SearchMoves) > 0 {
		legal = l.SearchMoves
	}
	fallback := "bestmove 0000"
	if len(legal) > 0 {
		fallback = "bestmove " + legal[0].String()
	}
	defer p.endSearch(j, fallback, "search goroutine", pos.FEN)
	if len(legal) == 0 {
		p.release(ctx, j, l, noMoveInfo(pos.InCheck()), "bestmove 0000")
		return
	}
	res := p.search(ctx, j, pos, l)
	// The engine holds infinite and ponder searches itself; this is the
	// guarantee, should a search come back early.
	waitForRelease(ctx, j, l)

	best := res.Move
	if m, changed := p.levelMove(pos, l, res); changed {
		best, res.Ponder = m, chess.NoMove
	}
	if !contains(legal, best) {
		if best != chess.NoMove {
			p.log.Errorf("search returned %s, not a legal choice in %s; playing %s", best, pos.FEN(), legal[0])
		}
		best = legal[0]
	}
	line := "bestmove " + best.String()
	if res.Ponder != chess.NoMove {
		after := pos.Clone()
		after.Make(best)
		if contains(legalMoves(after), res.Ponder) {
			line += " ponder " + res.Ponder.String()
		} else {
			p.log.Warnf("dropping ponder move %s: illegal after %s in %s", res.Ponder, best, pos.FEN())
		}
	}
	p.out.sendLast(&j.finished, line)
}

// endSearch is deferred by every search goroutine, chess or variant: a
// panic becomes an error line and marks the engine for rebuilding (what
// names the goroutine and where gives the position for the log), and a
// search that wrote no bestmove yet ends with last.
func (p *Protocol) endSearch(j *job, last, what string, where func() string) {
	if r := recover(); r != nil {
		p.broken.Store(true)
		p.log.WithField("stack", string(debug.Stack())).Errorf("%s panicked in %s: %v", what, where(), r)
		p.out.send(fmt.Sprintf("info string error internal search failure: %v", r))
	}
	if !j.finished.Load() {
		p.out.sendLast(&j.finished, last)
	}
}

// release answers a `go` without searching: its info line, then bestmove
// once UCI lets the search end (see waitForRelease).
func (p *Protocol) release(ctx context.Context, j *job, l search.Limits, info, bestmove string) {
	p.out.send(info)
	waitForRelease(ctx, j, l)
	p.out.sendLast(&j.finished, bestmove)
}

// noMoveInfo is the info line of a position without a legal move: mate 0
// when the side to move has lost, else a draw.
func noMoveInfo(lost bool) string {
	if lost {
		return "info depth 0 score mate 0"
	}
	return "info depth 0 score cp 0"
}

// search runs the engine, turning a panic into an empty result (the caller
// then plays the first legal move) and marking the engine for rebuilding.
func (p *Protocol) search(ctx context.Context, j *job, pos *chess.Position, l search.Limits) (res search.Result) {
	defer func() {
		if r := recover(); r != nil {
			p.broken.Store(true)
			p.log.WithField("stack", string(debug.Stack())).Errorf("search panicked in %s: %v", pos.FEN(), r)
			p.out.send(fmt.Sprintf("info string error internal search failure: %v", r))
			res = search.Result{}
		}
	}()
	report := func(info search.Info) {
		if j.hit.Load() {
			// A ponderhit may arrive before the engine has noted that
			// it is pondering; repeat it until the engine has seen it.
			j.engine.PonderHit()
		}
		p.out.send(formatInfo(info, pos))
	}
	return j.engine.Search(ctx, pos, l, report)
}

func contains(ms []chess.Move, m chess.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// formatInfo writes one progress report as a UCI info line. The PV is cut
// at its first move that is not legal (a corrupted hash entry would
// otherwise reach the GUI).
func formatInfo(info search.Info, pos *chess.Position) string {
	if info.CurrMove != chess.NoMove {
		return fmt.Sprintf("info depth %d currmove %s currmovenumber %d", info.Depth, info.CurrMove, info.CurrMoveNumber)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d seldepth %d multipv %d score %s", info.Depth, info.SelDepth, max(info.MultiPV, 1), formatScore(info.Score))
	switch info.Bound {
	case search.BoundLower:
		b.WriteString(" lowerbound")
	case search.BoundUpper:
		b.WriteString(" upperbound")
	}
	writeCounts(&b, info.Nodes, info.HashFull, info.Time)
	if len(info.PV) > 0 {
		q := pos.Clone()
		pv := make([]string, 0, len(info.PV))
		for _, m := range info.PV {
			if !q.IsLegal(m) {
				break
			}
			pv = append(pv, m.String())
			q.Make(m)
		}
		writePV(&b, pv)
	}
	return b.String()
}

// formatScore is an info line's score: mate in moves, or centipawns.
func formatScore(score int) string {
	if ok, n := search.IsMate(score); ok {
		return fmt.Sprintf("mate %d", n)
	}
	return fmt.Sprintf("cp %d", score)
}

// writeCounts appends an info line's nodes, speed, hash use and time.
func writeCounts(b *strings.Builder, nodes uint64, hashFull int, t time.Duration) {
	ms := t.Milliseconds()
	nps := nodes * 1000 / uint64(max(ms, 1))
	fmt.Fprintf(b, " nodes %d nps %d hashfull %d time %d", nodes, nps, hashFull, ms)
}

// writePV appends an info line's PV, if it has one.
func writePV(b *strings.Builder, pv []string) {
	if len(pv) > 0 {
		b.WriteString(" pv " + strings.Join(pv, " "))
	}
}
