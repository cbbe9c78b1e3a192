package lucky

import (
	"math/rand/v2"
	"testing"

	"azar/variants"
)

// benchStates are positions from seeded random games, in every phase.
func benchStates(n int) []*State {
	rng := rand.New(rand.NewPCG(1, 2))
	var out []*State
	var buf []variants.Action
	for len(out) < n {
		s := New(Options{})
		for i := 0; i < 200 && s.ToAct() != variants.NoPlayer; i++ {
			if s.ToAct() == variants.Chance {
				o := s.Chances(nil)
				s.ApplyTrusted(o[rng.IntN(len(o))].Action)
			} else {
				buf = s.Legal(buf[:0])
				a := buf[rng.IntN(len(buf))]
				for _, x := range buf {
					if x == DrawAction && rng.IntN(2) == 0 {
						a = x
					}
				}
				s.ApplyTrusted(a)
			}
			if i%7 == 0 && s.ToAct() != variants.NoPlayer {
				out = append(out, s.clone())
			}
		}
	}
	return out[:n]
}

// applyBench prepares an apply-and-undo benchmark: 256 states and what
// may happen in each (its legal actions, or at a pending reveal the cards
// the pile may give), with the timer started afresh.
func applyBench(b *testing.B) ([]*State, [][]variants.Action) {
	states := benchStates(256)
	acts := make([][]variants.Action, len(states))
	for i, s := range states {
		if s.ToAct() == variants.Chance {
			for _, o := range s.Chances(nil) {
				acts[i] = append(acts[i], o.Action)
			}
		} else {
			acts[i] = s.Legal(nil)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	return states, acts
}

func BenchmarkLegal(b *testing.B) {
	states := benchStates(256)
	buf := make([]variants.Action, 0, 4096)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = states[i&255].Legal(buf[:0])
	}
}

func BenchmarkApplyUndo(b *testing.B) {
	states, acts := applyBench(b)
	for i := 0; i < b.N; i++ {
		s := states[i&255]
		a := acts[i&255][(i>>8)%len(acts[i&255])]
		s.ApplyTrusted(a)
		s.Undo()
	}
}

func BenchmarkApplyValidatedUndo(b *testing.B) {
	states, acts := applyBench(b)
	for i := 0; i < b.N; i++ {
		s := states[i&255]
		a := acts[i&255][(i>>8)%len(acts[i&255])]
		if err := s.Apply(a); err != nil {
			b.Fatal(err)
		}
		s.Undo()
	}
}
