// Package chess owns the rules of standard chess and the board primitives
// the variants build on: bitboards and magic sliding attacks, legal move
// generation, make/unmake with incremental Zobrist keys, FEN, UCI and SAN
// notation, the automatic draw rules and perft.
//
// It knows nothing about searching, evaluation or the protocol. The variant
// primitives (drops, removals, relocations, passes, keep-turn actions and
// per-side movement modifiers) live here so every variant shares one board,
// but standard chess never pays for them: the move generator's fast path
// only branches once to leave them out.
package chess
