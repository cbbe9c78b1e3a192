package datagen

import (
	"bytes"
	"context"
	"strings"
	"testing"

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
