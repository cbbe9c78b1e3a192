package match

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	// Aliased: the package already names its variant table "variants".
	gamerules "azar/variants"
	"azar/variants/chess"
	"azar/variants/magic"
)

// Magic is Ajedrez Mágico (variants/magic, docs/rules/magic.md) refereed:
// the runner shuffles the 40 cards and deals the two hands from the
// game's seeded source of chance (magic.New with a seed drawn from it, so
// both games of an opening pair get the same deal and a game replays from
// its seed), keeps the full state (both hands), tells each engine only the
// hand it was dealt, and asks `go` of whichever seat must decide: the
// active player's move or card, the other player's reaction windows
// (advanced mode), the END window, the mate save. `bestmove 0000` (or
// `pass`) declines a window. Every answer is validated by the rules
// package; one that is malformed or not legal in the decision loses, with
// the reason in the record. Games end by the rules.
//
// Openings: book actions in the protocol's tokens from the standard start
// (declined windows as `pass`); a FEN start is refused (the referee
// deals).
type Magic struct {
	// Rules are the rule options. The engines must be told the same with
	// their own options (Magic_Mode, Magic_HandSize, Magic_DrawClaims).
	Rules magic.Options
}

// Name returns "magic".
func (Magic) Name() string { return "magic" }

// Seats returns White ("w" clock) and Black ("b" clock).
func (Magic) Seats() []Seat { return Chess{}.Seats() }

// NewGame deals from rng and checks the opening's book actions, which the
// runner plays through Play.
func (v Magic) NewGame(o Opening, rng *rand.Rand) (Game, error) {
	if err := v.Rules.Validate(); err != nil {
		return nil, err
	}
	if o.FEN != "" {
		return nil, fmt.Errorf("opening %q: a magic game starts from the standard position (the referee deals the hands)", o.ID)
	}
	st := magic.New(v.Rules, rng.Uint64())
	if err := st.Clone().(*magic.State).ApplyTokens(o.Moves...); err != nil {
		return nil, fmt.Errorf("opening %q: %w", o.ID, err)
	}
	g := &magicGame{rules: v.Rules, st: st, pending: -1}
	for c := chess.White; c <= chess.Black; c++ {
		g.dealt[c], _ = st.Hand(c)
	}
	return g, nil
}

type magicGame struct {
	rules  magic.Options
	st     *magic.State // the referee's state: both hands
	dealt  [2]magic.CardSet
	tokens []string // every action from the start, passes included
	// texts is the record's text of every action played (Play's Action.Text),
	// amended once a commitment turns out countered (amendTexts).
	texts []string
	// pending is the index in texts of the commitment awaiting the other
	// player's R-COMMIT decision, -1 if none.
	pending int
	lastErr error // why the last refused action was refused
	ending
}

func (g *magicGame) ToMove() int {
	if p := g.st.ToAct(); p != gamerules.NoPlayer {
		return int(p)
	}
	return int(g.st.Side())
}

// Position is what seat's engine is told: the standard start, the hand
// dealt to that seat (never the other) and every action so far, each
// declined window as `pass` (docs/protocol.md).
func (g *magicGame) Position(seat int) string {
	return positionArg("", " hand "+g.dealt[seat&1].String(), g.tokens)
}

// Play validates and applies seat's action. A standard move is recorded
// in SAN (with + for check), a commitment as AMnn@WINDOW(targets)
// (docs/rules/magic.md §15.1), suffixed #countered once a counter or a
// ward stops it; a declined window is a secret action (kept for the
// replay, not written in the movetext).
func (g *magicGame) Play(seat int, action string) (Action, error) {
	g.lastErr = nil
	if err := g.turnError(seat, g.ToMove()); err != nil {
		g.lastErr = err
		return Action{}, err
	}
	st := g.st
	a, err := st.ParseAction(action)
	if err != nil {
		g.lastErr = err
		return Action{}, err
	}
	ph, side := st.Phase(), st.Side()
	act := Action{
		Seat:   seat,
		Number: magicTurnNumber(st),
		Move:   magic.FormatAction(a),
		Cont:   ph != magic.PhStart && ph != magic.PhMS,
	}
	switch magic.TypeOf(a) {
	case magic.ActMove:
		act.Text = magicSAN(st, a)
	case magic.ActPass:
		act.Secret = true
	default:
		act.Text = magic.FormatRecord(a)
	}
	wards := magicWards(st, side.Other())
	if err := st.Apply(a); err != nil {
		g.lastErr = err
		return Action{}, err
	}
	idx := len(g.texts)
	g.tokens = append(g.tokens, act.Move)
	g.texts = append(g.texts, act.Text)
	if magic.TypeOf(a) == magic.ActMove {
		g.texts[idx] += magicCheckMark(st, chess.Color(seat))
		act.Text = g.texts[idx]
	}
	// A commitment of the active player is countered by the other
	// player's counter in R-COMMIT or by the other player's oldest ward,
	// which the resolution then spends (rules §7.3 layer 2).
	wardSpent := magicWards(st, side.Other()) < wards
	if ph == magic.PhRCommit && g.pending >= 0 {
		c, w := magic.CardOf(a)
		if wardSpent || (magic.TypeOf(a) == magic.ActCard && w == magic.RCommit && c.Info().Effect == magic.EffWard) {
			g.texts[g.pending] += "#countered"
		}
		g.pending = -1
	}
	if c, w := magic.CardOf(a); magic.TypeOf(a) == magic.ActCard && c < magic.NumCards && (w == magic.Main || w == magic.Pre || w == magic.End) {
		if _, open := st.Pending(); open {
			g.pending = idx
		} else if wardSpent {
			g.texts[idx] += "#countered"
			act.Text = g.texts[idx]
		}
	}
	g.judgeRules(st)
	return act, nil
}

// amendTexts writes into the record what later actions revealed about
// earlier ones (a commitment countered in the next decision); the runner
// calls it with the game's actions, one per successful Play.
func (g *magicGame) amendTexts(actions []Action) {
	for i := range actions {
		if i < len(g.texts) && !actions[i].Secret {
			actions[i].Text = g.texts[i]
		}
	}
}

// Forfeit ends the game against seat; an illegal action's text gets the
// rules' reason.
func (g *magicGame) Forfeit(seat int, end End, text string) {
	if end == EndIllegal && g.lastErr != nil {
		if errors.Is(g.lastErr, gamerules.ErrIllegal) {
			text += fmt.Sprintf(" (not legal in the %s decision)", g.st.Phase())
		} else {
			text += " (" + g.lastErr.Error() + ")"
		}
	}
	g.ending.Forfeit(seat, end, text)
}

func (g *magicGame) Result() (Result, bool) { return g.resultOf(g.st, len(g.tokens)) }

// Tags are the deal, WhiteHand and BlackHand (the hands dealt, which with
// the movetext replay the game: ReplayMagic), and MagicRules when the
// rule options are not the defaults.
func (g *magicGame) Tags() []Tag {
	tags := []Tag{{"WhiteHand", g.dealt[0].String()}, {"BlackHand", g.dealt[1].String()}}
	if g.rules.Validate() == nil && g.rules.String() != (magic.Options{}).String() {
		tags = append(tags, Tag{"MagicRules", g.rules.String()})
	}
	return tags
}

// MagicState is the referee's state of a magic game (both hands): for
// tests and tools. g must come from Magic.NewGame.
func MagicState(g Game) (*magic.State, bool) {
	mg, ok := g.(*magicGame)
	if !ok {
		return nil, false
	}
	return mg.st, true
}

// MagicActions is every action of a magic game from its start, passes
// included (what Position sends after "moves").
func MagicActions(g Game) []string {
	if mg, ok := g.(*magicGame); ok {
		return append([]string(nil), mg.tokens...)
	}
	return nil
}

// magicTurnNumber is the full-move number of the turn in progress (the
// sixth field of the state's FEN).
func magicTurnNumber(st *magic.State) int {
	f := strings.Fields(st.Encode())
	if len(f) < 6 {
		return 1
	}
	n, err := strconv.Atoi(f[5])
	if err != nil {
		return 1
	}
	return n
}

// magicWards counts c's wards in play.
func magicWards(st *magic.State, c chess.Color) int {
	n := 0
	for _, e := range st.Effects() {
		if e.Kind == magic.EffWard && e.Owner == c {
			n++
		}
	}
	return n
}

// magicSAN writes standard move a (legal in st) in SAN without the check
// mark: the piece letter, the file, rank or square that tells it from the
// other legal moves of that piece type to the same square (lance and
// winged moves included), x for a capture, =P for a promotion; castling
// O-O and O-O-O. A royal stride is a king move like any other (Ke3).
func magicSAN(st *magic.State, a gamerules.Action) string {
	m := magic.MoveOf(a)
	p := st.Position()
	from, to := m.From(), m.To()
	if m.Kind() == chess.KindCastle {
		if to.File() == 6 {
			return "O-O"
		}
		return "O-O-O"
	}
	pc := p.At(from)
	capture := p.At(to) != chess.NoPiece || m.Kind() == chess.KindEnPassant
	var b strings.Builder
	if pc.Type() == chess.Pawn {
		if capture {
			b.WriteByte(byte('a' + from.File()))
		}
	} else {
		b.WriteByte(pc.Type().Letter())
		var others chess.Bitboard
		for rest := p.Pieces(pc.Color(), pc.Type()) &^ from.Bit(); rest != 0; {
			o := rest.PopLSB()
			if _, ok := magicMoveFrom(st, o, to, ""); ok {
				others |= o.Bit()
			}
		}
		b.WriteString(chess.Disambiguator(from, others))
	}
	if capture {
		b.WriteByte('x')
	}
	b.WriteString(to.String())
	if m.Kind() == chess.KindPromotion {
		b.WriteByte('=')
		b.WriteByte(m.Promotion().Letter())
	}
	return b.String()
}

// magicMoveFrom is the legal standard move from one square to another
// (promo: the promotion letter or ""), if there is one.
func magicMoveFrom(st *magic.State, from, to chess.Square, promo string) (gamerules.Action, bool) {
	a, err := st.ParseAction(from.String() + to.String() + promo)
	if err != nil || magic.TypeOf(a) != magic.ActMove {
		return 0, false
	}
	return a, true
}

// magicCheckMark is the SAN suffix of mover's move just applied to st:
// "#" when it mates at once (the game over by checkmate, or the mate-save
// window open), "+" when the other king stands attacked, else "".
func magicCheckMark(st *magic.State, mover chess.Color) string {
	if over, _, why := st.Result(); over && why == "checkmate" {
		return "#"
	}
	if st.Phase() == magic.PhMS && st.Side() != mover {
		return "#"
	}
	if magicInCheck(st, mover.Other()) {
		return "+"
	}
	return ""
}

// magicInCheck reports whether c's king is attacked by the rules of §9.1:
// walls block lines and a winged bishop, rook or queen (AM32) attacks the
// knight squares too. (State.InCheck answers this for the seat to act
// only; after a move that is often the mover, in its END window.)
func magicInCheck(st *magic.State, c chess.Color) bool {
	p := st.Position()
	k := p.KingSquare(c)
	if k == chess.NoSquare {
		return false
	}
	var walls, wings chess.Bitboard
	for i := range st.NumEffects() {
		switch e, squares := st.EffectAt(i); e.Kind {
		case magic.EffWall:
			walls |= squares
		case magic.EffWings:
			wings |= squares
		}
	}
	by := c.Other()
	occ := p.Occupied() | walls
	q := p.Pieces(by, chess.Queen)
	a := chess.PawnAttacks(c, k) & p.Pieces(by, chess.Pawn)
	a |= chess.KnightAttacks(k) & (p.Pieces(by, chess.Knight) | wings&p.ColorBB(by))
	a |= chess.KingAttacks(k) & p.Pieces(by, chess.King)
	a |= chess.RookAttacks(k, occ) & (p.Pieces(by, chess.Rook) | q)
	a |= chess.BishopAttacks(k, occ) & (p.Pieces(by, chess.Bishop) | q)
	return a != 0
}

// ReplayMagic plays a magic game record again with variants/magic alone:
// the hands dealt from the WhiteHand and BlackHand tags, the rules from
// MagicRules (the defaults without it), then the movetext's actions — SAN
// moves, AMnn@WINDOW(targets) commitments (a #countered or #failed suffix
// is the record's note, not part of the action) and claim — with every
// declined window, which records leave out, put back as a pass: a window
// is declined exactly when the next recorded action does not answer it.
// Move numbers, comments and the result are skipped. When the game ended
// by the rules (Termination "normal"), the windows declined after the last
// recorded action are passed too, and the state must then be over.
func ReplayMagic(tags []Tag, movetext string) (*magic.State, error) {
	tag := func(name string) (string, bool) {
		for _, t := range tags {
			if t.Name == name {
				return t.Value, true
			}
		}
		return "", false
	}
	var opts magic.Options
	if r, ok := tag("MagicRules"); ok {
		for _, f := range strings.Fields(r) {
			k, v, _ := strings.Cut(f, "=")
			if err := opts.Set(k, v); err != nil {
				return nil, fmt.Errorf("MagicRules: %w", err)
			}
		}
	}
	var hands [2]magic.CardSet
	for c, name := range []string{"WhiteHand", "BlackHand"} {
		v, ok := tag(name)
		if !ok {
			return nil, fmt.Errorf("no %s tag", name)
		}
		h, err := magic.ParseCardSet(v)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if h.Count() != opts.Hand() {
			return nil, fmt.Errorf("%s holds %d cards, the rules deal %d", name, h.Count(), opts.Hand())
		}
		hands[c] = h
	}
	if hands[0]&hands[1] != 0 {
		return nil, errors.New("WhiteHand and BlackHand share a card")
	}
	st := magic.NewWithHands(opts, hands[0], hands[1])
	toks, err := magicMovetext(movetext)
	if err != nil {
		return nil, err
	}
	for i, tok := range toks {
		for {
			a, err := magicRecorded(st, tok)
			if err == nil {
				if err := st.Apply(a); err != nil {
					return nil, fmt.Errorf("action %d (%s): %w", i+1, tok, err)
				}
				break
			}
			if !magicCanPass(st) {
				return nil, fmt.Errorf("action %d (%s): %w", i+1, tok, err)
			}
			if err := st.Apply(magic.PassAction); err != nil {
				return nil, fmt.Errorf("action %d (%s): %w", i+1, tok, err)
			}
		}
	}
	if term, _ := tag("Termination"); term == "normal" {
		for !magicOver(st) && magicCanPass(st) {
			if err := st.Apply(magic.PassAction); err != nil {
				return nil, err
			}
		}
		if !magicOver(st) {
			return nil, errors.New("the record ends by the rules, its actions do not")
		}
	}
	return st, nil
}

func magicOver(st *magic.State) bool {
	over, _, _ := st.Result()
	return over
}

// magicCanPass reports whether st waits on a window that may be declined,
// or on the stalemate window of rules §6.2: a turn's start with no
// standard move, where the pass accepts the stalemate (decision 9).
func magicCanPass(st *magic.State) bool {
	if magicOver(st) {
		return false
	}
	switch st.Phase() {
	case magic.PhEnd, magic.PhRCommit, magic.PhRImpact, magic.PhMS:
		return true
	case magic.PhStart:
		return slices.Contains(st.Legal(nil), magic.PassAction)
	}
	return false
}

// magicMovetext splits a movetext into its action tokens: comments,
// move numbers, NAGs and the result left out.
func magicMovetext(s string) ([]string, error) {
	var toks []string
	for len(s) > 0 {
		i := strings.IndexAny(s, "{")
		if i < 0 {
			toks = append(toks, strings.Fields(s)...)
			break
		}
		toks = append(toks, strings.Fields(s[:i])...)
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return nil, errors.New("movetext: a comment is not closed")
		}
		s = s[i+j+1:]
	}
	out := toks[:0]
	for _, t := range toks {
		switch {
		case t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*":
		case strings.HasPrefix(t, "$"):
		case t[0] >= '0' && t[0] <= '9' && strings.HasSuffix(t, "."):
		default:
			out = append(out, t)
		}
	}
	return out, nil
}

// magicRecorded finds the action a record token stands for in st: a
// commitment AMnn@WINDOW(targets) in that window, claim, or a standard
// move by its SAN (check marks ignored).
func magicRecorded(st *magic.State, tok string) (gamerules.Action, error) {
	if tok == "claim" {
		return st.ParseAction(tok)
	}
	if strings.HasPrefix(tok, "AM") {
		body, _, _ := strings.Cut(tok, "#")
		code, rest, ok := strings.Cut(body, "@")
		win, args, ok2 := strings.Cut(rest, "(")
		if !ok || !ok2 || !strings.HasSuffix(args, ")") {
			return 0, fmt.Errorf("%q: want AMnn@WINDOW(targets)", tok)
		}
		action := code
		if args = strings.TrimSuffix(args, ")"); args != "" {
			action += ":" + args
		}
		a, err := st.ParseAction(action)
		if err != nil {
			return 0, err
		}
		if _, w := magic.CardOf(a); w.String() != win {
			return 0, fmt.Errorf("%q: the card fits the %s window here", tok, w)
		}
		return a, nil
	}
	// A standard move: the legal move whose SAN it is. (Built from the
	// square the SAN names, "Kc8" found castling first where both castling
	// and a royal stride (AM31) take the king from e8 to c8.)
	want := strings.TrimRight(tok, "+#!?")
	fail := fmt.Errorf("%q is no legal move in the %s decision", tok, st.Phase())
	if st.ToAct() == gamerules.NoPlayer {
		return 0, fail
	}
	for _, a := range st.Legal(nil) {
		if magic.TypeOf(a) == magic.ActMove && magicSAN(st, a) == want {
			return a, nil
		}
	}
	return 0, fail
}

// magicMover is the built-in players' side of magic: it reads the
// position argument as an engine would, as a view with its own hand
// only, and picks among that view's legal actions. It keeps the view of
// its last answer and only applies the new actions when the next position
// continues it.
type magicMover struct {
	rules  magic.Options
	never  bool // never commit a card: a random standard move, every window declined
	hand   magic.CardSet
	played []string
	view   *magic.State
}

func (v Magic) newMover(kind string) mover {
	return &magicMover{rules: v.Rules, never: kind == BuiltinNever}
}

func (Magic) builtinKinds() []string { return []string{BuiltinRandom, BuiltinNever} }

// parseMagicPosition reads `startpos hand <cards> [moves <tok> ...]`.
func parseMagicPosition(s string) (magic.CardSet, []string, error) {
	f := strings.Fields(s)
	if len(f) < 3 || f[0] != "startpos" || f[1] != "hand" || (len(f) > 3 && f[3] != "moves") {
		return 0, nil, fmt.Errorf("position %q: want startpos hand <cards> [moves ...]", s)
	}
	h, err := magic.ParseCardSet(f[2])
	if err != nil {
		return 0, nil, fmt.Errorf("position %q: %w", s, err)
	}
	if len(f) > 3 {
		return h, f[4:], nil
	}
	return h, nil, nil
}

// magicView is the start seen by seat holding hand: the other hand
// unknown (any hand of the right size outside it stands in for it before
// View hides it).
func magicView(opts magic.Options, hand magic.CardSet, seat chess.Color) (*magic.State, error) {
	n := opts.Hand()
	if hand.Count() != n {
		return nil, fmt.Errorf("hand %s: %d cards, the rules deal %d", hand, hand.Count(), n)
	}
	var other magic.CardSet
	for c := magic.CardID(0); c < magic.NumCards && other.Count() < n; c++ {
		if !hand.Has(c) {
			other |= 1 << c
		}
	}
	hands := [2]magic.CardSet{hand, other}
	if seat == chess.Black {
		hands = [2]magic.CardSet{other, hand}
	}
	return magic.NewWithHands(opts, hands[0], hands[1]).View(gamerules.Player(seat)), nil
}

// read brings the mover's view to the position: the seat is the one to
// decide after the moves, the hand that seat's.
func (m *magicMover) read(position string) error {
	hand, moves, err := parseMagicPosition(position)
	if err != nil {
		return err
	}
	if m.view != nil && hand == m.hand && len(moves) >= len(m.played) && slices.Equal(moves[:len(m.played)], m.played) {
		if err := m.view.ApplyTokens(moves[len(m.played):]...); err == nil && m.view.ToAct() != gamerules.NoPlayer {
			if _, known := m.view.Hand(chess.Color(m.view.ToAct())); known {
				m.played = append(m.played, moves[len(m.played):]...)
				return nil
			}
		}
	}
	m.view, m.played = nil, nil
	var last error
	for seat := chess.White; seat <= chess.Black; seat++ {
		v, err := magicView(m.rules, hand, seat)
		if err != nil {
			return err
		}
		if err := v.ApplyTokens(moves...); err != nil {
			last = err
			continue
		}
		if v.ToAct() == gamerules.Player(seat) {
			m.view, m.hand, m.played = v, hand, append([]string(nil), moves...)
			return nil
		}
		last = errors.New("the hand's seat is not the one to decide")
	}
	return fmt.Errorf("position %q: %w", position, last)
}

func (m *magicMover) move(position string, rng *rand.Rand) (string, error) {
	if err := m.read(position); err != nil {
		m.view = nil
		return "", err
	}
	legal := m.view.Legal(nil)
	if len(legal) == 0 {
		return "", errors.New("no action: the game is over")
	}
	if m.never {
		var moves []gamerules.Action
		for _, a := range legal {
			switch magic.TypeOf(a) {
			case magic.ActPass:
				return "pass", nil
			case magic.ActMove:
				moves = append(moves, a)
			}
		}
		if len(moves) > 0 {
			legal = moves
		}
	}
	return magic.FormatAction(pick(legal, nil, rng)), nil
}
