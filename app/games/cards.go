package games

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
	"time"

	"azar/app/engine"
	"azar/variants/chess"
	"azar/variants/lucky"
	"azar/variants/spy"
)

// cardGame is a card variant's game as the referee holds it: the rules
// package's full state and the secrets (the deck's order and seed, the
// spy cards). It is rebuilt from the options, the secret and the public
// action tokens (newCardGame), so a game read back from the store is
// exactly the game that was saved. What a player may see of it goes out
// through view only.
type cardGame interface {
	// toAct is the colour ("w" or "b") that acts next; "" once over.
	toAct() string
	// outcome is the result and the reason ("" while the game goes on).
	outcome() (result, reason string)
	// legal is what seat may do now, as protocol tokens (empty when it
	// is not seat's to act).
	legal(seat string) []string
	// act validates seat's token and returns the new public token list
	// and the new secret. Nothing changes here: the caller commits.
	act(seat, tok string) (tokens []string, secret string, err error)
	// tokens is the public action list (reveals of drawn cards included).
	tokens() []string
	// notation is each token as the move list shows it.
	notation() []string
	secret() string
	board() *chess.Position
	// inCheck reports whether the side to act is in check.
	inCheck() bool
	// engineRequest is what seat's engine is told: its options (the
	// variant, the rules) and its position (its own card only).
	engineRequest(seat string) ([]engine.Option, string)
	// offerRequest is the engine's search of the player's position when
	// it judges a draw offer: told only what the engine itself knows
	// (its own secret, never the player's), though the player is to act.
	offerRequest(engineSeat string) ([]engine.Option, string)
	// engineAnswer turns the engine's bestmove into an act.
	engineAnswer(seat, best string) (tokens []string, secret string, err error)
	// view fills the variant's part of the View for the player at seat
	// ("" on one device: the side to act).
	view(v *View, seat string)
	// pgnTags and pgnMoves write the game for its PGN.
	pgnTags() [][2]string
	pgnMoves() string
}

// newSeed is 64 random bits for a game's source of chance.
func newSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	return binary.LittleEndian.Uint64(b[:])
}

// newCardGame rebuilds the card game of opts from its secret and tokens;
// for a new game (secret "") it deals from seed.
func newCardGame(o Options, secret string, tokens []string, seed uint64) (cardGame, error) {
	switch o.Variant {
	case VariantLucky:
		return newLuckyGame(o, secret, tokens, seed)
	case VariantSpy:
		return newSpyGame(o, secret, tokens, seed)
	case VariantMagic:
		return newMagicGame(o, secret, tokens, seed)
	}
	return nil, errorf(Invalid, "unknown variant %q", o.Variant)
}

// numberedMoves writes tokens with move numbers where a turn of White
// (or Black, the first) starts: sides[i] is the side that played token
// i, starts[i] whether it began a turn, turn[i] its move number.
func numberedMoves(toks []string, sides []string, starts []bool, numbers []int) string {
	var parts []string
	for i, tk := range toks {
		if starts[i] {
			if sides[i] == "w" {
				parts = append(parts, strconv.Itoa(numbers[i])+".")
			} else {
				parts = append(parts, strconv.Itoa(numbers[i])+"...")
			}
		}
		parts = append(parts, tk)
	}
	return strings.Join(parts, " ")
}

// normalizeCardOptions checks a card game's rules and start position and
// writes them in their canonical form.
func normalizeCardOptions(o *Options) error {
	switch o.Variant {
	case VariantLucky:
		rules, err := luckyRules(o.Rules)
		if err != nil {
			return errorf(Invalid, "lucky rules: %v", err)
		}
		o.Rules = luckyRulesMap(rules)
		if o.FEN != "" {
			st, err := lucky.ParseState(o.FEN, rules)
			if err != nil {
				return errorf(Invalid, "start position: %v", err)
			}
			if o.FEN = st.Encode(); o.FEN == lucky.New(rules).Encode() {
				o.FEN = ""
			}
		}
	case VariantSpy:
		rules, err := spyRules(o.Rules)
		if err != nil {
			return errorf(Invalid, "spy rules: %v", err)
		}
		o.Rules = spyRulesMap(rules)
		if o.FEN != "" {
			st, err := spy.ParseState(o.FEN, rules)
			if err != nil {
				return errorf(Invalid, "start position: %v", err)
			}
			for c := chess.White; c <= chess.Black; c++ {
				if st.Card(c) != spy.NoCard || st.Revealed(c) {
					return errorf(Invalid, "start position: a spy start holds no cards and no reveals (the referee deals)")
				}
			}
			if o.FEN = st.Encode(); o.FEN == spy.StartFEN {
				o.FEN = ""
			}
		}
	case VariantMagic:
		rules, err := magicRules(o.Rules)
		if err != nil {
			return errorf(Invalid, "magic rules: %v", err)
		}
		o.Rules = magicRulesMap(rules)
		if o.FEN != "" {
			return errorf(Invalid, "start position: a magic game starts from the standard position (the referee deals the hands)")
		}
	}
	return nil
}

// cardAction plays a player's token in a card game: a move, a card
// action, a draw (the referee then turns the top card), a reveal, a
// wildcard's choice. g.mu is held.
func (m *Manager) cardAction(g *Game, tok string) (View, error) {
	if g.over() {
		return View{}, errorf(Conflict, "the game is over")
	}
	seat := g.opts.Human
	if g.opts.Mode == ModeLocal {
		seat = g.toAct()
	}
	sg, choosing := g.cg.(*spyGame)
	choosing = choosing && sg.pending(seat)
	if !choosing {
		if err := g.playerMayMove(); err != nil {
			return View{}, err
		}
	}
	toks, secret, err := g.cg.act(seat, tok)
	if err != nil {
		return View{}, err
	}
	if err := g.commitSecret(toks, secret, ending{}, time.Now(), m.cfg.Store); err != nil {
		return View{}, err
	}
	g.drawNote = ""
	m.changed(g)
	return g.view(), nil
}

// hidesEngineState reports whether the engine's side of cg is secret
// (a spy card, a magic hand), so that nothing the engine says reaches a
// View.
func hidesEngineState(cg cardGame) bool {
	switch cg.(type) {
	case *spyGame, *magicGame:
		return true
	}
	return false
}

// playEngineAction commits the engine's answer in a card game. g.mu is
// held.
func (m *Manager) playEngineAction(g *Game, res engine.Result) error {
	seat := g.engineSeat()
	toks, secret, err := g.cg.engineAnswer(seat, res.Move)
	if err != nil {
		return fmt.Errorf("the engine answered %q: %v", res.Move, err)
	}
	var ev *Eval
	_, isSpy := g.cg.(*spyGame)
	_, isMagic := g.cg.(*magicGame)
	if res.Score.Known && !isSpy && !isMagic {
		// A spy or magic engine's score weighs its own card or hand:
		// not for the page.
		ev = &Eval{CP: res.Score.CP, Mate: res.Score.Mate}
		if seat == "b" {
			ev.CP, ev.Mate = -ev.CP, -ev.Mate
		}
	}
	if err := g.commitSecret(toks, secret, ending{}, time.Now(), m.cfg.Store); err != nil {
		return err
	}
	m.enginePlayed(g, ev)
	return nil
}
