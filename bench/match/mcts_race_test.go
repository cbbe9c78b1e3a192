//go:build race

package match

// underRace: the race detector's instrumentation allocates, so the
// allocation counts of TestMCTSAllocations do not hold under it.
const underRace = true
