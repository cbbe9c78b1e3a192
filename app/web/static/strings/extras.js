// What lichess and Chess.com players take for granted (issue 29 §5):
// the puzzle's Next button and streak (puzzle.js), the rematch
// (rematch.js) and the premove against the engine (premove.js).

export const extras = {
  en: {
    nextPuzzle: "Next puzzle", puzzleStreak: "Streak: {n}",
    puzzleStreakHelp: "Puzzles solved in a row without a wrong move or a hint.",
    rematch: "Rematch", rematchOpen: "Open the rematch",
    premoveQueued: "Premove {from}–{to}: played when Azar has moved (Escape cancels).",
    premoveDropped: "Premove {from}–{to} dropped: not legal after Azar's move.",
  },
  es: {
    nextPuzzle: "Siguiente problema", puzzleStreak: "Racha: {n}",
    puzzleStreakHelp: "Problemas resueltos seguidos sin una jugada equivocada ni una pista.",
    rematch: "Revancha", rematchOpen: "Ir a la revancha",
    premoveQueued: "Jugada anticipada {from}–{to}: se juega cuando Azar haya movido (Escape la anula).",
    premoveDropped: "Jugada anticipada {from}–{to} descartada: no es legal tras la jugada de Azar.",
  },
};
