package puzzle

import (
	"testing"

	"azar/variants/chess"
)

func mustFEN(t testing.TB, fen string) *chess.Position {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func sans(p *chess.Position, ms []chess.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = p.SAN(m)
	}
	return out
}
