// Package analysis is the engine's advice to a player of standard chess:
// a hint (the best move in a position within a small budget) and the
// post-game report (per move the evaluation before and after, the best
// move, win %, accuracy and a label; per side the game accuracy), with
// the report's evaluation graph as SVG and the game back as annotated PGN.
//
// The command line (azar hint, azar analyze) and the browser app call the
// same functions, so both give the same answers. The formulas are
// lichess's (docs/analysis.md names the sources).
//
// It drives search directly and reads games through variants/chess's PGN
// reader. It must not know protocol text, the app or the command line;
// the card variants are out of its scope (docs/analysis.md says why).
package analysis
