package main

import (
	"slices"
	"strings"
	"testing"

	"azar/app/engine"
	"azar/app/games"
	"azar/app/store"
)

// storedLuckyGame plays a lucky game on one device into a store in dir:
// three moves, a draw (whose card the referee deals), then White
// resigns. It returns the game's id.
func storedLuckyGame(t *testing.T, dir string) string {
	t.Helper()
	st, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	pool := engine.NewPool(1, engine.Config{HashMB: 1})
	m, err := games.New(games.Config{Store: st, Engine: pool, NewSeed: func() uint64 { return 9 }})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { m.Close(); pool.Close(); st.Close() }()
	v, err := m.Create(games.Options{Variant: games.VariantLucky, Mode: games.ModeLocal})
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range []string{"e2e4", "e7e5", "draw"} {
		if v, err = m.Move(v.ID, tok); err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
	}
	if !slices.ContainsFunc(v.Moves, func(mv games.MoveView) bool { return mv.UCI == "draw" }) {
		t.Fatalf("no draw in %v", v.Moves)
	}
	if _, err := m.Resign(v.ID); err != nil {
		t.Fatal(err)
	}
	return v.ID
}

// TestAnalyseStoredLuckyGame: `azar analyze -data DIR -id ID` analyses a
// finished card game of the app's store: the two moves and the draw are
// decisions, the card the draw gave is a chance ply and the card that
// mattered most; -json carries the same. A game in progress, a missing
// id and a PGN given with -data are refused.
func TestAnalyseStoredLuckyGame(t *testing.T) {
	dir := t.TempDir()
	id := storedLuckyGame(t, dir)
	code, out, errs := azar(t, "", "analyze", "-data", dir, "-id", id, "-nodes", "3000")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	t.Log(out)
	for _, want := range []string{"lucky  ", "chance", "White, 2 decisions: accuracy", "Black, 1 decisions: accuracy", "The cards that mattered most", "ply 4, w:"} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s", want, out)
		}
	}
	code, out, errs = azar(t, "", "analyze", "-data", dir, "-id", id, "-nodes", "3000", "-json")
	if code != 0 || !strings.Contains(out, `"kind": "chance"`) || !strings.Contains(out, `"variant": "lucky"`) || !strings.Contains(out, `"swings"`) {
		t.Errorf("-json: exit %d, %s\n%s", code, errs, out)
	}
	for _, args := range [][]string{
		{"analyze", "-data", dir, "-id", "0123456789abcdef0123456789abcdef"},
		{"analyze", "-data", dir},
		{"analyze", "-data", dir, "-id", id, "game.pgn"},
	} {
		if code, _, errs := azar(t, "", args...); code == 0 || errs == "" {
			t.Errorf("%q: exit %d, stderr %q: want a refusal", args, code, errs)
		}
	}
}

// TestAnalyseStoredC4Game: `azar analyze -data DIR -id ID` of a finished
// four-player game: Red's elephant takes Green's raja, the last one but
// Red's, and the table gives each seat's expected points (Red 100 at the
// end), the move, and the seats' accuracy; -json carries the points.
func TestAnalyseStoredC4Game(t *testing.T) {
	dir := t.TempDir()
	st, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	pool := engine.NewPool(1, engine.Config{HashMB: 1})
	m, err := games.New(games.Config{Store: st, Engine: pool})
	if err != nil {
		t.Fatal(err)
	}
	v, err := m.Create(games.Options{Variant: games.VariantChaturanga4, Mode: games.ModeLocal,
		FEN: "8/8/8/8/7rK/8/8/rE2gK4 r rg-- -/-/-/- 0 1"})
	if err == nil {
		v, err = m.Move(v.ID, "a1d1")
	}
	m.Close()
	pool.Close()
	st.Close()
	if err != nil || v.Status == "playing" {
		t.Fatalf("the game: %q %v", v.Status, err)
	}
	code, out, errs := azar(t, "", "analyze", "-data", dir, "-id", v.ID, "-nodes", "3000")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	t.Log(out)
	for _, want := range []string{"chaturanga4  1-0-0-0", "(start)", "   1  r     ", " 100.0    0.0    0.0    0.0", "Red    accuracy", "Green  accuracy      —  0 moves"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	code, out, errs = azar(t, "", "analyze", "-data", dir, "-id", v.ID, "-nodes", "3000", "-json")
	if code != 0 || !strings.Contains(out, `"points": [`) || !strings.Contains(out, `"variant": "chaturanga4"`) {
		t.Fatalf("-json: exit %d %s\n%s", code, errs, out)
	}
}
