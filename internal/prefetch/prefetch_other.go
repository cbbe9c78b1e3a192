//go:build !amd64

package prefetch

import "unsafe"

// Line is a hint only; without the amd64 instruction it does nothing.
func Line(unsafe.Pointer) {}
