// Reviewing a game (docs/app.md, "Reviewing a game"): the positions of
// the game shown, one after another, while the game goes on. A move of
// the list or of the analysis clicked, ←/→/Home/End (when the focus is
// not on the board, whose arrows move between squares) and the buttons
// under the move list (data-nav="first|prev|next|last") choose the
// position; "Back to the game" (data-nav="live"), End and the last
// button show the live one again. A past position comes from the
// server (api.review): in the card games only the referee can rebuild
// one, and decide what the player may see of it. While reviewing, the
// live views still come in (the move list, the status line and the
// sounds follow them) but the board stays where the player is; a click
// on a square of a past position does nothing.

import { api } from "./api.js";
import { formatSAN } from "./notation.js";
import { GLYPHS } from "./analysis.js";

// A game the server keeps (the daily puzzle's board is not one).
const reviewable = (v) => !!v && /^[0-9a-f]{32}$/.test(v.id);

// The past views kept, at most: stepping back and forth asks once.
const KEEP = 300;

// createReview: game() is the live view shown, render() draws the
// screen again, note(text) tells a failure under the status line.
export function createReview(i18n, { game, render, note }) {
  const t = i18n.t;
  let ply = null;   // the position asked for (moves played), null: the live one
  let shown = null; // the past view on the board while ply is not null
  let of = "";      // the game reviewed (a new game ends the review)
  const cache = new Map();

  // key names a past position by the moves that led to it (an undo and
  // other moves make it another) and by the analysis (which adds the
  // label and the best move).
  const key = (g, n) => g.id + " " + g.moves.slice(0, n).map((m) => m.uci).join(" ") + (g.analysis ? " a" : "");

  async function load(n) {
    const g = game();
    const k = key(g, n);
    let v = cache.get(k);
    if (!v) {
      try {
        v = await api.review(g.id, n);
      } catch (err) {
        if (ply === n) { ply = null; shown = null; note(err.message); }
        return;
      }
      if (cache.size >= KEEP) cache.delete(cache.keys().next().value);
      cache.set(k, v);
    }
    // Only the latest step counts: an earlier answer that comes late is
    // not shown.
    if (ply !== n || !game() || game().id !== g.id) return;
    shown = v;
    render();
  }

  // go shows the position after n moves; the last one is the live one.
  function go(n) {
    const g = game();
    if (!reviewable(g)) return;
    n = Math.max(0, Math.min(g.moves.length, n));
    if (n === g.moves.length) { live(); return; }
    ply = n;
    render();
    load(n);
  }
  function live() {
    if (ply === null) return;
    ply = null;
    shown = null;
    render();
  }
  const current = () => (ply === null ? (game() ? game().moves.length : 0) : ply);

  // sync follows the live view: another game ends the review, a review
  // beyond the moves (after an undo) comes back to them.
  function sync(v) {
    if (!reviewable(v) || v.id !== of) { of = reviewable(v) ? v.id : ""; ply = null; shown = null; cache.clear(); return; }
    if (ply !== null && ply >= v.moves.length) { ply = null; shown = null; }
  }

  // nav takes a data-action="review" button: its data-nav or its
  // data-ply.
  function nav(b) {
    const d = b.dataset;
    if (d.ply !== undefined) go(parseInt(d.ply, 10));
    else if (d.nav === "first") go(0);
    else if (d.nav === "prev") go(current() - 1);
    else if (d.nav === "next") go(current() + 1);
    else if (d.nav === "last" || d.nav === "live") live();
  }

  // ---- drawing ----
  const $ = (sel) => document.querySelector(sel);
  const button = (navTo, text, label) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.action = "review";
    b.dataset.nav = navTo;
    b.textContent = text;
    if (label) b.dataset.label = label;
    return b;
  };
  // The bar under the move list and the banner under the note.
  const bar = document.createElement("div");
  bar.className = "review-nav";
  bar.dataset.reviewNav = "";
  const position = document.createElement("span");
  position.className = "review-position";
  position.dataset.reviewPosition = "";
  bar.append(button("first", "|◀", "reviewFirst"), button("prev", "◀", "reviewPrev"), position,
    button("next", "▶", "reviewNext"), button("last", "▶|", "reviewLast"));
  const banner = document.createElement("div");
  banner.className = "review-banner";
  banner.dataset.reviewBanner = "";
  const what = document.createElement("p");
  const judged = document.createElement("p");
  judged.className = "review-label";
  const back = button("live", "", "");
  back.className = "primary";
  banner.append(what, judged, back);
  $("#moves").after(bar);
  $("[data-note]").after(banner);

  // renderControls draws the bar, the banner and the board's mark.
  function renderControls(g) {
    const ok = reviewable(g);
    bar.hidden = !ok || g.moves.length === 0;
    const v = view();
    banner.hidden = !v;
    const boardEl = $("#board");
    if (v) boardEl.dataset.reviewing = String(v.review.ply);
    else delete boardEl.dataset.reviewing;
    if (!ok) return;
    const n = current(), last = g.moves.length;
    for (const b of bar.querySelectorAll("button")) {
      b.setAttribute("aria-label", t(b.dataset.label));
      b.title = t(b.dataset.label);
      b.disabled = (b.dataset.nav === "first" || b.dataset.nav === "prev") ? n === 0 : n === last;
    }
    position.textContent = n === 0 ? t("reviewStart") : t("reviewMove", { n: String(n), of: String(last) });
    back.textContent = t("reviewLive");
    if (!v) return;
    const at = v.review.ply === 0 ? t("reviewAtStart") : t("reviewAtMove", { n: String(v.review.ply), of: String(last) });
    what.textContent = t("reviewing", { at });
    const r = v.review;
    judged.hidden = !r.label;
    if (r.label) {
      const m = g.moves[r.ply - 1];
      judged.dataset.reviewLabel = r.label;
      judged.textContent = formatSAN(m.san, i18n.lang()) + GLYPHS[r.label] + " — " + t(r.label) +
        (r.bestSan ? " (" + t("best") + " " + formatSAN(r.bestSan, i18n.lang()) + ")" : "");
    } else delete judged.dataset.reviewLabel;
  }

  // decorate makes the move list's entries buttons to their positions
  // (data-ply, set by the panel; else, when there is one entry a move,
  // in order) and marks the one shown.
  function decorate(ol, g) {
    if (!reviewable(g)) return;
    let entries = Array.from(ol.querySelectorAll("[data-ply]"));
    if (!entries.length) {
      const spans = Array.from(ol.querySelectorAll(".san")).filter((s) => s.textContent !== "…");
      if (spans.length !== g.moves.length) return;
      spans.forEach((s, i) => { s.dataset.ply = String(i + 1); });
      entries = spans;
    }
    const n = current();
    let at = null;
    for (const el of entries) {
      el.dataset.action = "review";
      el.setAttribute("role", "button");
      el.tabIndex = -1;
      const here = el.dataset.ply === String(n);
      el.classList.toggle("current", here);
      if (here) { el.setAttribute("aria-current", "true"); at = el; } else el.removeAttribute("aria-current");
    }
    if (ply !== null && at) {
      const box = ol.getBoundingClientRect(), r = at.getBoundingClientRect();
      ol.scrollTop += r.top - box.top - ol.clientHeight / 2;
    }
  }

  // view is the past view on the board, null when the live one is.
  function view() { return ply === null ? null : shown; }

  // ←/→/Home/End step through the game when the screen shows one and
  // nothing else takes the key (a field, a dialog, the board's arrows).
  document.addEventListener("keydown", (e) => {
    const steps = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
    if (!steps[e.key] || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if ($("#game").hidden || !reviewable(game()) || document.querySelector(".modal:not([hidden])")) return;
    const el = e.target;
    if (el && el.closest && el.closest("input, select, textarea, [contenteditable], #board")) return;
    e.preventDefault();
    nav({ dataset: { nav: steps[e.key] } });
  });

  return {
    go, live, nav, sync, view, decorate, renderControls,
    // reviewing: a past position is on the board (or on its way).
    reviewing: () => ply !== null,
    // at is the position shown: the moves played to it.
    at: current,
  };
}
