package games

import (
	"strings"

	"azar/variants/magic"
)

// magicTextEs is each card's effect in one Spanish line, the Spanish of
// the card table's English line (docs/rules/magic.md §16.2 is the full
// text). UEYNT is «hasta el final de tu próximo turno» (HFPT).
var magicTextEs = map[string]string{
	"AM01": "R-COMMIT: anula la carta recién jugada. MAIN: una guarda, HFPT, que anula la próxima carta rival MAIN/PRE/END",
	"AM03": "deshace la última jugada estándar del rival; debe hacer otra distinta",
	"AM05": "una pieza propia que no sea el rey no puede ser capturada y es inmune a los efectos de cartas rivales, HFPT",
	"AM07": "cada peón propio de un flanco recibe la protección de Escudo, HFPT",
	"AM08": "las piezas propias no pueden ser eliminadas por efectos de cartas rivales, HFPT",
	"AM09": "las piezas propias no pueden ser reubicadas ni intercambiadas por efectos de cartas rivales, HFPT",
	"AM10": "las piezas propias de un flanco son inmunes a eliminación, reubicación, parálisis y prohibiciones rivales, HFPT",
	"AM11": "termina un efecto de duración activo",
	"AM12": "cambia en +1 o -1 el contador de un efecto activo",
	"AM13": "reubica una pieza propia que no sea el rey en una casilla vacía a distancia 3 o menos",
	"AM15": "reubica el rey propio en una casilla vacía no atacada a distancia 2 o menos",
	"AM16": "el rey propio y una pieza propia a distancia 2 o menos intercambian sus casillas",
	"AM17": "reubica una pieza rival (no R ni D) en una casilla vacía a distancia 2 o menos",
	"AM18": "dos piezas propias que no sean el rey intercambian sus casillas",
	"AM19": "elimina una pieza rival (no R ni D) a distancia 2 o menos del rey propio",
	"AM20": "elimina una pieza propia X, y luego una rival Y que no valga más que X",
	"AM21": "elimina un peón rival en la mitad propia del tablero",
	"AM22": "elimina todos los peones de una columna",
	"AM23": "dos jugadas tranquilas de dos piezas propias distintas (no R ni P)",
	"AM24": "de uno a tres peones propios de un flanco avanzan una casilla, en orden",
	"AM25": "coloca un C, A, T o P propio de la reserva en la primera fila propia (el peón: en la segunda)",
	"AM26": "coloca un C, A o P propio de la reserva junto al rey propio",
	"AM27": "un peón propio en la fila relativa 6 o 7 se convierte en C, A o T",
	"AM28": "un caballo propio se convierte en alfil, o un alfil en caballo",
	"AM29": "este turno una torre o dama puede saltar exactamente una pieza en su línea",
	"AM30": "este turno un peón en la fila relativa 3 a 6 puede avanzar dos casillas",
	"AM31": "este turno el rey puede moverse exactamente dos casillas en línea",
	"AM32": "un A, T o D propio también mueve, captura y ataca como un caballo, 3",
	"AM33": "una pieza rival que no sea el rey no puede moverse, 3",
	"AM34": "un muro en una casilla vacía no contigua al rey rival, 3",
	"AM35": "una mina en una casilla vacía de la mitad propia, 4",
	"AM36": "ninguna pieza de un bloque de 2x2 de la mitad propia puede ser capturada ni eliminada, HFPT",
	"AM37": "ninguna pieza de una columna puede ser capturada con una jugada, HFPT",
	"AM38": "los peones rivales de un flanco no pueden moverse, HFPT",
	"AM39": "las piezas rivales (no P ni R) no pueden terminar una jugada junto al rey propio, HFPT",
	"AM40": "el rival no puede jugar ninguna carta salvo una que salve del mate, HFPT",
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
	id, _ := magic.ParseCode(code)
	en := id.Info().Text
	// No text names another card by its code: a hand's texts must not
	// print a code that may be in the other hand.
	en = strings.ReplaceAll(en, "the AM05 shield", "Shield's protection")
	en = strings.ReplaceAll(en, "UEYNT", "until the end of your next turn")
	es := strings.ReplaceAll(magicTextEs[code], "HFPT", "hasta el final de tu próximo turno")
	return Texts{En: en, Es: es}
}
