package games

import (
	"regexp"
	"slices"
	"strings"

	"azar/variants"
	"azar/variants/chess"
)

// NotePart is one piece of a move-list entry: a chess move in SAN with
// English piece letters (the page writes them in its own language, as it
// does for standard chess: notation.js), or words in both languages. Card
// names the card a part speaks of (its id), for the page to describe it.
type NotePart struct {
	SAN  string `json:"san,omitempty"`
	Text *Texts `json:"text,omitempty"`
	Card string `json:"card,omitempty"`
	// Effect marks the words of a piece a card or an effect took off the
	// board (removesPart): the page names it when it decided the game.
	Effect bool `json:"effect,omitempty"`
}

// Note is one entry of a card game's move list, in parts: the move list
// shows people's notation, never the protocol's tokens (issue 29: `Nf6 ·
// Muro e5–f5`, not `g8f6`, `AM34@MAIN(e5,f5)`).
type Note []NotePart

func sanPart(s string) NotePart { return NotePart{SAN: s} }

func textPart(en, es string) NotePart { return NotePart{Text: &Texts{En: en, Es: es}} }

func textsPart(t Texts) NotePart { return NotePart{Text: &t} }

// effectPart is words of what a card or an effect did to the board (a
// piece removed, placed or moved by it, a bomb or a wave).
func effectPart(en, es string) NotePart {
	p := textPart(en, es)
	p.Effect = true
	return p
}

func cardPart(id string, name Texts) NotePart { return NotePart{Text: &name, Card: id} }

// Text writes the note in lang ("en" or "es") as the page does: the parts
// joined by spaces, SAN's piece letters in the language's letters.
func (n Note) Text(lang string) string {
	var out []string
	for _, p := range n {
		switch {
		case p.SAN != "":
			out = append(out, sanIn(p.SAN, lang))
		case p.Text != nil && lang == "es":
			out = append(out, p.Text.Es)
		case p.Text != nil:
			out = append(out, p.Text.En)
		}
	}
	return strings.Join(out, " ")
}

// esLetters are the Spanish SAN piece letters (rey, dama, torre, alfil,
// caballo), notation.js's.
var esLetters = map[byte]byte{'K': 'R', 'Q': 'D', 'R': 'T', 'B': 'A', 'N': 'C'}

// sanIn is san in lang's piece letters: a letter is a piece's at the
// start or after "=" (files are lower case, castling is the letter O).
func sanIn(san, lang string) string {
	if lang != "es" {
		return san
	}
	b := []byte(san)
	for i := range b {
		if l, ok := esLetters[b[i]]; ok && (i == 0 || b[i-1] == '=') {
			b[i] = l
		}
	}
	return string(b)
}

// pieceOn is "the knight on f6" / "el caballo de f6".
func pieceOn(t chess.PieceType, sq chess.Square) Texts {
	n := pieceNames[t]
	art := "el "
	if t == chess.Rook || t == chess.Queen {
		art = "la "
	}
	return Texts{En: "the " + n[0] + " on " + sq.String(), Es: art + n[1] + " de " + sq.String()}
}

// longMove is a move the board alone cannot read as SAN (a card's move of
// a rival piece, a stride, a lance's jump): the piece's letter, its square,
// - or x, the square reached ("Nb8-c6", "Ke1-e3").
func longMove(pos *chess.Position, from, to chess.Square) string {
	s := ""
	if pc := pos.At(from); pc != chess.NoPiece && pc.Type() != chess.Pawn {
		s = string(pc.Type().Letter())
	}
	sep := "-"
	if pos.At(to) != chess.NoPiece {
		sep = "x"
	}
	return s + from.String() + sep + to.String()
}

// boardSAN writes m in SAN when it is a legal move of the side to move on
// pos as chess reads it, the check marks left off (the variant's rules,
// not the board's, say what is check); else in the long form.
func boardSAN(pos *chess.Position, m chess.Move) string {
	if pc := pos.At(m.From()); pc != chess.NoPiece && pc.Color() == pos.Side() && pos.IsLegal(m) {
		return strings.TrimRight(pos.SAN(m), "+#")
	}
	s := longMove(pos, m.From(), m.To())
	if m.Kind() == chess.KindPromotion {
		s += "=" + string(m.Promotion().Letter())
	}
	return s
}

// removed is the pieces on before that are gone after (a square emptied,
// or taken by another colour's piece), but for the squares in except (a
// move's own capture and its from square): what an effect took off.
func removed(before, after *chess.Position, except ...chess.Square) []Texts {
	var out []Texts
	for s := chess.Square(0); s < 64; s++ {
		pc := before.At(s)
		if pc == chess.NoPiece || containsSquare(except, s) {
			continue
		}
		if now := after.At(s); now == chess.NoPiece || now.Color() != pc.Color() {
			if !movedAway(before, after, pc) {
				out = append(out, pieceOn(pc.Type(), s))
			}
		}
	}
	return out
}

// movedAway reports whether pc's count on the board stayed the same (the
// piece was moved by a card, not taken off).
func movedAway(before, after *chess.Position, pc chess.Piece) bool {
	return before.Pieces(pc.Color(), pc.Type()).Count() <= after.Pieces(pc.Color(), pc.Type()).Count()
}

func containsSquare(l []chess.Square, s chess.Square) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// withEnd says on the entry of the action that ended the game by
// checkmate or stalemate that it did ("— checkmate": the card or move of
// the entry gave it); a declined window that ended it (the mate save
// passed, the stalemate window passed) reads "accepts the checkmate".
// A SAN's own mark (#) says it already.
func withEnd(n Note, st variants.State) Note {
	_, why := outcomeOf(st)
	end := map[string][2]Texts{
		ReasonCheckmate: {{En: "— checkmate", Es: "— jaque mate"}, {En: "accepts the checkmate", Es: "acepta el jaque mate"}},
		ReasonStalemate: {{En: "— stalemate", Es: "— ahogado"}, {En: "accepts the stalemate", Es: "acepta el ahogado"}},
	}[why]
	switch {
	case end[0].En == "":
		return n
	case len(n) == 0:
		return Note{textsPart(end[1])}
	case strings.HasSuffix(n[len(n)-1].SAN, "#"):
		return n
	}
	return append(n, textsPart(end[0]))
}

// removesPart is "· Bomb: removes the knight on e5 and the pawn on d4" in
// both languages: who took them off (the card or effect's name) and what.
func removesPart(by Texts, gone []Texts) NotePart {
	var en, es []string
	for _, g := range gone {
		en, es = append(en, g.En), append(es, g.Es)
	}
	return effectPart("· "+by.En+": removes "+joinWords(en, "and"), "· "+by.Es+": quita "+joinWords(es, "y"))
}

// protocolShapes are the protocol's token shapes that a move list, a
// note or a prompt must never show a newcomer (issue 29 §2): its tests
// and the browser tests check the notes, steps and prompts with them.
var protocolShapes = map[string]*regexp.Regexp{
	"uci move":     regexp.MustCompile(`\b[a-h][1-8][a-h][1-8][qrbne]?\b`),
	"relocation":   regexp.MustCompile(`[a-h][1-8]>[a-h][1-8]`),
	"removal":      regexp.MustCompile(`(^|[\s(])-[a-h][1-8]`),
	"placement":    regexp.MustCompile(`[PNBRQKE]@[a-h][1-8]`),
	"spy card":     regexp.MustCompile(`\b(reveal|spy|wild):[A-Za-z]`),
	"magic code":   regexp.MustCompile(`AM\d\d`),
	"window":       regexp.MustCompile(`\b(MAIN|PRE|END|R-COMMIT|R-IMPACT|MS|UEYNT|HFPT)\b`),
	"record":       regexp.MustCompile(`@[A-Z]|\(\)`),
	"lucky card":   regexp.MustCompile(`\b[a-z]+\d?(-[a-z]+)?:[A-Za-z+]`),
	"token word":   regexp.MustCompile(`^(draw|pass|0000|annul|bomb|claim|pawns(=\w+)?)$`),
	"glued":        regexp.MustCompile(`\|`),
	"queen powers": regexp.MustCompile(`\b[RBN] [RBN]\b`),
}

// ProtocolTokens names the protocol token shapes that s shows (none for
// people's notation and words).
func ProtocolTokens(s string) []string {
	var out []string
	for name, re := range protocolShapes {
		if re.MatchString(s) {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}
