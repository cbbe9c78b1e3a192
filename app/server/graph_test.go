package server

import (
	"strings"
	"testing"

	"azar/practice/analysis"
)

// The graph in Spanish: the legend's and the axes' words, nothing else
// changed; English and unknown languages as stored.
func TestGraphInSpanish(t *testing.T) {
	rep := analysis.Report{Moves: []analysis.MoveReport{{Ply: 1, Number: 1, Side: "white", SAN: "f3", Label: analysis.Inaccuracy},
		{Ply: 2, Number: 1, Side: "black", SAN: "e5"}, {Ply: 3, Number: 2, Side: "white", SAN: "g4", Label: analysis.Blunder}}}
	var b strings.Builder
	if err := analysis.WriteSVG(&b, &rep); err != nil {
		t.Fatal(err)
	}
	en := b.String()
	es := graphIn(en, "es")
	for _, w := range []string{">imprecisión<", ">error<", ">error grave<", ">jugada (de cada bando)<", ">% de victoria de las blancas<"} {
		if !strings.Contains(es, w) {
			t.Errorf("the Spanish graph has no %q", w)
		}
	}
	for _, w := range []string{">inaccuracy<", ">mistake<", ">blunder<", ">ply<", ">White win %<"} {
		if strings.Contains(es, w) {
			t.Errorf("the Spanish graph still has %q", w)
		}
	}
	if graphIn(en, "en") != en || graphIn(en, "fr") != en || strings.Count(es, "<circle") != strings.Count(en, "<circle") {
		t.Error("English, another language or the drawing changed")
	}
}
