package eval

// Score is a middlegame and an endgame value packed into one int32 (the
// endgame value in the high half, the middlegame value in the low half,
// with the borrow of a negative middlegame value carried into the high
// half), so that adding, subtracting and multiplying by a small integer
// work on both halves at once. Each half must stay within int16.
type Score int32

// S packs a middlegame and an endgame value.
func S(mg, eg int) Score { return Score(int32(uint32(eg)<<16) + int32(mg)) }

// MG is the middlegame half.
func (s Score) MG() int { return int(int16(uint16(uint32(s)))) }

// EG is the endgame half.
func (s Score) EG() int { return int(int16(uint16((uint32(s) + 0x8000) >> 16))) }
