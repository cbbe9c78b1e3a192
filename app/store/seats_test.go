package store

import (
	"reflect"
	"testing"
)

// TestSeatsAndVersionRoundTrip: a game's seats and version come back
// from the file as saved; saving again replaces the seats; Owned finds a
// game by a token's hash only, with the seat it holds.
func TestSeatsAndVersionRoundTrip(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	a, b := sample("a1", Playing, 1700000001000), sample("b2", Finished, 1700000002000)
	a.Version = 1_780_000_000 << 10
	a.Seats = []Seat{{Seat: "b", Invite: "code"}, {Seat: "w", TokenHash: "hw"}}
	b.Seats = []Seat{{Seat: "", TokenHash: "hd"}, {Seat: "z", Invite: "inv"}} // z: one still open
	for _, g := range []Game{a, b} {
		if err := s.Save(g); err != nil {
			t.Fatal(err)
		}
	}
	a.Seats[0] = Seat{Seat: "b", TokenHash: "hb", Invite: "codehash"} // the invitation taken
	a.Version++
	if err := s.Save(a); err != nil {
		t.Fatal(err)
	}
	s.Close()

	s, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Load("a1")
	if err != nil || !reflect.DeepEqual(got, a) {
		t.Fatalf("loaded %+v %v\nwant   %+v", got, err, a)
	}
	if all, _ := s.List("", 0); len(all) != 2 || !reflect.DeepEqual(all[0].Seats, b.Seats) || !reflect.DeepEqual(all[1].Seats, a.Seats) {
		t.Fatalf("listed %+v", all)
	}
	owned, err := s.Owned([]string{"hb", "hd", "code", "nope"})
	if err != nil || len(owned) != 2 || owned[0].Game.ID != "b2" || owned[0].Seat != "" || owned[1].Game.ID != "a1" || owned[1].Seat != "b" {
		t.Fatalf("owned %+v %v", owned, err)
	}
	if owned, _ := s.Owned([]string{""}); len(owned) != 0 {
		t.Fatalf("the empty hash (an open seat's) owns %+v", owned)
	}
	if _, err := s.Owned(make([]string, MaxOwned+1)); err == nil {
		t.Fatal("too many hashes accepted")
	}
}
