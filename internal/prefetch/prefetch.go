// Package prefetch asks the processor for a cache line ahead of its use:
// a probe of a large table at a random slot is a cache miss, and where
// the slot is known some work before the probe, the miss and the work
// overlap. Go has no prefetch intrinsic outside its runtime, hence one
// assembly instruction on amd64; elsewhere Line does nothing.
package prefetch
