package core

import (
	"context"
	"testing"

	"azar/search"
	"azar/variants"
)

// cancelling is a synthetic game that cancels its search's context once
// the searcher has counted at nodes, and notes the count it cancelled at.
type cancelling struct {
	*synth
	s        *searcher
	at, seen uint64
	cancel   func()
}

func (g *cancelling) Apply(a variants.Action) {
	if g.seen == 0 && g.s.nodes >= g.at {
		g.seen = g.s.nodes
		g.cancel()
	}
	g.synth.Apply(a)
}

// TestCancelMidIteration: a search whose context is cancelled in the
// middle of an iteration halts within one poll interval of nodes (counted,
// not timed) and answers from the last complete iteration. The cancel
// comes from inside the search, at a known node, half-way through the
// deepest iteration of an uncancelled run (a third of the way through).
func TestCancelMidIteration(t *testing.T) {
	cut := 0 // searches cancelled more than a poll interval before the end
	for _, mask := range []uint64{0, 255} {
		for seed := uint64(1); seed <= 20; seed++ {
			if len(newSynth(seed).Legal(nil)) < 2 {
				continue // a forced action is not searched
			}
			cfg := Config{Chance: DefaultChancePolicy(), Table: NewTable(1), PollMask: mask}
			var iters []Info
			full := NewSearcher().Search(context.Background(), newSynth(seed), cfg, search.Limits{Depth: 8}, nil,
				func(i Info) { iters = append(iters, i) })
			if full.Depth != 8 || len(iters) < 2 {
				t.Fatalf("seed %d: uncancelled search reached depth %d", seed, full.Depth)
			}
			last, prev := iters[len(iters)-1], iters[len(iters)-2]
			at := prev.Nodes + (last.Nodes-prev.Nodes)/3

			e := NewSearcher()
			ctx, cancel := context.WithCancel(context.Background())
			g := &cancelling{synth: newSynth(seed), s: e.s, at: at, cancel: cancel}
			cfg.Table = NewTable(1)
			r := e.Search(ctx, g, cfg, search.Limits{Depth: 8}, nil, nil)
			cancel()
			poll := e.s.stop.pollMask + 1
			if g.seen == 0 {
				t.Fatalf("seed %d mask %d: the search never reached node %d", seed, mask, at)
			}
			if r.Nodes-g.seen > poll {
				t.Errorf("seed %d mask %d: cancelled at node %d, halted at %d (%d nodes on, the poll interval is %d)",
					seed, mask, g.seen, r.Nodes, r.Nodes-g.seen, poll)
			}
			// The iteration may end before the next poll only when less
			// than a poll interval of it was left.
			if !r.Found || r.Depth != prev.Depth && !(r.Depth == last.Depth && last.Nodes-g.seen <= poll) {
				t.Errorf("seed %d mask %d: depth %d after the cancel at node %d, want the last complete %d (ends at %d)",
					seed, mask, r.Depth, g.seen, prev.Depth, prev.Nodes)
			}
			if last.Nodes-g.seen > poll {
				cut++
			}
		}
	}
	t.Logf("%d searches cancelled more than a poll interval before the end of their iteration", cut)
	if cut < 30 {
		t.Fatalf("only %d searches cancelled well inside an iteration", cut)
	}
}
