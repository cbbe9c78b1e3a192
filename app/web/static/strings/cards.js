// The card games' and four-player chaturanga's words for a newcomer:
// when a magic card may be played, what each button does, the engine's
// actions told in a sentence, the legend of the chaturanga pieces and
// the pause between the engine's seats.

export const cards = {
  en: {
    // when a magic card may be played (its windows)
    "win-MAIN": "instead of your move", "win-PRE": "before your move", "win-END": "after your move",
    "win-R-COMMIT": "in reply to a card", "win-R-IMPACT": "in reply to a move", "win-MS": "to escape checkmate",
    "cat-reaction": "reaction", "cat-instant": "instant", "cat-duration": "lasting effect",
    cardWhen: "Play it", cardPlayable: "You may play it now.", cardNotNow: "Not playable now.",
    // the buttons of lucky's steps
    "desc-draw": "Turn the top card of the pile and play it this turn.",
    "desc-annul": "Both players' temporal cards go to the discard pile.",
    "desc-bomb": "Every piece the bomb hits is removed now.",
    "desc-pawns": "All your pawns take their step now.",
    "desc-pass": "End this step without moving.",
    "desc-claim": "Claim the draw the rules allow here (repetition or fifty moves).",
    "desc-reveal": "Reveal which of Azar's pieces is your spy: it becomes yours, and the reveal is your whole move.",
    "desc-passWindow": "Decline: play no card now.",
    "desc-passMate": "Play no card: the checkmate stands and the game ends.",
    "desc-passStalemate": "Play no card: the stalemate stands, a draw.",
    "desc-commit": "Play the card on these targets.",
    // the engine's actions in a sentence
    engineDid: "Azar played", engineDidCard: "Azar drew", engineSays: "Azar", endAfter: "after",
    // magic's targets on the commit buttons
    "flank-k": "kingside", "flank-q": "queenside", fileOf: "{file}-file", counterBy: "counter {sign}1",
    // four-player chaturanga
    c4Legend: "The pieces",
    "c4Legend-K": "raja (K): one square any way; lose it and your army is out",
    "c4Legend-E": "elephant (E): any distance along a line, like a rook",
    "c4Legend-N": "horse (N): the knight's jump",
    "c4Legend-B": "boat (B): exactly two squares diagonally, jumping",
    "c4Legend-P": "pawn: one square forward, captures diagonally forward",
    c4Pause: "Pause between Azar's seats", "c4Pause-0": "none", "c4Pause-400": "short", "c4Pause-900": "medium", "c4Pause-1600": "long",
    // spy chess: the original queen's powers
    "pow-R": "a rook", "pow-B": "a bishop", "pow-N": "a knight", andWord: "and",
    queenMoves: "{who}: original queen on {square}, moves as {powers}", queenCaptured: "{who}: original queen captured",
  },
  es: {
    "win-MAIN": "en lugar de tu jugada", "win-PRE": "antes de tu jugada", "win-END": "después de tu jugada",
    "win-R-COMMIT": "en respuesta a una carta", "win-R-IMPACT": "en respuesta a una jugada", "win-MS": "para salvarte del mate",
    "cat-reaction": "reacción", "cat-instant": "instantánea", "cat-duration": "efecto duradero",
    cardWhen: "Se juega", cardPlayable: "Puedes jugarla ahora.", cardNotNow: "Ahora no se puede jugar.",
    "desc-draw": "Da la vuelta a la carta de arriba del mazo y juégala este turno.",
    "desc-annul": "Las cartas temporales de los dos jugadores van a descartes.",
    "desc-bomb": "Se quitan ahora todas las piezas que alcanza la bomba.",
    "desc-pawns": "Todos tus peones dan su paso ahora.",
    "desc-pass": "Termina este paso sin mover.",
    "desc-claim": "Reclama las tablas que permiten las reglas (repetición o cincuenta jugadas).",
    "desc-reveal": "Revela cuál de las piezas de Azar es tu espía: pasa a ser tuya, y revelar es toda tu jugada.",
    "desc-passWindow": "Rehúsa: no juegas ninguna carta ahora.",
    "desc-passMate": "No juegas carta: el jaque mate se mantiene y la partida acaba.",
    "desc-passStalemate": "No juegas carta: el ahogado se mantiene, tablas.",
    "desc-commit": "Juega la carta sobre estos objetivos.",
    engineDid: "Azar jugó", engineDidCard: "Azar robó", engineSays: "Azar", endAfter: "tras",
    "flank-k": "flanco de rey", "flank-q": "flanco de dama", fileOf: "columna {file}", counterBy: "contador {sign}1",
    c4Legend: "Las piezas",
    "c4Legend-K": "rajá (R): una casilla en cualquier dirección; si lo pierdes, tu ejército queda fuera",
    "c4Legend-E": "elefante (E): cualquier distancia en línea recta, como una torre",
    "c4Legend-N": "caballo (C): el salto del caballo",
    "c4Legend-B": "barco (B): exactamente dos casillas en diagonal, saltando",
    "c4Legend-P": "peón: una casilla adelante, captura en diagonal hacia delante",
    c4Pause: "Pausa entre los ejércitos de Azar", "c4Pause-0": "ninguna", "c4Pause-400": "corta", "c4Pause-900": "media", "c4Pause-1600": "larga",
    "pow-R": "torre", "pow-B": "alfil", "pow-N": "caballo", andWord: "y",
    queenMoves: "{who}: dama original en {square}, mueve como {powers}", queenCaptured: "{who}: dama original capturada",
  },
};
