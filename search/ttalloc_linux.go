//go:build linux

package search

import (
	"runtime"
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on Linux x86-64 and arm64.
const hugePage = 2 << 20

// allocEntries maps the table's memory outside the Go heap, aligned to
// 2 MB and advised as huge pages (MADV_HUGEPAGE: distributions default
// transparent huge pages to "madvise", and the Go heap does not ask for
// them). Every probe lands on a random slot, so with 4 KB pages nearly
// each one also misses the TLB (16 MB is 4,096 pages, more than the TLB
// holds); with 2 MB pages the whole table is 8. owner's cleanup unmaps the
// memory once the table is unreachable. If mmap fails the table comes from
// the Go heap as elsewhere.
func allocEntries(owner *TT, n int) []ttEntry {
	size := n * int(unsafe.Sizeof(ttEntry{}))
	mem, err := syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return make([]ttEntry, n)
	}
	off := 0
	if r := uintptr(unsafe.Pointer(&mem[0])) % hugePage; r != 0 {
		off = int(hugePage - r)
	}
	// Advice only: without huge pages the table works the same, slower.
	_ = syscall.Madvise(mem[off:off+size], syscall.MADV_HUGEPAGE)
	runtime.AddCleanup(owner, func(m []byte) { _ = syscall.Munmap(m) }, mem)
	return unsafe.Slice((*ttEntry)(unsafe.Pointer(&mem[off])), n)
}
