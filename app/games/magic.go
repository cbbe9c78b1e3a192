package games

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"azar/app/engine"
	"azar/internal/text"
	"azar/variants"
	"azar/variants/chess"
	"azar/variants/magic"
)

// VariantMagic is Ajedrez Mágico (docs/rules/magic.md).
const VariantMagic = "magic"

// magicSecret is what the referee hides in a magic game: the seed of the
// deal and the two hands it dealt (kept to check a resumed game card by
// card against the seed). The stock follows from them.
type magicSecret struct {
	Seed  uint64 `json:"seed"`
	White string `json:"white"`
	Black string `json:"black"`
}

// magicGame is Ajedrez Mágico refereed as docs/protocol.md asks: the
// referee deals both hands from the seed and keeps the full state; each
// engine is told the hand it was dealt and the public history (every
// action, each declined window as `pass`), and a player's browser gets
// its own hand and the other hand's count only (view).
type magicGame struct {
	rules magic.Options
	human string // the player's seat, whose only-pass windows the referee declines
	sec   magicSecret
	dealt [2]magic.CardSet
	full  *magic.State
	toks  []string
	// per token: who took it, whose turn it was, the turn's move number,
	// and how the record writes it
	actors  []string
	actives []string
	numbers []int
	records []string
	notes   []Note // each action as the move list writes it
	// commits is every card committed, in order.
	commits []MagicCommit
}

// magicRules reads the rule options (mode, hand_size, draw_claims).
func magicRules(m map[string]string) (magic.Options, error) {
	var o magic.Options
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

func magicRulesMap(o magic.Options) map[string]string {
	return map[string]string{"mode": o.Mode.String(), "hand_size": strconv.Itoa(o.Hand()), "draw_claims": o.DrawClaims.String()}
}

func newMagicGame(o Options, secret string, tokens []string, seed uint64) (*magicGame, error) {
	rules, err := magicRules(o.Rules)
	if err != nil {
		return nil, errorf(Invalid, "magic rules: %v", err)
	}
	if o.FEN != "" {
		return nil, errorf(Invalid, "a magic game starts from the standard position (the referee deals the hands)")
	}
	g := &magicGame{rules: rules, human: o.Human}
	if secret != "" {
		if err := json.Unmarshal([]byte(secret), &g.sec); err != nil {
			return nil, fmt.Errorf("magic secret: %w", err)
		}
		seed = g.sec.Seed
	}
	g.full = magic.New(rules, seed)
	for c := chess.White; c <= chess.Black; c++ {
		g.dealt[c], _ = g.full.Hand(c)
	}
	if secret != "" && (g.sec.White != g.dealt[chess.White].String() || g.sec.Black != g.dealt[chess.Black].String()) {
		return nil, fmt.Errorf("magic game: the stored hands disagree with the seed's deal")
	}
	g.sec = magicSecret{Seed: seed, White: g.dealt[chess.White].String(), Black: g.dealt[chess.Black].String()}
	for i, tok := range tokens {
		if g.full.ToAct() == variants.NoPlayer {
			return nil, errorf(Invalid, "action %d (%s) after the end of the game", i+1, tok)
		}
		a, err := g.full.ParseAction(tok)
		if err != nil {
			return nil, errorf(Invalid, "action %d (%s) is illegal", i+1, tok)
		}
		g.record(a)
		before, effects, pending := g.full.Position().Clone(), magicEffects(g.full), pendingCard(g.full)
		if err := g.full.Apply(a); err != nil {
			return nil, errorf(Invalid, "action %d (%s) is illegal", i+1, tok)
		}
		g.notes = append(g.notes, magicNote(before, effects, pending, g.full, a, g.records[len(g.records)-1]))
	}
	return g, nil
}

// record notes action a, about to be applied, with who takes it.
func (g *magicGame) record(a variants.Action) {
	actor := colorLetter(chess.Color(g.full.ToAct()))
	active := colorLetter(g.full.Side())
	tok := magic.FormatAction(a)
	rec := magic.FormatRecord(a)
	switch magic.TypeOf(a) {
	case magic.ActMove:
		if san := magicSAN(g.full, tok); san != "" {
			rec = san
		}
	case magic.ActCard:
		c, w := magic.CardOf(a)
		g.commits = append(g.commits, MagicCommit{Side: actor, Card: c.Code(), Window: w.String(), Token: tok, Record: rec, Words: magicWords(c, tok), Info: magicCardView(c)})
	}
	g.toks = append(g.toks, tok)
	g.actors = append(g.actors, actor)
	g.actives = append(g.actives, active)
	g.numbers = append(g.numbers, g.turnNumber())
	g.records = append(g.records, rec)
}

// turnNumber is the move number of the turn in progress (White's turn
// and Black's after it share one), read from the public encoding.
func (g *magicGame) turnNumber() int {
	n, _ := strconv.Atoi(fieldAt(g.full.Encode(), 5))
	return n
}

// magicSAN writes a standard move in SAN when the board alone reads it
// so; a move that only the effects allow (a stride, a lance's jump, a
// knight's wings) keeps its token.
func magicSAN(st *magic.State, tok string) string {
	// The board with the active side to move (the rules keep the
	// board's own turn to themselves), from the public encoding's
	// chess fields.
	f := strings.Fields(st.Encode())
	if len(f) < 6 {
		return ""
	}
	p, err := chess.ParseFENLoose(strings.Join(f[:6], " "))
	if err != nil {
		return ""
	}
	m, err := p.ParseUCIMove(tok)
	if err != nil {
		return ""
	}
	// The board does not know the effects' checks: the mark is left off.
	return strings.TrimRight(p.SAN(m), "+#")
}

func (g *magicGame) toAct() string {
	p := g.full.ToAct()
	if p == variants.NoPlayer {
		return ""
	}
	return colorLetter(chess.Color(p))
}

func (g *magicGame) outcome() (string, string) { return outcomeOf(g.full) }

func (g *magicGame) legal(seat string) []string {
	out := []string{}
	if g.toAct() == "" || g.toAct() != seat {
		return out
	}
	// From what seat knows: the other hand plays no part in it.
	v := g.full.View(variants.Player(seatIndex(seat)))
	for _, a := range v.Legal(nil) {
		out = append(out, magic.FormatAction(a))
	}
	return out
}

func (g *magicGame) act(seat, tok string) ([]string, string, error) {
	if g.toAct() == "" {
		return nil, "", errorf(Conflict, "the game is over")
	}
	if g.toAct() != seat {
		return nil, "", errorf(Conflict, "it is not %s's decision", seat)
	}
	if tok == "0000" {
		tok = "pass"
	}
	// The token is read against seat's own view, so that the refusal of
	// a card seat does not hold says nothing of the other hand.
	a, err := g.full.View(variants.Player(seatIndex(seat))).ParseAction(tok)
	if err != nil {
		return nil, "", errorf(Invalid, "illegal action %q", tok)
	}
	check := g.full.Clone().(*magic.State)
	if err := check.Apply(a); err != nil {
		return nil, "", errorf(Invalid, "illegal action %q", tok)
	}
	toks := append(slices.Clone(g.toks), magic.FormatAction(a))
	return autoPass(check, toks, g.human), g.secret(), nil
}

// autoPass declines, for the player at the device (seat), every window
// in which pass is all that player may do: the player's own hand
// decides it, so it says nothing new. The engine's windows are always
// asked of the engine: answering at once for it would tell, by the
// timing, that its hand holds nothing usable there.
func autoPass(st *magic.State, toks []string, seat string) []string {
	for seat != "" && st.ToAct() != variants.NoPlayer && colorLetter(chess.Color(st.ToAct())) == seat {
		l := st.Legal(nil)
		if len(l) != 1 || magic.TypeOf(l[0]) != magic.ActPass {
			break
		}
		if err := st.Apply(l[0]); err != nil {
			break
		}
		toks = append(toks, magic.FormatAction(l[0]))
	}
	return toks
}

func (g *magicGame) tokens() []string   { return g.toks }
func (g *magicGame) notation() []string { return noteTexts(g.notes) }

func (g *magicGame) secret() string {
	b, _ := json.Marshal(g.sec)
	return string(b)
}

func (g *magicGame) board() *chess.Position { return g.full.Position() }

// inCheck is left to the view: the board's own check ignores the
// effects, and the king in question is the seat to act's.
func (g *magicGame) inCheck() bool { return false }

func (g *magicGame) outOfTurn(string) bool { return false }

// hidesEngine: the engine's hand is its secret.
func (g *magicGame) hidesEngine() bool { return true }

// engineRequest tells seat's engine the hand it was dealt and the public
// history (docs/protocol.md, Ajedrez Mágico).
func (g *magicGame) engineRequest(seat string) ([]engine.Option, string) {
	opts := []engine.Option{{Name: "UCI_Variant", Value: VariantMagic},
		{Name: "Magic_Mode", Value: g.rules.Mode.String()},
		{Name: "Magic_HandSize", Value: strconv.Itoa(g.rules.Hand())},
		{Name: "Magic_DrawClaims", Value: g.rules.DrawClaims.String()}}
	return opts, positionText("", " hand "+g.dealt[seatIndex(seat)].String(), g.toks)
}

// offerRequest searches the player's decision with no hand told (`hand
// -`): a magic position names the deciding seat's hand only, and that is
// the player's, which the engine may not see.
func (g *magicGame) offerRequest(string) ([]engine.Option, string) {
	opts, _ := g.engineRequest("w")
	return opts, positionText("", " hand -", g.toks)
}

// engineAnswer plays the engine's bestmove (0000 is pass).
func (g *magicGame) engineAnswer(seat, best string) ([]string, string, error) {
	return g.act(seat, best)
}

// MagicCard is a card as the page shows it.
type MagicCard struct {
	ID   string `json:"id"`
	Name Texts  `json:"name"`
	Text Texts  `json:"text"`
	// Category is reaction, instant or duration; Windows the windows
	// the card lists (MAIN, PRE, END, R-COMMIT, R-IMPACT, MS).
	Category string   `json:"category"`
	Windows  []string `json:"windows"`
}

// MagicCommit is one card committed (commitments are public).
type MagicCommit struct {
	Side   string `json:"side"`
	Card   string `json:"card"`
	Window string `json:"window"`
	Token  string `json:"token"`  // the protocol's token (AM13:b1,d4)
	Record string `json:"record"` // the record's form (AM13@MAIN(b1,d4))
	// Words is the card and its targets in words: "Muro (wall) on e5".
	Words Texts `json:"words"`
	// Info is the card's names and text.
	Info MagicCard `json:"info"`
}

// MagicEffect is an active effect on the board.
type MagicEffect struct {
	Card    string `json:"card"`
	Owner   string `json:"owner"`
	Counter int    `json:"counter"`
	Kind    string `json:"kind"`
	// Anchor is the effect's anchor as the FEN writes it (e6, a7+b7, q,
	// d), "" for an effect on no piece or zone; Squares the squares it
	// covers or holds (a wall's, a block's, the shielded pieces').
	Anchor  string   `json:"anchor,omitempty"`
	Squares []string `json:"squares"`
}

// MagicView is what a player sees of a magic game: its own hand, the
// other hand's count, everything public; never the other hand nor the
// stock.
type MagicView struct {
	// Hand is the player's hand ("" seat: none).
	Hand []MagicCard `json:"hand"`
	// Cards is each side's number of cards in hand.
	Cards map[string]int `json:"cards"`
	// Discard is the discard pile; Committed every card committed.
	Discard   []MagicCard   `json:"discard"`
	Committed []MagicCommit `json:"committed"`
	Effects   []MagicEffect `json:"effects"`
	// Pending is the card committed and waiting for the reaction
	// window, nil when none.
	Pending *MagicCommit `json:"pending,omitempty"`
	// Phase is the decision open (start, move, end, rcommit, rimpact,
	// replace, ms); Window its window when it is one (END, R-COMMIT,
	// R-IMPACT, MS); Decides whose decision it is.
	Phase   string `json:"phase"`
	Window  string `json:"window,omitempty"`
	Decides string `json:"decides,omitempty"`
	// Active is the player whose turn it is.
	Active string `json:"active"`
	// Prompt is what the player must decide now, in both languages.
	Prompt Texts `json:"prompt"`
	// Pool is each side's men off the board (PPN).
	Pool map[string]string `json:"pool"`
	// Notes is each of the moves as the move list writes it (a declined
	// window: empty).
	Notes []Note `json:"notes"`
}

var phaseWindow = map[magic.Phase]string{magic.PhEnd: "END", magic.PhRCommit: "R-COMMIT", magic.PhRImpact: "R-IMPACT", magic.PhMS: "MS"}

func (g *magicGame) view(v *View, seat string) {
	st := g.full
	mv := &MagicView{Hand: []MagicCard{}, Cards: map[string]int{}, Discard: []MagicCard{}, Committed: slices.Clone(g.commits),
		Effects: []MagicEffect{}, Phase: st.Phase().String(), Window: phaseWindow[st.Phase()], Decides: g.toAct(),
		Active: colorLetter(st.Side()), Pool: map[string]string{}}
	if mv.Committed == nil {
		mv.Committed = []MagicCommit{}
	}
	if seat != "" {
		if h, ok := st.Hand(chess.Color(seatIndex(seat))); ok {
			for _, c := range h.Cards() {
				mv.Hand = append(mv.Hand, magicCardView(c))
			}
		}
	}
	for c := chess.White; c <= chess.Black; c++ {
		mv.Cards[colorLetter(c)] = st.HandSize(c)
		var pool strings.Builder
		for t := chess.Pawn; t <= chess.Queen; t++ {
			for range st.Pool(c, t) {
				pool.WriteByte(chess.MakePiece(chess.White, t).Letter())
			}
		}
		mv.Pool[colorLetter(c)] = pool.String()
	}
	for _, c := range st.Discard().Cards() {
		mv.Discard = append(mv.Discard, magicCardView(c))
	}
	mv.Effects = magicEffects(st)
	if a, ok := st.Pending(); ok {
		c, w := magic.CardOf(a)
		tok := magic.FormatAction(a)
		p := MagicCommit{Side: colorLetter(st.Side()), Card: c.Code(), Window: w.String(), Token: tok, Record: magic.FormatRecord(a), Words: magicWords(c, tok), Info: magicCardView(c)}
		mv.Pending = &p
	}
	mv.Prompt = magicPrompt(st, seat, mv, v.Mode == ModeOnline)
	mv.Notes = append([]Note{}, g.notes...)
	v.Magic = mv
	v.Turn = mv.Active
	for i := range v.Moves {
		v.Moves[i].Side = g.actors[i]
	}
	v.FEN = st.Encode() // the public state: no hand
	if sq := magicCheck(st); sq != "" {
		v.Check = sq
	}
	// The last standard move, for the board's marks.
	v.LastMove = ""
	for i := len(g.toks) - 1; i >= 0; i-- {
		if tk := strings.TrimPrefix(g.toks[i], "K"); isSquareMove(tk) {
			v.LastMove = tk
			break
		}
	}
}

func magicCardView(c magic.CardID) MagicCard {
	info := c.Info()
	mc := MagicCard{ID: c.Code(), Name: Texts{En: info.English, Es: info.Name}, Category: info.Category.String(), Windows: []string{}}
	mc.Text = magicCardText(c)
	for w := magic.Main; w <= magic.MS; w++ {
		if info.Windows.Has(w) {
			mc.Windows = append(mc.Windows, w.String())
		}
	}
	return mc
}

var effectKinds = map[magic.EffectKind]string{
	magic.EffWard: "ward", magic.EffShield: "shield", magic.EffImmunity: "immunity", magic.EffAnchorage: "anchorage",
	magic.EffArmour: "armour", magic.EffLance: "lance", magic.EffSurge: "surge", magic.EffStride: "stride",
	magic.EffWings: "wings", magic.EffParalysis: "paralysis", magic.EffWall: "wall", magic.EffMine: "mine",
	magic.EffSanctuary: "sanctuary", magic.EffFog: "fog", magic.EffBlizzard: "blizzard", magic.EffNoMans: "no-mans-land",
	magic.EffSilence: "silence",
}

// magicEffects lists the effects in play with their anchors: the anchor
// as the public FEN writes it, the squares the effect acts on now (its
// men's squares, or its zone) as the rules give them.
func magicEffects(st *magic.State) []MagicEffect {
	out := []MagicEffect{}
	var texts []string
	for _, f := range strings.Fields(st.Encode()) {
		if rest, ok := strings.CutPrefix(f, "effects="); ok && rest != "-" {
			texts = strings.Split(rest, ",")
		}
	}
	for i := range st.NumEffects() {
		e, on := st.EffectAt(i)
		me := MagicEffect{Card: e.Card.Code(), Owner: colorLetter(e.Owner), Counter: int(e.Counter), Kind: effectKinds[e.Kind], Squares: []string{}}
		if i < len(texts) {
			if _, anchor, ok := strings.Cut(texts[i], "@"); ok {
				me.Anchor = anchor
			}
		}
		for b := on; b != 0; {
			me.Squares = append(me.Squares, b.PopLSB().String())
		}
		out = append(out, me)
	}
	return out
}

// magicCheck is the square of the king of the seat to act when the rules
// say it is attacked (walls blocking, winged men attacking).
func magicCheck(st *magic.State) string {
	if !st.InCheck() {
		return ""
	}
	if k := st.Position().KingSquare(chess.Color(st.ToAct())); k != chess.NoSquare {
		return k.String()
	}
	return ""
}

// magicPrompt says what the player at seat must decide now; online the
// other seat is a friend's, not Azar's.
func magicPrompt(st *magic.State, seat string, mv *MagicView, online bool) Texts {
	if st.ToAct() == variants.NoPlayer {
		return Texts{}
	}
	rival := rivalName(online)
	if seat != "" && mv.Decides != seat {
		return Texts{En: text.Capital(rival.En) + " is deciding.", Es: text.Capital(rival.Es) + " está decidiendo."}
	}
	switch st.Phase() {
	case magic.PhStart:
		if stalemateWindow(st) {
			return Texts{En: "No move: play a card, or pass to accept the stalemate (draw).",
				Es: "Sin jugada: juega una carta, o pasa para aceptar el ahogado (tablas)."}
		}
		return Texts{En: "Your turn: make a move, or play a card from your hand (one played instead of the move, or one played before it).",
			Es: "Tu turno: haz una jugada, o juega una carta de tu mano (una que sustituye la jugada, o una que va antes de ella)."}
	case magic.PhMove:
		return Texts{En: "Now make your move.", Es: "Ahora haz tu jugada."}
	case magic.PhEnd:
		return Texts{En: "After your move: you may play a card that acts after the move, or pass.",
			Es: "Tras tu jugada: puedes jugar una carta que actúa después de la jugada, o pasar."}
	case magic.PhRCommit:
		card := Texts{En: "a card", Es: "una carta"}
		if mv.Pending != nil {
			card = mv.Pending.Words
		}
		return Texts{En: text.Capital(rival.En) + " played " + card.En + ": answer with a reaction card, or pass to let it act.",
			Es: text.Capital(rival.Es) + " ha jugado " + card.Es + ": responde con una carta de reacción, o pasa para dejar que actúe."}
	case magic.PhRImpact:
		return Texts{En: text.Capital(rival.En) + "'s move may be answered: play a reaction card, or pass.",
			Es: "Puedes responder a la jugada de " + rival.Es + ": juega una carta de reacción, o pasa."}
	case magic.PhReplace:
		return Texts{En: "Your move was rewound: play a different move.", Es: "Tu jugada fue deshecha: haz otra distinta."}
	case magic.PhMS:
		return Texts{En: "Checkmate! Save yourself with a card, or pass to accept it.",
			Es: "¡Jaque mate! Sálvate con una carta, o pasa para aceptarlo."}
	}
	return Texts{}
}

// stalemateWindow reports a turn's start where the player to act has no
// standard move and is not in check but holds a card (decision 9,
// docs/rules/magic.md §6.2): then pass is legal and accepts the
// stalemate, a draw. Pass is legal at a turn's start only there.
func stalemateWindow(st *magic.State) bool {
	if st.Phase() != magic.PhStart || st.ToAct() == variants.NoPlayer {
		return false
	}
	for _, a := range st.View(st.ToAct()).Legal(nil) {
		if magic.TypeOf(a) == magic.ActPass {
			return true
		}
	}
	return false
}

func (g *magicGame) pgnTags() [][2]string {
	keys := []string{"mode", "hand_size", "draw_claims"}
	m := magicRulesMap(g.rules)
	var parts []string
	for _, k := range keys {
		parts = append(parts, k+"="+m[k])
	}
	return [][2]string{{"Variant", "magic"}, {"MagicRules", strings.Join(parts, " ")}}
}

// pgnMoves writes the record: the moves in SAN, the commitments as
// AMnn@WINDOW(targets), a reaction after the move it answers; the
// declined windows are not recorded (docs/rules/magic.md §15.1).
func (g *magicGame) pgnMoves() string {
	var toks, sides []string
	var starts []bool
	var numbers []int
	last := ""
	for i, rec := range g.records {
		if g.toks[i] == "pass" {
			continue
		}
		toks = append(toks, rec)
		sides = append(sides, g.actives[i])
		starts = append(starts, g.actives[i] != last || len(toks) == 1)
		numbers = append(numbers, g.numbers[i])
		last = g.actives[i]
	}
	return numberedMoves(toks, sides, starts, numbers)
}

// MagicDeal is the two hands a new magic game with these rules deals
// from seed (White's, Black's, as card lists): for tests and tools that
// set Config.NewSeed. The server never sends the engine's.
func MagicDeal(rules map[string]string, seed uint64) (white, black []string, err error) {
	o, err := magicRules(rules)
	if err != nil {
		return nil, nil, err
	}
	st := magic.New(o, seed)
	for c := chess.White; c <= chess.Black; c++ {
		h, _ := st.Hand(c)
		var codes []string
		for _, k := range h.Cards() {
			codes = append(codes, k.Code())
		}
		if c == chess.White {
			white = codes
		} else {
			black = codes
		}
	}
	return white, black, nil
}

// describe is the note of tok as if played now, from seat's own view.
func (g *magicGame) describe(seat, tok string) Note {
	st := g.full.View(variants.Player(seatIndex(seat)))
	a, err := st.ParseAction(tok)
	if err != nil {
		return Note{}
	}
	rec := magic.FormatRecord(a)
	if magic.TypeOf(a) == magic.ActMove {
		if san := magicSAN(st, magic.FormatAction(a)); san != "" {
			rec = san
		}
	}
	before, effects, pending := st.Position().Clone(), magicEffects(st), pendingCard(st)
	if st.Apply(a) != nil {
		return Note{}
	}
	n := magicNote(before, effects, pending, st, a, rec)
	if len(n) == 0 {
		return Note{textPart("pass", "pasa")}
	}
	return n
}
