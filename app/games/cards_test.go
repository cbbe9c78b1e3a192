package games

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"azar/app/engine"
	"azar/app/store"
	"azar/variants/spy"
)

// newSeeded is a fixture whose card games all get seed.
func newSeeded(t *testing.T, dir string, seed uint64) *fixture {
	t.Helper()
	f := newFixture(t, dir)
	f.m.cfg.NewSeed = func() uint64 { return seed }
	return f
}

// storedSecret reads a game's secret from the store (what the page must
// never see).
func storedSecret(t *testing.T, st *store.Store, id string) string {
	t.Helper()
	r, err := st.Load(id)
	if err != nil {
		t.Fatal(err)
	}
	return r.Secret
}

// luckyOrder is the deck order a lucky game with seed starts from: the
// test's own shuffle of the full deck.
func luckyOrder(t *testing.T, seed uint64) []string {
	g, err := newLuckyGame(Options{Variant: VariantLucky}, "", nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g.pileIDs()
}

// playUntil plays the first legal action (draw whenever it is legal)
// until done or the player's turn has not come back; it returns the view.
func playFirst(t *testing.T, f *fixture, id string, v View, preferDraw bool) View {
	t.Helper()
	tok := v.Legal[0]
	if preferDraw && slices.Contains(v.Legal, "draw") {
		tok = "draw"
	}
	nv, err := f.m.Move(id, tok)
	if err != nil {
		t.Fatalf("%s in %+v: %v", tok, v.Lucky, err)
	}
	return nv
}

func TestLuckyDrawResolveAndResume(t *testing.T) {
	const seed = 7
	order := luckyOrder(t, seed)
	f := newSeeded(t, "", seed)
	v, err := f.m.Create(Options{Variant: VariantLucky, Mode: ModeEngine, Color: "white", Level: 1,
		Rules: map[string]string{"mandatory_card": "on"}})
	if err != nil {
		t.Fatal(err)
	}
	if v.Lucky == nil || v.Lucky.Pile != 54 || slices.Contains(v.Legal, "draw") {
		t.Fatalf("first turn: %+v legal %v", v.Lucky, v.Legal)
	}
	if v.Rules["mandatory_card"] != "on" || v.Rules["edition"] != "second" {
		t.Fatalf("rules %v", v.Rules)
	}
	id := v.ID
	if v, err = f.m.Move(id, "e2e4"); err != nil {
		t.Fatal(err)
	}
	v = waitView(t, f.m, id, ready)
	if v.Moves[1].UCI == "draw" {
		t.Fatalf("the engine drew on its first turn: %v", v.Moves)
	}
	// Under the mandatory card, drawing is the only start action now.
	if !slices.Equal(v.Legal, []string{"draw"}) {
		t.Fatalf("second turn legal %v, want [draw]", v.Legal)
	}
	if _, err := f.m.Move(id, order[0]); kind(err) != Invalid {
		t.Fatalf("the player revealing a card: %v", err)
	}
	v, err = f.m.Move(id, "draw")
	if err != nil {
		t.Fatal(err)
	}
	n := len(v.Moves)
	if v.Moves[2].UCI != "draw" || v.Moves[3].UCI != order[0] || v.Lucky.Pile != 53 {
		t.Fatalf("after the draw: moves %v pile %d, deck top %s", v.Moves, v.Lucky.Pile, order[0])
	}
	if v.Lucky.Card == nil || v.Lucky.Card.ID != order[0] || v.Lucky.Card.Text.En == "" || v.Lucky.Card.Text.Es == "" {
		t.Fatalf("the drawn card is not shown: %+v", v.Lucky.Card)
	}
	if d := v.Lucky.Drawn; len(d) != 1 || d[0].Side != "w" || d[0].Card != order[0] || d[0].At != 3 || d[0].Name.Es == "" {
		t.Fatalf("drawn %+v", v.Lucky.Drawn)
	}
	// Resolve the card: its actions until the turn passes.
	for v.Turn == "w" && v.Status == "playing" && !v.Thinking {
		v = playFirst(t, f, id, v, false)
	}
	// Seed 7's first card is move2:Q+K. After 1.e4 the queen and the
	// king can always move, so the card is resolved by two actions of
	// the player's, one from d1 and one from e1, in either order.
	if order[0] != "move2:Q+K" {
		t.Fatalf("seed %d's first card is %s; the checks below are written for move2:Q+K", seed, order[0])
	}
	if len(v.Moves) < n+2 || !isSquareMove(v.Moves[n].UCI) || !isSquareMove(v.Moves[n+1].UCI) ||
		v.Moves[n].Side != "w" || v.Moves[n+1].Side != "w" {
		t.Fatalf("move2:Q+K resolved by %v, want two moves of the player's", v.Moves[n:])
	}
	if from := []string{v.Moves[n].UCI[:2], v.Moves[n+1].UCI[:2]}; !slices.Contains(from, "d1") || !slices.Contains(from, "e1") {
		t.Fatalf("move2:Q+K resolved by %v, want the queen's move (d1) and the king's (e1)", v.Moves[n:n+2])
	}
	// The engine draws too (the mandatory card): its card is the next.
	v = waitView(t, f.m, id, func(v View) bool { return v.Status != "playing" || ready(v) })
	if len(v.Lucky.Drawn) < 2 || v.Lucky.Drawn[1].Side != "b" || v.Lucky.Drawn[1].Card != order[1] {
		t.Fatalf("the engine's draw: %+v, deck %v", v.Lucky.Drawn, order[:3])
	}
	if _, err := f.m.Undo(id); kind(err) != Conflict {
		t.Fatalf("undo in a lucky game: %v", err)
	}
	before := v
	secret := storedSecret(t, f.st, id)
	var sec luckySecret
	if err := json.Unmarshal([]byte(secret), &sec); err != nil || sec.Seed != seed || len(sec.Pile) != before.Lucky.Pile {
		t.Fatalf("stored secret %s (%v)", secret, err)
	}
	// A restart resumes the game exactly: moves, piles, the deck order.
	dir := f.dir
	f.close()
	f2 := newSeeded(t, dir, 99)
	after, err := f2.m.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(after.Moves, before.Moves) || after.Lucky.Pile != before.Lucky.Pile || after.FEN != before.FEN ||
		!slices.Equal(after.Legal, before.Legal) {
		t.Fatalf("resumed %+v\nwant %+v", after, before)
	}
	if got := storedSecret(t, f2.st, id); got != secret {
		t.Fatalf("secret after the restart %s, want %s", got, secret)
	}
	if strings.Contains(f2.mustPGN(t, id), strings.Join(sec.Pile[:3], ",")) {
		t.Fatal("the PGN carries the deck order")
	}
}

func (f *fixture) mustPGN(t *testing.T, id string) string {
	t.Helper()
	p, err := f.m.PGN(id)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLuckyRefusals(t *testing.T) {
	f := newSeeded(t, "", 1)
	for _, o := range []Options{
		{Variant: VariantLucky, Rules: map[string]string{"king_capture": "on"}},
		{Variant: VariantLucky, Rules: map[string]string{"edition": "third"}},
		{Variant: VariantLucky, Rules: map[string]string{"colour": "on"}},
		{Variant: VariantChess, Rules: map[string]string{"edition": "first"}},
		{Variant: VariantLucky, FEN: "8/8/8/8/8/8/8/8 w - - 0 1"},
		{Variant: VariantSpy, Mode: ModeLocal},
		{Variant: "poker"},
	} {
		if _, err := f.m.Create(o); kind(err) != Invalid {
			t.Errorf("%+v: %v, want Invalid", o, err)
		}
	}
	v, err := f.m.Create(Options{Variant: VariantLucky, Mode: ModeLocal})
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range []string{"draw", "e2e5", "-e7", "N@e4", "move1:P", "annul", ""} {
		if _, err := f.m.Move(v.ID, tok); kind(err) != Invalid {
			t.Errorf("%q on the first turn: %v", tok, err)
		}
	}
	after, _ := f.m.Get(v.ID)
	if len(after.Moves) != 0 || after.Version != v.Version {
		t.Fatalf("a refusal changed the game: %+v", after.Moves)
	}
	// Two players on one device: each acts in turn, both may draw.
	for _, tok := range []string{"e2e4", "e7e5", "draw"} {
		if v, err = f.m.Move(v.ID, tok); err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
	}
	if len(v.Lucky.Drawn) != 1 || v.Lucky.Drawn[0].Side != "w" {
		t.Fatalf("local draw: %+v", v.Lucky.Drawn)
	}
}

// spySeed finds a seed whose deal gives White a plain spy card and Black
// another card (so that the two can be told apart in the views).
func spySeed(t *testing.T, wantWild bool) (uint64, spy.Card, spy.Card) {
	for seed := uint64(1); seed < 1000; seed++ {
		w, b := spyDeal(seed)
		if (w == spy.Wild) == wantWild && w != spy.Neutral && b != spy.Wild && b != spy.Neutral && w != b {
			return seed, w, b
		}
	}
	t.Fatal("no seed")
	return 0, 0, 0
}

func TestSpyRevealAndSecrets(t *testing.T) {
	seed, mine, theirs := spySeed(t, true)
	f := newSeeded(t, "", seed)
	v, err := f.m.Create(Options{Variant: VariantSpy, Mode: ModeEngine, Color: "white", Level: 1})
	if err != nil {
		t.Fatal(err)
	}
	if mine != spy.Wild || v.Spy.Card != "wild" || !v.Spy.Choosing || len(v.Legal) != 6 {
		t.Fatalf("wildcard: %+v legal %v", v.Spy, v.Legal)
	}
	id := v.ID
	if _, err := f.m.Move(id, "e2e4"); kind(err) != Invalid {
		t.Fatalf("a move before the wildcard's choice: %v", err)
	}
	if v, err = f.m.Move(id, "wild:QR"); err != nil {
		t.Fatal(err)
	}
	if v.Spy.Card != "wild:QR" || v.Spy.SpySquare != "a8" || len(v.Moves) != 0 {
		t.Fatalf("after the choice: %+v", v.Spy)
	}
	// Cross the centre, then reveal.
	for step := 0; v.Spy.Reveal == ""; step++ {
		if step > 6 || v.Status != "playing" {
			t.Fatalf("no reveal offered: %+v", v)
		}
		tok, best := v.Legal[0], byte('0')
		for _, m := range v.Legal {
			if isSquareMove(m) && m[3] > best && v.Pieces[m[:2]] == "wP" {
				tok, best = m, m[3]
			}
		}
		if _, err = f.m.Move(id, tok); err != nil {
			t.Fatal(err)
		}
		v = waitView(t, f.m, id, func(v View) bool { return v.Status != "playing" || ready(v) })
	}
	if v, err = f.m.Move(id, v.Spy.Reveal); err != nil {
		t.Fatal(err)
	}
	last := v.Moves[len(v.Moves)-1]
	if last.UCI != "reveal:wild:QR" || v.Spy.Revealed["w"] != "wild:QR" || v.Spy.Queens["w"].Powers != "BN" {
		t.Fatalf("after the reveal: %v %+v", last, v.Spy)
	}
	if !slices.Contains(v.Spy.Bicolour, v.Spy.Queens["w"].Square) && len(v.Spy.Bicolour) != 1 {
		t.Fatalf("bicolour %v", v.Spy.Bicolour)
	}
	v = waitView(t, f.m, id, func(v View) bool { return v.Status != "playing" || ready(v) })
	b, _ := json.Marshal(v)
	if v.Spy.Revealed["b"] == "" && strings.Contains(string(b), theirs.String()) {
		t.Fatalf("the view carries the engine's card %s: %s", theirs, b)
	}
	if _, err := f.m.Undo(id); kind(err) != Conflict {
		t.Fatalf("undo in a spy game: %v", err)
	}
	// Resume.
	dir := f.dir
	f.close()
	f2 := newSeeded(t, dir, 1)
	after, err := f2.m.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(after.Moves, v.Moves) || after.Spy.Card != "wild:QR" || after.FEN != v.FEN {
		t.Fatalf("resumed %+v, want %+v", after, v)
	}
}

// TestSpyEngineTold checks the engine's position: its own card only.
func TestSpyEngineTold(t *testing.T) {
	g, err := newSpyGame(Options{Variant: VariantSpy}, `{"dealt":["spy:Pe","wild"],"chosen":["",""]}`, []string{"e2e4"}, 0)
	if err != nil {
		t.Fatal(err)
	}
	// The wildcard's choice is asked in the start position, with no
	// action: the protocol refuses a bare wildcard with moves (issue 27:
	// asking it after e2e4 hung the game). An offer judged meanwhile
	// names no card of the engine's.
	_, pos := g.engineRequest("b")
	if pos != "startpos card b=wild" {
		t.Fatalf("engine position %q", pos)
	}
	if _, pos := g.offerRequest("b"); pos != "startpos moves e2e4" {
		t.Fatalf("offer position %q", pos)
	}
	toks, sec, err := g.engineAnswer("b", "wild:KN")
	if err != nil || len(toks) != 1 {
		t.Fatal(toks, err)
	}
	g, err = newSpyGame(Options{Variant: VariantSpy}, sec, toks, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, pos = g.engineRequest("b"); pos != "startpos card b=wild:KN moves e2e4" {
		t.Fatalf("engine position %q", pos)
	}
	if _, pos = g.engineRequest("w"); pos != "startpos card w=spy:Pe moves e2e4" {
		t.Fatalf("engine position %q", pos)
	}
}

// asapSpy is the engine told to reveal its spy as soon as it may (the
// protocol's SpyRevealPolicy), for a test of the engine's reveal.
type asapSpy struct{ Searcher }

func (a asapSpy) Search(ctx context.Context, r engine.Request) (engine.Result, error) {
	if slices.Contains(r.Options, engine.Option{Name: "UCI_Variant", Value: VariantSpy}) {
		r.Options = append(r.Options, engine.Option{Name: "SpyRevealPolicy", Value: "asap"})
	}
	return a.Searcher.Search(ctx, r)
}

func TestSpyEngineReveals(t *testing.T) {
	seed, _, theirs := spySeed(t, false)
	f := newSeeded(t, "", seed)
	f.m.cfg.Engine = asapSpy{f.pool}
	v, err := f.m.Create(Options{Variant: VariantSpy, Mode: ModeEngine, Color: "white", Level: 1})
	if err != nil {
		t.Fatal(err)
	}
	if v.Spy.Step != (Texts{En: "Your move.", Es: "Te toca mover."}) {
		t.Errorf("the step at the start %+v", v.Spy.Step)
	}
	id := v.ID
	for turn := 0; v.Spy.Revealed["b"] == ""; turn++ {
		if turn > 30 || v.Status != "playing" {
			t.Fatalf("the engine never revealed: %v", v.Moves)
		}
		tok := v.Legal[turn%2] // Nb1-a3-b1...: the player keeps still
		if _, err := f.m.Move(id, tok); err != nil {
			t.Fatal(err)
		}
		v = waitView(t, f.m, id, func(v View) bool { return v.Status != "playing" || ready(v) })
	}
	if v.Spy.Revealed["b"] != theirs.String() || !slices.ContainsFunc(v.Moves, func(m MoveView) bool { return m.UCI == "reveal:"+theirs.String() }) {
		t.Fatalf("the engine's reveal: %+v, moves %v, dealt %s", v.Spy, v.Moves, theirs)
	}
	// The reveal is a whole turn and the loop stops at the turn it came:
	// it is the engine's last action, so its gained piece stands on the
	// board, bicolour and Black's now.
	if last := v.Moves[len(v.Moves)-1]; last.UCI != "reveal:"+theirs.String() || last.Side != "b" {
		t.Fatalf("the engine's last action %+v, want its reveal", last)
	}
	if len(v.Spy.Bicolour) != 1 || !strings.HasPrefix(v.Pieces[v.Spy.Bicolour[0]], "b") {
		t.Fatalf("after the engine's reveal: bicolour %v, pieces %v", v.Spy.Bicolour, v.Pieces)
	}
	spyRevealNote(t, v)
}

func TestAnalysisStoredWithTheGame(t *testing.T) {
	f := newFixture(t, "")
	f.m.cfg.AnalysisBudget.Nodes, f.m.cfg.AnalysisBudget.Depth = 0, 2
	v, err := f.m.Create(Options{Mode: ModeLocal})
	if err != nil {
		t.Fatal(err)
	}
	id := v.ID
	if _, err := f.m.Analyze(id); kind(err) != Conflict {
		t.Fatalf("analysis of a game in play: %v", err)
	}
	for _, mv := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
		if v, err = f.m.Move(id, mv); err != nil {
			t.Fatal(err)
		}
	}
	if v.Status != ReasonCheckmate {
		t.Fatalf("status %s", v.Status)
	}
	if v, err = f.m.Analyze(id); err != nil || v.Analyzing == nil {
		t.Fatalf("analyze: %+v %v", v.Analyzing, err)
	}
	v = waitView(t, f.m, id, func(v View) bool { return v.Analysis != nil || v.AnalysisError != "" })
	a := v.Analysis
	if a == nil || len(a.Moves) != 4 || a.White.Moves != 2 || a.Moves[3].SAN != "Qh4#" || a.Moves[3].WhiteWin > 5 {
		t.Fatalf("analysis %+v (%s)", a, v.AnalysisError)
	}
	// g2g4 lets the mate in: a blunder, whose best move is named.
	if a.Moves[2].Label != "blunder" || a.Moves[2].Best == "" || a.White.Blunders < 1 {
		t.Fatalf("g4 judged %+v; white %+v", a.Moves[2], a.White)
	}
	svg, err := f.m.AnalysisSVG(id)
	if err != nil || !strings.HasPrefix(svg, "<svg") && !strings.HasPrefix(svg, "<?xml") {
		t.Fatalf("svg %.80q %v", svg, err)
	}
	// Stored with the game: a restart finds it.
	dir := f.dir
	f.close()
	f2 := newFixture(t, dir)
	after, err := f2.m.Get(id)
	if err != nil || after.Analysis == nil || after.Analysis.Moves[2].Label != "blunder" {
		t.Fatalf("after a restart: %+v %v", after.Analysis, err)
	}
	list, err := f2.m.List(10)
	if err != nil || len(list) != 1 || list[0].Accuracy == nil || list[0].Accuracy.Black != 100 {
		t.Fatalf("the saved games: %+v %v", list, err)
	}
	// Undoing the mate makes the analysis one of another game.
	if after, err = f2.m.Undo(id); err != nil || after.Analysis != nil {
		t.Fatalf("after undo: %+v %v", after.Analysis, err)
	}
	lv, err := f2.m.Create(Options{Variant: VariantLucky, Mode: ModeLocal})
	if err != nil {
		t.Fatal(err)
	}
	// A card game is analysed too (cardanalysis.go), once it is over.
	if _, err := f2.m.Analyze(lv.ID); kind(err) != Conflict {
		t.Fatalf("analysis of a lucky game in progress: %v", err)
	}
}

// TestDrawOfferTellsNoSecret: when the engine judges the player's draw
// offer it searches the player's position, but is told only its own
// secret — spy: its own card; magic: no hand at all — never the player's.
func TestDrawOfferTellsNoSecret(t *testing.T) {
	sg, err := newSpyGame(Options{Variant: VariantSpy}, `{"dealt":["spy:Pe","neutral"],"chosen":["",""]}`, []string{"e2e4", "e7e5"}, 0)
	if err != nil {
		t.Fatal(err)
	}
	gs := gameState{opts: Options{Variant: VariantSpy, Mode: ModeEngine, Human: "w"}, play: cards{sg}}
	if req := gs.offerRequest(fullStrength, "movetime 300"); req.Position != "startpos card b=neutral moves e2e4 e7e5" {
		t.Fatalf("spy offer position %q", req.Position)
	}

	const seed = 9
	o := Options{Variant: VariantMagic, Mode: ModeEngine, Human: "w"}
	if err := magicEntry.normalize(&o); err != nil {
		t.Fatal(err)
	}
	mg, err := newMagicGame(o, "", nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	white, black, err := MagicDeal(o.Rules, seed)
	if err != nil {
		t.Fatal(err)
	}
	gs = gameState{opts: o, play: cards{mg}}
	req := gs.offerRequest(fullStrength, "movetime 300")
	if req.Position != "startpos hand -" {
		t.Fatalf("magic offer position %q", req.Position)
	}
	for _, c := range append(white, black...) {
		if strings.Contains(req.Position, c) {
			t.Fatalf("magic offer position %q names %s", req.Position, c)
		}
	}
	// The player's own request (a hint) does carry the player's hand.
	if req := gs.request("w", fullStrength, "movetime 300"); !strings.Contains(req.Position, white[0]) {
		t.Fatalf("hint position %q lacks the player's hand", req.Position)
	}
}
