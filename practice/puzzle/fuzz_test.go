package puzzle

import (
	"strings"
	"testing"

	"azar/variants/chess"
)

func FuzzParseLine(f *testing.F) {
	f.Add(rookMate2.Line())
	f.Add(knightFork.Line())
	f.Add(queenMate1.Line())
	f.Add("a | b | c | d | e")
	f.Add(rookMate2.FEN + " | mate | 2 | a1a7 h8g8 b2b8 | h | extra")
	f.Add(rookMate2.FEN + " | mate | -1 | | h")
	f.Add(" | | | | ")
	f.Fuzz(func(t *testing.T, line string) {
		p, err := ParseLine(line)
		if err != nil {
			return
		}
		q, err := ParseLine(p.Line())
		if err != nil {
			t.Fatalf("a parsed line does not parse again: %v", err)
		}
		if q.Line() != p.Line() {
			t.Fatalf("round trip %q became %q", p.Line(), q.Line())
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e2e4", "Nf3", "e7e8q", "O-O", "0-0-0", "exd5", "Qxf7#", "g5h4", "Qg7#", "a1a1", "", " ", "e2e", "P@e4", "-e4", "e4>e6", "0000"} {
		f.Add(s)
	}
	fens := []string{
		chess.NewPosition().FEN(),
		queenMate1.FEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/P7/8/8/8/8/7k/K7 w - - 0 1",
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, fen := range fens {
			pos, _ := chess.ParseFEN(fen)
			before := pos.FEN()
			m, err := ParseMove(pos, s)
			if pos.FEN() != before {
				t.Fatalf("ParseMove changed the position")
			}
			if err != nil {
				continue
			}
			var l chess.MoveList
			pos.GenerateLegal(&l)
			if !l.Contains(m) {
				t.Fatalf("%q gave %v, not a legal move", s, m)
			}
			if again, err := ParseMove(pos, m.String()); err != nil || again != m {
				t.Fatalf("%q: %v does not parse back from UCI", s, m)
			}
			if again, err := ParseMove(pos, strings.TrimSuffix(pos.SAN(m), "#")); err != nil || again != m {
				t.Fatalf("%q: %v does not parse back from SAN", s, m)
			}
		}
	})
}
