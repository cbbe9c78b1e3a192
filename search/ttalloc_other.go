//go:build !linux

package search

// allocEntries takes the table from the Go heap (huge pages are asked for
// on Linux only, ttalloc_linux.go).
func allocEntries(_ *TT, n int) []ttEntry { return make([]ttEntry, n) }
