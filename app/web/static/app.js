// The page of `azar serve`. The server is the referee: this script shows
// the views it sends (GET, POST answers and the event stream), offers the
// legal moves the view lists, and sends the player's choices. It keeps no
// rules of its own. Test hooks (data-square, data-piece, data-action, ...)
// are listed in docs/app.md and kept stable.
"use strict";

(function () {
  const STRINGS = {
    en: {
      newGame: "New game", language: "Language", variant: "Game", chess: "Chess", opponent: "Opponent",
      vsEngine: "Against Azar", vsLocal: "Two players, this device", yourColour: "Your colour", white: "White",
      black: "Black", random: "Random", level: "Level", fromPosition: "Start from a position (FEN)", play: "Play",
      savedGames: "Saved games", noGames: "No games yet.", undo: "Undo", offerDraw: "Offer a draw", resign: "Resign",
      flip: "Flip board", coords: "Coordinates", downloadPGN: "Download PGN", copyPGN: "Copy PGN",
      promoteTo: "Promote to", cancel: "Cancel", yes: "Yes", no: "No",
      whiteToMove: "White to move", blackToMove: "Black to move", yourMove: "Your move", thinking: "Azar is thinking…",
      check: "Check!", whiteWins: "White wins", blackWins: "Black wins", youWin: "You win", youLose: "Azar wins",
      checkmate: "Checkmate", stalemate: "Stalemate — draw", insufficient: "Draw — insufficient material",
      repetition: "Draw — threefold repetition", fifty: "Draw — fifty-move rule", agreement: "Draw agreed",
      whiteResigns: "White resigns", blackResigns: "Black resigns", youResign: "You resigned",
      drawDeclined: "Azar declines the draw.", drawAccepted: "Azar accepts the draw.",
      confirmResign: "Resign this game?", confirmLocalResign: "resigns?", confirmLocalDraw: "Do both players agree to a draw?",
      pgnCopied: "PGN copied.", pgnNotCopied: "Could not copy the PGN.", engineTrouble: "The engine is having trouble; retrying…",
      open: "Open", inProgress: "in progress", gameGone: "That game is not on this server.",
      nMoves: "moves", hint: "Hint", hintIs: "Hint:",
    },
    es: {
      newGame: "Nueva partida", language: "Idioma", variant: "Juego", chess: "Ajedrez", opponent: "Rival",
      vsEngine: "Contra Azar", vsLocal: "Dos jugadores, este dispositivo", yourColour: "Tu color", white: "Blancas",
      black: "Negras", random: "Al azar", level: "Nivel", fromPosition: "Empezar desde una posición (FEN)", play: "Jugar",
      savedGames: "Partidas guardadas", noGames: "Aún no hay partidas.", undo: "Deshacer", offerDraw: "Ofrecer tablas",
      resign: "Abandonar", flip: "Girar tablero", coords: "Coordenadas", downloadPGN: "Descargar PGN", copyPGN: "Copiar PGN",
      promoteTo: "Coronar como", cancel: "Cancelar", yes: "Sí", no: "No",
      whiteToMove: "Juegan blancas", blackToMove: "Juegan negras", yourMove: "Te toca", thinking: "Azar está pensando…",
      check: "¡Jaque!", whiteWins: "ganan las blancas", blackWins: "ganan las negras", youWin: "has ganado", youLose: "gana Azar",
      checkmate: "Jaque mate", stalemate: "Ahogado — tablas", insufficient: "Tablas — material insuficiente",
      repetition: "Tablas — triple repetición", fifty: "Tablas — regla de los cincuenta movimientos", agreement: "Tablas acordadas",
      whiteResigns: "Las blancas abandonan", blackResigns: "Las negras abandonan", youResign: "Has abandonado",
      drawDeclined: "Azar rechaza las tablas.", drawAccepted: "Azar acepta las tablas.",
      confirmResign: "¿Abandonar esta partida?", confirmLocalResign: "¿abandonan?", confirmLocalDraw: "¿Aceptan tablas los dos jugadores?",
      pgnCopied: "PGN copiado.", pgnNotCopied: "No se pudo copiar el PGN.", engineTrouble: "El motor tiene problemas; reintentando…",
      open: "Abrir", inProgress: "en curso", gameGone: "Esa partida no está en este servidor.",
      nMoves: "jugadas", hint: "Pista", hintIs: "Pista:",
    },
  };

  const $ = (sel, root) => (root || document).querySelector(sel);
  const $$ = (sel, root) => Array.from((root || document).querySelectorAll(sel));
  const FILES = "abcdefghijklmnopqrstuvwxyz";

  let lang = localStorage.getItem("azar.lang") || document.documentElement.lang || "en";
  if (!STRINGS[lang]) lang = "en";
  const t = (k) => STRINGS[lang][k] || STRINGS.en[k] || k;

  let game = null;        // the latest view
  let selected = null;    // the selected square
  let flipped = false;
  let flippedFor = null;  // the game id the orientation was chosen for
  let coords = localStorage.getItem("azar.coords") !== "off";
  let events = null;      // the EventSource of the shown game
  let note = "";          // a one-off message under the status line
  let drag = null;        // the piece being dragged
  let suppressClick = false;
  let hint = null;        // {move, san, version}: the arrow shown until the game changes

  // ---- language ----
  function applyLanguage() {
    document.documentElement.lang = lang;
    $$("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
    $("#lang").value = lang;
    if (game) render();
    if (!$("#setup").hidden) loadSaved();
  }
  $("#lang").addEventListener("change", (e) => {
    lang = STRINGS[e.target.value] ? e.target.value : "en";
    localStorage.setItem("azar.lang", lang);
    applyLanguage();
  });

  // ---- API ----
  async function api(method, path, body) {
    const opts = { method, headers: {} };
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    const res = await fetch(path, opts);
    const isJSON = (res.headers.get("Content-Type") || "").startsWith("application/json");
    const data = isJSON ? await res.json() : await res.text();
    if (!res.ok) {
      const err = new Error((data && data.error) || res.statusText);
      err.status = res.status;
      throw err;
    }
    return data;
  }

  // accept shows a view unless it is older than the one shown; force
  // takes it anyway (the first view of a new event stream: the server may
  // have restarted).
  function accept(v, force) {
    if (!v || (!force && game && game.id === v.id && v.version < game.version)) return;
    if (!game || game.id !== v.id) selected = null;
    game = v;
    if (flippedFor !== v.id) {
      flipped = v.mode === "engine" && v.human === "b";
      flippedFor = v.id;
    }
    if (selected && !v.legal.some((m) => m.startsWith(selected))) selected = null;
    render();
  }

  async function act(method, path, body) {
    try {
      accept(await api(method, path, body));
      return true;
    } catch (err) {
      note = err.message;
      render();
      return false;
    }
  }

  // ---- screens ----
  function showSetup() {
    if (events) { events.close(); events = null; }
    game = null;
    $("#game").hidden = true;
    $("#setup").hidden = false;
    history.replaceState(null, "", location.pathname);
    loadSaved();
  }

  async function openGame(id) {
    try {
      const v = await api("GET", "/api/games/" + id);
      localStorage.setItem("azar.game", id);
      if (location.hash !== "#" + id) history.replaceState(null, "", "#" + id);
      $("#setup").hidden = true;
      $("#game").hidden = false;
      note = "";
      accept(v, true);
      listen(id);
    } catch (err) {
      localStorage.removeItem("azar.game");
      showSetup();
      showFormError(err.status === 404 ? t("gameGone") : err.message);
    }
  }

  function listen(id) {
    if (events) events.close();
    events = new EventSource("/api/games/" + id + "/events");
    let fresh = true;
    events.addEventListener("open", () => { fresh = true; });
    events.addEventListener("state", (e) => {
      let v;
      try { v = JSON.parse(e.data); } catch (_) { return; /* a broken event is skipped */ }
      accept(v, fresh);
      fresh = false;
    });
    // EventSource reconnects by itself (a restarted server included).
  }

  // ---- new-game form ----
  function pick(attr, value) {
    $$("[data-" + attr + "]").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset[attr] === value)));
  }
  const chosen = (attr) => { const b = $("[data-" + attr + "][aria-pressed=true]"); return b ? b.dataset[attr] : ""; };
  ["variant", "mode", "color", "level"].forEach((attr) => {
    $$("#new-game [data-" + attr + "]").forEach((b) => b.addEventListener("click", () => {
      pick(attr, b.dataset[attr]);
      if (attr === "mode") $$(".engine-only").forEach((f) => { f.hidden = b.dataset.mode !== "engine"; });
    }));
  });
  function showFormError(msg) {
    const p = $("[data-error]");
    p.textContent = msg || "";
    p.hidden = !msg;
  }
  $("#new-game").addEventListener("submit", async (e) => {
    e.preventDefault();
    showFormError("");
    const body = { variant: chosen("variant"), mode: chosen("mode") };
    if (body.mode === "engine") {
      body.color = chosen("color");
      body.level = parseInt(chosen("level"), 10);
    }
    const fen = $("#fen").value.trim();
    if (fen) body.fen = fen;
    try {
      const v = await api("POST", "/api/games", body);
      await openGame(v.id);
    } catch (err) {
      showFormError(err.message);
    }
  });

  async function loadSaved() {
    let list = [];
    try { list = await api("GET", "/api/games?limit=30"); } catch (_) { return; }
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
      when.textContent = new Date(g.updated).toLocaleString(lang) + " · " + (g.mode === "engine" ? t("vsEngine") : t("vsLocal")) + " · " + g.moves + " " + t("nMoves");
      const open = document.createElement("a");
      open.href = "#" + g.id;
      open.textContent = t("open");
      open.dataset.game = g.id;
      const pgn = document.createElement("a");
      pgn.href = "/api/games/" + g.id + "/pgn?download=1";
      pgn.textContent = "PGN";
      pgn.setAttribute("download", "");
      li.append(result, when, open, pgn);
      ul.append(li);
    }
  }
  $("#saved").addEventListener("click", (e) => {
    const a = e.target.closest("a[data-game]");
    if (!a) return;
    e.preventDefault();
    openGame(a.dataset.game);
  });

  // ---- board ----
  function squareName(file, rank) { return FILES[file] + (rank + 1); }

  function render() {
    if (!game) return;
    const board = $("#board");
    board.style.setProperty("--files", game.files);
    board.style.setProperty("--ranks", game.ranks);
    board.classList.toggle("no-coords", !coords);
    board.textContent = "";
    const lastFrom = game.lastMove ? game.lastMove.slice(0, 2) : "";
    const lastTo = game.lastMove ? game.lastMove.slice(2, 4) : "";
    const targets = selected ? targetsFrom(selected) : {};
    for (let row = 0; row < game.ranks; row++) {
      for (let col = 0; col < game.files; col++) {
        const file = flipped ? game.files - 1 - col : col;
        const rank = flipped ? row : game.ranks - 1 - row;
        const name = squareName(file, rank);
        const sq = document.createElement("div");
        sq.className = "sq " + ((file + rank) % 2 === 0 ? "dark" : "light");
        sq.dataset.square = name;
        if (name === lastFrom || name === lastTo) sq.classList.add("last");
        if (name === selected) sq.classList.add("selected");
        if (name === game.check) sq.classList.add("check");
        if (row === game.ranks - 1) sq.append(coord("file", FILES[file]));
        if (col === 0) sq.append(coord("rank", String(rank + 1)));
        const pc = game.pieces[name];
        if (pc) {
          const p = document.createElement("div");
          p.className = "piece";
          p.dataset.piece = pc;
          sq.append(p);
        }
        if (targets[name]) {
          const d = document.createElement("div");
          d.className = "dot" + (pc ? " capture" : "");
          d.dataset.target = name;
          sq.append(d);
        }
        board.append(sq);
      }
    }
    if (hint && hint.id === game.id && hint.version === game.version) board.append(arrow(hint.move));
    renderStatus();
    renderMoves();
    renderEval();
    renderButtons();
  }

  // arrow draws the hint from the centre of one square to another, in
  // square units so that it fits any board.
  function arrow(move) {
    const NS = "http://www.w3.org/2000/svg";
    const at = (name) => {
      const file = FILES.indexOf(name[0]);
      const rank = parseInt(name.slice(1), 10) - 1;
      const col = flipped ? game.files - 1 - file : file;
      const row = flipped ? rank : game.ranks - 1 - rank;
      return [col + 0.5, row + 0.5];
    };
    const [x1, y1] = at(move.slice(0, 2));
    const [x2, y2] = at(move.slice(2, 4));
    const len = Math.hypot(x2 - x1, y2 - y1);
    const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
    const head = 0.38, shaft = 0.1, wing = 0.24;
    const bx = x2 - ux * head, by = y2 - uy * head; // where the head starts
    const px = -uy, py = ux;
    const pts = [
      [x1 + px * shaft, y1 + py * shaft], [bx + px * shaft, by + py * shaft], [bx + px * wing, by + py * wing],
      [x2, y2], [bx - px * wing, by - py * wing], [bx - px * shaft, by - py * shaft], [x1 - px * shaft, y1 - py * shaft],
    ];
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("class", "arrow");
    svg.setAttribute("viewBox", "0 0 " + game.files + " " + game.ranks);
    svg.setAttribute("preserveAspectRatio", "none");
    svg.dataset.hint = move;
    const poly = document.createElementNS(NS, "polygon");
    poly.setAttribute("points", pts.map((p) => p[0].toFixed(3) + "," + p[1].toFixed(3)).join(" "));
    svg.append(poly);
    return svg;
  }

  function coord(kind, text) {
    const s = document.createElement("span");
    s.className = "coord " + kind;
    s.textContent = text;
    return s;
  }

  // targetsFrom maps each square the piece on from may go to -> its moves.
  function targetsFrom(from) {
    const out = {};
    for (const m of game.legal) {
      if (m.slice(0, 2) !== from) continue;
      const to = m.slice(2, 4);
      (out[to] = out[to] || []).push(m);
    }
    return out;
  }

  function renderStatus() {
    const el = $("[data-status]");
    el.dataset.status = game.status;
    el.dataset.thinking = String(game.thinking);
    el.dataset.turn = game.turn;
    el.textContent = statusText();
    const n = $("[data-note]");
    let text = note;
    if (!text && game.drawOffer === "declined") text = t("drawDeclined");
    if (!text && game.drawOffer === "accepted" && game.mode === "engine") text = t("drawAccepted");
    if (!text && game.engineError) text = t("engineTrouble");
    n.textContent = text;
    n.hidden = !text;
  }

  function statusText() {
    const g = game;
    const winner = g.result === "1-0" ? "w" : g.result === "0-1" ? "b" : "";
    const wins = (side) => {
      if (g.mode === "engine") return side === g.human ? t("youWin") : t("youLose");
      return side === "w" ? t("whiteWins") : t("blackWins");
    };
    switch (g.status) {
      case "playing": {
        let s;
        if (g.thinking) s = t("thinking");
        else if (g.mode === "engine") s = t("yourMove");
        else s = g.turn === "w" ? t("whiteToMove") : t("blackToMove");
        return g.check ? t("check") + " " + s : s;
      }
      case "checkmate": return t("checkmate") + " — " + wins(winner);
      case "resign": {
        const loser = winner === "w" ? "b" : "w";
        const who = g.mode === "engine" ? t("youResign") : loser === "w" ? t("whiteResigns") : t("blackResigns");
        return who + " — " + wins(winner);
      }
      default: return t(g.status);
    }
  }

  function renderMoves() {
    const ol = $("#moves");
    ol.textContent = "";
    const blackFirst = game.moves.length > 0 && game.fen && firstSideIsBlack();
    let li = null;
    game.moves.forEach((m, i) => {
      const whiteSlot = blackFirst ? i % 2 === 1 : i % 2 === 0;
      if (whiteSlot || !li) {
        li = document.createElement("li");
        ol.append(li);
        if (!whiteSlot) li.append(san("…", false));
      }
      li.append(san(m.san, i === game.moves.length - 1));
    });
    ol.scrollTop = ol.scrollHeight;
  }
  function firstSideIsBlack() {
    // The side that made the first move: the side to move now if the count is even.
    const even = game.moves.length % 2 === 0;
    return (game.turn === "b") === even;
  }
  function san(text, current) {
    const s = document.createElement("span");
    s.className = "san" + (current ? " current" : "");
    s.textContent = text;
    return s;
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
    bar.classList.toggle("flipped", flipped);
    bar.classList.toggle("black-ahead", share < 0.5);
    $(".white-part", bar).style.height = (share * 100).toFixed(1) + "%";
    $(".eval-text", bar).textContent = text;
    bar.dataset.eval = e.mate ? "mate " + e.mate : String(e.cp);
  }

  function renderButtons() {
    const over = game.status !== "playing";
    $("[data-action=undo]").disabled = !game.canUndo;
    $("[data-action=resign]").disabled = over;
    $("[data-action=offer-draw]").disabled = over || (game.mode === "engine" && game.thinking);
    $("[data-action=hint]").disabled = game.legal.length === 0;
    $("[data-action=coords]").setAttribute("aria-pressed", String(coords));
  }

  // ---- moving ----
  function ownsMoves(sqName) { return game && game.legal.some((m) => m.slice(0, 2) === sqName); }

  async function tryMove(from, to) {
    const moves = targetsFrom(from)[to];
    selected = null;
    if (!moves) { render(); return; }
    let move = moves[0];
    if (moves.length > 1 || move.length === 5) {
      const promo = await choosePromotion(game.pieces[from][0]);
      if (!promo) { render(); return; }
      move = from + to + promo;
    }
    note = "";
    await act("POST", "/api/games/" + game.id + "/move", { move });
  }

  $("#board").addEventListener("click", (e) => {
    if (suppressClick) { suppressClick = false; return; }
    const sq = e.target.closest("[data-square]");
    if (!sq || !game) return;
    const name = sq.dataset.square;
    if (selected && selected !== name && targetsFrom(selected)[name]) {
      tryMove(selected, name);
      return;
    }
    selected = selected !== name && ownsMoves(name) ? name : null;
    render();
  });

  // Dragging: a press on a movable piece that travels a few pixels drags
  // it; a press that does not is a click.
  $("#board").addEventListener("pointerdown", (e) => {
    const p = e.target.closest(".piece");
    if (!p || e.button !== 0) return;
    const from = p.parentElement.dataset.square;
    if (!ownsMoves(from)) return;
    drag = { from, x: e.clientX, y: e.clientY, active: false, ghost: null, piece: p };
  });
  document.addEventListener("pointermove", (e) => {
    if (!drag) return;
    if (!drag.active) {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 5) return;
      drag.active = true;
      selected = drag.from;
      render();
      const sq = $('[data-square="' + drag.from + '"]');
      drag.piece = $(".piece", sq);
      drag.piece.classList.add("dragging");
      const size = sq.getBoundingClientRect().width;
      const g = document.createElement("div");
      g.className = "ghost";
      g.dataset.ghost = drag.piece.dataset.piece;
      g.style.backgroundImage = getComputedStyle(drag.piece).backgroundImage;
      g.style.width = g.style.height = size + "px";
      document.body.append(g);
      drag.ghost = g;
      drag.size = size;
    }
    drag.ghost.style.left = e.clientX - drag.size / 2 + "px";
    drag.ghost.style.top = e.clientY - drag.size / 2 + "px";
    $$(".sq.hover").forEach((s) => s.classList.remove("hover"));
    const over = squareAt(e.clientX, e.clientY);
    if (over) over.classList.add("hover");
  });
  document.addEventListener("pointerup", (e) => {
    if (!drag) return;
    const d = drag;
    drag = null;
    if (!d.active) return;
    suppressClick = true;
    setTimeout(() => { suppressClick = false; }, 0);
    d.ghost.remove();
    const over = squareAt(e.clientX, e.clientY);
    if (over && over.dataset.square !== d.from && targetsFrom(d.from)[over.dataset.square]) {
      tryMove(d.from, over.dataset.square);
    } else {
      selected = null;
      render();
    }
  });
  function squareAt(x, y) {
    const el = document.elementFromPoint(x, y);
    return el ? el.closest("#board [data-square]") : null;
  }

  // ---- dialogs ----
  function choosePromotion(colour) {
    const modal = $("#promotion");
    $$("[data-promotion]", modal).forEach((b) => {
      $(".piece", b).dataset.piece = colour + b.dataset.promotion.toUpperCase();
    });
    modal.hidden = false;
    return new Promise((resolve) => {
      const done = (v) => { modal.hidden = true; modal.onclick = null; resolve(v); };
      modal.onclick = (e) => {
        const b = e.target.closest("[data-promotion]");
        if (b) done(b.dataset.promotion);
        else if (e.target.closest("[data-action=cancel]") || e.target === modal) done(null);
      };
    });
  }

  function confirmDialog(question) {
    const modal = $("#confirm");
    $(".question", modal).textContent = question;
    modal.hidden = false;
    return new Promise((resolve) => {
      modal.onclick = (e) => {
        const yes = e.target.closest("[data-action=confirm-yes]");
        const no = e.target.closest("[data-action=confirm-no]") || e.target === modal;
        if (yes || no) { modal.hidden = true; modal.onclick = null; resolve(!!yes); }
      };
    });
  }

  // ---- buttons ----
  async function pgnText() { return api("GET", "/api/games/" + game.id + "/pgn"); }

  const actions = {
    "new-game": () => showSetup(),
    undo: () => { note = ""; selected = null; return act("POST", "/api/games/" + game.id + "/undo"); },
    hint: async () => {
      const version = game.version, id = game.id;
      try {
        const h = await api("POST", "/api/games/" + id + "/hint");
        if (!game || game.id !== id || game.version !== version) return;
        hint = { id, version, move: h.move };
        note = t("hintIs") + " " + h.san;
      } catch (err) {
        note = err.message;
      }
      render();
    },
    flip: () => { flipped = !flipped; render(); },
    coords: () => { coords = !coords; localStorage.setItem("azar.coords", coords ? "on" : "off"); render(); },
    resign: async () => {
      const q = game.mode === "engine" ? t("confirmResign")
        : (game.turn === "w" ? t("white") : t("black")) + ", " + t("confirmLocalResign");
      if (await confirmDialog(q)) { note = ""; await act("POST", "/api/games/" + game.id + "/resign"); }
    },
    "offer-draw": async () => {
      if (game.mode === "local" && !(await confirmDialog(t("confirmLocalDraw")))) return;
      note = "";
      await act("POST", "/api/games/" + game.id + "/offer-draw");
    },
    pgn: () => {
      const a = document.createElement("a");
      a.href = "/api/games/" + game.id + "/pgn?download=1";
      a.download = "azar-" + game.id.slice(0, 8) + ".pgn";
      document.body.append(a);
      a.click();
      a.remove();
    },
    "copy-pgn": async () => {
      try {
        const text = await pgnText();
        await copyText(text);
        note = t("pgnCopied");
      } catch (_) {
        note = t("pgnNotCopied");
      }
      render();
    },
  };
  async function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      try { await navigator.clipboard.writeText(text); return; } catch (_) { /* fall back below */ }
    }
    const ta = document.createElement("textarea");
    ta.value = text;
    ta.setAttribute("readonly", "");
    ta.className = "copy-buffer";
    document.body.append(ta);
    ta.select();
    const ok = document.execCommand("copy");
    ta.remove();
    if (!ok) throw new Error("copy refused");
  }
  document.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-action]");
    if (!b || b.disabled || !actions[b.dataset.action]) return;
    if (!game && b.dataset.action !== "new-game") return;
    actions[b.dataset.action]();
  });

  // ---- start ----
  window.addEventListener("hashchange", () => {
    const id = location.hash.slice(1);
    if (id && (!game || game.id !== id)) openGame(id);
  });
  applyLanguage();
  const start = location.hash.slice(1) || localStorage.getItem("azar.game");
  if (start) openGame(start); else showSetup();
})();
