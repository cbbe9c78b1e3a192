package games

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"azar/app/engine"
	"azar/variants/chess"
	"azar/variants/magic"
)

var magicCode = regexp.MustCompile(`AM[0-4][0-9]`)

// hiddenCodes is the cards the player at seat may not know of: the other
// hand as dealt and the stock, less every card committed (a commitment
// is public).
func hiddenCodes(t *testing.T, g *magicGame, seat string) map[string]bool {
	t.Helper()
	ref := magic.New(g.rules, g.sec.Seed)
	own, _ := ref.Hand(chess.Color(seatIndex(seat)))
	hidden := map[string]bool{}
	for c := magic.CardID(0); c < magic.NumCards; c++ {
		if !own.Has(c) {
			hidden[c.Code()] = true
		}
	}
	for _, c := range g.commits {
		delete(hidden, c.Card)
	}
	return hidden
}

// leaked is the hidden codes a view's JSON carries.
func leaked(t *testing.T, v View, hidden map[string]bool) []string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, code := range magicCode.FindAllString(string(b), -1) {
		if hidden[code] {
			out = append(out, code)
		}
	}
	return out
}

// pickMagic chooses a seat's action: a card commitment when one is
// legal and the coin says so, otherwise any legal action.
func pickMagic(rng *rand.Rand, legal []string) string {
	var cards []string
	for _, tk := range legal {
		if strings.HasPrefix(tk, "AM") {
			cards = append(cards, tk)
		}
	}
	if len(cards) > 0 && rng.IntN(3) == 0 {
		return cards[rng.IntN(len(cards))]
	}
	return legal[rng.IntN(len(legal))]
}

// TestMagicRefereeSeededGames plays whole seeded games through the
// referee's own path (act, then the game rebuilt from the options, the
// secret and the public tokens, as a commit does), both seats choosing
// among the legal tokens and committing cards: every state replays, the
// player's view carries its own hand and the other's count only, and no
// card the player may not know of is ever in it.
func TestMagicRefereeSeededGames(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 4
	}
	commits, reactions := 0, 0
	for n := range games {
		mode := []string{"classic", "advanced"}[n%2]
		o := Options{Variant: VariantMagic, Mode: ModeEngine, Human: "w", Rules: map[string]string{"mode": mode}}
		if err := magicEntry.normalize(&o); err != nil {
			t.Fatal(err)
		}
		seed := uint64(1000 + n)
		g, err := newMagicGame(o, "", nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		sec := g.secret()
		rng := rand.New(rand.NewPCG(seed, 1))
		for ply := 0; ply < 160 && g.toAct() != ""; ply++ {
			var v View
			g.view(&v, "w")
			if bad := leaked(t, v, hiddenCodes(t, g, "w")); len(bad) > 0 {
				t.Fatalf("seed %d ply %d: the view carries the hidden cards %v", seed, ply, bad)
			}
			if own, _ := g.full.Hand(chess.White); len(v.Magic.Hand) != own.Count() || v.Magic.Cards["b"] != g.full.HandSize(chess.Black) {
				t.Fatalf("seed %d ply %d: hand %d cards (want %d), the other's count %d (want %d)", seed, ply,
					len(v.Magic.Hand), own.Count(), v.Magic.Cards["b"], g.full.HandSize(chess.Black))
			}
			seat := g.toAct()
			legal := g.legal(seat)
			if len(legal) == 0 {
				t.Fatalf("seed %d ply %d: %s to act with nothing legal", seed, ply, seat)
			}
			if other := map[string]string{"w": "b", "b": "w"}[seat]; len(g.legal(other)) != 0 {
				t.Fatalf("seed %d ply %d: %s may act out of turn", seed, ply, other)
			}
			if seat == "w" && len(legal) == 1 && legal[0] == "pass" {
				t.Fatalf("seed %d ply %d: the player was left a window with pass alone", seed, ply)
			}
			tok := pickMagic(rng, legal)
			if strings.HasPrefix(tok, "AM") {
				commits++
				if g.full.Phase() == magic.PhRCommit || g.full.Phase() == magic.PhRImpact {
					reactions++
				}
			}
			toks, s2, err := g.act(seat, tok)
			if err != nil {
				t.Fatalf("seed %d ply %d: %s's legal %q refused: %v", seed, ply, seat, tok, err)
			}
			if s2 != sec {
				t.Fatalf("seed %d: the secret changed: %s -> %s", seed, sec, s2)
			}
			if g, err = newMagicGame(o, s2, toks, 0); err != nil {
				t.Fatalf("seed %d ply %d: the game does not replay: %v", seed, ply, err)
			}
			if got := g.full.CardCount(); got != magic.NumCards {
				t.Fatalf("seed %d ply %d: %d cards accounted for", seed, ply, got)
			}
		}
	}
	if commits == 0 || reactions == 0 {
		t.Fatalf("the games committed %d cards, %d of them reactions: the test plays no cards", commits, reactions)
	}
}

// TestMagicRefusalsChangeNothing: bad tokens, a card of the other hand,
// a token out of turn are refused with a clear error and the stored
// game stays as it was.
// newMagicAsWhite starts a magic game dealt from seed, the player White
// against the engine at level 1, and returns the two hands dealt.
func newMagicAsWhite(t *testing.T, seed uint64) (f *fixture, v View, white, black []string) {
	t.Helper()
	white, black, err := MagicDeal(nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	f = newSeeded(t, "", seed)
	v, err = f.m.Create(Options{Variant: VariantMagic, Mode: ModeEngine, Color: "white", Level: 1})
	if err != nil {
		t.Fatal(err)
	}
	return f, v, white, black
}

func TestMagicRefusalsChangeNothing(t *testing.T) {
	f, v, white, black := newMagicAsWhite(t, 11)
	if v.Magic == nil || len(v.Magic.Hand) != 10 || v.Magic.Cards["b"] != 10 || v.Magic.Phase != "start" || v.Turn != "w" {
		t.Fatalf("first view: %+v turn %s", v.Magic, v.Turn)
	}
	for i, c := range v.Magic.Hand {
		if c.ID != white[i] || c.Name.En == "" || c.Name.Es == "" || c.Text.En == "" || c.Text.Es == "" || len(c.Windows) == 0 {
			t.Fatalf("hand card %d: %+v, dealt %s", i, c, white[i])
		}
	}
	if v.Rules["mode"] != "classic" || v.Rules["hand_size"] != "10" || v.Rules["draw_claims"] != "automatic" {
		t.Fatalf("rules %v", v.Rules)
	}
	before := storedSecret(t, f.st, v.ID)
	for _, tok := range []string{"", "e2e5", "AM99", "AM13:zz", "pass", "claim", black[0], black[0] + ":e4", "e7e5"} {
		_, err := f.m.Move(v.ID, tok)
		if kind(err) != Invalid || !strings.Contains(err.Error(), "illegal action") {
			t.Fatalf("%q: %v", tok, err)
		}
		if strings.Contains(err.Error(), black[0]+" ") || strings.Contains(err.Error(), "hand") {
			t.Fatalf("%q: the refusal speaks of the other hand: %v", tok, err)
		}
		now, _ := f.m.Get(v.ID)
		if now.Version != v.Version || len(now.Moves) != 0 || storedSecret(t, f.st, v.ID) != before {
			t.Fatalf("%q changed the game: %+v", tok, now.Moves)
		}
	}
	if _, err := f.m.Undo(v.ID); kind(err) != Conflict {
		t.Fatalf("undo: %v", err)
	}
	// A card committed, then a restart: the game resumes exactly (the
	// hand, the effects, the actions) from the seed and the actions.
	card := ""
	for _, l := range v.Legal {
		if strings.HasPrefix(l, "AM") {
			card = l
			break
		}
	}
	if card == "" {
		t.Fatalf("no card to commit on the first turn: %v", v.Legal)
	}
	played, err := f.m.Move(v.ID, card)
	if err != nil {
		t.Fatal(err)
	}
	if len(played.Magic.Hand) != 9 || len(played.Magic.Committed) != 1 || played.Magic.Committed[0].Token != card || played.Turn != "b" {
		t.Fatalf("after %s: %+v", card, played.Magic)
	}
	secret := storedSecret(t, f.st, v.ID)
	dir := f.dir
	f.close()
	f2 := newSeeded(t, dir, 99)
	after, err := f2.m.Get(v.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(after.Moves, played.Moves) || after.FEN != played.FEN || !reflect.DeepEqual(after.Magic.Hand, played.Magic.Hand) ||
		len(after.Magic.Effects) != len(played.Magic.Effects) || storedSecret(t, f2.st, v.ID) != secret {
		t.Fatalf("resumed %+v\nwant %+v", after, played)
	}
	f = f2
	if _, err := f.m.Create(Options{Variant: VariantMagic, Mode: ModeLocal}); kind(err) != Invalid {
		t.Fatalf("magic on one device: %v", err)
	}
	if _, err := f.m.Create(Options{Variant: VariantMagic, Rules: map[string]string{"hand_size": "11"}}); kind(err) != Invalid {
		t.Fatalf("hand_size 11: %v", err)
	}
	if _, err := f.m.Create(Options{Variant: VariantMagic, Rules: map[string]string{"mode": "wild"}}); kind(err) != Invalid {
		t.Fatalf("mode wild: %v", err)
	}
	if _, err := f.m.Create(Options{Variant: VariantMagic, FEN: chess.StartFEN}); kind(err) != Invalid {
		t.Fatalf("a start FEN: %v", err)
	}
}

// TestMagicEngineRequest: the engine is told its own dealt hand and the
// public history, passes included, exactly as docs/protocol.md says.
func TestMagicEngineRequest(t *testing.T) {
	const seed = 5
	_, black, err := MagicDeal(map[string]string{"mode": "advanced", "hand_size": "6"}, seed)
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Variant: VariantMagic, Mode: ModeEngine, Human: "w", Level: 2, Rules: map[string]string{"mode": "advanced", "hand_size": "6"}}
	if err := magicEntry.normalize(&o); err != nil {
		t.Fatal(err)
	}
	g, err := newMagicGame(o, "", nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	toks, sec, err := g.act("w", "e2e4")
	if err != nil {
		t.Fatal(err)
	}
	if g, err = newMagicGame(o, sec, toks, 0); err != nil {
		t.Fatal(err)
	}
	// After the move the player's END window is declined for the player
	// when pass is all it may do there.
	for g.toAct() == "w" {
		if toks, sec, err = g.act("w", "pass"); err != nil {
			t.Fatal(err)
		}
		if g, err = newMagicGame(o, sec, toks, 0); err != nil {
			t.Fatal(err)
		}
	}
	gs := gameState{opts: o, play: cards{g}}
	req := gs.request("b", 2, "movetime 300")
	want := "startpos hand " + strings.Join(black, ",") + " moves " + strings.Join(g.toks, " ")
	if req.Position != want {
		t.Fatalf("position %q\nwant %q", req.Position, want)
	}
	var names []string
	for _, op := range req.Options {
		names = append(names, op.Name+"="+op.Value)
	}
	for _, w := range []string{"Level=2", "UCI_Variant=magic", "Magic_Mode=advanced", "Magic_HandSize=6", "Magic_DrawClaims=automatic"} {
		if !slices.Contains(names, w) {
			t.Fatalf("options %v lack %s", names, w)
		}
	}
	// The engine's 0000 is a pass; an answer the rules refuse is an error.
	if _, _, err := g.engineAnswer("b", "e2e4"); err == nil {
		t.Fatal("an illegal engine answer was taken")
	}
}

// TestMagicCardTexts: every card has its names and text in both
// languages, and no text names a card by its code.
func TestMagicCardTexts(t *testing.T) {
	for c := magic.CardID(0); c < magic.NumCards; c++ {
		mc := magicCardView(c)
		if mc.Name.En == "" || mc.Name.Es == "" || mc.Text.En == "" || mc.Text.Es == "" {
			t.Errorf("%s: %+v", c.Code(), mc)
		}
		if magicCode.MatchString(mc.Text.En + mc.Text.Es) {
			t.Errorf("%s names a card by its code: %+v", c.Code(), mc.Text)
		}
		if strings.HasPrefix(mc.Text.En, "as ") {
			t.Errorf("%s: %q", c.Code(), mc.Text.En)
		}
	}
}

// TestMagicMateSave: the player mated (the fool's mate) is offered the
// mate save in its view (the MS window, its prompt, its cards and pass);
// a wall on g3 saves it and the turn goes on as move only.
func TestMagicMateSave(t *testing.T) {
	o, g := magicDealing(t, "AM34")
	step := func(seat, tok string) {
		t.Helper()
		toks, sec, err := g.act(seat, tok)
		if err != nil {
			t.Fatalf("%s %s: %v (legal %v)", seat, tok, err, g.legal(seat))
		}
		if g, err = newMagicGame(o, sec, toks, 0); err != nil {
			t.Fatal(err)
		}
	}
	// The engine's seat declines its windows (END) explicitly; the
	// player's pass-only ones are declined by the referee.
	move := func(seat, tok string) {
		t.Helper()
		step(seat, tok)
		for g.toAct() == seat && g.full.Phase() == magic.PhEnd {
			step(seat, "pass")
		}
	}
	move("w", "f2f3")
	move("b", "e7e5")
	move("w", "g2g4")
	move("b", "d8h4")
	var v View
	g.view(&v, "w")
	v.Legal = g.legal("w")
	if v.Magic.Phase != "ms" || v.Magic.Window != "MS" || v.Magic.Decides != "w" || v.Check != "e1" || !strings.Contains(v.Magic.Prompt.En, "Checkmate") || v.Magic.Prompt.Es == "" {
		t.Fatalf("after the mate: %+v", v.Magic)
	}
	if !slices.Contains(v.Legal, "AM34:g3") || !slices.Contains(v.Legal, "pass") || slices.Contains(v.Legal, "e2e3") {
		t.Fatalf("the mate save's actions: %v", v.Legal)
	}
	if r, reason := g.outcome(); r != "*" || reason != "" {
		t.Fatalf("the game ended before the save: %s %s", r, reason)
	}
	step("w", "AM34:g3")
	v = View{}
	g.view(&v, "w")
	v.Legal = g.legal("w")
	if v.Magic.Phase != "move" || slices.ContainsFunc(v.Legal, func(l string) bool { return strings.HasPrefix(l, "AM") || l == "pass" }) {
		t.Fatalf("after the save: phase %s legal %v", v.Magic.Phase, v.Legal)
	}
	if len(v.Magic.Effects) != 1 || v.Magic.Effects[0].Card != "AM34" || v.Magic.Effects[0].Anchor != "g3" || !slices.Equal(v.Magic.Effects[0].Squares, []string{"g3"}) {
		t.Fatalf("the wall: %+v", v.Magic.Effects)
	}
	if v.Check != "" {
		t.Fatalf("the wall blocks the check, the view marks %s", v.Check)
	}
	if !strings.Contains(g.pgnMoves(), "AM34@MS(g3)") {
		t.Fatalf("the record: %s", g.pgnMoves())
	}
}

// garbled passes each search to the engine with an illegal action added
// to its position, so that the real engine refuses it.
type garbled struct{ Searcher }

func (g garbled) Search(ctx context.Context, r engine.Request) (engine.Result, error) {
	if !strings.Contains(r.Position, " moves ") {
		r.Position += " moves"
	}
	r.Position += " AM99:zz"
	return g.Searcher.Search(ctx, r)
}

// TestMagicEngineErrorStaysSecret: an engine that refuses its position
// (whose error may echo its hand) leaves the game waiting, and the view
// says so without a word of what the engine said.
func TestMagicEngineErrorStaysSecret(t *testing.T) {
	const seed = 21
	engineHand, _, err := MagicDeal(nil, seed) // the engine plays White
	if err != nil {
		t.Fatal(err)
	}
	f := newSeeded(t, "", seed)
	f.m.cfg.Engine = garbled{f.pool}
	v, err := f.m.Create(Options{Variant: VariantMagic, Mode: ModeEngine, Color: "black", Level: 1})
	if err != nil {
		t.Fatal(err)
	}
	v = waitView(t, f.m, v.ID, func(v View) bool { return v.Error != "" })
	b, _ := json.Marshal(v)
	for _, code := range engineHand {
		if strings.Contains(string(b), code) {
			t.Fatalf("the view names the engine's %s: %s", code, b)
		}
	}
	if v.Error != "the engine could not decide; retrying" || len(v.Moves) != 0 || len(v.Legal) != 0 {
		t.Fatalf("the view after the engine's error: %s", b)
	}
}

// magicDealing is a new magic game (the player White) from the first seed
// that deals White the card code.
func magicDealing(t *testing.T, code string) (Options, *magicGame) {
	t.Helper()
	var seed uint64
	for s := uint64(1); s < 5000 && seed == 0; s++ {
		if w, _, err := MagicDeal(nil, s); err != nil {
			t.Fatal(err)
		} else if slices.Contains(w, code) {
			seed = s
		}
	}
	o := Options{Variant: VariantMagic, Mode: ModeEngine, Human: "w"}
	if err := magicEntry.normalize(&o); err != nil {
		t.Fatal(err)
	}
	g, err := newMagicGame(o, "", nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	return o, g
}
