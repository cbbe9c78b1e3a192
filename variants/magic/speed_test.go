package magic

import (
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"azar/variants"
	"azar/variants/chess"
)

// The reference implementations of what the search's speed-up replaced
// (docs/magic.md, "Speed"): the king test that makes the move on the
// board, and the move lists built from it. The differential tests compare
// the fast ones with them over thousands of seeded random positions.

// safeAfterMade is safeAfter as it was: it plays m on the board (with the
// mine it triggers), asks whether us's king is attacked, and takes the
// move back.
func (s *State) safeAfterMade(m chess.Move, us chess.Color, e *env, afterTicks bool) bool {
	m &^= strideBit
	n := s.mkMove(m, us)
	to := m.To()
	if m.Kind() == chess.KindCastle {
		_, to = castleRook(to)
	}
	if pc := s.pos.At(to); pc.Type() != chess.King && e.mines.Has(to) && s.mineOwner(to) == us.Other() {
		if !s.minedProtected(m, to, us, e) {
			s.mk(chess.NewRemoval(to))
			n++
		}
	}
	w := e.walls
	if afterTicks {
		w &^= e.expiring[us]
	}
	k := s.pos.KingSquare(us)
	safe := k == chess.NoSquare || s.attackers(k, us.Other(), w, e.wings&^s.pos.ColorBB(us)) == 0
	for ; n > 0; n-- {
		s.pos.Unmake()
	}
	return safe
}

// legalStdRef: every pseudo-legal move, kept when safeAfterMade says so.
func (s *State) legalStdRef(us chess.Color, e *env, afterTicks bool) []chess.Move {
	var pl mlist
	s.pseudo(us, e, &pl)
	var out []chess.Move
	for _, m := range pl.slice() {
		if s.safeAfterMade(m, us, e, afterTicks) {
			out = append(out, m)
		}
	}
	return out
}

// diffStates are n states from seeded random games of both modes, every
// phase, with effects in play (a card is preferred now and then, as in
// the random games, the games' first 150 actions only, while the hands
// last, and every state with an effect in play), so that walls, mines, wings, shields, paralysis and
// the licences meet the king test.
func diffStates(n int) []*State {
	var out []*State
	var buf []variants.Action
	for seed := uint64(1); len(out) < n; seed++ {
		s := New(Options{Mode: Mode(seed & 1)}, seed+1000)
		rng := rand.New(rand.NewPCG(seed, 3))
		for k := 0; k < 150 && !s.m.over && len(out) < n; k++ {
			buf = s.Legal(buf[:0])
			a := buf[rng.IntN(len(buf))]
			if rng.IntN(2) == 0 {
				if c, ok := randomCard(rng, buf); ok {
					a = c
				}
			}
			s.ApplyTrusted(a)
			if !s.m.over && (s.m.nEff > 0 || k%4 == 1) {
				out = append(out, s.clone())
			}
		}
	}
	return out
}

// TestSafeAfterMatchesBoard: for both colours, with and without the
// ticks, over 6,000 positions, every pseudo-legal move's king test reads
// the same from the bitboards as on the board; legalStd keeps the same
// moves in the same order and hasLegal agrees.
func TestSafeAfterMatchesBoard(t *testing.T) {
	n := 6000
	if testing.Short() {
		n = 1000
	}
	moves, unsafe, effects := 0, 0, 0
	for i, s := range diffStates(n) {
		e := s.env()
		if s.m.nEff > 0 {
			effects++
		}
		before := s.pos.Hash()
		for us := chess.White; us <= chess.Black; us++ {
			for _, ticks := range []bool{false, true} {
				var pl mlist
				s.pseudo(us, e, &pl)
				for _, m := range pl.slice() {
					got, want := s.safeAfter(m, us, e, ticks), s.safeAfterMade(m, us, e, ticks)
					if got != want {
						t.Fatalf("position %d, %v %s ticks=%v: safeAfter %v, on the board %v: %s", i, us, m, ticks, got, want, s.EncodeHands())
					}
					moves++
					if !want {
						unsafe++
					}
				}
				var l mlist
				s.legalStd(us, e, ticks, &l)
				ref := s.legalStdRef(us, e, ticks)
				if len(ref) != l.n {
					t.Fatalf("position %d, %v: legalStd %d moves, the reference %d: %s", i, us, l.n, len(ref), s.EncodeHands())
				}
				for j, m := range ref {
					if l.m[j] != m {
						t.Fatalf("position %d, %v: move %d is %s, the reference's %s", i, us, j, l.m[j], m)
					}
				}
				if got := s.hasLegal(us, e, ticks); got != (len(ref) > 0) {
					t.Fatalf("position %d, %v: hasLegal %v with %d legal moves: %s", i, us, got, len(ref), s.EncodeHands())
				}
			}
		}
		if s.pos.Hash() != before {
			t.Fatalf("position %d: the board changed", i)
		}
	}
	t.Logf("%d moves tested, %d unsafe, %d positions with effects in play", moves, unsafe, effects)
	// The positions must exercise both answers and the effects.
	if unsafe < moves/50 || effects < n/4 {
		t.Fatalf("too easy a sample: %d of %d moves unsafe, %d of %d positions with effects", unsafe, moves, effects, n)
	}
}

// legalDigest hashes the whole legal list (Legal, then LegalWithout the
// search's tree set) of every state, in order.
func legalDigest(sts []*State) (uint64, int) {
	h := fnv.New64a()
	var buf [8]byte
	total := 0
	var acts []variants.Action
	for _, s := range sts {
		for _, skip := range []CardSet{0, treeSkip} {
			acts = s.LegalWithout(acts[:0], skip)
			total += len(acts)
			for _, a := range acts {
				for k := range buf {
					buf[k] = byte(uint64(a) >> (8 * k))
				}
				h.Write(buf[:])
			}
			h.Write([]byte{0xff})
		}
	}
	return h.Sum64(), total
}

// TestLegalListsUnchanged: the legal action lists of 3,000 positions
// (every card, then less the tree's root-only cards) hash to what the
// implementation before the speed-up gave, action for action in order
// (the digest was computed with that code, main at b9cb110): the search's
// decisions rest on these lists and their order.
func TestLegalListsUnchanged(t *testing.T) {
	got, total := legalDigest(diffStates(3000))
	const want, wantTotal = 0x8b5647fc0f085030, 168540
	if got != want || total != wantTotal {
		t.Fatalf("legal lists digest %016x over %d actions, want %016x over %d", got, total, uint64(want), wantTotal)
	}
}

// TestSafeAfterMine: a man that blocks a check by stepping onto an enemy
// mine is blown up and blocks nothing (the random positions seldom meet
// this): White, checked along the e-file, may not interpose the knight on
// the mined e5, but may on e3; the bitboard test agrees with the board.
func TestSafeAfterMine(t *testing.T) {
	s := game(t, "4r2k/8/8/8/8/3N4/2N5/4K3 w - - 0 1 effects=AM35b#3@e5", "", "", Options{})
	e := s.env()
	sq := func(n string) chess.Square { x, _ := chess.ParseSquare(n); return x }
	for _, c := range []struct {
		m    chess.Move
		safe bool
	}{{chess.NewMove(sq("d3"), sq("e5")), false}, {chess.NewMove(sq("c2"), sq("e3")), true}} {
		if got, ref := s.safeAfter(c.m, chess.White, e, true), s.safeAfterMade(c.m, chess.White, e, true); got != c.safe || ref != c.safe {
			t.Errorf("%s: safeAfter %v, on the board %v, want %v", c.m, got, ref, c.safe)
		}
	}
}

// TestEliminationKingTest: the MAIN king condition of AM19-AM22 read from
// the bitboards (safeWithout of eliminated) is what resolving the card
// and testing the king gives, for every commitment that passes its
// conditions, as MAIN cards of the player to act (held or not: the test
// resolves them all), over 3,000 positions.
func TestEliminationKingTest(t *testing.T) {
	n, safe, unsafe := 0, 0, 0
	for i, s := range diffStates(3000) {
		who := s.m.side
		e := s.env()
		for c := am19; c <= am22; c++ {
			for _, x := range s.cands(c, Main, who, e, nil) {
				a := cardAction(c, Main, x)
				if !s.cond(a, who, true, e) {
					continue
				}
				got := s.safeWithout(who, s.eliminated(a, who, e), e)
				s.push()
				s.execute(a, who)
				want := s.kingCond(Main, who, s.env())
				s.Undo()
				if got != want {
					t.Fatalf("position %d: %s by %v: king safe %v from the bitboards, %v resolved: %s", i, FormatAction(a), who, got, want, s.EncodeHands())
				}
				n++
				if want {
					safe++
				} else {
					unsafe++
				}
			}
		}
	}
	t.Logf("%d elimination commitments: king safe after %d, attacked after %d", n, safe, unsafe)
	if unsafe < 20 || safe < 1000 {
		t.Fatalf("too easy a sample: %d safe, %d unsafe", safe, unsafe)
	}
}
