// Package lessons is the content of "learn chess": the twelve lessons of
// docs/rules/standard.md C4 in four groups, each a sequence of boards
// with text in Spanish and English, and the tasks a learner performs on
// those boards, checked here on the real position.
//
// A task is one of three kinds: choose one of the listed moves (each
// wrong move explained), play any legal move that meets stated goals
// (reach a square, attack two pieces, give mate, win material by static
// exchange, keep a won king-and-pawn ending won...), or play on against
// the engine until a mate or a safe promotion within a number of moves.
// Mates are checked by an exact search of every defence and king-and-pawn
// endings by an exact solution of the ending, so a verdict never depends
// on a time budget; the engine's own replies come from the search at a
// fixed node budget, the same on every machine.
//
// It uses variants/chess for the rules and search for the engine's
// replies and static exchanges. It must not know the app, the protocol
// or the command line: they show its texts and call Check and Reply
// (docs/lessons.md).
package lessons
