// The post-game analysis under the game (docs/analysis.md): its
// progress, each side's accuracy, the graph and the judged moves, as
// the view carries them.

import { api } from "./api.js";
import { formatSAN } from "./notation.js";
import { renderSwings } from "./swings.js";

export const GLYPHS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

// at, when given, is the position the board shows (review.js): its
// judged move is marked. A judged move is a button to its position.
export function renderAnalysis(t, v, at) {
  const sec = document.querySelector("#analysis");
  const $ = (sel) => sec.querySelector(sel);
  const a = v.analysis, p = v.analyzing;
  sec.hidden = !a && !p;
  if (sec.hidden) return;
  const prog = $("[data-analysis-progress]");
  prog.hidden = !p;
  if (p) prog.textContent = t("analysing") + " " + p.done + "/" + p.total;
  const body = $(".analysis-body");
  body.hidden = !a;
  if (!a) return;
  const tb = $(".accuracy tbody");
  tb.textContent = "";
  // Four-player chaturanga's report is per seat (a.c4), the others' per side.
  const rows = a.c4 ? a.c4.seats.map((r, i) => ["rgyb"[i], r, t("seat-" + "rgyb"[i])])
    : [["w", a.white, t("whiteShort")], ["b", a.black, t("blackShort")]];
  for (const [side, r, name] of rows) {
    const tr = document.createElement("tr");
    tr.dataset.accuracy = side;
    const cells = [name, r.accuracy === null ? "—" : r.accuracy.toFixed(1) + "%",
      r.inaccuracies, r.mistakes, r.blunders];
    for (const c of cells) { const td = document.createElement("td"); td.textContent = String(c); tr.append(td); }
    tb.append(tr);
  }
  const img = $("[data-analysis-graph]");
  const src = api.analysisGraph(v.id, a.moves.length) + "&lang=" + document.documentElement.lang; // its words in the page's language
  if (img.getAttribute("src") !== src) img.src = src;
  img.alt = t(a.c4 ? "graphAltC4" : "graphAlt");
  const ol = $(".judged");
  ol.textContent = "";
  for (const m of a.moves) {
    if (!m.label) continue;
    const li = document.createElement("li");
    li.dataset.label = m.label;
    li.dataset.ply = String(m.ply);
    li.dataset.action = "review";
    li.setAttribute("role", "button");
    li.tabIndex = 0;
    if (m.ply === at) li.setAttribute("aria-current", "true");
    // A card game's turn may hold several actions (its moves carry their
    // side): its judged moves are named by side, not numbered.
    const num = a.c4 ? t("seat-" + m.side) + ": "
      : v.moves[0] && v.moves[0].side ? (m.side === "w" ? t("white") : t("black")) + ": "
      : Math.ceil(m.ply / 2) + (m.side === "w" ? ". " : "… ");
    const san = (s) => formatSAN(s, document.documentElement.lang, v.variant); // the page's language (i18n.apply sets it)
    li.textContent = num + san(m.san) + GLYPHS[m.label] + " — " + t(m.label) + (m.best ? " (" + t("best") + " " + san(m.best) + ")" : "");
    ol.append(li);
  }
  if (!ol.children.length) { const li = document.createElement("li"); li.textContent = t("noJudged"); ol.append(li); }
  renderSwings(t, v);
}
