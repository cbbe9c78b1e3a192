// What the two-sided games (chess, lucky, spy, magic) and the daily
// puzzle share: White and Black, the board turned for a player with
// Black, the status line, the move list in pairs, the promotion picker.
// A panel takes these as they are or puts its own in their place.

import { choosePromotion } from "../board.js";
import { fromTo } from "../tokens.js";

export const opponent = (side) => (side === "w" ? "b" : "w");

// orient shows the player's side at the bottom against the engine and
// against a friend (the view's human is then the viewer's own seat).
export const orient = (v) => ({ flipped: (v.mode === "engine" || v.mode === "online") && v.human === "b", turned: false });
export const flip = (o) => ({ flipped: !o.flipped, turned: false });

// modeLabel is the saved list's words for a game's mode.
export const modeLabel = (t, mode) => t(mode === "engine" ? "vsEngine" : "vsLocal");

// movesLabel is the saved list's length of a game of n recorded
// actions: full moves, a White move and a Black one each ("14 moves",
// not "28 moves").
export function movesLabel(t, n) {
  const k = Math.ceil(n / 2);
  return k + " " + t(k === 1 ? "nFullMove" : "nFullMoves");
}

// sideName is "you" or "Azar" against the engine, the colour on one device.
export function sideName(t, v, side) {
  if (v.mode === "engine") return side === v.human ? t("you") : t("azar");
  return side === "w" ? t("whiteShort") : t("blackShort");
}
// sideLabel is "White (you)" against the engine, "White" on one device.
export function sideLabel(t, v, side) {
  const colour = side === "w" ? t("whiteShort") : t("blackShort");
  return v.mode === "engine" ? colour + " (" + sideName(t, v, side) + ")" : colour;
}

export function status(t, v) {
  const winner = v.result === "1-0" ? "w" : v.result === "0-1" ? "b" : "";
  const wins = (side) => {
    if (v.mode === "engine") return side === v.human ? t("youWin") : t("youLose");
    return side === "w" ? t("whiteWins") : t("blackWins");
  };
  switch (v.status) {
    case "playing": {
      let s;
      if (v.thinking) s = t("thinking");
      else if (v.mode === "engine") s = t("yourMove");
      else s = v.turn === "w" ? t("whiteToMove") : t("blackToMove");
      return v.check ? t("check") + " " + s : s;
    }
    case "checkmate": return t("checkmate") + " — " + wins(winner);
    case "king-captured": return t("king-captured") + " — " + wins(winner);
    case "time": return t("timeUp") + " — " + wins(winner);
    case "resign": {
      const loser = opponent(winner);
      const who = v.mode === "engine" ? t("youResign") : loser === "w" ? t("whiteResigns") : t("blackResigns");
      return who + " — " + wins(winner);
    }
    default: return t(v.status);
  }
}

// muted is a greyed element: what stands where nothing is (no card, no
// effect, an empty pool).
export function muted(tag, text) {
  const el = document.createElement(tag);
  el.className = "muted";
  el.textContent = text;
  return el;
}

// san is a move-list entry; ply, when given, is the number of moves
// played once it is (the position a click on it reviews, review.js).
export function san(text, current, ply) {
  const s = document.createElement("span");
  s.className = "san" + (current ? " current" : "");
  if (ply) s.dataset.ply = String(ply);
  s.textContent = text;
  return s;
}

// pairedMoves lists the moves White then Black on each line; glyph(i)
// is what follows the i-th move's SAN ("" for nothing) and label(i) its
// data-label.
export function pairedMoves(v, ol, glyph, label) {
  // The side that made the first move: the side to move now if the count is even.
  const blackFirst = v.moves.length > 0 && v.fen && (v.turn === "b") === (v.moves.length % 2 === 0);
  let li = null;
  v.moves.forEach((m, i) => {
    const whiteSlot = blackFirst ? i % 2 === 1 : i % 2 === 0;
    if (whiteSlot || !li) {
      li = document.createElement("li");
      ol.append(li);
      if (!whiteSlot) li.append(san("…", false));
    }
    const el = san(m.san + (glyph ? glyph(i) : ""), i === v.moves.length - 1, i + 1);
    const l = label ? label(i) : "";
    if (l) el.dataset.label = l;
    li.append(el);
  });
}

// promote asks which piece a pawn becomes among the moves from one
// square to another, and resolves to the move, or null.
export async function promote(v, moves, from) {
  const promo = await choosePromotion(v.pieces[from][0]);
  if (!promo) return null;
  const ft = fromTo(moves[0]);
  return moves.find((m) => fromTo(m).promo === promo) || ft.from + ft.to + promo;
}

// twoSided is a panel's hooks for a two-sided game, to be spread under
// its own.
export function twoSided(t) {
  return {
    parts: [],
    sideClass: "",
    orient,
    flip,
    status: (v) => status(t, v),
    moves: (v, ol) => pairedMoves(v, ol),
    promote,
  };
}
