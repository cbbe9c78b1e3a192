package lucky

import (
	"azar/variants"
	"azar/variants/chess"
)

// Hash keys for what the chess position's key does not hold: temporal
// cards held and their counters, en-passant rights, and (for Key) the turn
// in progress and the piles. Drawn from a fixed seed; read-only after init.
var (
	keyHeld    [2][numKinds]uint64
	keyCounter [2][4]uint64
	keyEP      [64]uint64
	keyPhase   [16]uint64
	keyCard    [numKinds]uint64
	keyUsed    [8]uint64
	keyMoved   [64]uint64
	keyEPNext  [64]uint64
	keyPile    [numKinds][8]uint64
	keyPool    [2][7][16]uint64
	keyFirst   uint64
	keyIrrev   uint64
)

func init() {
	next := variants.NewKeyStream(0x9E3779B97F4A7C15).Next
	for c := range keyHeld {
		for k := range keyHeld[c] {
			keyHeld[c][k] = next()
		}
		for i := range keyCounter[c] {
			keyCounter[c][i] = next()
		}
	}
	for i := range keyEP {
		keyEP[i] = next()
		keyMoved[i] = next()
		keyEPNext[i] = next()
	}
	for i := range keyPhase {
		keyPhase[i] = next()
	}
	for i := range keyCard {
		keyCard[i] = next()
		for j := range keyPile[i] {
			keyPile[i][j] = next()
		}
	}
	for i := range keyUsed {
		keyUsed[i] = next()
	}
	for c := range keyPool {
		for t := range keyPool[c] {
			for n := range keyPool[c][t] {
				keyPool[c][t][n] = next()
			}
		}
	}
	keyFirst = next()
	keyIrrev = next()
}

// positionKey is the repetition identity of rules §10.4 at a turn start:
// placement, side to move and castling rights (the chess key; the chess
// position never holds an en-passant square here), the en-passant rights
// on which a capture is possible (l holds the legal normal moves), the
// temporal cards held and their counters.
func (s *State) positionKey(l *chess.MoveList) uint64 {
	k := s.pos.Hash()
	for c := 0; c < 2; c++ {
		if h := s.m.held[c]; h != NoKind {
			k ^= keyHeld[c][h] ^ keyCounter[c][s.m.counter[c]&3]
		}
	}
	var seen chess.Bitboard
	for _, m := range l.Slice() {
		if m.Kind() == chess.KindEnPassant && !seen.Has(m.To()) {
			seen |= m.To().Bit()
			k ^= keyEP[m.To()]
		}
	}
	return k
}

// Key is a hash of the whole public state for transposition tables: the
// repetition identity plus the phase, the card in progress and its
// progress, the en-passant rights, the first-turn flag, the captured pools
// and the draw pile's composition (the discard pile follows from it).
func (s *State) Key() uint64 {
	k := s.EffectKey()
	for i, c := range s.m.pile {
		if c != 0 {
			k ^= keyPile[i][c&7]
		}
	}
	return k
}

// EffectKey is Key without the draw pile: the reveals of one draw whose
// cards left the same state but for the piles (two action cards that
// both fell back to a normal move) have the same EffectKey, which is how
// the search merges them (search/chance).
func (s *State) EffectKey() uint64 {
	k := s.pos.Hash() ^ keyPhase[s.m.phase]
	for c := 0; c < 2; c++ {
		if h := s.m.held[c]; h != NoKind {
			k ^= keyHeld[c][h] ^ keyCounter[c][s.m.counter[c]&3]
		}
		for t := chess.Pawn; t <= chess.Queen; t++ {
			k ^= keyPool[c][t][s.m.pool[c][t]&15]
		}
	}
	for _, t := range s.m.ep {
		if t != chess.NoSquare {
			k ^= keyEP[t]
		}
	}
	for _, t := range s.m.epNext {
		if t != chess.NoSquare {
			k ^= keyEPNext[t]
		}
	}
	if s.m.card != NoKind {
		k ^= keyCard[s.m.card] ^ keyUsed[s.m.used&7]
		for b := s.m.moved; b != 0; {
			k ^= keyMoved[b.PopLSB()]
		}
	}
	if s.m.turn < 2 {
		k ^= keyFirst
	}
	if s.m.irrev {
		k ^= keyIrrev
	}
	return k
}
