package match

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	gamerules "azar/variants"
	"azar/variants/chess"
	"azar/variants/magic"
)

var magicAdvanced = magic.Options{Mode: magic.Advanced}

func newMagicGame(t *testing.T, v Magic, seed uint64, o Opening) *magicGame {
	t.Helper()
	return newGame[*magicGame](t, v, seed, o)
}

func magicCard(t *testing.T, code string) magic.CardID {
	t.Helper()
	c, ok := magic.ParseCode(code)
	if !ok {
		t.Fatalf("no card %s", code)
	}
	return c
}

// magicSeed finds a seed whose deal (as newGame makes it) gives hands
// wanted: deals are a pure function of the seed.
func magicSeed(t *testing.T, v Magic, want func(w, b magic.CardSet) bool) uint64 {
	t.Helper()
	for seed := uint64(0); seed < 20000; seed++ {
		st := magic.New(v.Rules, rand.New(rand.NewPCG(seed, 0)).Uint64())
		w, _ := st.Hand(chess.White)
		b, _ := st.Hand(chess.Black)
		if want(w, b) {
			return seed
		}
	}
	t.Fatal("no seed deals the hands wanted")
	return 0
}

// playMagic plays toks, each by the seat to act, and amends the record
// as the runner does at the end of a game.
func playMagic(t *testing.T, g *magicGame, toks ...string) []Action {
	t.Helper()
	var acts []Action
	for _, tok := range toks {
		acts = append(acts, mustPlay(t, g, g.ToMove(), tok))
	}
	g.amendTexts(acts)
	return acts
}

// TestMagicDealAndPositions: the deal is magic.New's from a seed drawn
// from the game's source (the same seed, the same deal; another seed,
// another), each seat is told its own dealt hand only, a declined window
// (0000 or pass) goes into the history as pass, and refused actions leave
// the game as it was.
func TestMagicDealAndPositions(t *testing.T) {
	g := newMagicGame(t, Magic{}, 7, Opening{})
	want := magic.New(magic.Options{}, rand.New(rand.NewPCG(7, 0)).Uint64())
	w, _ := want.Hand(chess.White)
	b, _ := want.Hand(chess.Black)
	if w.Count() != 10 || b.Count() != 10 || w&b != 0 {
		t.Fatalf("deal %s / %s", w, b)
	}
	if g.Position(0) != "startpos hand "+w.String() || g.Position(1) != "startpos hand "+b.String() {
		t.Errorf("told %q and %q, dealt %s and %s", g.Position(0), g.Position(1), w, b)
	}
	if !slices.Equal(g.Tags(), []Tag{{"WhiteHand", w.String()}, {"BlackHand", b.String()}}) {
		t.Errorf("tags %v", g.Tags())
	}
	if h := newMagicGame(t, Magic{}, 7, Opening{}); h.Position(0) != g.Position(0) || h.Position(1) != g.Position(1) {
		t.Errorf("seed 7 deals twice differently")
	}
	if h := newMagicGame(t, Magic{}, 8, Opening{}); h.Position(0) == g.Position(0) {
		t.Errorf("seeds 7 and 8 deal the same")
	}

	a := mustPlay(t, g, 0, "e2e4")
	if a.Move != "e2e4" || a.Text != "e4" || a.Number != 1 || a.Cont || a.Secret {
		t.Errorf("e2e4 recorded as %+v", a)
	}
	// White holds cards: its END window is open.
	if g.ToMove() != 0 || g.st.Phase() != magic.PhEnd {
		t.Fatalf("after e2e4: seat %d, phase %s", g.ToMove(), g.st.Phase())
	}
	before := g.st.EncodeHands()
	for _, c := range []struct {
		seat int
		tok  string
	}{{1, "e7e5"}, {0, "e7e5"}, {0, "AM99"}, {0, "banana"}, {0, ""}, {0, "claim"}} {
		if _, err := g.Play(c.seat, c.tok); err == nil {
			t.Errorf("%q by seat %d accepted", c.tok, c.seat)
		}
	}
	if g.st.EncodeHands() != before || len(g.tokens) != 1 {
		t.Fatal("a refused action changed the game")
	}
	if a := mustPlay(t, g, 0, "0000"); a.Move != "pass" || !a.Secret {
		t.Errorf("0000 recorded as %+v", a)
	}
	if got, want := g.Position(1), "startpos hand "+b.String()+" moves e2e4 pass"; got != want {
		t.Errorf("Black told %q, want %q", got, want)
	}
	if got := g.Position(0); got != "startpos hand "+w.String()+" moves e2e4 pass" {
		t.Errorf("White told %q", got)
	}
	if a := mustPlay(t, g, 1, "g8f6"); a.Text != "Nf6" || a.Number != 1 || a.Cont {
		t.Errorf("g8f6 recorded as %+v", a)
	}

	// A FEN opening is refused, book actions are checked.
	if _, err := (Magic{}).NewGame(Opening{FEN: chess.StartFEN}, rand.New(rand.NewPCG(1, 0))); err == nil {
		t.Error("a FEN opening accepted")
	}
	if _, err := (Magic{}).NewGame(Opening{ID: "x", Moves: []string{"e2e4", "e7e5"}}, rand.New(rand.NewPCG(1, 0))); err == nil {
		t.Error("a book action out of its decision accepted")
	}
	if _, err := (Magic{Rules: magic.Options{HandSize: 11}}).NewGame(Opening{}, rand.New(rand.NewPCG(1, 0))); err == nil {
		t.Error("hand_size 11 accepted")
	}
	// hand_size deals that many.
	six := newMagicGame(t, Magic{Rules: magic.Options{HandSize: 6, Mode: magic.Advanced}}, 7, Opening{})
	if h, _ := six.st.Hand(chess.Black); h.Count() != 6 || !slices.Contains(six.Tags(), Tag{"MagicRules", "mode=advanced hand_size=6 draw_claims=automatic"}) {
		t.Errorf("hand_size 6: hand %s, tags %v", h, six.Tags())
	}
}

// TestMagicMateSave: the fool's mate, with every window declined, opens
// the mate-save window for the mated player, who is asked like for any
// decision; declining it ends the game. In advanced mode the check opens
// R-IMPACT for White first.
func TestMagicMateSave(t *testing.T) {
	for _, c := range []struct {
		rules magic.Options
		book  []string
	}{
		{magic.Options{}, []string{"f2f3", "pass", "e7e5", "pass", "g2g4", "pass", "d8h4", "pass"}},
		{magicAdvanced, []string{"f2f3", "pass", "e7e5", "pass", "g2g4", "pass", "d8h4", "pass", "pass"}},
	} {
		v := Magic{Rules: c.rules}
		g := newMagicGame(t, v, 3, Opening{Moves: c.book})
		var texts []string
		for _, tok := range c.book {
			a := mustPlay(t, g, g.ToMove(), tok)
			if !a.Secret {
				texts = append(texts, a.Text)
			}
		}
		if !slices.Equal(texts, []string{"f3", "e5", "g4", "Qh4+"}) {
			t.Errorf("%s: recorded %v", c.rules.Mode, texts)
		}
		if g.ToMove() != 0 || g.st.Phase() != magic.PhMS {
			t.Fatalf("%s: seat %d to act in phase %s", c.rules.Mode, g.ToMove(), g.st.Phase())
		}
		if got := g.Position(0); !strings.HasSuffix(got, " moves "+strings.Join(c.book, " ")) {
			t.Errorf("%s: White told %q", c.rules.Mode, got)
		}
		if _, over := g.Result(); over {
			t.Fatal("over before the mate-save window is declined")
		}
		mustPlay(t, g, 0, "0000")
		r, over := g.Result()
		if !over || r.End != EndCheckmate || r.PGN() != "0-1" || r.Text != "Black mates" {
			t.Errorf("%s: %+v over %v", c.rules.Mode, r, over)
		}
	}
}

// TestMagicCountered: a commitment stopped by a counter in R-COMMIT or by
// a ward is recorded with #countered, the counter's own record shows its
// window, and a reaction is written as a continuation of the turn it
// answers.
func TestMagicCountered(t *testing.T) {
	am01, am02, am35 := magicCard(t, "AM01"), magicCard(t, "AM02"), magicCard(t, "AM35")
	hasCounter := func(h magic.CardSet) bool { return h.Has(am01) || h.Has(am02) }
	counter := func(h magic.CardSet) string {
		if h.Has(am01) {
			return "AM01"
		}
		return "AM02"
	}

	// Classic: White's ward counters Black's mine at once.
	v := Magic{}
	g := newMagicGame(t, v, magicSeed(t, v, func(w, b magic.CardSet) bool { return hasCounter(w) && b.Has(am35) }), Opening{})
	w, _ := g.st.Hand(chess.White)
	acts := playMagic(t, g, counter(w), "AM35:e6")
	if acts[0].Text != counter(w)+"@MAIN()" || acts[1].Text != "AM35@MAIN(e6)#countered" || acts[1].Seat != 1 || acts[1].Cont {
		t.Errorf("classic ward: %+v", acts)
	}
	if !g.st.Discard().Has(am35) || magicWards(g.st, chess.White) != 0 {
		t.Errorf("classic ward: discard %s, effects %v", g.st.Discard(), g.st.Effects())
	}

	// Advanced: Black counters White's mine in R-COMMIT.
	v = Magic{Rules: magicAdvanced}
	g = newMagicGame(t, v, magicSeed(t, v, func(w, b magic.CardSet) bool { return w.Has(am35) && hasCounter(b) }), Opening{})
	b, _ := g.st.Hand(chess.Black)
	acts = playMagic(t, g, "AM35:e3", counter(b), "e7e5")
	if acts[0].Text != "AM35@MAIN(e3)#countered" || acts[1].Text != counter(b)+"@R-COMMIT()" ||
		!acts[1].Cont || acts[1].Seat != 1 || acts[1].Number != 1 || acts[2].Cont || acts[2].Text != "e5" {
		t.Errorf("advanced counter: %+v", acts)
	}

	// Advanced: a ward, then the card it stops after R-COMMIT is declined;
	// a card that is not stopped keeps its plain record.
	g = newMagicGame(t, v, magicSeed(t, v, func(w, b magic.CardSet) bool { return hasCounter(w) && b.Has(am35) }), Opening{})
	w, _ = g.st.Hand(chess.White)
	acts = playMagic(t, g, counter(w), "pass", "AM35:e6", "pass")
	if acts[0].Text != counter(w)+"@MAIN()" || acts[2].Text != "AM35@MAIN(e6)#countered" || !acts[3].Secret {
		t.Errorf("advanced ward: %+v", acts)
	}
	g = newMagicGame(t, v, magicSeed(t, v, func(w, b magic.CardSet) bool { return w.Has(am35) }), Opening{})
	acts = playMagic(t, g, "AM35:e3", "pass")
	if acts[0].Text != "AM35@MAIN(e3)" {
		t.Errorf("advanced mine: %+v", acts)
	}
}

// TestMagicIllegalReason: an action the rules refuse forfeits with the
// rules' reason in the record's text.
func TestMagicIllegalReason(t *testing.T) {
	g := newMagicGame(t, Magic{}, 1, Opening{})
	if _, err := g.Play(0, "AM99:zz"); err == nil {
		t.Fatal("AM99 accepted")
	}
	g.Forfeit(0, EndIllegal, "White makes an illegal move: AM99:zz")
	if r, _ := g.Result(); r.PGN() != "0-1" || !strings.HasPrefix(r.Text, `White makes an illegal move: AM99:zz (malformed action "AM99:zz": unknown card`) {
		t.Errorf("%+v", r)
	}
	g = newMagicGame(t, Magic{}, 1, Opening{})
	if _, err := g.Play(0, "e2e5"); err == nil {
		t.Fatal("e2e5 accepted")
	}
	g.Forfeit(0, EndIllegal, "White makes an illegal move: e2e5")
	if r, _ := g.Result(); r.Text != "White makes an illegal move: e2e5 (not legal in the start decision)" {
		t.Errorf("%+v", r)
	}
}

// magicFakeArg makes the test binary run the fake magic engine (see
// TestMain and runMagicFake).
const magicFakeArg = "magic-fake"

// runMagicFake is a fake magic UCI engine for the referee's tests: it
// appends every line it reads to -log, plays a random legal action of its
// own view (the built-in random or never player, seeded by the position
// so that a game replays), answers a declined window as `bestmove 0000`,
// and from the -bad'th go of a game on answers -answer instead.
func runMagicFake(args []string, in io.Reader, out io.Writer) int {
	fs := flag.NewFlagSet(magicFakeArg, flag.ContinueOnError)
	logPath := fs.String("log", "", "file that gets every line read")
	rules := fs.String("rules", "", "the rule options, name=value,...")
	kind := fs.String("kind", BuiltinRandom, "the built-in player behind the engine")
	bad := fs.Int("bad", 0, "the go of each game from which -answer is answered (0: never)")
	answer := fs.String("answer", "", "the bogus answer")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var v Magic
	if *rules != "" {
		for _, kv := range strings.Split(*rules, ",") {
			k, val, _ := strings.Cut(kv, "=")
			if err := v.Rules.Set(k, val); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 2
			}
		}
	}
	logf, err := os.OpenFile(*logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer logf.Close()
	w := bufio.NewWriter(out)
	say := func(s string) { w.WriteString(s + "\n"); w.Flush() }
	mv := v.newMover(*kind)
	position, gos := "", 0
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	for sc.Scan() {
		line := sc.Text()
		fmt.Fprintln(logf, line)
		first, rest, _ := strings.Cut(line, " ")
		switch first {
		case "uci":
			say("id name magicfake")
			say("uciok")
		case "isready":
			say("readyok")
		case "ucinewgame":
			mv, gos = v.newMover(*kind), 0
		case "position":
			position = rest
		case "go":
			gos++
			h := fnv.New64a()
			h.Write([]byte(position))
			tok, err := mv.move(position, rand.New(rand.NewPCG(h.Sum64(), 1)))
			switch {
			case *bad > 0 && gos >= *bad:
				tok = *answer
			case err != nil:
				fmt.Fprintln(os.Stderr, err)
				tok = "(none)"
			case tok == "pass":
				tok = "0000"
			}
			say("info depth 1 score cp 0")
			say("bestmove " + tok)
		case "quit":
			return 0
		}
	}
	return 0
}

// fakeMagic is the fake engine logging to log.
func fakeMagic(name, log string, flags ...string) EngineConfig {
	return EngineConfig{
		Name:   name,
		Cmd:    os.Args[0],
		Args:   append([]string{magicFakeArg, "-log", log}, flags...),
		Limits: Limits{Depth: 1},
	}
}

// TestMagicEngineTranscript plays two fake engines and checks every line
// each was sent: the handshake, then for each of its decisions exactly
// `position startpos hand <the hand dealt to its seat> moves <every
// action so far, declined windows as pass>` and `go depth 1`, in both
// colours and both modes. A declined window answered `bestmove 0000` is
// in the record and in the later positions as pass.
func TestMagicEngineTranscript(t *testing.T) {
	for _, rules := range []magic.Options{{}, magicAdvanced} {
		dir := t.TempDir()
		logs := []string{filepath.Join(dir, "a.log"), filepath.Join(dir, "b.log")}
		flags := []string{"-rules", "mode=" + rules.Mode.String()}
		cfg, _ := config(2, fakeMagic("a", logs[0], flags...), fakeMagic("b", logs[1], flags...))
		cfg.Variant, cfg.Seed, cfg.MaxMoves = Magic{Rules: rules}, 5, 40
		rep := run(t, cfg)
		want := [2][]string{}
		for e := range want {
			want[e] = []string{"uci", "setoption name UCI_Variant value magic", "isready"}
		}
		passes, reactions := 0, 0
		for _, rec := range rep.Games {
			if rec.Result.End.Forfeit() {
				t.Fatalf("%s game %d: %s", rules.Mode, rec.Number, rec.Result.Text)
			}
			hands := [2]string{tagValueOf(rec.Tags, "WhiteHand"), tagValueOf(rec.Tags, "BlackHand")}
			for e := range want {
				want[e] = append(want[e], "ucinewgame", "isready")
			}
			var history []string
			for _, a := range rec.Actions {
				e := rec.Engines[a.Seat]
				pos := "position startpos hand " + hands[a.Seat]
				if len(history) > 0 {
					pos += " moves " + strings.Join(history, " ")
				}
				want[e] = append(want[e], pos, "go depth 1")
				history = append(history, a.Move)
				if a.Move == "pass" {
					passes++
				}
				if strings.Contains(a.Text, "@R-") {
					reactions++
				}
			}
		}
		for e := range want {
			want[e] = append(want[e], "quit")
			data, err := os.ReadFile(logs[e])
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
			if !slices.Equal(got, want[e]) {
				for i := range min(len(got), len(want[e])) {
					if got[i] != want[e][i] {
						t.Fatalf("%s engine %d line %d:\n got %q\nwant %q", rules.Mode, e, i+1, got[i], want[e][i])
					}
				}
				t.Fatalf("%s engine %d: %d lines, want %d", rules.Mode, e, len(got), len(want[e]))
			}
		}
		if passes == 0 {
			t.Errorf("%s: no window declined in two games", rules.Mode)
		}
		if (reactions > 0) != (rules.Mode == magic.Advanced) {
			t.Errorf("%s: %d reactions", rules.Mode, reactions)
		}
	}
}

// TestMagicBogusEngine: an engine whose answer is malformed or not legal
// loses the game, in either colour, with the reason in the record and the
// PGN.
func TestMagicBogusEngine(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ answer, reason string }{
		{"AM99:zz", `(malformed action "AM99:zz"`},
		{"e2e5", "(not legal in the "},
		{"(none)", `(malformed action "(none)"`},
	} {
		cheat := fakeMagic("cheat", filepath.Join(dir, "cheat.log"), "-bad", "3", "-answer", c.answer)
		honest := fakeMagic("honest", filepath.Join(dir, "honest.log"))
		cfg, pgn := config(2, cheat, honest)
		cfg.Variant, cfg.Seed = Magic{}, 9
		rep := run(t, cfg)
		for _, rec := range rep.Games {
			seat := slices.Index(rec.Engines, 0)
			r := rec.Result
			if r.End != EndIllegal || r.Points[seat] != 0 || r.Points[1-seat] != 1 ||
				!strings.HasPrefix(r.Text, seatName(seat)+" makes an illegal move: "+c.answer+" "+c.reason) {
				t.Errorf("%s, game %d: %+v", c.answer, rec.Number, r)
			}
		}
		if !strings.Contains(pgn.String(), `[Termination "rules infraction"]`) || !strings.Contains(pgn.String(), c.reason) {
			t.Errorf("PGN:\n%s", pgn)
		}
	}
}

// pgnTags reads a PGN game's tag pairs.
func pgnTags(game string) []Tag {
	var tags []Tag
	for _, ln := range strings.Split(game, "\n") {
		if !strings.HasPrefix(ln, "[") {
			continue
		}
		name, val, _ := strings.Cut(strings.TrimPrefix(ln, "["), " ")
		tags = append(tags, Tag{name, strings.TrimSuffix(strings.TrimPrefix(val, `"`), `"]`)})
	}
	return tags
}

// pgnMovetext is a PGN game's movetext.
func pgnMovetext(game string) string {
	_, text, _ := strings.Cut(game, "\n\n")
	return text
}

// TestMagicBuiltinMatch plays the built-in random player against itself
// and against the never player, classic and advanced: every game ends
// without a forfeit, replays from the seed through Play, and replays from
// its PGN alone (the deal tags and the movetext, declined windows put
// back) through variants/magic to the same state; the 40 cards are all
// accounted for; a second run plays the same games.
func TestMagicBuiltinMatch(t *testing.T) {
	games := 8
	if testing.Short() {
		games = 2
	}
	for _, rules := range []magic.Options{{}, magicAdvanced} {
		for _, opponent := range []string{BuiltinRandom, BuiltinNever} {
			v := Magic{Rules: rules}
			cfg, pgn := config(games, EngineConfig{Name: "random", Builtin: BuiltinRandom}, EngineConfig{Name: opponent + "2", Builtin: opponent})
			cfg.Variant, cfg.Seed, cfg.MaxMoves, cfg.Concurrency = v, 11, 150, 2
			rep := run(t, cfg)
			if len(rep.Games) != games {
				t.Fatalf("%d games", len(rep.Games))
			}
			byRound := map[string]string{}
			for _, g := range pgnGames(pgn.String()) {
				byRound[tagValue(g, "Round")] = g
			}
			cards, ends := 0, map[End]int{}
			for _, rec := range rep.Games {
				name := fmt.Sprintf("%s %s game %d", rules.Mode, opponent, rec.Number)
				if rec.Result.End.Forfeit() {
					t.Fatalf("%s: %s", name, rec.Result.Text)
				}
				ends[rec.Result.End]++
				g, err := Replay(v, cfg.Seed, rec)
				if err != nil {
					t.Fatalf("%s does not replay: %v", name, err)
				}
				st, _ := MagicState(g)
				if st.CardCount() != magic.NumCards {
					t.Errorf("%s: %d cards accounted for", name, st.CardCount())
				}
				r, over := g.Result()
				if over != (rec.Result.End != EndMoveLimit) || (over && (r.End != rec.Result.End || r.PGN() != rec.Result.PGN())) {
					t.Errorf("%s replays to %+v, recorded %+v", name, r, rec.Result)
				}
				game := byRound[fmt.Sprint(rec.Number)]
				fromPGN, err := ReplayMagic(pgnTags(game), pgnMovetext(game))
				if err != nil {
					t.Fatalf("%s: the PGN does not replay: %v\n%s", name, err, game)
				}
				if fromPGN.EncodeHands() != st.EncodeHands() {
					t.Errorf("%s: from the PGN\n%s\nfrom the record\n%s", name, fromPGN.EncodeHands(), st.EncodeHands())
				}
				for _, a := range rec.Actions {
					if strings.HasPrefix(a.Move, "AM") {
						cards++
						if rec.Engines[a.Seat] == 1 && opponent == BuiltinNever {
							t.Errorf("%s: the never player committed %s", name, a.Move)
						}
					}
				}
			}
			if cards == 0 {
				t.Errorf("%s %s: no card committed", rules.Mode, opponent)
			}
			t.Logf("%s v %s: %d commitments, endings %v", rules.Mode, opponent, cards, ends)

			cfg.PGN = &bytes.Buffer{}
			rep2 := run(t, cfg)
			moves := func(r *Report) map[int][]string {
				m := map[int][]string{}
				for _, rec := range r.Games {
					for _, a := range rec.Actions {
						m[rec.Number] = append(m[rec.Number], a.Move)
					}
				}
				return m
			}
			m1, m2 := moves(rep), moves(rep2)
			for n, ms := range m1 {
				if !slices.Equal(ms, m2[n]) {
					t.Errorf("%s %s game %d differs between two runs", rules.Mode, opponent, n)
				}
			}
		}
	}
}

// TestMagicBuiltinPlayers: the built-in players answer from their own
// view; the never player passes every window and commits no card; bad
// positions are errors.
func TestMagicBuiltinPlayers(t *testing.T) {
	g := newMagicGame(t, Magic{Rules: magicAdvanced}, 4, Opening{})
	never, err := newBuiltin(Magic{Rules: magicAdvanced}, BuiltinNever)
	if err != nil {
		t.Fatal(err)
	}
	random, _ := newBuiltin(Magic{Rules: magicAdvanced}, BuiltinRandom)
	sawCard := false
	for i := 0; i < 60; i++ {
		if _, over := g.Result(); over {
			break
		}
		s := g.ToMove()
		never.seed(1, i, s)
		r, err := never.Go(context.Background(), g.Position(s), "", time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(r.Move, "AM") || r.Move == "claim" {
			t.Fatalf("never answers %s", r.Move)
		}
		if ph := g.st.Phase(); (ph == magic.PhEnd || ph == magic.PhRCommit || ph == magic.PhRImpact || ph == magic.PhMS) != (r.Move == "pass") {
			t.Fatalf("never answers %s in phase %s", r.Move, ph)
		}
		random.seed(1, i, s)
		rr, err := random.Go(context.Background(), g.Position(s), "", time.Second)
		if err != nil {
			t.Fatal(err)
		}
		sawCard = sawCard || strings.HasPrefix(rr.Move, "AM")
		mustPlay(t, g, s, rr.Move)
	}
	if !sawCard {
		t.Error("the random player committed no card in 60 actions")
	}
	for _, k := range []string{BuiltinGreedy} {
		if _, err := newBuiltin(Magic{}, k); err == nil || err.Error() != "builtin=greedy: the variant magic has no greedy player (it has: random, never)" {
			t.Errorf("%s: %v", k, err)
		}
	}
	if _, err := newBuiltin(Chess{}, BuiltinNever); err == nil {
		t.Error("a never chess player")
	}
	w, _ := g.st.Hand(chess.White)
	for _, bad := range []string{"", "startpos", "startpos moves e2e4", "startpos hand AM01", "startpos hand " + w.String() + " e2e4",
		"fen x", "startpos hand " + w.String() + " moves e7e5", "startpos hand AM01,AM01,AM02,AM03,AM04,AM05,AM06,AM07,AM08,AM09"} {
		if _, err := random.Go(context.Background(), bad, "", time.Second); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestMagicRulesFlag: -rules sets the referee's magic options and sends
// them to every engine as Magic_Mode, Magic_HandSize, Magic_DrawClaims.
func TestMagicRulesFlag(t *testing.T) {
	base := []string{"-variant", "magic", "-engine", "cmd=a", "-engine", "cmd=b", "-each", "nodes=100"}
	c, err := ParseArgs(append(slices.Clone(base), "-rules", "mode=advanced", "hand_size=6", "draw_claims=fide"))
	if err != nil {
		t.Fatal(err)
	}
	want := magic.Options{Mode: magic.Advanced, HandSize: 6, DrawClaims: magic.ClaimsFIDE}
	if v, ok := c.Config.Variant.(Magic); !ok || v.Rules != want {
		t.Errorf("variant %#v", c.Config.Variant)
	}
	opts := []Option{{"Magic_Mode", "advanced"}, {"Magic_HandSize", "6"}, {"Magic_DrawClaims", "fide"}}
	for _, e := range c.Config.Engines {
		if !slices.Equal(e.Options, opts) {
			t.Errorf("engine options %v", e.Options)
		}
	}
	for _, bad := range [][]string{{"-rules", "mode=fast"}, {"-rules", "hand_size=0"}, {"-rules", "hand_size=11"}, {"-rules", "deck=40"}} {
		if _, err := ParseArgs(append(slices.Clone(base), bad...)); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	if _, err := ParseArgs([]string{"-variant", "magic", "-engine", "cmd=a", "option.Magic_Mode=classic", "-engine", "cmd=b", "-rules", "mode=advanced"}); err == nil {
		t.Error("an engine with other rules accepted")
	}
}

// FuzzMagicBuiltinPosition: whatever the position argument, a built-in
// magic player answers an action legal in its view of it, or an error;
// never a panic.
func FuzzMagicBuiltinPosition(f *testing.F) {
	g, _ := (Magic{}).NewGame(Opening{}, rand.New(rand.NewPCG(2, 0)))
	for _, s := range []string{g.Position(0), g.Position(1), g.Position(0) + " moves e2e4 pass", g.Position(1) + " moves e2e4 pass",
		"startpos hand -", "startpos hand AM01 moves", "startpos hand AM41", "position startpos", g.Position(0) + " moves e2e4 pass e7e5 pass AM13:b1,d4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, kind := range []string{BuiltinRandom, BuiltinNever} {
			b, _ := newBuiltin(Magic{}, kind)
			b.rng = rand.New(rand.NewPCG(1, 2))
			r, err := b.Go(context.Background(), s, "", time.Second)
			if err != nil {
				continue
			}
			hand, moves, err := parseMagicPosition(s)
			if err != nil {
				t.Fatalf("%q: answered %s to a position that does not parse", s, r.Move)
			}
			ok := false
			for seat := chess.White; seat <= chess.Black && !ok; seat++ {
				v, err := magicView(magic.Options{}, hand, seat)
				if err != nil || v.ApplyTokens(moves...) != nil || v.ToAct() != gamerules.Player(seat) {
					continue
				}
				_, err = v.ParseAction(r.Move)
				ok = err == nil
			}
			if !ok {
				t.Fatalf("%q: %s answers %s, not legal in its view", s, kind, r.Move)
			}
		}
	})
}

// TestMagicMatchReplay plays Azar against Azar that never commits a card
// (Magic_Cards=never), classic and advanced, at a fixed node count: no
// forfeit, every game replays from the seed and from its PGN to the same
// state, the never engine commits nothing, and a second run plays the
// same games.
func TestMagicMatchReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("plays magic games")
	}
	for _, rules := range []magic.Options{{}, magicAdvanced} {
		mode := Option{"Magic_Mode", rules.Mode.String()}
		cfg, _ := config(2, azarEngine("search", 200, mode, Option{"Magic_Worlds", "2"}),
			azarEngine("never", 200, mode, Option{"Magic_Cards", "never"}))
		cfg.Variant, cfg.Seed, cfg.MaxMoves = Magic{Rules: rules}, 5, 20
		cards := 0
		replayed := map[string]string{}
		_, pgn := replayedMatch(t, cfg, func(rec *GameRecord, g Game) {
			st, _ := MagicState(g)
			replayed[fmt.Sprint(rec.Number)] = st.EncodeHands()
			for _, a := range rec.Actions {
				if strings.HasPrefix(a.Move, "AM") {
					cards++
					if rec.Engines[a.Seat] == 1 {
						t.Errorf("%s game %d: the never engine committed %s", rules.Mode, rec.Number, a.Move)
					}
				}
			}
		})
		if cards == 0 {
			t.Errorf("%s: no card committed in two games", rules.Mode)
		}
		for _, game := range pgnGames(pgn) {
			st, err := ReplayMagic(pgnTags(game), pgnMovetext(game))
			if err != nil {
				t.Fatalf("%s: %v\n%s", rules.Mode, err, game)
			}
			if round := tagValue(game, "Round"); st.EncodeHands() != replayed[round] {
				t.Errorf("%s game %s: from the PGN\n%s\nfrom the record\n%s", rules.Mode, round, st.EncodeHands(), replayed[round])
			}
		}
	}
}

// TestMagicInCheck: the record's check mark follows the game's attacks: a
// wall blocks a line, a winged bishop attacks the knight squares.
func TestMagicInCheck(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want bool
	}{
		{"8/8/8/8/R6k/8/8/4K3 b - - 0 1 hands=0,0 discard=- effects=- pool=-/-", true},
		{"8/8/8/8/R6k/8/8/4K3 b - - 0 1 hands=0,0 discard=- effects=AM34w#2@d4 pool=-/-", false},
		{"8/8/8/8/8/3k4/8/2B1K3 b - - 0 1 hands=0,0 discard=- effects=- pool=-/-", false},
		{"8/8/8/8/8/3k4/8/2B1K3 b - - 0 1 hands=0,0 discard=- effects=AM32w#2@c1 pool=-/-", true},
	} {
		st, err := magic.ParseState(c.fen, magic.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := magicInCheck(st, chess.Black); got != c.want {
			t.Errorf("%s: Black in check %v, want %v", c.fen, got, c.want)
		}
	}
}

// TestMagicCanPass: the windows a record leaves out when declined — and
// the stalemate window of rules §6.2, where a pass at the turn's start
// accepts the stalemate (decision 9), so that a record ending in one
// replays to its end; an ordinary turn start is no window.
func TestMagicCanPass(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want bool
	}{
		{"4k3/8/8/8/8/8/5PPP/r5K1 w - - 0 1 hands=1,0 white=AM12 discard=- effects=AM34w#1@c1 pool=-/-", true},
		{"4k3/8/8/8/8/8/5PPP/r5K1 w - - 0 1 hands=0,0 discard=- effects=AM34w#1@c1 pool=-/-", false},
		{"4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1 hands=1,0 white=AM12 discard=- effects=- pool=-/-", false},
	} {
		st, err := magic.ParseState(c.fen, magic.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := magicCanPass(st); got != c.want {
			t.Errorf("%s: magicCanPass %v, want %v (phase %v, legal %d)", c.fen, got, c.want, st.Phase(), len(st.Legal(nil)))
		}
	}
}

// TestReplayMagicStrideOrCastling: where Black may both castle long and,
// under AM31, stride the king from e8 to c8, the record's "Kc8" is the
// stride (the rook stays on a8) and "O-O-O" the castling (the rook goes to
// d8). The replay once built its move from the square "e8c8", which found
// the castling first, and refused "Kc8" as no legal move (three games of
// 300 in a belief match, 2026-12-07).
func TestReplayMagicStrideOrCastling(t *testing.T) {
	tags := []Tag{
		{Name: "WhiteHand", Value: "AM04,AM08,AM14,AM21,AM22,AM26,AM29,AM30,AM36,AM37"},
		{Name: "BlackHand", Value: "AM05,AM10,AM11,AM13,AM15,AM18,AM24,AM27,AM28,AM31"},
	}
	opening := "1. d4 d5 2. Nf3 Nc6 3. Bf4 Bf5 4. e3 Qd7 5. a3 AM31@PRE() "
	for _, c := range []struct{ move, king, rook string }{
		{"Kc8", "c8", "a8"},
		{"O-O-O", "c8", "d8"},
	} {
		st, err := ReplayMagic(tags, opening+c.move)
		if err != nil {
			t.Fatalf("%s: %v", c.move, err)
		}
		p := st.Position()
		king, _ := chess.ParseSquare(c.king)
		rook, _ := chess.ParseSquare(c.rook)
		if p.At(king) != chess.MakePiece(chess.Black, chess.King) || p.At(rook) != chess.MakePiece(chess.Black, chess.Rook) {
			t.Errorf("%s: want the king on %s and a rook on %s: %s", c.move, c.king, c.rook, st.Encode())
		}
	}
}
