package puzzle

import (
	"strings"
	"testing"

	"azar/variants/chess"
)

func line(t *testing.T, p *chess.Position, uci ...string) []chess.Move {
	t.Helper()
	q := p.Clone()
	var out []chess.Move
	for _, s := range uci {
		m, err := q.ParseUCIMove(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
		q.Make(m)
	}
	return out
}

func TestVerifyTacticFork(t *testing.T) {
	// 1.Nf7+ forks the king on h8 and the queen on d8.
	p := mustFEN(t, "3q3k/8/8/4N3/8/8/8/4K3 w - - 0 1")
	pf, ok := VerifyTactic(p)
	if !ok || p.SAN(pf.Move) != "Nf7+" {
		t.Fatalf("VerifyTactic = %v, %v; want Nf7+", pf, ok)
	}
	if pf.Base != -600 || pf.Value != 300 {
		t.Errorf("base %d, value %d; want -600 (N v Q) and +300 (N v nothing)", pf.Base, pf.Value)
	}
	sh, ok := classify(p, line(t, p, "e5f7", "h8g8", "f7d8"))
	if !ok || sh.kind != DoubleAttack || sh.mover != chess.Knight ||
		len(sh.targets) != 2 || sh.targets[0] != chess.King || sh.targets[1] != chess.Queen {
		t.Fatalf("classify = %+v, %v; want a knight's double attack on king and queen", sh, ok)
	}
	h := TacticHint(p, sh, pf.Move)
	if h != "Find the knight move that checks the king and attacks the queen at once." {
		t.Errorf("hint %q", h)
	}
}

func TestVerifyTacticSkewer(t *testing.T) {
	// 1.Ba4+ on the a4-e8 diagonal: the king steps off, the queen falls.
	p := mustFEN(t, "4q3/8/2k5/8/8/8/8/3B2K1 w - - 0 1")
	pf, ok := VerifyTactic(p)
	if !ok || p.SAN(pf.Move) != "Ba4+" {
		t.Fatalf("VerifyTactic = %v, %v; want Ba4+", pf, ok)
	}
	l := line(t, p, "d1a4", "c6b6", "a4e8")
	sh, ok := classify(p, l)
	if !ok || sh.kind != SkewerKind || sh.front != chess.King || sh.back != chess.Queen {
		t.Fatalf("classify = %+v, %v; want a skewer of king and queen", sh, ok)
	}
	if h := TacticHint(p, sh, pf.Move); !strings.Contains(h, "bishop") || !strings.Contains(h, "queen behind it") {
		t.Errorf("hint %q does not name the bishop and the queen", h)
	}
	// A line whose follow-up takes nothing is no tactic.
	if _, ok := classify(p, line(t, p, "d1a4", "c6b6", "a4b3")); ok {
		t.Error("a retreat after the check classified as a tactic")
	}
}

func TestVerifyTacticRefusals(t *testing.T) {
	for _, c := range []struct{ name, fen string }{
		// Rxd8+ Kxd8 wins the queen for the rook, but the capture is
		// already in the quiescence value: nothing is won by a tactic.
		{"a plain capture", "3qk3/8/8/8/8/8/8/3RK3 w - - 0 1"},
		{"the start position", chess.NewPosition().FEN()},
		// Two different knight forks win the same queen.
		{"two winning moves", "3q3k/8/8/4N1N1/8/8/8/4K3 w - - 0 1"},
		// Mate in 1 is no material tactic.
		{"a mate", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"},
	} {
		p := mustFEN(t, c.fen)
		if pf, ok := VerifyTactic(p); ok {
			t.Errorf("%s: VerifyTactic accepted %s", c.name, p.SAN(pf.Move))
		}
	}
}

func TestMaterialSearchSeesRecapture(t *testing.T) {
	// Qxd5?? is met by exd5: the search values it a queen for a pawn down.
	p := mustFEN(t, "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1")
	m, _ := p.ParseUCIMove("d1d5")
	if v := MoveValue(p, m); v != -100 {
		t.Errorf("Qxd5 value %d, want -100 (a lone king against a pawn)", v)
	}
}
