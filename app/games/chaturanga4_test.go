package games

import (
	"slices"
	"strings"
	"testing"
)

// people are four persons on one device (every seat moved by the test).
var people = []SeatChoice{{Player: PlayerYou}, {Player: PlayerPerson}, {Player: PlayerPerson}, {Player: PlayerPerson}}

func c4Create(t *testing.T, f *fixture, seats []SeatChoice, fen string) View {
	t.Helper()
	v, err := f.m.Create(Options{Variant: VariantChaturanga4, Seats: seats, FEN: fen})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func mustMove(t *testing.T, m *Manager, id, tok string) View {
	t.Helper()
	v, err := m.Move(id, tok)
	if err != nil {
		t.Fatalf("move %s: %v", tok, err)
	}
	return v
}

// TestC4HumanAndEngineSeats: Red is the player and Green, Yellow and
// Black are engines; Red's move is checked by the rules, an illegal one
// is refused with the game unchanged, and the three engines answer in
// turn order before it is Red's turn again.
func TestC4HumanAndEngineSeats(t *testing.T) {
	f := newFixture(t, "")
	engines := []SeatChoice{{Player: PlayerYou}, {Player: PlayerEngine, Level: 1}, {Player: PlayerEngine, Level: 2}, {Player: PlayerEngine}}
	v := c4Create(t, f, engines, "")
	if v.Variant != VariantChaturanga4 || v.Turn != "r" || v.Human != "r" || v.Mode != ModeEngine || v.Status != "playing" {
		t.Fatalf("first view %+v", v)
	}
	if v.Pieces["h4"] != "rK" || v.Pieces["d1"] != "gK" || v.Pieces["a5"] != "yK" || v.Pieces["e8"] != "bK" || len(v.Pieces) != 32 {
		t.Fatalf("start pieces %v", v.Pieces)
	}
	// Red's nine moves: the pawns to f1-f4, the knight to f1 and f3, the
	// boat to f3, the raja to g5 and h5; the elephant is boxed in.
	if len(v.Legal) != 9 || !slices.Contains(v.Legal, "g2f2") || !slices.Contains(v.Legal, "h2f3") {
		t.Fatalf("red's legal moves %v", v.Legal)
	}
	if v.C4 == nil || v.C4.Seats[3].Level != DefaultLevel || v.C4.Seats[1].Player != PlayerEngine || !v.C4.Seats[2].In {
		t.Fatalf("seats %+v", v.C4)
	}
	if _, err := f.m.Move(v.ID, "g2e2"); kind(err) != Invalid {
		t.Fatalf("a two-square pawn step: %v", err)
	}
	if _, err := f.m.Move(v.ID, "e7e6"); kind(err) != Invalid {
		t.Fatalf("black's move on red's turn: %v", err)
	}
	if same, _ := f.m.Get(v.ID); len(same.Moves) != 0 || same.FEN != v.FEN || same.Version != v.Version {
		t.Fatalf("a refused move changed the game: %+v", same)
	}
	mustMove(t, f.m, v.ID, "g2f2")
	v = waitView(t, f.m, v.ID, func(v View) bool { return !v.Thinking && v.Turn == "r" })
	if len(v.Moves) != 4 {
		t.Fatalf("moves after one round %+v", v.Moves)
	}
	for i, s := range []string{"r", "g", "y", "b"} {
		if v.Moves[i].Side != s {
			t.Fatalf("move %d by %s, want %s: %+v", i, v.Moves[i].Side, s, v.Moves)
		}
	}
	if v.Moves[0].SAN != "g2-f2" || v.Pieces["f2"] != "rP" {
		t.Fatalf("red's move %+v, f2 %q", v.Moves[0], v.Pieces["f2"])
	}
	// No undo, resignation or draw offer among four seats; a move while
	// an engine thinks is refused.
	if _, err := f.m.Undo(v.ID); kind(err) != Conflict {
		t.Errorf("undo: %v", err)
	}
	if _, err := f.m.Resign(v.ID); kind(err) != Conflict {
		t.Errorf("resign: %v", err)
	}
	if _, err := f.m.OfferDraw(v.ID); kind(err) != Conflict {
		t.Errorf("offer a draw: %v", err)
	}
	if _, err := f.m.Analyze(v.ID); kind(err) != Conflict {
		t.Errorf("analyse a game going on: %v", err)
	}
	h, err := f.m.Hint(v.ID)
	if err != nil || !slices.Contains(v.Legal, h.Move) || h.SAN == "" {
		t.Fatalf("hint %+v: %v", h, err)
	}
	mustMove(t, f.m, v.ID, "g3f3")
	if _, err := f.m.Move(v.ID, "g4f4"); kind(err) != Conflict && err != nil {
		t.Errorf("a move on an engine's turn: %v", err)
	}
}

// TestC4EliminationFreezes: Red's elephant takes Green's raja; Green is
// out, its knight stays frozen on b1, and the turn skips it for ever.
func TestC4EliminationFreezes(t *testing.T) {
	f := newFixture(t, "")
	v := c4Create(t, f, people, "4bK3/8/8/yK7/7rK/3rE4/8/1gN1gK4 r rgyb -/-/-/- 0 1")
	v = mustMove(t, f.m, v.ID, "d3d1")
	if v.C4.Seats[1].In || !v.C4.Seats[0].In || v.Turn != "y" || v.Moves[0].SAN != "Ed3xd1" {
		t.Fatalf("after the raja's capture: turn %s, seats %+v, moves %+v", v.Turn, v.C4.Seats, v.Moves)
	}
	if !slices.Equal(v.C4.Frozen, []string{"b1"}) || v.Pieces["b1"] != "gN" {
		t.Fatalf("frozen %v, b1 %q", v.C4.Frozen, v.Pieces["b1"])
	}
	if slices.ContainsFunc(v.Legal, func(m string) bool { return strings.HasPrefix(m, "b1") }) {
		t.Fatalf("yellow may move green's knight: %v", v.Legal)
	}
	v = mustMove(t, f.m, v.ID, "a5a4")
	v = mustMove(t, f.m, v.ID, "e8e7")
	if v.Turn != "r" {
		t.Fatalf("after black, %s to move", v.Turn)
	}
	v = mustMove(t, f.m, v.ID, "d1b1") // the frozen knight can be taken
	if v.Pieces["b1"] != "rE" || v.C4.Seats[1].Pool["N"] != 1 || len(v.C4.Frozen) != 0 || v.Turn != "y" {
		t.Fatalf("taking the frozen knight: %+v %+v", v.Pieces, v.C4)
	}
}

// TestC4PromotionFromThePool: a pawn reaching its line takes a piece of
// the pool's (one legal move per type in it); a waiting pawn may convert
// on a later turn; with an empty pool a pawn waits.
func TestC4PromotionFromThePool(t *testing.T) {
	f := newFixture(t, "")
	v := c4Create(t, f, people, "4bK3/8/rP7/yK7/7rK/8/1rP6/3gK4 r rgyb EN/-/-/- 0 1")
	for _, m := range []string{"b2a2e", "b2a2n", "a6a6e", "a6a6n"} {
		if !slices.Contains(v.Legal, m) {
			t.Fatalf("%s not legal: %v", m, v.Legal)
		}
	}
	if slices.Contains(v.Legal, "b2a2") || slices.Contains(v.Legal, "b2a2b") {
		t.Fatalf("a promotion without a piece, or to a piece not in the pool: %v", v.Legal)
	}
	if !slices.Equal(v.C4.Waiting, []string{"a6"}) {
		t.Fatalf("waiting pawns %v", v.C4.Waiting)
	}
	v = mustMove(t, f.m, v.ID, "b2a2n")
	if v.Pieces["a2"] != "rN" || v.C4.Seats[0].Pool["N"] != 0 || v.C4.Seats[0].Pool["E"] != 1 || v.Moves[0].SAN != "b2-a2=N" {
		t.Fatalf("after the promotion: a2 %q, pool %v, %+v", v.Pieces["a2"], v.C4.Seats[0].Pool, v.Moves[0])
	}
	for _, m := range []string{"d1d2", "a5a4", "e8e7"} {
		v = mustMove(t, f.m, v.ID, m)
	}
	if !slices.Contains(v.Legal, "a6a6e") || slices.Contains(v.Legal, "a6a6n") {
		t.Fatalf("the conversion with the elephant left: %v", v.Legal)
	}
	v = mustMove(t, f.m, v.ID, "a6a6e")
	if v.Pieces["a6"] != "rE" || v.C4.Seats[0].Pool["E"] != 0 || len(v.C4.Waiting) != 0 || v.Moves[4].SAN != "a6=E" {
		t.Fatalf("after the conversion: %q %v %+v", v.Pieces["a6"], v.C4.Seats[0].Pool, v.Moves[4])
	}
}

// TestC4PassAndRanking: a seat with no move is passed by the referee;
// the third raja's fall ends the game with the ranking.
func TestC4PassAndRanking(t *testing.T) {
	f := newFixture(t, "")
	// Green is boxed in on a8 (its raja, pawns on a7 and b7, a waiting
	// pawn on b8, an empty pool): the referee passes for it at once.
	v := c4Create(t, f, people, "gKgP6/gPgP6/8/yK7/7rK/8/8/4bK3 g rgyb -/-/-/- 0 1")
	if len(v.Moves) != 1 || v.Moves[0].UCI != "0000" || v.Moves[0].Side != "g" || v.Turn != "y" {
		t.Fatalf("green's pass: turn %s, moves %+v", v.Turn, v.Moves)
	}
	// Both seats left are boxed in: they pass until the position has
	// come back three times, a draw.
	v = c4Create(t, f, people, "gKgP6/gPgP6/8/8/8/8/rPrP6/rKrP6 r rg-- -/-/-/- 0 1")
	if v.Status != ReasonRepetition || v.Result != "1/2-1/2-0-0" || len(v.Moves) == 0 || v.Moves[0].UCI != "0000" {
		t.Fatalf("two boxed seats: %s %s %+v", v.Status, v.Result, v.Moves)
	}
	// Green and Yellow are out (Green fell first); Red takes Black's raja.
	v = c4Create(t, f, people, "4bK3/8/8/8/7rK/4rE3/8/8 r r--b -/-/-/- 0 1")
	v = mustMove(t, f.m, v.ID, "e3e8")
	if v.Status != ReasonLastRaja || v.Result != "1-0-0-0" || v.C4.Winner != "r" || len(v.Legal) != 0 {
		t.Fatalf("the end: %s %s %+v", v.Status, v.Result, v.C4)
	}
	places := []int{}
	for _, s := range v.C4.Seats {
		places = append(places, s.Place)
	}
	if !slices.Equal(places, []int{1, 4, 3, 2}) {
		t.Fatalf("places %v", places)
	}
	if _, err := f.m.Move(v.ID, "h4h5"); kind(err) != Conflict {
		t.Fatalf("a move after the end: %v", err)
	}
	pgn := f.mustPGN(t, v.ID)
	for _, want := range []string{`[Variant "chaturanga4"]`, `[Ranking "r1 g4 y3 b2"]`, `[Result "1-0-0-0"]`, `[Termination "last raja standing"]`, "1. e3e8 1-0-0-0"} {
		if !strings.Contains(pgn, want) {
			t.Errorf("the record lacks %s:\n%s", want, pgn)
		}
	}
}

// TestC4Refusals: the new game's seats, levels and start are checked.
func TestC4Refusals(t *testing.T) {
	f := newFixture(t, "")
	for _, o := range []Options{
		{Variant: VariantChaturanga4, Seats: people[:3]},
		{Variant: VariantChaturanga4, Seats: []SeatChoice{{Player: PlayerYou}, {Player: PlayerYou}, {Player: PlayerPerson}, {Player: PlayerPerson}}},
		{Variant: VariantChaturanga4, Seats: []SeatChoice{{Player: PlayerYou}, {Player: PlayerEngine, Level: 7}, {Player: PlayerPerson}, {Player: PlayerPerson}}},
		{Variant: VariantChaturanga4, Seats: []SeatChoice{{Player: "robot"}, {Player: PlayerPerson}, {Player: PlayerPerson}, {Player: PlayerPerson}}},
		{Variant: VariantChaturanga4, Seats: people, FEN: "not a position"},
		{Variant: VariantChaturanga4, Seats: people, FEN: "8/8/8/8/7rK/8/8/8 r r--- -/-/-/- 0 1"},
		{Variant: VariantChaturanga4, Seats: people, Rules: map[string]string{"teams": "on"}},
		{Variant: VariantChess, Seats: people},
	} {
		if _, err := f.m.Create(o); kind(err) != Invalid {
			t.Errorf("%+v: %v", o, err)
		}
	}
	v := c4Create(t, f, nil, "") // the default: you as Red, three engines
	if v.Human != "r" || v.C4.Seats[1].Player != PlayerEngine || v.C4.Seats[3].Level != DefaultLevel {
		t.Fatalf("default seats %+v", v.C4.Seats)
	}
}

// TestC4ResumeAfterRestart: the moves are stored; a restarted server
// replays the game exactly and the engine seats think again.
func TestC4ResumeAfterRestart(t *testing.T) {
	dir := t.TempDir()
	f := newFixture(t, dir)
	seats := []SeatChoice{{Player: PlayerYou}, {Player: PlayerEngine, Level: 1}, {Player: PlayerPerson}, {Player: PlayerEngine, Level: 1}}
	v := c4Create(t, f, seats, "")
	v = mustMove(t, f.m, v.ID, "g1f1")
	v = waitView(t, f.m, v.ID, func(v View) bool { return !v.Thinking && v.Turn == "y" })
	v = mustMove(t, f.m, v.ID, v.Legal[0])
	id, before := v.ID, v
	f.close()

	g := newFixture(t, dir)
	v = waitView(t, g.m, id, func(v View) bool { return !v.Thinking && v.Turn == "r" })
	if len(v.Moves) != 4 || v.Moves[2] != before.Moves[2] || v.Moves[0].UCI != "g1f1" || v.C4.Seats[3].Level != 1 {
		t.Fatalf("resumed %+v, before %+v", v.Moves, before.Moves)
	}
	if !slices.Contains(v.Legal, "g2f2") {
		t.Fatalf("red's moves after the resume %v", v.Legal)
	}
}
