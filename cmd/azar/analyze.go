package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"azar/practice/analysis"
	"azar/variants/chess"
)

// runAnalyze is `azar analyze GAME.pgn`: per move the evaluation before
// and after, the best move, win %, accuracy and a label; per side the game
// accuracy (docs/analysis.md). Files are written only once the whole
// analysis has succeeded.
func runAnalyze(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	game := fs.Int("game", 1, "which game of the file (1 = the first)")
	asJSON := fs.Bool("json", false, "write the report as JSON instead of a table")
	svg := fs.String("svg", "", "also write the evaluation graph to this SVG file")
	pgnOut := fs.String("pgn-out", "", "also write the game with the evaluations and labels as comments to this PGN file")
	data := fs.String("data", "", "analyse a finished game of the app's store in this data directory (any game, the card games too) instead of a PGN")
	id := fs.String("id", "", "with -data: the game's id (as in the app's address)")
	bf := addBudgetFlags(fs, 500)
	bare, err := parseFlags(fs, "azar analyze GAME.pgn [-game N] [-movetime MS | -nodes N | -depth N] [-json] [-svg FILE] [-pgn-out FILE]\n       azar analyze -data DIR -id ID [-movetime MS | -nodes N | -depth N] [-json] [-svg FILE]", args, stdout)
	if err != nil {
		return err
	}
	if *data != "" || *id != "" {
		if len(bare) != 0 || *pgnOut != "" {
			return fmt.Errorf("-data analyses a game of the store: no PGN file, no -pgn-out")
		}
		b, err := bf.budget()
		if err != nil {
			return err
		}
		return analyseStored(stdout, *data, *id, b, *asJSON, *svg)
	}
	if len(bare) != 1 {
		return fmt.Errorf("want one PGN file, got %q", bare)
	}
	b, err := bf.budget()
	if err != nil {
		return err
	}
	g, err := readGameFile(bare[0], *game)
	if err != nil {
		return err
	}
	r, err := analysis.Analyze(context.Background(), g, b, nil)
	if err != nil {
		return err
	}
	var svgData, pgnData bytes.Buffer
	if *svg != "" {
		if err := analysis.WriteSVG(&svgData, &r); err != nil {
			return err
		}
	}
	if *pgnOut != "" {
		a, err := analysis.Annotate(g, &r)
		if err != nil {
			return err
		}
		if err := chess.WritePGN(&pgnData, &a); err != nil {
			return err
		}
	}
	for _, f := range []struct {
		path string
		data []byte
	}{{*svg, svgData.Bytes()}, {*pgnOut, pgnData.Bytes()}} {
		if f.path != "" {
			if err := os.WriteFile(f.path, f.data, 0o644); err != nil {
				return err
			}
		}
	}
	if *asJSON {
		data, err := json.MarshalIndent(r, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", data)
		return err
	}
	return writeTable(stdout, g, &r)
}

func writeTable(w io.Writer, g *chess.Game, r *analysis.Report) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s - %s  %s\n\n", orUnknown(g.Tag("White")), orUnknown(g.Tag("Black")), r.Result)
	fmt.Fprintf(&b, "%4s  %-12s %7s %7s  %-8s %15s %9s  %s\n", "ply", "move", "before", "after", "best", "win % (mover)", "accuracy", "label")
	for _, m := range r.Moves {
		dots := "."
		if m.Side == "black" {
			dots = "..."
		}
		move := fmt.Sprintf("%d%s %s%s", m.Number, dots, m.SAN, m.Label.Glyph())
		row := fmt.Sprintf("%4d  %-12s %7s %7s  %-8s %6.1f → %6.1f %9.1f  %s", m.Ply, move, m.EvalBefore, m.EvalAfter,
			m.BestSAN, float64(m.WinBefore), float64(m.WinAfter), float64(m.Accuracy), m.Label)
		b.WriteString(strings.TrimRight(row, " ") + "\n")
	}
	b.WriteByte('\n')
	writeSides(&b, r, func(side string, s analysis.SideReport) string { return side + " " + orUnknown(s.Name) })
	_, err := w.Write(b.Bytes())
	return err
}

// writeSides writes each side's line of a report: named by name, then
// its accuracy and its labels.
func writeSides(b *bytes.Buffer, r *analysis.Report, name func(side string, s analysis.SideReport) string) {
	for _, s := range []struct {
		side string
		r    analysis.SideReport
	}{{"White", r.White}, {"Black", r.Black}} {
		acc := "-"
		if !math.IsNaN(float64(s.r.Accuracy)) {
			acc = fmt.Sprintf("%.1f", float64(s.r.Accuracy))
		}
		fmt.Fprintf(b, "%s: accuracy %s, inaccuracies %d, mistakes %d, blunders %d\n", name(s.side, s.r),
			acc, s.r.Inaccuracies, s.r.Mistakes, s.r.Blunders)
	}
}

func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}
