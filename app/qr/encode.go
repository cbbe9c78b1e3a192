package qr

import "fmt"

// Code is a drawn QR code: its version, its mask and its modules.
type Code struct {
	Version int
	Mask    int
	m       *matrix
}

// Size is the symbol's width in modules (without the quiet zone).
func (c *Code) Size() int { return c.m.size }

// Dark tells whether the module at row, col (from the top left) is dark.
func (c *Code) Dark(row, col int) bool { return c.m.at(row, col) }

// Encode draws text in byte mode at level M, in the smallest version
// that holds it, with the mask of the least penalty.
func Encode(text []byte) (*Code, error) { return encode(text, -1) }

// encode draws text with the mask given, or the best one for -1.
func encode(text []byte, mask int) (*Code, error) {
	ver := 1
	for ver <= MaxVersion && capacity(ver) < len(text) {
		ver++
	}
	if ver > MaxVersion {
		return nil, fmt.Errorf("qr: %d bytes do not fit in a version %d code (at most %d)", len(text), MaxVersion, capacity(MaxVersion))
	}
	m := newMatrix(ver)
	m.place(interleave(newGF(), dataCodewords(text, ver), ver))
	if mask < 0 {
		best := -1
		for k := range masks {
			if p := m.masked(k).penalty(); best < 0 || p < best {
				best, mask = p, k
			}
		}
	}
	out := m.masked(mask)
	out.finish(ver, mask)
	return &Code{Version: ver, Mask: mask, m: out}, nil
}
