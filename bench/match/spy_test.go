package match

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"azar/variants/chess"
	"azar/variants/spy"
)

// spySeed finds a seed whose deal gives the cards wanted (a test helper:
// deals are a pure function of the seed).
func spySeed(t *testing.T, want func(w, b spy.Card) bool) uint64 {
	for seed := uint64(0); seed < 10000; seed++ {
		if w, b := spy.Deal(rand.New(rand.NewPCG(seed, 0))); want(w, b) {
			return seed
		}
	}
	t.Fatal("no seed deals the cards wanted")
	return 0
}

func newSpyGame(t *testing.T, seed uint64, o Opening) *spyGame {
	t.Helper()
	return newGame[*spyGame](t, Spy{}, seed, o)
}

func TestSpyDealAndPositions(t *testing.T) {
	seed := spySeed(t, func(w, b spy.Card) bool { return w == spy.SpyPf && b == spy.SpyPc })
	g := newSpyGame(t, seed, Opening{})
	if got := g.Position(0); got != "startpos card w=spy:Pf" {
		t.Errorf("White told %q", got)
	}
	if got := g.Position(1); got != "startpos card b=spy:Pc" {
		t.Errorf("Black told %q", got)
	}
	for _, tok := range []string{"e2e4", "d7d5", "e4e5", "d5d4"} {
		mustPlay(t, g, g.ToMove(), tok)
	}
	// Refused actions leave the game as it was.
	before := g.st.EncodeFull()
	for _, bad := range []string{"reveal:spy:Pc", "reveal:spy:KN", "e7e5", "wild:KN", "xyz"} {
		if _, err := g.Play(0, bad); err == nil {
			t.Errorf("White's %s accepted", bad)
		}
	}
	if _, err := g.Play(1, "reveal"); err == nil {
		t.Errorf("Black acted on White's turn")
	}
	if g.st.EncodeFull() != before {
		t.Fatalf("a refused action changed the game")
	}
	// White's reveal: the f7 pawn turns white and checks.
	a := mustPlay(t, g, 0, "reveal")
	if a.Move != "reveal:spy:Pf" || a.Text != "reveal:spy:Pf+" || a.Number != 3 {
		t.Errorf("reveal recorded as %+v", a)
	}
	want := "startpos card b=spy:Pc moves e2e4 d7d5 e4e5 d5d4 reveal:spy:Pf"
	if got := g.Position(1); got != want {
		t.Errorf("Black told %q, want %q", got, want)
	}
	if got := g.Position(0); !strings.Contains(got, "card w=spy:Pf moves") || strings.Contains(got, "spy:Pc") {
		t.Errorf("White told %q", got)
	}
	mustPlay(t, g, 1, "e8f7")
	mustPlay(t, g, 0, "g1f3")
	if _, err := g.Play(0, "reveal"); err == nil {
		t.Errorf("White revealed twice")
	}
	if a := mustPlay(t, g, 1, "reveal"); a.Move != "reveal:spy:Pc" {
		t.Errorf("Black's reveal recorded as %+v", a)
	}
	tags := g.Tags()
	if !slices.Contains(tags, Tag{"WhiteCard", "spy:Pf"}) || !slices.Contains(tags, Tag{"BlackCard", "spy:Pc"}) {
		t.Errorf("tags %v", tags)
	}
}

func TestSpyWildcard(t *testing.T) {
	seed := spySeed(t, func(w, b spy.Card) bool { return w != spy.Wild && b == spy.Wild })
	g := newSpyGame(t, seed, Opening{Moves: []string{"e2e4", "e7e5"}})
	// Book moves first, then Black's choice, then White moves.
	mustPlay(t, g, g.ToMove(), "e2e4")
	mustPlay(t, g, g.ToMove(), "e7e5")
	if g.ToMove() != 1 {
		t.Fatalf("seat %d to act, want Black's wildcard choice", g.ToMove())
	}
	if got := g.Position(1); got != "startpos card b=wild moves e2e4 e7e5" {
		t.Errorf("Black told %q", got)
	}
	for _, bad := range []string{"g1f3", "wild", "spy:KN", "wild:Pa", "neutral"} {
		if _, err := g.Play(1, bad); err == nil {
			t.Errorf("choice %s accepted", bad)
		}
	}
	a := mustPlay(t, g, 1, "wild:KB")
	if !a.Secret || a.Move != "wild:KB" {
		t.Errorf("choice recorded as %+v", a)
	}
	if g.ToMove() != 0 || !strings.Contains(g.Position(1), "card b=wild:KB") {
		t.Errorf("after the choice: seat %d, Black told %q", g.ToMove(), g.Position(1))
	}
	if !slices.Contains(g.Tags(), Tag{"BlackCard", "wild:KB"}) {
		t.Errorf("tags %v", g.Tags())
	}
	// A chess FEN opening with cards is refused; one without is fine.
	if _, err := (Spy{}).NewGame(Opening{FEN: spy.StartFEN + " w=neutral"}, rand.New(rand.NewPCG(1, 0))); err == nil {
		t.Errorf("an opening with a card was accepted")
	}
	g = newSpyGame(t, 1, Opening{FEN: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"})
	if !strings.HasPrefix(g.Position(0), "fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 RBN/RBN --/-- e2:e4,e7:e5 card w=") {
		t.Errorf("FEN opening: White told %q", g.Position(0))
	}
}

func TestSpyEndings(t *testing.T) {
	// A back-rank mate from a chess FEN opening.
	g := newSpyGame(t, 3, Opening{FEN: "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1"})
	if a := mustPlay(t, g, 0, "a1a8"); a.Text != "Ra8#" {
		t.Errorf("mate recorded as %+v", a)
	}
	r, over := g.Result()
	if !over || r.End != EndCheckmate || r.PGN() != "1-0" || r.Text != "White mates" {
		t.Errorf("result %+v over %v", r, over)
	}
	if _, err := g.Play(1, "g8h8"); err == nil {
		t.Errorf("a move after the end was accepted")
	}
	// King capture: the king steps next to the rook, which takes it.
	g2, err := Spy{Rules: spy.Options{KingCapture: true}}.NewGame(Opening{FEN: "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1"}, rand.New(rand.NewPCG(1, 0)))
	if err != nil {
		t.Fatal(err)
	}
	mustPlay(t, g2, 0, "e1d1")
	mustPlay(t, g2, 1, "d2d1")
	if r, over := g2.Result(); !over || r.End != EndKingCaptured || r.PGN() != "0-1" {
		t.Errorf("king capture: %+v", r)
	}
	if !slices.Contains(g2.Tags(), Tag{"SpyRules", "king_capture"}) {
		t.Errorf("tags %v", g2.Tags())
	}
}

// TestSpyClaims: under draw_claims=fide the referee takes a claim from
// the player to move at a threefold repetition or the fifty-move rule and
// ends the game drawn with the rules' reason; a claim with nothing to
// claim, or under automatic draws, is refused and changes nothing.
func TestSpyClaims(t *testing.T) {
	fide := Spy{Rules: spy.Options{DrawClaims: spy.DrawFIDE}}
	g := newGame[*spyGame](t, fide, 5, Opening{})
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	for _, tok := range shuffle {
		mustPlay(t, g, g.ToMove(), tok)
	}
	before := g.st.EncodeFull()
	if _, err := g.Play(0, "claim"); err == nil || !strings.Contains(err.Error(), "no threefold repetition") {
		t.Errorf("claim at the second occurrence: %v", err)
	}
	if g.st.EncodeFull() != before || len(g.tokens) != 4 {
		t.Fatalf("a refused claim changed the game")
	}
	for _, tok := range shuffle {
		mustPlay(t, g, g.ToMove(), tok)
	}
	before = g.st.EncodeFull()
	if _, err := g.Play(1, "claim"); err == nil {
		t.Errorf("Black claimed on White's turn")
	}
	if g.st.EncodeFull() != before || len(g.tokens) != 8 {
		t.Fatalf("a refused claim changed the game")
	}
	if _, over := g.Result(); over {
		t.Fatal("over at a threefold under draw_claims=fide")
	}
	a := mustPlay(t, g, 0, "claim")
	if a.Move != "claim" || a.Text != "claim" || a.Number != 5 {
		t.Errorf("claim recorded as %+v", a)
	}
	r, over := g.Result()
	if !over || r.End != EndRepetition || r.PGN() != "1/2-1/2" || r.Text != "Draw by threefold repetition (claimed)" {
		t.Errorf("after the claim: %+v over %v", r, over)
	}
	if _, err := g.Play(1, "g8f6"); err == nil {
		t.Errorf("a move after the claim was accepted")
	}
	if !slices.Contains(g.Tags(), Tag{"SpyRules", "draw_claims=fide"}) {
		t.Errorf("tags %v", g.Tags())
	}

	// The fifty-move rule, claimed by Black.
	g = newGame[*spyGame](t, fide, 5, Opening{FEN: "4k3/8/8/8/8/8/8/R3K3 w - - 99 80"})
	mustPlay(t, g, 0, "a1a2")
	mustPlay(t, g, 1, "claim")
	if r, over := g.Result(); !over || r.End != EndFiftyMoves || r.Text != "Draw by fifty-move rule (claimed)" {
		t.Errorf("fifty-move claim: %+v over %v", r, over)
	}

	// Automatic draws: no claim, the threefold ends the game.
	g = newSpyGame(t, 5, Opening{})
	if _, err := g.Play(0, "claim"); err == nil {
		t.Errorf("claim under automatic draws accepted")
	}
	for range 2 {
		for _, tok := range shuffle {
			mustPlay(t, g, g.ToMove(), tok)
		}
	}
	if r, over := g.Result(); !over || r.End != EndRepetition || r.Text != "Draw by threefold repetition" {
		t.Errorf("automatic threefold: %+v over %v", r, over)
	}
}

// TestSpyMatchReplay plays Azar against itself in the spy variant with a
// fixed deal seed: every game is valid, the PGN records the cards and the
// reveals, each game replays from the seed to the same end, and a second
// run of the match plays the same games.
func TestSpyMatchReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("plays spy games")
	}
	worlds := Option{"SpyWorlds", "4"}
	cfg, _ := config(4, azarEngine("search", 800, worlds), azarEngine("asap", 800, worlds, Option{"SpyRevealPolicy", "asap"}))
	cfg.Variant, cfg.Seed, cfg.MaxMoves = Spy{}, 11, 40
	reveals := 0
	rep, pgn := replayedMatch(t, cfg, func(rec *GameRecord, g Game) {
		st, _ := SpyState(g)
		for c := chess.White; c <= chess.Black; c++ {
			if !slices.Contains(rec.Tags, Tag{Chess{}.Seats()[c].Name + "Card", st.Card(c).String()}) {
				t.Errorf("game %d: tags %v, card %s", rec.Number, rec.Tags, st.Card(c))
			}
		}
		for _, a := range rec.Actions {
			if strings.HasPrefix(a.Move, "reveal:") {
				reveals++
			}
		}
	})
	// The two games of a pair have the same deal, engines swapped.
	pairs := map[int][]*GameRecord{}
	for _, rec := range rep.Games {
		pairs[rec.Pair] = append(pairs[rec.Pair], rec)
	}
	for p, recs := range pairs {
		if len(recs) != 2 || !slices.Equal(recs[0].Tags, recs[1].Tags) || recs[0].Engines[0] == recs[1].Engines[0] {
			t.Errorf("pair %d: %d games, tags %v", p, len(recs), recs[0].Tags)
		}
	}
	if reveals == 0 {
		t.Errorf("no reveal in 4 games with an asap engine")
	}
	if tagValue(pgnGames(pgn)[0], "WhiteCard") == "" || !strings.Contains(pgn, "reveal:") {
		t.Errorf("PGN without the cards or the reveals:\n%s", pgn)
	}
}
