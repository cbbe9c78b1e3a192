// Ajedrez con Espía: your card and where your spy hides, a wildcard's
// choices, the Reveal button, the original queens' powers, the reveals;
// on the board the gained (bicolour) pieces and your spy's badge.

import { twoSided, status, sideLabel, opponent, modeLabel, pairedMoves } from "./sides.js";
import { noteText, describeButton, engineSentence, statusWithCause } from "./cards.js";

export const spy = {
  // A hidden card per player: against the engine only.
  form: { oneDevice: false, seats: false, rules: true },
  modeLabel,
  create(ui) {
    const { t, i18n } = ui;
    const $ = (sel) => document.querySelector("#cards .spy-part " + sel);
    const roleName = (role) => {
      if (role[0] === "P") return t("pawnRole", { file: role[1] });
      const name = t("role-" + role);
      return name === "role-" + role ? role : name;
    };
    const cardName = (card) => {
      if (card === "neutral") return t("neutral");
      if (card === "wild") return t("wildcard");
      const [kind, role] = card.split(":");
      return (kind === "wild" ? t("wildcardOf") + " " : "") + roleName(role);
    };

    // words lists "a, b and c" in the page's language.
    const words = (ws) => (ws.length < 2 ? ws.join("") : ws.slice(0, -1).join(", ") + " " + t("andWord") + " " + ws[ws.length - 1]);

    function render(v) {
      const sv = v.spy;
      // What the player may do now, above the card.
      let step = $("[data-step]");
      if (!step) {
        step = document.createElement("p");
        step.className = "step";
        step.dataset.step = "";
        document.querySelector("#cards .spy-part").prepend(step);
      }
      step.textContent = v.status === "playing" && sv.step ? sv.step[i18n.lang()] : "";
      step.hidden = !step.textContent;
      const mine = $(".my-spy");
      mine.textContent = "";
      const card = document.createElement("div");
      card.className = "card spy-card";
      card.dataset.card = sv.card || "";
      const name = document.createElement("div");
      name.className = "card-name";
      name.textContent = sv.card ? cardName(sv.card) : "";
      const text = document.createElement("div");
      text.className = "card-text";
      if (sv.choosing) text.textContent = t("chooseWild");
      else if (sv.card === "neutral") text.textContent = t("neutralCard");
      else if (sv.revealed[v.human]) text.textContent = t("revealed");
      else if (sv.spySquare) text.textContent = t("yourSpy") + ": " + t("spyHidden") + " " + sv.spySquare + ".";
      else text.textContent = t("yourSpy") + ": " + t("spyGone") + ".";
      card.append(name, text);
      card.title = name.textContent + ": " + text.textContent;
      mine.append(card);
      const wc = $(".wild-choices");
      wc.textContent = "";
      if (sv.choosing) {
        for (const tok of v.legal.filter((m) => m.startsWith("wild:"))) {
          const b = document.createElement("button");
          b.type = "button";
          b.dataset.action = "choose";
          b.dataset.choice = tok;
          b.dataset.token = tok;
          b.textContent = roleName(tok.split(":")[1]);
          wc.append(b);
        }
      }
      $("[data-action=reveal]").hidden = !sv.reveal;
      describeButton($("[data-action=reveal]"), sv.revealText ? sv.revealText[i18n.lang()] : t("desc-reveal"));
      const qs = $(".queens");
      qs.textContent = "";
      for (const side of ["w", "b"]) {
        const q = sv.queens[side];
        const p = document.createElement("p");
        p.dataset.queen = side;
        p.dataset.powers = q.powers;
        p.textContent = q.square
          ? t("queenMoves", { who: sideLabel(t, v, side), square: q.square, powers: words(q.powers.split("").map((k) => t("pow-" + k))) })
          : t("queenCaptured", { who: sideLabel(t, v, side) });
        qs.append(p);
      }
      const opp = opponent(v.human);
      const rv = [];
      if (sv.revealed[v.human]) rv.push(t("youRevealed") + " " + cardName(sv.revealed[v.human]));
      rv.push(sv.revealed[opp] ? t("engineRevealed") + " " + cardName(sv.revealed[opp]) : t("notRevealed"));
      $(".reveals").textContent = rv.join(". ") + ".";
    }

    return {
      ...twoSided(t),
      status: (v) => statusWithCause(status(t, v), t, i18n, v, v.spy.notes),
      parts: ["#cards", "#cards .spy-part"],
      analysable: true,
      isCard: (tok) => /^(reveal|wild)/.test(tok),
      // A piece clicked while the wildcard's choice is due: choose first.
      refusal: (v, kind) => (kind === "piece" && v.legal.length > 0 && v.legal.every((tok) => tok.startsWith("wild")) ? t("refuseChooseSpy") : ""),
      sideClass: "with-cards",
      render,
      marks(v, marks) {
        for (const s of v.spy.bicolour) {
          const r = document.createElement("span");
          r.className = "ring";
          marks.square(s, { cls: "bicolour", data: { bicolour: "true" } }).under(s, r);
          if (v.pieces[s]) marks.piece(s, { data: { bicolour: "true" } });
        }
        if (v.spy.spySquare) {
          const b = document.createElement("span");
          b.className = "badge spy-badge";
          b.dataset.mySpy = "true";
          b.textContent = t("spyBadge");
          marks.over(v.spy.spySquare, b);
        }
      },
      // A move list of SAN and words (a reveal: "reveals its spy: the
      // knight on f6"), in the page's letters.
      moves: (v, ol) => pairedMoves({ ...v, moves: v.moves.map((m, i) => ({ ...m, san: noteText(i18n, v.spy.notes[i]) })) }, ol),
      // Azar's reveal, in words: which piece it was.
      announce(old, v) {
        const opp = opponent(v.human);
        if (!v.spy.revealed[opp] || old.spy.revealed[opp]) return;
        const notes = v.spy.notes.filter((n, i) => i >= old.moves.length && v.moves[i].side === opp && n.some((p) => p.text));
        ui.setNote(() => engineSentence(i18n, t("engineSays"), notes) || t("engineRevealed") + " " + cardName(v.spy.revealed[opp]) + ".");
      },
      // No hint while a wildcard is being chosen.
      buttons(v, button) { if (v.spy.choosing) button("hint").disabled = true; },
      actions: {
        reveal: () => { const v = ui.view(); if (v.spy && v.spy.reveal) return ui.play(v.spy.reveal); },
        choose: (b) => ui.play(b.dataset.token),
      },
    };
  },
};
