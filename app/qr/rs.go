package qr

// GF(256) with the QR code's primitive polynomial x^8+x^4+x^3+x^2+1
// (0x11D), and the Reed–Solomon error correction codewords over it.

// gf holds the field's exponent and logarithm tables.
type gf struct {
	exp [512]byte // exp[i] = α^i, doubled so that a product needs no modulo
	log [256]int
}

func newGF() *gf {
	g := &gf{}
	x := 1
	for i := 0; i < 255; i++ {
		g.exp[i] = byte(x)
		g.log[x] = i
		x <<= 1
		if x&0x100 != 0 {
			x ^= 0x11D
		}
	}
	for i := 255; i < 512; i++ {
		g.exp[i] = g.exp[i-255]
	}
	return g
}

func (g *gf) mul(a, b byte) byte {
	if a == 0 || b == 0 {
		return 0
	}
	return g.exp[g.log[a]+g.log[b]]
}

// generator is the polynomial (x-α^0)(x-α^1)…(x-α^(n-1)), its
// coefficients from the highest power down (the leading 1 included).
func (g *gf) generator(n int) []byte {
	p := []byte{1}
	for i := 0; i < n; i++ {
		next := make([]byte, len(p)+1)
		for j, c := range p {
			next[j] ^= c
			next[j+1] ^= g.mul(c, g.exp[i])
		}
		p = next
	}
	return p
}

// ecc is the n error correction codewords of data: the remainder of
// data·x^n divided by the generator.
func (g *gf) ecc(data []byte, n int) []byte {
	gen := g.generator(n)
	rem := make([]byte, n)
	for _, d := range data {
		f := d ^ rem[0]
		copy(rem, rem[1:])
		rem[n-1] = 0
		for j := 0; j < n; j++ {
			rem[j] ^= g.mul(gen[j+1], f)
		}
	}
	return rem
}
