package games

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"azar/app/engine"
	"azar/internal/text"
	"azar/variants"
	"azar/variants/chess"
	"azar/variants/spy"
)

// spySecret is what the referee hides in a spy game: the cards dealt
// (White's, Black's) and a wildcard's choice once made ("" before).
type spySecret struct {
	Dealt  [2]string `json:"dealt"`
	Chosen [2]string `json:"chosen"`
}

// spyGame is Ajedrez con Espía refereed as docs/protocol.md ("Spy chess")
// asks: the referee deals both cards and keeps the full state; each
// engine is told the public actions and its own card only (a bare
// wildcard until it has chosen), and a player's browser gets its own
// card only (View). A wildcard's choice is part of the secret, not of the
// public actions.
type spyGame struct {
	rules spy.Options
	fen   string
	sec   spySecret
	cards [2]spy.Card // the cards in play, NoCard while a wildcard's choice is due
	full  *spy.State  // both cards (once chosen)
	toks  []string
	sans  []string
	sides []string
	notes []Note // each action as the move list writes it
}

// spyRules reads the rule options (king_capture, draw_claims).
func spyRules(m map[string]string) (spy.Options, error) {
	var o spy.Options
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if err := o.Set(k, m[k]); err != nil {
			return o, err
		}
	}
	return o, nil
}

func spyRulesMap(o spy.Options) map[string]string {
	claims := "automatic"
	if o.DrawClaims == spy.DrawFIDE {
		claims = "fide"
	}
	return map[string]string{"king_capture": onOff(o.KingCapture), "draw_claims": claims}
}

func newSpyGame(o Options, secret string, tokens []string, seed uint64) (*spyGame, error) {
	rules, err := spyRules(o.Rules)
	if err != nil {
		return nil, errorf(Invalid, "spy rules: %v", err)
	}
	g := &spyGame{rules: rules, fen: o.FEN}
	if secret == "" {
		w, b := spyDeal(seed)
		g.sec.Dealt = [2]string{w.String(), b.String()}
	} else if err := json.Unmarshal([]byte(secret), &g.sec); err != nil {
		return nil, fmt.Errorf("spy secret: %w", err)
	}
	start := spy.NewPublic(rules)
	if o.FEN != "" {
		if start, err = spy.ParseState(o.FEN, rules); err != nil {
			return nil, errorf(Invalid, "start position: %v", err)
		}
	}
	for c := range 2 {
		name := g.sec.Dealt[c]
		if g.sec.Chosen[c] != "" {
			name = g.sec.Chosen[c]
		}
		card, err := spy.ParseCard(name)
		if err != nil {
			return nil, fmt.Errorf("spy secret: %w", err)
		}
		if card == spy.Wild {
			continue
		}
		if err := start.AssumeCard(chess.Color(c), card); err != nil {
			return nil, fmt.Errorf("spy secret: %w", err)
		}
		g.cards[c] = card
	}
	g.full = start
	for i, tok := range tokens {
		if over, _, _ := g.full.Result(); over {
			return nil, errorf(Invalid, "action %d (%s) after the end of the game", i+1, tok)
		}
		a, err := g.full.ParseAction(tok)
		if err != nil {
			return nil, errorf(Invalid, "action %d: %v", i+1, err)
		}
		side := colorLetter(g.full.Side())
		san := g.full.SAN(a)
		g.notes = append(g.notes, spyNote(g.full, a, san))
		if err := g.full.Apply(a); err != nil {
			return nil, errorf(Invalid, "action %d: %v", i+1, err)
		}
		g.toks = append(g.toks, g.full.FormatAction(a))
		g.sans = append(g.sans, san)
		g.sides = append(g.sides, side)
	}
	return g, nil
}

// spyDeal deals a game's two cards from its seed.
func spyDeal(seed uint64) (white, black spy.Card) {
	return spy.Deal(rand.New(rand.NewPCG(seed, 0x737079))) // "spy"
}

// pending reports whether seat's wildcard choice is due.
func (g *spyGame) pending(seat string) bool { return g.cards[seatIndex(seat)] == spy.NoCard }

func seatIndex(seat string) int {
	if seat == "b" {
		return 1
	}
	return 0
}

func (g *spyGame) toAct() string {
	if over, _, _ := g.full.Result(); over {
		return ""
	}
	return colorLetter(g.full.Side())
}

func (g *spyGame) outcome() (string, string) { return outcomeOf(g.full) }

// wildChoices are the six choices of a wildcard.
func wildChoices() []string {
	var out []string
	for r := spy.KR; r <= spy.QN; r++ {
		c, _ := spy.WildCard(r)
		out = append(out, c.String())
	}
	return out
}

func (g *spyGame) legal(seat string) []string {
	out := []string{}
	if g.toAct() == "" {
		return out
	}
	if g.pending(seat) {
		return wildChoices()
	}
	if g.toAct() != seat {
		return out
	}
	// From what seat knows: the opponent's card plays no part in it.
	v := g.full.View(variants.Player(seatIndex(seat)))
	for _, a := range v.Legal(nil) {
		out = append(out, v.FormatAction(a))
	}
	return out
}

func (g *spyGame) act(seat, tok string) ([]string, string, error) {
	if g.toAct() == "" {
		return nil, "", errorf(Conflict, "the game is over")
	}
	if g.pending(seat) {
		c, err := spy.ParseCard(tok)
		if err != nil || !c.IsWild() || c == spy.Wild {
			return nil, "", errorf(Invalid, "choose your wildcard's spy first (wild:KR ... wild:QN), not %q", tok)
		}
		sec := g.sec
		sec.Chosen[seatIndex(seat)] = c.String()
		b, _ := json.Marshal(sec)
		return g.toks, string(b), nil
	}
	if g.toAct() != seat {
		return nil, "", errorf(Conflict, "it is not %s's turn", seat)
	}
	a, err := g.full.ParseAction(tok)
	if err != nil {
		return nil, "", errorf(Invalid, "illegal action %q", tok)
	}
	check := g.full.Clone()
	if err := check.Apply(a); err != nil {
		return nil, "", errorf(Invalid, "illegal action %q", tok)
	}
	return append(slices.Clone(g.toks), g.full.FormatAction(a)), g.secret(), nil
}

func (g *spyGame) tokens() []string   { return g.toks }
func (g *spyGame) notation() []string { return noteTexts(g.notes) }

func (g *spyGame) secret() string {
	b, _ := json.Marshal(g.sec)
	return string(b)
}

func (g *spyGame) board() *chess.Position { return g.full.Position() }

func (g *spyGame) inCheck() bool { return g.full.InCheck() }

// outOfTurn: a wildcard's choice is due before the seat's first action,
// whoever is to move.
func (g *spyGame) outOfTurn(seat string) bool { return g.pending(seat) }

// hidesEngine: the engine's spy card is its secret.
func (g *spyGame) hidesEngine() bool { return true }

// engineRequest tells seat's engine its own card only. While its
// wildcard's choice is due it is asked for the choice in the start
// position, with no action: the choice is made before the first move
// (docs/protocol.md refuses a bare wildcard with moves), so it is the
// same whether White has moved already or not. An engine playing Black
// is first asked on its first turn, after White's move, so that nothing
// the player sees before then depends on Black's card.
func (g *spyGame) engineRequest(seat string) ([]engine.Option, string) {
	if g.pending(seat) {
		return g.engineOptions(), positionText(g.fen, " card "+seat+"=wild", nil)
	}
	return g.engineOptions(), positionText(g.fen, " card "+seat+"="+g.cards[seatIndex(seat)].String(), g.toks)
}

func (g *spyGame) engineOptions() []engine.Option {
	return []engine.Option{{Name: "UCI_Variant", Value: VariantSpy},
		{Name: "SpyKingCapture", Value: fmt.Sprint(g.rules.KingCapture)},
		{Name: "SpyDrawClaims", Value: spyRulesMap(g.rules)["draw_claims"]}}
}

// offerRequest tells the engine its own card (a spy position may name
// either seat's card), never the player's; no card while its wildcard's
// choice is still due (the player offers before the engine's first turn).
func (g *spyGame) offerRequest(engineSeat string) ([]engine.Option, string) {
	if g.pending(engineSeat) {
		return g.engineOptions(), positionText(g.fen, "", g.toks)
	}
	return g.engineRequest(engineSeat)
}

func (g *spyGame) engineAnswer(seat, best string) ([]string, string, error) { return g.act(seat, best) }

// SpyView is what a player sees of a spy game: its own card, the public
// reveals and queens, never the opponent's card before its reveal.
type SpyView struct {
	// Card is the player's card (spy:Pe, wild:QR, neutral; "wild"
	// while the wildcard's choice is due); "" on one device.
	Card string `json:"card,omitempty"`
	// Choosing: the wildcard's choice is due (the choices are in legal).
	Choosing bool `json:"choosing,omitempty"`
	// SpySquare is where the player's spy stands, among the opponent's
	// pieces, until it is revealed or lost.
	SpySquare string `json:"spySquare,omitempty"`
	// Revealed is each side's revealed card ("" before a reveal).
	Revealed map[string]string `json:"revealed"`
	// Bicolour is the squares of the gained (revealed) pieces.
	Bicolour []string `json:"bicolour"`
	// Queens is each side's original queen: its square ("" once gone)
	// and the powers it keeps (R, B, N).
	Queens map[string]QueenView `json:"queens"`
	// Reveal is the player's reveal action when it is legal now;
	// RevealText what it would do, in words.
	Reveal     string `json:"reveal,omitempty"`
	RevealText *Texts `json:"revealText,omitempty"`
	// Step is what the player may do now, in both languages.
	Step Texts `json:"step"`
	// Notes is each of the moves as the move list writes it.
	Notes []Note `json:"notes"`
}

// QueenView is an original queen and its remaining powers.
type QueenView struct {
	Square string `json:"square,omitempty"`
	Powers string `json:"powers"`
}

func (g *spyGame) view(v *View, seat string) {
	st := g.full
	sv := &SpyView{Revealed: map[string]string{"w": "", "b": ""}, Bicolour: []string{}, Queens: map[string]QueenView{}}
	if seat != "" {
		i := seatIndex(seat)
		if c := g.cards[i]; c == spy.NoCard {
			sv.Card, sv.Choosing = "wild", true
		} else {
			sv.Card = c.String()
			if sq := st.SpySquare(chess.Color(i)); sq != chess.NoSquare {
				sv.SpySquare = sq.String()
			}
		}
		for _, tk := range v.Legal {
			if len(tk) > 6 && tk[:6] == "reveal" {
				sv.Reveal = tk
			}
		}
	}
	for c := chess.White; c <= chess.Black; c++ {
		if st.Revealed(c) {
			sv.Revealed[colorLetter(c)] = st.Card(c).String()
		}
		q := QueenView{Powers: "RBN"}
		sq, comp := st.OriginalQueen(c)
		if sq != chess.NoSquare {
			q.Square, q.Powers = sq.String(), comp.String()
		} else {
			q.Powers = ""
		}
		sv.Queens[colorLetter(c)] = q
	}
	bc := st.Bicolour()
	for s := chess.Square(0); s < 64; s++ {
		if bc&(1<<s) != 0 {
			sv.Bicolour = append(sv.Bicolour, s.String())
		}
	}
	sv.Step = spyStep(g, seat, sv, v.Mode == ModeOnline)
	sv.Notes = append([]Note{}, g.notes...)
	v.Spy = sv
	for i := range v.Moves {
		v.Moves[i].Side = g.sides[i]
	}
	v.FEN = st.Encode() // the public state: no card unrevealed
}

func (g *spyGame) pgnTags() [][2]string {
	tags := [][2]string{{"Variant", "spy"}}
	for c := range 2 {
		if g.full.Revealed(chess.Color(c)) {
			tags = append(tags, [2]string{[2]string{"White", "Black"}[c] + "Card", g.full.Card(chess.Color(c)).String()})
		}
	}
	return tags
}

func (g *spyGame) pgnMoves() string {
	starts := make([]bool, len(g.sans))
	numbers := make([]int, len(g.sans))
	n := 1
	if g.fen != "" {
		fmt.Sscanf(fieldAt(g.fen, 5), "%d", &n)
	}
	for i := range g.sans {
		starts[i] = i == 0 || g.sides[i] == "w"
		numbers[i] = n
		if g.sides[i] == "b" {
			n++
		}
	}
	return numberedMoves(g.sans, g.sides, starts, numbers)
}

func fieldAt(s string, i int) string {
	if f := strings.Fields(s); i < len(f) {
		return f[i]
	}
	return ""
}

// SpyDeal is the two cards a new spy game deals from seed (White's,
// Black's; "wild" before a wildcard's choice): for tests and tools that
// set Config.NewSeed. The server never sends the engine's.
func SpyDeal(seed uint64) (white, black string) {
	w, b := spyDeal(seed)
	return w.String(), b.String()
}

// spyNote writes action a, about to be played in st, as the move list
// shows it (san is its SAN): a move in SAN; a reveal in words, "reveals
// its spy: the knight on f6", with its check mark. Only what is public
// once a is played: the reveal names the spy it reveals.
func spyNote(st *spy.State, a variants.Action, san string) Note {
	if a == spy.ClaimAction {
		return Note{textPart("claims a draw", "reclama tablas")}
	}
	if san == "0000" {
		return Note{textPart("passes", "pasa")}
	}
	if _, ok := spy.IsReveal(a); !ok {
		return Note{sanPart(san)}
	}
	mark := strings.TrimLeft(san[strings.LastIndexAny(san, ":")+1:], "abcdefghKQRBNP")
	sq := st.SpySquare(st.Side())
	if sq == chess.NoSquare {
		return Note{textPart("reveals its spy", "revela su espía")}
	}
	p := pieceOn(st.Position().At(sq).Type(), sq)
	was := [2][2]string{{"White's", "de las blancas"}, {"Black's", "de las negras"}}[st.Side().Other()]
	n := Note{textPart("reveals its spy: "+p.En+" was "+was[0], "revela su espía: "+p.Es+" era "+was[1])}
	switch mark {
	case "+":
		n = append(n, textPart("— check", "— jaque"))
	case "#":
		n = append(n, textPart("— checkmate", "— jaque mate"))
	}
	return n
}

// spyStep says what the player at seat may do now, from the rules (not
// the view's legal list, which a review of a past position leaves out).
func spyStep(g *spyGame, seat string, sv *SpyView, online bool) Texts {
	if g.toAct() == "" || seat == "" {
		return Texts{}
	}
	rival := rivalName(online)
	if sv.Choosing {
		return Texts{En: "Choose which of " + rival.En + "'s pieces is your spy (the buttons under your card).",
			Es: "Elige cuál de las piezas de " + rival.Es + " es tu espía (los botones bajo tu carta)."}
	}
	if g.toAct() != seat {
		return Texts{En: text.Capital(rival.En) + " is playing " + map[bool]string{false: "its", true: "their"}[online] + " move.", Es: text.Capital(rival.Es) + " está jugando."}
	}
	if !slices.ContainsFunc(g.legal(seat), func(tk string) bool { return strings.HasPrefix(tk, "reveal") }) {
		return Texts{En: "Your move.", Es: "Te toca mover."}
	}
	sv.RevealText = spyRevealText(g.full, seat)
	return Texts{En: "Your move, or reveal your spy instead: " + sv.RevealText.En,
		Es: "Te toca mover, o revelar tu espía en su lugar: " + sv.RevealText.Es}
}

// spyRevealText is what the player's reveal would do: the piece crosses
// over and the original queen loses the power of the spy's type
// (docs/rules/spy.md §6).
func spyRevealText(st *spy.State, seat string) *Texts {
	sq := st.SpySquare(chess.Color(seatIndex(seat)))
	if sq == chess.NoSquare {
		return &Texts{}
	}
	t := st.Position().At(sq).Type()
	p := pieceOn(t, sq)
	lose := map[chess.PieceType][2]string{chess.Rook: {"rook", "torre"}, chess.Bishop: {"bishop", "alfil"}, chess.Knight: {"knight", "caballo"}}[t]
	yours := "tuyo"
	if t == chess.Rook || t == chess.Queen {
		yours = "tuya"
	}
	tx := &Texts{En: p.En + " becomes yours (it counts as your move)", Es: p.Es + " pasa a ser " + yours + " (cuenta como tu jugada)"}
	if lose[0] != "" {
		tx.En += "; your original queen loses its " + lose[0] + " power."
		tx.Es += "; tu dama original pierde su poder de " + lose[1] + "."
	} else {
		tx.En += "."
		tx.Es += "."
	}
	return tx
}

// describe is the note of tok as if played now, from seat's own view
// (the other card plays no part in it).
func (g *spyGame) describe(seat, tok string) Note {
	v := g.full.View(variants.Player(seatIndex(seat)))
	a, err := v.ParseAction(tok)
	if err != nil {
		return Note{textPart(tok, tok)}
	}
	return spyNote(v, a, v.SAN(a))
}
