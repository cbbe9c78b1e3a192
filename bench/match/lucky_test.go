package match

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"azar/variants/lucky"
)

func newLuckyGame(t *testing.T, seed uint64, o Opening) *luckyGame {
	t.Helper()
	return newGame[*luckyGame](t, Lucky{}, seed, o)
}

// randomLuckyGame plays up to n actions chosen by rng among the legal
// ones (drawing half the time it may) and returns the actions played.
func randomLuckyGame(t *testing.T, g *luckyGame, rng *rand.Rand, n int) []string {
	t.Helper()
	var played []string
	for range n {
		if _, over := g.Result(); over {
			break
		}
		acts := g.st.Legal(nil)
		a := acts[rng.IntN(len(acts))]
		if slices.Contains(acts, lucky.DrawAction) && rng.IntN(2) == 0 {
			a = lucky.DrawAction
		}
		tok := lucky.FormatAction(a)
		rec := mustPlay(t, g, g.ToMove(), tok)
		if rec.Move != tok {
			t.Fatalf("played %s, recorded %s", tok, rec.Move)
		}
		played = append(played, tok)
		// The physical pile holds what the rules' pile holds.
		var have lucky.Deck
		for _, k := range g.pile.Cards() {
			have[k]++
		}
		if have != g.st.Pile() {
			t.Fatalf("after %s: referee pile %v, rules pile %v", tok, have, g.st.Pile())
		}
		// The position sent to the engines rebuilds the same state.
		st, err := lucky.ParseState(lucky.New(lucky.Options{}).Encode(), lucky.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := st.ApplyTokens(LuckyActions(g)...); err != nil || st.Encode() != g.st.Encode() {
			t.Fatalf("position %q does not rebuild the state (%v)", g.Position(0), err)
		}
	}
	return played
}

// TestLuckyDealAndReplay: the referee's pile follows the rules' pile
// through draws, returned cards and reshuffles; a game replays exactly
// from its seed; another seed deals another order.
func TestLuckyDealAndReplay(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	reshuffled := false
	for seed := uint64(1); seed <= uint64(games); seed++ {
		g := newLuckyGame(t, seed, Opening{})
		played := randomLuckyGame(t, g, rand.New(rand.NewPCG(seed, 99)), 400)
		reshuffled = reshuffled || strings.Count(strings.Join(LuckyActions(g), " "), "draw") > g.st.DeckSize()

		h := newLuckyGame(t, seed, Opening{})
		for _, tok := range played {
			mustPlay(t, h, h.ToMove(), tok)
		}
		if !slices.Equal(LuckyActions(g), LuckyActions(h)) || g.st.Encode() != h.st.Encode() {
			t.Fatalf("seed %d does not replay", seed)
		}
		r1, o1 := g.Result()
		r2, o2 := h.Result()
		if o1 != o2 || r1.PGN() != r2.PGN() || r1.End != r2.End {
			t.Errorf("seed %d: results %+v %+v", seed, r1, r2)
		}
		other := newLuckyGame(t, seed+1000, Opening{})
		if tagValueOf(g.Tags(), "LuckyDeck") == tagValueOf(other.Tags(), "LuckyDeck") {
			t.Errorf("seeds %d and %d deal the same order", seed, seed+1000)
		}
		if deck := tagValueOf(g.Tags(), "LuckyDeck"); strings.Count(deck, ",") != 53 {
			t.Errorf("deck tag %q", deck)
		}
	}
	if !reshuffled && !testing.Short() {
		t.Error("no game drew through the whole deck")
	}
}

func tagValueOf(tags []Tag, name string) string {
	for _, t := range tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

func TestLuckyRefereeRejects(t *testing.T) {
	g := newLuckyGame(t, 3, Opening{})
	for _, c := range []struct {
		seat int
		tok  string
	}{{1, "e7e5"}, {0, "draw"}, {0, "move2:N+B"}, {0, "e2e5"}, {0, "banana"}} {
		if _, err := g.Play(c.seat, c.tok); err == nil {
			t.Errorf("%s by seat %d accepted", c.tok, c.seat)
		}
	}
	mustPlay(t, g, 0, "e2e4")
	mustPlay(t, g, 1, "e7e5")
	a := mustPlay(t, g, 0, "draw")
	top := strings.Split(tagValueOf(g.Tags(), "LuckyDeck"), ",")[0]
	if a.Text != "draw {"+top+"}" || LuckyActions(g)[3] != top {
		t.Errorf("draw recorded as %q, actions %v, top card %s", a.Text, LuckyActions(g), top)
	}
	if g.Position(1) != g.Position(0) || !strings.HasPrefix(g.Position(0), "startpos moves e2e4 e7e5 draw "+top) {
		t.Errorf("position %q", g.Position(0))
	}
	if _, err := (Lucky{}).NewGame(Opening{Moves: []string{"e2e4", "draw"}}, rand.New(rand.NewPCG(1, 0))); err == nil {
		t.Error("a book draw accepted")
	}
	if _, err := (Lucky{Rules: lucky.Options{KingCapture: true}}).NewGame(Opening{}, rand.New(rand.NewPCG(1, 0))); err == nil {
		t.Error("inconsistent rules accepted")
	}
	// A chess FEN opening: the whole deck in the pile.
	g = newLuckyGame(t, 3, Opening{FEN: "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", Moves: []string{"f1b5"}})
	if !strings.HasPrefix(g.Position(0), "fen r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 pile=") {
		t.Errorf("position %q", g.Position(0))
	}
}

// TestLuckyMatchReplay plays Azar against Azar that never draws: every
// action valid, the PGN records the draws and their cards, each game
// replays from the seed to the same end, and a second run plays the same
// games.
func TestLuckyMatchReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("plays lucky games")
	}
	cfg, _ := config(2, azarEngine("search", 400), azarEngine("never", 400, Option{"LuckyDrawPolicy", "never"}))
	cfg.Variant, cfg.Seed, cfg.MaxMoves = Lucky{}, 5, 30
	draws := 0
	rep, pgn := replayedMatch(t, cfg, func(rec *GameRecord, _ Game) {
		for _, a := range rec.Actions {
			if a.Move == "draw" {
				draws++
				if rec.Engines[a.Seat] == 1 {
					t.Errorf("game %d: the engine that never draws drew", rec.Number)
				}
			}
		}
	})
	if draws == 0 {
		t.Error("no draw in two games")
	}
	if a, b := rep.Games[0], rep.Games[1]; tagValueOf(a.Tags, "LuckyDeck") != tagValueOf(b.Tags, "LuckyDeck") {
		t.Errorf("the two games of a pair start from different decks")
	}
	if tagValue(pgnGames(pgn)[0], "LuckyDeck") == "" || !strings.Contains(pgn, "draw {") {
		t.Errorf("PGN without the deck or the card events:\n%s", pgn)
	}
}
