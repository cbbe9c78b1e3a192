package search

import "unsafe"

// prefetch asks the CPU to bring the cache line at addr in while the
// search goes on: a hash-table probe is a cache miss, about a tenth of
// the node's time, and a child's entry is known a few dozen nanoseconds
// before the child probes it. Go has no prefetch intrinsic, hence the
// one assembly instruction.
//
//go:noescape
func prefetch(addr unsafe.Pointer)
