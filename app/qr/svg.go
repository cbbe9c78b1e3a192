package qr

import (
	"bytes"
	"fmt"
)

// Quiet is the light margin around the symbol, in modules, that a
// reader needs (ISO/IEC 18004 asks for four).
const Quiet = 4

// SVG draws the code as an SVG image: a white square with the quiet
// zone and one path of the dark modules, each row's runs as
// rectangles, one unit a module, so that it scales without blur.
func (c *Code) SVG() []byte {
	n := c.Size()
	w := n + 2*Quiet
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges">`, w, w)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, w, w)
	for r := 0; r < n; r++ {
		for col := 0; col < n; {
			if !c.Dark(r, col) {
				col++
				continue
			}
			start := col
			for col < n && c.Dark(r, col) {
				col++
			}
			fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", start+Quiet, r+Quiet, col-start, col-start)
		}
	}
	b.WriteString(`"/></svg>`)
	return b.Bytes()
}
