package chess

// Sliding-piece attacks by "fancy" magic bitboards: for each square the
// relevant occupancy (the ray squares minus the board edge) is multiplied by
// a magic number whose top bits index a table of precomputed attack sets.
//
// The magic numbers are not stored: init searches for them with a fixed-seed
// random generator, so every run finds the same numbers (about 20 ms at start
// up). To change them, change magicSeed.

type magic struct {
	mask   Bitboard
	magic  uint64
	offset uint32
	shift  uint8
}

var (
	rookMagics   [64]magic
	bishopMagics [64]magic
	rookTable    [102400]Bitboard
	bishopTable  [5248]Bitboard
)

const magicSeed = 0x9E3779B97F4A7C15

// RookAttacks returns the squares a rook on s attacks given the occupancy.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	m := &rookMagics[s]
	return rookTable[m.offset+uint32(uint64(occ&m.mask)*m.magic>>m.shift)]
}

// BishopAttacks returns the squares a bishop on s attacks given the occupancy.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s]
	return bishopTable[m.offset+uint32(uint64(occ&m.mask)*m.magic>>m.shift)]
}

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slideAttacks walks the rays slowly; only used to build the tables.
func slideAttacks(s Square, occ Bitboard, dirs [4][2]int) Bitboard {
	var a Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			sq := MakeSquare(f, r)
			a |= sq.Bit()
			if occ.Has(sq) {
				break
			}
			f += d[0]
			r += d[1]
		}
	}
	return a
}

type xorshift struct{ s uint64 }

func (x *xorshift) next() uint64 {
	x.s ^= x.s >> 12
	x.s ^= x.s << 25
	x.s ^= x.s >> 27
	return x.s * 2685821657736338717
}

// sparse returns a random number with few bits set: good magic candidates.
func (x *xorshift) sparse() uint64 { return x.next() & x.next() & x.next() }

func initMagics() {
	rng := xorshift{magicSeed}
	fillMagics(&rookMagics, rookTable[:], rookDirs, &rng)
	fillMagics(&bishopMagics, bishopTable[:], bishopDirs, &rng)
}

func fillMagics(magics *[64]magic, table []Bitboard, dirs [4][2]int, rng *xorshift) {
	var occs, refs [4096]Bitboard
	var epoch [4096]int
	attempt := 0
	offset := uint32(0)
	for s := Square(0); s < 64; s++ {
		edges := ((Rank1 | Rank8) &^ rankMask(s)) | ((FileA | FileH) &^ fileMask(s))
		m := &magics[s]
		m.mask = slideAttacks(s, 0, dirs) &^ edges
		bitsN := m.mask.Count()
		m.shift = uint8(64 - bitsN)
		m.offset = offset
		size := 0
		// Carry-Rippler enumeration of every subset of the mask.
		for b := Bitboard(0); ; {
			occs[size] = b
			refs[size] = slideAttacks(s, b, dirs)
			size++
			b = (b - m.mask) & m.mask
			if b == 0 {
				break
			}
		}
		for {
			m.magic = rng.sparse()
			if ((uint64(m.mask) * m.magic) >> 56 & 0xff) == 0 {
				continue
			}
			attempt++
			ok := true
			for i := 0; i < size; i++ {
				idx := uint64(occs[i]) * m.magic >> m.shift
				if epoch[idx] < attempt {
					epoch[idx] = attempt
					table[offset+uint32(idx)] = refs[i]
				} else if table[offset+uint32(idx)] != refs[i] {
					ok = false
					break
				}
			}
			if ok {
				break
			}
		}
		offset += uint32(size)
	}
}

func rankMask(s Square) Bitboard { return Rank1 << (8 * s.Rank()) }
func fileMask(s Square) Bitboard { return FileA << s.File() }
