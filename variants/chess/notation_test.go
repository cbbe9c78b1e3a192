package chess

import (
	"strings"
	"testing"
)

func mustFEN(t testing.TB, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

func sq(s string) Square {
	q, ok := ParseSquare(s)
	if !ok {
		panic("bad square " + s)
	}
	return q
}

const (
	promoFEN    = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"
	epFEN       = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"
	twoKnights  = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"
	threeQueens = "4k3/8/8/8/8/Q7/8/Q1Q4K w - - 0 1"
)

func TestParseUCIMove(t *testing.T) {
	legal := []struct {
		fen, uci string
		want     Move
	}{
		{StartFEN, "e2e4", NewMove(sq("e2"), sq("e4"))},
		{StartFEN, "g1f3", NewMove(sq("g1"), sq("f3"))},
		{StartFEN, "b1a3", NewMove(sq("b1"), sq("a3"))},
		{kiwipeteFEN, "e1g1", newSpecial(sq("e1"), sq("g1"), KindCastle)},
		{kiwipeteFEN, "e1c1", newSpecial(sq("e1"), sq("c1"), KindCastle)},
		{kiwipeteFEN, "e2a6", NewMove(sq("e2"), sq("a6"))},
		{"r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "e8c8", newSpecial(sq("e8"), sq("c8"), KindCastle)},
		{epFEN, "e5d6", newSpecial(sq("e5"), sq("d6"), KindEnPassant)},
		{promoFEN, "e7e8q", NewPromotion(sq("e7"), sq("e8"), Queen)},
		{promoFEN, "e7e8r", NewPromotion(sq("e7"), sq("e8"), Rook)},
		{promoFEN, "e7e8b", NewPromotion(sq("e7"), sq("e8"), Bishop)},
		{promoFEN, "e7e8n", NewPromotion(sq("e7"), sq("e8"), Knight)},
		{promoFEN, "e7e8Q", NewPromotion(sq("e7"), sq("e8"), Queen)},
		{promoFEN, "e7e8N", NewPromotion(sq("e7"), sq("e8"), Knight)},
		{"4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a2a1n", NewPromotion(sq("a2"), sq("a1"), Knight)},
		{"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8r", NewPromotion(sq("a7"), sq("b8"), Rook)},
	}
	for _, c := range legal {
		p := mustFEN(t, c.fen)
		m, err := p.ParseUCIMove(c.uci)
		if err != nil {
			t.Errorf("%s %s: %v", c.fen, c.uci, err)
			continue
		}
		if m != c.want {
			t.Errorf("%s %s: got %s (kind %d), want %s (kind %d)", c.fen, c.uci, m, m.Kind(), c.want, c.want.Kind())
		}
		if !strings.EqualFold(m.String(), c.uci) {
			t.Errorf("%s %s: prints as %s", c.fen, c.uci, m)
		}
	}
	bad := []struct {
		fen, uci, want string
	}{
		{StartFEN, "e2e5", "illegal"},
		{StartFEN, "e7e5", "illegal"}, // the other side's move
		{StartFEN, "e1g1", "illegal"}, // castling through pieces
		{StartFEN, "a1a1", "illegal"},
		{StartFEN, "e2e4q", "illegal"}, // promotion suffix on a non-promotion
		{kiwipeteFEN, "e1e2", "illegal"},
		{kiwipeteFEN, "e1h1", "illegal"}, // king-takes-rook castling is not UCI for standard chess
		{"8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1", "d4e3", "illegal"},
		{promoFEN, "e7e8", "illegal"}, // promotion piece missing
		{promoFEN, "e7e8k", "unknown promotion piece 'k'"},
		{promoFEN, "e7e8x", "unknown promotion piece 'x'"},
		{promoFEN, "e7e8p", "unknown promotion piece 'p'"},
		{StartFEN, "", "want UCI notation"},
		{StartFEN, "e2", "want UCI notation"},
		{StartFEN, "e2e", "want UCI notation"},
		{StartFEN, "e2e4e5", "want UCI notation"},
		{StartFEN, "0000", "bad square"},
		{StartFEN, "i2i4", "bad square"},
		{StartFEN, "e0e4", "bad square"},
		{StartFEN, "e2-e4", "bad square"},
		{StartFEN, "E2E4", "bad square"},
		{StartFEN, "N@e4", "bad square"},
	}
	for _, c := range bad {
		p := mustFEN(t, c.fen)
		m, err := p.ParseUCIMove(c.uci)
		if err == nil {
			t.Errorf("%s %q: accepted as %s", c.fen, c.uci, m)
			continue
		}
		if m != NoMove {
			t.Errorf("%s %q: error with move %s", c.fen, c.uci, m)
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: error %q does not say %q", c.fen, c.uci, err, c.want)
		}
	}
}

// TestUCIRoundTrip: every legal move of every suite position prints in UCI
// and parses back to itself.
func TestUCIRoundTrip(t *testing.T) {
	for _, p := range suitePositions(t) {
		var l MoveList
		p.GenerateLegal(&l)
		for _, m := range l.Slice() {
			got, err := p.ParseUCIMove(m.String())
			if err != nil || got != m {
				t.Errorf("%s: %s parses back as %s, %v", p.FEN(), m, got, err)
			}
		}
	}
}

var sanCases = []struct {
	fen, uci, san string
}{
	{StartFEN, "g1f3", "Nf3"},
	{StartFEN, "e2e4", "e4"},
	{StartFEN, "b2b3", "b3"},
	// disambiguation by file
	{twoKnights, "b1d2", "Nbd2"},
	{twoKnights, "f1d2", "Nfd2"},
	{twoKnights, "b1c3", "Nc3"},
	// by rank
	{"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3"},
	{"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3", "R5a3"},
	{"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1b1", "Rb1"},
	{"4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1", "g1f3", "N1f3"},
	{"4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1", "g5f3", "N5f3"},
	// by both file and rank, and the shorter forms next to it
	{threeQueens, "a1b2", "Qa1b2"},
	{threeQueens, "c1b2", "Qcb2"},
	{threeQueens, "a3b2", "Q3b2"},
	{threeQueens, "a1a2", "Q1a2"},
	// a pinned piece does not need to be told apart
	{"4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1", "g1f3", "Nf3"},
	// captures
	{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4d5", "exd5"},
	{"4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1", "f3e5", "Nxe5"},
	{"4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "c4d5", "cxd5"},
	{"4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "e4d5", "exd5"},
	{"4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d2", "Kxd2"},
	// en passant
	{epFEN, "e5d6", "exd6"},
	// promotions
	{promoFEN, "e7e8q", "e8=Q"},
	{promoFEN, "e7e8r", "e8=R"},
	{promoFEN, "e7e8b", "e8=B"},
	{promoFEN, "e7e8n", "e8=N"},
	{"3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7d8q", "exd8=Q"},
	{"3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7d8n", "exd8=N"},
	{"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", "e8=Q+"},
	{"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8r", "e8=R+"},
	{"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8b", "e8=B"},
	{"4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a2a1q", "a1=Q+"},
	// check and mate
	{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8+"},
	{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
	{"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#"},
	{"r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "h8h1", "Rh1+"},
	{"4k3/8/8/8/8/8/3R4/6K1 w - - 0 1", "d2e2", "Re2+"},
	{"4k3/8/8/8/8/8/4B3/4RK2 w - - 0 1", "e2d3", "Bd3+"}, // discovered check
	{"4k3/8/8/8/8/8/4B3/4RK2 w - - 0 1", "e2b5", "Bb5+"}, // double check
	// castling
	{kiwipeteFEN, "e1g1", "O-O"},
	{kiwipeteFEN, "e1c1", "O-O-O"},
	{"r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "e8c8", "O-O-O"},
	{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+"},
	{"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "O-O-O+"},
}

func TestSAN(t *testing.T) {
	for _, c := range sanCases {
		p := mustFEN(t, c.fen)
		m, err := p.ParseUCIMove(c.uci)
		if err != nil {
			t.Errorf("%s %s: %v", c.fen, c.uci, err)
			continue
		}
		fen, h := p.FEN(), p.Hash()
		if got := p.SAN(m); got != c.san {
			t.Errorf("%s %s: SAN %q, want %q", c.fen, c.uci, got, c.san)
		}
		if p.FEN() != fen || p.Hash() != h {
			t.Errorf("%s: SAN changed the position", c.fen)
		}
		if got, err := p.ParseSAN(c.san); err != nil || got != m {
			t.Errorf("%s: ParseSAN(%q) = %s, %v; want %s", c.fen, c.san, got, err, m)
		}
	}
}

func TestParseSAN(t *testing.T) {
	good := []struct {
		fen, san, uci string
	}{
		{kiwipeteFEN, "0-0", "e1g1"},
		{kiwipeteFEN, "0-0-0", "e1c1"},
		{kiwipeteFEN, "O-O+", "e1g1"}, // a wrong check mark is ignored
		{StartFEN, "Nf3!?", "g1f3"},
		{StartFEN, "e4!", "e2e4"},
		{StartFEN, "Ng1f3", "g1f3"}, // over-disambiguated
		{StartFEN, "Ngf3", "g1f3"},
		{StartFEN, "e2e4", "e2e4"},
		{promoFEN, "e8Q", "e7e8q"}, // '=' may be left out
		{promoFEN, "e8=N", "e7e8n"},
		{promoFEN, "e7e8=R", "e7e8r"},
		{epFEN, "exd6", "e5d6"},
		{epFEN, "exd6+", "e5d6"},
		{epFEN, "ed6", "e5d6"},
		{twoKnights, "Nbd2", "b1d2"},
		{twoKnights, "N1d2", ""}, // both knights are on rank 1
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8#", "a1a8"},
	}
	for _, c := range good {
		p := mustFEN(t, c.fen)
		m, err := p.ParseSAN(c.san)
		if c.uci == "" {
			if err == nil {
				t.Errorf("%s %q: accepted as %s", c.fen, c.san, m)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %q: %v", c.fen, c.san, err)
			continue
		}
		if m.String() != c.uci {
			t.Errorf("%s %q: got %s, want %s", c.fen, c.san, m, c.uci)
		}
	}
	bad := []struct {
		fen, san, want string
	}{
		{StartFEN, "", "empty move"},
		{StartFEN, "+", "empty move"},
		{StartFEN, "Nd2", "illegal"},
		{StartFEN, "O-O", "illegal"},
		{StartFEN, "O-O-O", "illegal"},
		{StartFEN, "e5", "illegal"},
		{StartFEN, "Ke2", "illegal"},
		{StartFEN, "exd3", "illegal"},
		{StartFEN, "Zf3", "not algebraic notation"},
		{StartFEN, "N", "not algebraic notation"},
		{StartFEN, "e9", "bad destination square"},
		{StartFEN, "Nf9", "bad destination square"},
		{StartFEN, "nf3", "not algebraic notation"},
		{twoKnights, "Nd2", "ambiguous"},
		{threeQueens, "Qab2", "ambiguous"},
		{threeQueens, "Q1b2", "ambiguous"},
		{promoFEN, "e8", "illegal"}, // promotion piece missing
		{promoFEN, "e8=K", "bad destination square"},
		{promoFEN, "e8=P", "bad destination square"},
		{kiwipeteFEN, "O-O-O-O", "bad destination square"},
	}
	for _, c := range bad {
		p := mustFEN(t, c.fen)
		m, err := p.ParseSAN(c.san)
		if err == nil {
			t.Errorf("%s %q: accepted as %s", c.fen, c.san, m)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: error %q does not say %q", c.fen, c.san, err, c.want)
		}
	}
}

// TestSANRoundTrip: over every legal move of every suite position, SAN is
// unique within the position and parses back to the same move.
func TestSANRoundTrip(t *testing.T) {
	n := 0
	for _, p := range suitePositions(t) {
		var l MoveList
		p.GenerateLegal(&l)
		seen := map[string]Move{}
		for _, m := range l.Slice() {
			s := p.SAN(m)
			n++
			if o, dup := seen[s]; dup {
				t.Errorf("%s: %s and %s both print as %q", p.FEN(), o, m, s)
			}
			seen[s] = m
			got, err := p.ParseSAN(s)
			if err != nil || got != m {
				t.Errorf("%s: SAN(%s) = %q parses back as %s, %v", p.FEN(), m, s, got, err)
			}
			// The check suffix must match the position after the move.
			p.Make(m)
			var replies MoveList
			p.GenerateLegal(&replies)
			want := ""
			if p.InCheck() {
				want = "+"
				if replies.N == 0 {
					want = "#"
				}
			}
			p.Unmake()
			if got := s[len(strings.TrimRight(s, "+#")):]; got != want {
				t.Errorf("%s: SAN(%s) = %q, want suffix %q", p.FEN(), m, s, want)
			}
		}
	}
	t.Logf("%d moves", n)
}

func TestMoveString(t *testing.T) {
	for _, c := range []struct {
		m    Move
		want string
	}{
		{NoMove, "(none)"},
		{NewMove(sq("e2"), sq("e4")), "e2e4"},
		{NewPromotion(sq("a7"), sq("b8"), Knight), "a7b8n"},
		{newSpecial(sq("e1"), sq("g1"), KindCastle), "e1g1"},
		{NewDrop(MakePiece(White, Knight), sq("e4")), "N@e4"},
		{NewDrop(MakePiece(Black, Pawn), sq("d5")), "p@d5"},
		{NewRemoval(sq("e4")), "-e4"},
		{NewRelocation(sq("e4"), sq("e6")), "e4>e6"},
		{NullMove, "0000"},
		{NewMove(sq("e2"), sq("e4")).WithKeepTurn(), "e2e4"},
		{NullMove.WithKeepTurn(), "0000"},
	} {
		if got := c.m.String(); got != c.want {
			t.Errorf("%#x: String %q, want %q", uint32(c.m), got, c.want)
		}
	}
}

// TestDisambiguator: SAN's prefix for the classic cases — no rival, a
// rival on another file (the file), on the same file (the rank), and
// rivals on both the file and the rank (the square).
func TestDisambiguator(t *testing.T) {
	sq := func(s string) Square {
		x, ok := ParseSquare(s)
		if !ok {
			t.Fatalf("bad square %q", s)
		}
		return x
	}
	for _, c := range []struct {
		from   string
		others []string
		want   string
	}{
		{"b1", nil, ""},
		{"b1", []string{"b1"}, ""}, // the piece itself is no rival
		{"b1", []string{"f3"}, "b"},
		{"a1", []string{"a5"}, "1"},
		{"e4", []string{"e2", "c4"}, "e4"},
		{"e4", []string{"c2", "g6"}, "e"},
	} {
		var o Bitboard
		for _, s := range c.others {
			o |= sq(s).Bit()
		}
		if got := Disambiguator(sq(c.from), o); got != c.want {
			t.Errorf("Disambiguator(%s, %v) = %q, want %q", c.from, c.others, got, c.want)
		}
	}
}
