//go:build !race

package match

// underRace: see mcts_race_test.go.
const underRace = false
