package books

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"os"
	"testing"

	"azar/variants/chess"
)

// FuzzParse: any bytes either parse into a book that writes back to the
// same bytes and can be probed, or are refused; nothing panics.
func FuzzParse(f *testing.F) {
	f.Add([]byte{})
	f.Add(make([]byte, 15))
	f.Add(make([]byte, 32))
	start := Key(chess.NewPosition())
	var book []byte
	for _, e := range []Entry{
		{start, 12<<6 | 28, 27, 0}, // e2e4
		{start, 11<<6 | 27, 8, 0},  // d2d4
		{start, 12<<6 | 36, 5, 0},  // e2e5: illegal, left out
		{start, 0, 1, 0},           // a1a1
		{start + 1, 4<<6 | 7, 1, 7},
	} {
		book = binary.BigEndian.AppendUint64(book, e.Key)
		book = binary.BigEndian.AppendUint16(book, e.Move)
		book = binary.BigEndian.AppendUint16(book, e.Weight)
		book = binary.BigEndian.AppendUint32(book, e.Learn)
	}
	f.Add(book)
	f.Add(book[:40])
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Parse(data)
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := Write(&out, b.Entries()); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), data) {
			t.Fatalf("round trip changed the book")
		}
		p := chess.NewPosition()
		cs := b.Choices(p)
		if m, ok := Pick(cs, rand.New(rand.NewPCG(1, 2))); ok && !contains(p, m) {
			t.Fatalf("picked %v, not legal", m)
		}
		for _, e := range b.Entries() {
			if got := b.Lookup(e.Key); len(got) == 0 || got[0].Key != e.Key {
				t.Fatalf("Lookup(%016x) = %v", e.Key, got)
			}
		}
	})
}

// FuzzProbe: a FEN and a book move, as `azar book probe` decodes them: a
// bad FEN is an error, a decoded move is legal and encodes back to the
// same 16 bits.
func FuzzProbe(f *testing.F) {
	for _, c := range publishedKeys {
		f.Add(c.fen, uint16(12<<6|28))
	}
	f.Add("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", uint16(4<<6|7))
	f.Add("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", uint16(1<<12|49<<6|57))
	f.Add("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", uint16(36<<6|43))
	f.Add("4k3/8/8/8/3Pp3/8/8/4R1K1 b - d3 0 1", uint16(28<<6|19))
	f.Add("not a fen", uint16(0))
	f.Fuzz(func(t *testing.T, fen string, v uint16) {
		k, p, err := KeyFEN(fen)
		if err != nil {
			return
		}
		if q, err := chess.ParseFEN(fen); err != nil || Key(q) != Key(p) {
			t.Fatalf("KeyFEN's position differs from ParseFEN's")
		}
		if p.EPSquare() != chess.NoSquare && k != Key(p) {
			t.Fatalf("legal en passant: KeyFEN %016x, Key %016x", k, Key(p))
		}
		m, ok := DecodeMove(p, v)
		if !ok {
			_ = PolyglotString(v)
			return
		}
		if !contains(p, m) || EncodeMove(m) != v {
			t.Fatalf("DecodeMove(%#x) = %v: not legal or encodes to %#x", v, m, EncodeMove(m))
		}
	})
}

func contains(p *chess.Position, m chess.Move) bool {
	var l chess.MoveList
	p.GenerateLegal(&l)
	return l.Contains(m)
}

// TestLoadErrors: a missing file, a truncated entry and keys out of order
// are refused with errors that say so.
func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := Load(dir + "/none.bin"); !os.IsNotExist(err) {
		t.Errorf("missing file: %v", err)
	}
	if _, err := Load(dir); err == nil {
		t.Error("a directory accepted")
	}
	if _, err := Parse(make([]byte, 17)); err == nil {
		t.Error("17 bytes accepted")
	}
	bad := make([]byte, 32)
	bad[0] = 1 // the first key above the second
	if _, err := Parse(bad); err == nil {
		t.Error("keys out of order accepted")
	}
}

// TestChoicesAndPick: the book's legal moves in file order, the illegal
// one left out, and picks that follow the weights.
func TestChoicesAndPick(t *testing.T) {
	start := Key(chess.NewPosition())
	var buf bytes.Buffer
	_ = Write(&buf, []Entry{
		{Key: start, Move: 12<<6 | 28, Weight: 3}, // e2e4
		{Key: start, Move: 12<<6 | 36, Weight: 9}, // e2e5: illegal
		{Key: start, Move: 11<<6 | 27, Weight: 1}, // d2d4
		{Key: start, Move: 6<<6 | 21, Weight: 0},  // g1f3: weight 0
	})
	b, err := Parse(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	p := chess.NewPosition()
	cs := b.Choices(p)
	if len(cs) != 3 || cs[0].Move.String() != "e2e4" || cs[1].Move.String() != "d2d4" || cs[2].Move.String() != "g1f3" {
		t.Fatalf("Choices = %v, want e2e4 3, d2d4 1, g1f3 0", cs)
	}
	r := rand.New(rand.NewPCG(7, 7))
	count := map[string]int{}
	for i := 0; i < 4000; i++ {
		m, ok := Pick(cs, r)
		if !ok {
			t.Fatal("no pick")
		}
		count[m.String()]++
	}
	// 3:1 expected; a fixed seed makes the counts exact, the bounds keep
	// the test about the weights rather than the generator.
	if count["g1f3"] != 0 || count["e2e4"] < 2800 || count["e2e4"] > 3200 || count["e2e4"]+count["d2d4"] != 4000 {
		t.Errorf("picks %v, want about 3000 e2e4, 1000 d2d4, no g1f3", count)
	}
	if _, ok := Pick([]Choice{{cs[2].Move, 0}}, r); ok {
		t.Error("picked a move of weight 0")
	}
	if got := b.Choices(play(t, chess.StartFEN, "e2e4")); got != nil {
		t.Errorf("out of book: %v", got)
	}
}
