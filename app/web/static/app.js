// The page of `azar serve`, as ES modules served as they are (no build
// step). This module starts the page and routes its addresses:
//   /#<id>             a game (game-screen.js; its panel from panels/)
//   /#puzzle[=DATE]    the daily puzzle (puzzle.js)
//   /#lessons, /#lesson=ID/N   the lessons (lessons.js)
//   /#join=<id>.<code> an invitation: its seat taken, then the game (invite.js)
//   /                  the new-game form and the saved games (setup.js)
// The server is the referee: the page keeps no rules of its own. Test
// hooks (data-square, data-piece, data-action, ...) are listed in
// docs/app.md and kept stable.

import { createI18n } from "./i18n.js";
import { createGameScreen } from "./game-screen.js";
import { createSetup } from "./setup.js";
import { createPuzzle } from "./puzzle.js";
import { createLessons } from "./lessons.js";
import { createSettings, bindSettings } from "./settings.js";
import { createSound } from "./sound.js";
import { openDialog } from "./modal.js";
import { refusalText } from "./refusals.js";
import { createFriends } from "./friends.js";
import { parseJoin, join } from "./invite.js";

const i18n = createI18n();
const settings = createSettings();
const sound = createSound(settings);
const showSettings = bindSettings(settings, i18n.t);
i18n.onChange(showSettings);
const lang = document.querySelector("#lang");
lang.addEventListener("change", (e) => i18n.set(e.target.value));
i18n.onChange(() => { lang.value = i18n.lang(); });

const screen = createGameScreen(i18n, {
  settings,
  sound,
  gone: (err) => { showSetup(); setup.showError(() => (err.status === 404 ? i18n.t("gameGone") : refusalText(i18n, err))); },
  rendered: (v) => friends.render(v),
});
const friends = createFriends(i18n, {
  view: () => screen.view(),
  accept: (v) => screen.accept(v),
  note: (text) => { screen.setNote(text); screen.render(); },
});
const setup = createSetup(i18n, { open: (id) => screen.open(id), settings });
const puzzle = createPuzzle(i18n, screen, {
  failed: (err) => { showSetup(); setup.showError(() => refusalText(i18n, err)); },
});
const lessons = createLessons(i18n);

function showSetup() {
  screen.close(true);
  setup.show();
}

// joinFrom takes the seat of an invitation link and opens its game; a
// link whose seat is taken, or that is broken, ends on the form with
// the reason.
async function joinFrom(inv) {
  const t = i18n.t;
  if (!inv.id) { showSetup(); setup.showError(t("frBadInvite"), "broken"); return; }
  showSetup();
  setup.showError(t("frJoining"), "joining");
  try {
    await screen.open(await join(inv.id, inv.code));
  } catch (err) {
    showSetup();
    if (err.status === 409) setup.showError(t("frSeatTaken"), "taken");
    else if (err.status === 404) setup.showError(t("gameGone"), "gone");
    else setup.showError(t("frJoinFailed", { why: err.message }), "failed");
  }
}

// The page's buttons: the header's, then the game screen's and its
// panel's (the lessons take their own).
let closeSettings = null;
const pageActions = {
  "new-game": showSetup,
  puzzle: () => puzzle.open(""),
  sound: () => settings.set("sound", !settings.get("sound")),
  settings: () => {
    if (closeSettings) return;
    const close = openDialog(document.querySelector("#settings"), () => pageActions["close-settings"]());
    closeSettings = close;
  },
  "close-settings": () => { if (closeSettings) { const c = closeSettings; closeSettings = null; c(); } },
};
document.addEventListener("click", (e) => {
  const b = e.target.closest("button[data-action], [role=button][data-action]");
  if (!b || b.disabled) return;
  if (pageActions[b.dataset.action]) pageActions[b.dataset.action]();
  else screen.action(b.dataset.action, b);
});
// A [role=button] that is not a <button> (a card of the hand) plays on
// Enter and Space as a button does.
document.addEventListener("keydown", (e) => {
  if (e.key !== "Enter" && e.key !== " ") return;
  const b = e.target.closest && e.target.closest("[role=button][data-action]");
  if (!b || b.tagName === "BUTTON" || b.matches("[data-square]")) return;
  e.preventDefault();
  b.click();
});

const puzzleDate = (h) => (h === "puzzle" ? "" : h.startsWith("puzzle=") ? h.slice(7) : null);
window.addEventListener("hashchange", () => {
  const h = location.hash.slice(1);
  if (lessons.owns(h)) { if (!lessons.route()) lessons.hide(); return; }
  lessons.hide();
  if (puzzleDate(h) !== null) { if (!puzzle.showing(puzzleDate(h))) puzzle.open(puzzleDate(h)); return; }
  if (parseJoin(h)) { joinFrom(parseJoin(h)); return; }
  if (h && (!screen.view() || screen.view().id !== h)) screen.open(h);
});

i18n.apply();
lang.value = i18n.lang();
const start = location.hash.slice(1) || localStorage.getItem("azar.game");
if (start && lessons.owns(start)) lessons.route(); else if (start && puzzleDate(start) !== null) puzzle.open(puzzleDate(start));
else if (start && parseJoin(start)) joinFrom(parseJoin(start));
else if (start) screen.open(start); else showSetup();
