package qr

// matrix is a symbol being drawn: each module dark or light, and
// whether it belongs to a function pattern (finders, separators,
// timing, alignment, format and version information, the dark
// module), which the data and the mask leave alone.
type matrix struct {
	size     int
	dark     []bool
	function []bool
}

func newMatrix(ver int) *matrix {
	n := 4*ver + 17
	m := &matrix{size: n, dark: make([]bool, n*n), function: make([]bool, n*n)}
	m.finder(0, 0)
	m.finder(n-7, 0)
	m.finder(0, n-7)
	m.alignments(versions[ver-1].centres)
	for i := 8; i < n-8; i++ {
		m.set(6, i, i%2 == 0)
		m.set(i, 6, i%2 == 0)
	}
	m.reserve(ver)
	return m
}

// reserve marks the format information, the dark module and (from
// version 7) the version information as function modules, light until
// finish writes them once the mask is chosen.
func (m *matrix) reserve(ver int) {
	n := m.size
	for i := 0; i <= 8; i++ {
		if i != 6 {
			m.set(8, i, false)
			m.set(i, 8, false)
		}
	}
	for i := 0; i < 8; i++ {
		m.set(8, n-1-i, false)
		m.set(n-1-i, 8, false)
	}
	if ver >= 7 {
		for i := 0; i < 18; i++ {
			m.set(i/3, n-11+i%3, false)
			m.set(n-11+i%3, i/3, false)
		}
	}
}

// finish writes the format information for the mask and, from version
// 7, the version information.
func (m *matrix) finish(ver, mask int) {
	m.format(mask)
	if ver >= 7 {
		m.version(ver)
	}
}

func (m *matrix) set(row, col int, dark bool) {
	m.dark[row*m.size+col] = dark
	m.function[row*m.size+col] = true
}

func (m *matrix) at(row, col int) bool { return m.dark[row*m.size+col] }

// finder draws a finder pattern with its light separator around it
// (the parts of the separator inside the symbol).
func (m *matrix) finder(row, col int) {
	for r := -1; r <= 7; r++ {
		for c := -1; c <= 7; c++ {
			if row+r < 0 || row+r >= m.size || col+c < 0 || col+c >= m.size {
				continue
			}
			ring := max(abs(r-3), abs(c-3)) // 0 the centre, 3 the outer ring, 4 the separator
			m.set(row+r, col+c, ring != 2 && ring != 4)
		}
	}
}

// alignments draws the alignment patterns at every pair of centres
// except the three that would lie on a finder.
func (m *matrix) alignments(centres []int) {
	last := len(centres) - 1
	for i, r := range centres {
		for j, c := range centres {
			if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) {
				continue
			}
			for dr := -2; dr <= 2; dr++ {
				for dc := -2; dc <= 2; dc++ {
					m.set(r+dr, c+dc, max(abs(dr), abs(dc)) != 1)
				}
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// bch is the value followed by the remainder of its division by the
// generator poly (of degree deg) in GF(2): the format and version
// information's error correction.
func bch(value, poly, deg int) int {
	r := value << deg
	for i := bitLen(r) - 1; i >= deg; i-- {
		if r>>i&1 == 1 {
			r ^= poly << (i - deg)
		}
	}
	return value<<deg | r
}

func bitLen(x int) int {
	n := 0
	for ; x > 0; x >>= 1 {
		n++
	}
	return n
}

// formatBits is the 15 bits of the format information for level M
// (indicator 00) and the mask, masked by 101010000010010.
func formatBits(mask int) int { return bch(mask, 0x537, 10) ^ 0x5412 }

// format writes the format information twice (bit 0 is the least
// significant): down column 8 and along row 8 beside the top left
// finder, and split between the other two; with the dark module.
func (m *matrix) format(mask int) {
	f := formatBits(mask)
	n := m.size
	for i := 0; i < 15; i++ {
		d := f>>i&1 == 1
		switch {
		case i < 6:
			m.set(i, 8, d)
		case i < 8:
			m.set(i+1, 8, d)
		default:
			m.set(n-15+i, 8, d)
		}
		switch {
		case i < 8:
			m.set(8, n-1-i, d)
		case i == 8:
			m.set(8, 7, d)
		default:
			m.set(8, 14-i, d)
		}
	}
	m.set(n-8, 8, true)
}

// version writes the 18 bits of the version information in the two
// 6×3 blocks beside the top right and bottom left finders.
func (m *matrix) version(ver int) {
	v := bch(ver, 0x1F25, 12)
	n := m.size
	for i := 0; i < 18; i++ {
		d := v>>i&1 == 1
		m.set(i/3, n-11+i%3, d)
		m.set(n-11+i%3, i/3, d)
	}
}

// place writes the codewords' bits in the modules that are not a
// function pattern: two columns at a time from the right, upwards then
// downwards, stepping over the vertical timing pattern. Modules left
// over (the remainder bits) stay light.
func (m *matrix) place(codewords []byte) {
	n := m.size
	bit := 0
	up := true
	for right := n - 1; right > 0; right -= 2 {
		if right == 6 {
			right = 5
		}
		for k := 0; k < n; k++ {
			row := k
			if up {
				row = n - 1 - k
			}
			for c := 0; c < 2; c++ {
				col := right - c
				if m.function[row*n+col] {
					continue
				}
				if bit < len(codewords)*8 {
					m.dark[row*n+col] = codewords[bit/8]>>(7-bit%8)&1 == 1
				}
				bit++
			}
		}
		up = !up
	}
}

// masks are the eight mask conditions: a data module where the
// condition holds is flipped.
var masks = [8]func(r, c int) bool{
	func(r, c int) bool { return (r+c)%2 == 0 },
	func(r, c int) bool { return r%2 == 0 },
	func(r, c int) bool { return c%3 == 0 },
	func(r, c int) bool { return (r+c)%3 == 0 },
	func(r, c int) bool { return (r/2+c/3)%2 == 0 },
	func(r, c int) bool { return r*c%2+r*c%3 == 0 },
	func(r, c int) bool { return (r*c%2+r*c%3)%2 == 0 },
	func(r, c int) bool { return ((r+c)%2+r*c%3)%2 == 0 },
}

// masked is a copy of m with the mask applied to the data modules.
func (m *matrix) masked(mask int) *matrix {
	out := &matrix{size: m.size, dark: append([]bool(nil), m.dark...), function: m.function}
	for r := 0; r < m.size; r++ {
		for c := 0; c < m.size; c++ {
			if !m.function[r*m.size+c] && masks[mask](r, c) {
				out.dark[r*m.size+c] = !out.dark[r*m.size+c]
			}
		}
	}
	return out
}
