package hands

import (
	"fmt"
	"hash/fnv"
	"syscall"
	"testing"
	"time"

	"azar/search"
	"azar/variants/magic"
)

// BenchmarkSearchSpeed: one op searches 12 decisions from seeded random
// games (worldPositions) to a fixed depth, 16 worlds, cards at the root
// only (the defaults) and, as a sub-benchmark, everywhere. It reports
// nodes per second of wall time and of CPU time (the process's: on a
// shared, loaded machine the wall time counts the waits for a core) and logs a digest of every decision's action, score
// and node count: a change that only makes the node faster leaves the
// digest as it was.
//
//	go test -run '^$' -bench BenchmarkSearchSpeed -benchtime 3x ./search/hands/
func BenchmarkSearchSpeed(b *testing.B) {
	for _, cd := range []int{0, MaxCardDepth} {
		b.Run(fmt.Sprintf("carddepth=%d", cd), func(b *testing.B) { benchSpeed(b, cd, 3) })
	}
}

func benchSpeed(b *testing.B, cardDepth, depth int) {
	pos := worldPositions(12)
	b.ReportAllocs()
	var nodes uint64
	var took, cpu time.Duration
	var digest uint64
	for b.Loop() {
		h := fnv.New64a()
		for _, st := range pos {
			e := engine(CardsSearch, DefaultMaxWorlds)
			o := e.Options()
			o.CardDepth = cardDepth
			e.SetOptions(o)
			t0, c0 := time.Now(), cpuTime()
			r := e.Search(b.Context(), st, search.Limits{Depth: depth}, nil, nil)
			took += time.Since(t0)
			cpu += cpuTime() - c0
			nodes += r.Nodes
			fmt.Fprintf(h, "%s %d %d;", magic.FormatAction(r.Action), r.Score, r.Nodes)
		}
		digest = h.Sum64()
	}
	b.ReportMetric(float64(nodes)/took.Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.Logf("digest %016x", digest)
}

// cpuTime is the process's user and system time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
