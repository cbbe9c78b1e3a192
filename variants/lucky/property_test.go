package lucky

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"

	"azar/variants"
	"azar/variants/chess"
)

// checkInvariants asserts what must hold between any two actions.
func checkInvariants(t *testing.T, s *State, ctx fmt.Stringer) {
	t.Helper()
	if got := s.CardCount(); got != s.DeckSize() {
		t.Fatalf("%s: %d cards accounted for, deck has %d: %s", ctx, got, s.DeckSize(), s.Encode())
	}
	if int(s.m.pileN) != s.m.pile.Total() || int(s.m.discN) != s.m.discard.Total() {
		t.Fatalf("%s: pile counters out of step: %s", ctx, s.Encode())
	}
	if s.m.pileN == 0 && s.m.discN > 0 {
		t.Fatalf("%s: empty draw pile with a discard pile (no reshuffle): %s", ctx, s.Encode())
	}
	if s.pos.Side() != s.m.side {
		t.Fatalf("%s: board side %v, turn of %v", ctx, s.pos.Side(), s.m.side)
	}
	if s.m.over && s.m.why == rKingCaptured {
		return
	}
	for c := chess.White; c <= chess.Black; c++ {
		if s.pos.Pieces(c, chess.King).Count() != 1 {
			t.Fatalf("%s: %v has no king: %s", ctx, c, s.Encode())
		}
	}
	if s.pos.Type(chess.Pawn)&lastRank != 0 {
		t.Fatalf("%s: pawn on the last rank: %s", ctx, s.Encode())
	}
	if s.opts.KingCapture {
		return
	}
	if s.kingAttacked(s.m.side.Other()) {
		t.Fatalf("%s: the side not to act is in check: %s", ctx, s.Encode())
	}
	if s.m.phase != PhaseStart && s.kingAttacked(s.m.side) {
		t.Fatalf("%s: in check in the middle of a turn: %s", ctx, s.Encode())
	}
}

type gameStats struct {
	games, actions, reveals, fallbacks, overs int64
	kinds                                     [numKinds]int64
	phases                                    [16]int64
	reasons                                   sync.Map
}

// actx names the action of a random game in failure messages; it is only
// formatted when a check fails.
type actx struct {
	seed uint64
	n    int
}

func (c actx) String() string { return fmt.Sprintf("seed %d action %d", c.seed, c.n) }

// randomGame plays one seeded game and undoes it all.
func randomGame(t *testing.T, seed uint64, opts Options, maxActions int, deep bool, st *gameStats) {
	rng := rand.New(rand.NewPCG(seed, seed*7919+1))
	s := New(opts)
	start := s.Encode()
	var buf []variants.Action
	var outs []variants.Outcome
	n := 0
	for ; n < maxActions; n++ {
		if s.ToAct() == variants.NoPlayer {
			_, _, why := s.Result()
			v, _ := st.reasons.LoadOrStore(why, new(int64))
			atomic.AddInt64(v.(*int64), 1)
			atomic.AddInt64(&st.overs, 1)
			break
		}
		ctx := actx{seed, n}
		var a variants.Action
		if s.ToAct() == variants.Chance {
			outs = s.Chances(outs[:0])
			sum := 0.0
			for _, o := range outs {
				sum += o.Prob
			}
			if len(outs) == 0 || sum < 0.999999 || sum > 1.000001 {
				t.Fatalf("%s: chances %v sum %v", ctx, outs, sum)
			}
			x := rng.Float64()
			a = outs[len(outs)-1].Action
			for _, o := range outs {
				if x < o.Prob {
					a = o.Action
					break
				}
				x -= o.Prob
			}
			atomic.AddInt64(&st.reveals, 1)
			atomic.AddInt64(&st.kinds[CardOf(a)], 1)
		} else {
			buf = s.Legal(buf[:0])
			if len(buf) == 0 {
				t.Fatalf("%s: no legal action: %s", ctx, s.Encode())
			}
			if deep {
				checkAllLegal(t, s, buf, ctx)
			}
			if s.m.phase == PhaseStart {
				checkGenerators(t, s, ctx)
			}
			a = buf[rng.IntN(len(buf))]
			// Prefer drawing now and then so that cards get played.
			for _, x := range buf {
				if x == DrawAction && rng.IntN(2) == 0 {
					a = x
				}
			}
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("%s: legal action %s refused: %v", ctx, FormatAction(a), err)
		}
		if TypeOf(a) == ActReveal {
			k := CardOf(a)
			if f := cards[k].Family; k.Card().Category != Temporal && f != FamRules && f != FamSkip {
				if s.m.card == NoKind {
					atomic.AddInt64(&st.fallbacks, 1)
					checkFallback(t, s, k, ctx)
				}
			}
		}
		atomic.AddInt64(&st.phases[s.m.phase], 1)
		checkInvariants(t, s, ctx)
		if deep || n%32 == 0 {
			checkRoundTrip(t, s, ctx)
		}
	}
	atomic.AddInt64(&st.actions, int64(n))
	atomic.AddInt64(&st.games, 1)
	for i := 0; i < n; i++ {
		s.Undo()
	}
	if got := s.Encode(); got != start {
		t.Fatalf("seed %d: undo of %d actions gives %s, want %s", seed, n, got, start)
	}
}

// checkFallback: the card just revealed left no card in progress: the
// fallback must have been applied (normal move in the second edition, lost
// turn in the first), and the card had indeed no legal way.
func checkFallback(t *testing.T, s *State, k Kind, ctx fmt.Stringer) {
	t.Helper()
	prev := s.clone()
	prev.Undo() // back to the chance node
	if s.opts.Edition == SecondEdition {
		if s.m.over || (s.m.phase != PhaseMove && s.m.side == prev.m.side) {
			if !s.m.over {
				t.Fatalf("%s: %s failed but phase is %v", ctx, cards[k].ID, s.m.phase)
			}
		}
	} else if s.m.side == prev.m.side && !s.m.over {
		t.Fatalf("%s: first edition: %s failed but the turn goes on", ctx, cards[k].ID)
	}
	// Re-derive: with the card in progress, no action at all.
	q := prev.clone()
	q.m.pile[k]--
	q.m.card = k
	switch cards[k].Family {
	case FamEnemy2:
		q.m.phase = PhaseEnemy
	case FamRelocate:
		q.m.phase = PhaseRelocate
	case FamRemove, FamBomb, FamBombCruel:
		q.m.phase = PhaseRemove
	case FamBombFierce, FamBombCrazy:
		q.m.phase = PhaseBombAll
		if q.bombAllLegal() {
			t.Fatalf("%s: %s fell back with a legal collective removal", ctx, cards[k].ID)
		}
		return
	case FamRecover:
		q.m.phase = PhaseRecover
	case FamPawnsBack, FamPawnsForward:
		q.m.phase = PhaseWave
	default:
		q.m.phase = PhaseSequence
	}
	if l := q.Legal(nil); len(l) != 0 {
		t.Fatalf("%s: %s fell back but had %d actions (%s)", ctx, cards[k].ID, len(l), FormatAction(l[0]))
	}
}

// checkGenerators compares the package's pseudo-legal generator, filtered
// by king safety, with the chess package's legal generator for the player
// to act (same modifiers).
func checkGenerators(t *testing.T, s *State, ctx fmt.Stringer) {
	t.Helper()
	if s.opts.KingCapture || s.m.over {
		return
	}
	c := s.m.side
	md := s.genMods(c)
	var core, mine chess.MoveList
	s.pos.GenerateLegal(&core)
	genPseudo(s.pos, c, md, !s.kingAttacked(c), &mine)
	s.keepOnly(&mine, func(m chess.Move) bool {
		s.pos.Make(m.WithKeepTurn())
		ok := !s.kingAttacked(c)
		s.pos.Unmake()
		return ok
	})
	if core.N != mine.N {
		t.Fatalf("%s: chess generates %d moves, lucky %d: %s", ctx, core.N, mine.N, s.Encode())
	}
	for _, m := range mine.Slice() {
		if !core.Contains(m) {
			t.Fatalf("%s: %s generated by lucky only: %s", ctx, m, s.Encode())
		}
	}
}

// checkAllLegal applies and undoes every legal action, and parses every
// token back.
func checkAllLegal(t *testing.T, s *State, buf []variants.Action, ctx fmt.Stringer) {
	t.Helper()
	before := s.Encode()
	seen := map[variants.Action]bool{}
	for _, a := range buf {
		if seen[a] {
			t.Fatalf("%s: %s listed twice", ctx, FormatAction(a))
		}
		seen[a] = true
		tok := FormatAction(a)
		b, err := s.ParseAction(tok)
		if err != nil || b != a {
			t.Fatalf("%s: token %s parses to %s, %v", ctx, tok, FormatAction(b), err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("%s: %s refused: %v", ctx, tok, err)
		}
		checkInvariants(t, s, strCtx(ctx.String()+" after "+tok))
		s.Undo()
		if got := s.Encode(); got != before {
			t.Fatalf("%s: undo %s gives %s, want %s", ctx, tok, got, before)
		}
	}
}

func checkRoundTrip(t *testing.T, s *State, ctx fmt.Stringer) {
	t.Helper()
	if s.m.over {
		return
	}
	enc := s.Encode()
	p, err := ParseState(enc, s.opts)
	if err != nil {
		t.Fatalf("%s: ParseState(Encode()) failed: %v", ctx, err)
	}
	if got := p.Encode(); got != enc {
		t.Fatalf("%s: round trip\n got %s\nwant %s", ctx, got, enc)
	}
	if p.m.over {
		return // repetition history differs; only the encoding counts
	}
	a, b := s.Legal(nil), p.Legal(nil)
	if len(a) != len(b) {
		t.Fatalf("%s: %d legal actions, %d after round trip: %s", ctx, len(a), len(b), enc)
	}
}

var optionSets = []Options{
	{},
	{Edition: FirstEdition},
	{MandatoryCard: true},
	{MandatoryCard: true, KingCapture: true},
	{ThreeTurns: true, RulesCards: true},
	{DrawClaims: ClaimsFIDE, MandatoryCard: true},
	{ExcludeTemporal: 1<<10 - 1, Edition: FirstEdition},
	{MandatoryCard: true, ThreeTurns: true, Edition: FirstEdition},
}

type strCtx string

func (s strCtx) String() string { return string(s) }

// TestRandomGames plays thousands of seeded random games under every
// option set: every legal action applies, no illegal position arises, the
// deck keeps its cards, failed cards fall back, and undoing everything
// gives the start back. Every 50th game also applies and undoes every
// legal action at every step and parses every token back.
func TestRandomGames(t *testing.T) {
	games := 2000
	maxActions := 300
	if testing.Short() {
		games = 200
	}
	var st gameStats
	const workers = 4
	t.Run("games", func(t *testing.T) {
		for w := 0; w < workers; w++ {
			t.Run(fmt.Sprint(w), func(t *testing.T) {
				t.Parallel()
				for g := w; g < games; g += workers {
					opts := optionSets[g%len(optionSets)]
					randomGame(t, uint64(g), opts, maxActions, g%50 == 0, &st)
				}
			})
		}
	})
	t.Logf("%d games, %d actions, %d reveals, %d fallbacks, %d finished", st.games, st.actions, st.reveals, st.fallbacks, st.overs)
	st.reasons.Range(func(k, v any) bool {
		t.Logf("  %s: %d", k, *v.(*int64))
		return true
	})
	if t.Failed() || testing.Short() {
		return
	}
	// Coverage: every card was drawn, every phase visited, fallbacks seen.
	for k, n := range st.kinds {
		if n == 0 {
			t.Errorf("card %s never drawn", cards[k].ID)
		}
	}
	for ph := PhaseStart; ph <= PhaseWave; ph++ {
		if st.phases[ph] == 0 {
			t.Errorf("phase %v never reached", ph)
		}
	}
	if st.fallbacks == 0 || st.overs == 0 {
		t.Error("no fallback or no finished game")
	}
}
