// The page's words in English and Spanish: every text a player reads
// is a key here (the cards' names and texts, the lessons and the
// prompts come from the server in both languages). An element with
// data-i18n="key" gets its text from this table whenever the language
// changes. t(key, {name: value}) fills "{name}" in the text.
//
// The table is this file's BASE and the areas' tables under strings/
// (one file an area of the page, each {en: {...}, es: {...}}), merged
// in the order of AREAS; a key may be in one table only (a key in two
// stops the page, which every browser test would see).

import { AREAS } from "./strings/index.js";

const BASE = {
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
    cardsWord: "cards", cardWord: "card", passMate: "Accept the mate", passStalemate: "Accept the stalemate", passWindow: "Pass", commitCard: "Commit",
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
    revealed: "revealed", notRevealed: "Azar's card is secret", kingCaptured: "King captured",
    whiteShort: "White", blackShort: "Black", stepEngine: "Azar is playing its turn.",
    dailyPuzzle: "Daily puzzle", puzzleHint: "Show a hint", puzzleMate: "to play and mate in", puzzleWin: "to play and win material",
    "double-attack": "double attack", skewer: "skewer", puzzleRight: "Right! Keep going:", puzzleLeft: "more to find.",
    puzzleWrong: "Not that one:", tryAgain: "Try again.", puzzleSolved: "Solved!", puzzleOf: "Puzzle of",
    analyze: "Analyse the game", analysisTitle: "Analysis", accuracy: "Accuracy", inaccuracies: "Inaccuracies",
    mistakes: "Mistakes", blunders: "Blunders", analysing: "Analysing…", inaccuracy: "inaccuracy", mistake: "mistake",
    blunder: "blunder", best: "best", graphAlt: "White's winning chances after each move", graphAltC4: "Each army's expected points after each move (red, green, yellow, black)", noJudged: "No inaccuracy, mistake or blunder.",
    chaturanga4: "Chaturanga for four", c4Seats: "Who plays each army", "seat-r": "Red", "seat-g": "Green", "seat-y": "Yellow",
    "seat-b": "Black", seatYou: "you", seatPerson: "another person on this device", azarLevel: "Azar, level",
    ruleExtended: "Also a draw: raja + boat against raja + knight", c4ToMove: "to move", c4YourMove: "your move",
    c4Thinking: "is thinking…", c4Out: "out", c4Wins: "wins", "last-raja": "last raja standing", c4Pool: "pool",
    c4Convert: "Convert this waiting pawn", c4ConvertTo: "Convert the pawn to",
    c4PromoteTo: "Promote with a piece of the pool", c4Ranking: "Ranking", c4Draw: "Draw", c4Frozen: "frozen", c4Player: "player",
    c4Azar: "Azar", c4Level: "level", c4DrawBetween: "shared by", pieceE: "elephant", pieceB: "boat", pieceN: "knight",
    c4Round: "Round", c4Waiting: "waiting pawn", c4Local: "four seats, people on this device", c4Turn: "Turn the board", c4WithAzar: "four seats, with Azar",
    spyBadge: "spy", neutral: "neutral", wildcard: "wildcard", wildcardOf: "wildcard:", pawnRole: "{file}-pawn",
    "role-KR": "king's rook", "role-KB": "king's bishop", "role-KN": "king's knight", "role-QR": "queen's rook", "role-QB": "queen's bishop", "role-QN": "queen's knight",
    place1: "1st", place2: "2nd", place3: "3rd", place4: "4th",
    // the board's squares (board.js's describe): "e2, white pawn"
    "pc-wP": "white pawn", "pc-wN": "white knight", "pc-wB": "white bishop", "pc-wR": "white rook", "pc-wQ": "white queen", "pc-wK": "white king",
    "pc-bP": "black pawn", "pc-bN": "black knight", "pc-bB": "black bishop", "pc-bR": "black rook", "pc-bQ": "black queen", "pc-bK": "black king",
    "pc4-rK": "red raja", "pc4-rE": "red elephant", "pc4-rN": "red horse", "pc4-rB": "red boat", "pc4-rP": "red pawn",
    "pc4-gK": "green raja", "pc4-gE": "green elephant", "pc4-gN": "green horse", "pc4-gB": "green boat", "pc4-gP": "green pawn",
    "pc4-yK": "yellow raja", "pc4-yE": "yellow elephant", "pc4-yN": "yellow horse", "pc4-yB": "yellow boat", "pc4-yP": "yellow pawn",
    "pc4-bK": "black raja", "pc4-bE": "black elephant", "pc4-bN": "black horse", "pc4-bB": "black boat", "pc4-bP": "black pawn",
    emptySquare: "empty", selectedSquare: "selected", targetSquare: "legal move", board: "Board",
    queen: "Queen", rook: "Rook", bishop: "Bishop", knight: "Knight",
    // refused inputs
    refuseNotYours: "That piece is not yours to move now.", refuseWait: "Wait: it is not your turn.",
    refuseNoMoves: "That piece has no legal move now.", refuseTarget: "The piece on {from} cannot go to {to}.",
    refuseDrawFirst: "Draw a card first.", refuseChooseSpy: "Choose your spy first (the wildcard's buttons).",
    refuseCardOrPass: "Now only a card may be played, or pass.", refuseCard: "{card} cannot be played now.", refuseSquare: "Not a target of {card}.",
    // settings, sound, themes, the evaluation bar
    settings: "Settings", close: "Close", sound: "Sound", soundOn: "Sound on", soundOff: "Sound off",
    boardTheme: "Board", pieceTheme: "Pieces", "theme-green": "green", "theme-brown": "brown", "theme-blue": "blue",
    "pieces-classic": "classic", "pieces-sepia": "sepia", showCoords: "Show coordinates",
    evalLabel: "Evaluation, White's view", fenLabel: "Start position (FEN)",
    nFullMoves: "moves", nFullMove: "move",
    // the lessons
    lessons: "Lessons", lessonsTitle: "Learn chess", steps: "steps", tasks: "tasks", step: "Step", of: "of",
    prev: "Previous", next: "Next", nextLesson: "Next lesson", retry: "Start the step again", menu: "All lessons",
    youPlay: "You play", learnerWhite: "White", learnerBlack: "Black",
    look: "Look at the board, then go on.", azarPlayed: "Azar played",
    done: "Step complete!", lessonDone: "Lesson complete!", outcome: "With best play:",
    "1-0": "White wins", "0-1": "Black wins", "1/2-1/2": "a draw", completed: "completed",
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
    cardsWord: "cartas", cardWord: "carta", passMate: "Aceptar el mate", passStalemate: "Aceptar el ahogado", passWindow: "Pasar", commitCard: "Jugar",
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
    revealed: "revelada", notRevealed: "La carta de Azar es secreta", kingCaptured: "Rey capturado",
    whiteShort: "Blancas", blackShort: "Negras", stepEngine: "Azar juega su turno.",
    dailyPuzzle: "Problema del día", puzzleHint: "Ver una pista", puzzleMate: "juegan y dan mate en", puzzleWin: "juegan y ganan material",
    "double-attack": "ataque doble", skewer: "enfilada", puzzleRight: "¡Bien! Sigue:", puzzleLeft: "por encontrar.",
    puzzleWrong: "Esa no:", tryAgain: "Prueba otra vez.", puzzleSolved: "¡Resuelto!", puzzleOf: "Problema del",
    analyze: "Analizar la partida", analysisTitle: "Análisis", accuracy: "Precisión", inaccuracies: "Imprecisiones",
    mistakes: "Errores", blunders: "Errores graves", analysing: "Analizando…", inaccuracy: "imprecisión", mistake: "error",
    blunder: "error grave", best: "mejor", graphAlt: "Posibilidades de las blancas tras cada jugada", graphAltC4: "Puntos esperados de cada ejército tras cada jugada (rojo, verde, amarillo, negro)", noJudged: "Ninguna imprecisión ni error.",
    chaturanga4: "Chaturanga a cuatro", c4Seats: "Quién juega cada ejército", "seat-r": "Rojo", "seat-g": "Verde", "seat-y": "Amarillo",
    "seat-b": "Negro", seatYou: "tú", seatPerson: "otra persona en este dispositivo", azarLevel: "Azar, nivel",
    ruleExtended: "También tablas: rajá + barco contra rajá + caballo", c4ToMove: "mueve", c4YourMove: "te toca",
    c4Thinking: "está pensando…", c4Out: "fuera", c4Wins: "gana", "last-raja": "último rajá en pie", c4Pool: "reserva",
    c4Convert: "Convertir este peón en espera", c4ConvertTo: "Convertir el peón en",
    c4PromoteTo: "Coronar con una pieza de la reserva", c4Ranking: "Clasificación", c4Draw: "Tablas", c4Frozen: "congelado", c4Player: "jugador",
    c4Azar: "Azar", c4Level: "nivel", c4DrawBetween: "entre", pieceE: "elefante", pieceB: "barco", pieceN: "caballo",
    c4Round: "Ronda", c4Waiting: "peón en espera", c4Local: "cuatro ejércitos, personas en este dispositivo", c4Turn: "Girar el tablero", c4WithAzar: "cuatro ejércitos, con Azar",
    spyBadge: "espía", neutral: "neutral", wildcard: "comodín", wildcardOf: "comodín:", pawnRole: "peón {file}",
    "role-KR": "torre de rey", "role-KB": "alfil de rey", "role-KN": "caballo de rey", "role-QR": "torre de dama", "role-QB": "alfil de dama", "role-QN": "caballo de dama",
    place1: "1.º", place2: "2.º", place3: "3.º", place4: "4.º",
    // las casillas del tablero: "e2, peón blanco"
    "pc-wP": "peón blanco", "pc-wN": "caballo blanco", "pc-wB": "alfil blanco", "pc-wR": "torre blanca", "pc-wQ": "dama blanca", "pc-wK": "rey blanco",
    "pc-bP": "peón negro", "pc-bN": "caballo negro", "pc-bB": "alfil negro", "pc-bR": "torre negra", "pc-bQ": "dama negra", "pc-bK": "rey negro",
    "pc4-rK": "rajá rojo", "pc4-rE": "elefante rojo", "pc4-rN": "caballo rojo", "pc4-rB": "barco rojo", "pc4-rP": "peón rojo",
    "pc4-gK": "rajá verde", "pc4-gE": "elefante verde", "pc4-gN": "caballo verde", "pc4-gB": "barco verde", "pc4-gP": "peón verde",
    "pc4-yK": "rajá amarillo", "pc4-yE": "elefante amarillo", "pc4-yN": "caballo amarillo", "pc4-yB": "barco amarillo", "pc4-yP": "peón amarillo",
    "pc4-bK": "rajá negro", "pc4-bE": "elefante negro", "pc4-bN": "caballo negro", "pc4-bB": "barco negro", "pc4-bP": "peón negro",
    emptySquare: "vacía", selectedSquare: "seleccionada", targetSquare: "jugada legal", board: "Tablero",
    queen: "Dama", rook: "Torre", bishop: "Alfil", knight: "Caballo",
    refuseNotYours: "Esa pieza no es tuya o no te toca moverla.", refuseWait: "Espera: no es tu turno.",
    refuseNoMoves: "Esa pieza no tiene jugadas legales ahora.", refuseTarget: "La pieza de {from} no puede ir a {to}.",
    refuseDrawFirst: "Primero roba una carta.", refuseChooseSpy: "Primero elige tu espía (los botones del comodín).",
    refuseCardOrPass: "Ahora solo se puede jugar una carta, o pasar.", refuseCard: "{card} no se puede jugar ahora.", refuseSquare: "No es un objetivo de {card}.",
    settings: "Ajustes", close: "Cerrar", sound: "Sonido", soundOn: "Sonido activado", soundOff: "Sonido desactivado",
    boardTheme: "Tablero", pieceTheme: "Piezas", "theme-green": "verde", "theme-brown": "marrón", "theme-blue": "azul",
    "pieces-classic": "clásicas", "pieces-sepia": "sepia", showCoords: "Mostrar coordenadas",
    evalLabel: "Evaluación, desde las blancas", fenLabel: "Posición inicial (FEN)",
    nFullMoves: "jugadas", nFullMove: "jugada",
    // the lessons
    lessons: "Lecciones", lessonsTitle: "Aprende ajedrez", steps: "pasos", tasks: "tareas", step: "Paso", of: "de",
    prev: "Anterior", next: "Siguiente", nextLesson: "Siguiente lección", retry: "Empezar el paso de nuevo", menu: "Todas las lecciones",
    youPlay: "Juegas con", learnerWhite: "blancas", learnerBlack: "negras",
    look: "Mira el tablero y sigue.", azarPlayed: "Azar jugó",
    done: "¡Paso completado!", lessonDone: "¡Lección completada!", outcome: "Con el mejor juego:",
    "1-0": "ganan las blancas", "0-1": "ganan las negras", "1/2-1/2": "tablas", completed: "completada",
  },
};

const STRINGS = { en: { ...BASE.en }, es: { ...BASE.es } };
for (const area of AREAS) {
  for (const lang of Object.keys(STRINGS)) {
    for (const [k, text] of Object.entries(area[lang] || {})) {
      if (k in STRINGS[lang]) throw new Error(`i18n: the key ${k} is in two tables`);
      STRINGS[lang][k] = text;
    }
  }
}

// table is a language's whole table, a copy: the browser test of the
// Spanish page (app/e2e/spanish_test.go) imports it to find any English
// text left on it.
export const table = (lang) => ({ ...STRINGS[lang] });

// createI18n is the page's language: the one a player chose before
// (localStorage azar.lang), else the page's (<html lang>, from
// Accept-Language), else English.
export function createI18n() {
  let lang = localStorage.getItem("azar.lang") || document.documentElement.lang || "en";
  if (!STRINGS[lang]) lang = "en";
  const listeners = [];
  const t = (k, vars) => {
    let s = STRINGS[lang][k] || STRINGS.en[k] || k;
    if (vars) for (const [n, v] of Object.entries(vars)) s = s.replace("{" + n + "}", v);
    return s;
  };
  return {
    t,
    lang: () => lang,
    // has says whether the table has the key (in English, which has all).
    has: (k) => k in STRINGS.en,
    // other is the language not shown (a card shows its name in both).
    other: () => (lang === "es" ? "en" : "es"),
    // apply writes the page's fixed texts in the language.
    apply() {
      document.documentElement.lang = lang;
      document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
      // a control named by aria-label (a button with a piece's picture, a field)
      document.querySelectorAll("[data-i18n-label]").forEach((el) => { el.setAttribute("aria-label", t(el.dataset.i18nLabel)); });
    },
    // set changes the language (kept for the next visit) and tells
    // every listener, in the order they listened.
    set(l) {
      lang = STRINGS[l] ? l : "en";
      localStorage.setItem("azar.lang", lang);
      this.apply();
      for (const f of listeners) f();
    },
    onChange(f) { listeners.push(f); },
  };
}
