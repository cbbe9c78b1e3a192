package nnue

import (
	"encoding/binary"
	"hash/crc32"
	"testing"

	"azar/variants/chess"
)

// TestDefaultNetwork: the built-in network is nets/default.nnue, c270k-32
// (docs/nnue.md, section 4): 49,384 bytes, N = 32, its checksum right, and
// it re-encodes to itself. Replacing the network changes the size here.
func TestDefaultNetwork(t *testing.T) {
	const hidden = 32
	if len(defaultFile) != 49384 || FileSize(hidden) != 49384 {
		t.Fatalf("embedded file of %d bytes, want 49384 (N = %d)", len(defaultFile), hidden)
	}
	body := []byte(defaultFile[:len(defaultFile)-4])
	if got, want := crc32.ChecksumIEEE(body), binary.LittleEndian.Uint32([]byte(defaultFile[len(defaultFile)-4:])); got != want {
		t.Fatalf("CRC-32 %08x, file says %08x", got, want)
	}
	n, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if n.Hidden() != hidden {
		t.Fatalf("hidden size %d, want %d", n.Hidden(), hidden)
	}
	if b, _ := n.MarshalBinary(); string(b) != defaultFile {
		t.Error("the built-in network does not re-encode to the embedded file")
	}
	disk, err := Load("nets/default.nnue")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range perftPositions(t)[:20] {
		if n.Evaluate(p) != disk.Evaluate(p) {
			t.Fatalf("%s: the built-in network and nets/default.nnue differ", p.FEN())
		}
	}
}

// TestDefaultNetworkKnowsMaterial: whatever network is built in must see a
// queen: the start position without Black's queen is far better for White
// than the start position without White's queen, from either side to move.
func TestDefaultNetworkKnowsMaterial(t *testing.T) {
	n, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	eval := func(fen string) int {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		return n.Evaluate(p)
	}
	start := eval(chess.StartFEN)
	noBlackQueen := eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	noWhiteQueen := eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1")
	t.Logf("start %d, without Black's queen %d, without White's %d (White to move)", start, noBlackQueen, noWhiteQueen)
	if noBlackQueen < start+500 || noWhiteQueen > start-500 {
		t.Errorf("a queen is worth less than 500 cp to the built-in network: start %d, %d, %d", start, noBlackQueen, noWhiteQueen)
	}
	if b := eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"); b > -500 {
		t.Errorf("Black to move without its queen: %d cp, want below -500", b)
	}
}
