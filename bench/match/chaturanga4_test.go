package match

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"azar/variants/chaturanga4"
)

// The chaturanga4 referee: the game on its own (moves, raja captures,
// forfeits, the ranking), built-in players, and matches of built-in
// players and of test-engine processes.

// c4 positions of the tests.
const (
	// c4RajaEnPrise: Red's elephant on d4 can take Black's raja on d8 or
	// Green's elephant on a4.
	c4RajaEnPrise = "3bK3yK/8/8/8/gE2rE4/8/8/gK6rK r rgyb -/-/-/- 0 1"
	// c4ElephantOrPawn: the same with a Black pawn on d8 (the raja on
	// g8): the elephant on a4 is the better catch.
	c4ElephantOrPawn = "3bP2bKyK/8/8/8/gE2rE4/8/8/gK6rK r rgyb -/-/-/- 0 1"
	// c4ThreeLeft: Black is out (its boat on e5 frozen); Red has a raja
	// and a boat, Green a bare raja, Yellow a raja and an elephant.
	c4ThreeLeft = "yK7/8/yE7/4bB3/8/8/8/gK5rBrK y rgy- -/-/-/- 7 12"
)

func c4Builtin(name, kind string) EngineConfig { return EngineConfig{Name: name, Builtin: kind} }

// c4Config is a chaturanga4 match of four engines with PGN and traffic
// collected.
func c4Config(games int, engines ...EngineConfig) (Config, *bytes.Buffer, *strings.Builder) {
	cfg, pgn := config(games, engines[0], engines[1])
	cfg.Variant = Chaturanga4{}
	cfg.Engines = engines
	var debug strings.Builder
	cfg.Debug = &lockedBuilder{b: &debug}
	return cfg, pgn, &debug
}

func newC4(t *testing.T, c4n string) *c4Game {
	t.Helper()
	return newGame[*c4Game](t, Chaturanga4{}, 0, Opening{FEN: c4n})
}

func TestChaturanga4Moves(t *testing.T) {
	g := newC4(t, "")
	if g.Position(0) != "startpos" || g.ToMove() != 0 || len(g.Tags()) != 1 || g.Tags()[0] != (Tag{"FEN", chaturanga4.StartC4N}) {
		t.Fatalf("start: %q to move %d tags %v", g.Position(0), g.ToMove(), g.Tags())
	}
	for _, c := range []struct {
		seat int
		tok  string
		want string
	}{
		{1, "a2a3", "it is not Green's turn"},
		{0, "g2g3", "move g2g3 is illegal for Red in " + chaturanga4.StartC4N},
		{0, "0000", "0000: Red has a move, so it may not pass"},
		{0, "zz", `move "zz": want from and to squares`},
		{7, "g2f2", "no seat 7"},
	} {
		if _, err := g.Play(c.seat, c.tok); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%d %s: %v, want %q", c.seat, c.tok, err, c.want)
		}
	}
	if g.Position(0) != "startpos" || g.ToMove() != 0 {
		t.Fatalf("a refused move changed the game: %q", g.Position(0))
	}
	for i, tok := range []string{"g2f2", "a2a3", "b5c5", "e7e6", "h2f3"} {
		a := mustPlay(t, g, i%4, tok)
		if want := (Action{Seat: i % 4, Number: 1 + i/4, Move: tok, Text: "rgyb"[i%4:i%4+1] + ":" + tok}); a != want {
			t.Errorf("%s: %+v, want %+v", tok, a, want)
		}
	}
	if want := "startpos moves g2f2 a2a3 b5c5 e7e6 h2f3"; g.Position(2) != want || g.ToMove() != 1 {
		t.Errorf("position %q, to move %d", g.Position(2), g.ToMove())
	}
	if _, over := g.Result(); over {
		t.Error("over after five moves")
	}
}

// A raja's capture puts its seat out, in the action's text, and the
// ranking follows the order the seats went out.
func TestChaturanga4RajaTaken(t *testing.T) {
	g := newC4(t, c4RajaEnPrise)
	if g.Position(0) != "fen "+c4RajaEnPrise || !slices.Contains(g.Tags(), Tag{"SetUp", "1"}) {
		t.Fatalf("position %q tags %v", g.Position(0), g.Tags())
	}
	a := mustPlay(t, g, 0, "d4d8")
	if a.Text != "r:d4d8 {Black's raja is taken}" || g.ToMove() != 1 {
		t.Errorf("%+v, then %d to move", a, g.ToMove())
	}
	mustPlay(t, g, 1, "a1b1")
	g.Forfeit(2, EndCrash, "Yellow's engine crashed")
	if _, over := g.Result(); over || g.ToMove() != 0 {
		t.Fatalf("Yellow's forfeit: to move %d", g.ToMove())
	}
	g.Forfeit(1, EndTime, "Green loses on time")
	r, over := g.Result()
	want := Result{Points: []float64{1, 0, 0, 0}, Places: []int{1, 2, 3, 4}, End: EndTime, Text: "Green loses on time; Red is the last raja standing"}
	if !over || !slices.Equal(r.Points, want.Points) || !slices.Equal(r.Places, want.Places) || r.End != want.End || r.Text != want.Text {
		t.Errorf("%+v, want %+v", r, want)
	}
	tags := g.Tags()
	if !slices.Contains(tags, Tag{"Places", "r=1 g=2 y=3 b=4"}) || !slices.Contains(tags, Tag{"Scores", "r=1 g=0 y=0 b=0"}) {
		t.Errorf("tags %v", tags)
	}
	if _, err := g.Play(0, "h1h2"); err == nil {
		t.Error("a move after the end")
	}
}

// A forfeiting seat's raja leaves the board, its army stays frozen, the
// turn and the round move on, the halfmove counter restarts, and the
// engines are sent the C4N after the forfeit.
func TestChaturanga4Forfeit(t *testing.T) {
	g := newC4(t, "")
	for i, tok := range []string{"g2f2", "a2a3", "b5c5"} {
		mustPlay(t, g, i, tok)
	}
	before := g.pos.C4N()
	g.Forfeit(3, EndIllegal, "Black makes an illegal move: a1a1")
	after := strings.Fields(g.pos.C4N())
	if want := strings.Replace(strings.Fields(before)[0], "bK", "1", 1); after[0] != strings.Replace(want, "21", "3", 1) {
		t.Errorf("placement %s, from %s", after[0], before)
	}
	if after[1] != "r" || after[2] != "rgy-" || after[4] != "0" || after[5] != "2" || g.ToMove() != 0 {
		t.Errorf("after Black's forfeit: %v", after)
	}
	if g.Position(0) != "fen "+g.pos.C4N() {
		t.Errorf("position %q", g.Position(0))
	}
	if g.pos.Pieces(chaturanga4.Black, chaturanga4.Pawn).Count() != 4 || g.pos.Pieces(chaturanga4.Black, chaturanga4.King) != 0 {
		t.Error("Black's army is not on the board, frozen")
	}
	a := mustPlay(t, g, 0, "g3f3")
	if a.Number != 2 || g.Position(1) != "fen "+strings.Join(after, " ")+" moves g3f3" {
		t.Errorf("%+v; position %q", a, g.Position(1))
	}
	// Green forfeits out of turn (a resignation): Green is skipped.
	g.Forfeit(1, EndResign, "Green resigns (adjudication)")
	if g.ToMove() != 2 || !strings.Contains(g.Position(2), " r-y- ") {
		t.Errorf("to move %d, position %q", g.ToMove(), g.Position(2))
	}
	mustPlay(t, g, 2, "b6c6")
	if g.ToMove() != 0 {
		t.Errorf("after Yellow: %d to move", g.ToMove())
	}
	// An adjudicated draw: the two seats in share it and first place.
	g.Adjudicate(draw(4, EndMoveLimit, "Draw by move limit (9 moves)"))
	r, over := g.Result()
	if !over || !slices.Equal(r.Points, []float64{0.5, 0, 0.5, 0}) || !slices.Equal(r.Places, []int{1, 3, 1, 4}) || r.End != EndMoveLimit {
		t.Errorf("%+v", r)
	}
	// A forfeit of a seat out, or after the end, changes nothing.
	g.Forfeit(3, EndCrash, "again")
	g.Forfeit(0, EndCrash, "late")
	if r2, _ := g.Result(); r2.Text != r.Text {
		t.Errorf("%+v", r2)
	}
}

// A forfeit that leaves two seats with insufficient material ends the
// game drawn at once; -rules extended_insufficient adds boat v knight.
func TestChaturanga4ForfeitDraws(t *testing.T) {
	g := newC4(t, c4ThreeLeft)
	g.Forfeit(2, EndCrash, "Yellow's engine crashed")
	r, over := g.Result()
	if !over || r.End != EndInsufficient || !slices.Equal(r.Points, []float64{0.5, 0.5, 0, 0}) || !slices.Equal(r.Places, []int{1, 1, 3, 4}) {
		t.Errorf("%+v", r)
	}
	// Red's boat against Green's knight: only the extended list draws.
	boatKnight := "yK7/8/yE7/4bB3/8/8/8/gKgN4rBrK y rgy- -/-/-/- 7 12"
	for _, ext := range []bool{false, true} {
		g := newGame[*c4Game](t, Chaturanga4{Rules: chaturanga4.Options{ExtendedInsufficient: ext}}, 0, Opening{FEN: boatKnight})
		g.Forfeit(2, EndCrash, "Yellow's engine crashed")
		if _, over := g.Result(); over != ext || slices.Contains(g.Tags(), Tag{"C4Rules", "extended_insufficient"}) != ext {
			t.Errorf("extended %v: over %v, tags %v", ext, over, g.Tags())
		}
	}
}

// The greedy player takes a raja before anything, then the most valuable
// piece; the random one plays every legal move.
func TestChaturanga4Builtins(t *testing.T) {
	greedy, err := newBuiltin(Chaturanga4{}, BuiltinGreedy)
	if err != nil {
		t.Fatal(err)
	}
	for c4n, want := range map[string]string{c4RajaEnPrise: "d4d8", c4ElephantOrPawn: "d4a4"} {
		for seed := range 5 {
			greedy.seed(uint64(seed), 0, 0)
			r, err := greedy.Go(context.Background(), "fen "+c4n, "", time.Second)
			if err != nil || r.Move != want {
				t.Errorf("greedy on %s: %q %v, want %s", c4n, r.Move, err, want)
			}
		}
	}
	random, _ := newBuiltin(Chaturanga4{}, BuiltinRandom)
	seen := map[string]bool{}
	for seed := range 200 {
		random.seed(uint64(seed), 0, 0)
		r, err := random.Go(context.Background(), "startpos moves g2f2", "", time.Second)
		if err != nil {
			t.Fatal(err)
		}
		seen[r.Move] = true
	}
	if len(seen) != 9 { // every army has nine moves at the start
		t.Errorf("random Green plays %d distinct first moves, want 9: %v", len(seen), seen)
	}
	for _, bad := range []string{"", "startpos moves g2g3", "fen 8/8 r rgyb", "moves g2f2", "startpos g2f2"} {
		if _, err := random.Go(context.Background(), bad, "", time.Second); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	for _, c := range []struct {
		v    Variant
		kind string
		want string
	}{
		{Spy{}, "random", "builtin=random: the variant spy has no built-in players (chess, chaturanga4 and magic have)"},
		{Chaturanga4{}, "smart", "builtin=smart: unknown built-in player (known: random, greedy, never, mcts)"},
	} {
		if _, err := newBuiltin(c.v, c.kind); err == nil || err.Error() != c.want {
			t.Errorf("%s %s: %v", c.v.Name(), c.kind, err)
		}
	}
}

// checkC4Games checks what every finished chaturanga4 game owes: it
// replays from the record to the same result, the scores add up to 1,
// the places are the rules' ranking of the scores, and no seat acts after
// it went out.
func checkC4Games(t *testing.T, cfg Config, rep *Report) {
	t.Helper()
	for _, rec := range rep.Games {
		r := rec.Result
		g, err := Replay(cfg.Variant, cfg.Seed, rec)
		if err != nil {
			t.Fatalf("game %d does not replay: %v", rec.Number, err)
		}
		rr, over := g.Result()
		if adjudicated := r.End == EndMoveLimit || r.End == EndDrawAdjudicated; adjudicated {
			// The replay stops where the adjudication did, not over.
			if over {
				t.Errorf("game %d replays to %+v, recorded %+v", rec.Number, rr, r)
			}
		} else if !over || !slices.Equal(rr.Points, r.Points) || !slices.Equal(rr.Places, r.Places) || rr.End != r.End || rr.Text != r.Text {
			t.Errorf("game %d replays to %+v (over %v), recorded %+v", rec.Number, rr, over, r)
		}
		sum, first := 0.0, 0
		for s, p := range r.Points {
			sum += p
			if p > 0 {
				first++
				if r.Places[s] != 1 {
					t.Errorf("game %d: seat %d scores %v in place %d", rec.Number, s, p, r.Places[s])
				}
			}
		}
		if math.Abs(sum-1) > 1e-9 || first == 0 {
			t.Errorf("game %d: scores %v", rec.Number, r.Points)
		}
		// Shared first places, then one seat per place.
		pl := slices.Clone(r.Places)
		slices.Sort(pl)
		for i, p := range pl {
			if want := max(1, i+1); (i < first && p != 1) || (i >= first && p != want) {
				t.Errorf("game %d: places %v with %d first", rec.Number, r.Places, first)
				break
			}
		}
		out := map[int]bool{}
		elim := rec.Eliminated
		for i, a := range rec.Actions {
			for ; len(elim) > 0 && elim[0].After <= i; elim = elim[1:] {
				out[elim[0].Seat] = true
			}
			if out[a.Seat] {
				t.Errorf("game %d: seat %d acts after its forfeit", rec.Number, a.Seat)
			}
		}
	}
}

// A match of built-in players: random against three greedy seats, every
// permutation of the seats, replayed from the seed and played again to
// the same records.
func TestChaturanga4BuiltinMatch(t *testing.T) {
	cfg, pgn, _ := c4Config(24, c4Builtin("", "random"), c4Builtin("", "greedy"), c4Builtin("", "greedy"), c4Builtin("", "greedy"))
	cfg.AllSeatings = true
	cfg.Seed = 7
	cfg.Concurrency = 3
	rep := run(t, cfg)
	if len(rep.Games) != 24 || !slices.Equal(rep.Engines, []string{"random", "greedy", "greedy(3)", "greedy(4)"}) {
		t.Fatalf("%d games, engines %v", len(rep.Games), rep.Engines)
	}
	checkC4Games(t, cfg, rep)
	total := 0.0
	for i, e := range rep.PerEngine {
		if e.Games != 24 || !slices.Equal(e.Seats, []int{6, 6, 6, 6}) || e.Points != rep.Points[i] {
			t.Errorf("engine %d: %+v", i, e)
		}
		places := 0
		for _, n := range e.Places {
			places += n
		}
		if places != 24 {
			t.Errorf("engine %d: places %v", i, e.Places)
		}
		total += e.Points
	}
	if math.Abs(total-24) > 1e-9 {
		t.Errorf("points %v add up to %v", rep.Points, total)
	}
	// Every arrangement once.
	seen := map[string]bool{}
	for _, rec := range rep.Games {
		seen[fmt.Sprint(rec.Engines)] = true
	}
	if len(seen) != 24 {
		t.Errorf("%d distinct seatings", len(seen))
	}

	// The records: four seat tags, the C4N start, the ranking, rounds
	// with seat letters.
	games := pgnGames(pgn.String())
	if len(games) != 24 {
		t.Fatalf("%d PGN games", len(games))
	}
	for _, g := range games {
		var roster []string
		for _, ln := range strings.Split(g, "\n")[:9] {
			name, _, _ := strings.Cut(strings.TrimPrefix(ln, "["), " ")
			roster = append(roster, name)
		}
		if want := []string{"Event", "Site", "Date", "Round", "Red", "Green", "Yellow", "Black", "Result"}; !slices.Equal(roster, want) {
			t.Errorf("tags %v, want %v", roster, want)
		}
		if tagValue(g, "FEN") != chaturanga4.StartC4N || tagValue(g, "Variant") != "chaturanga4" || tagValue(g, "Result") != "*" ||
			tagValue(g, "Places") == "" || tagValue(g, "Scores") == "" || tagValue(g, "SetUp") != "" {
			t.Errorf("tags:\n%s", g)
		}
		if mt := movetextOf(g); !strings.HasPrefix(mt, "1. r:") || !strings.Contains(mt, " g:") || !strings.HasSuffix(mt, "} *") {
			t.Errorf("movetext %.200s", mt)
		}
	}

	// The same seed plays the same games.
	cfg2, _, _ := c4Config(24, c4Builtin("", "random"), c4Builtin("", "greedy"), c4Builtin("", "greedy"), c4Builtin("", "greedy"))
	cfg2.AllSeatings, cfg2.Seed = true, 7
	rep2 := run(t, cfg2)
	record := func(r *Report) map[int]string {
		m := map[int]string{}
		for _, rec := range r.Games {
			var b strings.Builder
			for _, a := range rec.Actions {
				b.WriteString(a.Text + " ")
			}
			fmt.Fprintf(&b, "%v %v %v %s", rec.Engines, rec.Result.Points, rec.Result.Places, rec.Result.Text)
			m[rec.Number] = b.String()
		}
		return m
	}
	r1, r2 := record(rep), record(rep2)
	for n := range r1 {
		if r1[n] != r2[n] {
			t.Errorf("game %d differs between two runs:\n%s\n%s", n, r1[n], r2[n])
		}
	}
}

// The greedy seat against three random seats, the seats rotated: it wins
// clearly more than the 25% of chance.
func TestChaturanga4GreedyBeatsRandom(t *testing.T) {
	const games = 200
	cfg, _, _ := c4Config(games, c4Builtin("greedy", "greedy"), c4Builtin("r1", "random"), c4Builtin("r2", "random"), c4Builtin("r3", "random"))
	cfg.PGN = nil
	cfg.Seed = 2026
	cfg.Concurrency = 2
	rep := run(t, cfg)
	checkC4Games(t, cfg, rep)
	e := rep.PerEngine[0]
	wins := 0
	for _, rec := range rep.Games {
		if p, _ := rec.Points(0); p == 1 {
			wins++
		}
	}
	t.Logf("greedy against three random seats, %d games: %d wins (%.1f%%), score per game %.3f ± %.3f, places %v; ends %v",
		games, wins, 100*float64(wins)/games, e.Mean(), e.CI95(), e.Places, rep.Ends)
	if !slices.Equal(e.Seats, []int{50, 50, 50, 50}) {
		t.Errorf("greedy's seats %v", e.Seats)
	}
	if wins <= 40*games/100 {
		t.Errorf("greedy wins %d of %d games against random seats, want more than 40%%", wins, games)
	}
}

// Four test-engine processes: the handshake names the variant, the go
// command carries the four clocks, every game is legal and replays.
func TestChaturanga4Processes(t *testing.T) {
	var engines []EngineConfig
	for i := range 4 {
		e := te(fmt.Sprintf("p%d", i+1), "c4random", "-seed="+strconv.Itoa(i+1))
		e.Limits = Limits{Time: time.Minute}
		engines = append(engines, e)
	}
	cfg, pgn, debug := c4Config(4, engines...)
	cfg.MaxMoves = 60
	rep := run(t, cfg)
	if len(rep.Games) != 4 {
		t.Fatalf("%d games", len(rep.Games))
	}
	checkC4Games(t, cfg, rep)
	for _, rec := range rep.Games {
		if len(rec.Eliminated) != 0 || len(rec.Restarted) != 0 || rec.Result.End.Forfeit() {
			t.Errorf("game %d: %+v eliminated %v", rec.Number, rec.Result, rec.Eliminated)
		}
	}
	for _, want := range []string{
		"p1 < setoption name UCI_Variant value chaturanga4",
		"p1 < position startpos\n",
		"p2 < position startpos moves ",
		"p1 < go rtime 60000 gtime 60000 ytime 60000 btime 60000 rinc 0 ginc 0 yinc 0 binc 0\n",
	} {
		if !strings.Contains(debug.String(), want) {
			t.Errorf("engine traffic lacks %q", want)
		}
	}
	if n := len(pgnGames(pgn.String())); n != 4 {
		t.Errorf("%d PGN games", n)
	}
}

// An engine that answers an illegal move is eliminated, the game goes on
// with the others, and the record says where.
func TestChaturanga4IllegalForfeit(t *testing.T) {
	cheat := te("cheat", "c4illegal", "-at=3")
	cfg, pgn, debug := c4Config(4, cheat, c4Builtin("", "random"), c4Builtin("", "random"), c4Builtin("", "random"))
	cfg.Seed = 5
	rep := run(t, cfg)
	checkC4Games(t, cfg, rep)
	for _, rec := range rep.Games {
		seat := slices.Index(rec.Engines, 0)
		name := Chaturanga4{}.Seats()[seat].Name
		want := Elimination{Seat: seat, End: EndIllegal, Text: name + " makes an illegal move: a1a1"}
		if len(rec.Eliminated) != 1 || rec.Eliminated[0].Seat != want.Seat || rec.Eliminated[0].End != want.End || rec.Eliminated[0].Text != want.Text {
			// The cheat's raja may also fall before round 3.
			if rec.Result.Places[seat] == 4 && len(rec.Eliminated) == 0 {
				continue
			}
			t.Errorf("game %d: eliminated %v, want %+v", rec.Number, rec.Eliminated, want)
			continue
		}
		// Its third move was the illegal one, and the game went on.
		after, own := rec.Eliminated[0].After, 0
		for _, a := range rec.Actions[:after] {
			if a.Seat == seat {
				own++
			}
		}
		if own != 2 || after >= len(rec.Actions) {
			t.Errorf("game %d: eliminated after %d of %d actions, %d its own", rec.Number, after, len(rec.Actions), own)
		}
		if rec.Result.Points[seat] != 0 || rec.Result.Places[seat] < 2 {
			t.Errorf("game %d: the cheat scores %v in place %d", rec.Number, rec.Result.Points[seat], rec.Result.Places[seat])
		}
	}
	if !strings.Contains(pgn.String(), " makes an illegal move: a1a1}") {
		t.Errorf("PGN without the elimination:\n%s", pgn)
	}
	if rep.Restarts[0] != 0 || strings.Count(debug.String(), "cheat < go ") != strings.Count(debug.String(), "cheat > bestmove") {
		t.Errorf("restarts %v", rep.Restarts)
	}
}

// The command line: four built-in players, -seatings, -rules.
func TestChaturanga4CLI(t *testing.T) {
	base := []string{"-variant", "chaturanga4", "-engine", "builtin=random", "name=a", "-engine", "builtin=greedy", "name=b",
		"-engine", "builtin=random", "name=c", "-engine", "builtin=random", "name=d"}
	c, err := ParseArgs(append(slices.Clone(base), "-seatings", "all", "-rules", "extended_insufficient=on", "-games", "24"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Config.Variant != (Chaturanga4{Rules: chaturanga4.Options{ExtendedInsufficient: true}}) || !c.Config.AllSeatings ||
		c.Config.Engines[1].Builtin != "greedy" || !slices.Equal(c.Config.Engines[3].Options, []Option{{"C4_ExtendedInsufficient", "true"}}) {
		t.Errorf("%+v", c.Config)
	}
	for _, bad := range []struct {
		args []string
		want string
	}{
		{append(slices.Clone(base), "-seatings", "some"), "-seatings some: want cyclic or all"},
		{append(slices.Clone(base), "-rules", "extended_insufficient=maybe"), `-rules: extended_insufficient "maybe": want true or false`},
		{append(slices.Clone(base), "-rules", "king_capture=on"), `-rules: unknown chaturanga4 rule option "king_capture" (known: extended_insufficient)`},
	} {
		if _, err := ParseArgs(bad.args); err == nil || err.Error() != bad.want {
			t.Errorf("%v: %v, want %q", bad.args[len(base):], err, bad.want)
		}
	}
	for _, bad := range []struct {
		args []string
		want string
	}{
		{append(slices.Clone(base[:len(base)-3]), "-engine", "builtin=random", "cmd=x"), "engine 4: builtin=random is played by the runner itself: no cmd, arg or dir"},
		{append(slices.Clone(base[:len(base)-3]), "-engine", "builtin=clever"), "engine 4: builtin=clever: unknown built-in player (known: random, greedy, never, mcts)"},
		{[]string{"-variant", "spy", "-engine", "builtin=random", "-engine", "builtin=random"}, "engine 1: builtin=random: the variant spy has no built-in players (chess, chaturanga4 and magic have)"},
	} {
		var stdout, stderr bytes.Buffer
		if err := Main(context.Background(), bad.args, &stdout, &stderr); err == nil || err.Error() != bad.want {
			t.Errorf("%v: %v, want %q", bad.args, err, bad.want)
		}
	}
	var stdout, stderr bytes.Buffer
	if err := Main(context.Background(), append(slices.Clone(base), "-games", "8", "-seed", "3"), &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(stdout.String(), "\n")
	if len(lines) < 8 || lines[0] != "Engines: a vs b vs c vs d" || !strings.HasPrefix(lines[1], "Games: 8, points: a ") ||
		lines[2] != "Per engine: score per game ± 95% CI, points/games, places 1st/2nd/3rd/4th:" || !strings.HasPrefix(lines[3], "  a  0.") {
		t.Errorf("report:\n%s", stdout.String())
	}
	if n := strings.Count(stderr.String(), "\n"); n != 8 {
		t.Errorf("progress:\n%s", stderr.String())
	}
}

// Built-in players play chess too: greedy takes the queen.
func TestChessBuiltins(t *testing.T) {
	greedy, _ := newBuiltin(Chess{}, BuiltinGreedy)
	// White can take the queen on d5 or the pawn on f5 with the e4 pawn.
	r, err := greedy.Go(context.Background(), "fen 4k3/8/8/3q1p2/4P3/8/8/4K3 w - - 0 1", "", time.Second)
	if err != nil || r.Move != "e4d5" {
		t.Errorf("%q %v", r.Move, err)
	}
	cfg, _ := config(4, c4Builtin("", "greedy"), c4Builtin("", "random"))
	cfg.MaxMoves = 40
	rep := run(t, cfg)
	for _, rec := range rep.Games {
		if _, err := Replay(Chess{}, 0, rec); err != nil || rec.Result.End.Forfeit() {
			t.Errorf("game %d: %v %+v", rec.Number, err, rec.Result)
		}
	}
}

// FuzzBuiltinPosition: whatever the position argument, a built-in player
// answers a legal move of it or an error, never a panic.
func FuzzBuiltinPosition(f *testing.F) {
	for _, s := range []string{"startpos", "startpos moves g2f2 a2a3", "fen " + c4ThreeLeft, "fen " + c4RajaEnPrise + " moves d4d8",
		"fen 8/8 r", "moves", "startpos moves 0000", "fen " + chaturanga4.StartC4N + " moves g2f2 g2f2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, kind := range []string{BuiltinRandom, BuiltinGreedy} {
			b, _ := newBuiltin(Chaturanga4{}, kind)
			b.rng = rand.New(rand.NewPCG(1, 2))
			r, err := b.Go(context.Background(), s, "", time.Second)
			if err != nil {
				continue
			}
			g := newGame[*c4Game](t, Chaturanga4{}, 0, Opening{})
			fen, startpos, moves, _ := splitPosition(s)
			if !startpos {
				p, err := chaturanga4.ParseC4N(fen)
				if err != nil {
					t.Fatalf("%q: answered %s from a start that does not parse", s, r.Move)
				}
				g.pos = p
			}
			for _, m := range moves {
				mv, err := g.pos.ParseMove(m)
				if err != nil {
					t.Fatalf("%q: answered %s after an illegal move %s", s, r.Move, m)
				}
				g.pos.Make(mv)
			}
			if _, err := g.pos.ParseMove(r.Move); err != nil {
				t.Fatalf("%q: %s answers %s: %v", s, kind, r.Move, err)
			}
		}
	})
}
