package games

import (
	"slices"
	"strings"

	"azar/variants"
	"azar/variants/chess"
	"azar/variants/magic"
)

// magicTexts is each card's effect in plain words, English and Spanish
// (docs/rules/magic.md §16.2 is the full text): no window codes, no
// piece letters, the counters said as turns. A counter of N ticks at the
// end of each of its owner's turns (§8); "until the end of your next
// turn" is the rules' UEYNT.
var magicTexts = map[string][2]string{
	"AM01": {"In reply to a card: cancel it. Or instead of your move: a guard that cancels the rival's next card, until the end of your next turn.",
		"En respuesta a una carta: la anula. O en lugar de tu jugada: una guarda que anula la próxima carta del rival, hasta el final de tu próximo turno."},
	"AM03": {"In reply to a move: undo the rival's last move; they must play a different one.",
		"En respuesta a una jugada: deshace la última jugada del rival; debe hacer otra distinta."},
	"AM05": {"One of your pieces (not the king) cannot be captured and is immune to the rival's cards, until the end of your next turn.",
		"Una pieza tuya (no el rey) no puede ser capturada y es inmune a las cartas del rival, hasta el final de tu próximo turno."},
	"AM07": {"Every pawn of yours on one flank gets Shield's protection, until the end of your next turn.",
		"Cada peón tuyo de un flanco recibe la protección de Escudo, hasta el final de tu próximo turno."},
	"AM08": {"The rival's cards cannot remove your pieces, until the end of your next turn.",
		"Las cartas del rival no pueden eliminar tus piezas, hasta el final de tu próximo turno."},
	"AM09": {"The rival's cards cannot move or swap your pieces, until the end of your next turn.",
		"Las cartas del rival no pueden mover ni intercambiar tus piezas, hasta el final de tu próximo turno."},
	"AM10": {"Your pieces on one flank are immune to the rival's removals, relocations, paralysis and bans, until the end of your next turn.",
		"Tus piezas de un flanco son inmunes a eliminaciones, reubicaciones, parálisis y prohibiciones del rival, hasta el final de tu próximo turno."},
	"AM11": {"End one lasting effect in play.", "Termina un efecto duradero en juego."},
	"AM12": {"Add one turn to a lasting effect's counter, or take one away.", "Suma un turno al contador de un efecto duradero, o quítale uno."},
	"AM13": {"Move one of your pieces (not the king) to an empty square up to 3 squares away.",
		"Lleva una pieza tuya (no el rey) a una casilla vacía a 3 casillas o menos."},
	"AM15": {"Move your king to an empty, unattacked square up to 2 squares away.",
		"Lleva tu rey a una casilla vacía y no atacada a 2 casillas o menos."},
	"AM16": {"Your king and one of your pieces up to 2 squares away swap squares.",
		"Tu rey y una pieza tuya a 2 casillas o menos intercambian sus casillas."},
	"AM17": {"Move a rival piece (not the king or queen) to an empty square up to 2 squares away.",
		"Lleva una pieza del rival (no el rey ni la dama) a una casilla vacía a 2 casillas o menos."},
	"AM18": {"Two of your pieces (not the king) swap squares.", "Dos piezas tuyas (no el rey) intercambian sus casillas."},
	"AM19": {"Remove a rival piece (not the king or queen) up to 2 squares from your king.",
		"Elimina una pieza del rival (no el rey ni la dama) a 2 casillas o menos de tu rey."},
	"AM20": {"Remove one of your pieces, then a rival piece worth no more than it.",
		"Elimina una pieza tuya y luego una del rival que no valga más que ella."},
	"AM21": {"Remove a rival pawn in your half of the board.", "Elimina un peón del rival en tu mitad del tablero."},
	"AM22": {"Remove every pawn on one file.", "Elimina todos los peones de una columna."},
	"AM23": {"Two quiet moves (no captures) by two different pieces of yours (not the king or a pawn).",
		"Dos jugadas sin captura de dos piezas tuyas distintas (no el rey ni un peón)."},
	"AM24": {"One to three of your pawns on one flank step forward, in order.",
		"De uno a tres peones tuyos de un flanco avanzan una casilla, en orden."},
	"AM25": {"Bring back one of your captured knights, bishops, rooks or pawns onto your first rank (a pawn: your second).",
		"Recupera un caballo, alfil, torre o peón tuyo capturado en tu primera fila (el peón: en la segunda)."},
	"AM26": {"Bring back one of your captured knights, bishops or pawns next to your king.",
		"Recupera un caballo, alfil o peón tuyo capturado junto a tu rey."},
	"AM27": {"One of your pawns on its 6th or 7th rank becomes a knight, bishop or rook.",
		"Un peón tuyo en su sexta o séptima fila se convierte en caballo, alfil o torre."},
	"AM28": {"One of your knights becomes a bishop, or a bishop a knight.", "Un caballo tuyo se convierte en alfil, o un alfil en caballo."},
	"AM29": {"This turn a rook or queen may jump over exactly one piece along its line.",
		"Este turno una torre o dama puede saltar exactamente una pieza en su línea."},
	"AM30": {"This turn a pawn on its 3rd to 6th rank may advance two squares.",
		"Este turno un peón en su tercera a sexta fila puede avanzar dos casillas."},
	"AM31": {"This turn your king may move exactly two squares in a line.", "Este turno tu rey puede moverse exactamente dos casillas en línea."},
	"AM32": {"One of your bishops, rooks or queen also moves, captures and attacks like a knight (counter 3: about three turns).",
		"Un alfil, torre o dama tuyo también mueve, captura y ataca como un caballo (contador 3: unos tres turnos)."},
	"AM33": {"A rival piece (not the king) cannot move (counter 3: about three turns).",
		"Una pieza del rival (no el rey) no puede moverse (contador 3: unos tres turnos)."},
	"AM34": {"A wall on an empty square not next to the rival king: no piece may stop there and it blocks lines (knights jump it) (counter 3: about three turns).",
		"Un muro en una casilla vacía que no toque al rey rival: ninguna pieza puede detenerse allí y corta las líneas (los caballos lo saltan) (contador 3: unos tres turnos)."},
	"AM35": {"A mine on an empty square in your half: a rival piece that ends a move there is removed (counter 4: about four turns).",
		"Una mina en una casilla vacía de tu mitad: la pieza rival que termine allí una jugada es eliminada (contador 4: unos cuatro turnos)."},
	"AM36": {"No piece on a 2×2 block in your half can be captured or removed, until the end of your next turn.",
		"Ninguna pieza de un bloque de 2×2 de tu mitad puede ser capturada ni eliminada, hasta el final de tu próximo turno."},
	"AM37": {"No piece on one file can be captured by a move, until the end of your next turn.",
		"Ninguna pieza de una columna puede ser capturada con una jugada, hasta el final de tu próximo turno."},
	"AM38": {"The rival's pawns on one flank cannot move, until the end of your next turn.",
		"Los peones del rival de un flanco no pueden moverse, hasta el final de tu próximo turno."},
	"AM39": {"The rival's pieces (not pawns or the king) cannot end a move next to your king, until the end of your next turn.",
		"Las piezas del rival (no peones ni el rey) no pueden terminar una jugada junto a tu rey, hasta el final de tu próximo turno."},
	"AM40": {"The rival cannot play any card, except one that saves them from checkmate, until the end of your next turn.",
		"El rival no puede jugar ninguna carta, salvo una que le salve del mate, hasta el final de tu próximo turno."},
}

// magicTwins are the cards printed twice: the second's text is the
// first's.
var magicTwins = map[string]string{"AM02": "AM01", "AM04": "AM03", "AM06": "AM05", "AM14": "AM13"}

// magicCardText is card c's effect in both languages.
func magicCardText(c magic.CardID) Texts {
	code := c.Code()
	if twin, ok := magicTwins[code]; ok {
		code = twin
	}
	t := magicTexts[code]
	return Texts{En: t[0], Es: t[1]}
}

// magicName is a card's name as the move list and the notes write it:
// its printed Spanish name, with the English one after it on an English
// page ("Muro (wall)").
func magicName(c magic.CardID) Texts {
	info := c.Info()
	return Texts{En: info.Name + " (" + strings.ToLower(info.English) + ")", Es: info.Name}
}

// pendingCard is the card committed and waiting for its reaction window,
// magic.NumCards when none.
func pendingCard(st *magic.State) magic.CardID {
	if a, ok := st.Pending(); ok {
		c, _ := magic.CardOf(a)
		return c
	}
	return magic.NumCards
}

// magicNote writes action a, just played, as the move list shows it,
// from the board before it and the effects then (pending: the card then
// waiting for its reaction, if any), and rec, the record's form: a
// standard move in SAN (a move only the effects allow in the long form,
// Ke1-e3), a card by its name and targets in words ("Muro (wall) on e5"),
// a reaction or mate save said so; a piece an effect took off is named
// with the effect (a mine under the piece that moved, the card that
// resolved). A declined window is nothing, unless a pending card resolved
// with it.
func magicNote(before *chess.Position, effects []MagicEffect, pending magic.CardID, st *magic.State, a variants.Action, rec string) Note {
	return withEnd(magicAction(before, effects, pending, st, a, rec), st)
}

// magicAction is magicNote's entry before the game's end is said.
func magicAction(before *chess.Position, effects []MagicEffect, pending magic.CardID, st *magic.State, a variants.Action, rec string) Note {
	after := st.Position()
	switch magic.TypeOf(a) {
	case magic.ActClaim:
		return Note{textPart("claims a draw", "reclama tablas")}
	case magic.ActPass:
		gone := removed(before, after)
		if len(gone) == 0 {
			return Note{}
		}
		by := Texts{En: "an effect", Es: "un efecto"}
		if pending != magic.NumCards {
			by = magicName(pending)
		}
		return Note{removesPart(by, gone)}
	case magic.ActMove:
		m := magic.MoveOf(a)
		tok := magic.FormatAction(a)
		from, to := m.From(), m.To()
		san := rec
		if san == tok {
			san = longMove(before, from, to)
		}
		n := Note{sanPart(san)}
		if after.At(to) == chess.NoPiece {
			by := Texts{En: "a mine", Es: "una mina"}
			for _, e := range effects {
				if e.Kind == "mine" && slices.Contains(e.Squares, to.String()) {
					c, _ := magic.ParseCode(e.Card)
					by = magicName(c)
				}
			}
			n = append(n, removesPart(by, []Texts{pieceOn(before.At(from).Type(), to)}))
		}
		if gone := removed(before, after, from, to); len(gone) > 0 {
			n = append(n, removesPart(Texts{En: "an effect", Es: "un efecto"}, gone))
		}
		return n
	}
	c, w := magic.CardOf(a)
	n := Note{cardPart(c.Code(), magicName(c))}
	if t := magicTargets(c, magic.FormatAction(a)); t.En != "" {
		n = append(n, textsPart(t))
	}
	switch w {
	case magic.RCommit, magic.RImpact:
		n = append(n, textPart("(reaction)", "(reacción)"))
	case magic.MS:
		n = append(n, textPart("(to escape the mate)", "(para salvarse del mate)"))
	}
	if gone := removed(before, after); len(gone) > 0 {
		n = append(n, removesPart(magicName(c), gone))
	}
	return n
}

// magicTargets is a card token's targets in words: "on e5", "b1 to d4",
// "on the kingside", "on the d-file", "on Muro (wall)", "a knight on a1".
func magicTargets(c magic.CardID, tok string) Texts {
	_, rest, ok := strings.Cut(tok, ":")
	if !ok {
		return Texts{}
	}
	args := strings.Split(rest, ",")
	arg := func(i int) string {
		if i < len(args) {
			return args[i]
		}
		return ""
	}
	// piece is "a knight" / "un caballo".
	piece := func(s string) [2]string {
		if s == "" {
			return [2]string{}
		}
		t := chess.PieceType(strings.IndexByte("PNBRQK", s[0]) + 1)
		if t == chess.Rook || t == chess.Queen {
			return [2]string{"a " + pieceNames[t][0], "una " + pieceNames[t][1]}
		}
		return [2]string{"a " + pieceNames[t][0], "un " + pieceNames[t][1]}
	}
	switch c.Info().Targets {
	case magic.TSquare:
		return Texts{En: "on " + arg(0), Es: "en " + arg(0)}
	case magic.TFlank:
		if arg(0) == "k" {
			return Texts{En: "on the kingside", Es: "en el flanco de rey"}
		}
		return Texts{En: "on the queenside", Es: "en el flanco de dama"}
	case magic.TFile:
		return Texts{En: "on the " + arg(0) + "-file", Es: "en la columna " + arg(0)}
	case magic.TEffect, magic.TEffectSign:
		e, _ := magic.ParseCode(arg(0))
		t := Texts{En: "on " + magicName(e).En, Es: "sobre " + magicName(e).Es}
		if sign := arg(1); sign != "" {
			t.En += ", counter " + sign + "1"
			t.Es += ", contador " + sign + "1"
		}
		return t
	case magic.TTwoSquares:
		return Texts{En: arg(0) + " and " + arg(1), Es: arg(0) + " y " + arg(1)}
	case magic.TTwoMoves, magic.TPawns:
		var parts []string
		for _, a := range args {
			if len(a) == 4 {
				a = a[:2] + "-" + a[2:]
			}
			parts = append(parts, a)
		}
		return Texts{En: joinWords(parts, "and"), Es: joinWords(parts, "y")}
	case magic.TPieceSquare:
		p := piece(arg(0))
		return Texts{En: p[0] + " on " + arg(1), Es: p[1] + " en " + arg(1)}
	case magic.TSquarePiece:
		p := piece(arg(1))
		return Texts{En: arg(0) + " becomes " + p[0], Es: arg(0) + " pasa a ser " + p[1]}
	}
	return Texts{}
}

// magicWords is a card and its targets in words ("Muro (wall) on e5").
func magicWords(c magic.CardID, tok string) Texts {
	n, t := magicName(c), magicTargets(c, tok)
	if t.En == "" {
		return n
	}
	return Texts{En: n.En + " " + t.En, Es: n.Es + " " + t.Es}
}
