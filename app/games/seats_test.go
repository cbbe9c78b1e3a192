package games

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"
)

// shiftClock is the system's time moved on by the test.
type shiftClock struct {
	mu sync.Mutex
	d  time.Duration
}

func (c *shiftClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.d)
}
func (c *shiftClock) After(d time.Duration) <-chan time.Time { return time.After(d) }
func (c *shiftClock) advance(d time.Duration) {
	c.mu.Lock()
	c.d += d
	c.mu.Unlock()
}

// onlineChess is a new online chess game the creator plays as White, and
// the invitation for Black.
func onlineChess(t *testing.T, f *fixture) (Created, Invite) {
	t.Helper()
	c, err := f.m.NewGame(Options{Mode: ModeOnline, Color: "white"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Seat != "w" || len(c.Invites) != 1 || c.Invites[0].Seat != "b" || len(c.Token) != 32 || len(c.Invites[0].Code) != 32 || c.Token == c.Invites[0].Code {
		t.Fatalf("created %+v", c)
	}
	return c, c.Invites[0]
}

func seated(t *testing.T, m *Manager, id, token string) *Seated {
	t.Helper()
	s, err := m.Seat(id, token)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func wantKind(t *testing.T, what string, err error, k Kind, words string) {
	t.Helper()
	if kind(err) != k || !strings.Contains(err.Error(), words) {
		t.Fatalf("%s: %v (kind %d), want kind %d with %q", what, err, kind(err), k, words)
	}
}

// TestOnlineSeatsAndTurns: a token opens its own seat only, an
// invitation takes its seat once, the game waits for it, and each seat
// moves on its own turn only.
func TestOnlineSeatsAndTurns(t *testing.T) {
	f := newFixture(t, "")
	c, inv := onlineChess(t, f)
	id := c.View.ID
	for _, tok := range []string{"", "0123456789abcdef0123456789abcdef", inv.Code} {
		_, err := f.m.Seat(id, tok)
		wantKind(t, "a seat for "+tok, err, Forbidden, "token is missing or wrong")
	}
	w := seated(t, f.m, id, c.Token)
	if v := w.Get(); v.Seat != "w" || !v.Waiting || v.Seats[1].Who != WhoOpen || v.Seats[0].Who != WhoYou {
		t.Fatalf("the creator's first view: seat %q waiting %v seats %+v", v.Seat, v.Waiting, v.Seats)
	}
	_, err := w.Move("e2e4", nil)
	wantKind(t, "a move before the friend came", err, Conflict, "waiting for the invited players")
	if inv2, err := w.Invites(); err != nil || len(inv2) != 1 || inv2[0] != inv {
		t.Fatalf("invites %v %v", inv2, err)
	}

	_, err = f.m.Join(id, "0123456789abcdef0123456789abcdef")
	wantKind(t, "a wrong code", err, Forbidden, "not for this game")
	j, err := f.m.Join(id, inv.Code)
	if err != nil || j.Seat != "b" || j.Token == c.Token || j.View.Seat != "b" || j.View.Waiting {
		t.Fatalf("join: %+v %v", j, err)
	}
	_, err = f.m.Join(id, inv.Code)
	wantKind(t, "the second join", err, Conflict, "that seat is taken")
	b := seated(t, f.m, id, j.Token)
	if _, err := b.Invites(); kind(err) != Forbidden {
		t.Fatalf("the friend saw the invitations: %v", err)
	}
	if inv2, err := w.Invites(); err != nil || len(inv2) != 0 {
		t.Fatalf("invites after the join: %v %v", inv2, err)
	}

	_, err = b.Move("e7e5", nil)
	wantKind(t, "Black on White's turn", err, Forbidden, "not your turn")
	if v := b.Get(); len(v.Legal) != 0 {
		t.Fatalf("Black is shown moves on White's turn: %v", v.Legal)
	}
	if v, err := w.Move("e2e4", nil); err != nil || len(v.Moves) != 1 || len(v.Legal) != 0 {
		t.Fatalf("White's move: %v %v", v.Legal, err)
	}
	_, err = w.Move("d2d4", nil)
	wantKind(t, "White on Black's turn", err, Forbidden, "not your turn")
	if v, err := b.Move("e7e5", nil); err != nil || len(v.Moves) != 2 || v.Human != "b" {
		t.Fatalf("Black's move: %+v %v", v, err)
	}
	if _, err := b.Hint(); kind(err) != Conflict {
		t.Fatalf("a hint between people: %v", err)
	}
}

// TestOnlineConsent: a draw offer and an undo request wait for the other
// seat, which accepts or declines; a move answers them.
func TestOnlineConsent(t *testing.T) {
	f := newFixture(t, "")
	c, inv := onlineChess(t, f)
	id := c.View.ID
	j, err := f.m.Join(id, inv.Code)
	if err != nil {
		t.Fatal(err)
	}
	w, b := seated(t, f.m, id, c.Token), seated(t, f.m, id, j.Token)

	if v, err := w.OfferDraw(); err != nil || v.DrawOffer != "w" || v.Status != "playing" {
		t.Fatalf("offer: %+v %v", v, err)
	}
	_, err = w.AcceptDraw()
	wantKind(t, "accepting one's own offer", err, Conflict, "no draw offer")
	if v, err := b.DeclineDraw(); err != nil || v.DrawOffer != "" || v.Status != "playing" {
		t.Fatalf("decline: %+v %v", v, err)
	}
	w.OfferDraw()
	if _, err := w.Move("e2e4", nil); err != nil {
		t.Fatal(err)
	}
	if v := b.Get(); v.DrawOffer != "" {
		t.Fatal("the offer outlived a move")
	}

	_, err = b.Undo()
	wantKind(t, "Black's undo with no move of its own", err, Conflict, "no move of yours")
	if v, err := w.Undo(); err != nil || v.UndoRequest != "w" || len(v.Moves) != 1 {
		t.Fatalf("undo request: %+v %v", v, err)
	}
	if v, err := b.DeclineUndo(); err != nil || v.UndoRequest != "" || len(v.Moves) != 1 {
		t.Fatalf("decline undo: %+v %v", v, err)
	}
	w.Undo()
	_, err = w.AcceptUndo()
	wantKind(t, "accepting one's own request", err, Conflict, "no undo request")
	if v, err := b.AcceptUndo(); err != nil || len(v.Moves) != 0 || v.Turn != "w" {
		t.Fatalf("accept undo: %+v %v", v, err)
	}

	b.OfferDraw()
	if v, err := w.AcceptDraw(); err != nil || v.Result != "1/2-1/2" || v.Status != ReasonAgreement {
		t.Fatalf("accept draw: %+v %v", v, err)
	}

	// The rematch: colours swapped, the other person's seat kept for it.
	r, err := b.Rematch()
	if err != nil || r.Seat != "w" || len(r.Invites) != 1 || r.Invites[0].Seat != "b" {
		t.Fatalf("rematch: %+v %v", r, err)
	}
	if _, err := w.Rematch(); kind(err) != Conflict {
		t.Fatalf("a second rematch: %v", err)
	}
	if rb, rw := b.Get().Rematch, w.Get().Rematch; rb == nil || rw == nil || rb.ID != r.View.ID || rw.ID != r.View.ID || rb.Code != "" || rw.Code != r.Invites[0].Code {
		t.Fatalf("the old game's pointers: Black %+v, White %+v", rb, rw)
	}
	j2, err := f.m.Join(r.View.ID, w.Get().Rematch.Code)
	if err != nil || j2.Seat != "b" || j2.View.Waiting {
		t.Fatalf("joining the rematch: %+v %v", j2, err)
	}
}

// TestOnlineRestart: the seats, their tokens and the view's version are
// the same after a restart, so the page's version still names the
// position its move was made on.
func TestOnlineRestart(t *testing.T) {
	dir := t.TempDir()
	f := newFixture(t, dir)
	c, inv := onlineChess(t, f)
	id := c.View.ID
	j, _ := f.m.Join(id, inv.Code)
	seated(t, f.m, id, c.Token).Move("e2e4", nil)
	before := seated(t, f.m, id, j.Token).Get()
	f.close()

	f = newFixture(t, dir)
	b := seated(t, f.m, id, j.Token)
	after := b.Get()
	if after.Version != before.Version || after.Seat != "b" || len(after.Moves) != 1 {
		t.Fatalf("after the restart: version %d, before %d; %+v", after.Version, before.Version, after)
	}
	if _, err := b.Move("e7e5", &before.Version); err != nil {
		t.Fatalf("the move on the version seen before the restart: %v", err)
	}
	_, err := seated(t, f.m, id, c.Token).Move("d2d4", &before.Version)
	wantKind(t, "a move on an old version", err, Conflict, "moved on")
}

// TestOnlineExpiryAndIdle: an invitation not taken within InviteTTL ends
// the game as abandoned; a finished game left alone leaves the memory and
// comes back from the store as it was.
func TestOnlineExpiryAndIdle(t *testing.T) {
	f := newFixture(t, "")
	clock := &shiftClock{}
	f.m.clock = clock
	c, inv := onlineChess(t, f)
	id := c.View.ID
	full, inv2 := onlineChess(t, f)
	if _, err := f.m.Join(full.View.ID, inv2.Code); err != nil {
		t.Fatal(err)
	}
	clock.advance(DefaultInviteTTL - time.Minute)
	f.m.Sweep()
	if v := seated(t, f.m, id, c.Token).Get(); v.Status != "playing" {
		t.Fatalf("expired early: %s", v.Status)
	}
	clock.advance(2 * time.Minute)
	f.m.Sweep()
	v := seated(t, f.m, id, c.Token).Get()
	if v.Status != ReasonAbandoned || v.Result != "*" || v.Waiting {
		t.Fatalf("after the wait: %s %s waiting %v", v.Status, v.Result, v.Waiting)
	}
	_, err := f.m.Join(id, inv.Code)
	wantKind(t, "joining an abandoned game", err, Conflict, "over")
	if v := seated(t, f.m, full.View.ID, full.Token).Get(); v.Status != "playing" {
		t.Fatalf("a game with every seat taken expired: %s", v.Status)
	}

	f.m.mu.Lock()
	_, held := f.m.games[id]
	f.m.mu.Unlock()
	if !held {
		t.Fatal("a game just looked at left the memory")
	}
	clock.advance(DefaultIdleAfter + time.Minute)
	f.m.Sweep()
	f.m.mu.Lock()
	_, held = f.m.games[id]
	_, playing := f.m.games[full.View.ID]
	f.m.mu.Unlock()
	if held || !playing {
		t.Fatalf("after the idle time: the finished game held %v, the one in play %v", held, playing)
	}
	if again := seated(t, f.m, id, c.Token).Get(); again.Status != ReasonAbandoned || again.Version != v.Version {
		t.Fatalf("reloaded: %s version %d, was %d", again.Status, again.Version, v.Version)
	}
}

// TestMine lists the games of the tokens given and no other.
func TestMine(t *testing.T) {
	f := newFixture(t, "")
	c1, inv := onlineChess(t, f)
	c2, _ := onlineChess(t, f)
	c3, err := f.m.NewGame(Options{Mode: ModeEngine, Color: "black"})
	if err != nil {
		t.Fatal(err)
	}
	j, _ := f.m.Join(c1.View.ID, inv.Code)
	got, err := f.m.Mine([]string{j.Token, c3.Token, "0123456789abcdef0123456789abcdef", j.Token})
	if err != nil {
		t.Fatal(err)
	}
	seats := map[string]string{}
	for _, s := range got {
		seats[s.ID] = s.Seat
	}
	if len(got) != 2 || seats[c1.View.ID] != "b" || seats[c3.View.ID] != "b" {
		t.Fatalf("mine: %+v", got)
	}
	if _, ok := seats[c2.View.ID]; ok {
		t.Fatal("another device's game was listed")
	}
	if _, err := f.m.Mine(make([]string, 201)); kind(err) != Invalid {
		t.Fatalf("201 tokens: %v", err)
	}
}

// TestFullMoves counts a player's moves, not the actions stored.
func TestFullMoves(t *testing.T) {
	f := newFixture(t, "")
	c, _ := f.m.NewGame(Options{Mode: ModeLocal})
	for _, mv := range []string{"e2e4", "e7e5", "g1f3"} {
		if _, err := f.m.Move(c.View.ID, mv); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := f.m.Mine([]string{c.Token})
	if len(got) != 1 || got[0].Moves != 3 || got[0].FullMoves != 2 || got[0].Seat != "" {
		t.Fatalf("%+v", got)
	}
}

// TestOnlineSpyViews: each seat's view and stream shows its own spy
// card and never the other's.
func TestOnlineSpyViews(t *testing.T) {
	f := newSeeded(t, "", 11)
	c, err := f.m.NewGame(Options{Variant: VariantSpy, Mode: ModeOnline, Color: "black"})
	if err != nil {
		t.Fatal(err)
	}
	id := c.View.ID
	j, err := f.m.Join(id, c.Invites[0].Code)
	if err != nil {
		t.Fatal(err)
	}
	w, b := seated(t, f.m, id, j.Token), seated(t, f.m, id, c.Token)
	wch, _, wend, _ := w.Subscribe()
	defer wend()
	vw, vb := w.Get(), b.Get()
	if vw.Spy.Card == "" || vb.Spy.Card == "" || vw.Spy.Card == vb.Spy.Card {
		t.Fatalf("cards: white %q black %q", vw.Spy.Card, vb.Spy.Card)
	}
	if v := b.Get(); !v.Seats[0].Connected || v.Seats[1].Connected {
		t.Fatalf("Black sees the connections %+v", v.Seats)
	}
	js, _ := json.Marshal(vw)
	if strings.Contains(string(js), vb.Spy.Card) {
		t.Fatalf("White's view names Black's card %s", vb.Spy.Card)
	}
	tok := vw.Legal[0]
	if _, err := w.Move(tok, nil); err != nil {
		t.Fatal(err)
	}
	select {
	case ev := <-wch:
		for len(wch) > 0 {
			ev = <-wch
		}
		if strings.Contains(string(ev), vb.Spy.Card) || !strings.Contains(string(ev), vw.Spy.Card) {
			t.Fatalf("White's stream: %s", ev)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no event")
	}
}

// TestOnlineChaturangaWaits: Azar's seat does not move before the
// invited players have all come; then it does.
func TestOnlineChaturangaWaits(t *testing.T) {
	f := newFixture(t, "")
	c, err := f.m.NewGame(Options{Variant: VariantChaturanga4, Mode: ModeOnline, Seats: []SeatChoice{
		{Player: PlayerEngine, Level: 1}, {Player: PlayerYou}, {Player: PlayerPerson}, {Player: PlayerPerson}}})
	if err != nil {
		t.Fatal(err)
	}
	if c.Seat != "g" || len(c.Invites) != 2 || c.Invites[0].Seat != "y" || c.Invites[1].Seat != "b" {
		t.Fatalf("created %+v", c)
	}
	id := c.View.ID
	yellow, err := f.m.Join(id, c.Invites[0].Code)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	if v, _ := f.m.Get(id); len(v.Moves) != 0 || v.Thinking || !v.Waiting {
		t.Fatalf("Azar moved before every seat was taken: %d moves", len(v.Moves))
	}
	if _, err := f.m.Join(id, c.Invites[1].Code); err != nil {
		t.Fatal(err)
	}
	v := waitView(t, f.m, id, func(v View) bool { return len(v.Moves) > 0 })
	g := seated(t, f.m, id, c.Token).Get()
	if v.Moves[0].Side != "r" || g.Seats[0].Who != WhoAzar || g.Seats[1].Who != WhoYou || g.Seats[2].Who != WhoPerson || len(g.Legal) == 0 {
		t.Fatalf("after the joins: %+v; green sees %+v, legal %d", v.Moves, g.Seats, len(g.Legal))
	}
	if y := seated(t, f.m, id, yellow.Token).Get(); len(y.Legal) != 0 {
		t.Fatal("yellow is shown green's moves")
	}
}
