package search

import (
	"math/bits"
	"sync/atomic"
	"unsafe"

	"azar/internal/prefetch"
	"azar/variants/chess"
)

// The transposition table is shared by every search thread without locks:
// each entry is two 64-bit words written atomically, the first holding the
// position key XOR the second, so a torn entry (half from one writer, half
// from another) fails the key check instead of returning wrong data.
type ttEntry struct {
	check atomic.Uint64 // key ^ data
	data  atomic.Uint64
}

// Data word layout.
const (
	ttMoveBits  = 18
	ttScoreShft = 18
	ttEvalShft  = 34
	ttDepthShft = 50
	ttBoundShft = 58
	ttGenShft   = 60
)

type ttData struct {
	move  chess.Move
	score int
	eval  int
	depth int
	bound Bound
}

func packTT(m chess.Move, score, ev, depth int, b Bound, gen uint8) uint64 {
	return uint64(m)&(1<<ttMoveBits-1) |
		uint64(uint16(int16(score)))<<ttScoreShft |
		uint64(uint16(int16(ev)))<<ttEvalShft |
		uint64(uint8(depth+1))<<ttDepthShft |
		uint64(b)<<ttBoundShft |
		uint64(gen&15)<<ttGenShft
}

func unpackTT(d uint64) ttData {
	return ttData{
		move:  chess.Move(d & (1<<ttMoveBits - 1)),
		score: int(int16(d >> ttScoreShft)),
		eval:  int(int16(d >> ttEvalShft)),
		depth: int(uint8(d>>ttDepthShft)) - 1,
		bound: Bound(d >> ttBoundShft & 3),
	}
}

// TT is the transposition table.
type TT struct {
	entries []ttEntry
	gen     uint8
}

// NewTT allocates a table of about mb megabytes.
func NewTT(mb int) *TT {
	if mb < 1 {
		mb = 1
	}
	n := mb << 20 / 16
	t := &TT{}
	t.entries = allocEntries(t, n)
	return t
}

// Clear empties the table (ucinewgame).
func (t *TT) Clear() {
	// No search runs during Clear, so a plain memory clear is safe.
	clear(t.entries)
	t.gen = 0
}

// newSearch ages the table so entries of earlier searches are replaced first.
func (t *TT) newSearch() { t.gen = (t.gen + 1) & 15 }

func (t *TT) slot(key uint64) *ttEntry {
	hi, _ := bits.Mul64(key, uint64(len(t.entries)))
	return &t.entries[hi]
}

// prefetch starts loading key's slot into the cache while the search
// goes on: a probe is a cache miss, about a tenth of the node's time, and
// a child's key is known a few dozen nanoseconds before the child probes.
func (t *TT) prefetch(key uint64) { prefetch.Line(unsafe.Pointer(t.slot(key))) }

func (t *TT) probe(key uint64) (ttData, bool) {
	e := t.slot(key)
	d := e.data.Load()
	if e.check.Load()^d != key || d == 0 {
		return ttData{}, false
	}
	return unpackTT(d), true
}

// store writes the entry unless the slot holds a much deeper entry from the
// current search (depth-preferred replacement with aging); an exact score
// always goes in. A store without a move keeps the old move of the same
// position.
func (t *TT) store(key uint64, m chess.Move, score, ev, depth int, b Bound) {
	e := t.slot(key)
	old := e.data.Load()
	sameKey := e.check.Load()^old == key
	if old != 0 {
		od := unpackTT(old)
		oldGen := uint8(old>>ttGenShft) & 15
		if sameKey && m == chess.NoMove {
			m = od.move
		}
		if oldGen == t.gen && b != BoundExact && depth+3 < od.depth {
			return
		}
	}
	d := packTT(m, score, ev, depth, b, t.gen)
	storeWord(&e.check, key^d)
	storeWord(&e.data, d)
}

// HashFull is the per-mille occupancy by this search's entries, sampled.
func (t *TT) HashFull() int {
	n := min(1000, len(t.entries))
	used := 0
	for i := 0; i < n; i++ {
		d := t.entries[i].data.Load()
		if d != 0 && uint8(d>>ttGenShft)&15 == t.gen {
			used++
		}
	}
	return used * 1000 / n
}

// Mate scores are stored relative to the node, not the root.
func scoreToTT(s, ply int) int {
	switch {
	case s >= MateBound:
		return s + ply
	case s <= -MateBound:
		return s - ply
	}
	return s
}

func scoreFromTT(s, ply int) int {
	switch {
	case s >= MateBound:
		return s - ply
	case s <= -MateBound:
		return s + ply
	}
	return s
}
