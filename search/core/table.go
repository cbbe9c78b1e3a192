package core

import (
	"azar/search"
	"azar/variants"
)

// Entry is one slot of the table: the full key (no index bits dropped, so
// a hit is a real hit but for 64-bit collisions), the best action found
// (0 when none, and always 0 at chance nodes), the value from the point
// of view of the side whose turn it is, the depth it was searched to, the
// bound and the search that stored it.
type Entry struct {
	Key    uint64
	Action variants.Action
	Value  int16
	Depth  int8
	Bound  search.Bound
	Gen    uint8
}

// Table is a one-entry-per-slot transposition table for a single search
// thread. Replacement keeps a deeper entry of the current search against
// a shallower one for another position; everything else is overwritten.
type Table struct {
	slots []Entry
	mask  uint64
	gen   uint8
	used  int
}

const entryBytes = 32 // Entry's size with padding

// NewTable returns a table of at most mb megabytes (a power of two of
// slots, at least 1 MB's worth).
func NewTable(mb int) *Table {
	n := uint64(1)
	for n*2*entryBytes <= uint64(max(mb, 1))<<20 {
		n *= 2
	}
	return &Table{slots: make([]Entry, n), mask: n - 1}
}

// Clear empties the table.
func (t *Table) Clear() {
	clear(t.slots)
	t.gen, t.used = 0, 0
}

// NewSearch starts a new generation: entries of earlier searches may be
// replaced by shallower ones.
func (t *Table) NewSearch() { t.gen++ }

// Probe returns the entry stored under key.
func (t *Table) Probe(key uint64) (Entry, bool) {
	e := t.slots[key&t.mask]
	if e.Key != key || e.Bound == search.BoundNone {
		return Entry{}, false
	}
	return e, true
}

// Store records a search result; a zero action keeps the action an entry
// of the same key had.
func (t *Table) Store(key uint64, a variants.Action, value, depth int, bound search.Bound) {
	e := &t.slots[key&t.mask]
	if e.Key != key && e.Bound != search.BoundNone && e.Gen == t.gen && int(e.Depth) > depth {
		return
	}
	if e.Bound == search.BoundNone {
		t.used++
	}
	if e.Key == key && a == 0 {
		a = e.Action
	}
	*e = Entry{Key: key, Action: a, Value: int16(value), Depth: int8(min(depth, 127)), Bound: bound, Gen: t.gen}
}

// HashFull is the per-mille of slots in use (UCI hashfull).
func (t *Table) HashFull() int {
	return int(uint64(t.used) * 1000 / uint64(len(t.slots)))
}

// cuts reports whether an entry's value decides a node searched in
// (alpha, beta).
func (e Entry) cuts(alpha, beta int) bool {
	v := int(e.Value)
	return e.Bound == search.BoundExact || (e.Bound == search.BoundLower && v >= beta) || (e.Bound == search.BoundUpper && v <= alpha)
}
