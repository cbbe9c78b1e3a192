package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"azar/app/engine"
	"azar/app/games"
	"azar/app/store"
	"azar/practice/analysis"
)

// analyseStored is `azar analyze -data DIR -id ID`: the analysis the
// app's Analyse button makes, of a finished game in the app's store,
// with the engine in process. The card games can only be analysed so:
// their PGN does not hold what each player knew (docs/analysis.md,
// "Card variants"). The store is locked while a server uses it.
func analyseStored(stdout io.Writer, dir, id string, b analysis.Budget, asJSON bool, svg string) error {
	if dir == "" || id == "" {
		return fmt.Errorf("-data DIR and -id ID go together")
	}
	st, err := store.Open(dir)
	if err != nil {
		return err
	}
	defer st.Close()
	rec, err := st.Load(id)
	if err != nil {
		return fmt.Errorf("game %q: %w", id, err)
	}
	pool := engine.NewPool(1, engine.Config{HashMB: max(b.HashMB, 16)})
	defer pool.Close()
	if rec.Variant == games.VariantChaturanga4 {
		return analyseStoredC4(stdout, rec, pool, b, asJSON, svg)
	}
	r, swings, err := games.AnalyseRecord(context.Background(), rec, pool, b)
	if err != nil {
		return err
	}
	if svg != "" {
		var out bytes.Buffer
		if err := analysis.WriteSVG(&out, &r); err != nil {
			return err
		}
		if err := os.WriteFile(svg, out.Bytes(), 0o644); err != nil {
			return err
		}
	}
	if asJSON {
		out, err := json.MarshalIndent(struct {
			Variant string `json:"variant"`
			analysis.Report
			Swings []games.Swing `json:"swings,omitempty"`
		}{rec.Variant, r, swings}, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", out)
		return err
	}
	return writeDecisionTable(stdout, rec.Variant, &r, swings)
}

// writeDecisionTable writes a stored game's report: one row a ply, a
// card game's chance and forced plies marked as such.
func writeDecisionTable(w io.Writer, variant string, r *analysis.Report, swings []games.Swing) error {
	var b bytes.Buffer
	if variant == "" {
		variant = "chess"
	}
	fmt.Fprintf(&b, "%s  %s\n\n", variant, r.Result)
	fmt.Fprintf(&b, "%4s  %-5s  %-24s %7s %7s  %-14s %15s %9s  %s\n", "ply", "side", "action", "before", "after", "best", "win % (mover)", "accuracy", "label")
	for _, m := range r.Moves {
		before, after, best, acc, label := m.EvalBefore.String(), m.EvalAfter.String(), m.BestSAN, fmt.Sprintf("%.1f", float64(m.Accuracy)), m.Label.String()
		if m.Kind != "" {
			before, after, best, acc, label = "", "", "", "", m.Kind
		}
		row := fmt.Sprintf("%4d  %-5s  %-24s %7s %7s  %-14s %6.1f → %6.1f %9s  %s", m.Ply, m.Side, m.SAN+m.Label.Glyph(), before, after,
			best, float64(m.WinBefore), float64(m.WinAfter), acc, label)
		b.WriteString(strings.TrimRight(row, " ") + "\n")
	}
	b.WriteByte('\n')
	writeSides(&b, r, func(side string, s analysis.SideReport) string { return fmt.Sprintf("%s, %d decisions", side, s.Moves) })
	if len(swings) > 0 {
		b.WriteString("\nThe cards that mattered most (the drawer's win % after the card minus before):\n")
		for _, s := range swings {
			fmt.Fprintf(&b, "  ply %d, %s: %s %+.1f\n", s.Ply, s.Side, s.SAN, s.Swing)
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// analyseStoredC4 is a four-player game's analysis: each seat's expected
// points after every ply, each move's label, each seat's accuracy.
func analyseStoredC4(stdout io.Writer, rec store.Game, pool *engine.Pool, b analysis.Budget, asJSON bool, svg string) error {
	a, moves, err := games.AnalyseC4Record(context.Background(), rec, pool, b)
	if err != nil {
		return err
	}
	if svg != "" {
		if err := os.WriteFile(svg, []byte(a.SVG()), 0o644); err != nil {
			return err
		}
	}
	if asJSON {
		out, err := json.MarshalIndent(struct {
			Variant string                 `json:"variant"`
			Result  string                 `json:"result"`
			Points  [][4]float64           `json:"points"`
			Seats   [4]analysis.SideReport `json:"seats"`
			Moves   []games.AnalysedMove   `json:"moves"`
		}{rec.Variant, rec.Result, a.Points, a.Seats, moves}, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", out)
		return err
	}
	var w bytes.Buffer
	fmt.Fprintf(&w, "%s  %s\n\n", rec.Variant, rec.Result)
	fmt.Fprintf(&w, "%4s  %-4s  %-16s %6s %6s %6s %6s  %s\n", "ply", "seat", "move", "r %", "g %", "y %", "b %", "label")
	p := a.Points[0]
	fmt.Fprintf(&w, "%4d  %-4s  %-16s %6.1f %6.1f %6.1f %6.1f\n", 0, "", "(start)", p[0], p[1], p[2], p[3])
	for i, m := range moves {
		p := a.Points[i+1]
		label := m.Label
		if m.Kind != "" {
			label = m.Kind
		}
		row := fmt.Sprintf("%4d  %-4s  %-16s %6.1f %6.1f %6.1f %6.1f  %s", m.Ply, m.Side, m.SAN, p[0], p[1], p[2], p[3], label)
		w.WriteString(strings.TrimRight(row, " ") + "\n")
	}
	w.WriteString("\n")
	for _, s := range a.Seats {
		acc := "—"
		if !math.IsNaN(float64(s.Accuracy)) {
			acc = fmt.Sprintf("%.1f%%", float64(s.Accuracy))
		}
		fmt.Fprintf(&w, "%-6s accuracy %6s  %d moves, %d inaccuracies, %d mistakes, %d blunders\n", s.Name, acc, s.Moves, s.Inaccuracies, s.Mistakes, s.Blunders)
	}
	_, err = stdout.Write(w.Bytes())
	return err
}
