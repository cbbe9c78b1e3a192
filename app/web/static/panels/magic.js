// Ajedrez Mágico: what to decide now, the card pending a reaction, the
// Pass button, your hand (a card you may commit now is a button: pick
// it, then its targets, on the board one square after another or as
// buttons), Azar's card count, the effects in play and the discard; on
// the board the effects' marks and the picked card's next targets.

import { twoSided, status, sideName, muted, opponent, modeLabel } from "./sides.js";
import { cardElement, cardLabel, noteElement, describeButton, engineSentence, statusWithCause } from "./cards.js";
import { effectIcon } from "./effecticons.js";

const isCard = (tok) => /^AM\d\d/.test(tok);

// tokenSquares is the squares a card's token names, in order.
function tokenSquares(tok) {
  const i = tok.indexOf(":");
  return i < 0 ? [] : tok.slice(i + 1).match(/[a-h][1-8]/g) || [];
}

export const magic = {
  // A hidden hand per player: against the engine only.
  form: { oneDevice: false, seats: false, rules: true },
  modeLabel,
  create(ui) {
    const { t, i18n } = ui;
    const $ = (sel) => document.querySelector("#cards .magic-part " + sel);
    const cards = {}; // id -> a card the page was sent (hand, discard)
    let picked = null; // the card of the hand whose targets are shown
    let prefix = []; // the target squares clicked so far for it
    let flashed = null; // the card just refused (it shakes once)
    let expanded = null; // the card of the hand shown whole (on a phone the hand is a strip of small cards)
    const unpick = () => { picked = null; prefix = []; };

    const label = (id) => cardLabel(i18n, cards[id], id);
    // tokens maps each card of the hand to its legal tokens now.
    function tokens(v) {
      const out = {};
      for (const tok of v.legal) {
        if (!isCard(tok)) continue;
        (out[tok.slice(0, 4)] = out[tok.slice(0, 4)] || []).push(tok);
      }
      return out;
    }
    // matches is the picked card's tokens that agree with the squares
    // clicked so far.
    function matches(v) {
      return (tokens(v)[picked] || []).filter((tk) => { const s = tokenSquares(tk); return prefix.every((p, i) => s[i] === p); });
    }
    // next maps each square that may be clicked next -> its tokens.
    function next(v) {
      const out = {};
      for (const tk of matches(v)) {
        const s = tokenSquares(tk);
        if (s.length > prefix.length) (out[s[prefix.length]] = out[s[prefix.length]] || []).push(tk);
      }
      return out;
    }
    // when is a card's windows in words: "Play it: instead of your move
    // · in reply to a card" (reaction).
    const when = (c) => t("cardWhen") + ": " + c.windows.map((w) => t("win-" + w)).join(" · ") + " (" + t("cat-" + c.category) + ")";
    function cardFace(c, extra) {
      cards[c.id] = c;
      return cardElement(i18n, { id: c.id, category: "magic " + c.category, name: c.name, text: c.text }, extra || when(c));
    }
    const describe = (id) => (cards[id] ? cards[id].text[i18n.lang()] : "");
    // targetWords is a card token's targets in words: squares as they
    // are, a flank, a file, an effect by its card's name, a counter's
    // sign, a piece.
    const PIECES = { P: "pawn", N: "knight", B: "bishop", R: "rook", Q: "queen" };
    const targetWords = (tok) => {
      const i = tok.indexOf(":");
      if (i < 0) return "";
      return tok.slice(i + 1).split(",").map((a) => {
        if (a === "k" || a === "q") return t("flank-" + a);
        if (/^[a-h]$/.test(a)) return t("fileOf", { file: a });
        if (/^AM\d\d$/.test(a)) return label(a);
        if (a === "+" || a === "-") return t("counterBy", { sign: a });
        if (PIECES[a]) return t(PIECES[a]).toLowerCase();
        if (/^[a-h][1-8][a-h][1-8]$/.test(a)) return a.slice(0, 2) + "-" + a.slice(2);
        return a;
      }).join(", ");
    };
    // anchorWords is an effect's anchor as the FEN writes it, in words.
    const anchorWords = (a) => (a === "k" || a === "q" ? t("flank-" + a) : /^[a-h]$/.test(a) ? t("fileOf", { file: a }) : a.split("+").join(", "));

    function render(v) {
      const mv = v.magic;
      for (const c of mv.committed) cards[c.card] = c.info;
      const mine = v.status === "playing" && v.legal.length > 0;
      const prompt = $("[data-prompt]");
      const kind = !mine ? "wait" : mv.phase === "rcommit" || mv.phase === "rimpact" ? "reaction" : mv.phase === "ms" ? "mate-save" : mv.phase;
      prompt.dataset.prompt = v.status === "playing" ? kind : "over";
      prompt.textContent = v.status === "playing" ? mv.prompt[i18n.lang()] : "";
      prompt.classList.toggle("urgent", kind === "reaction" || kind === "mate-save");
      const pend = $("[data-pending]");
      pend.textContent = "";
      pend.hidden = !mv.pending;
      if (mv.pending) {
        pend.dataset.pending = mv.pending.card;
        pend.append(muted("div", t("pendingCard") + " " + sideName(t, v, mv.pending.side) + " — " + mv.pending.words[i18n.lang()]));
        pend.append(cardFace(mv.pending.info));
      }
      const pass = $("[data-action=pass]");
      pass.hidden = !v.legal.includes("pass");
      // At a turn's start pass is legal only in the stalemate window (decision 9):
      // it accepts the stalemate, a draw.
      const passKey = mv.phase === "ms" ? "passMate" : mv.phase === "start" ? "passStalemate" : "passWindow";
      pass.textContent = t(passKey);
      describeButton(pass, t("desc-" + passKey));
      const toks = tokens(v);
      if (picked && !toks[picked]) picked = null;
      const hand = $("[data-hand]");
      hand.textContent = "";
      for (const c of mv.hand) {
        const el = cardFace(c);
        el.dataset.playable = String(!!toks[c.id]);
        // Every card is a button: a playable one is picked, another one
        // says why not (and is shown whole).
        el.dataset.action = toks[c.id] ? "pick-card" : "refused-card";
        el.setAttribute("role", "button");
        el.tabIndex = 0;
        if (toks[c.id]) el.setAttribute("aria-pressed", String(picked === c.id));
        else el.setAttribute("aria-disabled", "true");
        el.setAttribute("aria-label", c.name[i18n.lang()] + ": " + c.text[i18n.lang()]);
        el.setAttribute("aria-description", when(c) + ". " + t(toks[c.id] ? "cardPlayable" : "cardNotNow"));
        el.classList.toggle("expanded", expanded === c.id || picked === c.id);
        el.classList.toggle("refused", flashed === c.id);
        hand.append(el);
      }
      flashed = null;
      if (!mv.hand.length) hand.append(muted("p", t("emptyHand")));
      renderChoices(v);
      const n = mv.cards[opponent(v.human)];
      const oc = $("[data-opponent-cards]");
      oc.dataset.opponentCards = String(n);
      oc.textContent = t("opponentHolds") + " " + n + " " + (n === 1 ? t("cardWord") : t("cardsWord")) + ".";
      const ul = $("[data-effects]");
      ul.textContent = "";
      for (const e of mv.effects) {
        const li = document.createElement("li");
        li.dataset.effect = e.card;
        li.dataset.counter = String(e.counter);
        li.dataset.owner = e.owner;
        li.append(effectIcon(e.kind), " " + label(e.card) + " — " + sideName(t, v, e.owner) +
          (e.anchor ? " · " + anchorWords(e.anchor) : "") + " · " + t("turnsLeft") + " " + e.counter);
        if (describe(e.card)) li.title = describe(e.card);
        ul.append(li);
      }
      if (!mv.effects.length) ul.append(muted("li", t("noEffects")));
      const disc = $("[data-discard]");
      disc.textContent = "";
      disc.dataset.discard = String(mv.discard.length);
      $(".discard-count").textContent = String(mv.discard.length);
      for (const c of mv.discard) disc.append(cardFace(c));
    }

    // renderChoices shows the picked card's targets: the squares are
    // marked on the board; targets that are not squares are buttons.
    function renderChoices(v) {
      const choices = $("[data-card-choices]");
      choices.textContent = "";
      choices.hidden = !picked;
      if (!picked) return;
      choices.dataset.cardChoices = picked;
      const head = document.createElement("p");
      head.textContent = label(picked) + " — " + t("chooseTargets") + (prefix.length ? " " + prefix.join(", ") + " …" : "");
      choices.append(head);
      const ms = matches(v);
      const onBoard = ms.every((tk) => tokenSquares(tk).length > prefix.length);
      if (onBoard) {
        // Every choice goes on through a square: the marks on the board.
        choices.append(muted("p", t("clickMarked")));
      }
      for (const tok of onBoard ? [] : ms) {
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.action = "commit";
        b.dataset.token = tok;
        b.textContent = t("commitCard") + ": " + (targetWords(tok) || t("noTargets"));
        describeButton(b, label(picked) + " — " + t("desc-commit"));
        choices.append(b);
      }
      const cancel = document.createElement("button");
      cancel.type = "button";
      cancel.dataset.action = "unpick-card";
      cancel.textContent = t("cancel");
      choices.append(cancel);
    }

    // One line per turn of the active side, each action in the server's
    // note: a move in SAN, a card by its name and targets in words;
    // declined windows are not shown (their note is empty).
    function moves(v, ol) {
      let li = null, side = "";
      v.moves.forEach((m, i) => {
        const note = v.magic.notes[i];
        if (!note || !note.length) return;
        if (!li || m.side !== side) {
          li = document.createElement("li");
          li.dataset.side = m.side;
          ol.append(li);
          const who = document.createElement("span");
          who.className = "turn-sep";
          who.textContent = sideName(t, v, m.side) + ":";
          li.append(who);
        }
        side = m.side;
        const el = noteElement(i18n, note, i === v.moves.length - 1, describe);
        el.dataset.ply = String(i + 1); // the position a click on it reviews (review.js)
        li.append(el);
      });
    }

    function marks(v, m) {
      const on = {};
      for (const e of v.magic.effects) for (const s of e.squares) (on[s] = on[s] || []).push(e);
      for (const [s, effs] of Object.entries(on)) {
        m.square(s, { cls: "effect-zone", data: { effects: effs.map((e) => e.card).join(" ") } });
        for (const e of effs) {
          if (e.squares.length > 4) continue; // a file or a flank: the tint is enough
          const b = document.createElement("span");
          b.className = "badge effect-mark " + e.kind + " owner-" + e.owner;
          b.dataset.effect = e.card;
          b.dataset.counter = String(e.counter);
          b.title = label(e.card) + " · " + t("turnsLeft") + " " + e.counter + (describe(e.card) ? " — " + describe(e.card) : "");
          b.append(effectIcon(e.kind), String(e.counter));
          m.over(s, b);
        }
      }
      if (picked) for (const s of Object.keys(next(v))) m.dot(s, "card-target", { cardTarget: s });
    }

    return {
      ...twoSided(t),
      status: (v) => statusWithCause(status(t, v), t, i18n, v, v.magic.notes),
      parts: ["#cards", "#cards .magic-part"],
      sideClass: "with-cards",
      render,
      moves,
      marks,
      // A picked card takes a click on one of its next target squares;
      // any other click drops it.
      click(name) {
        if (!picked) return false;
        const v = ui.view();
        if (next(v)[name]) {
          prefix.push(name);
          const ms = matches(v);
          if (ms.length === 1 && tokenSquares(ms[0]).length === prefix.length) { const tok = ms[0]; unpick(); ui.play(tok); }
          else ui.render();
          return true;
        }
        // Not one of the card's targets: said, and the card dropped.
        ui.board.refuse("card-target", name);
        unpick();
        ui.render();
        return true;
      },
      refusal(v, kind) {
        if (kind === "card-target" && picked) return t("refuseSquare", { card: label(picked) });
        // A window where only cards (or a pass) may be played.
        if (kind === "piece" && v.legal.length > 0 && v.legal.every((tok) => isCard(tok) || tok === "pass")) return t("refuseCardOrPass");
        return "";
      },
      analysable: true,
      isCard,
      escape() { if (picked) { unpick(); ui.render(); } },
      reset: unpick,
      // What Azar did, in words: its move and its cards with their
      // targets, and what an effect took off.
      announce(old, v) {
        for (const c of v.magic.committed) cards[c.card] = c.info;
        // Azar's whole turn so far: its actions since the player's last.
        if (v.moves.length === old.moves.length) return;
        const since = v.moves.map((m, i) => m.side === v.human && v.magic.notes[i].length > 0).lastIndexOf(true) + 1;
        const notes = v.moves.map((m, i) => (i >= since ? v.magic.notes[i] : null)).filter((n) => n && n.length);
        if (notes.length) ui.setNote(() => engineSentence(i18n, t("engineDid"), notes));
      },
      actions: {
        pass: () => { unpick(); return ui.play("pass"); },
        commit: (b) => { unpick(); return ui.play(b.dataset.token); },
        "unpick-card": () => { unpick(); ui.render(); },
        "refused-card": (b) => {
          expanded = b.dataset.card;
          flashed = b.dataset.card;
          ui.setNote(() => t("refuseCard", { card: label(b.dataset.card) }), "card");
          ui.render();
        },
        "pick-card": (b) => {
          picked = picked === b.dataset.card ? null : b.dataset.card;
          expanded = picked;
          prefix = [];
          ui.board.selected = null;
          ui.render();
        },
      },
    };
  },
};
