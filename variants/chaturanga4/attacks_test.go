package chaturanga4

import "testing"

func TestAttackersOf(t *testing.T) {
	// Red's raja on d4 is attacked by Green's elephant d1 (through d2,
	// d3) and pawn c3 (Green takes north-east and north-west), Black's
	// pawn e5 (south-west) and boat f6; Yellow's knight b5 is frozen
	// (Yellow is out) and attacks nothing.
	p := mustPos(t, "7bK/8/5bB2/1yN2bP3/3rK4/2gP5/8/3gE3gK r rg-b -/-/-/- 0 1")
	d4 := sq("d4")
	if got := p.AttackersOf(d4, Green); got != sq("d1").Bit()|sq("c3").Bit() {
		t.Errorf("green attackers %v", got)
	}
	if got := p.AttackersOf(d4, Black); got != sq("e5").Bit()|sq("f6").Bit() {
		t.Errorf("black attackers %v", got)
	}
	if got := p.AttackersOf(d4, Yellow); got != 0 {
		t.Errorf("a frozen army attacks: %v", got)
	}
	if got := p.SeatsBefore(Red); len(got) != 0 {
		t.Errorf("seats before the seat to move: %v", got)
	}
	if got := p.SeatsBefore(Black); len(got) != 2 || got[0] != Red || got[1] != Green {
		t.Errorf("seats before Black: %v", got)
	}
}
