package core

import (
	"math/rand/v2"
	"testing"

	"azar/search"
	"azar/variants"
)

// refTable is the table as it was before its slots were packed in 16
// bytes: a whole Entry per slot. TestTablePacked holds the packed one to
// its answers.
type refTable struct {
	slots []Entry
	mask  uint64
	gen   uint8
	used  int
}

func (t *refTable) probe(key uint64) (Entry, bool) {
	e := t.slots[key&t.mask]
	if e.Key != key || e.Bound == search.BoundNone {
		return Entry{}, false
	}
	return e, true
}

func (t *refTable) store(key uint64, a variants.Action, value, depth int, bound search.Bound) {
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

// TestTablePacked: random stores and probes on keys that share slots and
// differ in their high bits, with magic-sized actions, actions of up to 64
// bits, zero actions, negative and large depths and values of the whole
// int16 range, across generations and a Clear, against refTable.
func TestTablePacked(t *testing.T) {
	tt := NewTable(1)
	n := uint64(len(tt.slots))
	if n != 1<<15 || tt.mask != n-1 {
		t.Fatalf("1 MB: %d slots, want %d", n, 1<<15)
	}
	for mb, want := range map[int]int{2: 1 << 16, 4: 1 << 17, 16: 1 << 19} {
		if got := len(NewTable(mb).slots); got != want {
			t.Fatalf("%d MB: %d slots, want %d", mb, got, want)
		}
	}
	ref := &refTable{slots: make([]Entry, n), mask: n - 1}
	rng := rand.New(rand.NewPCG(1, 2))
	// 64 slots, each shared by 8 keys of different high bits.
	keys := make([]uint64, 512)
	for i := range keys {
		keys[i] = rng.Uint64()&^(n-1) | uint64(i%64)*977&(n-1)
	}
	hits := 0
	for i := range 400000 {
		k := keys[rng.IntN(len(keys))]
		switch r := rng.IntN(100); {
		case r < 45:
			var a variants.Action
			switch rng.IntN(4) {
			case 0: // none
			case 1:
				a = variants.Action(rng.Uint64() >> (64 - actLow))
			case 2:
				a = variants.Action(rng.Uint64())
			case 3:
				a = variants.Action(rng.Uint64() >> rng.IntN(64))
			}
			v := rng.IntN(1<<16) - 1<<15
			d := rng.IntN(300) - 100
			b := search.Bound(rng.IntN(4))
			tt.Store(k, a, v, d, b)
			ref.store(k, a, v, d, b)
		case r < 98:
			got, ok := tt.Probe(k)
			want, wok := ref.probe(k)
			if ok != wok || got != want {
				t.Fatalf("op %d: probe %016x = %+v %v, want %+v %v", i, k, got, ok, want, wok)
			}
			if ok {
				hits++
			}
		case r < 99:
			tt.NewSearch()
			ref.gen++
		default:
			if rng.IntN(50) == 0 {
				tt.Clear()
				clear(ref.slots)
				ref.gen, ref.used = 0, 0
			}
		}
		if tt.used != ref.used {
			t.Fatalf("op %d: used %d, want %d", i, tt.used, ref.used)
		}
	}
	if hits < 10000 {
		t.Fatalf("only %d hits", hits)
	}
	t.Logf("%d hits", hits)
}
