package chess

import (
	"strings"
	"testing"
)

// The opera game (Morphy v Duke Karl / Count Isouard, Paris 1858), with a
// comment, a variation, NAGs and a glued move number to read over.
const operaPGN = `[Event "Paris"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 {This is a weak move already.} 4. dxe5 Bxf3 5.
Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 $1 qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+
Nbd7 12. O-O-O Rd8 13. Rxd7 (13. Bxd7+ Rxd7 14. Rxd7) 13... Rxd7 14. Rd1 Qe6
15. Bxd7+ Nxd7 16.Qb8+ Nxb8 17. Rd8# 1-0
`

func TestReadPGNOperaGame(t *testing.T) {
	// "qe7" is not SAN: the reader must say which ply fails.
	if _, err := ReadPGN(strings.NewReader(operaPGN)); err == nil || !strings.Contains(err.Error(), "game 1: ply 14") {
		t.Fatalf("bad SAN: err = %v, want game 1: ply 14", err)
	}
	games, err := ReadPGN(strings.NewReader(strings.Replace(operaPGN, "qe7", "Qe7", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 1 {
		t.Fatalf("%d games, want 1", len(games))
	}
	g := games[0]
	if len(g.Moves) != 33 || g.Result != "1-0" || g.Tag("White") != "Paul Morphy" {
		t.Fatalf("moves %d result %q white %q", len(g.Moves), g.Result, g.Tag("White"))
	}
	if g.Moves[24].String() != "d1d7" || g.Moves[25].String() != "d8d7" {
		t.Errorf("variation leaked into the main line: ply 25/26 = %s %s", g.Moves[24], g.Moves[25])
	}
	if len(g.Comments) != 33 || g.Comments[5] != "This is a weak move already." {
		t.Errorf("comments = %q", g.Comments)
	}
	end, _ := g.End()
	if end.Status(false) != Checkmate {
		t.Errorf("final position %s is not mate", end.FEN())
	}
}

func TestWritePGNRoundTrip(t *testing.T) {
	games, err := ReadPGN(strings.NewReader(strings.Replace(operaPGN, "qe7", "Qe7", 1)))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := WritePGN(&b, &games[0]); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"[Event \"Paris\"]\n[Site \"Paris FRA\"]\n[Date \"1858.??.??\"]\n[Round \"?\"]\n[White \"Paul Morphy\"]\n",
		"3. d4 Bg4 {This is a weak move already.} 4. dxe5",
		"12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1",
		"Rd8# 1-0\n\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for _, ln := range strings.Split(out, "\n") {
		if len(ln) > 79 {
			t.Errorf("line of %d characters: %q", len(ln), ln)
		}
	}
	again, err := ReadPGN(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if len(again) != 1 || len(again[0].Moves) != 33 {
		t.Fatalf("reread: %d games", len(again))
	}
	for i, m := range again[0].Moves {
		if m != games[0].Moves[i] {
			t.Fatalf("ply %d: %s, want %s", i+1, m, games[0].Moves[i])
		}
	}
}

func TestPGNFromFEN(t *testing.T) {
	const fen = "4k3/8/4K3/8/8/8/8/R7 b - - 0 40"
	p, _ := ParseFEN(fen)
	m, err := p.ParseSAN("Kf8")
	if err != nil {
		t.Fatal(err)
	}
	p.Make(m)
	m2, _ := p.ParseSAN("Ra8")
	g := Game{FEN: fen, Moves: []Move{m, m2}, Result: "1-0"}
	g.SetTag("White", "A")
	g.SetTag("Annotator", "Azar")
	var b strings.Builder
	if err := WritePGN(&b, &g); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.Contains(out, "[SetUp \"1\"]\n[FEN \""+fen+"\"]\n[Annotator \"Azar\"]\n\n40... Kf8 41. Ra8+ 1-0") {
		t.Fatalf("output:\n%s", out)
	}
	games, err := ReadPGN(strings.NewReader(out))
	if err != nil || len(games) != 1 || games[0].FEN != fen || len(games[0].Moves) != 2 {
		t.Fatalf("reread: %v %+v", err, games)
	}
}

func TestWritePGNRejectsIllegalMove(t *testing.T) {
	g := Game{Moves: []Move{NewMove(E1, E1+32)}}
	var b strings.Builder
	if err := WritePGN(&b, &g); err == nil {
		t.Fatal("an illegal move was written")
	}
}

func TestReadPGNSeveralGames(t *testing.T) {
	const two = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"
	games, err := ReadPGN(strings.NewReader(two))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || len(games[0].Moves) != 2 || games[0].Result != "*" || len(games[1].Moves) != 4 || games[1].Result != "0-1" {
		t.Fatalf("games = %+v", games)
	}
	if games[0].Comments != nil {
		t.Errorf("comments without any comment: %q", games[0].Comments)
	}
}

func FuzzReadPGN(f *testing.F) {
	f.Add(operaPGN)
	f.Add("[FEN \"4k3/8/4K3/8/8/8/8/R7 w - - 0 1\"]\n\n1. Ra8# {mate} 1-0\n")
	f.Add("1. e4 { [%clk 0:01] } ( 1. d4 ) e5 ; rest\n2. Nf3 *")
	f.Fuzz(func(t *testing.T, s string) {
		games, err := ReadPGN(strings.NewReader(s))
		if err != nil {
			return
		}
		// Whatever was read replays legally and writes and rereads to the
		// same moves.
		for i := range games {
			var b strings.Builder
			if err := WritePGN(&b, &games[i]); err != nil {
				t.Fatalf("game %d read but not written: %v", i+1, err)
			}
			again, err := ReadPGN(strings.NewReader(b.String()))
			if err != nil || len(again) != 1 || len(again[0].Moves) != len(games[i].Moves) {
				t.Fatalf("game %d: reread %v, %d games", i+1, err, len(again))
			}
			for j, m := range again[0].Moves {
				if m != games[i].Moves[j] {
					t.Fatalf("game %d ply %d: %s != %s", i+1, j+1, m, games[i].Moves[j])
				}
			}
		}
	})
}
