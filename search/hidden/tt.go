package hidden

import (
	"azar/search"
	"azar/variants"
)

// ttEntry is one transposition-table slot. Keys are spy.State.WorldKey:
// the public key plus where each usable spy stands, so that the worlds of
// one search share the table without mixing their positions.
type ttEntry struct {
	key   uint64
	act   variants.Action
	score int16
	depth int8
	bound search.Bound
	gen   uint8
}

const ttEntryBytes = 24

type table struct {
	e   []ttEntry
	gen uint8
}

func newTable(mb int) *table {
	n := max(1, mb) << 20 / ttEntryBytes
	size := 1
	for size*2 <= n {
		size *= 2
	}
	return &table{e: make([]ttEntry, size)}
}

func (t *table) clear() {
	clear(t.e)
	t.gen = 0
}

func (t *table) newSearch() { t.gen++ }

func (t *table) slot(key uint64) *ttEntry { return &t.e[key&uint64(len(t.e)-1)] }

func (t *table) probe(key uint64) (ttEntry, bool) {
	e := t.slot(key)
	if e.key != key || e.bound == search.BoundNone {
		return ttEntry{}, false
	}
	return *e, true
}

func (t *table) store(key uint64, a variants.Action, score, depth int, b search.Bound) {
	e := t.slot(key)
	if e.key == key && e.gen == t.gen && int(e.depth) > depth+2 && b != search.BoundExact {
		return
	}
	if e.key == key && a == 0 {
		a = e.act
	}
	*e = ttEntry{key: key, act: a, score: int16(score), depth: int8(max(min(depth, 127), -1)), bound: b, gen: t.gen}
}

// hashFull is the per-mille of the first thousand slots used by this
// search.
func (t *table) hashFull() int {
	n := min(1000, len(t.e))
	used := 0
	for i := range n {
		if t.e[i].bound != search.BoundNone && t.e[i].gen == t.gen {
			used++
		}
	}
	return used * 1000 / n
}

// Mate scores are stored relative to the node, not the root.
func scoreToTT(s, ply int) int {
	switch {
	case s >= search.MateBound:
		return s + ply
	case s <= -search.MateBound:
		return s - ply
	}
	return s
}

func scoreFromTT(s, ply int) int {
	switch {
	case s >= search.MateBound:
		return s - ply
	case s <= -search.MateBound:
		return s + ply
	}
	return s
}
