//go:build race

package core

// raceEnabled: under the race detector the heavy tests run smaller.
const raceEnabled = true
