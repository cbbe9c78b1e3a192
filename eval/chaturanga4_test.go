package eval

import (
	"testing"

	"azar/variants/chaturanga4"
)

func c4(t *testing.T, s string) *chaturanga4.Position {
	t.Helper()
	p, err := chaturanga4.ParseC4N(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The start is symmetric under a quarter turn, seat by seat: every seat
// has the same value.
func TestChaturanga4StartIsSymmetric(t *testing.T) {
	v := Chaturanga4(chaturanga4.NewPosition())
	for s := 1; s < 4; s++ {
		if v[s] != v[0] {
			t.Fatalf("start values %v", v)
		}
	}
}

func TestChaturanga4Terms(t *testing.T) {
	// Red and Black have a raja and a pawn each; Green's raja is on d4.
	base := c4(t, "7bK/7bP/8/8/3gK4/8/6rP1/7rK g rg-b -/-/-/- 0 1")
	v := Chaturanga4(base)
	if v[chaturanga4.Yellow] != C4Eliminated {
		t.Errorf("an eliminated seat is worth %d", v[chaturanga4.Yellow])
	}
	// The same with Red's elephant on a8 attacking nothing: Red gains about
	// an elephant.
	more := Chaturanga4(c4(t, "rE6bK/7bP/8/8/3gK4/8/6rP1/7rK g rg-b -/-/-/- 0 1"))
	if d := more[chaturanga4.Red] - v[chaturanga4.Red]; d < 500 || d > 600 {
		t.Errorf("an elephant adds %d to Red", d)
	}
	// Green's raja attacked by Red's elephant on d8. With Green to move it
	// can answer (a small penalty); with Black to move, Red moves before
	// Green, so the raja is as good as lost.
	answer := Chaturanga4(c4(t, "3rE3bK/7bP/8/8/3gK4/8/6rP1/7rK g rg-b -/-/-/- 0 1"))
	lost := Chaturanga4(c4(t, "3rE3bK/7bP/8/8/3gK4/8/6rP1/7rK b rg-b -/-/-/- 0 1"))
	if d := answer[chaturanga4.Green] - v[chaturanga4.Green]; d != -c4RajaAttacked {
		t.Errorf("raja attacked by a later seat: %d, want %d", d, -c4RajaAttacked)
	}
	if d := lost[chaturanga4.Green] - v[chaturanga4.Green]; d != -c4RajaEnPrise {
		t.Errorf("raja attacked by an earlier seat: %d, want %d", d, -c4RajaEnPrise)
	}
	// A waiting pawn with an elephant in the pool is worth most of the
	// elephant; without, a pawn.
	wait := Chaturanga4(c4(t, "7bK/8/8/8/3gK4/8/8/rP6rK g rg-b E/-/-/- 0 1"))
	none := Chaturanga4(c4(t, "7bK/8/8/8/3gK4/8/8/rP6rK g rg-b -/-/-/- 0 1"))
	if d := wait[chaturanga4.Red] - none[chaturanga4.Red]; d != 500/c4PoolShare+500*3/4 {
		t.Errorf("a waiting pawn with an elephant in the pool adds %d", d)
	}
}
