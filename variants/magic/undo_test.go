package magic

import (
	"math/rand/v2"
	"slices"
	"testing"

	"azar/variants"
	"azar/variants/chess"
)

// snapshot is everything Undo must give back, the parts push saves only
// partly (the effects in play, the record of the last standard move)
// whole: the effect slots after the ones in play included, which stay
// zero.
type snapshot struct {
	m             meta
	eff           [maxEffects]Effect
	last          stdRecord
	hash          uint64
	hist, rep, un int
}

func snap(s *State) snapshot {
	return snapshot{m: s.m, eff: s.eff, last: *s.last(), hash: s.pos.Hash(), hist: s.pos.HistoryLen(), rep: len(s.rep), un: len(s.undo)}
}

// TestUndoRestoresState: over 3,000 positions of the random games (every
// phase, effects in play, rewinds possible), every legal action, and after
// it the first legal action of the next decision, undone, give back the
// state exactly: the meta, every effect slot and the last move's record,
// which push saves only as far as they are used or changed.
func TestUndoRestoresState(t *testing.T) {
	var buf, buf2 []variants.Action
	acts, pairs, rewinds := 0, 0, 0
	for i, s := range diffStates(3000) {
		want := snap(s)
		buf = s.Legal(buf[:0])
		for _, a := range buf {
			s.ApplyTrusted(a)
			if c := cardOf(a); TypeOf(a) == ActCard && (c == am03 || c == am04) {
				rewinds++
			}
			if !s.m.over {
				buf2 = s.Legal(buf2[:0])
				if len(buf2) > 0 {
					mid := snap(s)
					s.ApplyTrusted(buf2[0])
					s.Undo()
					if got := snap(s); got != mid {
						t.Fatalf("position %d: undo of %s after %s: state differs", i, FormatAction(buf2[0]), FormatAction(a))
					}
					pairs++
				}
			}
			s.Undo()
			if got := snap(s); got != want {
				t.Fatalf("position %d: undo of %s: state differs: %s", i, FormatAction(a), s.EncodeHands())
			}
			acts++
		}
	}
	t.Logf("%d actions, %d pairs, %d rewinds undone", acts, pairs, rewinds)
	if acts < 90000 || rewinds < 10 {
		t.Fatalf("too small a sample: %d actions, %d rewinds", acts, rewinds)
	}
}

// TestNoisyMovesAreLegals: over 6,000 positions of the random games
// (effects in play: walls, bans, and in a few hundred wings or a licence),
// Noisy's standard moves
// are Legal's captures and queen promotions, in Legal's order, whatever
// its generator leaves out without testing.
func TestNoisyMovesAreLegals(t *testing.T) {
	var buf, got, want []variants.Action
	lists, moves, licences := 0, 0, 0
	for i, s := range diffStates(6000) {
		if s.m.ph != PhStart && s.m.ph != PhMove && s.m.ph != PhReplace {
			continue
		}
		who := s.actor()
		if e := s.env(); e.lance[who] || e.surge[who] || e.stride[who] || e.wings != 0 {
			licences++
		}
		want = want[:0]
		for _, a := range s.Legal(buf[:0]) {
			if TypeOf(a) == ActMove && s.noisyMove(MoveOf(a), who) {
				want = append(want, a)
			}
		}
		got = got[:0]
		for _, a := range s.Noisy(buf[:0], allCards) {
			if TypeOf(a) == ActMove {
				got = append(got, a)
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("position %d: Noisy's moves %v, Legal's captures %v: %s", i, got, want, s.EncodeHands())
		}
		lists++
		moves += len(want)
	}
	t.Logf("%d lists, %d moves, %d with a licence or wings", lists, moves, licences)
	if lists < 3000 || moves < 5000 || licences < 50 {
		t.Fatalf("too small a sample: %d lists, %d moves, %d with a licence or wings", lists, moves, licences)
	}
}

// squaresOfLoop is the reference squaresOf: every man's identity tested.
func (s *State) squaresOfLoop(ids uint64) chess.Bitboard {
	var b chess.Bitboard
	for occ := s.pos.Occupied(); occ != 0; {
		sq := occ.PopLSB()
		if ids&(1<<s.m.ids[sq]) != 0 {
			b |= sq.Bit()
		}
	}
	return b
}

// TestSquaresOf: over 3,000 positions of the random games, the squares of
// every single identity 0-63, of every effect's anchoring and of a few
// random sets of identities are those the loop over the men finds.
func TestSquaresOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	n, found := 0, 0
	for i, s := range diffStates(3000) {
		sets := []uint64{0, ^uint64(0), rng.Uint64(), rng.Uint64() & rng.Uint64()}
		for id := 0; id < 64; id++ {
			sets = append(sets, 1<<id)
		}
		for _, x := range s.eff[:s.m.nEff] {
			sets = append(sets, x.Pieces)
		}
		for _, ids := range sets {
			got, want := s.squaresOf(ids), s.squaresOfLoop(ids)
			if got != want {
				t.Fatalf("position %d, identities %#x: %v, want %v: %s", i, ids, got, want, s.EncodeHands())
			}
			n++
			if want != 0 {
				found++
			}
		}
	}
	t.Logf("%d sets, %d on the board", n, found)
	if found < 60000 {
		t.Fatalf("too small a sample: %d sets on the board", found)
	}
}

// TestEPLegal: over the positions of the random games with an en-passant
// right, for both colours, epLegal is whether legalStd lists an
// en-passant capture (what the repetition key asked of it before).
func TestEPLegal(t *testing.T) {
	n, yes := 0, 0
	for i, s := range diffStates(20000) {
		if s.m.ep.sq == chess.NoSquare {
			continue
		}
		e := s.env()
		for us := chess.White; us <= chess.Black; us++ {
			var l mlist
			s.legalStd(us, e, true, &l)
			want := false
			for _, m := range l.slice() {
				want = want || m.Kind() == chess.KindEnPassant
			}
			if got := s.epLegal(us, e); got != want {
				t.Fatalf("position %d, %v: epLegal %v, legalStd %v: %s", i, us, got, want, s.EncodeHands())
			}
			n++
			if want {
				yes++
			}
		}
	}
	t.Logf("%d tests, %d with a legal en-passant capture", n, yes)
	if yes < 30 || n-yes < 1000 {
		t.Fatalf("too small a sample: %d tests, %d with a capture", n, yes)
	}
}

// TestSharedEmptyEnv: env gives every state with no effect in play the
// one shared noEffects; over the random games' positions, every legal
// action applied and undone (effects made, ended, walls and mines
// anchored), env is what fillEnv builds afresh, and noEffects is never
// written to.
func TestSharedEmptyEnv(t *testing.T) {
	var buf []variants.Action
	shared, own := 0, 0
	check := func(s *State, i int) {
		var want env
		s.fillEnv(&want)
		if got := s.env(); *got != want {
			t.Fatalf("position %d: env differs from fillEnv's: %s", i, s.EncodeHands())
		}
		if s.m.nEff == 0 {
			shared++
		} else {
			own++
		}
	}
	for i, s := range diffStates(600) {
		check(s, i)
		buf = s.Legal(buf[:0])
		for _, a := range buf {
			s.ApplyTrusted(a)
			check(s, i)
			s.Undo()
		}
		if noEffects != (env{}) {
			t.Fatalf("position %d: the shared empty env was written to", i)
		}
	}
	t.Logf("%d envs shared, %d built", shared, own)
	if shared < 5000 || own < 5000 {
		t.Fatalf("too small a sample: %d shared, %d built", shared, own)
	}
}

// keyRef is Key without slowKey's memo: the slow part hashed anew.
func (s *State) keyRef() uint64 {
	return s.fastKey() ^ s.handsKey() ^ mix(uint64(s.m.discard)^0xD15CA4D) ^ s.poolsKey()
}

// TestKeyMemo: Key with slowKey's memo is keyRef, over the random games'
// positions with every legal action applied, keyed and undone (cards
// taken from hands, men captured and placed), and on views and worlds
// cloned from a state whose memo is filled.
func TestKeyMemo(t *testing.T) {
	var buf []variants.Action
	keys := 0
	check := func(s *State, i int, what string) {
		if got, want := s.Key(), s.keyRef(); got != want {
			t.Fatalf("position %d, %s: Key %016x, without the memo %016x: %s", i, what, got, want, s.EncodeHands())
		}
		keys++
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for i, s := range diffStates(600) {
		check(s, i, "start")
		buf = s.Legal(buf[:0])
		for _, a := range buf {
			s.ApplyTrusted(a)
			check(s, i, FormatAction(a))
			s.Undo()
			check(s, i, "undone")
		}
		v := s.View(variants.Player(s.m.side))
		check(v, i, "view")
		check(v.Determinize(rng), i, "world")
	}
	t.Logf("%d keys", keys)
}

// TestTurnCacheMatches: with a TurnCache shared by every game, the turn
// starts' verdicts (noStd) are hasLegal's, over seeded random games
// walked with every legal action applied and undone, twice (the second
// walk reads the boards the first one cached, as a search's later worlds
// do), and every cached verdict met is hasLegal's for its board.
func TestTurnCacheMatches(t *testing.T) {
	tc := NewTurnCache()
	var buf []variants.Action
	starts, cached := 0, 0
	for pass := 0; pass < 2; pass++ {
		for seed := uint64(1); seed <= 80; seed++ {
			s := New(Options{Mode: Mode(seed & 1)}, seed)
			s.ShareTurnCache(tc)
			rng := rand.New(rand.NewPCG(seed, 9))
			for k := 0; k < 150 && !s.m.over; k++ {
				buf = s.Legal(buf[:0])
				for _, a := range buf {
					s.ApplyTrusted(a)
					if s.m.ph == PhStart && !s.m.over {
						want := !s.hasLegal(s.m.side, s.env(), true)
						if s.m.noStd != want {
							t.Fatalf("seed %d, after %s: noStd %v, hasLegal says %v: %s", seed, FormatAction(a), s.m.noStd, want, s.EncodeHands())
						}
						starts++
						key, us := s.pos.Hash(), s.m.side
						if sl := tc.slot(key); s.m.nEff == 0 && s.m.ep.sq == chess.NoSquare && sl.tag&^boardFlags == key&^boardFlags && sl.tag&turnSet[us] != 0 {
							if legal := sl.tag&turnLegal[us] != 0; legal == want {
								t.Fatalf("seed %d, after %s: the cache says legal=%v: %s", seed, FormatAction(a), legal, s.EncodeHands())
							}
							cached++
						}
					}
					s.Undo()
				}
				s.ApplyTrusted(buf[rng.IntN(len(buf))])
			}
		}
	}
	t.Logf("%d turn starts, %d verdicts in the cache", starts, cached)
	if cached < starts/4 {
		t.Fatalf("%d cached verdicts of %d turn starts", cached, starts)
	}
}

// TestTurnCacheSlots: the slot's answers against a map of what was last
// stored for each key and colour (the two caches before they shared a
// slot): forty keys, five to a slot on average, turn verdicts and
// values written and read in a random order. An answer the cache gives
// is the one last stored for that key and colour, one just stored is
// there, and the slots keep some of them (the verdicts and the values of
// a board share a slot).
func TestTurnCacheSlots(t *testing.T) {
	tc := NewTurnCache()
	rng := rand.New(rand.NewPCG(5, 8))
	keys := make([]uint64, 40)
	for i := range keys {
		keys[i] = rng.Uint64()&^boardFlags | uint64(rng.IntN(8)) // eight slots
	}
	keys[0] = 3 // the high bits 0, as an empty slot's
	type at struct {
		key uint64
		col chess.Color
	}
	vals, verdicts := map[at]int{}, map[at]bool{}
	hits := 0
	for range 200000 {
		k, col := keys[rng.IntN(len(keys))], chess.Color(rng.IntN(2))
		sl := tc.slot(k)
		switch rng.IntN(4) {
		case 0:
			v := rng.IntN(4001) - 2000
			tc.SetValue(k, col, v)
			vals[at{k, col}] = v
			if got, ok := tc.Value(k, col); !ok || got != v {
				t.Fatalf("value %d just stored for %x/%v: %d, %v", v, k, col, got, ok)
			}
		case 1:
			legal := rng.IntN(2) == 0
			tc.setVerdict(sl, k, col, legal)
			verdicts[at{k, col}] = legal
		case 2:
			if got, ok := tc.Value(k, col); ok {
				if want, stored := vals[at{k, col}]; !stored || got != want {
					t.Fatalf("%x/%v: cached value %d, last stored %d (%v)", k, col, got, want, stored)
				}
				hits++
			}
		case 3:
			if sl.tag&^boardFlags == k&^boardFlags && sl.tag&turnSet[col] != 0 {
				legal := sl.tag&turnLegal[col] != 0
				if want, stored := verdicts[at{k, col}]; !stored || legal != want {
					t.Fatalf("%x/%v: cached verdict %v, last stored %v (%v)", k, col, legal, want, stored)
				}
				hits++
			}
		}
	}
	if hits < 1000 {
		t.Fatalf("%d answers read", hits)
	}
	t.Logf("%d answers read from the cache", hits)
}
