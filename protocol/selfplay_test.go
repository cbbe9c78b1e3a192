package protocol_test

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"azar/variants/chess"
)

// TestSelfPlayClock plays Azar against Azar, two processes, at 1 s + 0.01 s
// on real clocks kept by the test (as a GUI would): no engine may ever take
// longer than the time it had left, give or take a little for process
// scheduling. The tolerance is 50 ms plus the slowest isready round trip
// seen in the game, so that a loaded machine (the latency of the pipes and
// the scheduler, not the engine's time management) does not fail it, plus
// the longest stall a 1 ms ticker in the test saw during the move: when
// the whole machine stops (a virtual machine descheduled by its host),
// the engine's clock and the test's both jump and no time management can
// help it.
func TestSelfPlayClock(t *testing.T) {
	const (
		base      = time.Second
		inc       = 10 * time.Millisecond
		tolerance = 50 * time.Millisecond
		maxPlies  = 120
	)
	var stall stallMeter
	stop := stall.run()
	defer stop()
	engines := [2]*engineProc{startEngine(t, "white"), startEngine(t, "black")}
	for _, e := range engines {
		e.send("uci")
		e.readUntil(func(l string) bool { return l == "uciok" }, 10*time.Second)
		e.send("ucinewgame")
		e.sync()
	}
	clock := [2]time.Duration{base, base}
	minLeft := [2]time.Duration{base, base}
	var longest [2]time.Duration
	var latency time.Duration
	pos := chess.NewPosition()
	var moves []string
	status := chess.Ongoing
	for ply := 0; ply < maxPlies && status == chess.Ongoing; ply++ {
		side := int(pos.Side())
		e := engines[side]
		e.sync()
		latency = max(latency, time.Since(e.sent))
		cmd := "position startpos"
		if len(moves) > 0 {
			cmd += " moves " + strings.Join(moves, " ")
		}
		e.send(cmd, fmt.Sprintf("go wtime %d btime %d winc %d binc %d",
			clock[0].Milliseconds(), clock[1].Milliseconds(), inc.Milliseconds(), inc.Milliseconds()))
		start := e.sent
		stall.reset()
		got := e.readUntil(prefix("bestmove"), clock[side]+5*time.Second)
		used := time.Since(start)
		longest[side] = max(longest[side], used)
		if stalled := stall.longest(); used > clock[side]+tolerance+latency+stalled {
			t.Fatalf("ply %d: %s flagged: used %v with %v on the clock (isready latency up to %v, longest machine stall %v)", ply, e.name, used, clock[side], latency, stalled)
		}
		clock[side] = max(clock[side]-used, 0) + inc
		minLeft[side] = min(minLeft[side], clock[side])
		checkInfoLines(t, got)
		m := checkBestmove(t, got[len(got)-1], pos)
		mv, _ := pos.ParseUCIMove(m)
		pos.Make(mv)
		moves = append(moves, m)
		status = pos.Status(true)
	}
	t.Logf("%d plies, result %s; clocks left %v / %v, lowest %v / %v, longest move %v / %v, isready latency up to %v",
		len(moves), status, clock[0], clock[1], minLeft[0], minLeft[1], longest[0], longest[1], latency)
	for _, e := range engines {
		e.finish(true)
	}
}

// stallMeter measures how long the test process goes without running: a
// goroutine sleeps 1 ms at a time and records the longest gap beyond it.
type stallMeter struct{ gap atomic.Int64 }

func (m *stallMeter) run() (stop func()) {
	done := make(chan struct{})
	go func() {
		last := time.Now()
		for {
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
			now := time.Now()
			if g := int64(now.Sub(last) - time.Millisecond); g > m.gap.Load() {
				m.gap.Store(g)
			}
			last = now
		}
	}()
	return func() { close(done) }
}

func (m *stallMeter) reset()                 { m.gap.Store(0) }
func (m *stallMeter) longest() time.Duration { return time.Duration(m.gap.Load()) }
