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
	"azar/variants/chess"
)

// job is one background task started by `go`: a search or a perft.
type job struct {
	cancel   context.CancelFunc
	finished atomic.Bool   // its last line (bestmove) is written
	done     chan struct{} // closed when its goroutine ends, after finished
	hitCh    chan struct{} // closed on ponderhit
	hitOnce  sync.Once
}

func (j *job) running() bool { return !j.finished.Load() }

// ponderHit records the ponderhit; the search runner passes it on to the
// engine (relayPonderHit).
func (j *job) ponderHit() { j.hitOnce.Do(func() { close(j.hitCh) }) }

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
	"movestogo": true, "depth": true, "nodes": true, "mate": true, "movetime": true, "infinite": true,
	"ponder": true, "searchmoves": true, "perft": true,
}

// parseGo reads the arguments of `go` for a search from pos; problems
// are the faults found (see parseGoArgs).
func parseGo(args []string, pos *chess.Position) (goCommand, []string) {
	var moves []chess.Move
	g, problems := parseGoArgs(args, func(tok string) error {
		m, err := pos.ParseUCIMove(tok)
		if err != nil {
			return fmt.Errorf("searchmoves: %s is illegal or malformed in %s", quote(tok), pos.FEN())
		}
		moves = append(moves, m)
		return nil
	})
	g.limits.SearchMoves = moves
	return g, problems
}

// parseGoArgs reads the arguments of `go`; searchMove takes each move of
// searchmoves (the game's own notation) and says whether it is legal.
//
// A fault never turns the command away: the faulty parameter is dropped,
// the valid ones are kept (as Stockfish skips what it cannot read), and
// problems says what was dropped, for the command's one error line. A `go`
// that had a fault and has no limit left searches to depth 1, not
// forever: a GUI that sent a broken limit is not going to send stop, and
// must get its bestmove.
func parseGoArgs(args []string, searchMove func(string) error) (g goCommand, problems []string) {
	return parseGoClocks(args, twoSeatClocks, searchMove)
}

// twoSeatClocks are the clock letters of a two-seat game: wtime, btime,
// winc, binc.
const twoSeatClocks = "wb"

// clockParam reads a clock parameter of a game whose seats' clock letters
// are letters (in seat order): <letter>time or <letter>inc.
func clockParam(key, letters string) (seat int, inc, ok bool) {
	if len(key) < 4 {
		return 0, false, false
	}
	seat = strings.IndexByte(letters, key[0])
	switch {
	case seat < 0:
		return 0, false, false
	case key[1:] == "time":
		return seat, false, true
	case key[1:] == "inc":
		return seat, true, true
	}
	return 0, false, false
}

// parseGoClocks is parseGoArgs for a game whose seats' clocks are named by
// letters ("wb": wtime btime winc binc; "rgyb": rtime gtime ytime btime
// rinc ginc yinc binc).
func parseGoClocks(args []string, letters string, searchMove func(string) error) (g goCommand, problems []string) {
	isKey := func(k string) bool {
		_, _, clock := clockParam(k, letters)
		return clock || goKeywords[k]
	}
	l := &g.limits
	clock := false
	seen := map[string]bool{}
	perft := false
	for i := 0; i < len(args); i++ {
		key := args[i]
		if !isKey(key) {
			// The unknown word and the values after it, up to the
			// next keyword.
			j := i + 1
			for j < len(args) && !isKey(args[j]) {
				j++
			}
			problems = append(problems, fmt.Sprintf("unknown parameter %s ignored", quote(strings.Join(args[i:j], " "))))
			i = j - 1
			continue
		}
		repeated := seen[key]
		seen[key] = true
		if repeated {
			problems = append(problems, fmt.Sprintf("%s given twice (the first kept)", key))
		}
		switch key {
		case "infinite":
			l.Infinite = true
			continue
		case "ponder":
			l.Ponder = true
			continue
		case "searchmoves":
			// Each faulty move is dropped; with none left, every move
			// is searched.
			first := i + 1
			for i+1 < len(args) && !isKey(args[i+1]) {
				i++
				if repeated {
					continue
				}
				if err := searchMove(args[i]); err != nil {
					problems = append(problems, err.Error())
				}
			}
			if i < first && !repeated {
				problems = append(problems, "searchmoves without moves")
			}
			continue
		}
		if i+1 == len(args) || isKey(args[i+1]) {
			if !repeated {
				problems = append(problems, fmt.Sprintf("%s without a value", key))
			}
			continue
		}
		i++
		n, err := strconv.ParseInt(args[i], 10, 64)
		if repeated {
			continue
		}
		if err != nil {
			what := "not an integer"
			if errors.Is(err, strconv.ErrRange) {
				what = "out of the 64-bit range"
			}
			problems = append(problems, fmt.Sprintf("%s %s: %s", key, quote(args[i]), what))
			continue
		}
		if seat, inc, ok := clockParam(key, letters); ok {
			setClock(l, letters, seat, inc, n)
			clock = clock || !inc
			continue
		}
		if msg := setGoValue(&g, key, n); msg != "" {
			problems = append(problems, msg)
		}
		perft = perft || key == "perft"
	}
	if perft && len(args) != 2 {
		problems = append(problems, "perft takes only a depth (perft ignored)")
		g.perft = 0
	}
	if clock {
		// A clock that is given but empty, or missing while another is
		// given, still means "move now", not "no limit".
		if letters == twoSeatClocks {
			l.WTime = max(l.WTime, time.Millisecond)
			l.BTime = max(l.BTime, time.Millisecond)
		} else {
			for i := range letters {
				l.Clocks[i].Time = max(l.Clocks[i].Time, time.Millisecond)
			}
		}
	}
	if !clock && l.Depth == 0 && l.Nodes == 0 && l.Mate == 0 && l.MoveTime == 0 && !l.Infinite {
		if len(problems) > 0 {
			l.Depth = 1
		} else {
			l.Infinite = true
		}
	}
	return g, problems
}

// goMillis is a go parameter's milliseconds as a duration, bounded so the
// conversion cannot overflow.
func goMillis(n int64) time.Duration {
	return time.Duration(max(min(n, maxMillis), -maxMillis)) * time.Millisecond
}

// setClock sets seat's time (or increment, with inc) to n milliseconds: the
// two-seat fields for a two-seat game, Clocks otherwise. A negative
// increment counts as none.
func setClock(l *search.Limits, letters string, seat int, inc bool, n int64) {
	ms := goMillis(n)
	if inc {
		ms = max(ms, 0)
	}
	if letters != twoSeatClocks {
		if inc {
			l.Clocks[seat].Inc = ms
		} else {
			l.Clocks[seat].Time = ms
		}
		return
	}
	switch {
	case seat == 0 && !inc:
		l.WTime = ms
	case seat == 0:
		l.WInc = ms
	case !inc:
		l.BTime = ms
	default:
		l.BInc = ms
	}
}

// setGoValue sets the parameter key of `go` to n, or says why n is out
// of its range (and leaves it unset).
func setGoValue(g *goCommand, key string, n int64) string {
	l := &g.limits
	ms := goMillis(n)
	switch key {
	case "movestogo":
		if n < 0 {
			return fmt.Sprintf("movestogo %d: want 0 or more", n)
		}
		l.MovesToGo = int(min(n, 1<<20))
	case "depth":
		if n < 1 {
			return fmt.Sprintf("depth %d: want 1 or more", n)
		}
		l.Depth = int(min(n, search.MaxPly-1))
	case "nodes":
		if n < 1 {
			return fmt.Sprintf("nodes %d: want 1 or more", n)
		}
		l.Nodes = uint64(n)
	case "mate":
		if n < 1 {
			return fmt.Sprintf("mate %d: want 1 or more", n)
		}
		l.Mate = int(min(n, search.MaxPly))
	case "movetime":
		if n < 0 {
			return fmt.Sprintf("movetime %d: want 0 or more", n)
		}
		l.MoveTime = max(ms, time.Millisecond)
	case "perft":
		if n < 1 || n > MaxPerftDepth {
			return fmt.Sprintf("perft %d: want a depth from 1 to %d", n, MaxPerftDepth)
		}
		g.perft = int(n)
	}
	return ""
}

// reportGoProblems writes the one error line of a `go` that had faults
// (the search still runs, without them).
func (p *Protocol) reportGoProblems(problems []string) {
	if len(problems) > 0 {
		p.errorf("go: %s", strings.Join(problems, "; "))
	}
}

func (p *Protocol) cmdGo(args []string) {
	if p.busy() {
		p.errorf("go while searching (send stop first)")
		return
	}
	p.cur.goCmd(args)
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
	if info != "" {
		p.out.send(info)
	}
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
