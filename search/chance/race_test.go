//go:build race

package chance

// raceEnabled: under the race detector the heavy tests run smaller.
const raceEnabled = true
