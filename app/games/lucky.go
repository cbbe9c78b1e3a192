package games

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"

	"azar/app/engine"
	"azar/variants"
	"azar/variants/chess"
	"azar/variants/lucky"
)

// The card variants' names (Options.Variant).
const (
	VariantLucky = "lucky"
	VariantSpy   = "spy"
)

// luckySecret is what the referee hides in a lucky game: the seed of
// its source of chance and the draw pile's order, top first. The order
// follows from the seed and the actions (luckyGame.replay); it is stored
// as well so that a game resumed by another build is checked card by
// card.
type luckySecret struct {
	Seed uint64   `json:"seed"`
	Pile []string `json:"pile"`
	// Actions is how many actions had been played when Pile was written.
	Actions int `json:"actions"`
}

// luckyGame is Cartas de la Suerte refereed as docs/protocol.md ("Lucky
// cards") asks: the pile is shuffled from the seed; after a `draw` the
// referee turns the top card and appends its id to the actions; cards
// returned to the deck go in at random places and an empty pile is
// refilled from the discard pile by a shuffle, all from the same source,
// so that the game replays from its seed (as azar match does).
type luckyGame struct {
	rules lucky.Options
	fen   string // the start, "" for the standard one
	seed  uint64
	pcg   *rand.PCG
	rng   *rand.Rand
	st    *lucky.State
	pile  *lucky.Pile // the physical draw pile (the secret order)
	toks  []string
	// per token: the side that played it, whether it began a turn, its
	// move number (the PGN's)
	sides   []string
	starts  []bool
	numbers []int
	// notes is each token as the move list writes it.
	notes []Note
}

// luckyRules reads the rule options of a new-game request (rules names
// of variants/lucky: edition, mandatory_card, ...).
func luckyRules(m map[string]string) (lucky.Options, error) {
	var o lucky.Options
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
	return o, o.Validate()
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// luckyRulesMap writes every rule option by its rules name.
func luckyRulesMap(o lucky.Options) map[string]string {
	return map[string]string{
		"edition": o.Edition.String(), "mandatory_card": onOff(o.MandatoryCard), "king_capture": onOff(o.KingCapture),
		"temporal_cards": o.TemporalCards(), "temporal_three_turns": onOff(o.ThreeTurns),
		"rules_cards_in_deck": onOff(o.RulesCards), "draw_claims": o.DrawClaims.String(),
	}
}

func newLuckyGame(o Options, secret string, tokens []string, seed uint64) (*luckyGame, error) {
	rules, err := luckyRules(o.Rules)
	if err != nil {
		return nil, errorf(Invalid, "lucky rules: %v", err)
	}
	var sec luckySecret
	if secret != "" {
		if err := json.Unmarshal([]byte(secret), &sec); err != nil {
			return nil, fmt.Errorf("lucky secret: %w", err)
		}
		seed = sec.Seed
	}
	g := &luckyGame{rules: rules, fen: o.FEN, seed: seed}
	g.pcg = rand.NewPCG(seed, 0x6c75636b79) // "lucky"
	g.rng = rand.New(g.pcg)
	if o.FEN == "" {
		g.st = lucky.New(rules)
	} else {
		st, err := lucky.ParseState(o.FEN, rules)
		if err != nil {
			return nil, errorf(Invalid, "start position: %v", err)
		}
		g.st = st
	}
	g.pile = lucky.NewPile(g.st.Pile(), g.rng)
	if err := g.replay(tokens); err != nil {
		return nil, err
	}
	if secret != "" && len(tokens) == sec.Actions && !slices.Equal(sec.Pile, g.pileIDs()) {
		return nil, fmt.Errorf("lucky game: the stored deck order disagrees with its seed and actions")
	}
	return g, nil
}

func (g *luckyGame) pileIDs() []string {
	ids := make([]string, len(g.pile.Cards()))
	for i, k := range g.pile.Cards() {
		ids[i] = k.String()
	}
	return ids
}

// replay plays the tokens; each `draw` must be followed by the card the
// pile gives, except a last `draw`, after which the card is dealt now
// (how a new draw is played).
func (g *luckyGame) replay(tokens []string) error {
	for i := 0; i < len(tokens); i++ {
		tok := tokens[i]
		if g.st.ToAct() == variants.NoPlayer {
			return errorf(Invalid, "action %d (%s) after the end of the game", i+1, tok)
		}
		a, err := g.st.ParseAction(tok)
		if err != nil {
			return errorf(Invalid, "action %d: %v", i+1, err)
		}
		if lucky.TypeOf(a) == lucky.ActReveal {
			return errorf(Invalid, "action %d (%s): the referee turns the cards", i+1, tok)
		}
		g.record(lucky.FormatAction(a))
		before, card, side := g.st.Position().Clone(), g.st.CardInProgress(), g.st.Side()
		if err := g.st.Apply(a); err != nil {
			return errorf(Invalid, "action %d: %v", i+1, err)
		}
		g.notes = append(g.notes, luckyNote(before, g.st, a, card, side))
		if g.st.Phase() == lucky.PhaseChance {
			k := g.pile.Draw(g.st.Discard())
			if i+1 < len(tokens) {
				i++
				if tokens[i] != k.String() {
					return fmt.Errorf("action %d: the card drawn was %s, the pile gives %s", i+1, tokens[i], k)
				}
			}
			g.record(k.String())
			if err := g.st.Apply(lucky.RevealAction(k)); err != nil {
				return fmt.Errorf("lucky referee: reveal %s refused: %v", k, err)
			}
			name := cardView(k).Name
			g.notes = append(g.notes, Note{cardPart(k.String(), Texts{En: "[" + name.En + "]", Es: "[" + name.Es + "]"})})
		}
		g.pile.Sync(g.st.Pile())
	}
	return nil
}

func (g *luckyGame) record(tok string) {
	g.sides = append(g.sides, colorLetter(g.st.Side()))
	g.starts = append(g.starts, g.st.Phase() == lucky.PhaseStart)
	g.numbers = append(g.numbers, g.st.Turn()/2+1)
	g.toks = append(g.toks, tok)
}

func (g *luckyGame) toAct() string {
	if g.st.ToAct() < 0 {
		return ""
	}
	return colorLetter(g.st.Side())
}

func (g *luckyGame) outcome() (string, string) { return outcomeOf(g.st) }

// outcomeOf reads a variants.State's end.
func outcomeOf(st variants.State) (string, string) {
	over, scores, why := st.Result()
	if !over {
		return "*", ""
	}
	result := "1/2-1/2"
	switch {
	case scores[0] > scores[1]:
		result = "1-0"
	case scores[1] > scores[0]:
		result = "0-1"
	}
	return result, reasonOf(why)
}

// reasonOf turns a rules package's reason text into a View status.
func reasonOf(why string) string {
	switch why {
	case "checkmate":
		return ReasonCheckmate
	case "stalemate":
		return ReasonStalemate
	case "insufficient material":
		return ReasonInsufficient
	case "threefold repetition", "fivefold repetition", "threefold repetition (claimed)":
		return ReasonRepetition
	case "fifty-move rule", "seventy-five-move rule", "fifty-move rule (claimed)":
		return ReasonFifty
	case "king captured":
		return ReasonKingCaptured
	}
	return strings.ReplaceAll(why, " ", "-")
}

func (g *luckyGame) legal(seat string) []string {
	out := []string{}
	if g.toAct() == "" || g.toAct() != seat {
		return out
	}
	for _, a := range g.st.Legal(nil) {
		out = append(out, lucky.FormatAction(a))
	}
	return out
}

func (g *luckyGame) act(seat, tok string) ([]string, string, error) {
	if g.toAct() != seat {
		return nil, "", errorf(Conflict, "it is not %s's turn", seat)
	}
	a, err := g.st.ParseAction(tok)
	if err != nil {
		return nil, "", errorf(Invalid, "illegal action %q", tok)
	}
	if lucky.TypeOf(a) == lucky.ActReveal {
		return nil, "", errorf(Invalid, "%s: the referee turns the cards", tok)
	}
	check := g.st.Clone()
	if err := check.Apply(a); err != nil {
		return nil, "", errorf(Invalid, "illegal action %q", tok)
	}
	return append(slices.Clone(g.toks), lucky.FormatAction(a)), g.secret(), nil
}

func (g *luckyGame) tokens() []string   { return g.toks }
func (g *luckyGame) notation() []string { return noteTexts(g.notes) }

func (g *luckyGame) secret() string {
	b, _ := json.Marshal(luckySecret{Seed: g.seed, Pile: g.pileIDs(), Actions: len(g.toks)})
	return string(b)
}

func (g *luckyGame) board() *chess.Position { return g.st.Position() }

func (g *luckyGame) inCheck() bool { return g.st.InCheck() }

func (g *luckyGame) outOfTurn(string) bool { return false }

// hidesEngine: nothing but the pile's order is secret, from both seats.
func (g *luckyGame) hidesEngine() bool { return false }

// engineRequest: everything is public in this game but the pile's order,
// so both seats get the same position: the start and every action.
func (g *luckyGame) engineRequest(string) ([]engine.Option, string) {
	r := g.rules
	opts := []engine.Option{{Name: "UCI_Variant", Value: VariantLucky},
		{Name: "Lucky_Edition", Value: r.Edition.String()},
		{Name: "Lucky_MandatoryCard", Value: fmt.Sprint(r.MandatoryCard)},
		{Name: "Lucky_KingCapture", Value: fmt.Sprint(r.KingCapture)},
		{Name: "Lucky_TemporalCards", Value: r.TemporalCards()},
		{Name: "Lucky_TemporalThreeTurns", Value: fmt.Sprint(r.ThreeTurns)},
		{Name: "Lucky_RulesCardsInDeck", Value: fmt.Sprint(r.RulesCards)},
		{Name: "Lucky_DrawClaims", Value: r.DrawClaims.String()},
	}
	return opts, positionText(g.fen, "", g.toks)
}

// offerRequest: nothing is secret from either seat.
func (g *luckyGame) offerRequest(seat string) ([]engine.Option, string) { return g.engineRequest(seat) }

func (g *luckyGame) engineAnswer(seat, best string) ([]string, string, error) {
	return g.act(seat, best)
}

// LuckyView is what a player sees of a lucky game: everything but the
// order of the draw pile.
type LuckyView struct {
	Pile    int `json:"pile"`    // cards left to draw
	Discard int `json:"discard"` // cards in the discard pile
	// Card is the card being played (its actions are under way), or
	// the last card drawn, with who drew it and whether it is in play.
	Card    *CardView `json:"card,omitempty"`
	DrawnBy string    `json:"drawnBy,omitempty"`
	InPlay  bool      `json:"inPlay"`
	Phase   string    `json:"phase"` // the rules' phase (start, move, sequence, remove, ...)
	Step    Texts     `json:"step"`  // what the player to act must do now
	// Zone is the squares of the bomb in play.
	Zone []string `json:"zone,omitempty"`
	// Held is each side's temporal card; Turns its turns left under the
	// three-turn option.
	Held  map[string]*CardView `json:"held"`
	Turns map[string]int       `json:"turns,omitempty"`
	Pool  map[string]string    `json:"pool"` // captured pieces each side may recover, "PN"
	// Drawn is every card drawn so far, in order.
	Drawn []DrawnCard       `json:"drawn"`
	Rules map[string]string `json:"rules"`
	// Notes is each of the moves as the move list writes it.
	Notes []Note `json:"notes"`
}

// DrawnCard is one draw of the game.
type DrawnCard struct {
	Side string `json:"side"`
	Card string `json:"card"`
	At   int    `json:"at"` // the index of the card's token in moves
	Name Texts  `json:"name"`
	Text Texts  `json:"text"` // what it does
}

func (g *luckyGame) view(v *View, seat string) {
	st := g.st
	lv := &LuckyView{Pile: st.PileSize(), Discard: st.Discard().Total(), Phase: st.Phase().String(),
		Held: map[string]*CardView{"w": nil, "b": nil}, Pool: map[string]string{}, Drawn: []DrawnCard{},
		Rules: luckyRulesMap(g.rules)}
	for i, tk := range g.toks {
		if i > 0 && g.toks[i-1] == "draw" {
			d := DrawnCard{Side: g.sides[i], Card: tk, At: i}
			if k, ok := lucky.KindByID(tk); ok {
				c := cardView(k)
				d.Name, d.Text = c.Name, c.Text
			}
			lv.Drawn = append(lv.Drawn, d)
		}
	}
	if k := st.CardInProgress(); k != lucky.NoKind {
		lv.Card, lv.InPlay, lv.DrawnBy = cardView(k), true, colorLetter(st.Side())
	} else if n := len(lv.Drawn); n > 0 {
		if k, ok := lucky.KindByID(lv.Drawn[n-1].Card); ok {
			lv.Card, lv.DrawnBy = cardView(k), lv.Drawn[n-1].Side
		}
	}
	for c := chess.White; c <= chess.Black; c++ {
		if k, n := st.Held(c); k != lucky.NoKind {
			lv.Held[colorLetter(c)] = cardView(k)
			if g.rules.ThreeTurns {
				if lv.Turns == nil {
					lv.Turns = map[string]int{}
				}
				lv.Turns[colorLetter(c)] = n
			}
		}
		var pool strings.Builder
		for t := chess.Pawn; t <= chess.Queen; t++ {
			for range st.Pool(c, t) {
				pool.WriteByte(t.Letter())
			}
		}
		lv.Pool[colorLetter(c)] = pool.String()
	}
	if k := st.CardInProgress(); k != lucky.NoKind && k.Card().Zone != 0 {
		z := k.Card().Zone
		if st.Side() == chess.Black {
			z = chess.Bitboard(bits.ReverseBytes64(uint64(z)))
		}
		for s := chess.Square(0); s < 64; s++ {
			if z&(1<<s) != 0 {
				lv.Zone = append(lv.Zone, s.String())
			}
		}
	}
	lv.Step = luckyStep(st)
	lv.Notes = append([]Note{}, g.notes...)
	v.Lucky = lv
	for i := range v.Moves {
		v.Moves[i].Side = g.sides[i]
	}
	v.FEN = st.Position().FEN()
}

// luckyStep says what the player to act must do now.
func luckyStep(st *lucky.State) Texts {
	if st.ToAct() == variants.NoPlayer {
		return Texts{}
	}
	k := st.CardInProgress()
	switch st.Phase() {
	case lucky.PhaseStart:
		if st.FirstTurn() {
			return Texts{"First turn: a normal move.", "Primer turno: una jugada normal."}
		}
		if st.InCheck() {
			return Texts{"In check: a normal move (no drawing).", "En jaque: una jugada normal (sin robar)."}
		}
		if st.Options().MandatoryCard {
			return Texts{"Draw a card.", "Roba una carta."}
		}
		return Texts{"A normal move, or draw a card.", "Una jugada normal, o roba una carta."}
	case lucky.PhaseMove:
		return Texts{"Now one normal move.", "Ahora una jugada normal."}
	case lucky.PhaseKnight:
		return Texts{"Superknights: a second knight move, or pass.", "Supercaballos: otra jugada de caballo, o pasa."}
	case lucky.PhaseSequence:
		c := cardView(k)
		return Texts{"Play the card: " + lowerFirst(c.Text.En) + " The highlighted pieces may move now.",
			"Juega la carta: " + lowerFirst(c.Text.Es) + " Pueden mover las piezas resaltadas."}
	case lucky.PhaseEnemy:
		return Texts{"Move a rival piece (two different ones in all).", "Mueve una pieza del rival (dos distintas en total)."}
	case lucky.PhaseRelocate:
		return Texts{"Relocate: pick a piece, then an empty square.", "Cambia: elige una pieza y luego una casilla vacía."}
	case lucky.PhaseRemove:
		return Texts{"Pick the piece to remove (marked squares).", "Elige la pieza que quitas (casillas marcadas)."}
	case lucky.PhaseBombAll:
		return Texts{"Set off the bomb.", "Haz estallar la bomba."}
	case lucky.PhaseRecover:
		return Texts{"Pick a marked square to put a captured piece back.", "Elige una casilla marcada para reponer una pieza capturada."}
	case lucky.PhaseWave:
		return Texts{"Move the pawns.", "Mueve los peones."}
	}
	return Texts{}
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

func (g *luckyGame) pgnTags() [][2]string {
	tags := [][2]string{{"Variant", "lucky"}}
	if g.rules != (lucky.Options{}) {
		tags = append(tags, [2]string{"LuckyRules", g.rules.String()})
	}
	return tags
}

// pgnMoves writes the actions (docs/lucky.md, "PGN"): the drawn card as
// a comment after its draw.
func (g *luckyGame) pgnMoves() string {
	toks := slices.Clone(g.toks)
	for i := range toks {
		if i > 0 && g.toks[i-1] == "draw" {
			toks[i] = "{" + toks[i] + "}"
		}
	}
	return numberedMoves(toks, g.sides, g.starts, g.numbers)
}

// positionText is a `position` argument: the start, a card part and the
// actions.
func positionText(fen, card string, toks []string) string {
	s := "startpos"
	if fen != "" {
		s = "fen " + fen
	}
	s += card
	if len(toks) > 0 {
		s += " moves " + strings.Join(toks, " ")
	}
	return s
}

// LuckyOrder is the order of the draw pile a new lucky game with these
// rules and start (FEN "" for the standard one) deals from seed, top
// first: for tests and tools that set Config.NewSeed. The server never
// sends it.
func LuckyOrder(rules map[string]string, fen string, seed uint64) ([]string, error) {
	o := Options{Variant: VariantLucky, Rules: rules, FEN: fen}
	if err := normalizeLucky(&o); err != nil {
		return nil, err
	}
	g, err := newLuckyGame(o, "", nil, seed)
	if err != nil {
		return nil, err
	}
	return g.pileIDs(), nil
}

// luckyNote writes action a, just played by side from the board before
// (card: the card in play then), as the move list shows it: a move in
// SAN, a card's removal, placement or relocation with the card's name
// ("Bomb: removes the knight on e5"), nothing for the draw itself (the
// card drawn follows as [its name]).
func luckyNote(before *chess.Position, st *lucky.State, a variants.Action, card lucky.Kind, side chess.Color) Note {
	if lucky.TypeOf(a) == lucky.ActDraw {
		return Note{}
	}
	return withEnd(luckyAction(before, st, a, card, side), st)
}

// luckyAction is luckyNote's entry before the game's end is said.
func luckyAction(before *chess.Position, st *lucky.State, a variants.Action, card lucky.Kind, side chess.Color) Note {
	by := Texts{En: "The card", Es: "La carta"}
	if card != lucky.NoKind {
		by = cardView(card).Name
	}
	switch lucky.TypeOf(a) {
	case lucky.ActDraw:
		return Note{}
	case lucky.ActAnnul:
		return Note{textPart("annuls both temporal cards", "anula las dos cartas temporales")}
	case lucky.ActClaim:
		return Note{textPart("claims a draw", "reclama tablas")}
	case lucky.ActBomb, lucky.ActWave:
		n := Note{effectPart("the bomb goes off", "estalla la bomba")}
		if lucky.TypeOf(a) == lucky.ActWave {
			n = Note{effectPart("the pawns step forward", "los peones avanzan")}
			if card != lucky.NoKind && card.Card().Family == lucky.FamPawnsBack {
				n = Note{effectPart("the pawns step back", "los peones retroceden")}
			}
		}
		if gone := removed(before, st.Position()); len(gone) > 0 {
			n = append(n, removesPart(by, gone))
		}
		return n
	}
	m := lucky.MoveOf(a)
	switch m.Kind() {
	case chess.KindNull:
		return Note{textPart("passes", "pasa")}
	case chess.KindRemove:
		p := before.At(m.To())
		return Note{effectPart(by.En+": removes "+pieceOn(p.Type(), m.To()).En, by.Es+": quita "+pieceOn(p.Type(), m.To()).Es)}
	case chess.KindDrop:
		n := pieceNames[m.DropPiece().Type()]
		return Note{effectPart(by.En+": a "+n[0]+" back on "+m.To().String(), by.Es+": "+n[1]+" de vuelta en "+m.To().String())}
	case chess.KindRelocate:
		p := pieceOn(before.At(m.From()).Type(), m.From())
		return Note{effectPart(by.En+": "+p.En+" to "+m.To().String(), by.Es+": "+p.Es+" a "+m.To().String())}
	}
	san := boardSAN(before, m)
	if st.Phase() == lucky.PhaseStart && st.Side() != side {
		if _, why := outcomeOf(st); why == ReasonCheckmate {
			san += "#"
		} else if st.InCheck() {
			san += "+"
		}
	}
	n := Note{sanPart(san)}
	if gone := removed(before, st.Position(), m.From(), m.To()); len(gone) > 0 {
		n = append(n, removesPart(by, gone))
	}
	return n
}

// noteTexts is each note in English: a View's san for a reader that does
// not read the notes.
func noteTexts(notes []Note) []string {
	out := make([]string, len(notes))
	for i, n := range notes {
		out[i] = n.Text("en")
	}
	return out
}

// describe is the note of tok as if played now.
func (g *luckyGame) describe(_, tok string) Note {
	st := g.st.Clone().(*lucky.State)
	a, err := st.ParseAction(tok)
	if err != nil {
		return Note{}
	}
	before, card, side := st.Position().Clone(), st.CardInProgress(), st.Side()
	if st.Apply(a) != nil {
		return Note{}
	}
	return luckyNote(before, st, a, card, side)
}
