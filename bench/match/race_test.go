package match

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"azar/bench/stats"
)

// The four-seat side of the runner, proved with a toy variant that exists
// only in these tests: race to a target. Four seats act in turn; each
// action is a number from 1 to 3 added to a running total, and the seat
// that brings the total to the target wins the point. A seat that forfeits
// (crash, illegal number, time) drops out and the others go on; the last
// seat in wins. The engines are bench/internal/testengine's race modes.

// raceVariant is the toy: Opening.FEN is the start total ("" is 0), and
// its moves are book numbers.
type raceVariant struct{ target int }

// endTarget is how a race ends by its rules.
const endTarget End = "target reached"

func (raceVariant) Name() string { return "race" }

func (raceVariant) Seats() []Seat {
	return []Seat{{Name: "Red", Clock: "r"}, {Name: "Blue", Clock: "b"}, {Name: "Yellow", Clock: "y"}, {Name: "Green", Clock: "g"}}
}

func (v raceVariant) NewGame(o Opening, _ *rand.Rand) (Game, error) {
	g := &raceGame{target: v.target, fen: o.FEN, number: 1, out: make([]bool, 4)}
	if o.FEN != "" {
		n, err := strconv.Atoi(o.FEN)
		if err != nil || n < 0 || n >= v.target {
			return nil, fmt.Errorf("race: start %q: want a total from 0 to %d", o.FEN, v.target-1)
		}
		g.total = n
	}
	check := *g
	check.out = slices.Clone(g.out)
	for _, m := range o.Moves {
		if _, err := check.Play(check.ToMove(), m); err != nil {
			return nil, err
		}
	}
	return g, nil
}

type raceGame struct {
	target, total int
	fen           string
	moves         []string
	out           []bool // seats eliminated
	toMove        int
	number        int // the round: every seat still in acts once a round
	ending
}

func (g *raceGame) ToMove() int { return g.toMove }

func (g *raceGame) Position(int) string { return positionArg(g.fen, "", g.moves) }

func (g *raceGame) seatName(s int) string { return raceVariant{}.Seats()[s].Name }

func (g *raceGame) Play(seat int, action string) (Action, error) {
	switch {
	case g.over:
		return Action{}, errors.New("the game is over")
	case seat != g.toMove:
		return Action{}, fmt.Errorf("it is not %s's turn", g.seatName(seat))
	}
	n, err := strconv.Atoi(action)
	if err != nil || n < 1 || n > 3 {
		return Action{}, fmt.Errorf("%q: want 1, 2 or 3", action)
	}
	a := Action{Seat: seat, Number: g.number, Move: action, Text: "+" + action}
	g.moves = append(g.moves, action)
	g.total += n
	if g.total >= g.target {
		g.end(win(4, seat, endTarget, fmt.Sprintf("%s reaches %d", g.seatName(seat), g.target)))
	} else {
		g.pass()
	}
	return a, nil
}

// pass gives the turn to the next seat still in.
func (g *raceGame) pass() {
	for s := g.toMove; ; {
		if s++; s == len(g.out) {
			s = 0
			g.number++
		}
		if !g.out[s] {
			g.toMove = s
			return
		}
	}
}

func (g *raceGame) Result() (Result, bool) { return g.result, g.over }

// Forfeit drops seat out; with one seat left in, that seat wins.
func (g *raceGame) Forfeit(seat int, end End, text string) {
	if g.over || g.out[seat] {
		return
	}
	g.out[seat] = true
	if left := slices.Index(g.out, false); slices.Index(g.out[left+1:], false) < 0 {
		g.end(win(4, left, end, fmt.Sprintf("%s; %s is the last seat in", text, g.seatName(left))))
		return
	}
	if seat == g.toMove {
		g.pass()
	}
}

func (g *raceGame) Tags() []Tag {
	return append(startTags(g.fen), Tag{"Target", strconv.Itoa(g.target)})
}

// race is the variant of the matches below.
var race = raceVariant{target: 10}

// raceEngine is the test engine in a race mode, at depth 1.
func raceEngine(name, mode string, step int, flags ...string) EngineConfig {
	return te(name, mode, append([]string{"-step=" + strconv.Itoa(step)}, flags...)...)
}

// raceConfig is a race match of four engines, PGN and engine traffic
// collected.
func raceConfig(games int, engines ...EngineConfig) (Config, *bytes.Buffer, *strings.Builder) {
	cfg, pgn := config(games, engines[0], engines[1])
	cfg.Variant = race
	cfg.Engines = engines
	var debug strings.Builder
	cfg.Debug = &lockedBuilder{b: &debug}
	return cfg, pgn, &debug
}

// The race openings: from 0, and from 3 with a book 2 by Red.
var raceOpenings = []Opening{{ID: "zero"}, {ID: "head start", FEN: "3", Moves: []string{"2"}}}

// raceGameWant is what one game of a race match must be.
type raceGameWant struct {
	seats  []int  // the seat of each action, book included
	moves  string // the actions, book included
	winner int    // the winning seat
	text   string // Result.Text
}

// checkRaceGames checks the games of a race match played with one worker
// (records in game order): the rotation, the actions, the result, and
// that each replays from the record to the same result.
func checkRaceGames(t *testing.T, rep *Report, cfg Config, want []raceGameWant) {
	t.Helper()
	if len(rep.Games) != len(want) {
		t.Fatalf("%d games, want %d", len(rep.Games), len(want))
	}
	for i, g := range rep.Games {
		w := want[i]
		if g.Number != i+1 || g.Pair != i/4 || g.Opening.ID != cfg.Openings[g.Pair%len(cfg.Openings)].ID {
			t.Errorf("game %d: number %d pair %d opening %q", i+1, g.Number, g.Pair, g.Opening.ID)
		}
		// Game k of an opening puts engine (s + k) mod 4 in seat s.
		if rot := []int{i % 4, (i + 1) % 4, (i + 2) % 4, (i + 3) % 4}; !slices.Equal(g.Engines, rot) {
			t.Errorf("game %d: engines by seat %v, want %v", g.Number, g.Engines, rot)
		}
		var seats []int
		var moves []string
		for _, a := range g.Actions {
			seats = append(seats, a.Seat)
			moves = append(moves, a.Move)
		}
		if !slices.Equal(seats, w.seats) || strings.Join(moves, " ") != w.moves {
			t.Errorf("game %d: seats %v moves %v, want %v %s", g.Number, seats, moves, w.seats, w.moves)
		}
		points := make([]float64, 4)
		points[w.winner] = 1
		if !slices.Equal(g.Result.Points, points) || g.Result.Text != w.text || g.Result.PGN() != "*" {
			t.Errorf("game %d: %+v, want points %v %q", g.Number, g.Result, points, w.text)
		}
		r, err := Replay(cfg.Variant, cfg.Seed, g)
		if err != nil {
			t.Errorf("game %d does not replay: %v", g.Number, err)
			continue
		}
		if res, over := r.Result(); !over || !slices.Equal(res.Points, g.Result.Points) || res.End != g.Result.End {
			t.Errorf("game %d replays to %+v (over %v), recorded %+v", g.Number, res, over, g.Result)
		}
	}
}

// Four engines, two openings: eight games, every engine in every seat of
// each opening, the points of the rules, and a PGN with four seat tags.
// The engines answer 1, 2, 3 and 2, so the games are known in advance.
func TestFourSeatRotation(t *testing.T) {
	names := []string{"one", "two", "three", "four"}
	var engines []EngineConfig
	for i, step := range []int{1, 2, 3, 2} {
		e := raceEngine(names[i], "race", step)
		e.Limits = Limits{Time: time.Minute}
		engines = append(engines, e)
	}
	cfg, pgn, debug := raceConfig(8, engines...)
	cfg.Openings = raceOpenings
	var progress strings.Builder
	cfg.Progress = &progress
	rep := run(t, cfg)

	checkRaceGames(t, rep, cfg, []raceGameWant{
		{[]int{0, 1, 2, 3, 0, 1}, "1 2 3 2 1 2", 1, "Blue reaches 10"},
		{[]int{0, 1, 2, 3, 0}, "2 3 2 1 2", 0, "Red reaches 10"},
		{[]int{0, 1, 2, 3, 0}, "3 2 1 2 3", 0, "Red reaches 10"},
		{[]int{0, 1, 2, 3, 0}, "2 1 2 3 2", 0, "Red reaches 10"},
		{[]int{0, 1, 2}, "2 2 3", 2, "Yellow reaches 10"},
		{[]int{0, 1, 2}, "2 3 2", 2, "Yellow reaches 10"},
		{[]int{0, 1, 2, 3}, "2 2 1 2", 3, "Green reaches 10"},
		{[]int{0, 1, 2, 3}, "2 1 2 3", 3, "Green reaches 10"},
	})
	for _, g := range rep.Games {
		if g.Actions[0].Book != (g.Pair == 1) || len(g.Eliminated) != 0 || len(g.Restarted) != 0 {
			t.Errorf("game %d: book %v eliminated %v restarted %v", g.Number, g.Actions[0].Book, g.Eliminated, g.Restarted)
		}
	}

	// Points per engine: the winners were engines 1, 1, 2, 3, 2, 3, 1, 2.
	if !slices.Equal(rep.Points, []float64{0, 3, 3, 2}) || rep.Ends[endTarget] != 8 || len(rep.Ends) != 1 {
		t.Errorf("points %v ends %v, want [0 3 3 2] and 8 targets reached", rep.Points, rep.Ends)
	}
	if rep.Score != (stats.Score{}) || rep.Penta != (stats.Penta{}) || rep.Decision != stats.Continue {
		t.Errorf("two-player statistics of a four-seat match: %+v %v %v", rep.Score, rep.Penta, rep.Decision)
	}
	if got, want := rep.Summary(), "Games: 8, points: one 0 two 3 three 3 four 2"; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	var text strings.Builder
	rep.WriteText(&text)
	if want := "Engines: one vs two vs three vs four\nGames: 8, points: one 0 two 3 three 3 four 2\n" +
		"Per engine: score per game ± 95% CI, points/games, places 1st/2nd/3rd/4th:\n" +
		"  one    0.000 ± 0.000  0/8  0/8/0/0\n" +
		"  two    0.375 ± 0.359  3/8  3/5/0/0\n" +
		"  three  0.375 ± 0.359  3/8  3/5/0/0\n" +
		"  four   0.250 ± 0.321  2/8  2/6/0/0\n" +
		"Endings: target reached 8\n"; !strings.HasPrefix(text.String(), want) {
		t.Errorf("report:\n%s\nwant it to start with:\n%s", text.String(), want)
	}
	lines := strings.Split(strings.TrimSpace(progress.String()), "\n")
	if len(lines) != 8 || lines[0] != "[1/8] one - two - three - four: * {Blue reaches 10}" ||
		lines[7] != "[8/8] four - one - two - three: * {Green reaches 10}" {
		t.Errorf("progress:\n%s", progress.String())
	}

	// The engines are told the variant, the four clocks (with four
	// distinct prefixes) and the book action.
	for _, want := range []string{
		"one < setoption name UCI_Variant value race",
		"one < go rtime 60000 btime 60000 ytime 60000 gtime 60000 rinc 0 binc 0 yinc 0 ginc 0",
		"two < position fen 3 moves 2\n",
		"one < position startpos moves 1 2 3 2\n",
	} {
		if !strings.Contains(debug.String(), want) {
			t.Errorf("engine traffic lacks %q", want)
		}
	}

	games := pgnGames(pgn.String())
	if len(games) != 8 {
		t.Fatalf("PGN has %d games, want 8:\n%s", len(games), pgn)
	}
	for i, g := range games {
		var roster []string
		for _, ln := range strings.Split(g, "\n")[:9] {
			name, _, _ := strings.Cut(strings.TrimPrefix(ln, "["), " ")
			roster = append(roster, name)
		}
		if want := []string{"Event", "Site", "Date", "Round", "Red", "Blue", "Yellow", "Green", "Result"}; !slices.Equal(roster, want) {
			t.Errorf("PGN game %d starts with tags %v, want %v", i+1, roster, want)
		}
		rot := func(s int) string { return names[(s+i)%4] }
		for tag, want := range map[string]string{
			"Round": strconv.Itoa(i + 1), "Red": rot(0), "Blue": rot(1), "Yellow": rot(2), "Green": rot(3),
			"Result": "*", "Variant": "race", "Target": "10", "TimeControl": "60", "Termination": "normal",
			"White": "", "Black": "",
		} {
			if got := tagValue(g, tag); got != want {
				t.Errorf("PGN game %d: %s %q, want %q", i+1, tag, got, want)
			}
		}
		if !strings.HasSuffix(movetextOf(g), " reaches 10} *") {
			t.Errorf("PGN game %d does not end with *:\n%s", i+1, g)
		}
	}
	// Game 1: a move number for Red, "1..." for the others (each follows
	// a comment); game 5 from the book.
	if got, want := movetextOf(games[0]), "1. +1 {+0.00/1 T} 1... +2 {+0.00/1 T} 1... +3 {+0.00/1 T} 1... +2 {+0.00/1 T} "+
		"2. +1 {+0.00/1 T} 2... +2 {+0.00/1 T} {Blue reaches 10} *"; got != want {
		t.Errorf("PGN game 1 movetext\n got %s\nwant %s", got, want)
	}
	if got, want := movetextOf(games[4]), "1. +2 {book} 1... +2 {+0.00/1 T} 1... +3 {+0.00/1 T} {Yellow reaches 10} *"; got != want {
		t.Errorf("PGN game 5 movetext\n got %s\nwant %s", got, want)
	}
	if tagValue(games[4], "FEN") != "3" || tagValue(games[4], "PlyCount") != "3" {
		t.Errorf("PGN game 5 tags:\n%s", games[4])
	}
}

// movetextOf is the movetext of a PGN game on one line, the times of the
// {score/depth time} comments written T.
func movetextOf(game string) string {
	_, mt, _ := strings.Cut(game, "\n\n")
	words := strings.Fields(mt)
	for i, w := range words {
		if strings.HasSuffix(w, "s}") && !strings.HasPrefix(w, "{") {
			words[i] = "T}"
		}
	}
	return strings.Join(words, " ")
}

// A seat whose engine crashes or answers an illegal number drops out and
// the others play on: the crasher is restarted for the next game, the
// cheat is not, neither is asked again in that game, and the record and
// the PGN say who dropped out where.
func TestFourSeatForfeits(t *testing.T) {
	cfg, pgn, _ := raceConfig(8,
		raceEngine("steady", "race", 1),
		raceEngine("crasher", "racecrash", 2, "-at=4"), // exits once the total is 4 or more
		raceEngine("cheat", "raceillegal", 3, "-at=6"), // answers 0 once the total is 6 or more
		raceEngine("winner", "race", 2))
	cfg.Openings = raceOpenings
	rep := run(t, cfg)

	crash := func(seat int) string { return race.Seats()[seat].Name + "'s engine crashed" }
	illegal := func(seat int) string { return race.Seats()[seat].Name + " makes an illegal move: 0" }
	checkRaceGames(t, rep, cfg, []raceGameWant{
		{[]int{0, 1, 2, 3, 0, 3}, "1 2 3 2 1 2", 3, "Green reaches 10"},
		{[]int{0, 1, 2, 3, 2}, "2 3 2 1 2", 2, "Yellow reaches 10"},
		{[]int{0, 1, 2, 1, 2, 1}, "3 2 1 2 1 2", 1, "Blue reaches 10"},
		{[]int{0, 1, 2, 3, 0}, "2 1 2 3 2", 0, "Red reaches 10"},
		{[]int{0, 2, 3}, "2 3 2", 3, "Green reaches 10"},
		{[]int{0, 1, 2}, "2 3 2", 2, "Yellow reaches 10"},
		{[]int{0, 1, 2, 1}, "2 2 1 2", 1, "Blue reaches 10"},
		{[]int{0, 1, 0, 1, 0}, "2 1 2 1 2", 0, "Red reaches 10"},
	})
	elim := [][]Elimination{
		{{1, EndCrash, crash(1), 5}, {2, EndIllegal, illegal(2), 5}},
		{{0, EndCrash, crash(0), 4}, {1, EndIllegal, illegal(1), 4}},
		{{3, EndCrash, crash(3), 3}, {0, EndIllegal, illegal(0), 3}},
		nil,
		{{1, EndCrash, crash(1), 1}},
		nil,
		{{3, EndCrash, crash(3), 3}, {0, EndIllegal, illegal(0), 3}},
		{{2, EndCrash, crash(2), 2}, {3, EndIllegal, illegal(3), 2}},
	}
	for i, g := range rep.Games {
		if !slices.Equal(g.Eliminated, elim[i]) {
			t.Errorf("game %d: eliminated %v, want %v", g.Number, g.Eliminated, elim[i])
		}
		// The crasher is restarted after each game it crashed in.
		var restarted []int
		if len(elim[i]) > 0 {
			restarted = []int{1}
		}
		if !slices.Equal(g.Restarted, restarted) {
			t.Errorf("game %d: restarted %v, want %v", g.Number, g.Restarted, restarted)
		}
	}
	// Six crashes, the last in the last game: five restarts.
	if !slices.Equal(rep.Restarts, []int{0, 5, 0, 0}) || !slices.Equal(rep.Points, []float64{0, 0, 0, 8}) || rep.Ends[endTarget] != 8 {
		t.Errorf("restarts %v points %v ends %v", rep.Restarts, rep.Points, rep.Ends)
	}
	games := pgnGames(pgn.String())
	if len(games) != 8 {
		t.Fatalf("PGN has %d games", len(games))
	}
	// Game 3: Green crashes and Red cheats after three actions; Blue and
	// Yellow play on.
	if got, want := movetextOf(games[2]), "1. +3 {+0.00/1 T} 1... +2 {+0.00/1 T} 1... +1 {+0.00/1 T} {Green's engine crashed} "+
		"{Red makes an illegal move: 0} 2... +2 {+0.00/1 T} 2... +1 {+0.00/1 T} 3... +2 {+0.00/1 T} {Blue reaches 10} *"; got != want {
		t.Errorf("PGN game 3 movetext\n got %s\nwant %s", got, want)
	}
	if tagValue(games[2], "Termination") != "normal" || tagValue(games[2], "PlyCount") != "6" {
		t.Errorf("PGN game 3 tags:\n%s", games[2])
	}
}

// When all seats but one drop out, the last one in wins, even before it
// has acted, and the last forfeit is how the game ended. Both crashers
// are restarted after every game.
func TestFourSeatLastSeatIn(t *testing.T) {
	cfg, pgn, _ := raceConfig(4,
		raceEngine("survivor", "race", 1),
		raceEngine("crash1", "racecrash", 1),
		raceEngine("crash2", "racecrash", 1),
		raceEngine("cheat", "raceillegal", 1))
	rep := run(t, cfg)
	if len(rep.Games) != 4 {
		t.Fatalf("%d games", len(rep.Games))
	}
	crash := func(seat int) string { return race.Seats()[seat].Name + "'s engine crashed" }
	illegal := func(seat int) string { return race.Seats()[seat].Name + " makes an illegal move: 0" }
	for i, w := range []struct {
		seats      []int // the seats that acted: the survivor's, if it did
		end        End
		text       string
		eliminated []Elimination
	}{
		{[]int{0}, EndIllegal, illegal(3) + "; Red is the last seat in", []Elimination{{1, EndCrash, crash(1), 1}, {2, EndCrash, crash(2), 1}}},
		{nil, EndIllegal, illegal(2) + "; Green is the last seat in", []Elimination{{0, EndCrash, crash(0), 0}, {1, EndCrash, crash(1), 0}}},
		{[]int{2}, EndCrash, crash(3) + "; Yellow is the last seat in", []Elimination{{0, EndCrash, crash(0), 0}, {1, EndIllegal, illegal(1), 0}}},
		{[]int{1}, EndCrash, crash(3) + "; Blue is the last seat in", []Elimination{{0, EndIllegal, illegal(0), 0}, {2, EndCrash, crash(2), 1}}},
	} {
		g := rep.Games[i]
		var seats []int
		for _, a := range g.Actions {
			seats = append(seats, a.Seat)
		}
		points := make([]float64, 4)
		points[(4-i)%4] = 1 // engine 0's seat
		if !slices.Equal(seats, w.seats) || g.Result.End != w.end || g.Result.Text != w.text || !slices.Equal(g.Result.Points, points) {
			t.Errorf("game %d: seats %v %+v, want %v %s %q %v", g.Number, seats, g.Result, w.seats, w.end, w.text, points)
		}
		if !slices.Equal(g.Eliminated, w.eliminated) || !slices.Equal(g.Restarted, []int{1, 2}) {
			t.Errorf("game %d: eliminated %v restarted %v, want %v [1 2]", g.Number, g.Eliminated, g.Restarted, w.eliminated)
		}
	}
	if !slices.Equal(rep.Points, []float64{4, 0, 0, 0}) || !slices.Equal(rep.Restarts, []int{0, 3, 3, 0}) ||
		rep.Ends[EndIllegal] != 2 || rep.Ends[EndCrash] != 2 {
		t.Errorf("points %v restarts %v ends %v", rep.Points, rep.Restarts, rep.Ends)
	}
	games := pgnGames(pgn.String())
	if len(games) != 4 || tagValue(games[1], "Termination") != "rules infraction" || tagValue(games[1], "PlyCount") != "0" ||
		movetextOf(games[1]) != "{Red's engine crashed} {Blue's engine crashed} {Yellow makes an illegal move: 0; Green is the last seat in} *" {
		t.Errorf("PGN:\n%s", pgn)
	}
}

// The runner refuses a four-seat match with the wrong number of engines or
// with an SPRT, before starting any engine; so does the command line with
// the variant registered.
func TestFourSeatRefused(t *testing.T) {
	four := []EngineConfig{raceEngine("a", "race", 1), raceEngine("b", "race", 1), raceEngine("c", "race", 1), raceEngine("d", "race", 1)}
	for _, c := range []struct {
		variant Variant
		engines []EngineConfig
		sprt    bool
		want    string
	}{
		{race, four[:2], false, "race takes 4 engines (one per seat), got 2"},
		{race, append(slices.Clone(four), four[0]), false, "race takes 4 engines (one per seat), got 5"},
		{Chess{}, four, false, "chess takes 2 engines (one per seat), got 4"},
		{race, four, true, "sprt needs a two-player variant; race has 4 seats"},
	} {
		cfg := Config{Variant: c.variant, Engines: c.engines, Games: 4}
		if c.sprt {
			cfg.SPRT = stats.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
		}
		if rep, err := Run(context.Background(), cfg); err == nil || err.Error() != c.want || rep != nil {
			t.Errorf("%s with %d engines (sprt %v): %v, want %q", c.variant.Name(), len(c.engines), c.sprt, err, c.want)
		}
	}

	// The command line, with the toy registered for this test only.
	variants["race"] = race
	t.Cleanup(func() { delete(variants, "race") })
	engine := func(name string, step int) []string {
		return []string{"-engine", "cmd=" + testEngine, "name=" + name, "arg=-mode=race", "arg=-step=" + strconv.Itoa(step)}
	}
	var args []string
	for i, name := range []string{"one", "two", "three", "four"} {
		args = append(args, engine(name, []int{1, 2, 3, 2}[i])...)
	}
	args = append(args, "-variant", "race", "-each", "depth=1", "-games", "4")
	for _, c := range []struct {
		args []string
		want string
	}{
		{append(slices.Clone(args), "-sprt", "elo0=0", "elo1=5"), "sprt needs a two-player variant; race has 4 seats"},
		{args[len(engine("", 0)):], "race takes 4 engines (one per seat), got 3"},
	} {
		var stdout, stderr bytes.Buffer
		if err := Main(context.Background(), c.args, &stdout, &stderr); err == nil || err.Error() != c.want || stdout.Len() != 0 || stderr.Len() != 0 {
			t.Errorf("%v: %v, want %q (stdout %q, stderr %q)", c.args, err, c.want, stdout.String(), stderr.String())
		}
	}
	// The same command line without -sprt plays the four rotations from
	// the start (the first four games of TestFourSeatRotation).
	var stdout, stderr bytes.Buffer
	if err := Main(context.Background(), args, &stdout, &stderr); err != nil {
		t.Fatalf("Main: %v\n%s", err, stderr.String())
	}
	if want := "Engines: one vs two vs three vs four\nGames: 4, points: one 0 two 2 three 1 four 1\n" +
		"Per engine: score per game ± 95% CI, points/games, places 1st/2nd/3rd/4th:\n" +
		"  one    0.000 ± 0.000  0/4  0/4/0/0\n" +
		"  two    0.500 ± 0.566  2/4  2/2/0/0\n" +
		"  three  0.250 ± 0.490  1/4  1/3/0/0\n" +
		"  four   0.250 ± 0.490  1/4  1/3/0/0\n" +
		"Endings: target reached 4\n"; !strings.HasPrefix(stdout.String(), want) {
		t.Errorf("report:\n%s\nwant it to start with:\n%s", stdout.String(), want)
	}
	if lines := strings.Split(strings.TrimSpace(stderr.String()), "\n"); len(lines) != 4 || lines[3] != "[4/4] four - one - two - three: * {Red reaches 10}" {
		t.Errorf("progress:\n%s", stderr.String())
	}
}

// TestFourSeatDrawAfterElimination: a move-limit draw after a seat was
// eliminated gives the half points to the seats still in, and nothing to
// the eliminated one.
func TestFourSeatDrawAfterElimination(t *testing.T) {
	cfg, _, _ := raceConfig(4,
		raceEngine("steady", "race", 1),
		raceEngine("crasher", "racecrash", 1, "-at=2"), // exits once the total is 2 or more
		raceEngine("steady2", "race", 1),
		raceEngine("steady3", "race", 1))
	cfg.Openings = raceOpenings
	cfg.MaxMoves = 2
	rep := run(t, cfg)
	checked := 0
	for _, g := range rep.Games {
		if g.Result.End != EndMoveLimit {
			continue
		}
		out := map[int]bool{}
		for _, e := range g.Eliminated {
			out[e.Seat] = true
		}
		for s, p := range g.Result.Points {
			if want := map[bool]float64{true: 0, false: 0.5}[out[s]]; p != want {
				t.Errorf("game %d: seat %d (eliminated %v) has %v points, want %v", g.Number, s, out[s], p, want)
			}
		}
		if len(out) > 0 {
			checked++
		}
	}
	if checked == 0 {
		t.Fatalf("no move-limit draw after an elimination among %d games", len(rep.Games))
	}
}
