package games

import (
	"slices"
	"testing"
)

// TestOnlineNoUndoOnceOver: between two people a finished game offers
// no undo to either seat, and an undo request is refused (fool's mate:
// before the fix the mated and the mating seat both saw canUndo).
func TestOnlineNoUndoOnceOver(t *testing.T) {
	f := newFixture(t, "")
	c, inv := onlineChess(t, f)
	id := c.View.ID
	j, err := f.m.Join(id, inv.Code)
	if err != nil {
		t.Fatal(err)
	}
	w, b := seated(t, f.m, id, c.Token), seated(t, f.m, id, j.Token)
	for i, mv := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
		s := w
		if i%2 == 1 {
			s = b
		}
		if _, err := s.Move(mv, nil); err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
	}
	for name, s := range map[string]*Seated{"White": w, "Black": b} {
		v := s.Get()
		if v.Status != ReasonCheckmate {
			t.Fatalf("%s sees %q, want checkmate", name, v.Status)
		}
		if v.CanUndo {
			t.Errorf("%s may undo after the mate", name)
		}
		if _, err := s.Undo(); err == nil {
			t.Errorf("%s's undo request after the mate was taken", name)
		}
	}
}

// TestOnlineChaturangaSeatsAsEachSees: in an online four-player game the
// chaturanga part names each person's own seat "you" and the others'
// "person" (before, the friend at yellow was told that green, the
// creator, was "you"); Azar's seat stays Azar's.
func TestOnlineChaturangaSeatsAsEachSees(t *testing.T) {
	f := newFixture(t, "")
	c, err := f.m.NewGame(Options{Variant: VariantChaturanga4, Mode: ModeOnline, Seats: []SeatChoice{
		{Player: PlayerEngine, Level: 1}, {Player: PlayerYou}, {Player: PlayerPerson}, {Player: PlayerEngine, Level: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	yellow, err := f.m.Join(c.View.ID, c.Invites[0].Code)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, token string
		want        []string
	}{
		{"green", c.Token, []string{PlayerEngine, PlayerYou, PlayerPerson, PlayerEngine}},
		{"yellow", yellow.Token, []string{PlayerEngine, PlayerPerson, PlayerYou, PlayerEngine}},
	} {
		v := seated(t, f.m, c.View.ID, tc.token).Get()
		var got []string
		for _, s := range v.C4.Seats {
			got = append(got, s.Player)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s sees the seats as %v, want %v", tc.name, got, tc.want)
		}
	}
}
