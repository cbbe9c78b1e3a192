package qr

// penalty is the mask's score by the four rules of ISO/IEC 18004
// 7.8.3 (the lower the better): runs of five or more modules of one
// colour in a row or a column (3, and 1 more for each module past
// five), each 2×2 block of one colour (3), each 1:1:3:1:1 finder-like
// pattern with four light modules on one side within the symbol (40),
// and 10 for every whole 5 % that the dark share is away from half.
//
// Decision: the symbol is judged before the format and version
// information and the dark module are written (those modules light),
// as python-qrcode judges it, so that its choice of mask is a known
// answer our choice is tested against; any mask makes a valid symbol,
// the rules only prefer the easier one to read.
func (m *matrix) penalty() int {
	n := m.size
	p := 0
	// line is row i (or column i when col) read as dark/light.
	line := func(i int, col bool) []bool {
		l := make([]bool, n)
		for k := range l {
			if col {
				l[k] = m.at(k, i)
			} else {
				l[k] = m.at(i, k)
			}
		}
		return l
	}
	finderLike := [2][11]bool{
		{true, false, true, true, true, false, true, false, false, false, false},
		{false, false, false, false, true, false, true, true, true, false, true},
	}
	for i := 0; i < n; i++ {
		for _, col := range []bool{false, true} {
			l := line(i, col)
			run := 1
			for k := 1; k <= n; k++ {
				if k < n && l[k] == l[k-1] {
					run++
					continue
				}
				if run >= 5 {
					p += run - 2
				}
				run = 1
			}
			for k := 0; k+11 <= n; k++ {
				for _, f := range finderLike {
					if equal(l[k:k+11], f[:]) {
						p += 40
					}
				}
			}
		}
	}
	dark := 0
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if m.at(r, c) {
				dark++
			}
			if r+1 < n && c+1 < n && m.at(r, c) == m.at(r+1, c) && m.at(r, c) == m.at(r, c+1) && m.at(r, c) == m.at(r+1, c+1) {
				p += 3
			}
		}
	}
	p += abs(100*dark-50*n*n) / (5 * n * n) * 10
	return p
}

func equal(a, b []bool) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
