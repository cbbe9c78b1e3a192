package games

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"azar/variants/chaturanga4"
	"azar/variants/chess"
	"azar/variants/lucky"
	"azar/variants/magic"
)

// checkNotes fails on any note of the list, in either language, that is
// empty where it is shown or carries a protocol token.
func checkNotes(t *testing.T, what string, notes []Note) {
	t.Helper()
	for i, n := range notes {
		for _, lang := range []string{"en", "es"} {
			s := n.Text(lang)
			if bad := ProtocolTokens(s); len(bad) > 0 {
				t.Errorf("%s: entry %d in %s %q shows %v", what, i, lang, s, bad)
			}
		}
	}
}

func checkTexts(t *testing.T, what string, tx Texts) {
	t.Helper()
	if tx.En == "" || tx.Es == "" || tx.En == tx.Es {
		t.Errorf("%s: %+v is not in both languages", what, tx)
	}
	for _, s := range []string{tx.En, tx.Es} {
		if bad := ProtocolTokens(s); len(bad) > 0 {
			t.Errorf("%s: %q shows %v", what, s, bad)
		}
	}
}

// The shapes catch what the move lists used to show, and let the new
// notation through.
func TestProtocolShapes(t *testing.T) {
	for _, s := range []string{"e2e4", "h7>d3", "-c1", "P@b4", "reveal:spy:QR", "AM07@R-COMMIT(q)", "Commit: AM33",
		"MAIN · R-COMMIT", "e2e4 | g8f6", "draw", "move2:N+B", "original queen d1: R B N", "committed AM05"} {
		if len(ProtocolTokens(s)) == 0 {
			t.Errorf("%q passes the check", s)
		}
	}
	for _, s := range []string{"e4", "Nf6", "[Move two]", "Muro (wall) on e5", "hxg5", "Ke1-e3", "Nb1-c3", "b7-b8=N",
		"reveals its spy: the knight on f6 was White's", "O-O", "exd8=Q#", "claims a draw", "b1 and d4"} {
		if bad := ProtocolTokens(s); len(bad) > 0 {
			t.Errorf("%q refused as %v", s, bad)
		}
	}
}

func TestNoteInSpanishLetters(t *testing.T) {
	n := Note{sanPart("Nxe5+"), textPart("· Bomb: removes the knight on d4", "· Bomba: quita el caballo de d4")}
	if got := n.Text("en"); got != "Nxe5+ · Bomb: removes the knight on d4" {
		t.Errorf("en %q", got)
	}
	if got := n.Text("es"); got != "Cxe5+ · Bomba: quita el caballo de d4" {
		t.Errorf("es %q", got)
	}
	for san, want := range map[string]string{"exd8=Q#": "exd8=D#", "O-O-O": "O-O-O", "Kxb2": "Rxb2", "Rae1": "Tae1", "Bb5": "Ab5", "b4": "b4"} {
		if got := sanIn(san, "es"); got != want {
			t.Errorf("sanIn(%q) = %q, want %q", san, got, want)
		}
	}
}

// TestLuckyNotation plays seeded lucky games on one device through the
// Manager: the first moves read e4 Nf6 (Cf6 in Spanish), the draw has no
// entry and its card reads [its name], a removal names its card, and no
// entry or step of any phase shows a token.
func TestLuckyNotation(t *testing.T) {
	// A seed whose top card is a removal: White's third action draws it.
	var seed uint64
	for s := uint64(1); s < 3000; s++ {
		if k, _ := lucky.KindByID(luckyOrder(t, s)[0]); k.Card().Family == lucky.FamRemove && k.Card().Piece == chess.Knight {
			seed = s
			break
		}
	}
	if seed == 0 {
		t.Fatal("no seed deals a knight removal first")
	}
	f := newSeeded(t, "", seed)
	v, err := f.m.Create(Options{Variant: VariantLucky, Mode: ModeLocal})
	if err != nil {
		t.Fatal(err)
	}
	id := v.ID
	for _, tok := range []string{"e2e4", "g8f6", "draw"} {
		if v, err = f.m.Move(id, tok); err != nil {
			t.Fatal(err)
		}
	}
	notes := v.Lucky.Notes
	if len(notes) != 4 || notes[0].Text("en") != "e4" || notes[1].Text("en") != "Nf6" || notes[1].Text("es") != "Cf6" ||
		len(notes[2]) != 0 || notes[3].Text("en") != "[Remove]" || notes[3].Text("es") != "[Quita]" {
		t.Fatalf("notes %+v", notes)
	}
	if v.Moves[1].SAN != "Nf6" {
		t.Errorf("the move's san %q, want the note's English", v.Moves[1].SAN)
	}
	checkTexts(t, "lucky step after the draw", v.Lucky.Step)
	if !slices.Contains(v.Legal, "-f6") {
		t.Fatalf("the removal of the knight on f6 is not legal: %v", v.Legal)
	}
	if v, err = f.m.Move(id, "-f6"); err != nil {
		t.Fatal(err)
	}
	n := v.Lucky.Notes[4]
	if n.Text("en") != "Remove: removes the knight on f6" || n.Text("es") != "Quita: quita el caballo de f6" {
		t.Fatalf("the removal reads %q / %q", n.Text("en"), n.Text("es"))
	}
	// The page names a card's deed when it decides the game (endCause in
	// panels/cards.js): the removal is marked as one, a move is not.
	if !n[0].Effect || notes[1][0].Effect {
		t.Errorf("effect marks: the removal %v, Nf6 %v; want true, false", n[0].Effect, notes[1][0].Effect)
	}
	// Random seeded games: every entry and every step in words.
	phases := map[string]bool{}
	for s := range uint64(6) {
		f := newSeeded(t, "", 100+s)
		v, err := f.m.Create(Options{Variant: VariantLucky, Mode: ModeLocal})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(s, 2))
		for ply := 0; ply < 120 && v.Status == "playing"; ply++ {
			phases[v.Lucky.Phase] = true
			checkTexts(t, "lucky step in "+v.Lucky.Phase, v.Lucky.Step)
			tok := v.Legal[rng.IntN(len(v.Legal))]
			if slices.Contains(v.Legal, "draw") && rng.IntN(2) == 0 {
				tok = "draw"
			}
			if v, err = f.m.Move(v.ID, tok); err != nil {
				t.Fatal(err)
			}
		}
		checkNotes(t, "lucky", v.Lucky.Notes)
		if len(v.Lucky.Notes) != len(v.Moves) {
			t.Fatalf("%d notes for %d moves", len(v.Lucky.Notes), len(v.Moves))
		}
	}
	if len(phases) < 4 {
		t.Errorf("the games went through the phases %v only", phases)
	}
}

// spyRevealNote checks the engine's reveal as the move list reads it:
// "reveals its spy: the <piece> on <square> was White's", the square
// the gained piece's (TestSpyEngineReveals plays the game).
func spyRevealNote(t *testing.T, v View) {
	t.Helper()
	checkNotes(t, "spy", v.Spy.Notes)
	last := v.Spy.Notes[len(v.Spy.Notes)-1]
	en := regexp.MustCompile(`^reveals its spy: the (pawn|knight|bishop|rook|queen) on [a-h][1-8] was White's( — check)?$`)
	es := regexp.MustCompile(`^revela su espía: (el|la) (peón|caballo|alfil|torre|dama) de [a-h][1-8] era de las blancas( — jaque)?$`)
	if !en.MatchString(last.Text("en")) || !es.MatchString(last.Text("es")) {
		t.Fatalf("the reveal reads %q / %q", last.Text("en"), last.Text("es"))
	}
	if sq := v.Spy.Bicolour[0]; !strings.Contains(last.Text("en"), " on "+sq+" ") {
		t.Errorf("the reveal %q does not name the gained piece's square %s", last.Text("en"), sq)
	}
	if first := v.Spy.Notes[0].Text("en"); first != "Na3" && first != "Nc3" {
		t.Errorf("the first move reads %q", first)
	}
}

// TestSpyRevealStep: a player whose reveal is legal is told so, with
// what it does.
func TestSpyRevealStep(t *testing.T) {
	g, err := newSpyGame(Options{Variant: VariantSpy}, `{"dealt":["spy:KN","spy:KN"],"chosen":["",""]}`, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	// The spy of White is Black's g8 knight, on f6; White's pawn on e5
	// has crossed the centre, so a reveal is legal (docs/rules/spy.md §7.1).
	for _, tok := range []string{"e2e4", "g8f6", "e4e5", "b8c6"} {
		toks, sec, err := g.act(colorLetter(g.full.Side()), tok)
		if err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
		if g, err = newSpyGame(Options{Variant: VariantSpy}, sec, toks, 0); err != nil {
			t.Fatal(err)
		}
	}
	var v View
	v.Legal = g.legal("w")
	g.view(&v, "w")
	if v.Spy.Reveal == "" {
		t.Fatalf("no reveal legal here: %v", v.Legal)
	}
	checkTexts(t, "spy step with a reveal", v.Spy.Step)
	if v.Spy.RevealText == nil || v.Spy.RevealText.En != "the knight on f6 becomes yours (it counts as your move); your original queen loses its knight power." {
		t.Fatalf("the reveal's text %+v", v.Spy.RevealText)
	}
}

// TestMagicNotation: seeded magic games through the rules: every entry
// in words, every prompt of every window in words; the mate save with a
// wall reads "Muro de piedra (stone wall) on g3 (to escape the mate)".
func TestMagicNotation(t *testing.T) {
	windows := map[string]bool{}
	for n := range 6 {
		mode := []string{"classic", "advanced"}[n%2]
		o := Options{Variant: VariantMagic, Mode: ModeEngine, Human: "w", Rules: map[string]string{"mode": mode}}
		if err := magicEntry.normalize(&o); err != nil {
			t.Fatal(err)
		}
		seed := uint64(2000 + n)
		g, err := newMagicGame(o, "", nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 3))
		for ply := 0; ply < 160 && g.toAct() != ""; ply++ {
			seat := g.toAct()
			var v View
			g.view(&v, seat)
			windows[v.Magic.Phase] = true
			checkTexts(t, "magic prompt in "+v.Magic.Phase, v.Magic.Prompt)
			for _, c := range v.Magic.Hand {
				checkTexts(t, "the text of "+c.ID, c.Text)
			}
			if p := v.Magic.Pending; p != nil {
				checkTexts(t, "the pending card's words", p.Words)
			}
			toks, sec, err := g.act(seat, pickMagic(rng, g.legal(seat)))
			if err != nil {
				t.Fatal(err)
			}
			if g, err = newMagicGame(o, sec, toks, 0); err != nil {
				t.Fatal(err)
			}
		}
		var v View
		g.view(&v, "w")
		checkNotes(t, "magic "+mode, v.Magic.Notes)
		shown := 0
		for i, n := range v.Magic.Notes {
			if len(n) > 0 {
				shown++
			} else if g.toks[i] != "pass" {
				t.Errorf("the action %s has no entry", g.toks[i])
			}
		}
		if shown == 0 {
			t.Fatal("no entry shown")
		}
	}
	for _, w := range []string{"start", "end", "rcommit", "rimpact"} {
		if !windows[w] {
			t.Errorf("no game opened the %s window (%v)", w, windows)
		}
	}
}

func TestMagicMateSaveNotation(t *testing.T) {
	o, g := magicDealing(t, "AM34")
	for _, tok := range []string{"f2f3", "e7e5", "g2g4", "d8h4", "AM34:g3"} {
		seat := g.toAct()
		for seat == "b" && g.full.Phase() == magic.PhEnd {
			toks, sec, _ := g.act(seat, "pass")
			g, _ = newMagicGame(o, sec, toks, 0)
		}
		if tok == "AM34:g3" {
			var v View
			g.view(&v, "w")
			checkTexts(t, "the mate-save prompt", v.Magic.Prompt)
		}
		toks, sec, err := g.act(g.toAct(), tok)
		if err != nil {
			t.Fatalf("%s: %v (legal %v)", tok, err, g.legal(g.toAct()))
		}
		if g, err = newMagicGame(o, sec, toks, 0); err != nil {
			t.Fatal(err)
		}
	}
	var v View
	g.view(&v, "w")
	var wall Note
	for i, tk := range g.toks {
		if strings.HasPrefix(tk, "AM34") {
			wall = v.Magic.Notes[i]
		}
	}
	if wall.Text("en") != "Muro de piedra (stone wall) on g3 (to escape the mate)" || wall.Text("es") != "Muro de piedra en g3 (para salvarse del mate)" {
		t.Fatalf("the wall reads %q / %q", wall.Text("en"), wall.Text("es"))
	}
	if wall[0].Card != "AM34" {
		t.Errorf("the wall's part names no card: %+v", wall)
	}
	if n := v.Magic.Notes[slices.Index(g.toks, "d8h4")]; n.Text("en") != "Qh4" || n.Text("es") != "Dh4" {
		t.Errorf("the queen's move reads %q / %q", n.Text("en"), n.Text("es"))
	}
	// The mate save passed instead: the entry says the mate was accepted.
	at := slices.Index(g.toks, "AM34:g3")
	g, err := newMagicGame(o, g.secret(), append(slices.Clone(g.toks[:at]), "pass"), 0)
	if err != nil {
		t.Fatal(err)
	}
	if r, why := g.outcome(); r != "0-1" || why != ReasonCheckmate {
		t.Fatalf("after the pass: %s %s", r, why)
	}
	if n := g.notes[len(g.notes)-1]; n.Text("en") != "accepts the checkmate" || n.Text("es") != "acepta el jaque mate" {
		t.Errorf("the accepted mate reads %q / %q", n.Text("en"), n.Text("es"))
	}
}

// TestLuckyMateMarked: the fool's mate in lucky ends on Qh4#.
func TestLuckyMateMarked(t *testing.T) {
	g, err := newLuckyGame(Options{Variant: VariantLucky}, "", []string{"f2f3", "e7e5", "g2g4", "d8h4"}, 5)
	if err != nil {
		t.Fatal(err)
	}
	if n := g.notes[3]; n.Text("en") != "Qh4#" || n.Text("es") != "Dh4#" {
		t.Fatalf("the mate reads %q / %q (outcome %v)", n.Text("en"), n.Text("es"), g.st.ToAct())
	}
}

// TestC4Notation: four-player moves read in each language's letters, a
// pass in words; an engine game's list has no token.
func TestC4Notation(t *testing.T) {
	p := chaturanga4.NewPosition()
	var l chaturanga4.MoveList
	p.Generate(&l)
	found := false
	for _, m := range l.Slice() {
		if p.At(m.From()).Type() == chaturanga4.Knight {
			n := c4Note(p, m)
			want := "N" + m.From().String() + "-" + m.To().String()
			if n.Text("en") != want || n.Text("es") != "C"+want[1:] {
				t.Errorf("the knight's move reads %q / %q, want %q", n.Text("en"), n.Text("es"), want)
			}
			found = true
		}
	}
	if !found {
		t.Fatal("no knight move at the start")
	}
	f := newFixture(t, "")
	seats := []SeatChoice{{Player: PlayerYou}, {Player: PlayerEngine, Level: 1}, {Player: PlayerEngine, Level: 1}, {Player: PlayerEngine, Level: 1}}
	v := c4Create(t, f, seats, "")
	for range 4 {
		if v.Status != "playing" {
			break
		}
		v = mustMove(t, f.m, v.ID, v.Legal[0])
		v = waitView(t, f.m, v.ID, func(v View) bool { return len(v.Legal) > 0 || v.Status != "playing" })
	}
	if len(v.C4.Notes) != len(v.Moves) || len(v.Moves) < 9 {
		t.Fatalf("%d notes for %d moves", len(v.C4.Notes), len(v.Moves))
	}
	checkNotes(t, "chaturanga4", v.C4.Notes)
}
