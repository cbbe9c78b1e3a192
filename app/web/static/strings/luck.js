// The card games' analysis: the cards that mattered most (swings.js).
export const luck = {
  en: {
    swingsTitle: "The cards that mattered most",
    swingsNote: "Luck, not mistakes: how much each card changed its drawer's chances. Every decision is judged from what its player knew.",
    swingLine: "{who}: {card} {swing} points",
  },
  es: {
    swingsTitle: "Las cartas que más pesaron",
    swingsNote: "Suerte, no errores: cuánto cambió cada carta las opciones de quien la robó. Cada decisión se juzga con lo que sabía su jugador.",
    swingLine: "{who}: {card} {swing} puntos",
  },
};
