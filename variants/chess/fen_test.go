package chess

import (
	"fmt"
	"strings"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	for _, fen := range []string{
		StartFEN,
		kiwipeteFEN,
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", // legal ep kept
		"rnbqkbnr/pppp1ppp/8/3Pp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 3", // white ep
		"4k3/8/8/8/8/8/8/4K2R w K - 99 120",
		"8/8/8/8/8/8/8/K6k b - - 0 1",
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Errorf("%s: %v", fen, err)
			continue
		}
		if got := p.FEN(); got != fen {
			t.Errorf("round trip %q -> %q", fen, got)
		}
		q, err := ParseFEN(p.FEN())
		if err != nil || q.Hash() != p.Hash() {
			t.Errorf("%s: re-parse gives %v, key %016x vs %016x", fen, err, q.Hash(), p.Hash())
		}
	}
}

func TestFENNormalizes(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// clocks may be omitted
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", StartFEN},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 1"},
		// castling letters in any order; surrounding blanks
		{"  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w qkQK -  0 1 ", StartFEN},
		// split empty runs merge
		{"rnbqkbnr/pppppppp/44/8/2222/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", StartFEN},
		// an ep square on which no capture is legal is dropped
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		// ... including when the only capture would expose the king (both
		// pawns leave rank 4 and the rook sees a4)
		{"8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1", "8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1"},
		// ... and kept when one of two capturers may take (e4 is pinned
		// to a8 by the h1 bishop, c4 is free)
		{"k7/8/8/8/2pPp3/8/8/2K4B b - d3 0 1", "k7/8/8/8/2pPp3/8/8/2K4B b - d3 0 1"},
		// black to move on move 1 means ply 1; move number kept
		{"4k3/8/8/8/8/8/8/4K3 b - - 0 40", "4k3/8/8/8/8/8/8/4K3 b - - 0 40"},
	} {
		p, err := ParseFEN(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if got := p.FEN(); got != c.want {
			t.Errorf("%q: FEN() = %q, want %q", c.in, got, c.want)
		}
		q, _ := ParseFEN(c.want)
		if q.Hash() != p.Hash() {
			t.Errorf("%q: key differs from the normalized FEN's", c.in)
		}
	}
}

func TestFENDroppedEPSquare(t *testing.T) {
	with, err := ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if with.EPSquare() != NoSquare {
		t.Errorf("EPSquare = %s, want none", with.EPSquare())
	}
	legal, _ := ParseFEN("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3")
	if legal.EPSquare() != MakeSquare(4, 2) {
		t.Errorf("EPSquare = %s, want e3", legal.EPSquare())
	}
	without, _ := ParseFEN("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3")
	if legal.Hash() == without.Hash() {
		t.Error("a legal ep square does not change the key")
	}
	// In check from the d5 pawn, c5xb6 e.p. does not help: the square is
	// dropped and only the 8 king moves remain.
	inCheck := mustFEN(t, "4k3/8/8/1pPp4/4K3/8/8/8 w - b6 0 2")
	if inCheck.EPSquare() != NoSquare || inCheck.CountLegal() != 8 || len(legalSet(inCheck)) != 8 {
		t.Errorf("ep while in check from another pawn: ep %s, %d moves %v", inCheck.EPSquare(), inCheck.CountLegal(), legalSet(inCheck))
	}
}

func TestParseFENErrors(t *testing.T) {
	const (
		board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
		kk    = "4k3/8/8/8/8/8/8/4K3" // bare kings
	)
	cases := []struct {
		name, fen, want string
	}{
		{"empty", "", "want 4 to 6 fields"},
		{"three fields", board + " w KQkq", "want 4 to 6 fields"},
		{"seven fields", StartFEN + " 5", "want 4 to 6 fields"},
		{"unknown piece letter", "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "unknown piece letter 'x' on rank 7"},
		{"digit 9", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "unknown piece letter '9'"},
		{"digit 0", "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "unknown piece letter '0'"},
		{"short rank", "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 7 squares, want 8"},
		{"empty rank", "rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 has 0 squares"},
		{"long rank", "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has more than 8 squares"},
		{"long rank digits", "rnbqkbnr/pppppppp/8/8/8/44p/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 3 has more than 8 squares"},
		{"seven ranks", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board has 7 ranks, want 8"},
		{"nine ranks", "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board has 9 ranks, want 8"},
		{"no white king", "4k3/8/8/8/8/8/8/8 w - - 0 1", "exactly one king: white has 0"},
		{"no black king", "8/8/8/8/8/8/8/4K3 w - - 0 1", "exactly one king: black has 0"},
		{"two white kings", "4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "exactly one king: white has 2"},
		{"two black kings", "3kk3/8/8/8/8/8/8/4K3 b - - 0 1", "exactly one king: black has 2"},
		{"white pawn on rank 8", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on a8"},
		{"black pawn on rank 1", "4k3/8/8/8/8/8/8/4K2p w - - 0 1", "pawn on h1"},
		{"white pawn on rank 1", "4k3/8/8/8/8/8/8/3PK3 b - - 0 1", "pawn on d1"},
		{"black not to move in check", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "the side not to move (black) is in check"},
		{"white not to move in check", "4k3/8/8/8/8/8/8/r3K3 b - - 0 1", "the side not to move (white) is in check"},
		{"castle K without king", "4k3/8/8/8/8/8/8/3K3R w K - 0 1", "castling right K without the white king on e1"},
		{"castle K without rook", "4k3/8/8/8/8/8/8/4K1R1 w K - 0 1", "castling right K without the white rook on h1"},
		{"castle Q without rook", kk + " w Q - 0 1", "castling right Q without the white rook on a1"},
		{"castle k without rook", "r3k3/8/8/8/8/8/8/4K3 w k - 0 1", "castling right k without the black rook on h8"},
		{"castle q with a knight", "n3k3/8/8/8/8/8/8/4K3 w q - 0 1", "castling right q without the black rook on a8"},
		{"castle q without king", "r2k4/8/8/8/8/8/8/4K3 w q - 0 1", "castling right q without the black king on e8"},
		{"castle unknown letter", board + " w KQkx - 0 1", "unknown letter 'x'"},
		{"castle repeated letter", board + " w KKq - 0 1", "repeats 'K'"},
		{"castle Chess960 letters", board + " w HAha - 0 1", "unknown letter 'H'"},
		{"ep not a square", board + " w KQkq e9 0 1", "en-passant field \"e9\" is not a square"},
		{"ep garbage", board + " w KQkq ee 0 1", "is not a square"},
		{"ep wrong rank (white to move)", "4k3/8/8/8/3pP3/8/8/4K3 w - e3 0 1", "en-passant square e3 is not on rank 6"},
		{"ep wrong rank (black to move)", "4k3/8/8/3pP3/8/8/8/4K3 b - d6 0 1", "en-passant square d6 is not on rank 3"},
		{"ep no pawn in front", "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1", "en-passant square d6 without a black pawn on d5"},
		{"ep own pawn in front", "4k3/8/8/3PP3/8/8/8/4K3 w - d6 0 1", "without a black pawn on d5"},
		{"ep square occupied", "4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1", "en-passant square d6: d6 and d7 must be empty"},
		{"ep origin occupied", "4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1", "d6 and d7 must be empty"},
		{"ep black origin occupied", "4k3/8/8/8/3Pp3/8/3N4/4K3 b - d3 0 1", "d3 and d2 must be empty"},
		{"bad side", board + " x KQkq - 0 1", "side to move \"x\", want w or b"},
		{"upper-case side", board + " W KQkq - 0 1", "side to move \"W\""},
		{"negative half-move clock", board + " w KQkq - -1 1", "half-move clock \"-1\""},
		{"non-numeric half-move clock", board + " w KQkq - x 1", "half-move clock \"x\""},
		{"huge half-move clock", board + " w KQkq - 10001 1", "half-move clock \"10001\""},
		{"overflowing half-move clock", board + " w KQkq - 99999999999999999999 1", "half-move clock"},
		{"move number zero", board + " w KQkq - 0 0", "move number \"0\""},
		{"negative move number", board + " w KQkq - 0 -3", "move number \"-3\""},
		{"non-numeric move number", board + " w KQkq - 0 one", "move number \"one\""},
		{"huge move number", board + " w KQkq - 0 100001", "move number \"100001\""},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err == nil {
			t.Errorf("%s: %q accepted as %s", c.name, c.fen, p.FEN())
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q does not say %q", c.name, err, c.want)
		}
	}
}

// TestParseFENLoose accepts what only standard chess forbids, and still
// refuses syntax and castling/ep inconsistencies.
func TestParseFENLoose(t *testing.T) {
	for _, fen := range []string{
		"8/8/8/8/8/8/8/8 w - - 0 1",       // no kings
		"4k3/8/8/8/8/8/8/3KK3 w - - 0 1",  // two kings
		"P3k3/8/8/8/8/8/8/4K3 w - - 0 1",  // pawn on rank 8
		"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", // side not to move in check
		"4k3/8/8/3pP3/8/8/8/8 w - d6 0 1", // ep without a white king
	} {
		p, err := ParseFENLoose(fen)
		if err != nil {
			t.Errorf("%s: %v", fen, err)
			continue
		}
		if p.FEN() != fen {
			t.Errorf("%s: loose round trip %s", fen, p.FEN())
		}
		if _, err := ParseFEN(fen); err == nil {
			t.Errorf("%s: ParseFEN accepts it", fen)
		}
	}
	for _, fen := range []string{
		"8/8/8/8/8/8/8 w - - 0 1",
		"4k3/8/8/8/8/8/8/4K3 w K - 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
		"4k3/8/8/8/8/8/8/4K3 - - - 0 1",
	} {
		if _, err := ParseFENLoose(fen); err == nil {
			t.Errorf("%s: ParseFENLoose accepts it", fen)
		}
	}
}

// fenTooManyPieces is the first failing input (found by a search for
// positions with many legal moves): ParseFEN accepts 22 white queens,
// and the position has 270 legal moves, more than MoveList's 256 slots, so
// GenerateLegal panics with "index out of range [256]".
const fenTooManyPieces = "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1"

// materialPossible is the reachability bound on material: each side has
// at most 8 pawns, and every piece beyond the initial set (1 Q, 2 R, 2 B,
// 2 N) stands for a promoted pawn.
func materialPossible(p *Position) bool {
	for c := White; c <= Black; c++ {
		extra := max(0, p.Pieces(c, Queen).Count()-1) + max(0, p.Pieces(c, Rook).Count()-2) +
			max(0, p.Pieces(c, Bishop).Count()-2) + max(0, p.Pieces(c, Knight).Count()-2)
		if p.Pieces(c, Pawn).Count()+extra > 8 {
			return false
		}
	}
	return true
}

// TestParseFENRefusesImpossibleMaterial: a side cannot have more pawns and
// promoted pieces together than its 8 pawns. Without that bound ParseFEN
// accepts positions whose move count overflows MoveList.
func TestParseFENRefusesImpossibleMaterial(t *testing.T) {
	for _, s := range suitePositions(t) {
		if !materialPossible(s) {
			t.Fatalf("suite position %s breaks the material bound; the test's premise is wrong", s.FEN())
		}
	}
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", // 9 white pawns
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",  // (control: accepted)
		"rnbqkbnr/pppppppp/8/8/8/Q7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", // 2 queens with 8 pawns
		"4k3/pppppppp/n7/8/8/8/8/4K3 w - - 0 1",                     // 8 pawns + 1 knight (control: accepted)
		"1nn1k3/pppppppp/n7/8/8/8/8/4K3 w - - 0 1",                  // 3 black knights with 8 pawns
		fenTooManyPieces,
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			if !strings.Contains(err.Error(), "too many") {
				t.Errorf("%s: refused, but the error %q does not say \"too many\"", fen, err)
			}
			continue
		}
		if materialPossible(p) {
			continue // a control case
		}
		t.Errorf("%s: accepted, though a side has more pawns and promoted pieces than its 8 pawns allow", fen)
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: GenerateLegal panics on the accepted position: %v", fen, r)
				}
			}()
			var l MoveList
			p.GenerateLegal(&l)
		}()
	}
}

// parseNoPanic runs ParseFEN and, when it succeeds, the checks every
// accepted position must pass; a panic anywhere is reported as an error.
func parseNoPanic(fen string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	p, perr := ParseFEN(fen)
	if perr != nil {
		if p != nil {
			return fmt.Errorf("error %v with a non-nil position", perr)
		}
		return nil
	}
	if p.Pieces(White, King).Count() != 1 || p.Pieces(Black, King).Count() != 1 {
		return fmt.Errorf("accepted without one king each: %s", p.FEN())
	}
	q, qerr := ParseFEN(p.FEN())
	if qerr != nil {
		return fmt.Errorf("FEN() %q does not re-parse: %v", p.FEN(), qerr)
	}
	if q.FEN() != p.FEN() || q.Hash() != p.Hash() {
		return fmt.Errorf("re-parse changes %q into %q", p.FEN(), q.FEN())
	}
	var l MoveList
	p.GenerateLegal(&l)
	if n := p.CountLegal(); n != l.N {
		return fmt.Errorf("%s: CountLegal %d, GenerateLegal %d", p.FEN(), n, l.N)
	}
	return nil
}

// TestParseFENNeverPanics mutates valid FENs one character at a time
// (substitutions, deletions, truncations) and parses every result.
func TestParseFENNeverPanics(t *testing.T) {
	nasty := []string{
		"", " ", "/", "////////", "8/8/8/8/8/8/8/8", "w", "- - - -",
		"8/8/8/8/8/8/8/8 w - - 0 1",
		"k7/8/8/8/8/8/8/K7 w KQkq a3 0 1",
		"k7/8/8/8/8/8/8/K7 w - a6 0 1",
		"k7/8/8/8/8/8/8/K7 w - h6 0 1",
		"k7/8/8/8/8/8/8/K7 b - a3 0 1",
		"k7/8/8/8/8/8/8/K7 b - h3 0 1",
		"k7/8/8/p7/8/8/8/K7 w - a6 0 1",
		"7k/8/8/7p/8/8/8/K7 w - h6 0 1",
		"kkkkkkkk/8/8/8/8/8/8/KKKKKKKK w - - 0 1",
		"\x00\xff/8/8/8/8/8/8/8 w - - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 junk",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw\nKQkq\r-\v0\f1",
		"ä7/8/8/8/8/8/8/K6k w - - 0 1",
		fenTooManyPieces,
	}
	for _, s := range nasty {
		// fenTooManyPieces is reported by TestParseFENRefusesImpossibleMaterial.
		if err := parseNoPanic(s); err != nil && s != fenTooManyPieces {
			t.Errorf("%q: %v", s, err)
		}
	}
	const alphabet = " /-12345678pnbrqkPNBRQKwbxKQkqeadh36 09"
	n := 0
	for _, base := range []string{
		StartFEN, kiwipeteFEN,
		"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
		"8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1",
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
	} {
		for i := 0; i <= len(base); i++ {
			variants := []string{base[:i], base[:i] + base[min(i+1, len(base)):]}
			if i < len(base) {
				for _, c := range []byte(alphabet) {
					variants = append(variants, base[:i]+string(c)+base[i+1:])
				}
			}
			for _, v := range variants {
				n++
				if err := parseNoPanic(v); err != nil {
					t.Errorf("%q: %v", v, err)
				}
			}
		}
	}
	t.Logf("%d mutated FENs", n)
}
