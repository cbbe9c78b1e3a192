package magic

import (
	"math/rand/v2"
	"syscall"
	"testing"

	"azar/variants"
)

// benchStates are n referee's states (both hands known, as in a search's
// world) from seeded random games of both modes, taken at every phase a
// game reaches: a fixed set, so that runs before and after a change of the
// rules' code compare the same work.
func benchStates(n int) []*State {
	var out []*State
	var buf []variants.Action
	for seed := uint64(1); len(out) < n; seed++ {
		s := New(Options{Mode: Mode(seed & 1)}, seed)
		rng := rand.New(rand.NewPCG(seed, 7))
		for k := 0; k < 400 && !s.m.over && len(out) < n; k++ {
			buf = s.Legal(buf[:0])
			a := buf[rng.IntN(len(buf))]
			if rng.IntN(4) == 0 {
				for _, x := range buf {
					if TypeOf(x) == ActCard {
						a = x
						break
					}
				}
			}
			s.ApplyTrusted(a)
			if k%9 == 4 && !s.m.over {
				out = append(out, s.clone())
			}
		}
	}
	return out
}

// treeSkip is what search/hands leaves out of a turn's start below the
// root (its rootOnly): the many-target relocations, AM23, AM24, AM32 and
// AM34-AM36.
const treeSkip CardSet = 1<<am13 | 1<<am14 | 1<<am15 | 1<<am16 | 1<<am17 | 1<<am18 | 1<<am23 | 1<<am24 |
	1<<am32 | 1<<am34 | 1<<am35 | 1<<am36

// BenchmarkLegal: one op is the whole legal list of one state (every card,
// as at the search's root).
func BenchmarkLegal(b *testing.B) { benchLegal(b, 0) }

// BenchmarkLegalTree: one op is the legal list of one state less the
// cards the search leaves to the root (treeSkip), as at an inner node.
func BenchmarkLegalTree(b *testing.B) { benchLegal(b, treeSkip) }

func benchLegal(b *testing.B, skip CardSet) {
	sts := benchStates(200)
	buf := make([]variants.Action, 0, 4096)
	b.ReportAllocs()
	t0 := cpuTime()
	defer reportCPU(b, t0)
	i := 0
	for b.Loop() {
		buf = sts[i%len(sts)].LegalWithout(buf[:0], skip)
		i++
	}
}

// BenchmarkApplyUndo: one op is ApplyTrusted and Undo of one inner-node
// action (every action of every state's treeSkip list in turn).
func BenchmarkApplyUndo(b *testing.B) {
	sts := benchStates(200)
	type pair struct {
		s *State
		a variants.Action
	}
	var work []pair
	for _, s := range sts {
		for _, a := range s.LegalWithout(nil, treeSkip) {
			work = append(work, pair{s, a})
		}
	}
	b.ReportAllocs()
	t0 := cpuTime()
	defer reportCPU(b, t0)
	i := 0
	for b.Loop() {
		w := work[i%len(work)]
		w.s.ApplyTrusted(w.a)
		w.s.Undo()
		i++
	}
}

// BenchmarkNode: one op is what the search does at an inner node of one
// state: its legal list less treeSkip, then each action applied, keyed and
// undone.
func BenchmarkNode(b *testing.B) {
	sts := benchStates(200)
	buf := make([]variants.Action, 0, 4096)
	b.ReportAllocs()
	t0 := cpuTime()
	defer reportCPU(b, t0)
	i := 0
	var sink uint64
	for b.Loop() {
		s := sts[i%len(sts)]
		buf = s.LegalWithout(buf[:0], treeSkip)
		for _, a := range buf {
			s.ApplyTrusted(a)
			sink ^= s.Key()
			s.Undo()
		}
		i++
	}
	_ = sink
}

// cpuTime is the process's user and system time: the benchmarks report it
// per op beside the wall time, which on a shared, loaded machine counts
// the waits for a core too.
func cpuTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// reportCPU adds the CPU time per op since t0 (a cpuTime).
func reportCPU(b *testing.B, t0 int64) {
	b.ReportMetric(float64(cpuTime()-t0)/float64(b.N), "cpu-ns/op")
}
