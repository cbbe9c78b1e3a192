package chance

import "azar/variants"

// Transposition-table bound kinds.
const (
	boundNone  uint8 = 0
	boundUpper uint8 = 1 // the value is at most the stored one (fail low)
	boundLower uint8 = 2 // the value is at least the stored one (fail high)
	boundExact uint8 = boundUpper | boundLower
)

// ttEntry is one slot: the full key (no index bits dropped, so a hit is a
// real hit but for 64-bit collisions), the best action found (0 when none,
// and always 0 at chance nodes), the value from the point of view of the
// player whose turn it is, the depth it was searched to and the bound.
type ttEntry struct {
	key   uint64
	move  variants.Action
	value int16
	depth int8
	bound uint8
	gen   uint8
}

// table is a one-entry-per-slot transposition table for a single search
// thread. Replacement keeps a deeper entry of the current search against a
// shallower one for another position; everything else is overwritten.
type table struct {
	slots []ttEntry
	mask  uint64
	gen   uint8
	used  int
}

const entryBytes = 32 // ttEntry's size with padding

func newTable(mb int) *table {
	n := uint64(1)
	for n*2*entryBytes <= uint64(max(mb, 1))<<20 {
		n *= 2
	}
	return &table{slots: make([]ttEntry, n), mask: n - 1}
}

func (t *table) clear() {
	clear(t.slots)
	t.gen, t.used = 0, 0
}

func (t *table) newSearch() { t.gen++ }

func (t *table) probe(key uint64) (ttEntry, bool) {
	e := t.slots[key&t.mask]
	if e.key != key || e.bound == boundNone {
		return ttEntry{}, false
	}
	return e, true
}

func (t *table) store(key uint64, move variants.Action, value, depth int, bound uint8) {
	e := &t.slots[key&t.mask]
	if e.key != key && e.bound != boundNone && e.gen == t.gen && int(e.depth) > depth {
		return
	}
	if e.bound == boundNone {
		t.used++
	}
	if e.key == key && move == 0 {
		move = e.move
	}
	*e = ttEntry{key: key, move: move, value: int16(value), depth: int8(min(depth, 127)), bound: bound, gen: t.gen}
}

// hashFull is the per-mille of slots in use (UCI hashfull).
func (t *table) hashFull() int {
	return int(uint64(t.used) * 1000 / uint64(len(t.slots)))
}
