// Reviewing a game (review.js): the buttons under the move list, the
// banner over a past position.

export const review = {
  en: {
    reviewFirst: "First position", reviewPrev: "Previous move", reviewNext: "Next move", reviewLast: "Last move",
    reviewLive: "Back to the game", reviewMove: "Move {n} of {of}", reviewStart: "Start",
    reviewAtMove: "move {n} of {of}", reviewAtStart: "the start position",
    reviewing: "Reviewing {at}: the game goes on meanwhile.",
  },
  es: {
    reviewFirst: "Posición inicial", reviewPrev: "Jugada anterior", reviewNext: "Jugada siguiente", reviewLast: "Última jugada",
    reviewLive: "Volver a la partida", reviewMove: "Jugada {n} de {of}", reviewStart: "Inicio",
    reviewAtMove: "la jugada {n} de {of}", reviewAtStart: "la posición inicial",
    reviewing: "Repasando {at}: la partida sigue mientras tanto.",
  },
};
