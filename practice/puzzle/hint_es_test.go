package puzzle

import (
	"strings"
	"testing"

	"azar/variants/chess"
)

// Every shipped puzzle has its hint in Spanish: no English left in it,
// the moving piece named as the English names it (the mate-in-1 hints
// name the mating piece), and a few written out in full.
func TestShippedHintsInSpanish(t *testing.T) {
	english := []string{"the ", " mate in", "check", "move", "capture", "king", "queen", "rook", "bishop", "knight", "pawn"}
	for _, p := range shipped(t) {
		h, err := HintIn(p, "es")
		if err != nil {
			t.Fatalf("%s: %v", p.FEN, err)
		}
		for _, w := range english {
			if strings.Contains(strings.ToLower(h), w) {
				t.Errorf("%s: the Spanish hint %q has %q", p.FEN, h, w)
			}
		}
		if p.Kind == Mate && p.Moves == 1 {
			continue
		}
		pos, _ := p.Position()
		m, _ := pos.ParseUCIMove(p.Solution[0])
		if name := piezas[movedType(pos, m)]; !strings.Contains(h, name) {
			t.Errorf("%s: hint %q does not name the %s that moves first", p.FEN, h, name)
		}
	}
}

func TestSpanishHints(t *testing.T) {
	for _, c := range []struct {
		p    Puzzle
		want string
	}{
		{rookMate2, "Mate en 2. Empieza con una jugada tranquila de torre, sin jaque; termina en un mate del pasillo con la torre."},
		{queenMate1, "La dama da mate: busca el jaque que no deja al rey ninguna casilla."},
		{knightFork, "Busca la jugada de caballo que da jaque al rey y a la vez ataca a la dama."},
	} {
		if got, err := HintIn(c.p, "es"); err != nil || got != c.want {
			t.Errorf("%s: %q (%v), want %q", c.p.FEN, got, err, c.want)
		}
		if en, _ := HintIn(c.p, "en"); en == c.want {
			t.Errorf("%s: the English hint is the Spanish", c.p.FEN)
		}
	}
	// The articles and their contractions: al, del.
	h := tacticHint{shape: tacticShape{kind: SkewerKind, mover: chess.Bishop, front: chess.Knight, back: chess.Rook}}
	if got, want := h.spanish(), "Apunta con el alfil al caballo: cuando el caballo se aparte, cae la torre que tiene detrás."; got != want {
		t.Errorf("skewer: %q, want %q", got, want)
	}
}
