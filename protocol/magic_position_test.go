package protocol

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"azar/variants"
	"azar/variants/chess"
	"azar/variants/magic"
)

// The magic `position` command on its own: the view it builds against the
// referee's, and every way it refuses a command.

// magicGame plays a seeded random game on a referee's state and returns
// it with its tokens; every action is drawn from Legal.
func magicRandomGame(t *testing.T, opts magic.Options, seed uint64, n int) (*magic.State, [2]magic.CardSet, []string) {
	t.Helper()
	ref := magic.New(opts, seed)
	var dealt [2]magic.CardSet
	for c := chess.White; c <= chess.Black; c++ {
		dealt[c], _ = ref.Hand(c)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	var toks []string
	for range n {
		legal := ref.Legal(nil)
		if len(legal) == 0 {
			break
		}
		a := legal[rng.IntN(len(legal))]
		toks = append(toks, ref.FormatAction(a))
		if err := ref.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return ref, dealt, toks
}

func positionArgs(s string) []string { return strings.Fields(s) }

// TestMagicPositionView: after every prefix of seeded random games, in
// both modes, `position startpos hand <dealt> moves <history>` for the
// seat to act is exactly the referee's state seen by that seat.
func TestMagicPositionView(t *testing.T) {
	cards := 0
	for _, opts := range []magic.Options{{}, {Mode: magic.Advanced, HandSize: 4}} {
		for seed := uint64(1); seed <= 3; seed++ {
			_, dealt, toks := magicRandomGame(t, opts, seed, 60)
			ref := magic.New(opts, seed)
			for i := 0; i <= len(toks); i++ {
				seat := ref.ToAct()
				if seat < 0 {
					break
				}
				cmd := "startpos hand " + dealt[seat].String() + " moves " + strings.Join(toks[:i], " ")
				st, err := parseMagicPosition(positionArgs(cmd), opts)
				if err != nil {
					t.Fatalf("%s, seed %d: position %s: %v", opts, seed, cmd, err)
				}
				want := ref.View(seat)
				if st.EncodeHands() != want.EncodeHands() || st.Key() != want.Key() || st.ToAct() != seat {
					t.Fatalf("%s, seed %d, after %d actions:\nparsed %s\nwant   %s", opts, seed, i, st.EncodeHands(), want.EncodeHands())
				}
				if i < len(toks) {
					if strings.HasPrefix(toks[i], "AM") {
						cards++
					}
					if err := ref.ApplyTokens(toks[i]); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	if cards < 10 {
		t.Errorf("the random games committed only %d cards", cards)
	}
}

// TestMagicPositionPublic: without a hand (or with `hand -`) neither
// hand is known; the public state is the referee's with both hidden.
func TestMagicPositionPublic(t *testing.T) {
	opts := magic.Options{Mode: magic.Advanced}
	ref, _, toks := magicRandomGame(t, opts, 3, 40)
	want := ref.View(0).View(1).Encode()
	for _, hand := range []string{"", " hand -"} {
		st, err := parseMagicPosition(positionArgs("startpos"+hand+" moves "+strings.Join(toks, " ")), opts)
		if err != nil {
			t.Fatal(err)
		}
		if st.EncodeHands() != want {
			t.Errorf("hand %q: %s, want %s", hand, st.EncodeHands(), want)
		}
		for c := chess.White; c <= chess.Black; c++ {
			if _, known := st.Hand(c); known {
				t.Errorf("hand %q: %s's hand known", hand, c)
			}
		}
	}
}

// TestMagicPositionFEN: the FEN's own hand field gives the engine's hand,
// and the actions follow it.
func TestMagicPositionFEN(t *testing.T) {
	fen := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 hands=3,3 white=AM13,AM29,AM34 discard=- effects=- pool=-/-"
	st, err := parseMagicPosition(positionArgs("fen "+fen+" moves AM34:e5 e7e6 pass"), magic.Options{HandSize: 3})
	if err != nil {
		t.Fatal(err)
	}
	want := "rnbqkbnr/pppp1ppp/4p3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2 hands=2,3 white=AM13,AM29 discard=- effects=AM34w#2@e5 pool=-/-"
	if got := st.EncodeHands(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestMagicPositionErrors: every fault is refused with a message naming
// it.
func TestMagicPositionErrors(t *testing.T) {
	opts := magic.Options{HandSize: 3}
	fen := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 hands=3,3 white=AM05,AM06,AM07 discard=- effects=- pool=-/-"
	for _, c := range []struct {
		cmd, want string
		illegal   bool
	}{
		{"", "want 'startpos' or 'fen <magic FEN>'", false},
		{"middle", "want 'startpos' or 'fen', got \"middle\"", false},
		{"startpos hand", "'hand' without cards", false},
		{"startpos hand moves e2e4", "'hand' without cards", false},
		{"startpos hand AM41,AM01,AM02", `unknown card "AM41"`, false},
		{"startpos hand AM1,AM01,AM02", `unknown card "AM1"`, false},
		{"startpos hand AM01,AM01,AM02", "card AM01 twice", false},
		{"startpos hand AM01,AM02", "2 cards dealt, want 3", false},
		{"startpos hand AM01,AM02,AM03,AM04", "4 cards dealt, want 3", false},
		{"startpos hand AM01,AM02,AM03 extra", "unexpected \"extra\" (want 'hand' or 'moves')", false},
		{"startpos moves e2e5", "action 1", true},
		{"startpos moves e2e4 zz", "action 2: malformed", false},
		{"startpos moves e2e4 AM13:b1,c3", "action 2", true}, // a MAIN card in the END window
		{"startpos moves e2e4 pass e7e5 e2e4", "action 4", true},
		// White commits a card the hand of Black (to act after it) holds.
		{"startpos hand AM08,AM09,AM40 moves AM08", "action 1 commits AM08 for white, but the hand holds it", false},
		// Black commits a card it was not dealt.
		{"startpos hand AM05,AM06,AM07 moves e2e4 pass AM08 d2d4 pass", "action 3 commits AM08 for black, who was not dealt it", false},
		{"fen " + fen + " hand AM05,AM06,AM07", "'hand' with a FEN", false},
		{"fen " + fen + " moves AM08", "action 1", true},
		{"fen " + fen + " moves e2e4 extra", "action 2", false},
		{"fen " + fen + " foo", "hands", false},
		{"fen 8/8/8/8/8/8/8/8 w - - 0 1", "kings", false},
		{"fen", "'fen' without a FEN", false},
	} {
		_, err := parseMagicPosition(positionArgs(c.cmd), opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("position %s: %v, want an error with %q", c.cmd, err, c.want)
			continue
		}
		if c.illegal != errors.Is(err, variants.ErrIllegal) {
			t.Errorf("position %s: %v: illegal %v, want %v", c.cmd, err, errors.Is(err, variants.ErrIllegal), c.illegal)
		}
	}
	// The same commitments with a hand that agrees.
	for _, cmd := range []string{
		"startpos hand AM05,AM06,AM07 moves AM08",
		"startpos hand AM08,AM09,AM40 moves e2e4 pass AM08 d2d4 pass",
	} {
		if _, err := parseMagicPosition(positionArgs(cmd), opts); err != nil {
			t.Errorf("position %s: %v", cmd, err)
		}
	}
}

// TestMagicDisplay: d's lines for a position with a wall, a mine, the
// engine's hand and the other's count, then for an open R-COMMIT window.
func TestMagicDisplay(t *testing.T) {
	opts := magic.Options{Mode: magic.Advanced, HandSize: 3}
	st, err := parseMagicPosition(positionArgs("startpos hand AM34,AM35,AM13 moves AM34:e5 pass e7e6 pass AM35:d3 pass d7d6 pass"), opts)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(magicDisplay(st), "\n")
	for _, want := range []string{
		" |   |   |   |   | # |   |   |   | 5",
		" |   |   |   |  *|   |   |   |   | 3",
		"Fen: rnbqkbnr/ppp2ppp/3pp3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3 hands=1,3 white=AM13 discard=- effects=AM34w#1@e5,AM35w#3@d3 pool=-/-",
		"Hands: white AM13 (1), black 3 unknown\nDiscard: -\nEffects: AM34 white #1 @e5, AM35 white #3 @d3\nRules: mode=advanced hand_size=3 draw_claims=automatic\nStatus: white to act (turn start), 219 legal actions",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("d lacks %q:\n%s", want, got)
		}
	}
	st, err = parseMagicPosition(positionArgs("startpos hand AM01,AM02,AM03 moves e2e4 pass AM13:b8,c6"), opts)
	if err != nil {
		t.Fatal(err)
	}
	lines := magicDisplay(st)
	if want := "Status: white to act in black's turn (R-COMMIT window on AM13@MAIN(b8,c6)), 3 legal actions"; lines[len(lines)-1] != want {
		t.Errorf("d ends %q, want %q", lines[len(lines)-1], want)
	}
	// Without the hand the engine may choose no card: pass only.
	st, _ = parseMagicPosition(positionArgs("startpos moves e2e4 pass AM13:b8,c6"), opts)
	if lines := magicDisplay(st); !strings.HasSuffix(lines[len(lines)-1], ", 1 legal actions") {
		t.Errorf("d ends %q", lines[len(lines)-1])
	}
}

// FuzzMagicPosition feeds arbitrary position arguments to the parser: it
// must never panic, and what it accepts accounts for the 40 cards.
func FuzzMagicPosition(f *testing.F) {
	for _, s := range []string{
		"startpos", "startpos hand AM01,AM02,AM03", "startpos hand - moves e2e4 pass",
		"startpos hand AM08,AM09,AM40 moves AM08", "startpos hand AM05,AM06,AM07 moves e2e4 pass AM08 d2d4 pass",
		"startpos hand AM34,AM35,AM13 moves AM34:e5 pass e7e6 pass AM35:d3 pass d7d6 pass",
		"startpos hand AM01,AM02,AM03 moves e2e4 pass AM13:b8,c6 AM01",
		"startpos moves f2f3 e7e5 g2g4 d8h4 AM03", "startpos hand AM41", "startpos hand AM01,,AM02", "startpos hand moves",
		"fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 hands=3,3 white=AM05,AM06,AM07 discard=- effects=- pool=-/- moves AM05:e2",
		"fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 hands=1,1 black=AM03 discard=- effects=AM34w#2@e5 pool=QRR/- moves e1d1",
		"fen startpos hand AM01", "fen", "", "startpos moves 0000 claim",
	} {
		f.Add(s, uint8(0))
		f.Add(s, uint8(7))
	}
	f.Fuzz(func(t *testing.T, args string, o uint8) {
		opts := magic.Options{Mode: magic.Mode(o & 1), HandSize: int(o>>1&3) + 1, DrawClaims: magic.Claims(o >> 3 & 1)}
		st, err := parseMagicPosition(strings.Fields(args), opts)
		if err != nil {
			return
		}
		if st.CardCount() != magic.NumCards {
			t.Fatalf("position %s: %d cards in %s", args, st.CardCount(), st.EncodeHands())
		}
		magicDisplay(st)
	})
}
