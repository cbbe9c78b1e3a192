package datagen

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"azar/eval/nnue/record"
	"azar/variants/chess"
)

func TestRunWritesLabelledQuietPositions(t *testing.T) {
	var buf bytes.Buffer
	n, err := Run(context.Background(), Config{Games: 2, Nodes: 300, RandomPlies: 4, Seed: 7, Workers: 1}, &buf)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if n == 0 || len(lines) != n {
		t.Fatalf("%d positions reported, %d lines", n, len(lines))
	}
	for _, l := range lines {
		fen, res, ok := strings.Cut(l, " ; ")
		if !ok || (res != "1.0" && res != "0.5" && res != "0.0") {
			t.Fatalf("bad line %q", l)
		}
		p, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatalf("bad FEN in %q: %v", l, err)
		}
		if p.InCheck() {
			t.Errorf("position in check written: %s", fen)
		}
	}
	// Same seed, same games.
	var again bytes.Buffer
	Run(context.Background(), Config{Games: 2, Nodes: 300, RandomPlies: 4, Seed: 7, Workers: 1}, &again)
	if again.String() != buf.String() {
		t.Error("datagen is not reproducible from its seed with one worker")
	}
}

func readRecords(t *testing.T, b []byte) []record.Record {
	t.Helper()
	if len(b)%record.Size != 0 {
		t.Fatalf("%d bytes is not a whole number of records", len(b))
	}
	rd := record.NewReader(bytes.NewReader(b))
	var out []record.Record
	for {
		r, err := rd.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
}

func TestBinaryRecordsAreQuietScoredPositions(t *testing.T) {
	cfg := Config{Games: 2, Nodes: 300, RandomPlies: 4, Seed: 7, Workers: 1, Format: Binary, Adjudicate: DefaultAdjudication()}
	var buf bytes.Buffer
	n, err := Run(context.Background(), cfg, &buf)
	if err != nil {
		t.Fatal(err)
	}
	recs := readRecords(t, buf.Bytes())
	if n == 0 || len(recs) != n {
		t.Fatalf("%d positions reported, %d records", n, len(recs))
	}
	scored := 0
	for _, r := range recs {
		p, err := chess.ParseFEN(r.FEN())
		if err != nil {
			t.Fatalf("record %s: %v", r.FEN(), err)
		}
		if p.InCheck() {
			t.Errorf("position in check written: %s", r.FEN())
		}
		if r.Score != 0 {
			scored++
		}
	}
	if scored == 0 {
		t.Error("no record carries a search score")
	}
	var again bytes.Buffer
	Run(context.Background(), cfg, &again)
	if !bytes.Equal(again.Bytes(), buf.Bytes()) {
		t.Error("binary datagen is not reproducible from its seed with one worker")
	}
}

// TestAdjudication: thresholds every score meets end each game after its
// first searched move, as a draw or as a win for the side the score favours.
func TestAdjudication(t *testing.T) {
	draw := Config{Games: 3, Nodes: 200, RandomPlies: 2, Seed: 3, Workers: 1, Format: Binary,
		Adjudicate: Adjudication{DrawMove: 0, DrawScore: 100000, DrawPlies: 1}}
	var buf bytes.Buffer
	n, err := Run(context.Background(), draw, &buf)
	if err != nil {
		t.Fatal(err)
	}
	recs := readRecords(t, buf.Bytes())
	if n > 3 || len(recs) != n {
		t.Fatalf("%d records from 3 games adjudicated after one move", len(recs))
	}
	for _, r := range recs {
		if r.Result != record.Draw {
			t.Errorf("%s: result %d, want a draw", r.FEN(), r.Result)
		}
	}
	win := draw
	win.Adjudicate = Adjudication{WinScore: 0, WinPlies: 1}
	buf.Reset()
	if _, err := Run(context.Background(), win, &buf); err != nil {
		t.Fatal(err)
	}
	for _, r := range readRecords(t, buf.Bytes()) {
		want := uint8(record.WhiteWins)
		if r.Score < 0 {
			want = record.BlackWins
		}
		if r.Result != want {
			t.Errorf("%s score %d: result %d, want %d", r.FEN(), r.Score, r.Result, want)
		}
	}
}
