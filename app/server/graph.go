package server

import "strings"

// graphIn is the analysis graph (practice/analysis.WriteSVG, stored in
// English with the game) with its visible words — the legend and the
// axes — in lang (?lang=es on the graph's address; the page asks in its
// own language). The words are whole <text> contents, so nothing else
// of the drawing can match.
func graphIn(svg, lang string) string {
	words, ok := graphWords[lang]
	if !ok {
		return svg
	}
	return words.Replace(svg)
}

var graphWords = map[string]*strings.Replacer{
	"es": strings.NewReplacer(
		">inaccuracy</text>", ">imprecisión</text>",
		">mistake</text>", ">error</text>",
		">blunder</text>", ">error grave</text>",
		">ply</text>", ">jugada (de cada bando)</text>",
		">White win %</text>", ">% de victoria de las blancas</text>",
		"<title>Evaluation graph: White's win % after each ply</title>", "<title>Posibilidades de las blancas tras cada jugada</title>",
	),
}
