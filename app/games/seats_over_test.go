package games

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// twoPeople is a new online game of o (the creator White) with its
// second seat taken: the creation, and White's and Black's seats.
func twoPeople(t *testing.T, f *fixture, o Options) (Created, *Seated, *Seated) {
	t.Helper()
	o.Mode, o.Color = ModeOnline, "white"
	c, err := f.m.NewGame(o)
	if err != nil {
		t.Fatal(err)
	}
	j, err := f.m.Join(c.View.ID, c.Invites[0].Code)
	if err != nil {
		t.Fatal(err)
	}
	return c, seated(t, f.m, c.View.ID, c.Token), seated(t, f.m, c.View.ID, j.Token)
}

// TestOnlineNoUndoOnceOver: between two people a finished game offers
// no undo to either seat, and an undo request is refused (fool's mate:
// before the fix the mated and the mating seat both saw canUndo).
func TestOnlineNoUndoOnceOver(t *testing.T) {
	_, w, b := twoPeople(t, newFixture(t, ""), Options{})
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

// TestOnlineWildcardUnseen: between two people, Black choosing its
// wildcard's spy tells White nothing — White's view keeps its version, its
// stream hears nothing, and its move made on that view is taken (before,
// the choice stepped the version: White could tell Black held a wildcard,
// and its move on the view it had was refused as stale).
func TestOnlineWildcardUnseen(t *testing.T) {
	var seed uint64
	for s := uint64(1); s < 2000 && seed == 0; s++ {
		if w, b := SpyDeal(s); strings.HasPrefix(b, "wild") && !strings.HasPrefix(w, "wild") {
			seed = s
		}
	}
	if seed == 0 {
		t.Fatal("no deal of a wildcard to Black alone")
	}
	_, w, b := twoPeople(t, newSeeded(t, "", seed), Options{Variant: VariantSpy})
	before := w.Get()
	wch, _, end, err := w.Subscribe()
	if err != nil {
		t.Fatal(err)
	}
	defer end()
	choice := ""
	for _, tok := range b.Get().Legal {
		if strings.HasPrefix(tok, "wild:") {
			choice = tok
		}
	}
	if choice == "" {
		t.Fatalf("Black's choices %v", b.Get().Legal)
	}
	if v, err := b.Move(choice, nil); err != nil || v.Spy == nil || v.Spy.Card != choice {
		t.Fatalf("Black's choice %s: %v (%+v)", choice, err, v.Spy)
	}
	select {
	case ev := <-wch:
		t.Fatalf("White's stream heard of Black's choice: %.200s", ev)
	case <-time.After(300 * time.Millisecond):
	}
	if after := w.Get(); after.Version != before.Version {
		t.Fatalf("White's version went %d → %d on Black's secret choice", before.Version, after.Version)
	}
	if _, err := w.Move("e2e4", &before.Version); err != nil {
		t.Fatalf("White's move on the view it had: %v", err)
	}
}
