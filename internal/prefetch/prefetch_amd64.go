package prefetch

import "unsafe"

// Line asks the CPU to bring the cache line at addr in (PREFETCHT0) and
// returns at once: a hint, with no effect on what any load reads.
//
//go:noescape
func Line(addr unsafe.Pointer)
