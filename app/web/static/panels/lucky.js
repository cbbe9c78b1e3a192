// Cartas de la Suerte: the draw pile and its Draw button, the card in
// play, what to do now, the buttons of the step's other actions, each
// side's temporal card, the pools, the cards drawn; on the board a
// bomb's zone and the pieces a card may move.

import { twoSided, status, sideName, sideLabel, san, muted, modeLabel } from "./sides.js";
import { cardElement, cardLabel, noteElement, describeButton, engineSentence, statusWithCause } from "./cards.js";
import { buttonTokens, dests } from "../tokens.js";

const BUTTON_LABELS = { annul: "annul", bomb: "bomb", "0000": "pass", claim: "claim" };
const PROMOTIONS = { q: "queen", r: "rook", b: "bishop", n: "knight" };

export const lucky = {
  form: { oneDevice: true, seats: false, rules: true },
  modeLabel,
  create(ui) {
    const { t, i18n } = ui;
    const $ = (sel) => document.querySelector("#cards .lucky-part " + sel);
    const cardInfo = {}; // id -> the CardView the server sent (names and texts)
    const remember = (c) => { if (c) cardInfo[c.id] = c; return c; };
    const cardName = (id) => cardLabel(i18n, cardInfo[id], id);
    const learnNames = (lv) => {
      for (const d of lv.drawn) if (d.name) cardInfo[d.card] = Object.assign({ id: d.card }, cardInfo[d.card] || {}, { name: d.name, text: d.text || { en: "", es: "" } });
    };

    function render(v) {
      const lv = v.lucky;
      const deck = $("[data-deck]");
      deck.dataset.deck = String(lv.pile);
      deck.querySelector(".deck-count").textContent = String(lv.pile);
      $("[data-action=draw]").hidden = !v.legal.includes("draw");
      describeButton($("[data-action=draw]"), t("desc-draw"));
      const dc = $(".drawn-card");
      dc.textContent = "";
      if (lv.card) {
        remember(lv.card);
        const extra = t("drawnBy") + " " + sideName(t, v, lv.drawnBy) + (lv.inPlay ? " · " + t("inPlay") : " · " + t("lastCard"));
        dc.append(cardElement(i18n, lv.card, extra));
      }
      const step = $("[data-step]");
      const mine = v.legal.length > 0;
      step.textContent = v.status !== "playing" ? "" : mine ? lv.step[i18n.lang()] : t("stepEngine");
      step.hidden = !step.textContent;
      const bs = $(".card-buttons");
      bs.textContent = "";
      for (const tok of buttonTokens(v.legal)) {
        if (tok === "draw") continue;
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.action = "card";
        b.dataset.token = tok;
        const key = tok.startsWith("pawns") ? "pawns" : BUTTON_LABELS[tok];
        // pawns=qn: the promotions in words ("queen, knight"), file by file.
        const promos = tok.includes("=") ? tok.split("=")[1].split("").map((l) => t(PROMOTIONS[l]).toLowerCase()).join(", ") : "";
        b.textContent = key ? t(key) + (promos ? " (" + promos + ")" : "") : tok;
        describeButton(b, key ? t("desc-" + key) : "");
        bs.append(b);
      }
      const held = $(".held");
      held.textContent = "";
      for (const side of ["w", "b"]) {
        const row = document.createElement("div");
        row.className = "held-row";
        row.dataset.held = side;
        const who = document.createElement("div");
        who.className = "held-who";
        who.textContent = sideLabel(t, v, side) + " — " + t("holds") + ":";
        row.append(who);
        const c = lv.held[side];
        if (c) {
          remember(c);
          const turns = lv.turns && lv.turns[side] ? lv.turns[side] + "/3" : "";
          row.append(cardElement(i18n, c, turns));
        } else {
          row.append(muted("div", t("nothingHeld")));
        }
        held.append(row);
      }
      const pools = [];
      for (const side of ["w", "b"]) if (lv.pool[side]) pools.push(sideName(t, v, side) + ": " + lv.pool[side]);
      $(".pools").textContent = pools.length ? t("pool") + " — " + pools.join(" · ") : "";
      const ol = $(".drawn-log ol");
      ol.textContent = "";
      learnNames(lv);
      for (const d of lv.drawn) {
        const li = document.createElement("li");
        li.textContent = sideName(t, v, d.side) + ": " + cardName(d.card);
        ol.append(li);
      }
    }

    // A turn may hold several actions: one line per move number, White's
    // turn then Black's; a drawn card shows as [its name] (the draw
    // itself has no entry), each action in the server's note.
    const describe = (id) => (cardInfo[id] && cardInfo[id].text[i18n.lang()]) || "";
    function moves(v, ol) {
      let li = null, side = "";
      v.moves.forEach((m, i) => {
        const note = v.lucky.notes[i];
        if (!note || !note.length) return;
        if (!li || (m.side === "w" && side !== "w")) {
          li = document.createElement("li");
          li.dataset.side = m.side;
          ol.append(li);
          if (m.side === "b") li.append(san("…", false));
        } else if (m.side !== side) {
          const sep = document.createElement("span");
          sep.className = "turn-sep";
          sep.textContent = "—";
          li.append(sep);
        }
        side = m.side;
        const el = noteElement(i18n, note, i === v.moves.length - 1, describe);
        el.dataset.ply = String(i + 1); // the position a click on it reviews (review.js)
        li.append(el);
      });
    }

    return {
      ...twoSided(t),
      status: (v) => statusWithCause(status(t, v), t, i18n, v, v.lucky.notes),
      parts: ["#cards", "#cards .lucky-part"],
      sideClass: "with-cards",
      render,
      moves,
      evaluated: true,
      analysable: true,
      isCard: (tok) => tok === "draw",
      // A piece clicked while the turn starts with a draw: draw first.
      refusal(v, kind) {
        return kind === "piece" && v.legal.includes("draw") && v.legal.length === 1 ? t("refuseDrawFirst") : "";
      },
      marks(v, marks) {
        for (const s of v.lucky.zone || []) marks.square(s, { cls: "zone" });
        // A card's step: the pieces it may move are outlined.
        if (v.lucky.phase !== "start" && v.legal.length > 0) for (const s of Object.keys(dests(v.legal))) marks.square(s, { cls: "may-move" });
      },
      // announce names the cards the engine drew.
      announce(old, v) {
        learnNames(v.lucky);
        // What Azar did, in words: the card it drew and each action.
        // Azar's whole turn so far: its actions since the player's last.
        if (v.moves.length === old.moves.length) return;
        const since = v.moves.map((m, i) => m.side === v.human && v.lucky.notes[i].length > 0).lastIndexOf(true) + 1;
        const notes = v.moves.map((m, i) => (i >= since ? v.lucky.notes[i] : null)).filter((n) => n && n.length);
        if (notes.length) ui.setNote(() => engineSentence(i18n, t(notes[0].some((p) => p.card) ? "engineDidCard" : "engineDid"), notes));
      },
      actions: {
        draw: () => ui.play("draw"),
        card: (b) => ui.play(b.dataset.token),
      },
    };
  },
};
