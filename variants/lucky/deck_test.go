package lucky

import (
	"testing"

	"azar/variants"
	"azar/variants/chess"
)

func TestDeckComposition(t *testing.T) {
	var cat [4]int
	seen := map[string]bool{}
	for _, c := range cards {
		if seen[c.ID] {
			t.Fatalf("id %s twice", c.ID)
		}
		seen[c.ID] = true
		cat[c.Category] += int(c.Count)
	}
	if cat != [4]int{34, 10, 10, 2} {
		t.Fatalf("movement, material, temporal, instruction = %v, want 34 10 10 2", cat)
	}
	def := Options{}.Composition()
	if def.Total() != 54 {
		t.Fatalf("default deck %d cards, want 54", def.Total())
	}
	if d := (Options{RulesCards: true}).Composition(); d.Total() != 56 {
		t.Fatalf("with rules cards %d, want 56", d.Total())
	}
	o := Options{}
	if err := o.Set("temporal_cards", "super:Q, leadking"); err != nil {
		t.Fatal(err)
	}
	d := o.Composition()
	if d.Total() != 46 || d[kind(t, "super:Q")] != 1 || d[kind(t, "leadking")] != 1 || d[kind(t, "super:R")] != 0 {
		t.Fatalf("temporal_cards=super:Q,leadking gives %d cards", d.Total())
	}
	if o.TemporalCards() != "super:Q,leadking" {
		t.Fatalf("TemporalCards() = %s", o.TemporalCards())
	}
	// Every id of rules §4.1 exists with its count.
	counts := map[string]uint8{"move1:P": 2, "move1:K": 1, "move2:Q+K": 1, "move3:P+N+B": 1,
		"choose2:P/N/K": 1, "relocate": 2, "skip": 2, "enemy2": 2, "pawns-back": 1, "pawns-forward": 1,
		"remove:N": 1, "remove:B": 1, "recover": 3, "bomb:qside": 1, "bomb:kside": 1, "bomb-cruel:center": 1,
		"bomb-fierce:core": 1, "bomb-crazy:belt": 1, "super:Q": 1, "super:R": 1, "super:B": 1,
		"superknights": 1, "untouchable": 1, "freeze:N": 1, "freeze:B": 1, "freeze:R": 1,
		"noretreat": 1, "leadking": 1, "rules": 2}
	for id, n := range counts {
		if k := kind(t, id); cards[k].Count != n {
			t.Errorf("%s: %d copies, want %d", id, cards[k].Count, n)
		}
	}
	if c := cards[kind(t, "choose2:B/R/Q")]; c.Quota != 2 || c.NIcons != 3 || c.Icons[2] != chess.Queen {
		t.Errorf("choose2:B/R/Q parsed as %+v", c)
	}
	if c := cards[kind(t, "move3:P+N+B")]; c.Quota != 3 {
		t.Errorf("move3 quota %d", c.Quota)
	}
}

func TestOptions(t *testing.T) {
	var o Options
	for _, kv := range [][2]string{{"edition", "first"}, {"Lucky_MandatoryCard", "on"}, {"king_capture", "true"},
		{"temporal_three_turns", "1"}, {"rules_cards_in_deck", "on"}, {"draw_claims", "fide"}, {"temporal_cards", "none"}} {
		if err := o.Set(kv[0], kv[1]); err != nil {
			t.Fatalf("Set(%s, %s): %v", kv[0], kv[1], err)
		}
	}
	want := Options{Edition: FirstEdition, MandatoryCard: true, KingCapture: true, ThreeTurns: true,
		RulesCards: true, DrawClaims: ClaimsFIDE, ExcludeTemporal: 1<<10 - 1}
	if o != want {
		t.Fatalf("got %+v", o)
	}
	for _, bad := range [][2]string{{"edition", "third"}, {"nope", "1"}, {"king_capture", "maybe"}, {"temporal_cards", "super:K"}} {
		if err := o.Set(bad[0], bad[1]); err == nil {
			t.Errorf("Set(%s, %s) accepted", bad[0], bad[1])
		}
	}
	if (Options{KingCapture: true}).Validate() == nil {
		t.Error("king_capture without mandatory_card accepted")
	}
	if _, err := ParseState("startpos", Options{KingCapture: true}); err == nil {
		t.Error("ParseState accepted invalid options")
	}
}

func TestStartAndFirstTurns(t *testing.T) {
	s := New(Options{})
	if s.ToAct() != variants.Player(0) || s.Players() != 2 {
		t.Fatal("White does not act first")
	}
	want := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 pile=move1:P*2,move1:N,move1:B,move1:R,move1:Q,move1:K," +
		"move2:P+P,move2:P+N,move2:P+B,move2:N+B,move2:N+R,move2:B+R,move2:R+Q,move2:Q+K,move3:P+N+B," +
		"choose1:P/N,choose1:N/B,choose1:B/R,choose1:R/Q,choose1:Q/K,choose2:P/N/B,choose2:N/B/R,choose2:B/R/Q," +
		"choose2:R/Q/K,choose2:P/N/K,relocate*2,skip*2,enemy2*2,pawns-back,pawns-forward,remove:N,remove:B,recover*3," +
		"bomb:qside,bomb:kside,bomb-cruel:center,bomb-fierce:core,bomb-crazy:belt,super:Q,super:R,super:B," +
		"superknights,untouchable,freeze:N,freeze:B,freeze:R,noretreat,leadking discard=- hold=-,- pool=-/- turn=start"
	if got := s.Encode(); got != want {
		t.Fatalf("start encodes as\n%s\nwant\n%s", got, want)
	}
	// First turns: normal moves only.
	if n := len(s.Legal(nil)); n != 20 {
		t.Fatalf("White's first turn: %d actions, want the 20 moves", n)
	}
	refuse(t, s, "draw")
	play(t, s, "e2e4")
	if n := len(s.Legal(nil)); n != 20 {
		t.Fatalf("Black's first turn: %d actions, want 20", n)
	}
	refuse(t, s, "draw")
	play(t, s, "e7e5")
	wantHas(t, s, []string{"draw", "g1f3"}, []string{"annul"})
	play(t, s, "draw")
	if s.ToAct() != variants.Chance {
		t.Fatal("after draw, chance does not act")
	}
	outs := s.Chances(nil)
	sum := 0.0
	for _, o := range outs {
		sum += o.Prob
		if CardOf(o.Action) == kind(t, "recover") && o.Prob != 3.0/54 {
			t.Errorf("recover drawn with probability %v, want 3/54", o.Prob)
		}
	}
	if len(outs) != 49-1 || sum < 0.9999999 || sum > 1.0000001 {
		t.Fatalf("%d outcomes summing to %v", len(outs), sum)
	}
	refuse(t, s, "g1f3")  // the card must be revealed first
	refuse(t, s, "rules") // not in the deck by default
}

func TestReshuffle(t *testing.T) {
	// One card left in the draw pile: drawing it reshuffles the discard
	// pile into the draw pile at once; the drawn card is discarded later.
	full := Options{}.Composition()
	var discard Deck = full
	discard[kind(t, "skip")]--
	s := mk(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 10 pile=skip discard="+deckString(&discard)+" turn=draw")
	if s.PileSize() != 1 {
		t.Fatalf("pile %d", s.PileSize())
	}
	outs := s.Chances(nil)
	if len(outs) != 1 || outs[0].Prob != 1 || CardOf(outs[0].Action) != kind(t, "skip") {
		t.Fatalf("chances %v", outs)
	}
	play(t, s, "skip")
	if s.PileSize() != 53 || s.Discard().Total() != 1 || s.Discard()[kind(t, "skip")] != 1 {
		t.Fatalf("after reshuffle: pile %d, discard %v", s.PileSize(), s.Discard().Total())
	}
	if s.CardCount() != 54 {
		t.Fatal("card count")
	}
	// Draw pile empty and discard pile holding cards (only from a FEN): the
	// draw comes from the reshuffled discard pile.
	s = mk(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 10 pile=- discard="+deckString(&full)+" turn=draw")
	if outs := s.Chances(nil); len(outs) != 48 {
		t.Fatalf("%d outcomes from the discard pile", len(outs))
	}
	play(t, s, "skip")
	if s.PileSize() != 53 || s.Discard().Total() != 1 {
		t.Fatalf("pile %d discard %d", s.PileSize(), s.Discard().Total())
	}
}

func deckString(d *Deck) string {
	var b stringsBuilder
	writeDeck(&b.Builder, d)
	return b.String()
}

func TestTemporalReturnsToDeck(t *testing.T) {
	// Replacement: the old temporal card goes back into the draw pile.
	s := mk(t, "4k3/8/8/8/8/8/8/4K2R w - - 0 10 hold=super:Q,- turn=draw")
	if s.Pile()[kind(t, "super:Q")] != 0 {
		t.Fatal("held card in the pile")
	}
	play(t, s, "superknights")
	if h, _ := s.Held(chess.White); h != kind(t, "superknights") {
		t.Fatalf("holds %v", h)
	}
	if s.Pile()[kind(t, "super:Q")] != 1 || s.Discard().Total() != 0 {
		t.Fatal("replaced card not returned to the draw pile")
	}
	wantTurn(t, s, chess.White, PhaseMove) // then one normal move
	play(t, s, "h1h2")
	wantTurn(t, s, chess.Black, PhaseStart)
	if s.CardCount() != 54 {
		t.Fatal("card count")
	}
}
