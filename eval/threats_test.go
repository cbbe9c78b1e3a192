package eval

import (
	"testing"

	"azar/variants/chess"
)

// TestNewTermCounts checks, by the trace, how often the threat, minor,
// space and king-file terms fire in positions counted by hand.
func TestNewTermCounts(t *testing.T) {
	cases := []struct {
		fen   string
		name  string
		count func(c *Params[[2]int32]) [2]int32
		want  [2]int32
	}{
		// The rook on d2 attacks the undefended knight on d5.
		{"4k3/8/8/3n4/8/8/3R4/4K3 w - - 0 1", "Hanging",
			func(c *Params[[2]int32]) [2]int32 { return c.Hanging }, [2]int32{1, 0}},
		// The king takes the knight on d2 if it stays: hanging and a king threat.
		{"4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", "ThreatByKing",
			func(c *Params[[2]int32]) [2]int32 { return c.ThreatByKing }, [2]int32{1, 0}},
		{"4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", "Hanging",
			func(c *Params[[2]int32]) [2]int32 { return c.Hanging }, [2]int32{1, 0}},
		// e2-e3 attacks the knight on d4; e2-e4 attacks nothing.
		{"4k3/8/8/8/3n4/8/4P3/4K3 w - - 0 1", "ThreatByPawnPush",
			func(c *Params[[2]int32]) [2]int32 { return c.ThreatByPawnPush }, [2]int32{1, 0}},
		// With the pawn on f4 taking e3, e2-e3 is not safe: no push threat.
		{"4k3/8/8/8/3n1p2/8/4P3/4K3 w - - 0 1", "ThreatByPawnPush",
			func(c *Params[[2]int32]) [2]int32 { return c.ThreatByPawnPush }, [2]int32{0, 0}},
		// Knight e2 behind the pawn on e3 (Black's pawn, in front all the same).
		{"4k3/8/8/8/8/4p3/4N3/4K3 w - - 0 1", "MinorBehindPawn",
			func(c *Params[[2]int32]) [2]int32 { return c.MinorBehindPawn }, [2]int32{1, 0}},
		// The dark-squared bishop on c1 with one own pawn on a dark square (b2).
		{"4k3/8/8/8/8/8/PPP5/2B1K3 w - - 0 1", "BishopPawns",
			func(c *Params[[2]int32]) [2]int32 { return c.BishopPawns }, [2]int32{1, 0}},
		// The start position: c3-f4 for each side, nothing behind the pawns yet.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Space",
			func(c *Params[[2]int32]) [2]int32 { return c.Space }, [2]int32{8, 8}},
		// After 1.e4: for White e2 opens and e4 closes; e2 and e3 lie behind
		// the e-pawn (10). For Black the e-pawn takes d5 and f5 (6).
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "Space",
			func(c *Params[[2]int32]) [2]int32 { return c.Space }, [2]int32{10, 6}},
		// Pawns on the a-file only: both kings on the e-file are 4 files away.
		{"4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "KingPawnFileProximity[4]",
			func(c *Params[[2]int32]) [2]int32 { return c.KingPawnFileProximity[4] }, [2]int32{1, 1}},
	}
	for _, tc := range cases {
		var tr Trace
		TraceOf(mustFEN(t, tc.fen), &tr)
		if got := tc.count(&tr.Coef); got != tc.want {
			t.Errorf("%s in %s: %v, want %v", tc.name, tc.fen, got, tc.want)
		}
	}
}

func TestPawnFileDistance(t *testing.T) {
	for _, tc := range []struct {
		files []int
		f     int
		want  int
	}{{[]int{0}, 7, 7}, {[]int{0, 7}, 3, 3}, {[]int{3}, 3, 0}, {[]int{2, 6}, 4, 2}, {[]int{5}, 0, 5}} {
		var b uint64
		for _, f := range tc.files {
			b |= 1 << (8 + f)
		}
		if got := pawnFileDistance(chess.Bitboard(b), tc.f); got != tc.want {
			t.Errorf("pawns on files %v, king on file %d: %d, want %d", tc.files, tc.f, got, tc.want)
		}
	}
}
