package protocol_test

import (
	"strings"
	"testing"

	"azar/variants/magic"
)

// TestMagicBelief: with Magic_Belief passes the engine reads the passes
// of the position's history and answers a legal action, in both seats,
// with and without the other player's passes to learn from.
func TestMagicBelief(t *testing.T) {
	out, h := magicSession(t, "setoption name Magic_HandSize value 3", "setoption name Magic_Belief value passes")
	quiet := []string{"e2e4", "pass", "e7e5", "pass", "g1f3", "pass", "b8c6", "pass", "f1c4", "pass"}
	for _, c := range []struct {
		hand, seat string
		moves      []string
	}{
		{"AM01,AM37,AM40", "white", nil},
		{"AM01,AM37,AM40", "white", quiet[:8]},
		{"AM02,AM38,AM39", "black", quiet[:2]},
		{"AM02,AM38,AM39", "black", quiet},
	} {
		pos := "position startpos hand " + c.hand
		if len(c.moves) > 0 {
			pos += " moves " + strings.Join(c.moves, " ")
		}
		got := linesUntil(t, out, h, prefix("bestmove"), pos, "go nodes 3000")
		magicBest(t, got, magicView(t, magic.Options{HandSize: 3}, "startpos hands=3,3 "+c.seat+"="+c.hand, c.moves...))
	}
}
