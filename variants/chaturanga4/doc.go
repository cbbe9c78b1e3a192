// Package chaturanga4 owns the rules of four-player chaturanga (the
// MusiChess tournament rules, docs/rules/chaturanga4.md): four armies on an
// 8×8 board, no check, a captured raja freezes its army, boats that never
// take boats except in the boat triumph, promotion only to pieces from the
// owner's pool, passes, automatic draws and the ranking; the C4N position
// notation, the UCI move tokens and perft.
//
// It knows nothing about searching, evaluation or the protocol beyond an
// action's token. The board is its own (a bitboard per seat and per piece
// type) and borrows only the bitboard type and the rook, knight and king
// attack tables of variants/chess.
package chaturanga4
