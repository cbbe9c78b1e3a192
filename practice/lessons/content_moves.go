package lessons

// The first group: how the pieces move (lessons 1 to 3).

const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

func goal(kind GoalKind) Goal { return Goal{Kind: kind} }

func lessonPieces() Lesson {
	return Lesson{
		ID:    "pieces",
		Group: GroupMoves,
		Title: tx("El tablero y las piezas", "The board and the pieces"),
		Intro: tx("El ajedrez se juega en un tablero de 64 casillas entre dos bandos, blancas y negras. Cada bando tiene 16 piezas y las blancas mueven primero. Aquí verás cómo se mueve cada una.",
			"Chess is played on a board of 64 squares by two sides, White and Black. Each side has 16 pieces and White moves first. Here you will see how each one moves."),
		Steps: []Step{
			{
				FEN: startFEN,
				Text: tx("Las columnas van de la a a la h y las filas del 1 al 8: cada casilla tiene un nombre, como e4. La casilla de la esquina derecha de cada jugador es blanca. Delante van los ocho peones; detrás, torres, caballos, alfiles, la dama y el rey. La dama empieza en la casilla de su color: la dama blanca en d1, la negra en d8.",
					"The files run from a to h and the ranks from 1 to 8: every square has a name, such as e4. The corner square on each player's right is a light one. The eight pawns stand in front; behind them the rooks, knights, bishops, the queen and the king. The queen starts on her own colour: the white queen on d1, the black one on d8."),
				Highlights: []string{"d1", "d8", "h1"},
			},
			{
				FEN: "4k3/n7/8/8/8/8/8/R3K3 w - - 0 1",
				Text: tx("La torre se mueve en línea recta, por filas y columnas, tantas casillas como quiera, pero no puede saltar piezas. Captura ocupando la casilla de una pieza rival.",
					"The rook moves in a straight line, along ranks and files, as many squares as it likes, but it cannot jump over pieces. It captures by taking the place of an enemy piece."),
				Arrows: []Arrow{{"a1", "a7"}},
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Captura el caballo con la torre.", "Capture the knight with the rook."),
					Goals:    []Goal{{Kind: GoalReach, Piece: "R", Squares: []string{"a7"}}, {Kind: GoalCapture, Piece: "N"}},
					Solution: []string{"a1a7"},
					Success:  tx("¡Bien! La torre subió por la columna a.", "Well done! The rook went up the a-file."),
				},
			},
			{
				FEN: "4k3/8/8/6r1/8/8/8/2B1K3 w - - 0 1",
				Text: tx("El alfil se mueve en diagonal, tantas casillas como quiera. Por eso cada alfil se queda siempre en casillas de un mismo color.",
					"The bishop moves diagonally, as many squares as it likes. That is why each bishop always stays on squares of one colour."),
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Captura la torre con el alfil.", "Capture the rook with the bishop."),
					Goals:    []Goal{{Kind: GoalReach, Piece: "B", Squares: []string{"g5"}}, {Kind: GoalCapture, Piece: "R"}},
					Solution: []string{"c1g5"},
					Success:  tx("¡Eso es! Una diagonal entera de un solo movimiento.", "That's it! A whole diagonal in one move."),
				},
			},
			{
				FEN: "4k3/3n4/8/7b/8/8/8/3QK3 w - - 0 1",
				Text: tx("La dama es la pieza más poderosa: se mueve como la torre y como el alfil a la vez. Aquí puede capturar dos piezas, pero solo una de ellas está sin defender.",
					"The queen is the most powerful piece: she moves like a rook and like a bishop at once. Here she can capture two pieces, but only one of them is undefended."),
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Captura la pieza que nadie defiende.", "Capture the piece nobody defends."),
					Goals:    []Goal{goal(GoalCapture), goal(GoalSafe)},
					Solution: []string{"d1h5"},
					Success:  tx("¡Correcto! El alfil de h5 estaba solo. El caballo de d7 lo defendía el rey.", "Right! The bishop on h5 was alone. The king defended the knight on d7."),
				},
			},
			{
				FEN: "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1",
				Text: tx("El rey se mueve una sola casilla en cualquier dirección. Nunca puede ir a una casilla atacada por el rival: por eso aquí no puede ir a d1, e2 ni f2.",
					"The king moves one square in any direction. It may never go to a square the opponent attacks: that is why here it cannot go to d1, e2 or f2."),
				Highlights: []string{"d1", "e2", "f2"},
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("La torre negra no está defendida: captúrala con el rey.", "The black rook is undefended: capture it with the king."),
					Goals:    []Goal{{Kind: GoalReach, Piece: "K", Squares: []string{"d2"}}, {Kind: GoalCapture, Piece: "R"}},
					Solution: []string{"e1d2"},
					Success:  tx("¡Bien! El rey también captura, si la pieza no está defendida.", "Good! The king captures too, when the piece is undefended."),
				},
			},
			{
				FEN: startFEN,
				Text: tx("El caballo salta en forma de L: dos casillas en una dirección y una de lado. Es la única pieza que puede saltar por encima de las demás, por eso puede salir antes de mover ningún peón.",
					"The knight jumps in an L: two squares one way and one to the side. It is the only piece that can jump over others, so it can come out before any pawn has moved."),
				Arrows: []Arrow{{"g1", "f3"}, {"g1", "h3"}},
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Salta por encima de los peones con el caballo de g1.", "Jump over the pawns with the knight on g1."),
					Goals:    []Goal{{Kind: GoalReach, Piece: "N", Squares: []string{"f3", "h3"}}},
					Solution: []string{"g1f3"},
					Success:  tx("¡Hop! Desde f3 el caballo mira al centro.", "Hop! From f3 the knight looks at the centre."),
				},
			},
			{
				FEN: "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
				Text: tx("El peón avanza una casilla hacia delante (dos, si es su primer movimiento), pero captura en diagonal, una casilla hacia delante. Nunca retrocede.",
					"The pawn moves one square forward (two on its first move), but it captures diagonally, one square forward. It never goes back."),
				Arrows: []Arrow{{"e4", "d5"}},
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Captura el peón negro con tu peón.", "Capture the black pawn with your pawn."),
					Goals:    []Goal{{Kind: GoalReach, Piece: "P", Squares: []string{"d5"}}, {Kind: GoalCapture, Piece: "P"}},
					Solution: []string{"e4d5"},
					Success:  tx("¡Muy bien! El peón captura en diagonal.", "Very good! The pawn captures diagonally."),
				},
			},
		},
	}
}

func lessonSpecialMoves() Lesson {
	return Lesson{
		ID:    "special-moves",
		Group: GroupMoves,
		Title: tx("Enroque, captura al paso y coronación", "Castling, en passant and promotion"),
		Intro: tx("Tres movimientos especiales completan las reglas: el enroque, la captura al paso y la coronación del peón.",
			"Three special moves complete the rules: castling, en passant and promotion."),
		Steps: []Step{
			{
				FEN: "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1",
				Text: tx("En el enroque el rey se mueve dos casillas hacia una torre y esa torre salta al otro lado del rey. Solo se puede si ni el rey ni esa torre se han movido, no hay piezas entre ellos, y el rey no está en jaque ni pasa o cae en una casilla atacada.",
					"In castling the king moves two squares towards a rook and that rook jumps to the king's other side. It is allowed only if neither the king nor that rook has moved, there is nothing between them, and the king is not in check and does not pass through or land on an attacked square."),
				Arrows: []Arrow{{"e1", "g1"}, {"h1", "f1"}},
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Enroca corto: el rey a g1.", "Castle kingside: the king to g1."),
					Goals:    []Goal{{Kind: GoalCastle, Squares: []string{"g1"}}},
					Solution: []string{"e1g1"},
					Success:  tx("¡Enrocado! El rey está a salvo y la torre entra en juego.", "Castled! The king is safe and the rook joins the game."),
				},
			},
			{
				FEN: "4k3/8/8/8/2b5/8/8/R3K2R w KQ - 0 1",
				Text: tx("El alfil negro ataca f1, una casilla por la que el rey tendría que pasar para enrocar corto. Ese enroque no está permitido; el largo, sí.",
					"The black bishop attacks f1, a square the king would pass through to castle kingside. That castling is not allowed; queenside castling is."),
				Highlights: []string{"f1"},
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Enroca hacia el lado permitido.", "Castle to the side that is allowed."),
					Goals:    []Goal{goal(GoalCastle)},
					Solution: []string{"e1c1"},
					Success:  tx("¡Exacto! En el enroque largo el rey va a c1 y la torre a d1.", "Exactly! In queenside castling the king goes to c1 and the rook to d1."),
				},
			},
			{
				FEN: "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
				Text: tx("El peón negro acaba de avanzar dos casillas, de d7 a d5, y se ha puesto al lado de tu peón. Justo ahora, y solo ahora, tu peón puede capturarlo «al paso», como si hubiera avanzado una sola casilla: tu peón va a d6 y el negro desaparece.",
					"The black pawn has just moved two squares, from d7 to d5, and landed beside your pawn. Right now, and only now, your pawn may take it \"en passant\", as if it had moved just one square: your pawn goes to d6 and the black pawn is removed."),
				Arrows: []Arrow{{"e5", "d6"}},
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Captura al paso.", "Capture en passant."),
					Goals:    []Goal{goal(GoalEnPassant)},
					Solution: []string{"e5d6"},
					Success:  tx("¡Así es la captura al paso! Si esperas una jugada, ya no se puede.", "That is en passant! Wait one move and it is gone."),
				},
			},
			{
				FEN: "8/4P3/8/8/8/8/k7/4K3 w - - 0 1",
				Text: tx("Cuando un peón llega a la última fila se convierte en la pieza que elijas: dama, torre, alfil o caballo. Casi siempre se elige la dama.",
					"When a pawn reaches the last rank it becomes the piece you choose: a queen, rook, bishop or knight. Nearly always the queen."),
				Arrows: []Arrow{{"e7", "e8"}},
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Corona el peón en dama.", "Promote the pawn to a queen."),
					Goals:    []Goal{{Kind: GoalPromote, Piece: "Q"}},
					Solution: []string{"e7e8q"},
					Success:  tx("¡Una dama nueva! Un peón que corona vale tanto como la pieza que elige ser.", "A new queen! A pawn that promotes is worth as much as the piece it becomes."),
				},
			},
		},
	}
}

func lessonCheckmate() Lesson {
	return Lesson{
		ID:    "check-mate",
		Group: GroupMoves,
		Title: tx("Jaque, jaque mate y ahogado", "Check, checkmate and stalemate"),
		Intro: tx("El objetivo del ajedrez es dar jaque mate al rey rival. Aquí aprenderás qué es el jaque, cómo se sale de él, qué es el mate y por qué el ahogado es tablas.",
			"The aim of chess is to checkmate the enemy king. Here you will learn what check is, how to get out of it, what mate is and why stalemate is a draw."),
		Steps: []Step{
			{
				FEN: "6k1/8/8/8/8/8/8/R3K3 w - - 0 1",
				Text: tx("Una pieza que ataca al rey rival le da jaque. El rival está obligado a responder al jaque en su siguiente jugada.",
					"A piece that attacks the enemy king gives check. The opponent must answer the check with the next move."),
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Da jaque con la torre.", "Give check with the rook."),
					Goals:    []Goal{goal(GoalCheck)},
					Solution: []string{"a1a8"},
					Success:  tx("¡Jaque! La torre ataca al rey por la octava fila.", "Check! The rook attacks the king along the eighth rank."),
				},
			},
			{
				FEN: "4k3/8/8/3N4/1b6/8/8/4K3 w - - 0 1",
				Text: tx("Tu rey está en jaque. Hay tres formas de salir: mover el rey, poner una pieza en medio o capturar la pieza que da jaque. Las tres valen, pero aquí una es mucho mejor.",
					"Your king is in check. There are three ways out: move the king, put a piece in between, or capture the checking piece. All three are legal, but here one is much better."),
				Arrows: []Arrow{{"b4", "e1"}},
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Sal del jaque capturando la pieza que lo da.", "Get out of check by capturing the checking piece."),
					Goals:    []Goal{{Kind: GoalCapture, Piece: "B"}},
					Solution: []string{"d5b4"},
					Success:  tx("¡Perfecto! Sales del jaque y ganas un alfil.", "Perfect! You get out of check and win a bishop."),
				},
			},
			{
				FEN: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
				Text: tx("Jaque mate es un jaque del que no hay salida: la partida termina y gana quien lo da. Aquí el rey negro está encerrado por sus propios peones.",
					"Checkmate is a check with no way out: the game ends and the side that gives it wins. Here the black king is boxed in by its own pawns."),
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Da jaque mate en una jugada.", "Give checkmate in one move."),
					Goals:    []Goal{goal(GoalMate)},
					Solution: []string{"a1a8"},
					Success:  tx("¡Jaque mate! Es el «mate del pasillo»: cuidado siempre con tu última fila.", "Checkmate! This is the \"back-rank mate\": always mind your own back rank."),
				},
			},
			{
				FEN: "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1",
				Text: tx("Si el rival no tiene ninguna jugada legal pero su rey no está en jaque, es ahogado, y el ahogado es tablas. Con mucha ventaja, deja siempre una jugada al rival… o dale mate.",
					"If the opponent has no legal move but their king is not in check, it is stalemate, and stalemate is a draw. When far ahead, always leave the opponent a move… or mate them."),
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Da mate en una, sin ahogar.", "Mate in one, without stalemating."),
					Goals:    []Goal{goal(GoalMate)},
					Solution: []string{"c1c8"},
					Success:  tx("¡Mate! Si hubieras jugado Dc7, sería ahogado: tablas.", "Mate! Had you played Qc7 it would be stalemate: a draw."),
				},
			},
			{
				FEN: "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",
				Text: tx("Esto es ahogado: juegan las negras, su rey no está en jaque y no tiene ninguna casilla. La partida acaba en tablas, aunque las blancas tengan una dama de más.",
					"This is stalemate: Black to move, the king is not in check and has no square. The game is a draw, even though White has an extra queen."),
				Highlights: []string{"a7", "b7", "b8"},
				Outcome:    "1/2-1/2",
			},
		},
	}
}
