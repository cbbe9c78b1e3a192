// The game screen's part for a game against friends on other devices
// (the view's mode "online"), in #friends beside the board: the seat
// this browser plays, whose turn it is in those words ("your move",
// "your friend is thinking"), each seat's player and whether their page
// is connected now, the invitations while a seat is open (invite.js),
// and a friend's draw offer or take-back request with Accept and
// Decline. The server is the referee: the page shows what the view says
// (seat, seats, drawOfferBy, undoRequestBy) and sends the answers.

import { api } from "./api.js";
import { createInvites } from "./invite.js";

// createFriends: view() is the game screen's view, accept(v) shows a
// view the server answered, note(text) puts a line under the status.
export function createFriends(i18n, { view, accept, note }) {
  const t = i18n.t;
  const box = document.querySelector("#friends");
  const turnLine = document.createElement("p");
  turnLine.className = "friend-turn";
  turnLine.dataset.friendTurn = "";
  const seatList = document.createElement("ul");
  seatList.className = "friend-seats";
  const consent = document.createElement("div");
  consent.className = "consent";
  consent.hidden = true;
  const inviteBox = document.createElement("div");
  inviteBox.className = "invites";
  inviteBox.dataset.invites = "";
  inviteBox.hidden = true;
  box.append(turnLine, seatList, consent, inviteBox);

  // seatName is "White" or, in four-player chaturanga, "Red".
  const seatName = (s) => {
    const v = view();
    if (v && v.variant === "chaturanga4") return t("seat-" + s);
    return t(s === "w" ? "whiteShort" : "blackShort");
  };
  const invites = createInvites(inviteBox, { t, seatName, note: (text) => { note(text); } });
  let asked = "";   // the game and open seats whose invitations were asked for
  let codes = [];   // their invitations, [{seat, code}]

  // who is a seat's player in words.
  function who(st) {
    switch (st.who) {
      case "you": return t("frWhoYou");
      case "person": return t("frWhoFriend");
      case "azar": return t("frWhoAzar", { level: st.level });
      default: return t("frWhoOpen");
    }
  }

  // turnText is whose move it is, from the viewer's side.
  // The game starts once every seat is taken (v.waiting).
  function turnText(v) {
    const open = (v.seats || []).filter((s) => s.who === "open");
    if (v.waiting && open.length) return open.map((s) => t("frSeatWaiting", { seat: seatName(s.seat) })).join(" · ");
    const st = (v.seats || []).find((s) => s.seat === v.turn);
    if (!st) return "";
    if (st.who === "you") return t("frYourMove");
    if (st.who === "azar") return t("frAzarThinking", { seat: seatName(st.seat) });
    const people = v.seats.filter((s) => s.who === "person").length;
    return people > 1 ? t("frSeatThinking", { seat: seatName(st.seat) }) : t("frFriendThinking");
  }

  function renderConsent(v) {
    consent.textContent = "";
    // The seat whose offer or request waits for an answer.
    const draw = v.drawOfferBy || "", undo = v.undoRequestBy || "";
    const ask = (text, kind, theirs) => {
      const p = document.createElement("p");
      p.textContent = text;
      p.dataset.consent = kind;
      consent.append(p);
      if (!theirs) return;
      for (const [answer, label] of [["accept", "frAccept"], ["decline", "frDecline"]]) {
        const b = document.createElement("button");
        b.type = "button";
        if (answer === "accept") b.className = "primary";
        b.dataset[answer + (kind === "draw" ? "Draw" : "Undo")] = "";
        b.textContent = t(label);
        consent.append(b);
      }
    };
    const people = v.seats.filter((s) => s.who === "person").length;
    if (draw) {
      if (draw === v.seat) ask(t("frYouOfferedDraw"), "draw", false);
      else ask(people > 1 ? t("frDrawOfferedBy", { seat: seatName(draw) }) : t("frDrawOffered"), "draw", true);
    }
    if (undo) {
      if (undo === v.seat) ask(t("frYouAskedUndo"), "undo", false);
      else ask(people > 1 ? t("frUndoAskedBy", { seat: seatName(undo) }) : t("frUndoAsked"), "undo", true);
    }
    consent.hidden = !draw && !undo;
  }

  function renderSeats(v) {
    seatList.textContent = "";
    for (const st of v.seats || []) {
      const li = document.createElement("li");
      li.className = "seat-" + st.seat;
      li.dataset.seatStatus = st.who === "you" ? "you" : st.who === "azar" ? "azar" : st.who === "open" ? "open" : st.connected ? "connected" : "away";
      li.dataset.seat = st.seat;
      let text = seatName(st.seat) + ": " + who(st);
      if (st.who === "person") text += " · " + t(st.connected ? "frConnected" : "frAway");
      li.textContent = text;
      if (v.status === "playing" && v.turn === st.seat) li.classList.add("to-move");
      seatList.append(li);
    }
  }

  // The invitations are asked for again whenever the open seats change
  // (a friend took one); a page that did not create the game gets none.
  async function renderInvites(v) {
    const open = v.status === "playing" ? (v.seats || []).filter((s) => s.who === "open").map((s) => s.seat) : [];
    const key = v.id + " " + open.join("");
    if (open.length === 0) codes = [];
    else if (key !== asked) {
      asked = key;
      try {
        codes = (await api.invites(v.id)).invites.filter((i) => open.includes(i.seat));
      } catch (_) {
        codes = [];
      }
      const now = view();
      if (!now || now.id !== v.id) return;
    }
    invites.render(v.id, codes);
  }

  // render shows the part for view v, or hides it for a game on one
  // device or against Azar.
  function render(v) {
    box.hidden = !v || v.mode !== "online";
    // No hint between friends: the server refuses it (it would be Azar
    // playing for one of them).
    document.querySelector('[data-action="hint"]').hidden = !box.hidden;
    if (box.hidden) return;
    const mine = v.seat ? t("frYouPlay", { seat: seatName(v.seat) }) + " " : "";
    turnLine.textContent = v.status === "playing" ? mine + turnText(v) : mine;
    turnLine.dataset.friendTurn = v.status !== "playing" ? "over" : v.waiting ? "waiting" : ((v.seats || []).find((s) => s.seat === v.turn) || {}).who || "";
    renderSeats(v);
    renderConsent(v);
    renderInvites(v);
  }

  const answers = {
    acceptDraw: api.acceptDraw, declineDraw: api.declineDraw,
    acceptUndo: api.acceptUndo, declineUndo: api.declineUndo,
  };
  consent.addEventListener("click", async (e) => {
    const b = e.target.closest("button");
    const v = view();
    if (!b || !v) return;
    const name = Object.keys(answers).find((k) => k in b.dataset);
    if (!name) return;
    b.disabled = true;
    try {
      accept(await answers[name](v.id));
    } catch (err) {
      note(err.message);
    }
  });

  return { render };
}
