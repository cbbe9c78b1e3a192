package core

import (
	"context"
	"slices"
	"testing"

	"azar/search"
	"azar/variants"
)

// synthPass is the synthetic tree with a pass for null-move pruning and
// static exchanges for quiescence's futility.
type synthPass struct {
	*synth
	passes int
}

const synthPassAction = 999

func (g *synthPass) NullAction() (variants.Action, bool) {
	g.passes++
	return synthPassAction, true
}

func (g *synthPass) Exchange(a variants.Action) (int, bool) {
	return int(mix(g.top().h, uint64(a))%400) - 200, a == 1
}

// TestNodeOptionsOrderingKeepsValues: the options that only order (the
// killers, the history's cap) or move win values between references
// (MateRelative) keep the exact root value of the synthetic trees, with
// the table.
func TestNodeOptionsOrderingKeepsValues(t *testing.T) {
	cp := DefaultChancePolicy()
	for seed := uint64(1); seed <= 120; seed++ {
		if len(newSynth(seed).Legal(nil)) < 2 {
			continue
		}
		for depth := 1; depth <= 3; depth++ {
			want := BruteForce(newSynth(seed), depth, cp.DrawCost)
			cfg := Config{Chance: cp, Table: NewTable(1), Node: NodeOptions{KillerOrder: 700, HistoryCap: 50, MateRelative: true}}
			r := NewSearcher().Search(context.Background(), newSynth(seed), cfg, search.Limits{Depth: depth}, nil, nil)
			if r.Score != want {
				t.Fatalf("seed %d depth %d: %d, brute force %d", seed, depth, r.Score, want)
			}
		}
	}
}

// TestNodeOptionsPruning: null move, reverse futility, late-move
// reductions, the check extension and quiescence's futility change the
// search as they should: null move asks for the pass, the forward
// pruning searches fewer nodes in all, the check extension more, and
// every search still answers with a legal root action.
func TestNodeOptionsPruning(t *testing.T) {
	cp := DefaultChancePolicy()
	run := func(seed uint64, o NodeOptions) (Result, *synthPass) {
		g := &synthPass{synth: newSynth(seed)}
		cfg := Config{Chance: cp, Table: NewTable(1), Node: o}
		return NewSearcher().Search(context.Background(), g, cfg, search.Limits{Depth: 5}, nil, nil), g
	}
	var plain, pruned, extended, futile uint64
	passes := 0
	for seed := uint64(1); seed <= 60; seed++ {
		legal := newSynth(seed).Legal(nil)
		if len(legal) < 2 {
			continue
		}
		p, _ := run(seed, NodeOptions{})
		f, g := run(seed, NodeOptions{NullMove: true, ReverseFutility: 50, LMR: true})
		e, _ := run(seed, NodeOptions{CheckExtension: true})
		q, _ := run(seed, NodeOptions{QuiesceFutility: 100})
		for _, r := range []Result{f, e, q} {
			if !r.Found || !slices.Contains(legal, r.Action) {
				t.Fatalf("seed %d: action %d found %v, legal %v", seed, r.Action, r.Found, legal)
			}
		}
		plain += p.Nodes
		pruned += f.Nodes
		extended += e.Nodes
		futile += q.Nodes
		passes += g.passes
	}
	t.Logf("nodes: plain %d, null move+futility+LMR %d (%d passes), check extension %d, quiescence futility %d", plain, pruned, passes, extended, futile)
	if passes == 0 || pruned >= plain || extended <= plain || futile >= plain {
		t.Errorf("nodes: plain %d, null move+futility+LMR %d (%d passes), check extension %d, quiescence futility %d", plain, pruned, passes, extended, futile)
	}
}
