package protocol_test

import (
	"slices"
	"strings"
	"testing"
)

// The Ajedrez Mágico rule positions of issue 27, through the protocol:
// what `go perft 1` lists and what `d` shows (docs/rules/magic.md §11,
// §12, §16, decisions 8, 9 and 29).

// magicPerft1 returns the actions `go perft 1` lists (its "token: 1"
// lines) after the position command.
func magicPerft1(t *testing.T, out *sink, h func(string), position string) []string {
	t.Helper()
	got := linesUntil(t, out, h, prefix("Nodes searched"), position, "go perft 1")
	var toks []string
	for _, l := range got {
		if tok, ok := strings.CutSuffix(l, ": 1"); ok && !strings.HasPrefix(l, "Nodes searched") {
			toks = append(toks, tok)
		}
	}
	return toks
}

func TestMagicIssue27Positions(t *testing.T) {
	const tail = " discard=- pool=-/-"
	t.Run("mate-save rewind reaches only the last turn", func(t *testing.T) {
		out, h := magicSession(t)
		toks := magicPerft1(t, out, h, "position fen k7/8/8/8/8/8/6PP/r6K b - - 0 1 hands=2,2 white=AM08,AM03 effects=AM34b#2@d1"+tail+" moves a8b8 pass AM08 AM09")
		if !slices.Equal(toks, []string{"pass"}) {
			t.Errorf("perft 1 lists %v, want only pass (AM03 would undo a8b8 of the turn before)", toks)
		}
	})
	t.Run("rewind restores the bulwark", func(t *testing.T) {
		out, h := magicSession(t, "setoption name Magic_Mode value advanced")
		h("position fen 4k3/P7/8/8/8/8/1P6/4K3 w - - 0 1 hands=0,1 effects=AM07w#2@a7+b2" + tail + " moves a7a8q AM03")
		d := magicD(t, out, h)
		if !slices.Contains(d, "Effects: AM07 white #2 @b2+a7") {
			t.Errorf("d: %q, want the shield on b2 and a7", d)
		}
	})
	t.Run("AM31 lifts a mate from an own expiring wall", func(t *testing.T) {
		out, h := magicSession(t)
		toks := magicPerft1(t, out, h, "position fen k6r/8/8/8/3b4/8/6P1/7K w - - 0 1 hands=1,0 white=AM31 effects=AM34w#1@e3"+tail+" moves AM31")
		if !slices.Equal(toks, []string{"Kh1f1"}) {
			t.Errorf("after AM31: %v, want Kh1f1", toks)
		}
	})
	t.Run("any card may save a mate", func(t *testing.T) {
		out, h := magicSession(t)
		toks := magicPerft1(t, out, h, "position fen 4k3/8/8/8/7N/8/5PPP/r5K1 w - - 0 1 hands=2,0 white=AM13,AM17"+tail)
		if len(toks) != 61 || !slices.Contains(toks, "AM13:h4,f1") || !slices.Contains(toks, "AM17:a1,a3") || !slices.Contains(toks, "pass") {
			t.Errorf("the mate save lists %d actions %v, want 61 with AM13:h4,f1, AM17:a1,a3 and pass", len(toks), toks)
		}
	})
	t.Run("no stalemate while the turn can be a card", func(t *testing.T) {
		out, h := magicSession(t)
		pos := "position fen 4k3/8/8/8/8/8/5PPP/r5K1 w - - 0 1 hands=1,0 white=AM12 effects=AM34w#1@c1" + tail
		h(pos)
		if d := magicD(t, out, h); !slices.Contains(d, "Status: white to act (turn start), 2 legal actions") {
			t.Errorf("d: %q, want White to act with 2 actions", d)
		}
		if toks := magicPerft1(t, out, h, pos); !slices.Equal(toks, []string{"AM12:AM34,+", "pass"}) {
			t.Errorf("perft 1 lists %v, want AM12:AM34,+ and pass", toks)
		}
		if toks := magicPerft1(t, out, h, pos+" moves AM12:AM34,+"); len(toks) != 8 {
			t.Errorf("after the hourglass %v, want 8 moves", toks)
		}
		h(pos + " moves pass")
		if d := magicD(t, out, h); !slices.Contains(d, "Status: over, draw: stalemate") {
			t.Errorf("d after pass: %q, want the stalemate", d)
		}
	})
}
