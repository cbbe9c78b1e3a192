package lessons

// The third group: endgames (lessons 7 and 8).

func lessonRookMate() Lesson {
	return Lesson{
		ID:    "rook-mate",
		Group: GroupEndgames,
		Title: tx("Rey y torre contra rey", "King and rook against king"),
		Intro: tx("Con rey y torre contra rey solo se gana dando mate, y el mate se da siempre en el borde del tablero. La torre corta el paso al rey rival y tu rey se acerca para ayudar.",
			"With king and rook against king the only way to win is mate, and the mate always comes on the edge of the board. The rook cuts the enemy king off and your king comes closer to help."),
		Steps: []Step{
			{
				FEN: "3k3R/8/3K4/8/8/8/8/8 b - - 0 1",
				Text: tx("Este es el mate que buscamos: el rey negro en el borde, tu rey enfrente (con una casilla en medio) y la torre dando jaque por la fila del borde.",
					"This is the mate we are after: the black king on the edge, your king facing it (one square between them) and the rook checking along the edge."),
				Highlights: []string{"d8", "d6"},
				Outcome:    "1-0",
			},
			{
				FEN: "3k4/8/3K4/8/8/8/8/7R w - - 0 1",
				Text: tx("Los reyes ya están enfrentados. Solo falta el jaque de la torre por la octava fila.",
					"The kings already face each other. All that is missing is the rook's check along the eighth rank."),
				Outcome: "1-0",
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Da mate en una.", "Mate in one."),
					Goals:    []Goal{goal(GoalMate)},
					Solution: []string{"h1h8"},
					Success:  tx("¡Mate! Tu rey quita d7, c7 y e7; la torre, toda la octava fila.", "Mate! Your king covers c7, d7 and e7; the rook the whole eighth rank."),
				},
			},
			{
				FEN: "4k3/8/3K4/8/8/8/8/7R w - - 0 1",
				Text: tx("Aquí los reyes no están enfrentados. Con una jugada de torre puedes quitarle casillas al rey negro para que su única jugada lo lleve frente a tu rey.",
					"Here the kings do not face each other. With a rook move you can take squares from the black king so that its only move brings it in front of your king."),
				Outcome: "1-0",
				Task: &Task{
					Kind:     TaskPlay,
					Aim:      AimMate,
					Moves:    2,
					Prompt:   tx("Da mate en dos jugadas. El motor defiende a las negras.", "Mate in two moves. The engine defends for Black."),
					Solution: []string{"h1f1", "e8d8", "f1f8"},
					Success:  tx("¡Mate en dos! La torre en f1 le quitó f7 y f8 al rey.", "Mate in two! The rook on f1 took f7 and f8 from the king."),
				},
			},
			{
				FEN: "6k1/R7/8/4K3/8/8/8/8 w - - 0 1",
				Text: tx("La torre en la séptima fila encierra al rey negro en la octava. Ahora tu rey tiene que subir hasta ponerse enfrente.",
					"The rook on the seventh rank shuts the black king in on the eighth. Now your king must walk up until it faces it."),
				Outcome: "1-0",
				Task: &Task{
					Kind:     TaskPlay,
					Aim:      AimMate,
					Moves:    3,
					Prompt:   tx("Da mate en tres jugadas contra el motor.", "Mate in three moves against the engine."),
					Solution: []string{"e5f6", "g8h8", "f6g6", "h8g8", "a7a8"},
					Success:  tx("¡Mate! El rey subió y la torre remató en el borde.", "Mate! The king walked up and the rook finished on the edge."),
				},
			},
			{
				FEN: "k7/3R4/8/4K3/8/8/8/8 w - - 0 1",
				Text: tx("Ahora tu rey está lejos: acércalo. Cuando el rey negro evite ponerse frente al tuyo, «pierde» una jugada con la torre, lejos del rey, para que sea él quien tenga que moverse.",
					"Now your king is far away: bring it closer. When the black king avoids facing yours, \"waste\" a move with the rook, far from the king, so that it is the king who has to move."),
				Outcome: "1-0",
				Task: &Task{
					Kind:     TaskPlay,
					Aim:      AimMate,
					Moves:    5,
					Prompt:   tx("Da mate en cinco jugadas contra el motor.", "Mate in five moves against the engine."),
					Solution: []string{"e5d5", "a8b8", "d5c6", "b8c8", "d7d1", "c8b8", "d1a1", "b8c8", "a1a8"},
					Success:  tx("¡Mate! Ya sabes ganar con rey y torre.", "Mate! Now you know how to win with king and rook."),
				},
			},
		},
	}
}

func lessonKingPawn() Lesson {
	return Lesson{
		ID:    "king-pawn",
		Group: GroupEndgames,
		Title: tx("Rey y peón contra rey", "King and pawn against king"),
		Intro: tx("Con rey y peón contra rey, el bando del peón gana si corona sin perderlo; si no, es tablas. Dos ideas lo deciden: la regla del cuadrado y la oposición.",
			"With king and pawn against king, the pawn's side wins if it promotes without losing the pawn; otherwise it is a draw. Two ideas decide it: the rule of the square and the opposition."),
		Steps: []Step{
			{
				FEN: "8/8/8/P3k3/8/8/8/7K w - - 0 1",
				Text: tx("La regla del cuadrado: imagina un cuadrado desde el peón hasta la casilla de coronar (aquí a5–d5–d8–a8). Si el rey rival puede entrar en él, alcanza al peón; si no, el peón corona solo. Juegan las blancas.",
					"The rule of the square: picture a square from the pawn to its promotion square (here a5–d5–d8–a8). If the enemy king can step into it, it catches the pawn; if not, the pawn promotes on its own. White to move."),
				Highlights: []string{"a5", "d5", "d8", "a8"},
				Outcome:    "1-0",
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Haz la jugada que gana.", "Play the winning move."),
					Goals:    []Goal{{Kind: GoalKeep, Result: "win"}},
					Solution: []string{"a5a6"},
					Success:  tx("¡Bien! Tras a6 el cuadrado es a6–c8 y el rey negro ya no llega a entrar.", "Good! After a6 the square is a6–c8 and the black king can no longer get into it."),
				},
			},
			{
				FEN: "8/8/8/P3k3/8/8/8/7K b - - 0 1",
				Text: tx("La misma posición, pero juegan las negras, y tú con ellas.",
					"The same position, but Black to move, and you play Black."),
				Outcome: "1/2-1/2",
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Entra en el cuadrado del peón.", "Step into the pawn's square."),
					Goals:    []Goal{{Kind: GoalKeep, Result: "draw"}},
					Solution: []string{"e5d5"},
					Success:  tx("¡Eso es! Ahora alcanzas al peón: tablas.", "That's it! Now you catch the pawn: a draw."),
				},
			},
			{
				FEN: "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1",
				Text: tx("Con el peón en su casilla inicial, las casillas clave son d4, e4 y f4, dos filas por delante. Si tu rey llega a una casilla clave, el peón corona, juegue quien juegue.",
					"With the pawn on its starting square the key squares are d4, e4 and f4, two ranks ahead of it. If your king reaches a key square the pawn promotes, whoever is to move."),
				Highlights: []string{"d4", "e4", "f4"},
				Outcome:    "1-0",
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Lleva tu rey a una casilla clave.", "Take your king to a key square."),
					Goals:    []Goal{{Kind: GoalKeep, Result: "win"}, {Kind: GoalReach, Piece: "K", Squares: []string{"d4", "e4", "f4"}}},
					Solution: []string{"e3e4"},
					Success:  tx("¡Bien! Desde la casilla clave, tu rey escolta al peón hasta el final.", "Good! From the key square your king escorts the pawn all the way."),
				},
			},
			{
				FEN: "8/4k3/8/8/4K3/4P3/8/8 b - - 0 1",
				Text: tx("Ahora defiendes con negras. Los reyes en la misma columna con una casilla en medio están en oposición, y la tiene el bando que no mueve. Si tomas la oposición, el rey blanco no llega a las casillas clave (d5, e5, f5).",
					"Now you defend with Black. Kings on the same file with one square between them stand in opposition, and the side not to move has it. If you take the opposition, the white king cannot reach the key squares (d5, e5, f5)."),
				Highlights: []string{"d5", "e5", "f5"},
				Outcome:    "1/2-1/2",
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Toma la oposición.", "Take the opposition."),
					Goals:    []Goal{{Kind: GoalKeep, Result: "draw"}},
					Solution: []string{"e7e6"},
					Success:  tx("¡Oposición! Juegue lo que juegue el blanco, tu rey le cierra el paso: tablas.", "Opposition! Whatever White plays, your king bars the way: a draw."),
				},
			},
			{
				FEN: "2k5/8/8/3KP3/8/8/8/8 w - - 0 1",
				Text: tx("El rey va delante del peón, no detrás: primero abre camino y luego el peón avanza sin quedarse solo. Con tu rey en la sexta fila delante del peón, la partida está ganada juegue quien juegue.",
					"The king goes in front of the pawn, not behind it: first it clears the way, then the pawn advances without being left alone. With your king on the sixth rank in front of the pawn the game is won, whoever is to move."),
				Outcome: "1-0",
				Task: &Task{
					Kind:     TaskPlay,
					Aim:      AimPromote,
					Moves:    6,
					Prompt:   tx("Corona el peón en seis jugadas como mucho. El motor defiende a las negras.", "Promote the pawn within six moves. The engine defends for Black."),
					Solution: []string{"d5d6", "c8d8", "e5e6", "d8e8", "e6e7", "e8f7", "d6d7", "f7g6", "e7e8q"},
					Success:  tx("¡Coronado! Con la dama nueva ya sabes dar mate.", "Promoted! With the new queen you already know how to mate."),
				},
			},
			{
				FEN: "7k/8/6K1/7P/8/8/8/8 w - - 0 1",
				Text: tx("Excepción: con el peón de la torre, si el rey rival llega a la esquina de coronar, es tablas. Tras h6 Rg8 h7+ Rh8 el rey blanco tiene que mirar el ahogado, y el peón no corona nunca.",
					"An exception: with a rook's pawn, if the enemy king reaches the promotion corner it is a draw. After h6 Kg8 h7+ Kh8 the white king must mind the stalemate, and the pawn never promotes."),
				Highlights: []string{"h8"},
				Outcome:    "1/2-1/2",
			},
		},
	}
}
