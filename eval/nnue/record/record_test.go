package record

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"azar/variants/chess"
)

func perftFENs(t testing.TB) []string {
	f, err := os.Open("../../../variants/chess/testdata/perft.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); l != "" && l[0] != '#' {
			fen, _, _ := strings.Cut(l, ";")
			out = append(out, strings.TrimSpace(fen))
		}
	}
	return out
}

// TestRoundTrip packs every perft position (castling rights, en-passant
// squares, both sides to move) and reads back the same FEN, score and
// result.
func TestRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	var want []string
	for i, fen := range perftFENs(t) {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		r, err := FromPosition(p, i-50, uint8(i%3))
		if err != nil {
			t.Fatal(err)
		}
		var b [Size]byte
		r.Encode(b[:])
		buf.Write(b[:])
		want = append(want, p.FEN())
	}
	rd := NewReader(&buf)
	for i, fen := range want {
		r, err := rd.Next()
		if err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
		if r.FEN() != fen {
			t.Errorf("record %d: %s, want %s", i, r.FEN(), fen)
		}
		score := i - 50
		if r.Side == chess.Black {
			score = -score
		}
		if int(r.Score) != score || int(r.Result) != i%3 {
			t.Errorf("record %d: score %d result %d, want %d %d", i, r.Score, r.Result, score, i%3)
		}
	}
	if _, err := rd.Next(); err != io.EOF {
		t.Errorf("after the last record: %v, want EOF", err)
	}
}

func TestDecodeRejects(t *testing.T) {
	p := chess.NewPosition()
	r, _ := FromPosition(p, 0, Draw)
	var good [Size]byte
	r.Encode(good[:])
	if _, err := Decode(good[:]); err != nil {
		t.Fatal(err)
	}
	for name, mutate := range map[string]func(b []byte){
		"result 3":       func(b []byte) { b[26] = 3 },
		"flag bits":      func(b []byte) { b[27] |= 0x80 },
		"bad piece code": func(b []byte) { b[8] = 0x77 },
		"extra nibble":   func(b []byte) { b[8] = 0; b[23] = 1 },
		"ep square 65":   func(b []byte) { b[28] = 65 },
		"ep square a1":   func(b []byte) { b[28] = 0 },
		"no black king":  func(b []byte) { b[8+28/2] = 0xD | 0xB<<4 }, // e8 holds a queen
		"33rd piece":     func(b []byte) { b[4] = 1 },
		"pawn on rank 1": func(b []byte) { b[8] = 0x11 },
	} {
		b := good
		mutate(b[:])
		if _, err := Decode(b[:]); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := NewReader(bytes.NewReader(good[:20])).Next(); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("truncated record: %v", err)
	}
}

func FuzzDecode(f *testing.F) {
	for _, fen := range perftFENs(f)[:8] {
		p, _ := chess.ParseFEN(fen)
		r, _ := FromPosition(p, 17, WhiteWins)
		var b [Size]byte
		r.Encode(b[:])
		f.Add(b[:])
	}
	f.Add(make([]byte, Size))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Decode(data)
		if err != nil {
			return
		}
		var b [Size]byte
		r.Encode(b[:])
		if !bytes.Equal(b[:], data[:Size]) {
			t.Fatalf("an accepted record re-encodes differently:\n%x\n%x", data[:Size], b)
		}
		_ = r.FEN()
	})
}
