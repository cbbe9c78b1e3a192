package chess

// Sliding-piece attacks by "fancy" magic bitboards: for each square the
// relevant occupancy (the ray squares minus the board edge) is multiplied by
// a magic number whose top bits index a table of precomputed attack sets.
//
// The magic numbers are in magic_numbers.go. They were found by
// searchMagics (random sparse candidates from a fixed-seed generator,
// magicSeed) and are regenerated with
//
//	AZAR_MAGICS=write go test -run TestRegenerateMagics ./variants/chess/
//
// Searching at every start-up cost about 0.3 s of CPU, too much for an
// engine that GUIs and match runners start and restart.

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
	fillMagics(&rookMagics, rookTable[:], rookDirs, &rookMagicNumbers)
	fillMagics(&bishopMagics, bishopTable[:], bishopDirs, &bishopMagicNumbers)
}

// magicMask is the relevant occupancy of a slider on s: its empty-board
// rays without the board edges they run into.
func magicMask(s Square, dirs [4][2]int) Bitboard {
	edges := ((Rank1 | Rank8) &^ rankMask(s)) | ((FileA | FileH) &^ fileMask(s))
	return slideAttacks(s, 0, dirs) &^ edges
}

// fillMagics builds the attack tables from known magic numbers.
func fillMagics(magics *[64]magic, table []Bitboard, dirs [4][2]int, numbers *[64]uint64) {
	offset := uint32(0)
	for s := Square(0); s < 64; s++ {
		m := &magics[s]
		m.mask = magicMask(s, dirs)
		m.shift = uint8(64 - m.mask.Count())
		m.offset = offset
		m.magic = numbers[s]
		size := uint32(0)
		for b := Bitboard(0); ; {
			table[offset+uint32(uint64(b)*m.magic>>m.shift)] = slideAttacks(s, b, dirs)
			size++
			b = (b - m.mask) & m.mask
			if b == 0 {
				break
			}
		}
		offset += size
	}
}

// searchMagics finds a magic number for every square: a candidate works
// when no two occupancies with different attack sets share an index.
func searchMagics(dirs [4][2]int, rng *xorshift) [64]uint64 {
	var out [64]uint64
	var occs, refs, used [4096]Bitboard
	var epoch [4096]int
	attempt := 0
	for s := Square(0); s < 64; s++ {
		mask := magicMask(s, dirs)
		shift := uint8(64 - mask.Count())
		size := 0
		for b := Bitboard(0); ; {
			occs[size] = b
			refs[size] = slideAttacks(s, b, dirs)
			size++
			b = (b - mask) & mask
			if b == 0 {
				break
			}
		}
		for {
			magic := rng.sparse()
			if (uint64(mask)*magic)>>56 == 0 {
				continue
			}
			attempt++
			ok := true
			for i := 0; i < size; i++ {
				idx := uint64(occs[i]) * magic >> shift
				if epoch[idx] < attempt {
					epoch[idx] = attempt
					used[idx] = refs[i]
				} else if used[idx] != refs[i] {
					ok = false
					break
				}
			}
			if ok {
				out[s] = magic
				break
			}
		}
	}
	return out
}

func rankMask(s Square) Bitboard { return Rank1 << (8 * s.Rank()) }
func fileMask(s Square) Bitboard { return FileA << s.File() }
