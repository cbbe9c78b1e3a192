//go:build !amd64

package search

import "unsafe"

// prefetch is a hint only; without the amd64 instruction it does nothing.
func prefetch(unsafe.Pointer) {}
