package games

import (
	"strings"

	"azar/variants/chess"
	"azar/variants/lucky"
)

// Texts is a sentence in the page's two languages.
type Texts struct {
	En string `json:"en"`
	Es string `json:"es"`
}

// CardView is a lucky card as the page shows it: its id (the protocol's),
// its printed Spanish name, an English name, and what it does in both
// languages (docs/rules/lucky.md, sections 7 and 8).
type CardView struct {
	ID   string `json:"id"`
	Name Texts  `json:"name"`
	Text Texts  `json:"text"`
	// Category is movement, material, temporal or instruction.
	Category string `json:"category"`
}

var pieceNames = map[chess.PieceType][2]string{
	chess.Pawn: {"pawn", "peón"}, chess.Knight: {"knight", "caballo"}, chess.Bishop: {"bishop", "alfil"},
	chess.Rook: {"rook", "torre"}, chess.Queen: {"queen", "dama"}, chess.King: {"king", "rey"},
}

func piecePlural(t chess.PieceType, es bool) string {
	n := pieceNames[t]
	if es {
		if t == chess.Pawn {
			return "peones"
		}
		if t == chess.King {
			return "reyes"
		}
		return n[1] + "s"
	}
	return n[0] + "s"
}

// joinWords lists words as "a, b and c" ("a, b y c").
func joinWords(ws []string, and string) string {
	switch len(ws) {
	case 0:
		return ""
	case 1:
		return ws[0]
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " " + and + " " + ws[len(ws)-1]
}

var categoryNames = [...]string{"movement", "material", "temporal", "instruction"}

// cardView describes the card kind k for the page.
func cardView(k lucky.Kind) *CardView {
	c := k.Card()
	v := &CardView{ID: c.ID, Name: Texts{Es: c.Name}, Category: categoryNames[c.Category]}
	var en, es []string
	for i := 0; i < int(c.NIcons); i++ {
		en = append(en, "a "+pieceNames[c.Icons[i]][0])
		es = append(es, map[chess.PieceType]string{chess.Pawn: "un peón", chess.Knight: "un caballo", chess.Bishop: "un alfil",
			chess.Rook: "una torre", chess.Queen: "la dama", chess.King: "el rey"}[c.Icons[i]])
	}
	piece := pieceNames[c.Piece]
	switch c.Family {
	case lucky.FamMove1:
		v.Name.En = "Move one"
		v.Text = Texts{"Move " + en[0] + ".", "Mueve " + es[0] + "."}
	case lucky.FamMove2, lucky.FamMove3:
		v.Name.En = "Move " + map[bool]string{true: "two", false: "three"}[c.Family == lucky.FamMove2]
		v.Text = Texts{"Move " + joinWords(en, "and") + ", each a different piece, in any order.",
			"Mueve " + joinWords(es, "y") + ", cada una una pieza distinta, en cualquier orden."}
	case lucky.FamChoose1:
		v.Name.En = "Choose and move one"
		v.Text = Texts{"Move " + joinWords(en, "or") + ".", "Mueve " + joinWords(es, "o") + "."}
	case lucky.FamChoose2:
		v.Name.En = "Choose and move two"
		v.Text = Texts{"Move two different pieces among " + joinWords(en, "and") + ".",
			"Mueve dos piezas distintas entre " + joinWords(es, "y") + "."}
	case lucky.FamRelocate:
		v.Name.En = "Relocate"
		v.Text = Texts{"Put any piece (not the rival king; your own only under Lead king) on any empty square.",
			"Pon cualquier pieza (no el rey rival; el tuyo solo con Rey de plomo) en cualquier casilla vacía."}
	case lucky.FamSkip:
		v.Name.En = "Lose your turn"
		v.Text = Texts{"Your turn ends.", "Tu turno acaba."}
	case lucky.FamEnemy2:
		v.Name.En = "Move two enemy pieces"
		v.Text = Texts{"Move two different rival pieces (never onto a square that attacks your king, never taking it).",
			"Mueve dos piezas distintas del rival (sin dejar a tu rey atacado ni capturarlo)."}
	case lucky.FamPawnsBack:
		v.Name.En = "Fearful pawns"
		v.Text = Texts{"Every pawn of yours steps back one square where it can (from the rearmost).",
			"Cada peón tuyo retrocede una casilla donde pueda (empezando por el más retrasado)."}
	case lucky.FamPawnsForward:
		v.Name.En = "Crazy pawns"
		v.Text = Texts{"Every pawn of yours steps forward one square where it can (from the frontmost).",
			"Cada peón tuyo avanza una casilla donde pueda (empezando por el más adelantado)."}
	case lucky.FamRemove:
		v.Name.En = "Remove"
		v.Text = Texts{"Take a rival " + piece[0] + " off the board.", "Quita del tablero un " + piece[1] + " rival."}
	case lucky.FamRecover:
		v.Name.En = "Recover"
		v.Text = Texts{"Put one of your captured pieces back on any empty square (pawns on ranks 2 to 7).",
			"Vuelve a poner una pieza tuya capturada en una casilla vacía (peones en las filas 2 a 7)."}
	case lucky.FamBomb:
		v.Name.En = "Bomb"
		v.Text = Texts{"Remove one rival piece in the zone (not the king).", "Quita una pieza rival de la zona (no el rey)."}
	case lucky.FamBombCruel:
		v.Name.En = "Cruel bomb"
		v.Text = Texts{"Remove one rival piece in the centre; if there is none, one of your own.",
			"Quita una pieza rival del centro; si no hay ninguna, una tuya."}
	case lucky.FamBombFierce:
		v.Name.En = "Fierce bomb"
		v.Text = Texts{"Remove every rival piece on d4, e4, d5 and e5 (not the king).",
			"Quita todas las piezas rivales de d4, e4, d5 y e5 (no el rey)."}
	case lucky.FamBombCrazy:
		v.Name.En = "Crazy bomb"
		v.Text = Texts{"Remove every piece of both colours on ranks 4 and 5, except the kings.",
			"Quita todas las piezas de ambos colores de las filas 4 y 5, salvo los reyes."}
	case lucky.FamSuper:
		v.Name.En = "Superpieces"
		v.Text = Texts{"Temporal: your " + piecePlural(c.Piece, false) + " also move and capture like a knight.",
			"Temporal: tus " + piecePlural(c.Piece, true) + " también mueven y capturan como un caballo."}
	case lucky.FamSuperknights:
		v.Name.En = "Superknights"
		v.Text = Texts{"Temporal: after a normal knight move you may make a second knight move.",
			"Temporal: tras una jugada normal de caballo puedes hacer otra jugada de caballo."}
	case lucky.FamUntouchable:
		v.Name.En = "Untouchable pawns"
		v.Text = Texts{"Temporal: your pawns cannot be captured nor removed.",
			"Temporal: tus peones no pueden ser capturados ni quitados."}
	case lucky.FamFreeze:
		v.Name.En = "Frozen pieces"
		v.Text = Texts{"Temporal: the rival's " + piecePlural(c.Piece, false) + " may move only to answer a check.",
			"Temporal: los " + piecePlural(c.Piece, true) + " del rival solo pueden mover para salir de un jaque."}
	case lucky.FamNoRetreat:
		v.Name.En = "No retreat"
		v.Text = Texts{"Temporal (hinders its holder): your pieces may not move backward unless forced.",
			"Temporal (perjudica a quien la tiene): tus piezas no pueden retroceder salvo obligadas."}
	case lucky.FamLeadKing:
		v.Name.En = "Lead king"
		v.Text = Texts{"Temporal (hinders its holder): your king cannot move.",
			"Temporal (perjudica a quien la tiene): tu rey no puede moverse."}
	case lucky.FamRules:
		v.Name.En = "Instructions"
		v.Text = Texts{"Make a normal move.", "Haz una jugada normal."}
	}
	return v
}
