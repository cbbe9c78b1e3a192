package analysis

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// The graph's geometry, in SVG user units (pixels at 100 %).
const (
	svgWidth, svgHeight = 720, 320
	plotLeft, plotTop   = 52, 24
	plotW, plotH        = 648, 248
)

// labelColour are lichess's colours for the three labels.
func labelColour(l Label) string {
	return [...]string{"", "#56b4e9", "#e69f00", "#db3031"}[l]
}

// WriteSVG writes the report's evaluation graph as a standalone SVG file:
// White's win % after each ply as a polyline (one point per ply) over
// the shaded area between it and the 50 % line, a marker coloured by label on each labelled move (with the
// move as its title), the axes with their labels, and a legend.
func WriteSVG(w io.Writer, r *Report) error {
	n := len(r.Moves)
	if n == 0 {
		return fmt.Errorf("the report has no moves to draw")
	}
	white := r.WhiteWins()[1:] // after each ply
	x := func(ply int) float64 {
		if n == 1 {
			return plotLeft + plotW/2
		}
		return plotLeft + float64(ply-1)*plotW/float64(n-1)
	}
	y := func(win float64) float64 { return plotTop + (100-win)*plotH/100 }
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="11">`+"\n",
		svgWidth, svgHeight, svgWidth, svgHeight)
	b.WriteString("<title>Evaluation graph: White's win % after each ply</title>\n")
	fmt.Fprintf(&b, `<rect x="0" y="0" width="%d" height="%d" fill="#ffffff"/>`+"\n", svgWidth, svgHeight)
	fmt.Fprintf(&b, `<rect class="plot" x="%d" y="%d" width="%d" height="%d" fill="#f6f6f6" stroke="#999999"/>`+"\n", plotLeft, plotTop, plotW, plotH)
	fmt.Fprintf(&b, `<line class="fifty" x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#999999" stroke-dasharray="4 3"/>`+"\n",
		plotLeft, y(50), plotLeft+plotW, y(50))
	// Axes: win % ticks, ply ticks about every tenth of the game.
	for _, v := range []float64{0, 25, 50, 75, 100} {
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end">%g</text>`+"\n", plotLeft-6, y(v)+4, v)
	}
	step := max(1, (n+9)/10)
	if step > 1 {
		step = (step + 4) / 5 * 5
	}
	for p := 1; p <= n; p++ {
		if p != 1 && p%step != 0 {
			continue
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%d</text>`+"\n", x(p), plotTop+plotH+15, p)
	}
	fmt.Fprintf(&b, `<text class="xlabel" x="%d" y="%d" text-anchor="middle">ply</text>`+"\n", plotLeft+plotW/2, plotTop+plotH+32)
	fmt.Fprintf(&b, `<text class="ylabel" x="14" y="%d" text-anchor="middle" transform="rotate(-90 14 %d)">White win %%</text>`+"\n",
		plotTop+plotH/2, plotTop+plotH/2)
	pts := make([]string, n)
	for i, v := range white {
		pts[i] = fmt.Sprintf("%.1f,%.1f", x(i+1), y(v))
	}
	// The area between the curve and the 50 % line: White's advantage
	// above it, Black's below.
	area := fmt.Sprintf("%.1f,%.1f %s %.1f,%.1f", x(1), y(50), strings.Join(pts, " "), x(n), y(50))
	fmt.Fprintf(&b, `<polygon class="area" points="%s" fill="#d8d8d8" fill-opacity="0.7"/>`+"\n", area)
	fmt.Fprintf(&b, `<polyline class="win" points="%s" fill="none" stroke="#333333" stroke-width="1.5"/>`+"\n", strings.Join(pts, " "))
	for i, m := range r.Moves {
		if m.Label == NoLabel {
			continue
		}
		title := fmt.Sprintf("%d%s %s%s %s (%s → %s, best %s)", m.Number, dots(m.Side), m.SAN, m.Label.Glyph(), m.Label,
			m.EvalBefore, m.EvalAfter, m.BestSAN)
		fmt.Fprintf(&b, `<circle class="%s" data-ply="%d" cx="%.1f" cy="%.1f" r="4" fill="%s" stroke="#ffffff"><title>%s</title></circle>`+"\n",
			m.Label, m.Ply, x(i+1), y(white[i]), labelColour(m.Label), escape(title))
	}
	for i, l := range []Label{Inaccuracy, Mistake, Blunder} {
		lx := plotLeft + 8 + i*110
		fmt.Fprintf(&b, `<rect x="%d" y="6" width="10" height="10" fill="%s"/><text x="%d" y="15">%s</text>`+"\n", lx, labelColour(l), lx+14, l)
	}
	b.WriteString("</svg>\n")
	_, err := w.Write(b.Bytes())
	return err
}

func dots(side string) string {
	if side == "white" {
		return "."
	}
	return "..."
}

func escape(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}
