// Standard chess: nothing beside the board but the move list, which
// carries the analysis's judgements once the game is analysed, its SAN
// in the page's piece letters (notation.js).

import { twoSided, pairedMoves, modeLabel } from "./sides.js";
import { GLYPHS } from "../analysis.js";
import { formatSAN } from "../notation.js";

export const chess = {
  form: { oneDevice: true, seats: false, rules: false },
  modeLabel,
  create(ui) {
    const judged = (v, i) => (v.analysis && v.analysis.moves[i] && v.analysis.moves[i].label) || "";
    const localised = (v) => ({ ...v, moves: v.moves.map((m) => ({ ...m, san: formatSAN(m.san, ui.i18n.lang()) })) });
    return {
      ...twoSided(ui.t),
      analysable: true,
      evaluated: true,
      moves: (v, ol) => pairedMoves(localised(v), ol, (i) => (judged(v, i) ? GLYPHS[judged(v, i)] : ""), (i) => judged(v, i)),
    };
  },
};
