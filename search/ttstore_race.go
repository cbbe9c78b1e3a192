//go:build race

package search

import "sync/atomic"

// storeWord is the race detector's version of the plain store in
// ttstore_norace.go.
func storeWord(w *atomic.Uint64, v uint64) { w.Store(v) }
