// Standard chess: nothing beside the board but the move list, which
// carries the analysis's judgements once the game is analysed.

import { twoSided, pairedMoves, modeLabel } from "./sides.js";
import { GLYPHS } from "../analysis.js";

export const chess = {
  form: { oneDevice: true, seats: false, rules: false },
  modeLabel,
  create(ui) {
    const judged = (v, i) => (v.analysis && v.analysis.moves[i] && v.analysis.moves[i].label) || "";
    return {
      ...twoSided(ui.t),
      analysable: true,
      evaluated: true,
      moves: (v, ol) => pairedMoves(v, ol, (i) => (judged(v, i) ? GLYPHS[judged(v, i)] : ""), (i) => judged(v, i)),
    };
  },
};
