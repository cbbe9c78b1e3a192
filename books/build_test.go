package books

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"azar/variants/chess"
)

func readGames(t testing.TB, pgn string) []chess.Game {
	t.Helper()
	gs, err := chess.ReadPGN(strings.NewReader(pgn))
	if err != nil {
		t.Fatal(err)
	}
	return gs
}

// TestBuildWeights checks make-book's rules on games small enough to count
// by hand: 2 per win and 1 per draw for the side that moved, losses kept
// out, MinGame, MaxPly, and the order (key, then weight, highest first).
func TestBuildWeights(t *testing.T) {
	games := readGames(t, `
[Result "1-0"]
1. e4 e5 2. Nf3 1-0

[Result "0-1"]
1. e4 c5 0-1

[Result "1/2-1/2"]
1. d4 d5 1/2-1/2

[Result "*"]
1. e4 e5 *
`)
	start := chess.NewPosition()
	k0 := Key(start)
	kE4 := Key(play(t, chess.StartFEN, "e2e4"))
	kE4E5 := Key(play(t, chess.StartFEN, "e2e4 e7e5"))
	kD4 := Key(play(t, chess.StartFEN, "d2d4"))
	mv := func(fen, moves, m string) uint16 {
		p := play(t, fen, moves)
		x, err := p.ParseUCIMove(m)
		if err != nil {
			t.Fatal(err)
		}
		return EncodeMove(x)
	}
	e4, d4 := mv(chess.StartFEN, "", "e2e4"), mv(chess.StartFEN, "", "d2d4")
	e5, c5 := mv(chess.StartFEN, "e2e4", "e7e5"), mv(chess.StartFEN, "e2e4", "c7c5")
	d5 := mv(chess.StartFEN, "d2d4", "d7d5")
	nf3 := mv(chess.StartFEN, "e2e4 e7e5", "g1f3")

	want := map[uint64][]Entry{
		// e4: a win, a loss, a draw = 3; d4: a draw = 1.
		k0: {{Key: k0, Move: e4, Weight: 3}, {Key: k0, Move: d4, Weight: 1}},
		// e5: lost once, drawn once = 1; c5: won = 2.
		kE4:   {{Key: kE4, Move: c5, Weight: 2}, {Key: kE4, Move: e5, Weight: 1}},
		kE4E5: {{Key: kE4E5, Move: nf3, Weight: 2}},
		kD4:   {{Key: kD4, Move: d5, Weight: 1}},
	}
	got, err := Build(games, BuildOptions{MaxPly: 1024, MinGame: 1})
	if err != nil {
		t.Fatal(err)
	}
	checkSorted(t, got)
	byKey := map[uint64][]Entry{}
	for _, e := range got {
		byKey[e.Key] = append(byKey[e.Key], e)
	}
	if fmt.Sprint(byKey) != fmt.Sprint(want) {
		t.Errorf("Build = %v\nwant %v", byKey, want)
	}

	// MinGame 2: only e4 (3 games) and e5 (2 games) stay.
	got, _ = Build(games, BuildOptions{MaxPly: 1024, MinGame: 2})
	if len(got) != 2 || got[0].Key == got[1].Key {
		t.Errorf("MinGame 2: %v, want e4 from the start and e5 after it", got)
	}
	// MaxPly 1: the start position only.
	got, _ = Build(games, BuildOptions{MaxPly: 1, MinGame: 1})
	if len(got) != 2 || got[0].Key != k0 || got[1].Key != k0 {
		t.Errorf("MaxPly 1: %v, want the two moves of the start", got)
	}
	if _, err := Build(games, BuildOptions{MaxPly: 10, MinGame: 0}); err == nil {
		t.Error("MinGame 0 accepted")
	}
}

// TestBuildHalving checks the 16-bit guard: when one move of a position
// reaches 16384 games, all its moves' counts and scores are halved,
// rounding up.
func TestBuildHalving(t *testing.T) {
	var b strings.Builder
	b.WriteString("[Result \"1-0\"]\n1. d4 1-0\n\n")
	for i := 0; i <= countMax; i++ {
		b.WriteString("[Result \"1-0\"]\n1. e4 1-0\n\n")
	}
	got, err := Build(readGames(t, b.String()), BuildOptions{MaxPly: 1, MinGame: 1})
	if err != nil {
		t.Fatal(err)
	}
	// d4 (1 game, 2) is halved with e4 to (1, 1); e4 (16384 games, 32768)
	// becomes (8192, 16384), then one more win: 16386.
	if len(got) != 2 || got[0].Weight != 16386 || got[1].Weight != 1 {
		t.Errorf("weights %v, want e4 16386 and d4 1", got)
	}
}

// TestBuildHalvingRoundsOddUp: the halving rounds odd games and scores up
// (make-book's (n+1)/2), which TestBuildHalving, all of whose scores are
// even, does not show. Before e4's 16384th game: d4 2 games scoring 3 (a
// win, a draw), c4 1 game scoring 1 (a draw), e4 16384 games scoring
// 32767 (a draw first, then wins). Halved: d4 (1, 2), c4 (1, 1), e4
// (8192, 16384); one more e4 win makes 16386. Rounding down would give d4
// 1, drop c4 (no game left) and leave e4 at 16385.
func TestBuildHalvingRoundsOddUp(t *testing.T) {
	var b strings.Builder
	for _, g := range []string{"1-0\"]\n1. d4 1-0", "1/2-1/2\"]\n1. d4 1/2-1/2", "1/2-1/2\"]\n1. c4 1/2-1/2", "1/2-1/2\"]\n1. e4 1/2-1/2"} {
		b.WriteString("[Result \"" + g + "\n\n")
	}
	for i := 1; i <= countMax; i++ { // 16383 wins to the halving, one after
		b.WriteString("[Result \"1-0\"]\n1. e4 1-0\n\n")
	}
	got, err := Build(readGames(t, b.String()), BuildOptions{MaxPly: 1, MinGame: 1})
	if err != nil {
		t.Fatal(err)
	}
	start := chess.NewPosition()
	want := map[string]uint16{"e2e4": 16386, "d2d4": 2, "c2c4": 1}
	if len(got) != len(want) {
		t.Fatalf("entries %v, want e4 16386, d4 2, c4 1", got)
	}
	for _, e := range got {
		m, ok := DecodeMove(start, e.Move)
		if !ok || want[m.String()] != e.Weight {
			t.Errorf("entry %s weight %d; want e4 16386, d4 2, c4 1", PolyglotString(e.Move), e.Weight)
		}
	}
}

func checkSorted(t *testing.T, es []Entry) {
	t.Helper()
	for i := 1; i < len(es); i++ {
		a, b := es[i-1], es[i]
		if a.Key > b.Key || a.Key == b.Key && a.Weight < b.Weight {
			t.Fatalf("entries %d and %d out of order: %+v %+v", i, i+1, a, b)
		}
	}
}

// polyglotPath finds PolyGlot (Debian installs it in /usr/games, often not
// on PATH).
func polyglotPath() string {
	if p, err := exec.LookPath("polyglot"); err == nil {
		return p
	}
	if st, err := os.Stat("/usr/games/polyglot"); err == nil && st.Mode()&0o111 != 0 {
		return "/usr/games/polyglot"
	}
	return ""
}

// TestMatchesPolyglot builds books from the same games with PolyGlot 2.0.4
// make-book and with Build and wants the same bytes: every key, move,
// weight and the order. PolyGlot must be installed (scripts/install-test-
// tools.sh does it for make test); AZAR_NO_POLYGLOT=1 skips the test.
func TestMatchesPolyglot(t *testing.T) {
	pg := polyglotPath()
	if pg == "" {
		if os.Getenv("AZAR_NO_POLYGLOT") == "1" {
			t.Skip("polyglot is not installed and AZAR_NO_POLYGLOT=1: the comparison with PolyGlot make-book is skipped")
		}
		t.Fatal("polyglot not found on PATH or in /usr/games: run scripts/install-test-tools.sh (Debian package polyglot), or set AZAR_NO_POLYGLOT=1 to skip this test")
	}
	games, err := filepath.Abs("testdata/games.pgn")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	halving := filepath.Join(dir, "halving.pgn")
	hpgn, e4s := halvingPGN()
	if e4s <= countMax {
		t.Fatalf("the halving games start 1. e4 only %d times, want more than %d", e4s, countMax)
	}
	if err := os.WriteFile(halving, []byte(hpgn), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, pgn string
		args      []string
		opt       BuildOptions
	}{
		{"defaults", games, nil, DefaultBuildOptions()},
		{"min-game 1", games, []string{"-min-game", "1"}, BuildOptions{MaxPly: 1024, MinGame: 1}},
		{"max-ply 7", games, []string{"-max-ply", "7", "-min-game", "1"}, BuildOptions{MaxPly: 7, MinGame: 1}},
		{"halving", halving, []string{"-min-game", "1"}, BuildOptions{MaxPly: 1024, MinGame: 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ref := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+".bin")
			cmd := exec.Command(pg, append([]string{"make-book", "-pgn", c.pgn, "-bin", ref}, c.args...)...)
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("polyglot make-book: %v\n%s", err, out)
			}
			want, err := os.ReadFile(ref)
			if err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(c.pgn)
			if err != nil {
				t.Fatal(err)
			}
			es, err := Build(readGames(t, string(data)), c.opt)
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if err := Write(&got, es); err != nil {
				t.Fatal(err)
			}
			if len(want) == 0 {
				t.Fatal("PolyGlot wrote an empty book: the case tests nothing")
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("%d bytes from Build, %d from PolyGlot; first difference: %s", got.Len(), len(want), firstDifference(got.Bytes(), want))
			}
		})
	}
}

// halvingPGN is games enough for the start position's counts to pass
// 16384 and be halved, with wins, losses and draws mixed so that weights
// and ties come out uneven; it also returns how many start with 1. e4.
func halvingPGN() (pgn string, e4s int) {
	lines := []string{
		"1. e4 e5 2. Nf3 Nc6 1-0",
		"1. e4 c5 2. Nf3 d6 0-1",
		"1. e4 e5 2. Nf3 Nf6 1/2-1/2",
		"1. d4 d5 2. c4 1-0",
		"1. e4 c5 2. c3 1/2-1/2",
		"1. Nf3 d5 0-1",
	}
	var b strings.Builder
	for i := 0; i < 26000; i++ {
		l := lines[i*7%len(lines)]
		if i%11 == 0 {
			l = lines[(i/11)%len(lines)]
		}
		if strings.HasPrefix(l, "1. e4") {
			e4s++
		}
		fmt.Fprintf(&b, "[Result \"%s\"]\n\n%s\n\n", l[strings.LastIndexByte(l, ' ')+1:], l)
	}
	return b.String(), e4s
}

func firstDifference(got, want []byte) string {
	n := min(len(got), len(want)) / EntrySize
	bg, _ := Parse(got[:n*EntrySize])
	bw, _ := Parse(want[:n*EntrySize])
	for i := 0; i < n; i++ {
		if g, w := bg.entries[i], bw.entries[i]; g != w {
			return fmt.Sprintf("entry %d: got %016x %s %d, want %016x %s %d", i+1,
				g.Key, PolyglotString(g.Move), g.Weight, w.Key, PolyglotString(w.Move), w.Weight)
		}
	}
	return fmt.Sprintf("the first %d entries agree; the lengths differ", n)
}
