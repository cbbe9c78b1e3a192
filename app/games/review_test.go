package games

import (
	"encoding/json"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"azar/variants/chess"
	"azar/variants/lucky"
)

// TestViewAtChess: the view at each ply is the position after that many
// moves (its FEN from the test's own replay), with its last move, no
// legal move and the review marker; the end of a resigned game only at
// its last ply; a ply outside the game refused.
func TestViewAtChess(t *testing.T) {
	f := newFixture(t, "")
	moves := []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"}
	id := playLocal(t, f.m, moves...)
	if _, err := f.m.Resign(id); err != nil {
		t.Fatal(err)
	}
	pos := chess.NewPosition()
	for ply := 0; ply <= len(moves); ply++ {
		if ply > 0 {
			m, err := pos.ParseUCIMove(moves[ply-1])
			if err != nil {
				t.Fatal(err)
			}
			pos.Make(m)
		}
		v, err := f.m.ViewAt(id, ply)
		if err != nil {
			t.Fatalf("ply %d: %v", ply, err)
		}
		if v.FEN != pos.FEN() || len(v.Moves) != ply || len(v.Legal) != 0 || v.CanUndo || v.Review == nil ||
			*v.Review != (Review{Ply: ply, Of: len(moves)}) {
			t.Fatalf("ply %d: fen %q (want %q), %d moves, legal %v, canUndo %v, review %+v", ply, v.FEN, pos.FEN(),
				len(v.Moves), v.Legal, v.CanUndo, v.Review)
		}
		if want := ""; ply > 0 && v.LastMove != moves[ply-1] || ply == 0 && v.LastMove != want {
			t.Fatalf("ply %d: last move %q", ply, v.LastMove)
		}
		want := "playing"
		if ply == len(moves) {
			want = ReasonResign
		}
		if v.Status != want {
			t.Fatalf("ply %d: status %q, want %q", ply, v.Status, want)
		}
	}
	if v, _ := f.m.ViewAt(id, 3); v.Pieces["f3"] != "wN" || v.Pieces["e5"] != "bP" || v.Pieces["g1"] != "" {
		t.Fatalf("ply 3: pieces %v", v.Pieces)
	}
	for _, ply := range []int{-1, len(moves) + 1, 1000} {
		if _, err := f.m.ViewAt(id, ply); kind(err) != Invalid {
			t.Fatalf("ply %d: %v, want Invalid", ply, err)
		}
	}
	if _, err := f.m.ViewAt(strings.Repeat("0", 32), 0); kind(err) != NotFound {
		t.Fatalf("no such game: %v", err)
	}
}

// TestViewAtAnalysedMove: in an analysed game the review names the
// judgement of the move that led to the position and the engine's move
// instead of it, in UCI for the arrow, read on the position before.
func TestViewAtAnalysedMove(t *testing.T) {
	f := newFixture(t, "")
	f.m.cfg.AnalysisBudget.Nodes, f.m.cfg.AnalysisBudget.Depth = 0, 2
	id := playLocal(t, f.m, "f2f3", "e7e5", "g2g4", "d8h4")
	if v, _ := f.m.ViewAt(id, 3); v.Review.Label != "" || v.Review.Best != "" {
		t.Fatalf("before the analysis: %+v", v.Review)
	}
	if _, err := f.m.Analyze(id); err != nil {
		t.Fatal(err)
	}
	live := waitView(t, f.m, id, func(v View) bool { return v.Analysis != nil || v.AnalysisError != "" })
	v, err := f.m.ViewAt(id, 3)
	if err != nil {
		t.Fatal(err)
	}
	r := v.Review
	if r.Label != "blunder" || r.BestSAN != live.Analysis.Moves[2].Best || r.Best == "" || r.Best == "g2g4" {
		t.Fatalf("g4 reviewed %+v, analysed %+v", r, live.Analysis.Moves[2])
	}
	// The best move is White's, from the position after 1.f3 e5.
	before, _, err := replay("", []string{"f2f3", "e7e5"})
	if err != nil {
		t.Fatal(err)
	}
	m, err := before.ParseUCIMove(r.Best)
	if err != nil || before.SAN(m) != r.BestSAN {
		t.Fatalf("best %q (%s) on the position before: %v", r.Best, r.BestSAN, err)
	}
	if v.Analysis != nil {
		t.Fatal("a past view carries the analysis (the live view does)")
	}
	if v, _ := f.m.ViewAt(id, 0); v.Review.Label != "" || v.Review.Best != "" {
		t.Fatalf("the start reviewed %+v", v.Review)
	}
}

// liveRecord plays a card game against the engine through the Manager,
// the player choosing with choose, and keeps the last view the player
// was shown at each number of moves (every view the referee answered or
// the polling saw).
func liveRecord(t *testing.T, f *fixture, v View, turns int, choose func(View) string) map[int]View {
	t.Helper()
	seen := map[int]View{}
	keep := func(v View) bool { seen[len(v.Moves)] = v; return v.Status != "playing" || ready(v) }
	keep(v)
	for turn := 0; turn < turns && v.Status == "playing"; turn++ {
		v = waitView(t, f.m, v.ID, keep)
		if v.Status != "playing" {
			break
		}
		nv, err := f.m.Move(v.ID, choose(v))
		if err != nil {
			t.Fatalf("turn %d: %v", turn, err)
		}
		keep(nv)
		v = nv
	}
	waitView(t, f.m, v.ID, keep)
	return seen
}

// asShown is a view without what a past one cannot have: the machinery
// of the moment (version, engine, offers) and what follows from the
// legal actions.
func asShown(t *testing.T, v View) string {
	t.Helper()
	v.Version, v.Legal, v.Thinking, v.Eval, v.Error, v.DrawNote, v.CanUndo, v.Review = 0, nil, false, nil, "", "", false, nil
	if v.Spy != nil {
		s := *v.Spy
		s.Reveal = ""
		v.Spy = &s
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// compareReviews checks that the view at every ply the player was shown
// equals the reviewed one, and calls secret on the reviewed view at
// every ply.
func compareReviews(t *testing.T, f *fixture, id string, seen map[int]View, secret func(ply int, v View, js string)) {
	t.Helper()
	live, err := f.m.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	compared := 0
	for ply := 0; ply <= len(live.Moves); ply++ {
		v, err := f.m.ViewAt(id, ply)
		if err != nil {
			t.Fatalf("ply %d: %v", ply, err)
		}
		if len(v.Legal) != 0 || v.Review == nil || v.Review.Ply != ply || v.Review.Of != len(live.Moves) {
			t.Fatalf("ply %d: legal %v, review %+v", ply, v.Legal, v.Review)
		}
		js, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		secret(ply, v, string(js))
		if was, ok := seen[ply]; ok {
			if got, want := asShown(t, v), asShown(t, was); got != want {
				t.Fatalf("ply %d reviewed:\n%s\nshown then:\n%s", ply, got, want)
			}
			compared++
		}
	}
	if compared < 8 {
		t.Fatalf("only %d plies compared with what was shown", compared)
	}
}

// TestViewAtLuckyAsShown: a seeded lucky game, the player drawing
// whenever it may: each ply reviewed is what the player was shown
// then, and never names a card not drawn by then, nor the seed.
func TestViewAtLuckyAsShown(t *testing.T) {
	const seed = 7
	f := newSeeded(t, "", seed)
	v, err := f.m.Create(Options{Variant: VariantLucky, Mode: ModeEngine, Color: "white", Level: 1})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 2))
	seen := liveRecord(t, f, v, 14, func(v View) string {
		if slices.Contains(v.Legal, "draw") {
			return "draw"
		}
		return v.Legal[rng.IntN(len(v.Legal))]
	})
	live, _ := f.m.Get(v.ID)
	if len(live.Lucky.Drawn) < 4 {
		t.Fatalf("only %d cards drawn", len(live.Lucky.Drawn))
	}
	kinds := luckyOrder(t, seed)
	secret := storedSecret(t, f.st, v.ID)
	compareReviews(t, f, v.ID, seen, func(ply int, rv View, js string) {
		drawn := map[string]bool{}
		for _, d := range rv.Lucky.Drawn {
			drawn[d.Card] = true
		}
		for _, k := range kinds {
			if !drawn[k] && regexp.MustCompile(`(?:^|[^A-Za-z0-9_:+/-])`+regexp.QuoteMeta(k)+`(?:$|[^A-Za-z0-9_:+/-])`).MatchString(js) {
				t.Fatalf("ply %d: the review names %s, not drawn by then: %s", ply, k, js)
			}
		}
		if strings.Contains(js, secret) || strings.Contains(js, `"pile":[`) {
			t.Fatalf("ply %d: the review carries the secret: %s", ply, js)
		}
		// The drawn cards by then, as the moves name them.
		for _, d := range rv.Lucky.Drawn {
			if d.At >= len(rv.Moves) || rv.Moves[d.At].UCI != d.Card {
				t.Fatalf("ply %d: drawn %+v not in the moves", ply, d)
			}
			if _, ok := lucky.KindByID(d.Card); !ok {
				t.Fatalf("ply %d: drawn %q", ply, d.Card)
			}
		}
	})
}

// TestViewAtSpyAsShown: a seeded spy game with the player's reveal:
// each ply reviewed is what the player was shown then, the player's
// own card throughout, and the engine's card never.
func TestViewAtSpyAsShown(t *testing.T) {
	seed, mine, theirs := spySeed(t, false)
	f := newSeeded(t, "", seed)
	v, err := f.m.Create(Options{Variant: VariantSpy, Mode: ModeEngine, Color: "white", Level: 1})
	if err != nil {
		t.Fatal(err)
	}
	// Pawns across the centre until the reveal is legal, then on.
	seen := liveRecord(t, f, v, 16, func(v View) string {
		if v.Spy.Reveal != "" {
			return v.Spy.Reveal
		}
		tok, best := v.Legal[0], byte('0')
		for _, m := range v.Legal {
			if isSquareMove(m) && m[3] > best && v.Pieces[m[:2]] == "wP" {
				tok, best = m, m[3]
			}
		}
		return tok
	})
	revealedAt := -1
	compareReviews(t, f, v.ID, seen, func(ply int, rv View, js string) {
		if rv.Spy.Card != mine.String() {
			t.Fatalf("ply %d: the player's card %q, want %s", ply, rv.Spy.Card, mine)
		}
		if rv.Spy.Revealed["b"] == "" && strings.Contains(js, theirs.String()) {
			t.Fatalf("ply %d: the review carries the engine's card %s: %s", ply, theirs, js)
		}
		if rv.Spy.Revealed["w"] != "" && revealedAt < 0 {
			revealedAt = ply
		}
		if revealedAt >= 0 && rv.Spy.Revealed["w"] != mine.String() {
			t.Fatalf("ply %d: the player's reveal at ply %d forgotten: %+v", ply, revealedAt, rv.Spy)
		}
	})
	if revealedAt < 1 {
		t.Fatalf("the player never revealed (%d): the test reviews no reveal", revealedAt)
	}
	if before, _ := f.m.ViewAt(v.ID, revealedAt-1); before.Spy.Revealed["w"] != "" || len(before.Spy.Bicolour) != 0 {
		t.Fatalf("before the reveal: %+v", before.Spy)
	}
}

// TestViewAtMagicAsShown: a seeded magic game with cards committed: each
// ply reviewed is what the player was shown then, with the player's
// hand as it was and never a card of the other hand or the stock.
func TestViewAtMagicAsShown(t *testing.T) {
	const seed = 5
	f, v, white, _ := newMagicAsWhite(t, seed)
	rng := rand.New(rand.NewPCG(seed, 4))
	seen := liveRecord(t, f, v, 24, func(v View) string { return pickMagic(rng, v.Legal) })
	g, err := f.m.lookup(v.ID)
	if err != nil {
		t.Fatal(err)
	}
	g.mu.Lock()
	o, secret, moves := g.opts, g.secret, g.cloneMoves()
	g.mu.Unlock()
	hands := map[int]bool{}
	compareReviews(t, f, v.ID, seen, func(ply int, rv View, js string) {
		then, err := newMagicGame(o, secret, moves[:ply], 0)
		if err != nil {
			t.Fatal(err)
		}
		if bad := leaked(t, rv, hiddenCodes(t, then, "w")); len(bad) > 0 {
			t.Fatalf("ply %d: the review carries the hidden cards %v", ply, bad)
		}
		own, _ := then.full.Hand(chess.White)
		if len(rv.Magic.Hand) != own.Count() {
			t.Fatalf("ply %d: %d cards in the hand, %d then", ply, len(rv.Magic.Hand), own.Count())
		}
		for _, c := range rv.Magic.Hand {
			if !slices.Contains(white, c.ID) {
				t.Fatalf("ply %d: %s in the hand was not dealt to it", ply, c.ID)
			}
		}
		hands[len(rv.Magic.Hand)] = true
	})
	if v0, _ := f.m.ViewAt(v.ID, 0); len(v0.Magic.Hand) != len(white) {
		t.Fatalf("the start's hand: %d cards, dealt %d", len(v0.Magic.Hand), len(white))
	}
	if len(hands) < 2 {
		t.Fatalf("the hand never changed over the game (%v): the test reviews no card played", hands)
	}
}

// TestViewAtChaturanga4AsShown: four people on one device play a seeded
// run of moves; each ply reviewed is what the device was shown then
// (the board, the seats, the pools, the last move), with nothing legal.
func TestViewAtChaturanga4AsShown(t *testing.T) {
	f := newFixture(t, "")
	v := c4Create(t, f, people, "")
	rng := rand.New(rand.NewPCG(4, 4))
	seen := map[int]View{0: v}
	for turn := 0; turn < 24 && v.Status == "playing"; turn++ {
		v = mustMove(t, f.m, v.ID, v.Legal[rng.IntN(len(v.Legal))])
		seen[len(v.Moves)] = v
	}
	compareReviews(t, f, v.ID, seen, func(ply int, rv View, _ string) {
		if rv.C4 == nil || len(rv.C4.Seats) != 4 || rv.Turn != seen[ply].Turn {
			t.Fatalf("ply %d: seats %+v, turn %q", ply, rv.C4, rv.Turn)
		}
	})
}
