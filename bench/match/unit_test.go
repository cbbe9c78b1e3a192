package match

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"azar/bench/stats"
	"azar/variants/lucky"
	"azar/variants/spy"
)

func TestParseTC(t *testing.T) {
	for _, c := range []struct {
		in        string
		base, inc time.Duration
		bad       bool
	}{
		{in: "10+0.1", base: 10 * time.Second, inc: 100 * time.Millisecond},
		{in: "60", base: time.Minute},
		{in: "1:30+1", base: 90 * time.Second, inc: time.Second},
		{in: "0.5+0", base: 500 * time.Millisecond},
		{in: "40/60", bad: true},
		{in: "0", bad: true},
		{in: "-5", bad: true},
		{in: "10+", bad: true},
		{in: "x", bad: true},
		{in: "1:x", bad: true},
	} {
		base, inc, err := ParseTC(c.in)
		if (err != nil) != c.bad || base != c.base || inc != c.inc {
			t.Errorf("ParseTC(%q) = %v, %v, %v", c.in, base, inc, err)
		}
	}
}

func TestLimitsStrings(t *testing.T) {
	l := Limits{Time: 10 * time.Second, Inc: 100 * time.Millisecond, Depth: 8}
	if l.PGN() != "10+0.1" || l.String() != "tc=10+0.1 depth=8" {
		t.Errorf("PGN %q String %q", l.PGN(), l.String())
	}
	l = Limits{MoveTime: 50 * time.Millisecond, Nodes: 1000}
	if l.PGN() != "-" || l.String() != "st=0.05 nodes=1000" {
		t.Errorf("PGN %q String %q", l.PGN(), l.String())
	}
	if (Limits{Time: time.Minute}).PGN() != "60" {
		t.Error("plain minute")
	}
}

func TestGoCommand(t *testing.T) {
	cfg := Config{Variant: Chess{}, MoveTimeout: 7 * time.Second, Engines: []EngineConfig{
		{Limits: Limits{Time: 10 * time.Second, Inc: 100 * time.Millisecond}},
		{Limits: Limits{MoveTime: 200 * time.Millisecond, Nodes: 5000}},
		{Limits: Limits{Depth: 3}},
	}}
	w := &worker{cfg: &cfg}
	clock := []time.Duration{9500 * time.Millisecond, 0}
	for _, c := range []struct {
		seat    int
		engines []int
		want    string
		allowed time.Duration
	}{
		{0, []int{0, 1}, "wtime 9500 winc 100", 9500 * time.Millisecond},
		{1, []int{0, 1}, "movetime 200 nodes 5000", 200 * time.Millisecond},
		{1, []int{2, 0}, "btime 0 binc 100", 0},
		{0, []int{2, 0}, "depth 3", 7 * time.Second},
	} {
		got, allowed := w.goCommand(c.seat, c.engines, clock)
		if got != c.want || allowed != c.allowed {
			t.Errorf("seat %d engines %v: %q %v, want %q %v", c.seat, c.engines, got, allowed, c.want, c.allowed)
		}
	}
}

func TestParseInfo(t *testing.T) {
	var r Reply
	parseInfo(&r, strings.Fields("depth 12 seldepth 15 multipv 1 score cp -35 nodes 39060 pv c7c5"))
	if r.Depth != 12 || r.Score != (Score{Valid: true, Value: -35}) {
		t.Errorf("%+v", r)
	}
	parseInfo(&r, strings.Fields("depth 14 score mate -3 pv e2e4"))
	if r.Depth != 14 || r.Score != (Score{Valid: true, Mate: true, Value: -3}) {
		t.Errorf("%+v", r)
	}
	parseInfo(&r, strings.Fields("string depth 99 score cp 1"))
	if r.Depth != 14 {
		t.Errorf("info string parsed: %+v", r)
	}
}

func TestScore(t *testing.T) {
	for _, c := range []struct {
		s    Score
		str  string
		cp   int
		desc string
	}{
		{Score{Valid: true, Value: 35}, "+0.35", 35, "cp"},
		{Score{Valid: true, Value: -120}, "-1.20", -120, "negative"},
		{Score{Valid: true, Value: 0}, "+0.00", 0, "zero"},
		{Score{Valid: true, Mate: true, Value: 5}, "+M5", mateCP - 5, "mate"},
		{Score{Valid: true, Mate: true, Value: -3}, "-M3", -mateCP + 3, "mated"},
		{Score{}, "", 0, "none"},
	} {
		if c.s.String() != c.str || c.s.CP() != c.cp {
			t.Errorf("%s: %q %d", c.desc, c.s.String(), c.s.CP())
		}
	}
}

func TestEndTermination(t *testing.T) {
	for e, want := range map[End]string{
		EndCheckmate: "normal", EndRepetition: "normal", EndTime: "time forfeit", EndHang: "time forfeit",
		EndCrash: "abandoned", EndIllegal: "rules infraction", EndDrawAdjudicated: "adjudication",
		EndResign: "adjudication", EndMoveLimit: "adjudication", EndAborted: "unterminated", End("boat triumph"): "normal",
	} {
		if got := e.Termination(); got != want {
			t.Errorf("%s: %q, want %q", e, got, want)
		}
	}
}

func TestChessGame(t *testing.T) {
	g, err := Chess{}.NewGame(Opening{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if g.Position(0) != "startpos" || g.ToMove() != 0 || g.Tags() != nil {
		t.Errorf("start: %q %d %v", g.Position(0), g.ToMove(), g.Tags())
	}
	if _, err := g.Play(1, "e7e5"); err == nil {
		t.Error("Black moved first")
	}
	if _, err := g.Play(0, "e2e5"); err == nil {
		t.Error("illegal move accepted")
	}
	// Fool's mate.
	var sans []string
	for i, m := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
		a, err := g.Play(i%2, m)
		if err != nil {
			t.Fatal(err)
		}
		if a.Seat != i%2 || a.Number != i/2+1 {
			t.Errorf("%s: seat %d number %d", m, a.Seat, a.Number)
		}
		sans = append(sans, a.Text)
	}
	if want := []string{"f3", "e5", "g4", "Qh4#"}; !slices.Equal(sans, want) {
		t.Errorf("SAN %v, want %v", sans, want)
	}
	if p := g.Position(0); p != "startpos moves f2f3 e7e5 g2g4 d8h4" {
		t.Errorf("position %q", p)
	}
	r, over := g.Result()
	if !over || r.End != EndCheckmate || r.PGN() != "0-1" || r.Text != "Black mates" {
		t.Errorf("%+v %v", r, over)
	}
	g.Forfeit(1, EndTime, "too late") // the first result stands
	if r2, _ := g.Result(); r2.End != EndCheckmate {
		t.Errorf("result changed after the end: %+v", r2)
	}

	// A FEN start is sent as fen and tagged; a drawn position is over at once.
	g, _ = Chess{}.NewGame(Opening{FEN: bareKingsFEN}, nil)
	if r, over := g.Result(); !over || r.End != EndInsufficient || r.PGN() != "1/2-1/2" {
		t.Errorf("bare kings: %+v %v", r, over)
	}
	if g.Position(1) != "fen "+bareKingsFEN || !slices.Equal(g.Tags(), []Tag{{"SetUp", "1"}, {"FEN", bareKingsFEN}}) {
		t.Errorf("%q %v", g.Position(1), g.Tags())
	}
	g, _ = Chess{}.NewGame(Opening{}, nil)
	g.Forfeit(0, EndCrash, "White's engine crashed")
	if r, _ := g.Result(); r.PGN() != "0-1" || r.End != EndCrash {
		t.Errorf("forfeit: %+v", r)
	}
	if _, err := (Chess{}).NewGame(Opening{FEN: "not a fen"}, nil); err == nil {
		t.Error("bad FEN accepted")
	}
	if _, err := LookupVariant("chess"); err != nil {
		t.Error(err)
	}
	if v, err := LookupVariant("Magic"); err != nil || v.Name() != "magic" {
		t.Errorf("magic: %v %v", v, err)
	}
	if _, err := LookupVariant("nosuch"); err == nil || err.Error() != `unknown variant "nosuch" (known: chess, spy, lucky, chaturanga4, magic)` {
		t.Errorf("an unknown variant: %v", err)
	}
}

func TestMovetextNumbering(t *testing.T) {
	rec := &GameRecord{
		Actions: []Action{
			{Seat: 1, Number: 12, Text: "e5", Book: true},
			{Seat: 0, Number: 13, Text: "Nf3"},
			{Seat: 1, Number: 13, Text: "Nc6", Score: Score{Valid: true, Value: -20}, Depth: 9, Time: 812 * time.Millisecond},
			{Seat: 0, Number: 14, Text: "Bb5", Time: 50 * time.Millisecond},
		},
		Result: Result{Points: []float64{0, 1}, End: EndTime, Text: "White loses on time"},
	}
	want := "12... e5 {book} 13. Nf3 Nc6 {-0.20/9 0.812s} 14. Bb5 {0.05s} {White loses on time} 0-1"
	if got := movetext(rec, false); got != want {
		t.Errorf("movetext\n got %s\nwant %s", got, want)
	}
	long := strings.Repeat("word ", 40)
	for _, ln := range strings.Split(wrap(long, pgnWidth), "\n") {
		if len(ln) > pgnWidth {
			t.Errorf("line of %d characters", len(ln))
		}
	}
}

func TestPGNVariantAndTimeControls(t *testing.T) {
	cfg := Config{Variant: fakeVariant{}, Event: "e", Site: "s", Engines: []EngineConfig{
		{Name: "a", Limits: Limits{Time: time.Minute}}, {Name: "b", Limits: Limits{Depth: 3}},
	}}
	rec := &GameRecord{Number: 3, Engines: []int{1, 0}, Start: time.Date(2026, 3, 4, 0, 0, 0, 0, time.UTC),
		Result: Result{Points: []float64{0.5, 0.5}, End: EndRepetition, Text: "Draw by threefold repetition"}}
	var b bytes.Buffer
	if err := WritePGN(&b, rec, &cfg); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[Date "2026.03.04"]`, `[Round "3"]`, `[North "b"]`, `[South "a"]`, `[Result "1/2-1/2"]`,
		`[Variant "fake"]`, `[NorthTimeControl "-"]`, `[SouthTimeControl "60"]`, "{Draw by threefold repetition} 1/2-1/2"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("PGN lacks %s:\n%s", want, b.String())
		}
	}
}

// fakeVariant only names seats, for the PGN writer.
type fakeVariant struct{ Chess }

func (fakeVariant) Name() string { return "fake" }
func (fakeVariant) Seats() []Seat {
	return []Seat{{Name: "North", Clock: "n"}, {Name: "South", Clock: "s"}}
}

func TestReadEPD(t *testing.T) {
	in := `# comment

rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - hmvc 0; fmvn 1; id "King's pawn"; c0 "1. e4";
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3
8/8/8/8/8/8/8/K1k5 w - - id "semi;colon";
`
	ops, err := ReadEPD(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []Opening{
		{ID: "King's pawn", FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		{FEN: "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"},
		{ID: "semi;colon", FEN: "8/8/8/8/8/8/8/K1k5 w - - 0 1"},
	}
	if len(ops) != len(want) {
		t.Fatalf("%d openings: %+v", len(ops), ops)
	}
	for i := range want {
		if ops[i].ID != want[i].ID || ops[i].FEN != want[i].FEN || len(ops[i].Moves) != 0 {
			t.Errorf("opening %d: %+v, want %+v", i, ops[i], want[i])
		}
	}
	if _, err := ReadEPD(strings.NewReader("8/8 w\n")); err == nil {
		t.Error("short line accepted")
	}
}

func TestReadPGNOpenings(t *testing.T) {
	in := `[Event "one"]
[Opening "Ruy Lopez"]

1. e4 e5 {a comment} 2. Nf3 (2. f4 exf4) Nc6 3.Bb5 $1 a6 *

[Event "two"]
[SetUp "1"]
[FEN "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"]

3. Bc4 Bc5 ; rest of line
4. c3 1-0
`
	ops, err := ReadPGNOpenings(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 2 {
		t.Fatalf("%d openings", len(ops))
	}
	if ops[0].ID != "Ruy Lopez" || ops[0].FEN != "" || !slices.Equal(ops[0].Moves, []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"}) {
		t.Errorf("%+v", ops[0])
	}
	if ops[1].ID != "two" || !strings.HasPrefix(ops[1].FEN, "r1bqkbnr") || !slices.Equal(ops[1].Moves, []string{"f1c4", "f8c5", "c2c3"}) {
		t.Errorf("%+v", ops[1])
	}
	if _, err := ReadPGNOpenings(strings.NewReader("1. e4 e4\n")); err == nil {
		t.Error("illegal PGN move accepted")
	}
}

func TestOrderOpenings(t *testing.T) {
	ops := []Opening{{ID: "a"}, {ID: "b"}, {ID: "c"}, {ID: "d"}}
	ids := func(o []Opening) string {
		var s []string
		for _, x := range o {
			s = append(s, x.ID)
		}
		return strings.Join(s, "")
	}
	if got := ids(OrderOpenings(ops, 0, false, 0)); got != "abcd" {
		t.Errorf("sequential %s", got)
	}
	if got := ids(OrderOpenings(ops, 3, false, 0)); got != "cdab" {
		t.Errorf("start=3 %s", got)
	}
	if ids(ops) != "abcd" {
		t.Error("input reordered")
	}

	// order=random: a permutation of the book, the same for the same
	// seed, another for another seed, and not the book's order. With 26
	// openings a real shuffle keeps the order by chance once in 26!; the
	// seeds are fixed, so these orders are fixed too.
	book := make([]Opening, 26)
	for i := range book {
		book[i].ID = string(rune('a' + i))
	}
	const abc = "abcdefghijklmnopqrstuvwxyz"
	sorted := func(s string) string {
		b := []byte(s)
		slices.Sort(b)
		return string(b)
	}
	r1, r2, r3 := ids(OrderOpenings(book, 0, true, 1)), ids(OrderOpenings(book, 0, true, 1)), ids(OrderOpenings(book, 0, true, 2))
	for _, r := range []string{r1, r3, ids(OrderOpenings(book, 5, true, 1))} {
		if sorted(r) != abc {
			t.Errorf("random order %s is not a permutation of the book", r)
		}
	}
	if r1 != r2 {
		t.Errorf("random order not reproducible: %s %s", r1, r2)
	}
	if r1 == abc || r3 == abc {
		t.Errorf("random order not shuffled: seed 1 %s, seed 2 %s", r1, r3)
	}
	if r1 == r3 {
		t.Errorf("seeds 1 and 2 give the same order %s", r1)
	}
	if ids(book) != abc {
		t.Error("book reordered")
	}
}

func TestParseArgs(t *testing.T) {
	args := strings.Fields(`-engine cmd=stockfish name=sf option.UCI_LimitStrength=true option.UCI_Elo=2000
		-engine cmd=./azar name=azar arg=-x option.Hash=64 tc=5+0.05
		-each tc=10+0.1 timemargin=50 option.Hash=16 -games 200 -concurrency 2
		-openings file=openings.epd order=random start=3 -pgnout file=out.pgn append=off
		-draw movenumber=40 movecount=8 score=10 -resign movecount=3 score=1000
		-sprt elo0=0 elo1=5 alpha=0.05 beta=0.1 -seed 42 -maxmoves 150 -event Test -debug`)
	c, err := ParseArgs(args)
	if err != nil {
		t.Fatal(err)
	}
	cfg := c.Config
	if len(cfg.Engines) != 2 || cfg.Games != 200 || cfg.Concurrency != 2 || cfg.Seed != 42 || cfg.MaxMoves != 150 || cfg.Event != "Test" || !c.Debug {
		t.Fatalf("%+v", cfg)
	}
	sf, az := cfg.Engines[0], cfg.Engines[1]
	if sf.Name != "sf" || sf.Cmd != "stockfish" || sf.Limits != (Limits{Time: 10 * time.Second, Inc: 100 * time.Millisecond, Margin: 50 * time.Millisecond}) {
		t.Errorf("sf %+v", sf)
	}
	if want := []Option{{"Hash", "16"}, {"UCI_LimitStrength", "true"}, {"UCI_Elo", "2000"}}; !slices.Equal(sf.Options, want) {
		t.Errorf("sf options %v, want %v", sf.Options, want)
	}
	if az.Limits.Time != 5*time.Second || az.Limits.Inc != 50*time.Millisecond || !slices.Equal(az.Args, []string{"-x"}) ||
		!slices.Equal(az.Options, []Option{{"Hash", "64"}}) {
		t.Errorf("azar %+v", az)
	}
	if c.Openings.File != "openings.epd" || !c.Openings.Random || c.Openings.Start != 3 || c.PGNFile != "out.pgn" || c.PGNAppend {
		t.Errorf("files %+v %q %v", c.Openings, c.PGNFile, c.PGNAppend)
	}
	if *cfg.Draw != (DrawRule{40, 8, 10}) || *cfg.Resign != (ResignRule{3, 1000}) {
		t.Errorf("adjudication %+v %+v", cfg.Draw, cfg.Resign)
	}
	if cfg.SPRT != (stats.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.1}) {
		t.Errorf("sprt %+v", cfg.SPRT)
	}

	c, err = ParseArgs([]string{"-engine", "cmd=a", "st=0.05", "-engine", "cmd=b", "nodes=1000", "depth=3", "restart=on"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Config.Engines[0].Limits.MoveTime != 50*time.Millisecond || c.Config.Engines[1].Limits.Nodes != 1000 ||
		c.Config.Engines[1].Limits.Depth != 3 || !c.Config.Engines[1].Restart || c.Config.Games != 2 {
		t.Errorf("%+v", c.Config)
	}

	for _, bad := range []string{
		"", "-engine cmd=a -engine cmd=b tc=x", "-engine cmd=a bogus=1", "-engine cmd=a -games x",
		"-engine cmd=a -games", "-engine cmd=a stray", "-engine cmd=a -frobnicate", "-engine cmd=a -sprt elo0=0",
		"-engine cmd=a -sprt elo0=5 elo1=0", "-engine cmd=a -draw movenumber=1 score=2", "-engine cmd=a -openings order=random",
		"-engine cmd=a -pgnout append=on", "-engine cmd=a -variant nosuch", "-engine cmd=a nodes=0", "-engine cmd=a proto=xboard",
	} {
		if _, err := ParseArgs(strings.Fields(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	if c, err := ParseArgs([]string{"-help"}); err != nil || !c.Help {
		t.Errorf("help: %v", err)
	}
}

// Main: the whole command line, PGN file and report included.
func TestMainCommand(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "out.pgn")
	args := []string{
		"-engine", "cmd=" + testEngine, "name=first", "arg=-mode=first",
		"-engine", "cmd=" + testEngine, "name=rand", "option.Mode=random", "option.Seed=3",
		"-each", "depth=1", "-games", "4", "-concurrency", "2", "-maxmoves", "20",
		"-openings", "file=" + bookFile, "order=random", "-seed", "9",
		"-pgnout", "file=" + pgn, "-sprt", "elo0=0", "elo1=10",
	}
	var stdout, stderr bytes.Buffer
	if err := Main(context.Background(), args, &stdout, &stderr); err != nil {
		t.Fatalf("Main: %v\n%s", err, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"Engines: first vs rand", "Games: 4, W: ", "Ptnml [", "SPRT: elo0=0 elo1=10", "continue"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(stderr.String(), "\n"); n != 4 || !strings.Contains(stderr.String(), "[4/4] ") || !strings.Contains(stderr.String(), "LLR ") {
		t.Errorf("progress:\n%s", stderr.String())
	}
	data, err := os.ReadFile(pgn)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(pgnGames(string(data))); n != 4 {
		t.Errorf("%d games in the PGN file", n)
	}
	// order=random reaches the games: the two opening pairs are the first
	// two of the book shuffled with -seed 9, not of the book as it lies.
	book, err := LoadOpenings(bookFile, "")
	if err != nil {
		t.Fatal(err)
	}
	shuffled := OrderOpenings(book, 0, true, 9)
	var tags []string
	for _, ln := range strings.Split(string(data), "\n") {
		if id, ok := strings.CutPrefix(ln, `[Opening "`); ok {
			tags = append(tags, strings.TrimSuffix(id, `"]`))
		}
	}
	slices.Sort(tags)
	want := []string{shuffled[0].ID, shuffled[0].ID, shuffled[1].ID, shuffled[1].ID}
	slices.Sort(want)
	if !slices.Equal(tags, want) || shuffled[0].ID == book[0].ID {
		t.Errorf("openings played %q, want %q (book starts with %q)", tags, want, book[0].ID)
	}
	// Appending by default.
	stdout.Reset()
	if err := Main(context.Background(), args, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	data, _ = os.ReadFile(pgn)
	if n := len(pgnGames(string(data))); n != 8 {
		t.Errorf("%d games after appending", n)
	}
	stdout.Reset()
	if err := Main(context.Background(), []string{"-help"}, &stdout, &stderr); err != nil || !strings.Contains(stdout.String(), "usage: azar match") {
		t.Errorf("help: %v %q", err, stdout.String())
	}
	if err := Main(context.Background(), []string{"-engine", "cmd=x", "depth=1", "-engine", "cmd=y", "depth=1", "-openings", "file=" + filepath.Join(dir, "none.epd")}, &stdout, &stderr); err == nil {
		t.Error("missing openings file: no error")
	}
}

// -rules sets the referee's rule options and sends the same rules to every
// engine as UCI options, in the values the engines' options take.
func TestParseArgsRules(t *testing.T) {
	c, err := ParseArgs(strings.Fields(`-variant lucky -engine cmd=a -engine cmd=b option.Lucky_Edition=first
		-rules edition=first mandatory_card=on king_capture=yes temporal_cards=none`))
	if err != nil {
		t.Fatal(err)
	}
	l, ok := c.Config.Variant.(Lucky)
	if !ok || l.Rules.Edition != lucky.FirstEdition || !l.Rules.MandatoryCard || !l.Rules.KingCapture || l.Rules.ExcludeTemporal != 1<<10-1 {
		t.Fatalf("referee rules %+v", c.Config.Variant)
	}
	want := []Option{{"Lucky_Edition", "first"}, {"Lucky_MandatoryCard", "true"}, {"Lucky_KingCapture", "true"}, {"Lucky_TemporalCards", "none"}}
	if got := c.Config.Engines[0].Options; !slices.Equal(got, want) {
		t.Errorf("engine 1 options %v, want %v", got, want)
	}
	if got := c.Config.Engines[1].Options; !slices.Equal(got, want) {
		t.Errorf("engine 2 options %v, want %v (its own Lucky_Edition=first kept once)", got, want)
	}

	c, err = ParseArgs(strings.Fields(`-variant spy -engine cmd=a -engine cmd=b -rules king_capture=on draw_claims=FIDE`))
	if err != nil {
		t.Fatal(err)
	}
	if s := c.Config.Variant.(Spy); !s.Rules.KingCapture || s.Rules.DrawClaims != spy.DrawFIDE {
		t.Fatalf("referee rules %+v", s.Rules)
	}
	if want := []Option{{"SpyKingCapture", "true"}, {"SpyDrawClaims", "fide"}}; !slices.Equal(c.Config.Engines[1].Options, want) {
		t.Errorf("options %v, want %v", c.Config.Engines[1].Options, want)
	}

	for _, bad := range []string{
		"-engine cmd=a -rules edition=first",                                            // chess has no rules
		"-variant lucky -engine cmd=a -rules editon=first",                              // unknown name
		"-variant lucky -engine cmd=a -rules edition=third",                             // bad value
		"-variant lucky -engine cmd=a -rules king_capture=on",                           // needs mandatory_card
		"-variant lucky -engine cmd=a option.Lucky_Edition=second -rules edition=first", // contradicts
		"-variant spy -engine cmd=a -rules edition=first",                               // lucky's option
		"-variant spy -engine cmd=a -rules king_capture",                                // no value
	} {
		if _, err := ParseArgs(strings.Fields(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// The -draw rule asks for MoveCount drawish moves of each seat in a row;
// after an elimination only the seats still in move, so the run is
// MoveCount times their number.
func TestDrawRunAfterElimination(t *testing.T) {
	drawish := Action{Number: 40, Score: Score{Valid: true, Value: 3}}
	run := func(eliminated int) int {
		a := &adjudicator{draw: &DrawRule{MoveNumber: 30, MoveCount: 2, Score: 10}, seats: 4, active: 4, resignRun: make([]int, 4)}
		for range eliminated {
			a.eliminate()
		}
		for n := 1; n <= 20; n++ {
			drawish.Seat = n % 4
			if r, ok := a.update(drawish); ok {
				if r.End != EndDrawAdjudicated || len(r.Points) != 4 {
					t.Fatalf("adjudicated %v with %d seats' points", r.End, len(r.Points))
				}
				return n
			}
		}
		return 0
	}
	for eliminated, want := range []int{8, 6, 4} {
		if got := run(eliminated); got != want {
			t.Errorf("%d seats eliminated: draw after %d drawish moves, want %d", eliminated, got, want)
		}
	}
}
