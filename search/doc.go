// Package search owns the game-tree search for standard chess: iterative
// deepening, PVS with aspiration windows, quiescence, the transposition
// table, pruning and reductions, move ordering, Lazy SMP, MultiPV,
// pondering and time management.
//
// It sees positions through variants/chess and scores through eval; it
// never parses or prints protocol text. The caller cancels a search through
// a context and receives progress through a callback.
package search
