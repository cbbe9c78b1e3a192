package core

import (
	"azar/search"
	"azar/variants"
)

// Entry is what the table holds for a key: the full key (a hit is a real
// hit but for 64-bit collisions), the best action found (0 when none, and
// always 0 at chance nodes), the value from the point of view of the side
// whose turn it is, the depth it was searched to, the bound and the search
// that stored it. The table keeps it packed in a slot.
type Entry struct {
	Key    uint64
	Action variants.Action
	Value  int16
	Depth  int8
	Bound  search.Bound
	Gen    uint8
}

// slot is an Entry packed in 16 bytes, four to a cache line and none
// across two (a 24-byte Entry was: a quarter of them lay across two
// lines, and the table was half as large again; its probe is the search's
// largest single cost, a cache miss at most nodes).
//
//	k: the key's bits above the slot's index (the index bits are the
//	   slot's own, so the whole key is compared), and in the index bits
//	   the depth's low nibble (0-3), the bound (4-5), the generation
//	   (6-13) and whether the action has bits above actLow (14)
//	d: the action's low actLow bits, the value (44-59) and the depth's
//	   high nibble (60-63)
//
// An action with bits above actLow (none of magic's, whose highest is
// bit 43; lucky's wave) keeps them in hi, allocated at the first such
// store and read only when bit 14 says so.
type slot struct{ k, d uint64 }

const (
	actLow     = 44
	actLowMask = 1<<actLow - 1
	hiFlag     = 1 << 14
	minSlots   = 1 << 15 // the index bits must hold k's 15 bits of fields
)

// Table is a one-entry-per-slot transposition table for a single search
// thread. Replacement keeps a deeper entry of the current search against
// a shallower one for another position; everything else is overwritten.
type Table struct {
	slots []slot
	hi    []uint32 // the actions' bits above actLow, for the slots with hiFlag
	mask  uint64
	gen   uint8
	used  int
}

// entryBytes sizes the table: the number of slots is that of 32-byte
// entries (the size an Entry had with padding), whatever a slot takes
// now, so that the same Hash option gives the same slots and the same
// search.
const entryBytes = 32

// NewTable returns a table of at most mb megabytes' worth of 32-byte
// entries (a power of two of slots, at least 1 MB's worth: 32 K).
func NewTable(mb int) *Table {
	n := uint64(1)
	for n*2*entryBytes <= uint64(max(mb, 1))<<20 {
		n *= 2
	}
	n = max(n, minSlots)
	return &Table{slots: make([]slot, n), mask: n - 1}
}

// Clear empties the table.
func (t *Table) Clear() {
	clear(t.slots)
	clear(t.hi)
	t.gen, t.used = 0, 0
}

// NewSearch starts a new generation: entries of earlier searches may be
// replaced by shallower ones.
func (t *Table) NewSearch() { t.gen++ }

func (e slot) bound() search.Bound { return search.Bound(e.k >> 4 & 3) }
func (e slot) gen() uint8          { return uint8(e.k >> 6) }
func (e slot) depth() int8         { return int8(uint8(e.k&15) | uint8(e.d>>60)<<4) }

// action is the slot's action, its high bits from hi where it has some.
func (t *Table) action(e slot, i uint64) variants.Action {
	a := variants.Action(e.d & actLowMask)
	if e.k&hiFlag != 0 {
		a |= variants.Action(t.hi[i]) << actLow
	}
	return a
}

// Probe returns the entry stored under key.
func (t *Table) Probe(key uint64) (Entry, bool) {
	i := key & t.mask
	e := t.slots[i]
	if (e.k^key)&^t.mask != 0 || e.bound() == search.BoundNone {
		return Entry{}, false
	}
	return Entry{Key: key, Action: t.action(e, i), Value: int16(e.d >> actLow), Depth: e.depth(), Bound: e.bound(), Gen: e.gen()}, true
}

// Store records a search result; a zero action keeps the action an entry
// of the same key had.
func (t *Table) Store(key uint64, a variants.Action, value, depth int, bound search.Bound) {
	i := key & t.mask
	e := &t.slots[i]
	same := (e.k^key)&^t.mask == 0
	b := e.bound()
	if !same && b != search.BoundNone && e.gen() == t.gen && int(e.depth()) > depth {
		return
	}
	if b == search.BoundNone {
		t.used++
	}
	if same && a == 0 {
		a = t.action(*e, i)
	}
	d := uint8(int8(min(depth, 127)))
	k := key&^t.mask | uint64(d&15) | uint64(bound&3)<<4 | uint64(t.gen)<<6
	if a>>actLow != 0 {
		// Not magic's: its actions fit in actLow bits. One allocation
		// per table, at the first such action.
		if t.hi == nil {
			t.hi = make([]uint32, len(t.slots))
		}
		t.hi[i] = uint32(a >> actLow)
		k |= hiFlag
	}
	*e = slot{k: k, d: uint64(a)&actLowMask | uint64(uint16(value))<<actLow | uint64(d>>4)<<60}
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
