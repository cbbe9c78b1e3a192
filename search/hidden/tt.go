package hidden

import "azar/search"

// The table is the game-search core's (core.Table). Keys are
// spy.State.WorldKey: the public key plus where each usable spy stands, so
// that the worlds of one search share the table without mixing their
// positions.

// Mate scores are stored relative to the node, not the root.
func scoreToTT(s, ply int) int {
	switch {
	case s >= search.MateBound:
		return s + ply
	case s <= -search.MateBound:
		return s - ply
	}
	return s
}

func scoreFromTT(s, ply int) int {
	switch {
	case s >= search.MateBound:
		return s - ply
	case s <= -search.MateBound:
		return s + ply
	}
	return s
}
