// A card as the card games show it: its face (its name in the page's
// language, its other name, its text, and a line of extra facts), or its
// name in a line of text; and a move-list entry (the server's note: SAN
// in the page's piece letters, words in its language, a card named with
// its description on hover and for screen readers).

import { formatSAN } from "../notation.js";

// cardLabel is the card's name in the page's language for a card the
// page was sent, else its id.
export function cardLabel(i18n, c, id) {
  return c ? c.name[i18n.lang()] : id;
}

export function cardElement(i18n, c, extra) {
  const el = document.createElement("div");
  el.className = "card " + c.category;
  el.dataset.card = c.id;
  const name = document.createElement("div");
  name.className = "card-name";
  name.textContent = c.name[i18n.lang()];
  const other = document.createElement("div");
  other.className = "card-id";
  other.textContent = c.name[i18n.other()];
  const text = document.createElement("div");
  text.className = "card-text";
  text.textContent = c.text[i18n.lang()];
  el.append(name, other, text);
  if (c.text[i18n.lang()]) el.title = c.name[i18n.lang()] + ": " + c.text[i18n.lang()];
  if (extra) {
    const e = document.createElement("div");
    e.className = "card-extra";
    e.textContent = extra;
    el.append(e);
  }
  return el;
}

// noteText is a move-list note in the page's language.
export function noteText(i18n, note) {
  return (note || []).map((p) => (p.san ? formatSAN(p.san, i18n.lang()) : p.text ? p.text[i18n.lang()] : "")).filter(Boolean).join(" ");
}

// noteElement is a move-list entry: a span of the note's parts; a card's
// part is described by describe(id) (its text), on hover and for screen
// readers.
export function noteElement(i18n, note, current, describe) {
  const s = document.createElement("span");
  s.className = "san" + (current ? " current" : "");
  (note || []).forEach((p, i) => {
    if (i > 0) s.append(" ");
    const part = document.createElement("span");
    if (p.san) part.textContent = formatSAN(p.san, i18n.lang());
    else if (p.text) part.textContent = p.text[i18n.lang()];
    if (p.card) {
      part.className = "card-token";
      part.dataset.card = p.card;
      const d = describe ? describe(p.card) : "";
      if (d) { part.title = d; part.setAttribute("aria-description", d); }
    }
    s.append(part);
  });
  return s;
}

// describeButton gives a button its description (title and
// aria-description): what it does, in the page's language.
export function describeButton(b, text) {
  if (!text) return;
  b.title = text;
  b.setAttribute("aria-description", text);
}

// engineSentence tells what the engine did in the notes of its new
// entries: "Azar played Nf6, Muro (wall) on e5." (lead: the words before
// the moves).
export function engineSentence(i18n, lead, notes) {
  const parts = notes.map((n) => noteText(i18n, n).replace(/^· /, "")).filter(Boolean);
  return parts.length ? lead + " " + parts.join(", ") + "." : "";
}

// endCause is the words of the entry that decided a game won on the
// board (checkmate, a king taken) when a card or an effect did it: the
// card played, or the piece an effect took off ("Muro (wall) on e5",
// "Nf6 · Mina: removes the knight on e5"); "" after a plain move. The
// entry's own "— checkmate" is left out: the status says it already.
export function endCause(i18n, v, notes) {
  if (v.status !== "checkmate" && v.status !== "king-captured") return "";
  const last = [...(notes || [])].reverse().find((n) => n && n.length);
  if (!last || !last.some((p) => p.card || p.effect)) return "";
  return noteText(i18n, last.filter((p) => !(p.text && p.text.en.startsWith("— "))));
}

// statusWithCause is a card game's status line: the two-sided status,
// then what decided the game when a card or an effect did (endCause).
export function statusWithCause(base, t, i18n, v, notes) {
  const cause = endCause(i18n, v, notes);
  return cause ? base + " · " + t("endAfter") + " " + cause : base;
}
