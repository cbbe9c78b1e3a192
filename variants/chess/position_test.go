package chess

import (
	"math/rand"
	"testing"
)

// rays walks from s in the given directions until the board edge or the
// first occupied square (included): an implementation independent of the
// package's, to check the magic tables against.
func rays(s Square, occ Bitboard, dirs [][2]int) Bitboard {
	var a Bitboard
	for _, d := range dirs {
		for f, r := s.File()+d[0], s.Rank()+d[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+d[0], r+d[1] {
			t := MakeSquare(f, r)
			a |= t.Bit()
			if occ.Has(t) {
				break
			}
		}
	}
	return a
}

var (
	orthogonal = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	diagonal   = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

func TestMagicAttacks(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for s := Square(0); s < 64; s++ {
		for i := 0; i < 3000; i++ {
			// sparse, medium and dense boards
			occ := Bitboard(rng.Uint64())
			switch i % 3 {
			case 0:
				occ &= Bitboard(rng.Uint64() & rng.Uint64())
			case 1:
				occ |= Bitboard(rng.Uint64())
			}
			if i == 0 {
				occ = 0
			} else if i == 1 {
				occ = ^Bitboard(0)
			}
			if got, want := RookAttacks(s, occ), rays(s, occ, orthogonal); got != want {
				t.Fatalf("RookAttacks(%s, %016x) = %016x, want %016x", s, uint64(occ), uint64(got), uint64(want))
			}
			if got, want := BishopAttacks(s, occ), rays(s, occ, diagonal); got != want {
				t.Fatalf("BishopAttacks(%s, %016x) = %016x, want %016x", s, uint64(occ), uint64(got), uint64(want))
			}
			if QueenAttacks(s, occ) != RookAttacks(s, occ)|BishopAttacks(s, occ) {
				t.Fatalf("QueenAttacks(%s)", s)
			}
		}
	}
}

func TestAttackTables(t *testing.T) {
	var rook, bishop, knight, king, wp, bp int
	for s := Square(0); s < 64; s++ {
		rook += RookAttacks(s, 0).Count()
		bishop += BishopAttacks(s, 0).Count()
		knight += KnightAttacks(s).Count()
		king += KingAttacks(s).Count()
		wp += PawnAttacks(White, s).Count()
		bp += PawnAttacks(Black, s).Count()
	}
	// known totals over the 64 squares
	for _, c := range []struct {
		name      string
		got, want int
	}{
		{"rook", rook, 896}, {"bishop", bishop, 560}, {"knight", knight, 336},
		{"king", king, 420}, {"white pawn", wp, 98}, {"black pawn", bp, 98},
	} {
		if c.got != c.want {
			t.Errorf("%s attacks: %d squares in all, want %d", c.name, c.got, c.want)
		}
	}
	if PawnAttacks(White, sq("a2")) != sq("b3").Bit() || PawnAttacks(Black, sq("e7")) != sq("d6").Bit()|sq("f6").Bit() {
		t.Error("pawn attacks")
	}
	if KnightAttacks(sq("a1")) != sq("b3").Bit()|sq("c2").Bit() {
		t.Error("knight on a1")
	}
	if b := Between(sq("a1"), sq("h8")); b.Count() != 6 || b.Has(sq("a1")) || !b.Has(sq("d4")) {
		t.Errorf("Between(a1, h8) = %x", uint64(b))
	}
	if Between(sq("b1"), sq("c3")) != 0 || Line(sq("b1"), sq("c3")) != 0 {
		t.Error("knight-apart squares are not aligned")
	}
	if Between(sq("e1"), sq("e2")) != 0 {
		t.Error("adjacent squares have nothing between")
	}
	if l := Line(sq("c3"), sq("e5")); l.Count() != 8 || !l.Has(sq("a1")) || !l.Has(sq("h8")) {
		t.Errorf("Line(c3, e5) = %x", uint64(l))
	}
	if l := Line(sq("b2"), sq("b7")); l != FileA<<1 {
		t.Errorf("Line(b2, b7) = %x", uint64(l))
	}
}

// TestZobristStable pins the keys: they are drawn from a fixed seed so that
// opening books and stored keys stay valid across runs and machines. A
// deliberate change of seed must update these constants.
func TestZobristStable(t *testing.T) {
	if h := NewPosition().Hash(); h != 0x7172155815bf6f07 {
		t.Errorf("start key %016x", h)
	}
	if h := mustFEN(t, kiwipeteFEN).Hash(); h != 0x24dc3911e2a79d81 {
		t.Errorf("Kiwipete key %016x", h)
	}
}

func TestSquaresAndPieces(t *testing.T) {
	for s := Square(0); s < 64; s++ {
		q, ok := ParseSquare(s.String())
		if !ok || q != s || MakeSquare(s.File(), s.Rank()) != s {
			t.Fatalf("square %d round trip", s)
		}
	}
	if NoSquare.String() != "-" || A8 != 56 || H8 != 63 || E1 != 4 {
		t.Error("square constants")
	}
	for _, bad := range []string{"", "a", "a0", "a9", "i1", "A1", "a10"} {
		if _, ok := ParseSquare(bad); ok {
			t.Errorf("ParseSquare(%q) accepted", bad)
		}
	}
	for _, c := range "PNBRQKpnbrqk" {
		p, ok := PieceFromLetter(byte(c))
		if !ok || p.Letter() != byte(c) {
			t.Errorf("piece %c round trip", c)
		}
	}
	for _, c := range " xX?0" {
		if _, ok := PieceFromLetter(byte(c)); ok {
			t.Errorf("PieceFromLetter(%q) accepted", c)
		}
	}
	if MakePiece(Black, Queen).Color() != Black || MakePiece(Black, Queen).Type() != Queen || White.Other() != Black {
		t.Error("piece packing")
	}
	if AllCastleRights.String() != "KQkq" || CastleRights(0).String() != "-" || (WhiteQueenSide|BlackKingSide).String() != "Qk" {
		t.Error("castle rights strings")
	}
}

func TestPositionAccessors(t *testing.T) {
	p := mustFEN(t, kiwipeteFEN)
	if p.KingSquare(White) != E1 || p.KingSquare(Black) != E8 {
		t.Error("king squares")
	}
	if p.Pieces(White, Pawn).Count() != 8 || p.Type(Knight).Count() != 4 || p.Occupied().Count() != 32 ||
		p.ColorBB(Black).Count() != 16 {
		t.Error("piece sets")
	}
	if p.At(sq("f3")) != MakePiece(White, Queen) || p.At(sq("e4")) != MakePiece(White, Pawn) || p.At(sq("d4")) != NoPiece {
		t.Error("At")
	}
	if p.InCheck() || p.Checkers() != 0 || !p.Attacked(sq("d7"), White) || p.Attacked(sq("a5"), White) {
		t.Error("attacks")
	}
	// double check: only king moves
	d := mustFEN(t, "4k3/8/5N2/8/8/8/8/4RK2 b - - 0 1")
	if d.Checkers().Count() != 2 || !d.InCheck() {
		t.Errorf("double check: checkers %x", uint64(d.Checkers()))
	}
	for m := range legalSet(d) {
		if m[:2] != "e8" {
			t.Errorf("%s in double check", m)
		}
	}
	loose, _ := ParseFENLoose("8/8/8/8/8/8/8/8 w - - 0 1")
	if loose.KingSquare(White) != NoSquare || loose.InCheck() || loose.Checkers() != 0 || loose.CountLegal() != 0 {
		t.Error("empty board")
	}
	if p.Rule50() != 0 || p.FullMove() != 1 || p.Ply() != 0 || p.CastleRights() != AllCastleRights {
		t.Error("counters")
	}
	b := mustFEN(t, "4k3/8/8/8/8/8/8/4K3 b - - 12 30")
	if b.Rule50() != 12 || b.FullMove() != 30 || b.Ply() != 59 || b.Side() != Black {
		t.Errorf("rule50 %d move %d ply %d", b.Rule50(), b.FullMove(), b.Ply())
	}
}

func TestClone(t *testing.T) {
	p := NewPosition()
	play(t, p, "g1f3 g8f6 f3g1 f6g8")
	q := p.Clone()
	if q.FEN() != p.FEN() || q.Hash() != p.Hash() || q.HistoryLen() != 4 || q.RepetitionCount() != 2 {
		t.Fatal("clone differs")
	}
	play(t, q, "g1f3 g8f6 f3g1 f6g8")
	if q.RepetitionCount() != 3 || p.RepetitionCount() != 2 || p.HistoryLen() != 4 {
		t.Error("clone shares history with the original")
	}
	q.Unmake()
	q.Unmake()
	play(t, q, "e2e4")
	if p.LastMove().String() != "f6g8" {
		t.Errorf("original's history overwritten: last move %s", p.LastMove())
	}
	for i := 0; i < 4; i++ {
		p.Unmake()
	}
	if p.FEN() != StartFEN {
		t.Error("original cannot unwind")
	}
}

// TestNoAllocations: generation, counting and make/unmake never allocate
// (doc.go and makemove.go promise it; the search depends on it).
func TestNoAllocations(t *testing.T) {
	p := mustFEN(t, kiwipeteFEN)
	var l MoveList
	p.GenerateLegal(&l)
	if n := testing.AllocsPerRun(100, func() { p.GenerateLegal(&l) }); n != 0 {
		t.Errorf("GenerateLegal: %v allocs", n)
	}
	if n := testing.AllocsPerRun(100, func() { p.CountLegal() }); n != 0 {
		t.Errorf("CountLegal: %v allocs", n)
	}
	if n := testing.AllocsPerRun(100, func() {
		for _, m := range l.Slice() {
			p.Make(m)
			p.Unmake()
		}
	}); n != 0 {
		t.Errorf("Make/Unmake: %v allocs", n)
	}
}
