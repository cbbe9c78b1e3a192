package lessons

// The second group: openings (lessons 4 to 6).

func note(move string, r Text) Note { return Note{Move: move, Reason: r} }

func accept(moves ...string) []Note {
	ns := make([]Note, len(moves))
	for i, m := range moves {
		ns[i] = Note{Move: m}
	}
	return ns
}

func lessonOpeningPrinciples() Lesson {
	return Lesson{
		ID:    "opening-principles",
		Group: GroupOpenings,
		Title: tx("Principios de la apertura", "Opening principles"),
		Intro: tx("No hace falta memorizar jugadas para empezar bien una partida. Basta con unas pocas ideas: luchar por el centro, sacar pronto caballos y alfiles, enrocar pronto, no sacar la dama demasiado pronto y preguntarse siempre qué amenaza el rival.",
			"You do not need to memorise moves to start a game well. A few ideas are enough: fight for the centre, bring out the knights and bishops early, castle early, keep the queen back at first, and always ask what your opponent threatens."),
		Steps: []Step{
			{
				FEN: startFEN,
				Text: tx("Las cuatro casillas centrales (d4, e4, d5 y e5) son las más importantes: desde ahí las piezas controlan más tablero. Una buena primera jugada ocupa o ataca el centro.",
					"The four central squares (d4, e4, d5 and e5) matter most: from there the pieces control more of the board. A good first move occupies or attacks the centre."),
				Highlights: []string{"d4", "e4", "d5", "e5"},
				Task: &Task{
					Kind:   TaskChoose,
					Prompt: tx("Haz una buena primera jugada.", "Play a good first move."),
					Accept: []Note{
						note("e2e4", tx("¡Bien! 1.e4 ocupa el centro y abre paso a la dama y al alfil.", "Good! 1.e4 takes the centre and opens lines for the queen and the bishop.")),
						note("d2d4", tx("¡Bien! 1.d4 ocupa el centro y el peón ya está defendido por la dama.", "Good! 1.d4 takes the centre, and the queen already defends the pawn.")),
						note("c2c4", tx("¡Bien! 1.c4, la Inglesa, lucha por d5 desde el lado.", "Good! 1.c4, the English, fights for d5 from the side.")),
						note("g1f3", tx("¡Bien! 1.Cf3 desarrolla un caballo que vigila d4 y e5.", "Good! 1.Nf3 develops a knight that watches d4 and e5.")),
						note("b1c3", tx("Bien: 1.Cc3 desarrolla un caballo hacia el centro, aunque tapa el peón de c.", "Fine: 1.Nc3 develops a knight towards the centre, though it blocks the c-pawn.")),
					},
					Reject: []Note{
						note("a2a4", tx("Un peón de la banda no lucha por el centro.", "An edge pawn does not fight for the centre.")),
						note("h2h4", tx("Un peón de la banda no lucha por el centro.", "An edge pawn does not fight for the centre.")),
						note("f2f3", tx("Debilita a tu rey y le quita al caballo su mejor casilla, f3.", "It weakens your king and takes f3, the knight's best square.")),
						note("g2g4", tx("Debilita mucho a tu rey: tras 1...e5 2.f3?? Dh4 es mate.", "It weakens your king badly: after 1...e5 2.f3?? Qh4 is mate.")),
					},
					Otherwise: tx("No es lo mejor: la primera jugada debe luchar por el centro (e4, d4, c4) o sacar un caballo hacia él (Cf3).",
						"Not the best: a first move should fight for the centre (e4, d4, c4) or bring a knight towards it (Nf3)."),
					Solution: []string{"e2e4"},
				},
			},
			{
				FEN: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
				Text: tx("Tras 1.e4 e5 toca desarrollar: sacar caballos y alfiles hacia el centro antes que la dama, y sin mover dos veces la misma pieza sin motivo.",
					"After 1.e4 e5 it is time to develop: bring knights and bishops towards the centre before the queen, and do not move one piece twice without a reason."),
				Task: &Task{
					Kind:   TaskChoose,
					Prompt: tx("Desarrolla una pieza o lucha por el centro.", "Develop a piece or fight for the centre."),
					Accept: []Note{
						note("g1f3", tx("¡Muy bien! 2.Cf3 desarrolla y ataca el peón de e5.", "Very good! 2.Nf3 develops and attacks the e5 pawn.")),
						note("b1c3", tx("¡Bien! 2.Cc3 desarrolla y defiende e4.", "Good! 2.Nc3 develops and defends e4.")),
						note("f1c4", tx("¡Bien! 2.Ac4 desarrolla y apunta a f7.", "Good! 2.Bc4 develops and aims at f7.")),
						note("d2d4", tx("¡Bien! 2.d4 ataca el centro enseguida.", "Good! 2.d4 strikes at the centre at once.")),
					},
					Reject: []Note{
						note("d1h5", tx("La dama sale demasiado pronto: tras ...Cc6 y ...Cf6 tendrá que moverse otra vez, y perderás tiempo.", "The queen comes out too soon: after ...Nc6 and ...Nf6 she will have to move again, and you lose time.")),
						note("d1f3", tx("La dama sale demasiado pronto y le quita f3 a tu caballo.", "The queen comes out too soon and takes f3 from your knight.")),
						note("f2f3", tx("Debilita a tu rey y le quita al caballo su mejor casilla.", "It weakens your king and takes the knight's best square.")),
					},
					Otherwise: tx("Mejor desarrolla: caballos y alfiles primero (Cf3, Cc3, Ac4), o lucha por el centro con d4.",
						"Better to develop: knights and bishops first (Nf3, Nc3, Bc4), or fight for the centre with d4."),
					Solution: []string{"g1f3"},
				},
			},
			{
				FEN: "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5",
				Text: tx("Con el caballo y el alfil fuera, el camino del rey está libre. Enrocar pronto pone al rey a salvo y trae la torre hacia el centro.",
					"With the knight and bishop out, the king's path is clear. Castling early puts the king in safety and brings the rook towards the centre."),
				Task: &Task{
					Kind:     TaskGoal,
					Prompt:   tx("Enroca.", "Castle."),
					Goals:    []Goal{{Kind: GoalCastle, Squares: []string{"g1"}}},
					Solution: []string{"e1g1"},
					Success:  tx("¡Bien hecho! Rey seguro, torre activa.", "Well done! A safe king and an active rook."),
				},
			},
			{
				FEN: "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
				Text: tx("Ahora juegas con negras. Tras cada jugada del rival pregúntate: ¿qué amenaza? ¿Jaques, capturas, ataques? Aquí la dama de h5 y el alfil de c4 apuntan los dos a f7.",
					"Now you play Black. After each of your opponent's moves ask: what does it threaten? Checks, captures, attacks? Here the queen on h5 and the bishop on c4 both aim at f7."),
				Arrows: []Arrow{{"h5", "f7"}, {"c4", "f7"}},
				Task: &Task{
					Kind:   TaskChoose,
					Prompt: tx("Para la amenaza de las blancas.", "Stop White's threat."),
					Accept: []Note{
						note("g7g6", tx("¡Excelente! 3...g6 tapa la diagonal y además ataca a la dama.", "Excellent! 3...g6 blocks the diagonal and attacks the queen as well.")),
						note("d8e7", tx("¡Bien! 3...De7 defiende f7 y también e5.", "Good! 3...Qe7 defends f7 and e5 too.")),
						note("d8f6", tx("Bien: 3...Df6 defiende f7, aunque la dama le quita f6 a tu caballo.", "Fine: 3...Qf6 defends f7, though the queen takes f6 from your knight.")),
						note("g8h6", tx("Sirve: el caballo defiende f7, aunque en h6, en la banda, está mal colocado. 3...g6 o 3...De7 son mejores.", "It works: the knight defends f7, though on h6, on the edge, it is badly placed. 3...g6 or 3...Qe7 are better.")),
					},
					Reject: []Note{
						note("g8f6", tx("¡4.Dxf7 es mate! El caballo ataca a la dama, pero no defiende f7.", "4.Qxf7 is mate! The knight attacks the queen but does not defend f7.")),
						note("d7d5", tx("Ya no hay mate, pero 4.Axd5 o 4.Dxf7+ te cuestan material.", "There is no mate now, but 4.Bxd5 or 4.Qxf7+ costs you material.")),
						note("e8e7", tx("El rey sale al centro: ahora no hay mate, pero tu rey queda expuesto y tus piezas encerradas.", "The king walks into the centre: there is no mate now, but your king is exposed and your pieces are shut in.")),
						note("d8h4", tx("Pierdes la dama: 4.Dxh4.", "You lose your queen: 4.Qxh4.")),
						note("d8g5", tx("Pierdes la dama: 4.Dxg5.", "You lose your queen: 4.Qxg5.")),
					},
					Otherwise: tx("¡4.Dxf7 es mate! La dama y el alfil atacan f7, que solo defiende tu rey.",
						"4.Qxf7 is mate! The queen and the bishop attack f7, which only your king defends."),
					Solution: []string{"g7g6"},
				},
			},
		},
	}
}

func lessonItalian() Lesson {
	return Lesson{
		ID:    "italian",
		Group: GroupOpenings,
		Title: tx("La Italiana", "The Italian Game"),
		Intro: tx("La Italiana es una de las aperturas más antiguas: 1.e4 e5 2.Cf3 Cc6 3.Ac4. Las blancas desarrollan rápido, apuntan a f7 y preparan d4.",
			"The Italian is one of the oldest openings: 1.e4 e5 2.Nf3 Nc6 3.Bc4. White develops fast, aims at f7 and prepares d4."),
		Steps: []Step{
			{
				FEN: "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
				Text: tx("Tras 1.e4 e5 2.Cf3 Cc6 las blancas sacan el alfil de rey. El punto f7 solo lo defiende el rey negro: es el punto débil de las negras al principio.",
					"After 1.e4 e5 2.Nf3 Nc6 White brings out the king's bishop. Only the black king defends f7: it is Black's weak point early on."),
				Highlights: []string{"f7"},
				Task: &Task{
					Kind:   TaskChoose,
					Prompt: tx("Haz la jugada de la Italiana.", "Play the move of the Italian."),
					Accept: []Note{
						note("f1c4", tx("¡Esa es! 3.Ac4: el alfil apunta a f7 y deja libre el enroque.", "That's it! 3.Bc4: the bishop aims at f7 and clears the way to castle.")),
					},
					Reject: []Note{
						note("f1b5", tx("Esa es la Española (Ruy López), también excelente; pero aquí aprendemos la Italiana: el alfil va a c4.", "That is the Spanish (Ruy Lopez), excellent too; but here we learn the Italian: the bishop goes to c4.")),
						note("d2d4", tx("Esa es la Escocesa, también buena; pero aquí aprendemos la Italiana: el alfil va a c4.", "That is the Scotch, good too; but here we learn the Italian: the bishop goes to c4.")),
					},
					Otherwise: tx("En la Italiana el alfil va a c4, apuntando a f7.", "In the Italian the bishop goes to c4, aiming at f7."),
					Solution:  []string{"f1c4"},
				},
			},
			{
				FEN: "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
				Text: tx("Ahora juegas con negras. Las dos respuestas principales desarrollan una pieza del flanco de rey: 3...Ac5, el Giuoco Piano, y 3...Cf6, los Dos Caballos.",
					"Now you play Black. The two main replies develop a kingside piece: 3...Bc5, the Giuoco Piano, and 3...Nf6, the Two Knights."),
				Task: &Task{
					Kind:   TaskChoose,
					Prompt: tx("Responde con una de las dos jugadas principales.", "Reply with one of the two main moves."),
					Accept: []Note{
						note("f8c5", tx("¡Bien! 3...Ac5, el Giuoco Piano: tu alfil también apunta al punto débil rival, f2.", "Good! 3...Bc5, the Giuoco Piano: your bishop also aims at the enemy weak point, f2.")),
						note("g8f6", tx("¡Bien! 3...Cf6, los Dos Caballos: desarrollas y atacas el peón de e4.", "Good! 3...Nf6, the Two Knights: you develop and attack the e4 pawn.")),
					},
					Otherwise: tx("Las respuestas principales son 3...Ac5 y 3...Cf6: desarrollan y preparan el enroque.",
						"The main replies are 3...Bc5 and 3...Nf6: they develop and prepare castling."),
					Solution: []string{"f8c5"},
				},
			},
			{
				FEN: "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
				Text: tx("El Giuoco Piano. El plan clásico de las blancas es c3 y luego d4, para tener dos peones en el centro. Otro plan, más tranquilo, es d3 y enrocar.",
					"The Giuoco Piano. White's classical plan is c3 and then d4, to have two pawns in the centre. Another, quieter plan is d3 and castling."),
				Arrows: []Arrow{{"c2", "c3"}, {"d2", "d4"}},
				Task: &Task{
					Kind:   TaskChoose,
					Prompt: tx("Sigue con uno de los planes de las blancas.", "Go on with one of White's plans."),
					Accept: []Note{
						note("c2c3", tx("¡El plan clásico! 4.c3 prepara d4.", "The classical plan! 4.c3 prepares d4.")),
						note("d2d3", tx("¡Bien! 4.d3, el Giuoco Pianissimo: sólido, sin prisa.", "Good! 4.d3, the Giuoco Pianissimo: solid, in no hurry.")),
						note("e1g1", tx("¡Bien! Enrocar pronto nunca está de más.", "Good! Castling early is never wrong.")),
						note("b1c3", tx("Bien: 4.Cc3 desarrolla, aunque ya no podrás apoyar d4 con c3.", "Fine: 4.Nc3 develops, though you can no longer support d4 with c3.")),
					},
					Otherwise: tx("No es uno de los planes habituales: las blancas suelen jugar c3 (para preparar d4), d3, Cc3 o enrocar.",
						"That is not one of the usual plans: White usually plays c3 (to prepare d4), d3, Nc3 or castles."),
					Solution: []string{"c2c3"},
				},
			},
			{
				FEN: "r1bqk2r/pppp1ppp/2n2n2/2b5/2BPP3/5N2/PP3PPP/RNBQK2R b KQkq - 0 6",
				Text: tx("Tras 4.c3 Cf6 5.d4 exd4 6.cxd4 las blancas tienen dos peones en el centro y el alfil negro de c5 está atacado. Las negras suelen jugar 6...Ab4+ y luego atacar ese centro con ...d5.",
					"After 4.c3 Nf6 5.d4 exd4 6.cxd4 White has two pawns in the centre and the black bishop on c5 is attacked. Black usually plays 6...Bb4+ and then hits that centre with ...d5."),
				Highlights: []string{"d4", "e4"},
				Arrows:     []Arrow{{"c5", "b4"}},
			},
		},
	}
}

func lessonSicilian() Lesson {
	return Lesson{
		ID:    "sicilian",
		Group: GroupOpenings,
		Title: tx("La Siciliana", "The Sicilian Defence"),
		Intro: tx("La Siciliana, 1.e4 c5, es la respuesta más popular a 1.e4. En lugar de copiar a las blancas, las negras luchan por d4 desde el lado y buscan una partida desequilibrada.",
			"The Sicilian, 1.e4 c5, is the most popular reply to 1.e4. Instead of copying White, Black fights for d4 from the side and aims for an unbalanced game."),
		Steps: []Step{
			{
				FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
				Text: tx("Juegas con negras y las blancas han abierto con 1.e4.",
					"You play Black, and White has opened 1.e4."),
				Task: &Task{
					Kind:   TaskChoose,
					Prompt: tx("Juega la Siciliana.", "Play the Sicilian."),
					Accept: []Note{
						note("c7c5", tx("¡La Siciliana! El peón de c controla d4 sin ponerse delante de tus piezas.", "The Sicilian! The c-pawn controls d4 without standing in your pieces' way.")),
					},
					Reject: []Note{
						note("e7e5", tx("Una respuesta excelente (con ella llegamos a la Italiana), pero la Siciliana es 1...c5.", "An excellent reply (it leads to the Italian), but the Sicilian is 1...c5.")),
					},
					Otherwise: tx("La Siciliana es 1...c5: el peón de c lucha por d4 desde el lado.", "The Sicilian is 1...c5: the c-pawn fights for d4 from the side."),
					Solution:  []string{"c7c5"},
				},
			},
			{
				FEN: "rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
				Text: tx("Tras 1.e4 c5 2.Cf3 d6 las blancas suelen abrir el centro con 3.d4: es la Siciliana abierta.",
					"After 1.e4 c5 2.Nf3 d6 White usually opens the centre with 3.d4: the Open Sicilian."),
				Task: &Task{
					Kind:   TaskChoose,
					Prompt: tx("Abre el centro con el peón de d.", "Open the centre with the d-pawn."),
					Accept: []Note{
						note("d2d4", tx("¡Bien! 3.d4: aunque las negras lo cambien, tu caballo llegará a d4.", "Good! 3.d4: even if Black takes it, your knight will come to d4.")),
					},
					Reject: []Note{
						note("d2d3", tx("3.d3 es sólido, pero no abre el centro: el peón tiene que ir a d4.", "3.d3 is solid, but it does not open the centre: the pawn must go to d4.")),
					},
					Otherwise: tx("La Siciliana abierta sigue con 3.d4.", "The Open Sicilian goes on with 3.d4."),
					Solution:  []string{"d2d4"},
				},
			},
			{
				FEN: "rnbqkbnr/pp2pppp/3p4/2p5/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3",
				Text: tx("Ahora juegas con negras. Tomar en d4 cambia tu peón de c, uno del lado, por el peón d de las blancas, uno del centro. Además la columna c queda abierta para tu torre.",
					"Now you play Black. Taking on d4 swaps your c-pawn, a side pawn, for White's d-pawn, a centre pawn. And the c-file opens for your rook."),
				Task: &Task{
					Kind:   TaskChoose,
					Prompt: tx("Captura en d4.", "Capture on d4."),
					Accept: []Note{
						note("c5d4", tx("¡Bien! Tras 4.Cxd4 tendrás dos peones centrales (d y e) contra uno.", "Good! After 4.Nxd4 you will have two centre pawns (d and e) against one.")),
					},
					Otherwise: tx("Captura en d4 con el peón de c (cxd4).", "Capture on d4 with the c-pawn (cxd4)."),
					Solution:  []string{"c5d4"},
				},
			},
			{
				FEN: "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
				Text: tx("Tras 3...cxd4 4.Cxd4 Cf6 el caballo negro ataca tu peón de e4.",
					"After 3...cxd4 4.Nxd4 Nf6 the black knight attacks your e4 pawn."),
				Arrows: []Arrow{{"f6", "e4"}},
				Task: &Task{
					Kind:   TaskChoose,
					Prompt: tx("Defiende e4 desarrollando una pieza.", "Defend e4 while developing a piece."),
					Accept: []Note{
						note("b1c3", tx("¡La jugada principal! 5.Cc3 defiende e4 y desarrolla.", "The main move! 5.Nc3 defends e4 and develops.")),
						note("f1d3", tx("Sirve: el alfil defiende e4, aunque lo normal es 5.Cc3.", "It works: the bishop defends e4, though 5.Nc3 is the usual move.")),
					},
					Reject: []Note{
						note("f2f3", tx("Defiende e4, pero no desarrolla ninguna pieza. 5.Cc3 hace las dos cosas.", "It defends e4, but develops no piece. 5.Nc3 does both.")),
						note("b1d2", tx("Defiende e4, pero el caballo tapa a tu alfil de c1. 5.Cc3 es mejor.", "It defends e4, but the knight blocks your bishop on c1. 5.Nc3 is better.")),
						note("d1d3", tx("La dama sale demasiado pronto: 5.Cc3 defiende igual y desarrolla.", "The queen comes out too soon: 5.Nc3 defends just as well and develops.")),
						note("d1e2", tx("La dama sale demasiado pronto y tapa a tu alfil: 5.Cc3 defiende igual y desarrolla.", "The queen comes out too soon and blocks your bishop: 5.Nc3 defends just as well and develops.")),
					},
					Otherwise: tx("El caballo de f6 ataca tu peón de e4: defiéndelo sacando una pieza, con 5.Cc3.",
						"The knight on f6 attacks your e4 pawn: defend it by developing a piece, with 5.Nc3."),
					Solution: []string{"b1c3"},
				},
			},
			{
				FEN: "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6",
				Text: tx("5...a6 es la Najdorf, la variante favorita de Fischer y de Kaspárov. Las negras controlan b5 y preparan ...e5 o ...b5. Las blancas tienen más espacio; las negras, la columna c semiabierta y dos peones centrales.",
					"5...a6 is the Najdorf, the favourite of Fischer and Kasparov. Black controls b5 and prepares ...e5 or ...b5. White has more space; Black has the half-open c-file and two centre pawns."),
				Highlights: []string{"a6", "b5"},
			},
		},
	}
}
