package bench

import (
	"io"
	"testing"

	"azar/search"
	"azar/variants/chess"
)

func TestPositionsAreLegal(t *testing.T) {
	for i, fen := range Positions() {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatalf("position %d: %v", i+1, err)
		}
		var l chess.MoveList
		p.GenerateLegal(&l)
		if l.N == 0 {
			t.Errorf("position %d has no legal move: %s", i+1, fen)
		}
	}
}

// The bench is the regression signature: two runs give the same nodes.
func TestBenchDeterministic(t *testing.T) {
	a, err := Run(5, search.DefaultOptions(), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Run(5, search.DefaultOptions(), io.Discard)
	if a.Nodes != b.Nodes || a.Nodes == 0 {
		t.Fatalf("bench not deterministic: %d vs %d", a.Nodes, b.Nodes)
	}
}
