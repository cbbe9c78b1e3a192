package chess

import (
	"fmt"
	"strings"
	"testing"
)

// checkLooseHash compares p's incremental key with one computed from
// scratch from its FEN. The FEN carries no modifiers, which is fine: the
// key does not include them.
func checkLooseHash(t *testing.T, p *Position, what string) {
	t.Helper()
	q, err := ParseFENLoose(p.FEN())
	if err != nil {
		t.Errorf("%s: FEN() %q does not parse: %v", what, p.FEN(), err)
		return
	}
	if q.Hash() != p.Hash() {
		t.Errorf("%s: incremental key %016x, from scratch %016x (%s)", what, p.Hash(), q.Hash(), p.FEN())
	}
}

func TestPrimitives(t *testing.T) {
	const epPos = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"
	wn, bp := MakePiece(White, Knight), MakePiece(Black, Pawn)
	cases := []struct {
		name string
		fen  string
		m    Move
		want string // FEN after the move
	}{
		{"drop", StartFEN, NewDrop(wn, sq("e4")),
			"rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"},
		{"drop black pawn", StartFEN, NewDrop(bp, sq("d4")),
			"rnbqkbnr/pppppppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"},
		{"drop resets the clock", "4k3/8/8/8/8/8/8/4K3 w - - 37 50", NewDrop(MakePiece(White, Queen), sq("a1")),
			"4k3/8/8/8/8/8/8/Q3K3 b - - 0 50"},
		{"drop keeping the turn", StartFEN, NewDrop(wn, sq("e4")).WithKeepTurn(),
			"rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"remove h1 rook", StartFEN, NewRemoval(sq("h1")),
			"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 b Qkq - 0 1"},
		{"remove a1 rook", StartFEN, NewRemoval(sq("a1")),
			"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR b Kkq - 0 1"},
		{"remove a8 rook", StartFEN, NewRemoval(sq("a8")),
			"1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQk - 0 1"},
		{"remove h8 rook", StartFEN, NewRemoval(sq("h8")),
			"rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQq - 0 1"},
		{"remove e1 king", StartFEN, NewRemoval(sq("e1")),
			"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR b kq - 0 1"},
		{"remove a knight keeps rights", StartFEN, NewRemoval(sq("g1")),
			"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 1"},
		{"remove keeping the turn", StartFEN, NewRemoval(sq("d7")).WithKeepTurn(),
			"rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"remove the pawn that could be taken en passant", epPos, NewRemoval(sq("e4")),
			"rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPP1PPP/RNBQKBNR w KQkq - 0 4"},
		{"relocate h1 rook", StartFEN, NewRelocation(sq("h1"), sq("h3")),
			"rnbqkbnr/pppppppp/8/8/8/7R/PPPPPPPP/RNBQKBN1 b Qkq - 1 1"},
		{"relocate a8 rook", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", NewRelocation(sq("a8"), sq("a5")),
			"4k2r/8/8/r7/8/8/8/R3K2R w KQk - 1 2"},
		{"relocate king", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", NewRelocation(sq("e1"), sq("e4")),
			"r3k2r/8/8/8/4K3/8/8/R6R b kq - 1 1"},
		{"relocate keeping the turn", StartFEN, NewRelocation(sq("b1"), sq("d5")).WithKeepTurn(),
			"rnbqkbnr/pppppppp/8/3N4/8/8/PPPPPPPP/R1BQKBNR w KQkq - 1 1"},
		{"null move", StartFEN, NullMove,
			"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1"},
		{"null move clears en passant", epPos, NullMove,
			"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 4"},
		{"null move keeping the turn", StartFEN, NullMove.WithKeepTurn(),
			"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1 1"},
		{"double push keeping the turn sets no ep", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", NewMove(sq("e2"), sq("e4")).WithKeepTurn(),
			"4k3/8/8/8/3pP3/8/8/4K3 w - - 0 1"},
		{"capture keeping the turn", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 5 1", NewMove(sq("e4"), sq("d5")).WithKeepTurn(),
			"4k3/8/8/3P4/8/8/8/4K3 w - - 0 1"},
		{"normal move for comparison", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", NewMove(sq("e2"), sq("e4")),
			"4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"},
	}
	for _, c := range cases {
		p, err := ParseFENLoose(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		fen, h, side := p.FEN(), p.Hash(), p.Side()
		p.Make(c.m)
		if got := p.FEN(); got != c.want {
			t.Errorf("%s: after %s FEN %q, want %q", c.name, c.m, got, c.want)
		}
		checkLooseHash(t, p, c.name)
		if c.m.KeepsTurn() != (p.Side() == side) {
			t.Errorf("%s: side to move %v after %s (keep turn %v)", c.name, p.Side(), c.m, c.m.KeepsTurn())
		}
		if p.LastMove() != c.m {
			t.Errorf("%s: LastMove %s", c.name, p.LastMove())
		}
		p.Unmake()
		if p.FEN() != fen || p.Hash() != h || p.HistoryLen() != 0 {
			t.Errorf("%s: Unmake left %s key %016x, want %s %016x", c.name, p.FEN(), p.Hash(), fen, h)
		}
	}
}

// TestPrimitiveSequence chains actions of one multi-action turn and
// unwinds them.
func TestPrimitiveSequence(t *testing.T) {
	p := NewPosition()
	start, h := p.FEN(), p.Hash()
	seq := []Move{
		NewRemoval(sq("h8")).WithKeepTurn(),
		NewDrop(MakePiece(White, Queen), sq("e5")).WithKeepTurn(),
		NewRelocation(sq("e5"), sq("h5")).WithKeepTurn(),
		NewMove(sq("e2"), sq("e4")),
		NullMove,
		NewMove(sq("h5"), sq("f7")),
	}
	var fens []string
	for i, m := range seq {
		fens = append(fens, p.FEN())
		p.Make(m)
		checkLooseHash(t, p, fmt.Sprintf("action %d (%s)", i, m))
	}
	// (the move number is TestKeepTurnMoveNumber's business)
	if got, want := strings.Join(strings.Fields(p.FEN())[:5], " "), "rnbqkbn1/pppppQpp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQq - 0"; got != want {
		t.Errorf("after the sequence: %s, want %s", got, want)
	}
	if !p.InCheck() {
		t.Error("Qxf7 (f7 was a pawn) gives check")
	}
	for i := len(seq) - 1; i >= 0; i-- {
		p.Unmake()
		if p.FEN() != fens[i] {
			t.Errorf("unmake %d: %s, want %s", i, p.FEN(), fens[i])
		}
	}
	if p.FEN() != start || p.Hash() != h {
		t.Error("not back to the start")
	}
}

// TestKeepTurnMoveNumber: actions that keep the turn are parts of one
// turn; the FEN move number counts turns (a white turn plus a black turn),
// so after white's two-action first turn it is still move 1.
func TestKeepTurnMoveNumber(t *testing.T) {
	p := NewPosition()
	p.Make(NewDrop(MakePiece(White, Knight), sq("e4")).WithKeepTurn())
	p.Make(NewMove(sq("d2"), sq("d4")))
	if want := "rnbqkbnr/pppppppp/8/8/3PN3/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"; p.FEN() != want {
		t.Errorf("after white's first turn: %s, want %s", p.FEN(), want)
	}
	p.Make(NewMove(sq("g8"), sq("f6")))
	if got := p.FullMove(); got != 2 {
		t.Errorf("after black's first turn: move %d, want 2", got)
	}
	p.Unmake()
	p.Unmake()
	p.Unmake()
	if p.FEN() != StartFEN {
		t.Errorf("unmade: %s", p.FEN())
	}
}

func TestSANOfPrimitives(t *testing.T) {
	p := NewPosition()
	for _, c := range []struct {
		m    Move
		want string
	}{
		{NewDrop(MakePiece(White, Knight), sq("e4")), "N@e4"},
		{NewDrop(MakePiece(White, Queen), sq("e6")), "Q@e6"},
		{NewRemoval(sq("e7")), "-e7"},
		{NewRelocation(sq("d1"), sq("h5")), "d1>h5"},
		{NullMove, "--"},
	} {
		if got := p.SAN(c.m); got != c.want {
			t.Errorf("SAN(%s) = %q, want %q", c.m, got, c.want)
		}
	}
	// a drop that gives check is marked
	q := mustFEN(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
	if got := q.SAN(NewDrop(MakePiece(White, Rook), sq("e4"))); got != "R@e4+" {
		t.Errorf("checking drop: %q", got)
	}
}

func withMods(t *testing.T, fen string, m Modifiers) *Position {
	t.Helper()
	p := mustFEN(t, fen)
	h, ep := p.Hash(), p.EPSquare()
	p.SetModifiers(m)
	if p.Modifiers() != m {
		t.Errorf("Modifiers() = %+v", p.Modifiers())
	}
	if p.Hash() != h && p.EPSquare() == ep {
		t.Errorf("%s: SetModifiers changed the key", fen)
	}
	return p
}

func legalSet(p *Position) map[string]bool {
	var l MoveList
	p.GenerateLegal(&l)
	s := map[string]bool{}
	for _, m := range l.Slice() {
		s[m.String()] = true
	}
	if len(s) != l.N {
		panic("duplicate moves")
	}
	return s
}

func TestModifierKnightToo(t *testing.T) {
	queenJumps := Modifiers{KnightToo: [2]uint8{1 << Queen, 0}}
	t.Run("queen jumps", func(t *testing.T) {
		plain := mustFEN(t, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
		p := withMods(t, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", queenJumps)
		before, after := legalSet(plain), legalSet(p)
		for _, j := range []string{"d1b2", "d1c3", "d1e3", "d1f2"} {
			if before[j] {
				t.Errorf("%s legal without the modifier", j)
			}
			if !after[j] {
				t.Errorf("%s missing with KnightToo queen", j)
			}
		}
		if len(after) != len(before)+4 || p.CountLegal() != len(after) {
			t.Errorf("%d moves with the modifier, %d without; CountLegal %d", len(after), len(before), p.CountLegal())
		}
	})
	t.Run("gives check", func(t *testing.T) {
		const fen = "4k3/8/3Q4/8/8/8/8/4K3 b - - 0 1"
		if mustFEN(t, fen).InCheck() {
			t.Fatal("premise: no check without the modifier")
		}
		p := withMods(t, fen, queenJumps)
		if !p.InCheck() || p.Checkers() != sq("d6").Bit() {
			t.Errorf("InCheck %v, checkers %x", p.InCheck(), p.Checkers())
		}
		// d8, d7 (file), e7, f8 (diagonal) and f7 (a jump) are all
		// attacked: mate by a jumping queen.
		if got := legalSet(p); len(got) != 0 || p.Status(false) != Checkmate {
			t.Errorf("escapes %v, status %v; want checkmate", got, p.Status(false))
		}
		// The other colour's modifier does not make white's queen jump.
		q := withMods(t, fen, Modifiers{KnightToo: [2]uint8{0, 1 << Queen}})
		if q.InCheck() {
			t.Error("black's KnightToo made the white queen give check")
		}
	})
	t.Run("gives check after a move", func(t *testing.T) {
		p := withMods(t, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", queenJumps)
		m, err := p.ParseUCIMove("d1d6")
		if err != nil {
			t.Fatal(err)
		}
		if got := p.SAN(m); got != "Qd6#" {
			t.Errorf("SAN %q, want Qd6#", got)
		}
	})
	t.Run("king may not step into a jump", func(t *testing.T) {
		const fen = "4k3/8/8/8/2q5/8/8/4K3 w - - 0 1"
		plain := legalSet(mustFEN(t, fen))
		if !plain["e1d2"] || !plain["e1d1"] || !plain["e1f2"] || len(plain) != 3 {
			t.Fatalf("premise: %v", plain)
		}
		got := legalSet(withMods(t, fen, Modifiers{KnightToo: [2]uint8{0, 1 << Queen}}))
		if got["e1d2"] || !got["e1d1"] || !got["e1f2"] || len(got) != 2 {
			t.Errorf("king moves %v, want e1d1 e1f2", got)
		}
	})
	t.Run("no castling through a jump", func(t *testing.T) {
		const fen = "4k3/8/8/8/8/7q/6P1/4K2R w K - 0 1"
		if !legalSet(mustFEN(t, fen))["e1g1"] {
			t.Fatal("premise: O-O legal without the modifier")
		}
		if legalSet(withMods(t, fen, Modifiers{KnightToo: [2]uint8{0, 1 << Queen}}))["e1g1"] {
			t.Error("O-O onto g1, a knight's jump from the h3 queen")
		}
	})
	t.Run("pinned jumper", func(t *testing.T) {
		// The e2 queen is pinned on the e-file: its jumps are illegal.
		const fen = "4k3/4r3/8/8/8/8/4Q3/4K3 w - - 0 1"
		plain, got := legalSet(mustFEN(t, fen)), legalSet(withMods(t, fen, queenJumps))
		if len(plain) != len(got) {
			t.Errorf("with jumps %v, without %v", got, plain)
		}
		for m := range got {
			if !plain[m] {
				t.Errorf("%s is illegal (pinned queen)", m)
			}
		}
	})
}

func TestModifierFrozen(t *testing.T) {
	t.Run("frozen knights", func(t *testing.T) {
		p := withMods(t, StartFEN, Modifiers{Frozen: [2]uint8{1 << Knight, 0}})
		got := legalSet(p)
		if len(got) != 16 || p.CountLegal() != 16 {
			t.Errorf("%d moves, want 16 pawn moves: %v", len(got), got)
		}
		for m := range got {
			if m[:2] == "b1" || m[:2] == "g1" {
				t.Errorf("frozen knight moves: %s", m)
			}
		}
		play(t, p, "e2e4")
		if n := p.CountLegal(); n != 20 {
			t.Errorf("black's knights frozen too: %d moves", n)
		}
	})
	t.Run("frozen king in check is mated", func(t *testing.T) {
		const fen = "4k3/8/8/8/8/8/8/r3K3 w - - 0 1"
		if mustFEN(t, fen).Status(false) != Ongoing {
			t.Fatal("premise")
		}
		p := withMods(t, fen, Modifiers{Frozen: [2]uint8{1 << King, 0}})
		if p.CountLegal() != 0 || p.Status(false) != Checkmate {
			t.Errorf("%d moves, %v", p.CountLegal(), p.Status(false))
		}
	})
	t.Run("frozen king cannot castle", func(t *testing.T) {
		p := withMods(t, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", Modifiers{Frozen: [2]uint8{1 << King, 0}})
		for m := range legalSet(p) {
			if m[:2] == "e1" {
				t.Errorf("frozen king moves: %s", m)
			}
		}
	})
	t.Run("frozen pawns: no en passant", func(t *testing.T) {
		p := withMods(t, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", Modifiers{Frozen: [2]uint8{0, 1 << Pawn}})
		play(t, p, "e2e4")
		if p.EPSquare() != NoSquare {
			t.Errorf("ep square %s for a frozen pawn", p.EPSquare())
		}
		checkLooseHash(t, p, "e2e4 with black pawns frozen")
		if legalSet(p)["d4e3"] {
			t.Error("frozen pawn captures en passant")
		}
	})
	t.Run("everything but the king frozen", func(t *testing.T) {
		all := uint8(1<<Pawn | 1<<Knight | 1<<Bishop | 1<<Rook | 1<<Queen)
		p := withMods(t, kiwipeteFEN, Modifiers{Frozen: [2]uint8{all, 0}})
		got := legalSet(p)
		// e1d1, e1f1 and the two castlings
		want := map[string]bool{"e1d1": true, "e1f1": true, "e1g1": true, "e1c1": true}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("moves %v, want %v", got, want)
		}
	})
}

// TestSetModifiersKeepsHashConsistent: SetModifiers may drop the ep square
// (a frozen pawn cannot capture); the key must follow, as Make's does.
func TestSetModifiersKeepsHashConsistent(t *testing.T) {
	p := mustFEN(t, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3")
	p.SetModifiers(Modifiers{Frozen: [2]uint8{0, 1 << Pawn}})
	if p.EPSquare() != NoSquare {
		t.Fatalf("ep square %s kept for a frozen pawn", p.EPSquare())
	}
	checkLooseHash(t, p, "SetModifiers(black pawns frozen)")
	// The same position reached by a move with the modifier already set
	// must have the same key.
	q := mustFEN(t, "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3")
	q.SetModifiers(Modifiers{Frozen: [2]uint8{0, 1 << Pawn}})
	play(t, q, "e2e4")
	if q.FEN() != p.FEN() || q.Hash() != p.Hash() {
		t.Errorf("same position and rules, keys %016x and %016x", p.Hash(), q.Hash())
	}
}

// noOpMods are modifiers that switch the general generator on without
// changing any rule: a frozen "no piece type" and knights that also jump
// like knights.
var noOpMods = []Modifiers{
	{Frozen: [2]uint8{1 << NoPieceType, 1 << NoPieceType}},
	{KnightToo: [2]uint8{1 << Knight, 1 << Knight}},
}

// TestGeneralPathPerft checks the general (modifier) generator against the
// suite's counts, to depth 4 (2 under -short), up to 2M leaves a count.
func TestGeneralPathPerft(t *testing.T) {
	maxDepth, maxNodes := 4, uint64(2_000_000)
	if testing.Short() {
		maxDepth, maxNodes = 2, 100_000
	}
	var nodes uint64
	for i, c := range loadPerftSuite(t) {
		p := mustFEN(t, c.fen)
		mods := noOpMods[i%len(noOpMods)]
		p.SetModifiers(mods)
		if !p.modsOn {
			t.Fatalf("%+v does not switch the general path on", mods)
		}
		if p.FEN() != mustFEN(t, c.fen).FEN() {
			t.Errorf("%s: no-op modifiers changed the position to %s", c.fen, p.FEN())
		}
		for d := 1; d <= min(maxDepth, len(c.counts)); d++ {
			want := c.counts[d-1]
			if want > maxNodes {
				break
			}
			nodes += want
			if got := p.Perft(d); got != want {
				t.Errorf("%s:%d %s with %+v: Perft(%d) = %d, want %d", perftSuitePath, c.line, c.fen, mods, d, got, want)
			}
		}
		plain := mustFEN(t, c.fen)
		a, b := legalSet(plain), legalSet(p)
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("%s: fast %v\ngeneral %v", c.fen, a, b)
		}
		if plain.Hash() != p.Hash() {
			t.Errorf("%s: no-op modifiers changed the key", c.fen)
		}
	}
	t.Logf("%d nodes", nodes)
}
