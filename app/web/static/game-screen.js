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
//   (changes to the game buttons), analysable, play(tok) (where a move
//   goes, when not to the game) and actions (its data-action buttons).
// ui, what a panel is given: t, i18n, view(), play(tok), render(),
// setNote(text or function), board, choosePiece.

import { Board, Marks, choosePiece } from "./board.js";
import * as tokens from "./tokens.js";
import { api } from "./api.js";
import { confirmDialog, copyText } from "./dialogs.js";
import { renderAnalysis } from "./analysis.js";
import { entry } from "./panels/index.js";

// createGameScreen: gone(err) is called when a game cannot be opened.
export function createGameScreen(i18n, { gone }) {
  const t = i18n.t;
  const $ = (sel) => document.querySelector(sel);
  let game = null;        // the latest view
  let panel = null;       // its panel
  let events = null;      // the event stream of the shown game
  let note = "";          // a one-off message under the status line (a function: its text follows the language)
  let hint = null;        // {id, version, move}: the arrow shown until the game changes
  let orientation = { flipped: false, turned: false };
  let orientedFor = null; // the game id the orientation was chosen for
  let coords = localStorage.getItem("azar.coords") !== "off";

  const board = new Board($("#board"), {
    move: (from, to) => tryMove(from, to),
    click: (name, selected) => clickSquare(name, selected),
    select: () => render(),
  });
  const ui = { t, i18n, view: () => game, play, render, setNote: (n) => { note = n; }, board, choosePiece };
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
    if (!v || (!force && game && game.id === v.id && v.version < game.version)) return;
    // The same view again (a reopened event stream's first one) changes
    // nothing: the board is not rebuilt under the player's pointer.
    if (game && game.id === v.id && v.version === game.version && JSON.stringify(v) === JSON.stringify(game)) return;
    const p = panelFor(v.variant);
    if (!game || game.id !== v.id) board.selected = null;
    else if (v.mode === "engine" && p.announce) p.announce(game, v);
    if ((!game || game.id !== v.id || game.version !== v.version) && p.reset) p.reset();
    present(v, p, false);
  }

  // present shows a view with a panel; fresh starts afresh (no
  // selection, hint or note, the orientation chosen again).
  function present(v, p, fresh) {
    if (fresh) {
      note = "";
      hint = null;
      board.selected = null;
      orientedFor = null;
    }
    game = v;
    panel = p;
    known.add(p);
    if (orientedFor !== v.id) {
      orientation = p.orient(v);
      orientedFor = v.id;
    }
    render();
  }

  async function act(request) {
    try {
      accept(await request);
      return true;
    } catch (err) {
      note = err.message;
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
    if (forget) { game = null; panel = null; }
  }

  // ---- drawing ----
  function render() {
    if (!game) return;
    $("#game").dataset.variant = game.variant;
    const arrows = [];
    const hinted = hint && hint.id === game.id && hint.version === game.version ? tokens.fromTo(hint.move) : null;
    if (hinted) arrows.push({ from: hinted.from, to: hinted.to, data: { hint: hint.move } });
    board.draw({
      files: game.files, ranks: game.ranks, pieces: game.pieces, orientation, coords,
      lastMove: game.lastMove ? tokens.fromTo(game.lastMove) : null, check: game.check,
      dests: tokens.dests(game.legal), arrows, marks: marks(),
    });
    const shown = new Set(panel.parts);
    for (const p of known) {
      for (const sel of p.parts) $(sel).hidden = !shown.has(sel);
      if (p.sideClass) $(".side").classList.toggle(p.sideClass, p.sideClass === panel.sideClass);
    }
    if (panel.render) panel.render(game);
    renderAnalysis(t, game);
    renderStatus();
    renderMoves();
    renderEval();
    renderButtons();
  }

  // marks is the panel's marks, and with no piece selected the squares
  // a token acts on (a removal, a placement).
  function marks() {
    const m = new Marks();
    if (panel.marks) panel.marks(game, m);
    if (!board.selected) {
      for (const [s, toks] of Object.entries(tokens.squareActions(game.legal))) {
        m.dot(s, tokens.onSquare(toks[0]).kind === "remove" ? "remove" : "place", { target: s });
      }
    }
    return m;
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
  }

  function renderMoves() {
    const ol = $("#moves");
    ol.textContent = "";
    panel.moves(game, ol);
    ol.scrollTop = ol.scrollHeight;
  }

  function renderEval() {
    const bar = $("#evalbar");
    bar.hidden = game.mode !== "engine" || !game.eval;
    if (bar.hidden) return;
    const e = game.eval;
    let share, text;
    if (e.mate) {
      share = e.mate > 0 ? 1 : 0;
      text = "M" + Math.abs(e.mate);
    } else {
      share = 1 / (1 + Math.pow(10, -e.cp / 400));
      text = (Math.abs(e.cp) / 100).toFixed(1);
    }
    bar.classList.toggle("flipped", orientation.flipped);
    bar.classList.toggle("black-ahead", share < 0.5);
    bar.querySelector(".white-part").style.height = (share * 100).toFixed(1) + "%";
    bar.querySelector(".eval-text").textContent = text;
    bar.dataset.eval = e.mate ? "mate " + e.mate : String(e.cp);
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
    button("coords").setAttribute("aria-pressed", String(coords));
    button("analyze").hidden = !over || !panel.analysable || game.moves.length === 0 || !!game.analysis || !!game.analyzing;
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
    if (panel.play) return panel.play(tok);
    note = "";
    hint = null;
    await act(api.move(game.id, tok));
  }
  // clickSquare takes a click on a square before the board does: the
  // panel's, then a square to act on.
  function clickSquare(name, selected) {
    if (!game) return true;
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
      tok = await choosePiece(toks.map((k) => ({ piece: game.turn + tokens.onSquare(k).piece, data: { place: k } })), { key: "place" });
      if (!tok) { render(); return; }
    }
    await play(tok);
  }

  // ---- buttons ----
  const actions = {
    undo: () => { note = ""; board.selected = null; return act(api.undo(game.id)); },
    hint: async () => {
      const version = game.version, id = game.id;
      try {
        const h = await api.hint(id);
        if (!game || game.id !== id || game.version !== version) return;
        hint = { id, version, move: h.move };
        note = t("hintIs") + " " + h.san;
      } catch (err) {
        note = err.message;
      }
      render();
    },
    flip: () => { orientation = panel.flip(orientation); render(); },
    analyze: () => { note = ""; return act(api.analyze(game.id)); },
    coords: () => { coords = !coords; localStorage.setItem("azar.coords", coords ? "on" : "off"); render(); },
    resign: async () => {
      const q = game.mode === "engine" ? t("confirmResign")
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
        note = t("pgnCopied");
      } catch (_) {
        note = t("pgnNotCopied");
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
    f(b);
    return true;
  }

  i18n.onChange(() => render());

  return {
    open,
    show,
    close,
    present,
    action,
    render,
    view: () => game,
    panel: () => panel,
    setNote: ui.setNote,
  };
}
