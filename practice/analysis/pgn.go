package analysis

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strings"

	"azar/variants/chess"
)

// CheckVariant refuses a game of another variant (its Variant tag): the
// analysis is for standard chess only.
func CheckVariant(g *chess.Game) error {
	v := g.Tag("Variant")
	switch strings.ToLower(v) {
	case "", "standard", "chess", "from position":
		return nil
	}
	return fmt.Errorf("variant %q: hints and analysis are for standard chess only (docs/analysis.md)", v)
}

// ReadGame reads the n-th game (1-based) of a PGN file. A file of a card
// variant, which the chess reader cannot read (its moves are action
// tokens), is named as such instead of failing on its first action.
func ReadGame(r io.Reader, n int) (*chess.Game, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	games, err := chess.ReadPGN(bytes.NewReader(data))
	if err != nil {
		if v, ok := variantOf(data); ok {
			if verr := CheckVariant(&chess.Game{Tags: []chess.Tag{{Name: "Variant", Value: v}}}); verr != nil {
				return nil, verr
			}
		}
		return nil, err
	}
	if n < 1 || n > len(games) {
		return nil, fmt.Errorf("game %d: the file has %d game(s)", n, len(games))
	}
	g := &games[n-1]
	if err := CheckVariant(g); err != nil {
		return nil, err
	}
	return g, nil
}

// variantOf finds the first Variant tag of a PGN file.
func variantOf(data []byte) (string, bool) {
	for _, ln := range strings.Split(string(data), "\n") {
		ln = strings.TrimSpace(ln)
		rest, ok := strings.CutPrefix(ln, "[Variant ")
		if !ok {
			continue
		}
		return strings.Trim(strings.TrimSpace(strings.TrimSuffix(rest, "]")), `"`), true
	}
	return "", false
}

// Annotate returns a copy of g with the report as PGN comments: after
// each move {score/depth} (the move's evaluation for the mover and the
// depth of the search behind it, as in the match runner's comments), and for a labelled move the lichess glyph,
// the label and the best move with its score, e.g.
// {-4.75/9 ?? blunder; best Nc3 +0.30}. The game's own comments are
// replaced. Annotator and per-side accuracy tags are added.
func Annotate(g *chess.Game, r *Report) (chess.Game, error) {
	if len(r.Moves) != len(g.Moves) {
		return chess.Game{}, fmt.Errorf("the report has %d moves, the game %d", len(r.Moves), len(g.Moves))
	}
	out := *g
	out.Tags = append([]chess.Tag(nil), g.Tags...)
	out.Moves = append([]chess.Move(nil), g.Moves...)
	out.Comments = make([]string, len(g.Moves))
	for i, m := range r.Moves {
		if m.Move != g.Moves[i] {
			return chess.Game{}, fmt.Errorf("ply %d: the report has %s, the game %s", i+1, m.UCI, g.Moves[i])
		}
		c := fmt.Sprintf("%s/%d", m.EvalAfter, m.DepthAfter)
		if m.Label != NoLabel {
			c += fmt.Sprintf(" %s %s; best %s %s", m.Label.Glyph(), m.Label, m.BestSAN, m.EvalBefore)
		}
		out.Comments[i] = c
	}
	annotator := "azar analyze"
	switch b := r.Budget; {
	case b.Nodes > 0:
		annotator += fmt.Sprintf(" (nodes %d)", b.Nodes)
	case b.Depth > 0:
		annotator += fmt.Sprintf(" (depth %d)", b.Depth)
	case b.MoveTimeMS > 0:
		annotator += fmt.Sprintf(" (movetime %d ms)", b.MoveTimeMS)
	}
	out.SetTag("Annotator", annotator)
	for _, s := range []struct {
		tag string
		acc Percent
	}{{"WhiteAccuracy", r.White.Accuracy}, {"BlackAccuracy", r.Black.Accuracy}} {
		if !math.IsNaN(float64(s.acc)) {
			out.SetTag(s.tag, fmt.Sprintf("%.1f", float64(s.acc)))
		}
	}
	return out, nil
}
