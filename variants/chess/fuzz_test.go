package chess

import (
	"testing"
	"unicode/utf8"
)

// Run the fuzzers with e.g.
//
//	go test -run XXX -fuzz FuzzParseFEN -fuzztime 30s ./variants/chess/
//
// Inputs that failed once are kept under testdata/fuzz/<FuzzName>/ and run
// as regression cases by every plain `go test`.

var fenSeeds = []string{
	StartFEN,
	kiwipeteFEN,
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
	"8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1",
	"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
	"8/8/8/8/8/8/8/8 w - - 0 1",
	"4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
	"4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
	"4k3/8/8/8/8/8/8/4K3 b - h3 0 1",
	"4k3/8/8/8/8/8/8/4K3 w - a6 -1 0",
	"4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1",
	"P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
	"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
	"kkkkkkkk/8/8/8/8/8/8/KKKKKKKK w - - 0 1",
	"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"////////",
	"",
	" ",
	"\x00",
	"ä/8/8/8/8/8/8/8 w - - 0 1",
	"R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", // 218 legal moves
}

// FuzzParseFEN: ParseFEN never panics; a FEN it accepts describes a
// position with one king a side, whose FEN() parses back to the same FEN
// and key, and whose move generation runs and agrees with CountLegal.
func FuzzParseFEN(f *testing.F) {
	for _, s := range fenSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		// A panic is turned into a failure so that one bad corpus entry
		// does not abort the whole test binary in a plain `go test`.
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("%q: panic: %v", fen, r)
			}
		}()
		p, err := ParseFEN(fen)
		if err != nil {
			if p != nil {
				t.Fatalf("error %v with a position", err)
			}
			return
		}
		if p.Pieces(White, King).Count() != 1 || p.Pieces(Black, King).Count() != 1 {
			t.Fatalf("%q accepted without one king a side", fen)
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("%q -> FEN() %q does not re-parse: %v", fen, out, err)
		}
		if q.FEN() != out || q.Hash() != p.Hash() {
			t.Fatalf("%q -> %q -> %q (keys %016x %016x)", fen, out, q.FEN(), p.Hash(), q.Hash())
		}
		var l MoveList
		p.GenerateLegal(&l)
		if n := p.CountLegal(); n != l.N {
			t.Fatalf("%s: CountLegal %d, GenerateLegal %d", out, n, l.N)
		}
		for _, m := range l.Slice() {
			p.Make(m)
			p.Unmake()
		}
		if p.FEN() != out {
			t.Fatalf("make/unmake changed %s into %s", out, p.FEN())
		}
	})
}

var moveFuzzPositions = []string{StartFEN, kiwipeteFEN}

func addMoveSeeds(f *testing.F, seeds []string) {
	for i := range moveFuzzPositions {
		for _, s := range seeds {
			f.Add(uint8(i), s)
		}
	}
}

// fuzzMove runs a move parser on each fuzz position and checks that any
// move it returns is legal there.
func fuzzMove(t *testing.T, which uint8, s string, parse func(*Position, string) (Move, error)) {
	p, err := ParseFEN(moveFuzzPositions[int(which)%len(moveFuzzPositions)])
	if err != nil {
		t.Fatal(err)
	}
	fen := p.FEN()
	m, err := parse(p, s)
	if p.FEN() != fen {
		t.Fatalf("parsing %q changed the position to %s", s, p.FEN())
	}
	if err != nil {
		if m != NoMove {
			t.Fatalf("%q: error %v with move %s", s, err, m)
		}
		return
	}
	var l MoveList
	p.GenerateLegal(&l)
	if !l.Contains(m) {
		t.Fatalf("%q parsed as %s, not a legal move in %s", s, m, fen)
	}
}

// FuzzParseUCIMove: never panics; a success is a legal move that prints
// as the input (up to the case of the promotion letter).
func FuzzParseUCIMove(f *testing.F) {
	addMoveSeeds(f, []string{
		"e2e4", "g1f3", "e1g1", "e1c1", "e5f7", "d5e6", "a2a3", "e2a6",
		"e7e8q", "e7e8Q", "e2e4q", "e2e5", "a1a1", "0000", "", "e", "e2e",
		"e2e4e5", "i2i4", "e2-e4", "E2E4", "N@e4", "-e4", "e4>e6", "\xff\xfe\xfd\xfc",
	})
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		fuzzMove(t, which, s, (*Position).ParseUCIMove)
		p, _ := ParseFEN(moveFuzzPositions[int(which)%len(moveFuzzPositions)])
		if m, err := p.ParseUCIMove(s); err == nil && m.String() != s {
			if len(s) != 5 || m.String()[:4] != s[:4] || m.String()[4] != s[4]|0x20 {
				t.Fatalf("%q parsed as %s", s, m)
			}
		}
	})
}

// FuzzParseSAN: never panics; a success is a legal move whose own SAN
// parses back to it.
func FuzzParseSAN(f *testing.F) {
	addMoveSeeds(f, []string{
		"e4", "Nf3", "Nc3", "O-O", "O-O-O", "0-0", "0-0-0", "Nxf7", "Bxa6",
		"dxe6", "Qxf6", "exd6", "e8=Q", "e8Q", "Ng1f3", "Nf3+", "Nf3#!?",
		"", "+", "x", "=", "=Q", "N", "Nx", "a", "a9", "Zf3", "nf3", "O-O-O-O",
		"Kxe1", "Bb5+", "\xff", "é4", "Nbd2", "N1d2", "Rab1", "Qh5xf7",
	})
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		fuzzMove(t, which, s, (*Position).ParseSAN)
		p, _ := ParseFEN(moveFuzzPositions[int(which)%len(moveFuzzPositions)])
		m, err := p.ParseSAN(s)
		if err != nil {
			return
		}
		san := p.SAN(m)
		if !utf8.ValidString(san) {
			t.Fatalf("SAN %q", san)
		}
		if back, err := p.ParseSAN(san); err != nil || back != m {
			t.Fatalf("%q -> %s -> SAN %q -> %s, %v", s, m, san, back, err)
		}
	})
}
