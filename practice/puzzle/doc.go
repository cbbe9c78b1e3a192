// Package puzzle owns Azar's daily puzzle: the shipped set of verified
// puzzles (mates in 1 to 3, double attacks and skewers), the choice of one
// for a date, the checking of a player's moves, and the generator that
// finds puzzles in Azar's self-play games and verifies each one.
//
// Verification is exact for mates (an AND/OR proof over every legal
// defence, mate.go). A tactic is found by a fixed-depth material search
// (tactic.go) and must be a true puzzle by Azar's own deep search
// (deep.go): the solution the only winning move at every solver move, the
// line ending won. docs/puzzles.md gives the definitions. The package knows
// nothing of text protocols or flags: cmd/azar prints what it returns.
package puzzle

// MaxMate is the longest mate, in the solver's moves, that puzzles use and
// the prover (practice/mate) is asked about.
const MaxMate = 3
