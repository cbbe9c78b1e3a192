// The game screen (#game): the board, the status line and the note
// under it, the game's panel, the move list, the evaluation bar, the
// buttons and the analysis. The server is the referee: the screen shows
// the views it sends (the answers and the event stream), offers the
// legal tokens the view lists and sends the player's choices.
//
// What differs between the games is in their panels (panels/), found by
// the view's variant in the one table (panels/index.js). A panel is an
// object with these hooks (v is the view):
//   parts, sideClass: the page's elements that are this panel's (shown
//     only while it is) and the class it puts on the side column;
//   orient(v) and flip(o): the board's orientation ({flipped, turned})
//     for a game just opened and after the Flip button;
//   status(v), moves(v, ol): the status line's text, the move list;
//   promote(v, moves, from): the token among moves from one square to
//     another that differ only in what the piece becomes, or null;
//   and, when the game has them, render(v) (its part of the side
//   column), marks(v, marks) (what it puts on squares: board.js's
//   Marks), click(name, selected) (takes a click on a square first:
//   true when it was the panel's), announce(old, v) (what the engine did
//   between two views), reset() (a new view came), buttons(v, button)
//   (changes to the game buttons), analysable, evaluated (the view may
//   carry the engine's score: the bar keeps its place), refusal(v,
//   kind, name) (why a click was refused, when the panel knows better),
//   escape() (Escape pressed: drop what is picked), isCard(tok) (a
//   card's token, for the sound), play(tok) (where a move goes, when
//   not to the game), pace(old, v) (what happened between two views
//   shown one step at a time: {steps: the views to show, v last, pause:
//   the milliseconds between them}, or null to show v at once),
//   reorient(v, o) (the orientation for each new view of a game already
//   shown) and actions (its data-action buttons).
// While the player reviews the game (review.js), the board and the
// panel show a past view, which has nothing legal; the move list, the
// status line, the analysis and the bar follow the live one.
//
// ui, what a panel is given: t, i18n, view(), play(tok), render(),
// setNote(text or function, and the kind of refusal it tells, if one),
// board, choosePiece, settings.

import { Board, Marks, choosePiece } from "./board.js";
import * as tokens from "./tokens.js";
import { api } from "./api.js";
import { confirmDialog, copyText } from "./dialogs.js";
import { renderAnalysis } from "./analysis.js";
import { renderEvalBar } from "./evalbar.js";
import { soundOf } from "./sound.js";
import { entry } from "./panels/index.js";
import { createReview } from "./review.js";
import { createClocks } from "./clock.js";
import { noteText } from "./panels/cards.js";
import { formatSAN } from "./notation.js";
import { refusalNote } from "./refusals.js";
import { createPremove } from "./premove.js";
import { createRematch } from "./rematch.js";

// createGameScreen: gone(err) is called when a game cannot be opened;
// settings and sound are settings.js's and sound.js's; rendered(v), if
// given, is called after each drawing of view v (the part of a game
// against friends, friends.js).
export function createGameScreen(i18n, { gone, settings, sound, rendered }) {
  const t = i18n.t;
  const $ = (sel) => document.querySelector(sel);
  let game = null;        // the latest view
  let panel = null;       // its panel
  let events = null;      // the event stream of the shown game
  let note = "";          // a one-off message under the status line (a function: its text follows the language)
  let hint = null;        // {id, version, move}: the arrow shown until the game changes
  let orientation = { flipped: false, turned: false };
  let orientedFor = null; // the game id the orientation was chosen for
  let refused = "";       // the kind of the last refused input, on data-note as data-refused
  let steps = [];         // the views waiting to be shown one step at a time (panel.pace)
  let stepTimer = null, stepPause = 0, steppedAt = 0;

  const board = new Board($("#board"), {
    move: (from, to) => tryMove(from, to),
    click: (name, selected) => clickSquare(name, selected),
    // A new selection ends the refusal's note (a refused click leaves none).
    select: () => { if (refused && board.selected) { refused = ""; note = ""; } render(); },
    refuse: (kind, name, selected) => refuse(kind, name, selected),
    describe: (name, pc) => describe(name, pc),
  });
  // A panel's words: online, the other seat is a friend's (strings/online.js).
  const panelT = (k, vars) => (game && game.mode === "online" && i18n.has(k + "Online") ? t(k + "Online", vars) : t(k, vars));
  const ui = { t: panelT, i18n, view: () => game, play, render, setNote: (n, refusal) => { note = n; refused = refusal || ""; }, board, choosePiece, settings };
  const clocks = createClocks(t);
  const review = createReview(i18n, { game: () => game, render: () => render(), note: (n) => { note = n; render(); } });
  // The premove against the engine and the rematch (premove.js, rematch.js).
  const premove = createPremove({ t, view: () => game, play: (tok) => play(tok), setNote: (n) => { note = n; refused = ""; } });
  const rematch = createRematch(i18n, { open: (id) => open(id), note: (n) => { note = n; render(); } });
  const panels = new Map(); // variant -> its panel
  const known = new Set();  // every panel shown so far (their parts are hidden for the others)
  function panelFor(variant) {
    if (!panels.has(variant)) panels.set(variant, entry(variant).create(ui));
    return panels.get(variant);
  }

  // accept shows a view unless it is older than the one shown; force
  // takes it anyway (the first view of a new event stream: the server may
  // have restarted).
  function accept(v, force) {
    if (!v) return;
    if (steps.length && steps[0].id !== v.id) { clearTimeout(stepTimer); stepTimer = null; steps = []; }
    // The newest view taken, shown or waiting its step.
    const last = steps.length ? steps[steps.length - 1] : game;
    if (!force && last && last.id === v.id && v.version < last.version) return;
    // The same view again (a reopened event stream's first one) changes
    // nothing: the board is not rebuilt under the player's pointer.
    if (last && last.id === v.id && v.version === last.version && JSON.stringify(v) === JSON.stringify(last)) return;
    const p = panelFor(v.variant);
    const paced = p.pace && last && last.id === v.id ? p.pace(last, v) : null;
    if (paced || steps.length) {
      steps.push(...(paced ? paced.steps : [v]));
      if (paced) stepPause = paced.pause;
      if (!stepTimer) stepTimer = setTimeout(nextStep, Math.max(0, steppedAt + stepPause - Date.now()));
      return;
    }
    take(v, p);
  }
  // nextStep shows the next of the views waiting their step.
  function nextStep() {
    stepTimer = null;
    const v = steps.shift();
    if (!v) return;
    take(v, panelFor(v.variant));
    if (steps.length) stepTimer = setTimeout(nextStep, stepPause);
  }
  // take shows a view now; a paced view follows it a pause later.
  function take(v, p) {
    steppedAt = Date.now();
    // A game just opened starts with no selection and the board's Tab
    // stop in its bottom left corner.
    if (!game || game.id !== v.id) { board.selected = null; board.focusName = null; }
    else if (v.mode === "engine" && p.announce) p.announce(game, v);
    if ((!game || game.id !== v.id || game.version !== v.version) && p.reset) p.reset();
    const heard = soundOf(game, v, p.isCard || (() => false));
    const old = game;
    present(v, p, false);
    if (heard) sound.play(heard);
    if (premove.seen(v)) render();
    rematch.seen(old, v);
  }

  // present shows a view with a panel; fresh starts afresh (no
  // selection, hint or note, the orientation chosen again).
  function present(v, p, fresh) {
    if (fresh) {
      note = "";
      hint = null;
      board.selected = null;
      board.focusName = null;
      orientedFor = null;
    }
    game = v;
    panel = p;
    known.add(p);
    review.sync(v);
    if (orientedFor !== v.id) {
      orientation = p.orient(v);
      orientedFor = v.id;
    } else if (p.reorient) {
      // A panel may turn the board with each view (four-player
      // chaturanga's people on one device: the seat to move at the bottom).
      orientation = p.reorient(v, orientation);
    }
    render();
  }

  async function act(request) {
    try {
      accept(await request);
      return true;
    } catch (err) {
      note = refusalNote(i18n, err);
      render();
      return false;
    }
  }

  async function open(id) {
    try {
      const v = await api.get(id);
      localStorage.setItem("azar.game", id);
      if (location.hash !== "#" + id) history.replaceState(null, "", "#" + id);
      show();
      note = "";
      accept(v, true);
      listen(id);
    } catch (err) {
      localStorage.removeItem("azar.game");
      gone(err);
    }
  }
  function show() {
    $("#setup").hidden = true;
    $("#game").hidden = false;
  }
  function listen(id) {
    close(false);
    events = api.events(id, (v, fresh) => accept(v, fresh));
  }
  // close stops following the game; forget drops it too.
  function close(forget) {
    if (events) { events.close(); events = null; }
    clearTimeout(stepTimer);
    stepTimer = null;
    steps = [];
    if (forget) { game = null; panel = null; }
  }

  // ---- drawing ----
  function render() {
    if (!game) return;
    $("#game").dataset.variant = game.variant;
    // The board's view: the live one, or the past one under review.
    const past = review.view();
    const v = past || game;
    const arrows = [];
    const hinted = !past && hint && hint.id === game.id && hint.version === game.version ? tokens.fromTo(hint.move) : null;
    if (hinted) arrows.push({ from: hinted.from, to: hinted.to, data: { hint: hint.move } });
    const best = past && past.review.best ? tokens.fromTo(past.review.best) : null;
    if (best) arrows.push({ from: best.from, to: best.to, cls: "best", data: { best: past.review.best } });
    board.draw({
      files: v.files, ranks: v.ranks, pieces: v.pieces, orientation, coords: settings.get("coords"),
      lastMove: v.lastMove ? tokens.fromTo(v.lastMove) : null, check: v.check,
      dests: tokens.dests(v.legal), arrows, marks: marks(v),
    });
    const shown = new Set(panel.parts);
    for (const p of known) {
      for (const sel of p.parts) $(sel).hidden = !shown.has(sel);
      if (p.sideClass) $(".side").classList.toggle(p.sideClass, p.sideClass === panel.sideClass);
    }
    if (panel.render) panel.render(v);
    renderAnalysis(t, game, review.reviewing() ? review.at() : null);
    review.renderControls(game);
    renderStatus();
    clocks.seen(game);
    clocks.render(past ? null : game, orientation.flipped ? "b" : "w");
    renderMoves();
    renderEval();
    renderButtons();
    if (rendered) rendered(game);
  }

  // marks is the panel's marks, and with no piece selected the squares
  // a token acts on (a removal, a placement).
  function marks(v) {
    const m = new Marks();
    if (panel.marks) panel.marks(v, m);
    premove.marks(v, m);
    if (!board.selected) {
      for (const [s, toks] of Object.entries(tokens.squareActions(v.legal))) {
        m.dot(s, tokens.onSquare(toks[0]).kind === "remove" ? "remove" : "place", { target: s });
      }
    }
    return m;
  }

  // describe names a square for a screen reader: "e2, white pawn",
  // "e3, empty", with "selected" or "legal move" after it.
  function describe(name, pc) {
    const prefix = game && game.variant === "chaturanga4" ? "pc4-" : "pc-";
    let s = name + ", " + (pc ? t(prefix + pc) : t("emptySquare"));
    if (board.selected === name) s += ", " + t("selectedSquare");
    else if (board.selected && game && (tokens.dests(game.legal)[board.selected] || []).includes(name)) s += ", " + t("targetSquare");
    return s;
  }

  // refuse says why a click on the board did nothing: the board
  // flashes the square, the note says why.
  function refuse(kind, name, selected) {
    if (!game) return;
    refused = kind;
    // The panel's reason hangs on its state now (a card picked, then
    // dropped): said at once. The screen's own is a function, which
    // follows the language.
    const said = panel.refusal ? panel.refusal(game, kind, name, selected) : "";
    const g = game;
    note = said || (() => refusal(g, kind, name, selected));
  }
  function refusal(game, kind, name, selected) {
    if (kind === "target") return t("refuseTarget", { from: selected, to: name });
    const pc = game.pieces[name] || "";
    const mine = game.mode === "engine" && game.human ? pc[0] === game.human : pc[0] === game.turn;
    if (game.status !== "playing" || game.thinking || game.legal.length === 0) return t("refuseWait");
    return mine ? t("refuseNoMoves") : t("refuseNotYours");
  }

  function renderStatus() {
    const el = $("[data-status]");
    el.dataset.status = game.status;
    el.dataset.thinking = String(game.thinking);
    el.dataset.turn = game.turn;
    el.textContent = panel.status(game);
    const n = $("[data-note]");
    let text = typeof note === "function" ? note() : note;
    if (!text && game.drawOffer === "declined") text = t("drawDeclined");
    if (!text && game.drawOffer === "accepted" && game.mode === "engine") text = t("drawAccepted");
    if (!text && game.engineError) text = t("engineTrouble");
    n.textContent = text;
    n.hidden = !text;
    if (refused && text) n.dataset.refused = refused;
    else delete n.dataset.refused;
    n.classList.toggle("refused", !!(refused && text));
  }

  function renderMoves() {
    const ol = $("#moves");
    ol.textContent = "";
    panel.moves(game, ol);
    ol.scrollTop = ol.scrollHeight;
    review.decorate(ol, game);
  }

  // The bar keeps its place from the game's start (empty until the
  // first score) in the games whose views carry a score.
  function renderEval() {
    const bar = $("#evalbar");
    bar.hidden = game.mode !== "engine" || !(panel.evaluated || game.eval);
    if (!bar.hidden) renderEvalBar(bar, game.eval || null, orientation.flipped);
  }

  function renderButtons() {
    const button = (a) => $("[data-action=" + a + "]");
    const over = game.status !== "playing";
    button("undo").disabled = !game.canUndo;
    for (const a of ["undo", "offer-draw", "resign"]) button(a).hidden = false;
    button("flip").textContent = t("flip");
    button("resign").disabled = over;
    button("offer-draw").disabled = over || (game.mode === "engine" && game.thinking);
    button("hint").disabled = game.legal.length === 0;
    button("coords").setAttribute("aria-pressed", String(settings.get("coords")));
    button("analyze").hidden = !over || !panel.analysable || game.moves.length === 0 || !!game.analysis || !!game.analyzing;
    rematch.button(game, button("rematch"));
    if (panel.buttons) panel.buttons(game, button);
  }

  // ---- moving ----
  const targetsFrom = (from) => tokens.targetsFrom(game.legal, from);

  async function tryMove(from, to) {
    const moves = targetsFrom(from)[to];
    board.selected = null;
    if (!moves) { render(); return; }
    let move = moves[0];
    if (moves.some((m) => tokens.fromTo(m).promo)) {
      move = await panel.promote(game, moves, from);
      if (!move) { render(); return; }
    }
    await play(move);
  }
  async function play(tok) {
    refused = "";
    if (panel.play) return panel.play(tok);
    note = "";
    hint = null;
    await act(api.move(game.id, tok, game.version));
  }
  // clickSquare takes a click on a square before the board does: the
  // panel's, then a square to act on.
  // A past position under review is not played on: its squares do
  // nothing.
  function clickSquare(name, selected) {
    if (!game || review.reviewing()) return true;
    if (premove.click(name)) { render(); return true; }
    if (panel.click && panel.click(name, selected)) return true;
    if (!selected && tokens.squareActions(game.legal)[name]) {
      actOn(name);
      return true;
    }
    return false;
  }
  async function actOn(name) {
    const toks = tokens.squareActions(game.legal)[name];
    let tok = toks[0];
    if (toks.length > 1) {
      tok = await choosePiece(toks.map((k) => {
        const pc = game.turn + tokens.onSquare(k).piece;
        return { piece: pc, name: t("pc-" + pc), data: { place: k } };
      }), { key: "place" });
      if (!tok) { render(); return; }
    }
    await play(tok);
  }

  // ---- buttons ----
  const actions = {
    review: (b) => review.nav(b),
    undo: () => { note = ""; board.selected = null; return act(api.undo(game.id)); },
    hint: async () => {
      const version = game.version, id = game.id;
      try {
        const h = await api.hint(id);
        if (!game || game.id !== id || game.version !== version) return;
        hint = { id, version, move: h.move };
        const variant = game.variant;
        // A card game's hint comes in words of both languages (its note).
        note = () => t("hintIs") + " " + (h.note ? noteText(i18n, h.note) : formatSAN(h.san, i18n.lang(), variant));
      } catch (err) {
        note = refusalNote(i18n, err);
      }
      render();
    },
    flip: () => { orientation = panel.flip(orientation); render(); },
    analyze: () => { note = ""; return act(api.analyze(game.id)); },
    rematch: () => rematch.request(game),
    coords: () => settings.set("coords", !settings.get("coords")),
    resign: async () => {
      const q = game.mode === "engine" || game.mode === "online" ? t("confirmResign")
        : (game.turn === "w" ? t("white") : t("black")) + ", " + t("confirmLocalResign");
      if (await confirmDialog(q)) { note = ""; await act(api.resign(game.id)); }
    },
    "offer-draw": async () => {
      if (game.mode === "local" && !(await confirmDialog(t("confirmLocalDraw")))) return;
      note = "";
      await act(api.offerDraw(game.id));
    },
    pgn: () => {
      const a = document.createElement("a");
      a.href = api.pgnDownload(game.id);
      a.download = "azar-" + game.id.slice(0, 8) + ".pgn";
      document.body.append(a);
      a.click();
      a.remove();
    },
    "copy-pgn": async () => {
      try {
        await copyText(await api.pgn(game.id));
        note = () => t("pgnCopied");
      } catch (_) {
        note = () => t("pgnNotCopied");
      }
      render();
    },
  };
  // action runs a data-action button of the screen or of the shown
  // game's panel; false when it is neither's.
  function action(name, b) {
    if (!game) return false;
    const f = (panel.actions && panel.actions[name]) || actions[name];
    if (!f) return false;
    // The game's requests are made on the live position: it comes back.
    // A queued premove is dropped too: an undo would otherwise play it
    // on the position taken back to.
    if (name !== "review" && !["flip", "coords", "pgn", "copy-pgn"].includes(name)) { review.live(); premove.cancel(); }
    f(b);
    return true;
  }

  i18n.onChange(() => render());
  settings.onChange((k) => { if (k === "coords") render(); });
  // Escape drops what is picked (the board's own selection is dropped
  // by the board when it has the focus).
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || !game || $("#game").hidden) return;
    if (board.selected) { board.selected = null; render(); }
    if (premove.cancel()) render();
    if (panel.escape) panel.escape();
  });

  return {
    open,
    show,
    close,
    present,
    accept,
    action,
    render,
    view: () => game,
    panel: () => panel,
    setNote: ui.setNote,
  };
}
