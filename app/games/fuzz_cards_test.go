package games

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzCardGame rebuilds card games from any options, secret and action
// list, as a stored game is read back: a refusal is an error, never a
// panic, and a game that is rebuilt gives a view and a PGN.
func FuzzCardGame(f *testing.F) {
	f.Add("lucky", "mandatory_card", "on", "", "e2e4 e7e5 draw", uint64(7))
	f.Add("lucky", "edition", "first", `{"seed":7,"pile":["skip"],"actions":0}`, "e2e4 g8f6 draw", uint64(0))
	f.Add("lucky", "king_capture", "on", "", "", uint64(1))
	f.Add("lucky", "temporal_cards", "super:Q,leadking", `{"seed":1`, "draw", uint64(3))
	f.Add("spy", "draw_claims", "fide", `{"dealt":["spy:Pe","wild"],"chosen":["","wild:KN"]}`, "e2e4 d7d5 reveal:spy:Pe", uint64(0))
	f.Add("spy", "king_capture", "true", "", "e2e4 e7e5 e4e5 0000", uint64(11))
	f.Add("spy", "x", "y", `{"dealt":["neutral","neutral"]}`, "claim", uint64(0))
	f.Add("magic", "mode", "advanced", "", "e2e4 pass e7e5 pass AM34:e6 pass", uint64(3))
	f.Add("magic", "hand_size", "3", `{"seed":5,"white":"AM01","black":"AM02"}`, "e2e4", uint64(0))
	f.Add("magic", "draw_claims", "fide", `{"seed":9`, "AM13:b1,d4 0000 claim", uint64(9))
	f.Add("magic", "mode", "classic", "", "f2f3 pass e7e5 pass g2g4 pass d8h4 AM34:g3 pass", uint64(12))
	f.Fuzz(func(t *testing.T, variant, key, value, secret, tokens string, seed uint64) {
		o := Options{Variant: variant, Rules: map[string]string{key: value}}
		toks := strings.Fields(tokens)
		if len(toks) > 40 {
			toks = toks[:40]
		}
		e, ok := entryFor(variant).(*cardEntry)
		if !ok {
			return
		}
		cg, err := e.newGame(o, secret, toks, seed)
		if err != nil {
			return
		}
		g := &Game{gameState: gameState{id: "0123456789abcdef0123456789abcdef", opts: o, play: cards{cg}, moves: cg.tokens(),
			secret: cg.secret()}}
		v := g.view()
		if len(v.Moves) != len(cg.tokens()) {
			t.Fatalf("%d moves in the view, %d tokens", len(v.Moves), len(cg.tokens()))
		}
		_ = g.pgn()
		// The secret written is read back to the same game.
		again, err := e.newGame(o, cg.secret(), cg.tokens(), 0)
		if err != nil {
			t.Fatalf("the game's own secret %s refused: %v", cg.secret(), err)
		}
		if strings.Join(again.tokens(), " ") != strings.Join(cg.tokens(), " ") {
			t.Fatalf("replayed %v, want %v", again.tokens(), cg.tokens())
		}
	})
}

// FuzzC4Game rebuilds four-player games from any stored options (JSON)
// and moves, as a stored game is read back: a refusal is an error, never
// a panic; a game rebuilt gives a view and a record, and its own moves
// (the referee's passes included) replay it exactly.
func FuzzC4Game(f *testing.F) {
	f.Add(`{"variant":"chaturanga4","seats":[{"player":"you"},{"player":"engine","level":1},{"player":"person"},{"player":"engine","level":6}]}`, "g2f2 b2b3 b5c5 e7e6")
	f.Add(`{"variant":"chaturanga4","seats":[{"player":"you"},{"player":"person"},{"player":"person"},{"player":"person"}],"fen":"4bK3/8/rP7/yK7/7rK/8/1rPgP5/1gN6 r r-yb EN/-/-/- 0 1"}`, "b2a2n a5a4 e8e7 a6a6e")
	f.Add(`{"variant":"chaturanga4","seats":[{},{},{},{}],"fen":"gKgP6/gPgP6/8/yK7/7rK/8/8/4bK3 g rgyb -/-/-/- 0 1","rules":{"extended_insufficient":"on"}}`, "0000 a5a4")
	f.Add(`{"variant":"chaturanga4","seats":[{"player":"you"}],"rules":{"x":"y"}}`, "0000")
	f.Fuzz(func(t *testing.T, opts, moves string) {
		var o Options
		if json.Unmarshal([]byte(opts), &o) != nil {
			return
		}
		toks := strings.Fields(moves)
		if len(toks) > 60 {
			toks = toks[:60]
		}
		c4, err := newC4Game(o, toks)
		if err != nil {
			return
		}
		g := &Game{gameState: gameState{id: "0123456789abcdef0123456789abcdef", opts: o, play: c4, moves: c4.toks}}
		v := g.view()
		if len(v.Moves) != len(c4.toks) || v.C4 == nil || len(v.C4.Seats) != 4 {
			t.Fatalf("the view %+v of %v", v, c4.toks)
		}
		_ = g.pgn()
		again, err := newC4Game(o, c4.toks)
		if err != nil || strings.Join(again.toks, " ") != strings.Join(c4.toks, " ") || again.pos().C4N() != c4.pos().C4N() {
			t.Fatalf("the game's own moves %v do not replay it: %v", c4.toks, err)
		}
	})
}
