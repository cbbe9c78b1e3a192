// The player's settings, kept across reloads in localStorage: sound,
// board and piece themes, coordinates, and the new-game form's last
// choices (game, opponent, colour, level). The language keeps its own
// key (azar.lang, i18n.js). The themes hang on <body> as
// data-board-theme and data-piece-theme, which style.css reads.

const KEY = "azar.settings";
export const BOARD_THEMES = ["green", "brown", "blue"];
export const PIECE_THEMES = ["classic", "sepia"];
const DEFAULTS = { sound: true, boardTheme: "green", pieceTheme: "classic", coords: true, form: {}, c4Pause: "900" };

function load() {
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch (_) { saved = {}; }
  const s = Object.assign({}, DEFAULTS, saved);
  // The coordinates had a key of their own before the settings.
  if (saved.coords === undefined && localStorage.getItem("azar.coords") === "off") s.coords = false;
  if (!BOARD_THEMES.includes(s.boardTheme)) s.boardTheme = DEFAULTS.boardTheme;
  if (!PIECE_THEMES.includes(s.pieceTheme)) s.pieceTheme = DEFAULTS.pieceTheme;
  if (typeof s.form !== "object" || !s.form) s.form = {};
  return s;
}

// createSettings reads the saved settings; set(k, v) keeps one and
// tells the listeners.
export function createSettings() {
  const s = load();
  const listeners = [];
  const apply = () => {
    document.body.dataset.boardTheme = s.boardTheme;
    document.body.dataset.pieceTheme = s.pieceTheme;
  };
  apply();
  return {
    get: (k) => s[k],
    set(k, v) {
      s[k] = v;
      try { localStorage.setItem(KEY, JSON.stringify(s)); } catch (_) { /* private mode: kept for this visit only */ }
      apply();
      for (const f of listeners) f(k);
    },
    onChange(f) { listeners.push(f); },
  };
}

// bindSettings ties the settings dialog's controls ([data-setting]) and
// the sound switch ([data-action=sound]) to the settings.
export function bindSettings(settings, t) {
  const $$ = (sel) => Array.from(document.querySelectorAll(sel));
  const show = () => {
    for (const el of $$("[data-setting]")) {
      const k = el.dataset.setting;
      if (el.type === "checkbox") el.checked = !!settings.get(k);
      else el.value = settings.get(k);
    }
    for (const b of $$("[data-action=sound]")) {
      const on = !!settings.get("sound");
      b.setAttribute("aria-pressed", String(on));
      b.dataset.sound = on ? "on" : "off";
      b.textContent = "♪";
      b.setAttribute("aria-label", t(on ? "soundOn" : "soundOff"));
      b.title = t(on ? "soundOn" : "soundOff");
    }
  };
  for (const el of $$("[data-setting]")) {
    el.addEventListener("change", () => settings.set(el.dataset.setting, el.type === "checkbox" ? el.checked : el.value));
  }
  settings.onChange(show);
  show();
  return show;
}
