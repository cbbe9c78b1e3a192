package books

import (
	"fmt"
	"strings"
	"testing"

	"azar/variants/chess"
)

// publishedKeys are the test positions of "PolyGlot book format"
// (hgm.nubati.net/book_format.html), reached by the moves from the start,
// with their FENs and keys as published there.
var publishedKeys = []struct {
	moves string
	fen   string
	key   uint64
}{
	{"", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9c},
	{"e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196},
	{"e2e4 d7d5", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", 0x0756b94461c50fb0},
	{"e2e4 d7d5 e4e5", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", 0x662fafb965db29d4},
	{"e2e4 d7d5 e4e5 f7f5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0x22a48b5a8e47ff78},
	{"e2e4 d7d5 e4e5 f7f5 e1e2", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3", 0x652a607ca3f242c1},
	{"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4", 0x00fdd303c946bdd9},
	{"a2a4 b7b5 h2h4 b5b4 c2c4", "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", 0x3c8123ea7b067637},
	{"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4", 0x5c3f9b829b279560},
}

func play(t testing.TB, fen, moves string) *chess.Position {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range strings.Fields(moves) {
		m, err := p.ParseUCIMove(s)
		if err != nil {
			t.Fatalf("%s in %s: %v", s, p.FEN(), err)
		}
		p.Make(m)
	}
	return p
}

func TestPublishedKeys(t *testing.T) {
	for _, c := range publishedKeys {
		if got := Key(play(t, chess.StartFEN, c.moves)); got != c.key {
			t.Errorf("after %q: Key = %016x, want %016x", c.moves, got, c.key)
		}
		got, _, err := KeyFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.key {
			t.Errorf("KeyFEN(%q) = %016x, want %016x", c.fen, got, c.key)
		}
	}
}

// TestKeyOneBlackCastlingRight: the published positions have both black
// rights or none, so a key that mixed up black's two terms passed them. Here
// the start position keeps one black right; its key is the published start
// key 463b96181691fc9c with the other right's term taken out, the terms
// being the spec's RandomCastle[2] (black short) a57e6339dd2cf3a0 and
// RandomCastle[3] (black long) 1ef6e6dbb1961ec9, Random64[770] and [771]
// (worked out with python3 -c "print(hex(0x463b96181691fc9c ^ 0x1ef6e6dbb1961ec9))").
// The moves reach the same positions by moving a rook and back, a knight
// out and back around it.
func TestKeyOneBlackCastlingRight(t *testing.T) {
	for _, c := range []struct {
		moves, fen string
		key        uint64
	}{
		{"g1f3 b8c6 f3g1 a8b8 g1f3 b8a8 f3g1 c6b8", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 8 5", 0x58cd70c3a707e255},
		{"g1f3 g8f6 f3g1 h8g8 g1f3 g8h8 f3g1 f6g8", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 8 5", 0xe345f521cbbd0f3c},
	} {
		p := play(t, chess.StartFEN, c.moves)
		if got := p.FEN(); got != c.fen {
			t.Fatalf("after %s: %s, want %s", c.moves, got, c.fen)
		}
		if got := Key(p); got != c.key {
			t.Errorf("after %s: Key = %016x, want %016x", c.moves, got, c.key)
		}
		if got := mustKeyFEN(t, c.fen); got != c.key {
			t.Errorf("KeyFEN(%q) = %016x, want %016x", c.fen, got, c.key)
		}
	}
}

// TestKeyEnPassantRule checks Polyglot's en-passant rule where it differs
// from the position's own: a double push beside a pinned pawn has the
// term (the capture is illegal but the pawn is there), a double push with
// no pawn beside it has none whatever the FEN says.
func TestKeyEnPassantRule(t *testing.T) {
	// The black pawn on e4 is pinned by the rook on e1 against the king
	// on e8; d2d4 puts a white pawn beside it.
	const before = "4k3/8/8/8/4p3/8/3P4/4R1K1 w - - 0 1"
	after := play(t, before, "d2d4")
	if after.EPSquare() != chess.NoSquare {
		t.Fatalf("chess keeps en passant d3 in %s; the test wants a pinned capturer", after.FEN())
	}
	noEP := mustKeyFEN(t, "4k3/8/8/8/3Pp3/8/8/4R1K1 b - - 0 1")
	withEP := mustKeyFEN(t, "4k3/8/8/8/3Pp3/8/8/4R1K1 b - d3 0 1")
	if withEP != noEP^random64[enPassantOffset+3] {
		t.Errorf("KeyFEN with d3 = %016x, want the no-ep key %016x with the d-file term", withEP, noEP)
	}
	if got := Key(after); got != withEP {
		t.Errorf("Key after d2d4 = %016x, want %016x (the en-passant term despite the pin)", got, withEP)
	}
	// e2e4 with no black pawn beside e4: no term, even though the FEN
	// names e3.
	a := mustKeyFEN(t, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1")
	b := mustKeyFEN(t, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1")
	if a != b {
		t.Errorf("e3 without a pawn beside: %016x, want the key without it %016x", a, b)
	}
}

func mustKeyFEN(t *testing.T, fen string) uint64 {
	t.Helper()
	k, _, err := KeyFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestEncodeDecodeMoves(t *testing.T) {
	cases := []struct {
		fen, move string
		code      uint16
	}{
		{chess.StartFEN, "e2e4", 12<<6 | 28},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", 4<<6 | 7},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", 4<<6 | 0},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8", 60<<6 | 63},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", 60<<6 | 56},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", 1<<12 | 49<<6 | 57},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", 4<<12 | 49<<6 | 57},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 36<<6 | 43},
	}
	for _, c := range cases {
		p := play(t, c.fen, "")
		m, err := p.ParseUCIMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := EncodeMove(m); got != c.code {
			t.Errorf("%s: EncodeMove = %#x (%s), want %#x (%s)", c.move, got, PolyglotString(got), c.code, PolyglotString(c.code))
		}
		if got, ok := DecodeMove(p, c.code); !ok || got != m {
			t.Errorf("%s: DecodeMove(%#x) = %v %v, want %v", c.move, c.code, got, ok, m)
		}
	}
	if m, ok := DecodeMove(play(t, chess.StartFEN, ""), 12<<6|36); ok {
		t.Errorf("e2e5 decoded to %v in the start position", m)
	}
	if s := PolyglotString(4<<6 | 7); s != "e1h1" {
		t.Errorf("PolyglotString(e1h1) = %s", s)
	}
}

func ExampleKey() {
	fmt.Printf("%016x\n", Key(chess.NewPosition()))
	// Output: 463b96181691fc9c
}
