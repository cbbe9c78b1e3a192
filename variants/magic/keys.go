package magic

import "azar/variants/chess"

// mix is splitmix64's finaliser: the keys of the parts of the state the
// chess key does not hold are mixed from their values, so no table is
// needed.
func mix(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}

// effectsKey hashes the effects with their owners, counters and current
// anchors (squares, not identities).
func (s *State) effectsKey() uint64 {
	var k uint64
	for i := 0; i < int(s.m.nEff); i++ {
		x := &s.eff[i]
		anchor := uint64(x.Zone) ^ uint64(s.squaresOf(x.Pieces))*0x9E37
		k ^= mix(uint64(x.Card)<<16|uint64(x.Owner)<<8|uint64(uint8(x.Counter))) ^ mix(anchor+uint64(x.Card)*0x51)
	}
	return k
}

func (s *State) handsKey() uint64 {
	var k uint64
	for c := 0; c < 2; c++ {
		if s.m.known[c] {
			k ^= mix(uint64(s.m.hand[c]) ^ uint64(c+1)<<50)
		} else {
			k ^= mix(uint64(s.m.handN[c]) | uint64(c+1)<<58)
		}
	}
	return k
}

// repKey is the repetition identity of rules §12.4: placement, side,
// castling rights, the en-passant right when a capture is possible, the
// effects with their counters, both hands. A hand enters by its size
// alone: no card ever returns to a hand and nobody draws (docs/rules/
// magic.md §3 item 6, decision 20), so within one game two hands of one seat are the same
// exactly when they are the same size. Hashing the cards instead made the
// keys depend on who knows them: a seat's view (the other hand a count)
// and the worlds sampled from it (that hand made up) never matched the
// game's earlier keys, and the magic search, blind to repetitions, drew
// won games by them (docs/magic.md "Against MCTS").
func (s *State) repKey(e *env) uint64 {
	k := s.pos.Hash() ^ s.effectsKey() ^ mix(uint64(s.m.handN[0])|uint64(s.m.handN[1])<<8|1<<60)
	if s.m.side == chess.Black {
		k ^= 0xA5A5A5A5DEADBEEF
	}
	if s.m.ep.sq != chess.NoSquare && s.epLegal(s.m.side, e) {
		k ^= mix(uint64(s.m.ep.sq) + 777)
	}
	return k
}

// Key hashes the whole state (for transposition tables and tests): the
// repetition identity's parts plus the phase, the turn's flags, the
// pending card, pools, the discard and the fifty-move count.
func (s *State) Key() uint64 {
	return s.fastKey() ^ s.slowKey()
}

// fastKey is the part of Key that changes from node to node: the board,
// the effects, the turn's flags, en passant and the pending card.
func (s *State) fastKey() uint64 {
	k := s.pos.Hash() ^ s.effectsKey()
	k ^= mix(uint64(s.m.side) | uint64(s.m.ph)<<2 | b2u(s.m.cardUsed)<<6 | b2u(s.m.moved)<<7 |
		b2u(s.m.moveOnly)<<8 | b2u(s.m.irrev)<<9 | uint64(s.m.impact)<<10 | uint64(s.m.rule50)<<12 |
		uint64(s.m.replacer)<<30 | b2u(s.m.over)<<31 | uint64(s.m.claim)<<32)
	if s.m.ep.sq != chess.NoSquare {
		k ^= mix(uint64(s.m.ep.sq)<<8 | uint64(s.m.ep.by) | 1<<40)
	}
	if s.m.pendOn {
		k ^= mix(uint64(s.m.pend.act) ^ 0x1234567)
		if s.m.pend.countered {
			k ^= 0x5555
		}
	}
	return k
}

// slowKeyIn is what Key's slow part hashes: the hands, the discard pile
// and the pools, which only card commitments, captures and returns change.
type slowKeyIn struct {
	hand    [2]CardSet
	handN   [2]uint8
	known   [2]bool
	discard CardSet
	pool    [2][7]uint8
}

// slowKey is the hands', the discard's and the pools' part of Key:
// thirteen mixes, remembered for the values they were computed for, as
// Key runs at every node of the search and these seldom change from one
// node to the next.
func (s *State) slowKey() uint64 {
	in := slowKeyIn{hand: s.m.hand, handN: s.m.handN, known: s.m.known, discard: s.m.discard, pool: s.m.pool}
	if s.keyMemo.ok && s.keyMemo.in == in {
		return s.keyMemo.key
	}
	k := s.handsKey() ^ mix(uint64(s.m.discard)^0xD15CA4D) ^ s.poolsKey()
	s.keyMemo.in, s.keyMemo.key, s.keyMemo.ok = in, k, true
	return k
}

// poolsKey is the pools' part of Key: ten mixes.
func (s *State) poolsKey() uint64 {
	var k uint64
	for c := 0; c < 2; c++ {
		for t := chess.Pawn; t <= chess.Queen; t++ {
			k ^= mix(uint64(s.m.pool[c][t]) | uint64(c)<<8 | uint64(t)<<12 | 1<<20)
		}
	}
	return k
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
