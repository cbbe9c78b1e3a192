package protocol_test

import (
	"strings"
	"testing"
	"time"
)

// TestStatusLines: `d`'s last line of a finished game names the winner or
// the draw before the reason, in every variant with a status line; a spy
// opponent's card given for analysis is the one world searched
// (docs/protocol.md, "Status lines").
func TestStatusLines(t *testing.T) {
	for _, c := range []struct{ variant, position, want string }{
		{"spy", "fen " + spyMateFEN + " moves reveal:spy:KR", "Status: over, white wins: checkmate"},
		{"lucky", "fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "Status: over, white wins: checkmate"},
		{"magic", "fen 7K/6q1/6k1/8/8/8/8/8 w - - 0 1 hands=0,0 discard=- pool=-/-", "Status: over, black wins: checkmate"},
		{"chaturanga4", "fen 7bK/8/8/8/8/8/8/7rK r r--b -/-/-/- 0 1", "Status: over, draw between Red, Black: insufficient material"},
		{"spy", "startpos card w=spy:Pe,b=spy:Pd", "Status: white to move, 22 legal actions, 1 world, black's card given"},
		{"spy", "startpos card w=spy:Pe", "Status: white to move, 22 legal actions, 15 worlds for black's card"},
	} {
		out, h := variantSession(t, c.variant)
		n := len(out.lines())
		h("position " + c.position)
		h("d")
		h("isready")
		i := out.waitFor(t, n, func(l string) bool { return l == "readyok" }, 5*time.Second)
		got := out.lines()[n:i]
		if len(got) == 0 || got[len(got)-1] != c.want {
			t.Errorf("%s: d ends %q, want %q\n%s", c.variant, got[len(got)-1:], c.want, strings.Join(got, "\n"))
		}
	}
}
