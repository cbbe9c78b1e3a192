// The invitations of a game against friends on other devices: the
// seats this browser holds (localStorage azar.seats, gameId → {token,
// seat}), the invitation link of an open seat with its Copy button and
// its QR code, and taking a seat from a link (/#join=<id>.<code>).
//
// The code travels in the address's fragment, which no browser sends
// to a server: it is in no log and no Referer. Once the seat is taken
// the fragment is replaced by the game's id, so that the used code is
// not left in the address bar or the history.

import { api } from "./api.js";
import { copyText } from "./dialogs.js";

const KEY = "azar.seats";

// seats is this browser's seats, gameId → {token, seat}.
export function seats() {
  try {
    const s = JSON.parse(localStorage.getItem(KEY) || "{}");
    return s && typeof s === "object" ? s : {};
  } catch (_) {
    return {};
  }
}

// keepSeat remembers the seat this browser holds in game id.
export function keepSeat(id, token, seat) {
  const s = seats();
  s[id] = { token, seat };
  try { localStorage.setItem(KEY, JSON.stringify(s)); } catch (_) { /* private mode: kept for this visit only */ }
}

// inviteLink is the address a friend opens to take the seat.
export const inviteLink = (id, code) => location.origin + "/#join=" + id + "." + code;

// parseJoin reads "join=<id>.<code>" (the fragment without #): {id,
// code}, {} for a broken link, null for another address.
export function parseJoin(hash) {
  if (!hash.startsWith("join=")) return null;
  const m = /^join=([0-9a-f]{32})\.([0-9A-Za-z_-]+)$/.exec(hash);
  return m ? { id: m[1], code: m[2] } : {};
}

// loopback tells whether the page was opened by a name only this
// computer answers to, which a friend's device cannot open.
export function loopback() {
  const h = location.hostname;
  return h === "localhost" || h === "[::1]" || h === "::1" || /^127\./.test(h);
}

// join takes the seat of the invitation: the token kept, the game's id
// in the address instead of the code. Resolves to the game's id;
// rejects with the server's refusal (409: the seat is taken).
export async function join(id, code) {
  const j = await api.join(id, code);
  keepSeat(id, j.token, j.seat);
  history.replaceState(null, "", "#" + id);
  return id;
}

// createInvites draws the invitation blocks into box: one for each open
// seat, with the link, the Copy button and the QR code. t is the
// translation, seatName(s) a seat's name; note(text) tells what Copy did.
export function createInvites(box, { t, seatName, note }) {
  const svgs = new Map(); // link → the QR code's <svg>, drawn once
  let shown = "";         // the links shown, so that a new view redraws nothing
  box.addEventListener("click", async (e) => {
    const b = e.target.closest("button[data-copy-invite]");
    if (!b) return;
    const input = box.querySelector('[data-invite="' + b.dataset.copyInvite + '"] [data-invite-link]');
    try {
      await copyText(input.value);
      note(t("frCopied"));
    } catch (_) {
      input.select();
      note(t("frNotCopied"));
    }
  });

  async function qr(link, holder) {
    if (!svgs.has(link)) {
      const text = await api.qr(link);
      const doc = new DOMParser().parseFromString(text, "image/svg+xml");
      const svg = doc.documentElement;
      if (svg.nodeName !== "svg") throw new Error("not an SVG");
      svgs.set(link, document.importNode(svg, true));
    }
    holder.textContent = "";
    holder.append(svgs.get(link));
  }

  // render shows the invitations (a list of {seat, code}) of game id;
  // an empty list hides the box.
  function render(id, invites) {
    const key = id + " " + invites.map((i) => i.seat + i.code).join(" ") + " " + t("frCopy");
    if (key === shown) return;
    shown = key;
    box.textContent = "";
    box.hidden = invites.length === 0;
    if (box.hidden) return;
    const h = document.createElement("h3");
    h.textContent = t(invites.length > 1 ? "frWaitingMany" : "frWaiting");
    h.dataset.waitingFriend = "";
    const help = document.createElement("p");
    help.className = "invite-help";
    help.textContent = t("frInviteHelp");
    box.append(h, help);
    if (loopback()) {
      const warn = document.createElement("p");
      warn.className = "invite-warning";
      warn.dataset.inviteLoopback = "";
      warn.textContent = t("frLoopback");
      box.append(warn);
    }
    for (const inv of invites) {
      const link = inviteLink(id, inv.code);
      const div = document.createElement("div");
      div.className = "invite";
      div.dataset.invite = inv.seat;
      const label = document.createElement("label");
      label.textContent = t("frInviteFor", { seat: seatName(inv.seat) });
      const input = document.createElement("input");
      input.type = "text";
      input.readOnly = true;
      input.value = link;
      input.dataset.inviteLink = inv.seat;
      input.spellcheck = false;
      label.append(input);
      const copy = document.createElement("button");
      copy.type = "button";
      copy.dataset.copyInvite = inv.seat;
      copy.textContent = t("frCopy");
      const holder = document.createElement("div");
      holder.className = "qr";
      holder.dataset.qr = inv.seat;
      holder.setAttribute("role", "img");
      holder.setAttribute("aria-label", t("frQRLabel", { seat: seatName(inv.seat) }));
      div.append(label, copy, holder);
      box.append(div);
      qr(link, holder).catch(() => { holder.textContent = t("frQRFailed"); holder.dataset.qrFailed = ""; });
    }
  }
  return { render };
}
