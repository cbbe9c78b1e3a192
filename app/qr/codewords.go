package qr

// bits collects a bit stream, most significant bit first.
type bits struct {
	b []byte
	n int // bits written
}

func (s *bits) put(v, n int) {
	for i := n - 1; i >= 0; i-- {
		if s.n%8 == 0 {
			s.b = append(s.b, 0)
		}
		if v>>i&1 == 1 {
			s.b[s.n/8] |= 0x80 >> (s.n % 8)
		}
		s.n++
	}
}

// dataCodewords is text in byte mode, terminated and padded to the
// version's data capacity (ISO/IEC 18004 7.4).
func dataCodewords(text []byte, ver int) []byte {
	total := versions[ver-1].dataCodewords()
	var s bits
	s.put(0b0100, 4) // byte mode
	s.put(len(text), countBits(ver))
	for _, c := range text {
		s.put(int(c), 8)
	}
	// The terminator, up to four zero bits, then zeros to a whole byte
	// (put appends whole bytes, so the bits are already zero).
	s.n = min(s.n+4, total*8)
	for len(s.b) < (s.n+7)/8 {
		s.b = append(s.b, 0)
	}
	out := s.b[:(s.n+7)/8]
	for pad := 0; len(out) < total; pad++ {
		out = append(out, [2]byte{0xEC, 0x11}[pad%2])
	}
	return out
}

// interleave splits the data into the version's blocks, adds each
// block's error correction and reads them out as the symbol holds
// them: the data codewords column by column across the blocks, then
// the error correction codewords the same way (ISO/IEC 18004 7.6).
func interleave(g *gf, data []byte, ver int) []byte {
	v := versions[ver-1]
	var blocks, eccs [][]byte
	at := 0
	for _, n := range v.blocks {
		blocks = append(blocks, data[at:at+n])
		eccs = append(eccs, g.ecc(data[at:at+n], v.ecc))
		at += n
	}
	var out []byte
	for i := 0; i < v.blocks[len(v.blocks)-1]; i++ {
		for _, b := range blocks {
			if i < len(b) {
				out = append(out, b[i])
			}
		}
	}
	for i := 0; i < v.ecc; i++ {
		for _, e := range eccs {
			out = append(out, e[i])
		}
	}
	return out
}
