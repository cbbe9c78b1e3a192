//go:build !race

package search

import (
	"sync/atomic"
	"unsafe"
)

// storeWord writes one word of a table entry with a plain store. An
// atomic Store is an XCHG on amd64, a full barrier that drains the store
// buffer, paid twice at every node; the table does not need the ordering:
// a reader that sees one word of one write and one of another fails the
// key check (check = key ^ data), and word-sized writes do not tear. The
// race build keeps the atomic store so that the detector stays quiet.
func storeWord(w *atomic.Uint64, v uint64) {
	*(*uint64)(unsafe.Pointer(w)) = v
}
