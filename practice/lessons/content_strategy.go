package lessons

// The fourth group: strategy (lessons 9 to 12).

func lessonPieceValues() Lesson {
	return Lesson{
		ID:    "piece-values",
		Group: GroupStrategy,
		Title: tx("El valor de las piezas", "Piece values"),
		Intro: tx("Para decidir si un cambio te conviene, cuenta: peón 1, caballo 3, alfil 3, torre 5, dama 9. El rey no tiene precio: no se puede cambiar nunca.",
			"To decide whether a trade is good for you, count: pawn 1, knight 3, bishop 3, rook 5, queen 9. The king has no price: it can never be traded."),
		Steps: []Step{
			{
				FEN: startFEN,
				Text: tx("Cada bando empieza con 39 puntos: ocho peones (8), dos caballos (6), dos alfiles (6), dos torres (10) y la dama (9). Estos valores son una guía, no una regla: una pieza activa vale más que una encerrada.",
					"Each side starts with 39 points: eight pawns (8), two knights (6), two bishops (6), two rooks (10) and the queen (9). The values are a guide, not a rule: an active piece is worth more than a buried one."),
			},
			{
				FEN: "4k3/2p5/3r4/n7/8/8/3Q4/4K3 w - - 0 1",
				Text: tx("Tu dama puede capturar dos piezas. Antes de capturar, mira quién defiende cada una.",
					"Your queen can capture two pieces. Before you capture, look at who defends each one."),
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Haz la captura que gana material.", "Make the capture that wins material."),
					Goals:    []Goal{goal(GoalCapture), {Kind: GoalGain, Value: 100}},
					Solution: []string{"d2a5"},
					Success:  tx("¡Bien! El caballo estaba sin defender: +3. Dxd6 cxd6 te habría costado la dama (9) por la torre (5).", "Good! The knight was undefended: +3. Qxd6 cxd6 would have cost you the queen (9) for the rook (5)."),
				},
			},
			{
				FEN: "4k3/8/5n2/3p4/8/2N2B2/8/4K3 w - - 0 1",
				Text: tx("Cuenta atacantes y defensores. El peón de d5 lo atacan tu caballo y tu alfil, y solo lo defiende el caballo de f6: dos contra uno.",
					"Count attackers and defenders. Your knight and bishop attack the d5 pawn, and only the knight on f6 defends it: two against one."),
				Arrows: []Arrow{{"c3", "d5"}, {"f3", "d5"}, {"f6", "d5"}},
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Gana el peón de d5.", "Win the d5 pawn."),
					Goals:    []Goal{{Kind: GoalCapture, Piece: "P"}, {Kind: GoalGain, Value: 50}},
					Solution: []string{"c3d5"},
					Success:  tx("¡Bien contado! Dos atacantes contra un defensor: tras los cambios en d5 te quedas con un peón de más.", "Well counted! Two attackers against one defender: after the exchanges on d5 you are a pawn up."),
				},
			},
			{
				FEN: "3qk3/ppp2ppp/8/8/8/8/PPP2PPP/R2QK3 w - - 0 1",
				Text: tx("Tienes una torre de más. Con ventaja de material conviene cambiar piezas: cuantas menos quedan, más pesa tu torre de más y menos puede hacer el rival.",
					"You are a rook up. When ahead in material, trade pieces: the fewer remain, the more your extra rook counts and the less your opponent can do."),
				Task: &Task{
					Kind:   TaskChoose,
					Prompt: tx("Cambia las damas.", "Trade the queens."),
					Accept: []Note{
						note("d1d8", tx("¡Bien! Tras Dxd8+ Rxd8 te quedas con una torre de más y sin damas: un final fácil de ganar.", "Good! After Qxd8+ Kxd8 you are a clear rook up with the queens off: an easy ending to win.")),
					},
					Otherwise: tx("Con una torre de más, busca el cambio de damas: Dxd8+.", "With an extra rook, go for the queen trade: Qxd8+."),
					Solution:  []string{"d1d8"},
				},
			},
		},
	}
}

func lessonDoubleAttacks() Lesson {
	return Lesson{
		ID:    "double-attacks",
		Group: GroupStrategy,
		Title: tx("Ataques dobles", "Double attacks"),
		Intro: tx("Un ataque doble amenaza dos cosas a la vez. El rival solo puede salvar una, así que la otra cae. El caballo es el rey de la horquilla, pero todas las piezas pueden hacerlo, hasta los peones.",
			"A double attack threatens two things at once. The opponent can save only one, so the other falls. The knight is the master of the fork, but every piece can do it, even pawns."),
		Steps: []Step{
			{
				FEN: "2r3r1/k7/8/3N4/8/8/5PPP/3R2K1 w - - 0 1",
				Text: tx("Las dos torres negras están en la octava fila, a cuatro casillas una de otra. Busca una casilla desde la que tu caballo ataque a las dos.",
					"The two black rooks stand on the eighth rank, four squares apart. Find a square from which your knight attacks both."),
				Highlights: []string{"c8", "g8"},
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Mueve el caballo a una casilla donde ataque a las dos torres.", "Move the knight to a square where it attacks both rooks."),
					Goals:    []Goal{{Kind: GoalReach, Piece: "N"}, {Kind: GoalAttacks, Squares: []string{"c8", "g8"}}, goal(GoalSafe)},
					Solution: []string{"d5e7"},
					Success:  tx("¡Horquilla! Desde e7 el caballo ataca c8 y g8: una torre caerá.", "A fork! From e7 the knight attacks c8 and g8: one rook will fall."),
				},
			},
			{
				FEN: "r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1",
				Text: tx("La horquilla más fuerte incluye al rey: como es jaque, el rival tiene que atender al rey y pierde la otra pieza.",
					"The strongest fork includes the king: since it is check, the opponent must deal with the king and loses the other piece."),
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Da jaque con el caballo atacando también a la torre.", "Check with the knight while attacking the rook too."),
					Goals:    []Goal{goal(GoalCheck), {Kind: GoalAttacks, Squares: []string{"e8", "a8"}}, goal(GoalSafe)},
					Solution: []string{"b5c7"},
					Success:  tx("¡Cc7+! El rey tiene que moverse y después Cxa8.", "Nc7+! The king must move, and then Nxa8."),
				},
			},
			{
				FEN: "4k3/8/2n1b3/8/3PP3/8/8/4K3 w - - 0 1",
				Text: tx("Los peones también hacen horquillas, y son el atacante más barato: cualquier pieza atacada por un peón está en peligro.",
					"Pawns fork too, and they are the cheapest attacker: any piece attacked by a pawn is in danger."),
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Avanza un peón que ataque a las dos piezas negras.", "Push a pawn that attacks both black pieces."),
					Goals:    []Goal{{Kind: GoalReach, Piece: "P"}, {Kind: GoalAttacks, Squares: []string{"c6", "e6"}}, goal(GoalSafe)},
					Solution: []string{"d4d5"},
					Success:  tx("¡Bien! d5 ataca c6 y e6, y el peón de e4 lo defiende: ganas una pieza.", "Good! d5 attacks c6 and e6, and the e4 pawn defends it: you win a piece."),
				},
			},
			{
				FEN: "r5k1/6pp/8/8/8/8/5PPP/3Q2K1 w - - 0 1",
				Text: tx("La dama ataca en ocho direcciones: es ideal para dar jaque y atacar a la vez una pieza sin defender.",
					"The queen attacks in eight directions: ideal for giving check while attacking an undefended piece."),
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Da jaque con la dama atacando también a la torre.", "Check with the queen while attacking the rook too."),
					Goals:    []Goal{goal(GoalCheck), {Kind: GoalAttacks, Squares: []string{"g8", "a8"}}, goal(GoalSafe)},
					Solution: []string{"d1d5"},
					Success:  tx("¡Dd5+! Tras la jugada del rey, Dxa8+.", "Qd5+! After the king moves, Qxa8+."),
				},
			},
		},
	}
}

func lessonPinsSkewers() Lesson {
	return Lesson{
		ID:    "pins-skewers",
		Group: GroupStrategy,
		Title: tx("Clavadas y enfiladas", "Pins and skewers"),
		Intro: tx("Los alfiles, las torres y la dama atacan en línea. Si en esa línea hay dos piezas rivales, una detrás de otra, la de delante queda atrapada: es una clavada cuando la de detrás vale más, y una enfilada cuando vale más la de delante.",
			"Bishops, rooks and the queen attack along lines. When two enemy pieces stand on such a line, one behind the other, the front one is caught: a pin when the piece behind is worth more, a skewer when the front one is."),
		Steps: []Step{
			{
				FEN: "4k3/3n4/8/8/8/8/8/4KB2 w - - 0 1",
				Text: tx("Si el caballo de d7 queda entre tu alfil y el rey negro, no podrá moverse: dejaría al rey en jaque. Eso es una clavada.",
					"If the knight on d7 ends up between your bishop and the black king, it cannot move: that would leave the king in check. That is a pin."),
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Clava el caballo contra el rey.", "Pin the knight to the king."),
					Goals:    []Goal{{Kind: GoalThrough, Squares: []string{"d7", "e8"}}, goal(GoalSafe)},
					Solution: []string{"f1b5"},
					Success:  tx("¡Clavado! El caballo de d7 no se puede mover.", "Pinned! The knight on d7 cannot move."),
				},
			},
			{
				FEN: "4k3/8/2n5/1B6/3P4/8/8/4K3 w - - 0 1",
				Text: tx("Una pieza clavada es un blanco fácil: atácala otra vez, mejor con un peón. Aquí el caballo de c6 está clavado contra el rey.",
					"A pinned piece is an easy target: attack it again, best with a pawn. Here the knight on c6 is pinned to the king."),
				Arrows: []Arrow{{"b5", "e8"}},
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Ataca la pieza clavada con un peón.", "Attack the pinned piece with a pawn."),
					Goals:    []Goal{{Kind: GoalReach, Piece: "P"}, {Kind: GoalAttacks, Squares: []string{"c6"}}, goal(GoalSafe)},
					Solution: []string{"d4d5"},
					Success:  tx("¡Bien! El caballo no puede huir: ganas una pieza.", "Good! The knight cannot run away: you win a piece."),
				},
			},
			{
				FEN: "8/K7/8/8/2k4q/8/8/R7 w - - 0 1",
				Text: tx("En la enfilada la pieza de delante vale más. Si das jaque al rey con la dama detrás en la misma línea, el rey se aparta y la dama cae.",
					"In a skewer the front piece is worth more. If you check the king with the queen behind it on the same line, the king steps aside and the queen falls."),
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Enfila al rey y a la dama con la torre.", "Skewer the king and the queen with the rook."),
					Goals:    []Goal{goal(GoalCheck), {Kind: GoalThrough, Squares: []string{"c4", "h4"}}, goal(GoalSafe)},
					Solution: []string{"a1a4"},
					Success:  tx("¡Enfilada! Cuando el rey se aparte, Txh4.", "A skewer! When the king steps aside, Rxh4."),
				},
			},
		},
	}
}

func lessonPawnStructure() Lesson {
	return Lesson{
		ID:    "pawn-structure",
		Group: GroupStrategy,
		Title: tx("La estructura de peones", "Pawn structure"),
		Intro: tx("Los peones no pueden retroceder, así que cada jugada de peón cambia la partida para siempre. Cómo quedan colocados decide dónde se atacan y qué finales se ganan.",
			"Pawns cannot move back, so every pawn move changes the game for good. How they stand decides where to attack and which endings are won."),
		Steps: []Step{
			{
				FEN: "4k3/pp3ppp/8/8/2P1P3/2P5/P5PP/4K3 w - - 0 1",
				Text: tx("Peones doblados: dos en la misma columna, como c3 y c4; se estorban y no se protegen entre sí. Peón aislado: sin peones propios en las columnas de al lado, como e4; nadie puede defenderlo con un peón. Son debilidades que el rival puede atacar.",
					"Doubled pawns: two on the same file, like c3 and c4; they get in each other's way and cannot protect each other. An isolated pawn: no friendly pawn on the files next to it, like e4; no pawn can defend it. Both are weaknesses the opponent can attack."),
				Highlights: []string{"c3", "c4", "e4"},
			},
			{
				FEN: "6k1/p4ppp/8/3P4/8/8/5PPP/6K1 w - - 0 1",
				Text: tx("Un peón pasado no tiene peones rivales delante, ni en su columna ni en las de al lado: nada le impide avanzar. «Los peones pasados hay que empujarlos». El de d5 es pasado; también el de a7 de las negras.",
					"A passed pawn has no enemy pawn in front of it, on its own file or the files next to it: nothing stops it advancing. \"Passed pawns must be pushed.\" The pawn on d5 is passed; so is Black's pawn on a7."),
				Highlights: []string{"d5", "a7"},
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Empuja tu peón pasado.", "Push your passed pawn."),
					Goals:    []Goal{{Kind: GoalReach, Piece: "P", Squares: []string{"d6"}}},
					Solution: []string{"d5d6"},
					Success:  tx("¡Adelante! El rey negro tiene que correr a pararlo, lejos de su flanco.", "Forward! The black king has to run to stop it, far from its own side."),
				},
			},
			{
				FEN: "3r2k1/pp3ppp/5n2/3p4/8/2N5/PP2BPPP/3R2K1 w - - 0 1",
				Text: tx("El peón negro de d5 está aislado: no hay peones negros en las columnas c y e. Ahora lo atacan tu caballo y tu torre, y lo defienden el caballo de f6 y la torre de d8.",
					"The black pawn on d5 is isolated: there are no black pawns on the c- and e-files. Your knight and rook attack it now, and the knight on f6 and the rook on d8 defend it."),
				Highlights: []string{"d5"},
				Task: &Task{
					Kind:   TaskChoose,
					Prompt: tx("Ataca el peón aislado por tercera vez.", "Attack the isolated pawn a third time."),
					Accept: []Note{
						note("e2f3", tx("¡Bien! Tres atacantes contra dos defensores: las negras tienen que buscar más defensa para d5.", "Good! Three attackers against two defenders: Black must find more defence for d5.")),
					},
					Reject: []Note{
						note("e2c4", tx("El alfil ataca d5, pero en c4 lo captura el propio peón: dxc4.", "The bishop attacks d5, but on c4 the pawn itself takes it: dxc4.")),
					},
					Otherwise: tx("Busca una pieza que aún no ataque d5 y que pueda atacarlo desde una casilla segura: el alfil.", "Find a piece that does not attack d5 yet and can attack it from a safe square: the bishop."),
					Solution:  []string{"e2f3"},
				},
			},
		},
	}
}
