// The page of `azar serve`. The server is the referee: this script shows
// the views it sends (GET, POST answers and the event stream), offers the
// legal moves the view lists, and sends the player's choices. It keeps no
// rules of its own. Test hooks (data-square, data-piece, data-action, ...)
// are listed in docs/app.md and kept stable.
import { Board, Marks, choosePromotion, choosePiece } from "./board.js";
import * as tokens from "./tokens.js";

{
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
      "king-captured": "King captured", checkmate: "Checkmate", stalemate: "Stalemate — draw", insufficient: "Draw — insufficient material",
      repetition: "Draw — threefold repetition", fifty: "Draw — fifty-move rule", agreement: "Draw agreed",
      whiteResigns: "White resigns", blackResigns: "Black resigns", youResign: "You resigned",
      drawDeclined: "Azar declines the draw.", drawAccepted: "Azar accepts the draw.",
      confirmResign: "Resign this game?", confirmLocalResign: "resigns?", confirmLocalDraw: "Do both players agree to a draw?",
      pgnCopied: "PGN copied.", pgnNotCopied: "Could not copy the PGN.", engineTrouble: "The engine is having trouble; retrying…",
      open: "Open", inProgress: "in progress", gameGone: "That game is not on this server.",
      nMoves: "moves", hint: "Hint", hintIs: "Hint:",
      lucky: "Lucky cards", spy: "Spy chess", luckyRules: "Rules of Lucky cards", spyRules: "Rules of Spy chess",
      magic: "Magic chess", magicRules: "Rules of Magic chess", ruleMode: "Mode", classic: "classic (no reactions)",
      advanced: "advanced (reactions in your opponent's turn)", ruleHandSize: "Cards in each hand", yourHand: "Your hand",
      effectsInPlay: "Effects in play", noEffects: "none", discardPile: "Discard pile", opponentHolds: "Azar holds",
      cardsWord: "cards", cardWord: "card", passMate: "Accept the mate", passWindow: "Pass", commitCard: "Commit",
      engineCommitted: "Azar committed", pendingCard: "Waiting for the reaction:", noTargets: "no targets",
      emptyHand: "Your hand is empty.", clickMarked: "Click a marked square on the board.", turnsLeft: "counter", chooseTargets: "Choose its targets:",
      ruleEdition: "Edition", second: "second", first: "first", ruleMandatory: "Mandatory card (draw every turn)",
      ruleKingCapture: "King capture (with the mandatory card)", ruleThreeTurns: "Temporal cards last three turns",
      ruleRulesCards: "Instruction cards in the deck", ruleTemporal: "Temporal cards", all: "all", none: "none",
      ruleClaims: "Repetition and 50 moves", automatic: "automatic", fide: "claimed (FIDE)", ruleSpyKingCapture: "King capture",
      deck: "cards left", drawCard: "Draw a card", cardsDrawn: "Cards drawn", yourCard: "Your card", reveal: "Reveal your spy",
      placePiece: "Put back which piece?", holds: "temporal card", nothingHeld: "none", pool: "captured, to recover",
      annul: "Annul the temporal cards", bomb: "Set off the bomb", pawns: "Move the pawns", pass: "Pass", claim: "Claim a draw",
      drawnBy: "drawn by", you: "you", azar: "Azar", inPlay: "in play", lastCard: "last card",
      engineDrew: "Azar drew", youDrew: "You drew", chooseWild: "Wildcard: choose the piece that is your spy", yourSpy: "Your spy",
      spyHidden: "hidden among Azar's pieces on", spyGone: "no longer on the board", neutralCard: "Neutral: you have no spy",
      queenOf: "original queen", powers: "powers", queenGone: "captured", engineRevealed: "Azar reveals its spy:", youRevealed: "You revealed:",
      revealed: "revealed", notRevealed: "Azar's card is secret", kingCaptured: "King captured", noUndoCards: "",
      whiteShort: "White", blackShort: "Black", stepEngine: "Azar is playing its turn.",
      dailyPuzzle: "Daily puzzle", puzzleHint: "Show a hint", puzzleMate: "to play and mate in", puzzleWin: "to play and win material",
      "double-attack": "double attack", skewer: "skewer", puzzleRight: "Right! Keep going:", puzzleLeft: "more to find.",
      puzzleWrong: "Not that one:", tryAgain: "Try again.", puzzleSolved: "Solved!", puzzleOf: "Puzzle of",
      analyze: "Analyse the game", analysisTitle: "Analysis", accuracy: "Accuracy", inaccuracies: "Inaccuracies",
      mistakes: "Mistakes", blunders: "Blunders", analysing: "Analysing…", inaccuracy: "inaccuracy", mistake: "mistake",
      blunder: "blunder", best: "best", graphAlt: "White's winning chances after each move", noJudged: "No inaccuracy, mistake or blunder.",
      chaturanga4: "Chaturanga for four", c4Seats: "Who plays each army", "seat-r": "Red", "seat-g": "Green", "seat-y": "Yellow",
      "seat-b": "Black", seatYou: "you", seatPerson: "another person on this device", azarLevel: "Azar, level",
      ruleExtended: "Also a draw: raja + boat against raja + knight", c4ToMove: "to move", c4YourMove: "your move",
      c4Thinking: "is thinking…", c4Out: "out", c4Wins: "wins", "last-raja": "last raja standing", c4Pool: "pool",
      c4Places: ["1st", "2nd", "3rd", "4th"], c4Convert: "Convert this waiting pawn", c4ConvertTo: "Convert the pawn to",
      c4PromoteTo: "Promote with a piece of the pool", c4Ranking: "Ranking", c4Draw: "Draw", c4Frozen: "frozen", c4Player: "player",
      c4Azar: "Azar", c4Level: "level", c4DrawBetween: "shared by", pieceE: "elephant", pieceB: "boat", pieceN: "knight",
      c4Round: "Round", c4Waiting: "waiting pawn", c4Local: "four seats, people on this device", c4Turn: "Turn the board", c4WithAzar: "four seats, with Azar",
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
      "king-captured": "Rey capturado", checkmate: "Jaque mate", stalemate: "Ahogado — tablas", insufficient: "Tablas — material insuficiente",
      repetition: "Tablas — triple repetición", fifty: "Tablas — regla de los cincuenta movimientos", agreement: "Tablas acordadas",
      whiteResigns: "Las blancas abandonan", blackResigns: "Las negras abandonan", youResign: "Has abandonado",
      drawDeclined: "Azar rechaza las tablas.", drawAccepted: "Azar acepta las tablas.",
      confirmResign: "¿Abandonar esta partida?", confirmLocalResign: "¿abandonan?", confirmLocalDraw: "¿Aceptan tablas los dos jugadores?",
      pgnCopied: "PGN copiado.", pgnNotCopied: "No se pudo copiar el PGN.", engineTrouble: "El motor tiene problemas; reintentando…",
      open: "Abrir", inProgress: "en curso", gameGone: "Esa partida no está en este servidor.",
      nMoves: "jugadas", hint: "Pista", hintIs: "Pista:",
      lucky: "Cartas de la Suerte", spy: "Ajedrez con Espía", luckyRules: "Reglas de Cartas de la Suerte", spyRules: "Reglas del Ajedrez con Espía",
      magic: "Ajedrez Mágico", magicRules: "Reglas del Ajedrez Mágico", ruleMode: "Modo", classic: "clásico (sin reacciones)",
      advanced: "avanzado (reacciones en el turno del rival)", ruleHandSize: "Cartas en cada mano", yourHand: "Tu mano",
      effectsInPlay: "Efectos en juego", noEffects: "ninguno", discardPile: "Descartes", opponentHolds: "Azar tiene",
      cardsWord: "cartas", cardWord: "carta", passMate: "Aceptar el mate", passWindow: "Pasar", commitCard: "Jugar",
      engineCommitted: "Azar ha jugado", pendingCard: "Esperando la reacción:", noTargets: "sin objetivos",
      emptyHand: "Tu mano está vacía.", clickMarked: "Haz clic en una casilla marcada del tablero.", turnsLeft: "contador", chooseTargets: "Elige sus objetivos:",
      ruleEdition: "Edición", second: "segunda", first: "primera", ruleMandatory: "Carta obligatoria (robar cada turno)",
      ruleKingCapture: "Captura del rey (con carta obligatoria)", ruleThreeTurns: "Las cartas temporales duran tres turnos",
      ruleRulesCards: "Cartas de instrucciones en el mazo", ruleTemporal: "Cartas temporales", all: "todas", none: "ninguna",
      ruleClaims: "Repetición y 50 jugadas", automatic: "automáticas", fide: "reclamadas (FIDE)", ruleSpyKingCapture: "Captura del rey",
      deck: "cartas quedan", drawCard: "Robar carta", cardsDrawn: "Cartas robadas", yourCard: "Tu carta", reveal: "Revelar tu espía",
      placePiece: "¿Qué pieza repones?", holds: "carta temporal", nothingHeld: "ninguna", pool: "capturadas, para recuperar",
      annul: "Anular las cartas temporales", bomb: "Hacer estallar la bomba", pawns: "Mover los peones", pass: "Pasar", claim: "Reclamar tablas",
      drawnBy: "robada por", you: "tú", azar: "Azar", inPlay: "en juego", lastCard: "última carta",
      engineDrew: "Azar roba", youDrew: "Has robado", chooseWild: "Comodín: elige la pieza que será tu espía", yourSpy: "Tu espía",
      spyHidden: "escondido entre las piezas de Azar en", spyGone: "ya no está en el tablero", neutralCard: "Neutral: no tienes espía",
      queenOf: "dama original", powers: "poderes", queenGone: "capturada", engineRevealed: "Azar revela su espía:", youRevealed: "Has revelado:",
      revealed: "revelada", notRevealed: "La carta de Azar es secreta", kingCaptured: "Rey capturado", noUndoCards: "",
      whiteShort: "Blancas", blackShort: "Negras", stepEngine: "Azar juega su turno.",
      dailyPuzzle: "Problema del día", puzzleHint: "Ver una pista", puzzleMate: "juegan y dan mate en", puzzleWin: "juegan y ganan material",
      "double-attack": "ataque doble", skewer: "enfilada", puzzleRight: "¡Bien! Sigue:", puzzleLeft: "por encontrar.",
      puzzleWrong: "Esa no:", tryAgain: "Prueba otra vez.", puzzleSolved: "¡Resuelto!", puzzleOf: "Problema del",
      analyze: "Analizar la partida", analysisTitle: "Análisis", accuracy: "Precisión", inaccuracies: "Imprecisiones",
      mistakes: "Errores", blunders: "Errores graves", analysing: "Analizando…", inaccuracy: "imprecisión", mistake: "error",
      blunder: "error grave", best: "mejor", graphAlt: "Posibilidades de las blancas tras cada jugada", noJudged: "Ninguna imprecisión ni error.",
      chaturanga4: "Chaturanga a cuatro", c4Seats: "Quién juega cada ejército", "seat-r": "Rojo", "seat-g": "Verde", "seat-y": "Amarillo",
      "seat-b": "Negro", seatYou: "tú", seatPerson: "otra persona en este dispositivo", azarLevel: "Azar, nivel",
      ruleExtended: "También tablas: rajá + barco contra rajá + caballo", c4ToMove: "mueve", c4YourMove: "te toca",
      c4Thinking: "está pensando…", c4Out: "fuera", c4Wins: "gana", "last-raja": "último rajá en pie", c4Pool: "reserva",
      c4Places: ["1.º", "2.º", "3.º", "4.º"], c4Convert: "Convertir este peón en espera", c4ConvertTo: "Convertir el peón en",
      c4PromoteTo: "Coronar con una pieza de la reserva", c4Ranking: "Clasificación", c4Draw: "Tablas", c4Frozen: "congelado", c4Player: "jugador",
      c4Azar: "Azar", c4Level: "nivel", c4DrawBetween: "entre", pieceE: "elefante", pieceB: "barco", pieceN: "caballo",
      c4Round: "Ronda", c4Waiting: "peón en espera", c4Local: "cuatro ejércitos, personas en este dispositivo", c4Turn: "Girar el tablero", c4WithAzar: "cuatro ejércitos, con Azar",
    },
  };

  const $ = (sel, root) => (root || document).querySelector(sel);
  const $$ = (sel, root) => Array.from((root || document).querySelectorAll(sel));

  let lang = localStorage.getItem("azar.lang") || document.documentElement.lang || "en";
  if (!STRINGS[lang]) lang = "en";
  const t = (k) => STRINGS[lang][k] || STRINGS.en[k] || k;

  let game = null;        // the latest view
  let flipped = false;
  let flippedFor = null;  // the game id the orientation was chosen for
  // turned: a quarter turn, for four-player chaturanga's east and west
  // seats (Red at the bottom; with flipped, Yellow).
  let turned = false;
  let coords = localStorage.getItem("azar.coords") !== "off";
  let events = null;      // the EventSource of the shown game
  let note = "";          // a one-off message under the status line
  let hint = null;        // {move, san, version}: the arrow shown until the game changes
  let puzzle = null;      // the daily puzzle being solved (then game is its board), or null

  // ---- language ----
  function applyLanguage() {
    document.documentElement.lang = lang;
    $$("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
    $$("[data-seat] option[value^='engine:']").forEach((o) => { o.textContent = t("azarLevel") + " " + o.value.split(":")[1]; });
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
    // The same view again (a reopened event stream's first one) changes
    // nothing: the board is not rebuilt under the player's pointer.
    if (game && game.id === v.id && v.version === game.version && JSON.stringify(v) === JSON.stringify(game)) return;
    if (!game || game.id !== v.id) board.selected = null;
    else announce(game, v);
    if (!game || game.id !== v.id || game.version !== v.version) { magicCard = null; magicPrefix = []; }
    game = v;
    if (flippedFor !== v.id) {
      flipped = v.mode === "engine" && v.human === "b";
      turned = false;
      if (v.c4) {
        // The "you" seat sits at the bottom: Green south, Black north,
        // Red east, Yellow west.
        flipped = v.human === "b" || v.human === "y";
        turned = v.human === "r" || v.human === "y";
      }
      flippedFor = v.id;
    }
    render();
  }

  // announce notes what the engine did in a card game between two views:
  // the cards it drew, its reveal.
  function announce(old, v) {
    if (v.mode !== "engine") return;
    if (v.lucky) for (const d of v.lucky.drawn) if (d.name && !cardInfo[d.card]) cardInfo[d.card] = { id: d.card, name: d.name, text: { en: "", es: "" } };
    if (v.lucky && old.lucky) {
      const fresh = v.lucky.drawn.slice(old.lucky.drawn.length).filter((d) => d.side !== v.human);
      if (fresh.length) note = () => t("engineDrew") + " " + fresh.map((d) => cardName(d.card)).join(", ") + ".";
    }
    if (v.magic && old.magic) {
      const fresh = v.magic.committed.slice(old.magic.committed.length).filter((c) => c.side !== v.human);
      for (const c of fresh) magicCards[c.card] = c.info;
      if (fresh.length) note = () => t("engineCommitted") + " " + fresh.map((c) => magicCardLabel(c.card) + " — " + c.record).join(", ") + ".";
    }
    if (v.spy && old.spy) {
      const opp = v.human === "w" ? "b" : "w";
      if (v.spy.revealed[opp] && !old.spy.revealed[opp]) note = () => t("engineRevealed") + " " + spyCardName(v.spy.revealed[opp]) + ".";
    }
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
    puzzle = null;
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
      puzzle = null;
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
      if (attr === "variant") formForVariant(b.dataset.variant);
    }));
  });
  // formForVariant shows the chosen variant's rule options; spy chess
  // hides a card from each player, so it is played against the engine.
  function formForVariant(variant) {
    $$(".variant-only").forEach((f) => { f.hidden = f.dataset.for !== variant; });
    // Four-player chaturanga chooses a player for every seat instead.
    const four = variant === "chaturanga4";
    $(".two-player").hidden = four;
    $$(".engine-only").forEach((f) => { f.hidden = four || chosen("mode") !== "engine"; });
    const local = $("[data-mode=local]");
    const hidden = variant === "spy" || variant === "magic"; // a hidden card or hand per player
    local.hidden = hidden;
    if (hidden && chosen("mode") === "local") {
      pick("mode", "engine");
      $$(".engine-only").forEach((f) => { f.hidden = false; });
    }
  }
  function chosenRules(variant) {
    const rules = {};
    $$('.variant-only[data-for="' + variant + '"] [data-rule]').forEach((el) => {
      rules[el.dataset.rule] = el.type === "checkbox" ? (el.checked ? "on" : "off") : el.value;
    });
    return rules;
  }
  function showFormError(msg) {
    const p = $("[data-error]");
    p.textContent = msg || "";
    p.hidden = !msg;
  }
  $("#new-game").addEventListener("submit", async (e) => {
    e.preventDefault();
    showFormError("");
    let body = { variant: chosen("variant"), mode: chosen("mode") };
    if (body.variant === "chaturanga4") {
      body = { variant: "chaturanga4", seats: ["r", "g", "y", "b"].map((s) => {
        const v = $('[data-seat="' + s + '"]').value;
        return v.startsWith("engine:") ? { player: "engine", level: parseInt(v.split(":")[1], 10) } : { player: v };
      }) };
    } else if (body.mode === "engine") {
      body.color = chosen("color");
      body.level = parseInt(chosen("level"), 10);
    }
    const fen = $("#fen").value.trim();
    if (fen) body.fen = fen;
    if (body.variant !== "chess") body.rules = chosenRules(body.variant);
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
      when.textContent = new Date(g.updated).toLocaleString(lang) + " · " + t(g.variant) + " · " + (g.variant === "chaturanga4" ? t(g.mode === "engine" ? "c4WithAzar" : "c4Local") : g.mode === "engine" ? t("vsEngine") : t("vsLocal")) + " · " + g.moves + " " + t("nMoves");
      const open = document.createElement("a");
      open.href = "#" + g.id;
      open.textContent = t("open");
      open.dataset.game = g.id;
      const pgn = document.createElement("a");
      pgn.href = "/api/games/" + g.id + "/pgn?download=1";
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
      li.append(open, pgn);
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
  const board = new Board($("#board"), {
    move: (from, to) => tryMove(from, to),
    click: (name, selected) => clickSquare(name, selected),
    select: () => render(),
  });

  function render() {
    if (!game) return;
    $("#game").dataset.variant = game.variant;
    const lastFT = game.lastMove ? fromTo(game.lastMove) : null;
    const arrows = [];
    if (hint && hint.id === game.id && hint.version === game.version && fromTo(hint.move)) {
      const ft = fromTo(hint.move);
      arrows.push({ from: ft.from, to: ft.to, data: { hint: hint.move } });
    }
    board.draw({
      files: game.files, ranks: game.ranks, pieces: game.pieces, orientation: { flipped, turned }, coords,
      lastMove: lastFT, check: game.check, dests: tokens.dests(game.legal), arrows, marks: boardMarks(),
    });
    renderCards();
    renderSeats();
    renderAnalysis();
    renderPuzzle();
    renderStatus();
    renderMoves();
    renderEval();
    renderButtons();
  }

  // boardMarks is what the game puts on the squares besides the pieces.
  function boardMarks() {
    const marks = new Marks();
    const selected = board.selected;
    const onSq = selected ? {} : squareActions();
    const cardNext = magicCard ? magicNext() : {};
    const cardTurn = game.lucky && game.lucky.phase !== "start" && game.legal.length > 0;
    if (game.lucky && game.lucky.zone) for (const s of game.lucky.zone) marks.square(s, { cls: "zone" });
    if (cardTurn) for (const s of Object.keys(tokens.dests(game.legal))) marks.square(s, { cls: "may-move" });
    if (game.spy) {
      for (const s of game.spy.bicolour) {
        const r = document.createElement("span");
        r.className = "ring";
        marks.square(s, { cls: "bicolour", data: { bicolour: "true" } }).under(s, r);
        if (game.pieces[s]) marks.piece(s, { data: { bicolour: "true" } });
      }
    }
    if (game.c4) {
      for (const s of game.c4.waiting) if (game.pieces[s]) marks.piece(s, { data: { waiting: "true" }, title: t("c4Waiting") });
      for (const s of game.c4.frozen) {
        if (!game.pieces[s]) continue;
        const f = document.createElement("span");
        f.className = "badge frozen-mark";
        f.textContent = "❄";
        f.setAttribute("aria-label", t("c4Frozen"));
        marks.piece(s, { cls: "frozen", data: { frozen: "true" }, title: t("c4Frozen") }).square(s, { data: { frozen: "true" } }).under(s, f);
      }
      for (const s of Object.keys(conversions())) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "convert";
        b.dataset.action = "convert";
        b.dataset.from = s;
        b.title = t("c4Convert");
        b.textContent = "⇪";
        marks.over(s, b);
      }
    }
    const effectsOn = magicEffectsBySquare();
    for (const [s, effs] of Object.entries(effectsOn)) {
      marks.square(s, { cls: "effect-zone", data: { effects: effs.map((e) => e.card).join(" ") } });
      for (const e of effs) {
        if (e.squares.length > 4) continue; // a file or a flank: the tint is enough
        const b = document.createElement("span");
        b.className = "badge effect-mark " + e.kind + " owner-" + e.owner;
        b.dataset.effect = e.card;
        b.dataset.counter = String(e.counter);
        b.title = magicCardLabel(e.card) + " · " + t("turnsLeft") + " " + e.counter;
        b.textContent = (EFFECT_SYMBOLS[e.kind] || "✦") + e.counter;
        marks.over(s, b);
      }
    }
    if (game.spy && game.spy.spySquare) {
      const b = document.createElement("span");
      b.className = "badge spy-badge";
      b.dataset.mySpy = "true";
      b.textContent = lang === "es" ? "espía" : "spy";
      marks.over(game.spy.spySquare, b);
    }
    for (const [s, toks] of Object.entries(onSq)) marks.dot(s, onSquare(toks[0]).kind === "remove" ? "remove" : "place", { target: s });
    for (const s of Object.keys(cardNext)) marks.dot(s, "card-target", { cardTarget: s });
    return marks;
  }

  // The legal actions the view lists, by how the page offers them: a
  // piece from a square to a square (a move, a card's move, a relocation
  // "e4>e6"), one square (a removal "-e4", a placement "N@e4"), or a
  // button (draw, annul, bomb, the pawns' wave, pass, claim, a reveal, a
  // wildcard's choice).
  const fromTo = tokens.fromTo;
  const onSquare = tokens.onSquare;
  const targetsFrom = (from) => tokens.targetsFrom(game.legal, from);
  const squareActions = () => tokens.squareActions(game.legal);
  const conversions = () => tokens.stayPut(game.legal);
  const buttonTokens = () => tokens.buttonTokens(game.legal);

  function renderStatus() {
    const el = $("[data-status]");
    el.dataset.status = game.status;
    el.dataset.thinking = String(game.thinking);
    el.dataset.turn = game.turn;
    el.textContent = statusText();
    const n = $("[data-note]");
    // A note may be a function: its text follows the language.
    let text = typeof note === "function" ? note() : note;
    if (!text && game.drawOffer === "declined") text = t("drawDeclined");
    if (!text && game.drawOffer === "accepted" && game.mode === "engine") text = t("drawAccepted");
    if (!text && game.engineError) text = t("engineTrouble");
    n.textContent = text;
    n.hidden = !text;
  }

  function statusText() {
    const g = game;
    if (g.c4) return c4StatusText();
    if (puzzle) return puzzle.solved ? t("puzzleSolved") : g.turn === "w" ? t("whiteToMove") : t("blackToMove");
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
      case "king-captured": return t("king-captured") + " — " + wins(winner);
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
    if (game.c4) { renderC4Moves(ol); return; }
    if (game.variant === "magic") { renderMagicMoves(ol); return; }
    if (game.variant === "lucky") {
      // A turn may hold several actions: one line per move number,
      // White's turn then Black's.
      let li = null, side = "";
      game.moves.forEach((m, i) => {
        if (!li || (m.side === "w" && side !== "w")) {
          li = document.createElement("li");
          li.dataset.side = m.side;
          ol.append(li);
          if (m.side === "b") li.append(san("…", false));
        } else if (m.side !== side) {
          const sep = document.createElement("span");
          sep.className = "turn-sep";
          sep.textContent = "|";
          li.append(sep);
        }
        side = m.side;
        const drawn = i > 0 && game.moves[i - 1].uci === "draw";
        const el = san(drawn ? "[" + (cardInfo[m.uci] ? cardInfo[m.uci].name[lang] : m.uci) + "]" : m.san, i === game.moves.length - 1);
        if (drawn) { el.classList.add("card-token"); el.dataset.card = m.uci; el.title = m.uci; }
        li.append(el);
      });
      ol.scrollTop = ol.scrollHeight;
      return;
    }
    const blackFirst = game.moves.length > 0 && game.fen && firstSideIsBlack();
    let li = null;
    game.moves.forEach((m, i) => {
      const whiteSlot = blackFirst ? i % 2 === 1 : i % 2 === 0;
      if (whiteSlot || !li) {
        li = document.createElement("li");
        ol.append(li);
        if (!whiteSlot) li.append(san("…", false));
      }
      const judged = game.analysis && game.analysis.moves[i] && game.analysis.moves[i].label;
      const el = san(m.san + (judged ? GLYPHS[judged] : ""), i === game.moves.length - 1);
      if (judged) el.dataset.label = judged;
      li.append(el);
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
    for (const a of ["undo", "offer-draw", "resign"]) $("[data-action=" + a + "]").hidden = !!game.c4;
    $("[data-action=flip]").textContent = t(game.c4 ? "c4Turn" : "flip");
    $("[data-action=resign]").disabled = over;
    $("[data-action=offer-draw]").disabled = over || (game.mode === "engine" && game.thinking);
    $("[data-action=hint]").disabled = game.legal.length === 0 || (game.spy && game.spy.choosing);
    $("[data-action=coords]").setAttribute("aria-pressed", String(coords));
    $("[data-action=analyze]").hidden = !over || game.variant !== "chess" || game.moves.length === 0 || !!game.analysis || !!game.analyzing;
  }

  // ---- moving ----
  async function tryMove(from, to) {
    const moves = targetsFrom(from)[to];
    board.selected = null;
    if (!moves) { render(); return; }
    let move = moves[0];
    if (game.c4 && moves.some((m) => fromTo(m).promo)) {
      move = await chooseC4(moves, t("c4PromoteTo"));
      if (!move) { render(); return; }
    } else if (moves.some((m) => fromTo(m).promo)) {
      const promo = await choosePromotion(game.pieces[from][0]);
      if (!promo) { render(); return; }
      move = moves.find((m) => fromTo(m).promo === promo) || from + to + promo;
    }
    await play(move);
  }
  async function play(tok) {
    if (puzzle) return puzzleMove(tok);
    note = "";
    hint = null;
    await act("POST", "/api/games/" + game.id + "/move", { move: tok });
  }
  async function trySquare(name) {
    const toks = squareActions()[name];
    if (!toks) return false;
    let tok = toks[0];
    if (toks.length > 1) {
      tok = await choosePlacement(toks);
      if (!tok) { render(); return true; }
    }
    await play(tok);
    return true;
  }

  // clickSquare takes a click on a square before the board does: a
  // picked card's next target, or a square to act on.
  function clickSquare(name, selected) {
    if (!game) return true;
    if (magicCard) {
      // A card is picked: a click on one of its next target squares.
      if (magicNext()[name]) {
        magicPrefix.push(name);
        const m = magicMatches();
        if (m.length === 1 && tokenSquares(m[0]).length === magicPrefix.length) { const tok = m[0]; magicCard = null; magicPrefix = []; play(tok); }
        else render();
        return true;
      }
      magicCard = null;
      magicPrefix = [];
    }
    if (!selected && squareActions()[name]) {
      trySquare(name);
      return true;
    }
    return false;
  }

  // ---- cards ----
  const cardInfo = {}; // id -> the CardView the server sent (names and texts)
  function remember(c) { if (c) cardInfo[c.id] = c; return c; }
  function cardName(id) {
    const c = cardInfo[id];
    return c ? c.name[lang] + " (" + id + ")" : id;
  }
  const ROLE_NAMES = {
    en: { KR: "king's rook", KB: "king's bishop", KN: "king's knight", QR: "queen's rook", QB: "queen's bishop", QN: "queen's knight" },
    es: { KR: "torre de rey", KB: "alfil de rey", KN: "caballo de rey", QR: "torre de dama", QB: "alfil de dama", QN: "caballo de dama" },
  };
  function roleName(role) {
    if (role[0] === "P") return lang === "es" ? "peón " + role[1] : role[1] + "-pawn";
    return ROLE_NAMES[lang][role] || role;
  }
  function spyCardName(card) {
    if (card === "neutral") return lang === "es" ? "neutral" : "neutral";
    if (card === "wild") return lang === "es" ? "comodín" : "wildcard";
    const [kind, role] = card.split(":");
    const base = roleName(role);
    return (kind === "wild" ? (lang === "es" ? "comodín: " : "wildcard: ") : "") + base + " (" + card + ")";
  }
  function cardElement(c, extra) {
    const el = document.createElement("div");
    el.className = "card " + c.category;
    el.dataset.card = c.id;
    const name = document.createElement("div");
    name.className = "card-name";
    name.textContent = c.name[lang];
    const other = document.createElement("div");
    other.className = "card-id";
    other.textContent = (lang === "es" ? c.name.en : c.name.es) + " · " + c.id;
    const text = document.createElement("div");
    text.className = "card-text";
    text.textContent = c.text[lang];
    el.append(name, other, text);
    if (extra) {
      const e = document.createElement("div");
      e.className = "card-extra";
      e.textContent = extra;
      el.append(e);
    }
    return el;
  }
  // sideLabel is "White (you)" against the engine, "White" on one device.
  function sideLabel(side) {
    const colour = side === "w" ? t("whiteShort") : t("blackShort");
    return game.mode === "engine" ? colour + " (" + sideName(side) + ")" : colour;
  }
  function sideName(side) {
    if (game.mode === "engine") return side === game.human ? t("you") : t("azar");
    return side === "w" ? t("whiteShort") : t("blackShort");
  }
  const BUTTON_LABELS = { annul: "annul", bomb: "bomb", "0000": "pass", claim: "claim" };
  function renderCards() {
    const panel = $("#cards");
    const lv = game.lucky, sv = game.spy, mv = game.magic;
    panel.hidden = !lv && !sv && !mv;
    $(".side").classList.toggle("with-cards", !panel.hidden);
    $(".lucky-part", panel).hidden = !lv;
    $(".spy-part", panel).hidden = !sv;
    $(".magic-part", panel).hidden = !mv;
    if (lv) renderLucky(lv);
    if (sv) renderSpy(sv);
    if (mv) renderMagic(mv);
  }
  function renderLucky(lv) {
    const panel = $("#cards");
    const deck = $("[data-deck]", panel);
    deck.dataset.deck = String(lv.pile);
    $(".deck-count", deck).textContent = String(lv.pile);
    const draw = $("[data-action=draw]", panel);
    draw.hidden = !game.legal.includes("draw");
    const dc = $(".drawn-card", panel);
    dc.textContent = "";
    if (lv.card) {
      remember(lv.card);
      const extra = t("drawnBy") + " " + sideName(lv.drawnBy) + (lv.inPlay ? " · " + t("inPlay") : " · " + t("lastCard"));
      dc.append(cardElement(lv.card, extra));
    }
    const step = $("[data-step]", panel);
    const mine = game.legal.length > 0;
    step.textContent = game.status !== "playing" ? "" : mine ? lv.step[lang] : t("stepEngine");
    step.hidden = !step.textContent;
    const bs = $(".card-buttons", panel);
    bs.textContent = "";
    for (const tok of buttonTokens()) {
      if (tok === "draw") continue;
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.action = "card";
      b.dataset.token = tok;
      const key = tok.startsWith("pawns") ? "pawns" : BUTTON_LABELS[tok];
      b.textContent = key ? t(key) + (tok.includes("=") ? " (" + tok.split("=")[1].toUpperCase() + ")" : "") : tok;
      bs.append(b);
    }
    const held = $(".held", panel);
    held.textContent = "";
    for (const side of ["w", "b"]) {
      const row = document.createElement("div");
      row.className = "held-row";
      row.dataset.held = side;
      const who = document.createElement("div");
      who.className = "held-who";
      who.textContent = sideLabel(side) + " — " + t("holds") + ":";
      row.append(who);
      const c = lv.held[side];
      if (c) {
        remember(c);
        const turns = lv.turns && lv.turns[side] ? " · " + lv.turns[side] + "/3" : "";
        row.append(cardElement(c, turns ? turns.slice(3) : ""));
      } else {
        const none = document.createElement("div");
        none.className = "muted";
        none.textContent = t("nothingHeld");
        row.append(none);
      }
      held.append(row);
    }
    const pools = [];
    for (const side of ["w", "b"]) if (lv.pool[side]) pools.push(sideName(side) + ": " + lv.pool[side]);
    $(".pools", panel).textContent = pools.length ? t("pool") + " — " + pools.join(" · ") : "";
    const ol = $(".drawn-log ol", panel);
    ol.textContent = "";
    for (const d of lv.drawn) {
      if (d.name) cardInfo[d.card] = Object.assign({ id: d.card, text: { en: "", es: "" } }, cardInfo[d.card] || {}, { name: d.name });
      const li = document.createElement("li");
      li.textContent = sideName(d.side) + ": " + cardName(d.card);
      ol.append(li);
    }
  }
  function renderSpy(sv) {
    const panel = $("#cards");
    const mine = $(".my-spy", panel);
    mine.textContent = "";
    const card = document.createElement("div");
    card.className = "card spy-card";
    card.dataset.card = sv.card || "";
    const name = document.createElement("div");
    name.className = "card-name";
    name.textContent = sv.card ? spyCardName(sv.card) : "";
    const text = document.createElement("div");
    text.className = "card-text";
    if (sv.choosing) text.textContent = t("chooseWild");
    else if (sv.card === "neutral") text.textContent = t("neutralCard");
    else if (game.spy.revealed[game.human]) text.textContent = t("revealed");
    else if (sv.spySquare) text.textContent = t("yourSpy") + ": " + t("spyHidden") + " " + sv.spySquare + ".";
    else text.textContent = t("yourSpy") + ": " + t("spyGone") + ".";
    card.append(name, text);
    mine.append(card);
    const wc = $(".wild-choices", panel);
    wc.textContent = "";
    if (sv.choosing) {
      for (const tok of game.legal.filter((m) => m.startsWith("wild:"))) {
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.action = "choose";
        b.dataset.choice = tok;
        b.dataset.token = tok;
        b.textContent = roleName(tok.split(":")[1]);
        wc.append(b);
      }
    }
    $("[data-action=reveal]", panel).hidden = !sv.reveal;
    const qs = $(".queens", panel);
    qs.textContent = "";
    for (const side of ["w", "b"]) {
      const q = sv.queens[side];
      const p = document.createElement("p");
      p.dataset.queen = side;
      p.dataset.powers = q.powers;
      p.textContent = sideLabel(side) + " — " + t("queenOf") + (q.square ? " " + q.square + ": " + q.powers.split("").join(" ") : ": " + t("queenGone"));
      qs.append(p);
    }
    const opp = game.human === "w" ? "b" : "w";
    const rv = [];
    if (sv.revealed[game.human]) rv.push(t("youRevealed") + " " + spyCardName(sv.revealed[game.human]));
    rv.push(sv.revealed[opp] ? t("engineRevealed") + " " + spyCardName(sv.revealed[opp]) : t("notRevealed"));
    $(".reveals", panel).textContent = rv.join(". ") + ".";
  }
  // ---- magic chess ----
  let magicCard = null; // the card of the hand whose targets are shown
  let magicPrefix = []; // the target squares clicked so far for it
  // tokenSquares is the squares a card's token names, in order.
  function tokenSquares(tok) {
    const i = tok.indexOf(":");
    return i < 0 ? [] : tok.slice(i + 1).match(/[a-h][1-8]/g) || [];
  }
  // magicMatches is the picked card's tokens that agree with the squares
  // clicked so far.
  function magicMatches() {
    return (magicTokens()[magicCard] || []).filter((tk) => { const s = tokenSquares(tk); return magicPrefix.every((p, i) => s[i] === p); });
  }
  // magicNext maps each square that may be clicked next -> its tokens.
  function magicNext() {
    const out = {};
    for (const tk of magicMatches()) {
      const s = tokenSquares(tk);
      if (s.length > magicPrefix.length) (out[s[magicPrefix.length]] = out[s[magicPrefix.length]] || []).push(tk);
    }
    return out;
  }
  const EFFECT_SYMBOLS = { wall: "🧱", mine: "💣", shield: "🛡", wings: "🪽", paralysis: "⛓", sanctuary: "✚", fog: "☁",
    armour: "🛡", blizzard: "❄", ward: "✋", immunity: "✦", anchorage: "⚓", lance: "↟", surge: "⇡", stride: "♔", "no-mans-land": "⊘", silence: "🤫" };
  function magicCardLabel(id) {
    const c = magicCards[id];
    return c ? c.name[lang] + " (" + id + ")" : id;
  }
  const magicCards = {}; // id -> a card the page was sent (hand, discard)
  function magicEffectsBySquare() {
    const out = {};
    if (!game.magic) return out;
    for (const e of game.magic.effects) for (const s of e.squares) (out[s] = out[s] || []).push(e);
    return out;
  }
  // magicTokens maps each card of the hand to its legal tokens now.
  function magicTokens() {
    const out = {};
    for (const tok of game.legal) {
      if (!/^AM\d\d/.test(tok)) continue;
      const id = tok.slice(0, 4);
      (out[id] = out[id] || []).push(tok);
    }
    return out;
  }
  function magicCardElement(c, extra) {
    magicCards[c.id] = c;
    const el = cardElement({ id: c.id, category: "magic " + c.category, name: c.name, text: c.text }, extra || c.windows.join(" · "));
    return el;
  }
  function targetLabel(tok) {
    const i = tok.indexOf(":");
    return i < 0 ? t("noTargets") : tok.slice(i + 1);
  }
  function renderMagic(mv) {
    const panel = $("#cards .magic-part");
    for (const c of mv.committed) magicCards[c.card] = c.info;
    const mine = game.status === "playing" && game.legal.length > 0;
    const prompt = $("[data-prompt]", panel);
    const kind = !mine ? "wait" : mv.phase === "rcommit" || mv.phase === "rimpact" ? "reaction" : mv.phase === "ms" ? "mate-save" : mv.phase;
    prompt.dataset.prompt = game.status === "playing" ? kind : "over";
    prompt.textContent = game.status === "playing" ? mv.prompt[lang] : "";
    prompt.classList.toggle("urgent", kind === "reaction" || kind === "mate-save");
    const pend = $("[data-pending]", panel);
    pend.textContent = "";
    pend.hidden = !mv.pending;
    if (mv.pending) {
      pend.dataset.pending = mv.pending.card;
      const label = document.createElement("div");
      label.className = "muted";
      label.textContent = t("pendingCard") + " " + sideName(mv.pending.side) + " — " + mv.pending.record;
      pend.append(label);
      pend.append(magicCardElement(mv.pending.info));
    }
    const pass = $("[data-action=pass]", panel);
    pass.hidden = !game.legal.includes("pass");
    pass.textContent = mv.phase === "ms" ? t("passMate") : t("passWindow");
    const toks = magicTokens();
    if (magicCard && !toks[magicCard]) magicCard = null;
    const hand = $("[data-hand]", panel);
    hand.textContent = "";
    for (const c of mv.hand) {
      const el = magicCardElement(c);
      el.dataset.playable = String(!!toks[c.id]);
      if (toks[c.id]) {
        el.dataset.action = "pick-card";
        el.setAttribute("role", "button");
        el.tabIndex = 0;
        el.setAttribute("aria-pressed", String(magicCard === c.id));
      }
      hand.append(el);
    }
    if (!mv.hand.length) {
      const p = document.createElement("p");
      p.className = "muted";
      p.textContent = t("emptyHand");
      hand.append(p);
    }
    const choices = $("[data-card-choices]", panel);
    choices.textContent = "";
    choices.hidden = !magicCard;
    if (magicCard) {
      choices.dataset.cardChoices = magicCard;
      const head = document.createElement("p");
      head.textContent = magicCardLabel(magicCard) + " — " + t("chooseTargets") + (magicPrefix.length ? " " + magicPrefix.join(", ") + " …" : "");
      choices.append(head);
      const matches = magicMatches();
      const onBoard = matches.every((tk) => tokenSquares(tk).length > magicPrefix.length);
      if (onBoard) {
        // Every choice goes on through a square: the marks on the board.
        const p = document.createElement("p");
        p.className = "muted";
        p.textContent = t("clickMarked");
        choices.append(p);
      }
      for (const tok of onBoard ? [] : matches) {
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.action = "commit";
        b.dataset.token = tok;
        b.textContent = t("commitCard") + ": " + targetLabel(tok);
        choices.append(b);
      }
      const cancel = document.createElement("button");
      cancel.type = "button";
      cancel.dataset.action = "unpick-card";
      cancel.textContent = t("cancel");
      choices.append(cancel);
    }
    const opp = game.human === "w" ? "b" : "w";
    const n = mv.cards[opp];
    const oc = $("[data-opponent-cards]", panel);
    oc.dataset.opponentCards = String(n);
    oc.textContent = t("opponentHolds") + " " + n + " " + (n === 1 ? t("cardWord") : t("cardsWord")) + ".";
    const ul = $("[data-effects]", panel);
    ul.textContent = "";
    for (const e of mv.effects) {
      const li = document.createElement("li");
      li.dataset.effect = e.card;
      li.dataset.counter = String(e.counter);
      li.dataset.owner = e.owner;
      li.textContent = (EFFECT_SYMBOLS[e.kind] || "✦") + " " + magicCardLabel(e.card) + " — " + sideName(e.owner) +
        (e.anchor ? " @ " + e.anchor : "") + " · " + t("turnsLeft") + " " + e.counter;
      ul.append(li);
    }
    if (!mv.effects.length) {
      const li = document.createElement("li");
      li.className = "muted";
      li.textContent = t("noEffects");
      ul.append(li);
    }
    const disc = $("[data-discard]", panel);
    disc.textContent = "";
    disc.dataset.discard = String(mv.discard.length);
    $(".discard-count", panel).textContent = String(mv.discard.length);
    for (const c of mv.discard) disc.append(magicCardElement(c));
  }
  function renderMagicMoves(ol) {
    // One line per turn of the active side; passes are not shown (a
    // declined window is not recorded), a commitment carries its card.
    let li = null, side = "";
    game.moves.forEach((m, i) => {
      if (m.uci === "pass") return;
      if (!li || m.side !== side) {
        li = document.createElement("li");
        li.dataset.side = m.side;
        ol.append(li);
        const who = document.createElement("span");
        who.className = "turn-sep";
        who.textContent = sideName(m.side) + ":";
        li.append(who);
      }
      side = m.side;
      const el = san(m.san, i === game.moves.length - 1);
      if (/^AM\d\d/.test(m.uci)) { el.classList.add("card-token"); el.dataset.card = m.uci.slice(0, 4); el.title = magicCardLabel(m.uci.slice(0, 4)); }
      li.append(el);
    });
    ol.scrollTop = ol.scrollHeight;
  }
  function choosePlacement(toks) {
    return choosePiece(toks.map((tok) => ({ piece: game.turn + onSquare(tok).piece, data: { place: tok } })), { key: "place" });
  }


  // ---- four-player chaturanga ----
  // The seats in turn order: Red (east), Green (south), Yellow (west),
  // Black (north). The view's c4 part names who plays each, whether it is
  // still in, its pool, and at the end its place.
  const C4_SEATS = ["r", "g", "y", "b"];
  function seatColour(s) { return t("seat-" + s); }
  function seatInfo(s) { return game.c4.seats[C4_SEATS.indexOf(s)]; }
  function whoPlays(st) {
    if (st.player === "engine") return t("c4Azar") + " (" + t("c4Level") + " " + st.level + ")";
    if (st.player === "you") return t("seatYou");
    return t("c4Player");
  }
  function c4StatusText() {
    const g = game, c = g.c4;
    if (g.status === "playing") {
      const st = seatInfo(g.turn);
      if (st.player === "engine") return t("c4Azar") + " (" + seatColour(g.turn) + ") " + t("c4Thinking");
      if (st.player === "you") return seatColour(g.turn) + ": " + t("c4YourMove");
      return seatColour(g.turn) + " " + t("c4ToMove");
    }
    if (c.winner) return seatColour(c.winner) + " " + t("c4Wins") + " — " + t("last-raja");
    const drawn = c.seats.filter((s) => s.place === 1).map((s) => seatColour(s.seat));
    return t(g.status) + " (" + t("c4DrawBetween") + " " + drawn.join(", ") + ")";
  }
  // bottomSeat is the seat whose side of the board is at the bottom.
  function bottomSeat() { return turned ? (flipped ? "y" : "r") : (flipped ? "b" : "g"); }
  function renderSeats() {
    const box = $("#seats");
    box.hidden = !game.c4;
    $(".side").classList.toggle("with-seats", !!game.c4);
    if (!game.c4) return;
    box.textContent = "";
    const over = game.status !== "playing";
    for (const st of game.c4.seats) {
      const row = document.createElement("div");
      row.className = "seat-row seat-" + st.seat;
      row.dataset.seatRow = st.seat;
      row.dataset.in = String(st.in);
      if (!over && game.turn === st.seat) row.classList.add("to-move");
      if (!st.in) row.classList.add("out");
      const head = document.createElement("div");
      head.className = "seat-head";
      const sw = document.createElement("span");
      sw.className = "swatch seat-" + st.seat;
      const name = document.createElement("span");
      name.className = "seat-name";
      name.textContent = seatColour(st.seat);
      const who = document.createElement("span");
      who.className = "seat-who";
      who.textContent = whoPlays(st);
      head.append(sw, name, who);
      const state = document.createElement("span");
      state.className = "seat-state";
      if (over) {
        state.dataset.place = String(st.place);
        state.textContent = t("c4Places")[st.place - 1] || String(st.place);
      } else if (!st.in) {
        state.textContent = "❄ " + t("c4Out");
      } else if (game.turn === st.seat) {
        state.textContent = "▶";
      }
      head.append(state);
      row.append(head);
      const pool = document.createElement("div");
      pool.className = "pool";
      pool.dataset.pool = st.seat;
      const label = document.createElement("span");
      label.className = "pool-label";
      label.textContent = t("c4Pool") + ":";
      pool.append(label);
      let any = false;
      for (const k of ["E", "B", "N"]) {
        const n = st.pool[k] || 0;
        if (!n) continue;
        any = true;
        const item = document.createElement("span");
        item.className = "pool-item";
        item.dataset.poolPiece = st.seat + k;
        item.dataset.count = String(n);
        item.title = t("piece" + k);
        const img = document.createElement("span");
        img.className = "piece mini";
        img.dataset.piece = st.seat + k;
        const cnt = document.createElement("span");
        cnt.className = "count";
        cnt.textContent = "×" + n;
        item.append(img, cnt);
        pool.append(item);
      }
      if (!any) {
        const none = document.createElement("span");
        none.className = "muted";
        none.textContent = "—";
        pool.append(none);
      }
      row.append(pool);
      box.append(row);
    }
    if (over) {
      const h = document.createElement("h3");
      h.textContent = t("c4Ranking");
      const ol = document.createElement("ol");
      ol.className = "ranking";
      ol.dataset.ranking = "";
      const byPlace = game.c4.seats.slice().sort((a, b) => a.place - b.place || C4_SEATS.indexOf(a.seat) - C4_SEATS.indexOf(b.seat));
      for (const st of byPlace) {
        const li = document.createElement("li");
        li.dataset.place = String(st.place);
        li.dataset.seat = st.seat;
        li.textContent = (t("c4Places")[st.place - 1] || st.place) + " — " + seatColour(st.seat) + " (" + whoPlays(st) + ")";
        ol.append(li);
      }
      box.append(h, ol);
    }
  }
  function renderC4Moves(ol) {
    // One line per round, the seats' moves in turn order.
    let li = null, prev = -1;
    game.moves.forEach((m, i) => {
      const k = C4_SEATS.indexOf(m.side);
      if (!li || k <= prev) {
        li = document.createElement("li");
        ol.append(li);
      }
      prev = k;
      const el = san(m.san, i === game.moves.length - 1);
      el.classList.add("by-" + m.side);
      el.dataset.side = m.side;
      el.title = seatColour(m.side) + ": " + m.uci;
      li.append(el);
    });
    ol.scrollTop = ol.scrollHeight;
  }
  // chooseC4 offers the pool pieces of the moves (a promotion b7b8n or a
  // conversion b8b8n) and resolves to the token chosen, or null.
  function chooseC4(toks, title) {
    return choosePiece(toks.map((tok) => {
      const k = tok.slice(-1);
      return { piece: game.turn + k.toUpperCase(), title: t("piece" + k.toUpperCase()), data: { promotion: k, token: tok } };
    }), { key: "token", title, variant: "chaturanga4" });
  }


  // ---- the daily puzzle ----
  // The server judges every line (any move that still forces the mate is
  // right) and answers with the defender's reply; a wrong move is not
  // kept, so the player tries again from the same position.
  function puzzleBoard(b) {
    return {
      id: "puzzle", variant: "puzzle", mode: "puzzle", human: puzzle.side, files: b.files, ranks: b.ranks, pieces: b.pieces,
      fen: b.fen, turn: b.turn, legal: b.legal, lastMove: b.lastMove, check: b.check, version: 0,
      moves: puzzle.sans.map((s) => ({ uci: "", san: s })), status: puzzle.solved ? "solved" : "puzzle", thinking: false, canUndo: false,
    };
  }
  async function openPuzzle(date) {
    let d;
    try {
      d = await api("GET", "/api/puzzle" + (date ? "?date=" + encodeURIComponent(date) : ""));
    } catch (err) {
      showSetup();
      showFormError(err.message);
      return;
    }
    if (events) { events.close(); events = null; }
    puzzle = { date: d.date, kind: d.kind, moves: d.moves, side: d.side, line: [], sans: [], solved: false, left: d.moves, reason: "", right: false, hint: "" };
    const want = "#puzzle=" + d.date;
    if (location.hash !== want) history.replaceState(null, "", want);
    $("#setup").hidden = true;
    $("#game").hidden = false;
    note = "";
    board.selected = null;
    hint = null;
    flipped = d.side === "b";
    turned = false;
    flippedFor = "puzzle";
    game = puzzleBoard(d);
    render();
  }
  async function puzzleMove(tok) {
    note = "";
    try {
      const v = await api("POST", "/api/puzzle/check", { date: puzzle.date, moves: puzzle.line.concat([tok]) });
      puzzle.line = v.line;
      puzzle.sans = v.sans;
      puzzle.solved = v.solved;
      puzzle.left = v.left;
      puzzle.right = v.ok;
      puzzle.reason = v.ok ? "" : v.reason;
      game = puzzleBoard(v.board);
    } catch (err) {
      note = err.message;
    }
    render();
  }
  function renderPuzzle() {
    const panel = $("#puzzle-panel");
    panel.hidden = !puzzle;
    $(".side").classList.toggle("puzzle-mode", !!puzzle);
    if (!puzzle) return;
    const side = puzzle.side === "w" ? t("whiteShort") : t("blackShort");
    const task = puzzle.kind === "mate" ? side + " " + t("puzzleMate") + " " + puzzle.moves
      : side + " " + t("puzzleWin") + " (" + t(puzzle.kind) + ")";
    const tk = $("[data-puzzle-task]", panel);
    tk.textContent = t("puzzleOf") + " " + puzzle.date + ": " + task + ".";
    const vd = $("[data-puzzle-verdict]", panel);
    let text = "";
    if (puzzle.solved) text = t("puzzleSolved");
    else if (puzzle.reason) text = t("puzzleWrong") + " " + puzzle.reason + ". " + t("tryAgain");
    else if (puzzle.line.length) text = t("puzzleRight") + " " + puzzle.left + " " + t("puzzleLeft");
    vd.textContent = text;
    vd.hidden = !text;
    vd.dataset.ok = String(!puzzle.reason);
    vd.dataset.solved = String(puzzle.solved);
    const h = $("[data-puzzle-hint]", panel);
    h.textContent = puzzle.hint;
    h.hidden = !puzzle.hint;
    $("[data-action=puzzle-hint]", panel).hidden = !!puzzle.hint || puzzle.solved;
  }

  // ---- analysis ----
  const GLYPHS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
  function renderAnalysis() {
    const sec = $("#analysis");
    const a = game.analysis, p = game.analyzing;
    sec.hidden = !a && !p;
    if (sec.hidden) return;
    const prog = $("[data-analysis-progress]", sec);
    prog.hidden = !p;
    if (p) prog.textContent = t("analysing") + " " + p.done + "/" + p.total;
    const body = $(".analysis-body", sec);
    body.hidden = !a;
    if (!a) return;
    const tb = $(".accuracy tbody", sec);
    tb.textContent = "";
    for (const [side, r] of [["w", a.white], ["b", a.black]]) {
      const tr = document.createElement("tr");
      tr.dataset.accuracy = side;
      const cells = [side === "w" ? t("whiteShort") : t("blackShort"), r.accuracy === null ? "—" : r.accuracy.toFixed(1) + "%",
        r.inaccuracies, r.mistakes, r.blunders];
      for (const c of cells) { const td = document.createElement("td"); td.textContent = String(c); tr.append(td); }
      tb.append(tr);
    }
    const img = $("[data-analysis-graph]", sec);
    const src = "/api/games/" + game.id + "/analysis.svg?v=" + a.moves.length;
    if (img.getAttribute("src") !== src) img.src = src;
    img.alt = t("graphAlt");
    const ol = $(".judged", sec);
    ol.textContent = "";
    for (const m of a.moves) {
      if (!m.label) continue;
      const li = document.createElement("li");
      li.dataset.label = m.label;
      li.dataset.ply = String(m.ply);
      const num = Math.ceil(m.ply / 2) + (m.side === "w" ? ". " : "… ");
      li.textContent = num + m.san + GLYPHS[m.label] + " — " + t(m.label) + (m.best ? " (" + t("best") + " " + m.best + ")" : "");
      ol.append(li);
    }
    if (!ol.children.length) { const li = document.createElement("li"); li.textContent = t("noJudged"); ol.append(li); }
  }

  // ---- dialogs ----
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
    puzzle: () => openPuzzle(""),
    "puzzle-hint": async () => {
      try { puzzle.hint = (await api("POST", "/api/puzzle/hint", { date: puzzle.date })).hint; } catch (err) { note = err.message; }
      render();
    },
    undo: () => { note = ""; board.selected = null; return act("POST", "/api/games/" + game.id + "/undo"); },
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
    flip: () => {
      if (game.c4) {
        // A quarter turn: the next seat in turn order comes to the bottom.
        const next = { r: "g", g: "y", y: "b", b: "r" }[bottomSeat()];
        flipped = next === "b" || next === "y";
        turned = next === "r" || next === "y";
      } else {
        flipped = !flipped;
      }
      render();
    },
    draw: () => play("draw"),
    analyze: () => { note = ""; return act("POST", "/api/games/" + game.id + "/analyze"); },
    reveal: () => { if (game.spy && game.spy.reveal) return play(game.spy.reveal); },
    card: (b) => play(b.dataset.token),
    pass: () => { magicCard = null; magicPrefix = []; return play("pass"); },
    commit: (b) => { magicCard = null; magicPrefix = []; return play(b.dataset.token); },
    "unpick-card": () => { magicCard = null; magicPrefix = []; render(); },
    "pick-card": (b) => {
      magicCard = magicCard === b.dataset.card ? null : b.dataset.card;
      magicPrefix = [];
      board.selected = null;
      render();
    },
    convert: async (b) => {
      const toks = conversions()[b.dataset.from];
      if (!toks) return;
      board.selected = null;
      const tok = await chooseC4(toks, t("c4ConvertTo"));
      if (tok) await play(tok); else render();
    },
    choose: (b) => play(b.dataset.token),
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
    const b = e.target.closest("button[data-action], [role=button][data-action]");
    if (!b || b.disabled || !actions[b.dataset.action]) return;
    if (!game && b.dataset.action !== "new-game" && b.dataset.action !== "puzzle") return;
    actions[b.dataset.action](b);
  });

  // ---- start ----
  const puzzleDate = (h) => (h === "puzzle" ? "" : h.startsWith("puzzle=") ? h.slice(7) : null);
  const lessonHash = (h) => h === "lessons" || h.startsWith("lesson="); // lessons.js opens these
  window.addEventListener("hashchange", () => {
    const id = location.hash.slice(1);
    if (lessonHash(id)) return;
    if (puzzleDate(id) !== null) { if (!puzzle || "puzzle=" + puzzle.date !== id) openPuzzle(puzzleDate(id)); return; }
    if (id && (!game || game.id !== id)) openGame(id);
  });
  applyLanguage();
  const start = location.hash.slice(1) || localStorage.getItem("azar.game");
  if (start && lessonHash(start)) { /* lessons.js */ } else if (start && puzzleDate(start) !== null) openPuzzle(puzzleDate(start));
  else if (start) openGame(start); else showSetup();
}
