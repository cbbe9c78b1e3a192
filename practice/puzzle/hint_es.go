package puzzle

import (
	"fmt"
	"strings"

	"azar/internal/text"
	"azar/variants/chess"
)

// The hints in Spanish: the same facts as the English (hint.go), with
// the pieces' genders (la dama, la torre; el caballo, el alfil) and the
// names Spanish books give the patterns (mate de la coz, mate del
// pasillo).

var piezas = [7]string{"", "peón", "caballo", "alfil", "torre", "dama", "rey"}

// feminine is whether a piece's name takes la.
func feminine(t chess.PieceType) bool { return t == chess.Rook || t == chess.Queen }

// el is the piece with its article: "el caballo", "la torre".
func el(t chess.PieceType) string {
	if feminine(t) {
		return "la " + piezas[t]
	}
	return "el " + piezas[t]
}

// contract writes "a el" and "de el" as Spanish does: al, del.
func contract(s string) string {
	return strings.NewReplacer(" a el ", " al ", " de el ", " del ").Replace(s)
}

var patrones = map[string]string{"smothered": "un mate de la coz", "double-check": "un mate con jaque doble", "back-rank": "un mate del pasillo"}

func (h mateHint) spanish() string {
	if h.n == 1 {
		switch h.pattern {
		case "smothered":
			return "El rey está encerrado por sus propias piezas: lo remata un jaque de caballo."
		case "double-check":
			return fmt.Sprintf("Un jaque doble con %s: el rey tiene que moverse y no tiene adónde ir.", el(h.first))
		case "back-rank":
			return fmt.Sprintf("El rey está atrapado en su última fila: da el jaque a lo largo de ella con %s.", el(h.finisher))
		}
		if h.capture {
			return fmt.Sprintf("%s da mate con una captura: busca el jaque del que el rey no puede escapar.", text.Capital(el(h.finisher)))
		}
		return fmt.Sprintf("%s da mate: busca el jaque que no deja al rey ninguna casilla.", text.Capital(el(h.finisher)))
	}
	// of is the piece that makes the first move, as "de caballo".
	of := "de " + piezas[h.first]
	var start string
	switch {
	case h.promotion && h.check:
		start = "una coronación de peón en " + piezas[h.first] + " con jaque"
	case h.promotion:
		start = "una coronación de peón en " + piezas[h.first] + " que no da jaque"
	case h.castling && h.check:
		start = "el enroque, con jaque"
	case h.castling:
		start = "el enroque, sin jaque"
	case h.sac && h.check:
		start = "un sacrificio " + of + " con jaque"
	case h.sac:
		start = "un sacrificio tranquilo " + of
	case h.check && h.capture:
		start = "una captura " + of + " con jaque"
	case h.check:
		start = "un jaque " + of
	case h.capture:
		start = "una captura " + of + " que no da jaque"
	default:
		start = "una jugada tranquila " + of + ", sin jaque"
	}
	end := el(h.finisher) + " da el mate final"
	if h.pattern != "" {
		end = "termina en " + patrones[h.pattern] + " con " + el(h.finisher)
	}
	return fmt.Sprintf("Mate en %d. Empieza con %s; %s.", h.n, start, end)
}

func (h tacticHint) spanish() string {
	sh := h.shape
	if sh.kind == SkewerKind {
		if sh.front == chess.King {
			return fmt.Sprintf("Da jaque al rey con %s a lo largo de una línea: cuando se aparte, cae %s que tiene detrás.", el(sh.mover), el(sh.back))
		}
		return contract(fmt.Sprintf("Apunta con %s a %s: cuando %s se aparte, cae %s que tiene detrás.", el(sh.mover), el(sh.front), el(sh.front), el(sh.back)))
	}
	var names []string
	for _, t := range h.named() {
		names = append(names, el(t))
	}
	what := "la jugada"
	if h.capture {
		what = "la captura"
	}
	if sh.targets[0] == chess.King {
		return contract(fmt.Sprintf("Busca %s de %s que da jaque al rey y a la vez ataca a %s.", what, piezas[sh.mover], strings.Join(names[1:], " y a ")))
	}
	list := strings.Join(names[:len(names)-1], ", a ") + " y a " + names[len(names)-1]
	return contract(fmt.Sprintf("Busca %s de %s que ataca a la vez a %s.", what, piezas[sh.mover], list))
}
