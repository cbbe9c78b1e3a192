// Package puzzle owns Azar's daily puzzle: the shipped set of verified
// puzzles (mates in 1 to 3, double attacks and skewers), the choice of one
// for a date, the checking of a player's moves, and the generator that
// finds puzzles in Azar's self-play games and verifies each one.
//
// Verification is exact for mates (an AND/OR proof over every legal
// defence, mate.go) and a fixed-depth material search for tactics
// (tactic.go); docs/puzzles.md gives the definitions. The package knows
// nothing of text protocols or flags: cmd/azar prints what it returns.
package puzzle
