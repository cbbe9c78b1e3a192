// The new-game form and the list of saved games (#setup). What a game
// asks of the form (two players on one device, a player per seat, its
// rule options) comes from its entry in the one table of games.

import { api } from "./api.js";
import { entry } from "./panels/index.js";
import { movesLabel } from "./panels/sides.js";
import { refusalText } from "./refusals.js";
import { seats, keepSeat } from "./invite.js";

// MAX_LISTED bounds the tokens sent for the saved list (the server's
// store.MaxOwned is 200): the newest kept seats.
const MAX_LISTED = 200;

// createSetup: open(id) opens a game.
// settings keeps the form's last choices (settings.js).
export function createSetup(i18n, { open, settings }) {
  const t = i18n.t;
  const $ = (sel) => document.querySelector(sel);
  const $$ = (sel) => Array.from(document.querySelectorAll(sel));

  function pick(attr, value) {
    $$("[data-" + attr + "]").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset[attr] === value)));
  }
  const chosen = (attr) => { const b = $("[data-" + attr + "][aria-pressed=true]"); return b ? b.dataset[attr] : ""; };
  ["variant", "mode", "color", "level", "clock"].forEach((attr) => {
    $$("#new-game [data-" + attr + "]").forEach((b) => b.addEventListener("click", () => {
      pick(attr, b.dataset[attr]);
      remember();
      if (attr === "mode") modeFields(b.dataset.mode);
      if (attr === "variant") formFor(b.dataset.variant);
    }));
  });
  // modeFields shows the colour against Azar and against a friend, the
  // level against Azar only.
  function modeFields(mode) {
    $$(".engine-only").forEach((f) => {
      f.hidden = !(mode === "engine" || (mode === "online" && (f.querySelector("[data-color]") || "online" in f.dataset)));
    });
  }
  // formFor shows the chosen game's rule options, the seats or the
  // opponent, and two players on one device only where no player has
  // a secret from the other.
  function formFor(variant) {
    const form = entry(variant).form;
    $$(".variant-only").forEach((f) => { f.hidden = f.dataset.for !== variant; });
    $(".two-player").hidden = form.seats;
    $("[data-mode=local]").hidden = !form.oneDevice;
    if (!form.oneDevice && chosen("mode") === "local") pick("mode", "engine");
    if (form.seats) $$(".engine-only").forEach((f) => { f.hidden = true; });
    else modeFields(chosen("mode"));
  }
  // remember keeps the form's choices; restore puts them back (a game
  // or a level this page no longer has is left as the form has it).
  function remember() {
    settings.set("form", { variant: chosen("variant"), mode: chosen("mode"), color: chosen("color"), level: chosen("level"), clock: chosen("clock") });
  }
  function restore() {
    const f = settings.get("form") || {};
    for (const attr of ["level", "color", "mode", "variant", "clock"]) {
      const b = f[attr] && $('#new-game [data-' + attr + '="' + f[attr] + '"]');
      if (!b) continue;
      pick(attr, f[attr]);
    }
    formFor(chosen("variant"));
  }
  function chosenRules(variant) {
    const rules = {};
    $$('.variant-only[data-for="' + variant + '"] [data-rule]').forEach((el) => {
      rules[el.dataset.rule] = el.type === "checkbox" ? (el.checked ? "on" : "off") : el.value;
    });
    return rules;
  }
  // showError shows msg above the Play button; join, when given, is
  // what became of an invitation link (data-join-error: taken, broken,
  // gone, failed, or joining while it is asked).
  let follow = null; // msg when a function: its text follows the language
  function showError(msg, join) {
    follow = typeof msg === "function" ? msg : null;
    if (follow) msg = follow();
    const p = $("[data-error]");
    p.textContent = msg || "";
    p.hidden = !msg;
    if (join) p.dataset.joinError = join;
    else delete p.dataset.joinError;
  }
  $("#new-game").addEventListener("submit", async (e) => {
    e.preventDefault();
    showError("");
    const variant = chosen("variant");
    const form = entry(variant).form;
    let body = { variant, mode: chosen("mode") };
    if (form.seats) {
      // The seats' choices stand in turn order in the form. A friend
      // on another device makes the game an online one, whose "person"
      // seats are the friends' (so none may be a person on this device).
      const choices = $$("#new-game select[data-seat]").map((el) => el.value);
      const online = choices.includes("friend");
      if (online && choices.includes("person")) { showError(t("frLocalBesideFriend")); return; }
      body = { variant, seats: choices.map((v) => {
        if (v.startsWith("engine:")) return { player: "engine", level: parseInt(v.split(":")[1], 10) };
        return { player: v === "friend" ? "person" : v };
      }) };
      if (online) body.mode = "online";
    } else if (body.mode === "engine" || body.mode === "online") {
      body.color = chosen("color");
      if (body.mode === "engine") body.level = parseInt(chosen("level"), 10);
      // The time control: "initial+increment" in seconds (clock.js).
      const clock = chosen("clock");
      if (clock && clock !== "none") {
        const [initial, increment] = clock.split("+").map((n) => parseInt(n, 10));
        body.clock = { initial, increment };
      }
    }
    const fen = $("#fen").value.trim();
    if (fen) body.fen = fen;
    if (form.rules) body.rules = chosenRules(variant);
    try {
      // The new game's token is this browser's key to its seat.
      const c = await api.create(body);
      keepSeat(c.view.id, c.token, c.seat);
      await open(c.view.id);
    } catch (err) {
      showError(() => refusalText(i18n, err));
    }
  });

  // loadSaved lists the games this browser holds a seat in (their
  // tokens, invite.js), newest first; the server lists no other game.
  async function loadSaved() {
    const tokens = Object.values(seats()).map((s) => s.token).filter(Boolean);
    let list = [];
    if (tokens.length > 0) {
      try { list = await api.mine(tokens.slice(-MAX_LISTED)); } catch (_) { return; }
    }
    const ul = $("#saved");
    ul.textContent = "";
    $("#no-games").hidden = list.length > 0;
    for (const g of list) {
      const li = document.createElement("li");
      const result = document.createElement("span");
      result.className = "result";
      result.textContent = g.status === "playing" ? t("inProgress") : g.result;
      const when = document.createElement("span");
      when.className = "when";
      when.textContent = new Date(g.updated).toLocaleString(i18n.lang()) + " · " + t(g.variant) + " · " + (g.mode === "online" ? t("frModeLabel") : entry(g.variant).modeLabel(t, g.mode)) + " · " + (entry(g.variant).movesLabel || movesLabel)(t, g.moves);
      const link = document.createElement("a");
      link.href = "#" + g.id;
      link.textContent = t("open");
      link.dataset.game = g.id;
      const pgn = document.createElement("a");
      pgn.href = api.pgnDownload(g.id);
      pgn.textContent = "PGN";
      pgn.setAttribute("download", "");
      li.append(result, when);
      if (g.accuracy) {
        const acc = document.createElement("span");
        acc.className = "when";
        acc.dataset.savedAccuracy = "";
        const pc = (x) => (x === null ? "—" : x.toFixed(0) + "%");
        acc.textContent = t("accuracy") + " " + pc(g.accuracy.white) + " / " + pc(g.accuracy.black);
        li.append(acc);
      }
      li.append(link, pgn);
      ul.append(li);
    }
  }
  $("#saved").addEventListener("click", (e) => {
    const a = e.target.closest("a[data-game]");
    if (!a) return;
    e.preventDefault();
    open(a.dataset.game);
  });

  // The engine levels in the seats' choices read "Azar, level N".
  function translate() {
    $$("[data-seat] option[value^='engine:']").forEach((o) => { o.textContent = t("azarLevel") + " " + o.value.split(":")[1]; });
    if (!$("#setup").hidden) loadSaved();
    if (follow) $("[data-error]").textContent = follow();
  }
  i18n.onChange(translate);
  translate();
  restore();

  return {
    show() {
      $("#game").hidden = true;
      $("#setup").hidden = false;
      history.replaceState(null, "", location.pathname);
      loadSaved();
    },
    showError,
  };
}
