// Package core is the game-search core for the turn-based games other than
// standard chess: one node loop, one transposition table, one stop
// mechanism and one driver (iterative deepening, aspiration, node, depth
// and time limits, ponder) over a search-facing Game interface.
//
// The node loop is negamax in which consecutive actions of one side keep
// the window and the sign (a turn may be several actions), chance nodes
// are expectimax pruned by the chance policy (Star1/Star2 and
// ChanceProbCut), and games of more than two seats are searched by a
// selectable seat policy: paranoid, BRS+ or maxⁿ (seats.go).
//
// The package knows no game: each game's adapter (search/chance for
// Cartas de la Suerte, search/four for four-player chaturanga) implements
// Game over its rules package and its evaluation terms. Standard chess
// keeps its concrete hot path in package search; the core shares with it
// the limits, the time manager and the bound constants. The core never
// parses or prints protocol text. docs/architecture.md describes it.
package core
