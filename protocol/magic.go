package protocol

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"azar/eval"
	"azar/search"
	"azar/search/hands"
	"azar/variants"
	"azar/variants/chess"
	"azar/variants/magic"
)

// Ajedrez Mágico (variants/magic; docs/protocol.md, section "Magic
// chess"): the public history plus the engine's own dealt hand, action
// tokens for every commitment, the windows asked with go like any other
// decision.

// magicGame is the magic variant's registry entry.
type magicGame struct {
	p     *Protocol
	rules magic.Options
	hopts hands.Options
	// state is the position as the engine knows it: the public history
	// and, when told, the hand of the seat deciding.
	state  *magic.State
	engine *hands.Engine // created by the first search
}

func newMagicGame(p *Protocol) *magicGame {
	g := &magicGame{p: p, hopts: hands.DefaultOptions()}
	g.reset()
	return g
}

func (*magicGame) name() string { return "magic" }

// enter: the position goes back to the start, no hand known.
func (g *magicGame) enter() { g.reset() }

func (g *magicGame) reset() { g.state = magicPublicStart(g.rules) }

func (g *magicGame) newGame() {
	if g.engine != nil {
		g.engine.NewGame()
	}
}

func (g *magicGame) dropEngine() { g.engine = nil }

// eng returns the engine with the session's shared settings (Hash, Move
// Overhead) applied.
func (g *magicGame) eng() *hands.Engine {
	g.hopts.HashMB = g.p.sopts.HashMB
	g.hopts.MoveOverhead = g.p.sopts.MoveOverhead
	if g.engine == nil {
		g.engine = hands.New(g.hopts)
	} else {
		g.engine.SetOptions(g.hopts)
	}
	return g.engine
}

// MaxMagicWorlds bounds the Magic_Worlds option.
const MaxMagicWorlds = 256

// options: the three rule options (changing one puts the position back
// to the start), the engine's card policy and the worlds it samples.
func (g *magicGame) options() []*uciOption {
	rule := func(name string) func(p *Protocol, v string) error {
		return func(p *Protocol, v string) error { return g.setRule(name, v) }
	}
	var d magic.Options
	return []*uciOption{
		{name: "Magic_Mode", kind: comboOption, def: d.Mode.String(), vars: []string{magic.Classic.String(), magic.Advanced.String()}, set: rule("mode")},
		// 1 to 10: the hand sizes magic.Options accepts.
		{name: "Magic_HandSize", kind: spinOption, def: strconv.Itoa(d.Hand()), min: 1, max: 10, set: rule("hand_size")},
		{name: "Magic_DrawClaims", kind: comboOption, def: d.DrawClaims.String(), vars: []string{magic.ClaimsAutomatic.String(), magic.ClaimsFIDE.String()}, set: rule("draw_claims")},
		{name: "Magic_Cards", kind: comboOption, def: g.hopts.Cards.String(), vars: hands.CardPolicies(),
			set: func(p *Protocol, v string) error {
				g.hopts.Cards, _ = hands.ParseCardPolicy(v)
				return nil
			}},
		{name: "Magic_Worlds", kind: spinOption, def: strconv.Itoa(g.hopts.MaxWorlds), min: 1, max: MaxMagicWorlds,
			set: func(p *Protocol, v string) error {
				g.hopts.MaxWorlds, _ = strconv.Atoi(v)
				return nil
			}},
		{name: "Magic_CardDepth", kind: spinOption, def: strconv.Itoa(g.hopts.CardDepth), min: 0, max: hands.MaxCardDepth,
			set: func(p *Protocol, v string) error {
				g.hopts.CardDepth, _ = strconv.Atoi(v)
				return nil
			}},
		{name: "Magic_CardMargin", kind: spinOption, def: strconv.Itoa(g.hopts.CardMargin), min: 0, max: 1000,
			set: func(p *Protocol, v string) error {
				g.hopts.CardMargin, _ = strconv.Atoi(v)
				return nil
			}},
		{name: "Magic_Belief", kind: comboOption, def: g.hopts.Belief.String(), vars: hands.Beliefs(),
			set: func(p *Protocol, v string) error {
				g.hopts.Belief, _ = hands.ParseBelief(v)
				return nil
			}},
	}
}

// setRule changes a rule option; a new value puts the position back to
// the start under the new rules (send position again).
func (g *magicGame) setRule(name, v string) error {
	r := g.rules
	if err := r.Set(name, v); err != nil {
		return err
	}
	if r != g.rules {
		g.rules = r
		g.reset()
	}
	return nil
}

func (g *magicGame) position(args []string) error {
	st, err := parseMagicPosition(args, g.rules)
	if err != nil {
		return err
	}
	g.state = st
	return nil
}

func (g *magicGame) goCmd(args []string) {
	p := g.p
	st := g.state
	gc, only, problems := parseGoActions(args, func(tok string) (variants.Action, error) {
		a, err := st.ParseAction(tok)
		if err == nil && !slices.Contains(choosableMagic(st, nil), a) {
			err = errors.New("not the engine's choice")
		}
		return a, err
	}, true)
	p.reportGoProblems(problems)
	view := st.Clone().(*magic.State)
	if gc.perft > 0 {
		ctx, j := p.newJob()
		go p.runActionPerft(ctx, j, view, gc.perft, view.ApplyTrusted, "magic perft", view.EncodeHands)
		return
	}
	p.startSearch(g.search(view, p.levelLimits(gc.limits), only))
}

// search is the magic search job: progress lines, then exactly one
// bestmove with an action the engine may choose (0000, the pass, when
// there is none).
func (g *magicGame) search(st *magic.State, l search.Limits, only []variants.Action) searchJob {
	p := g.p
	eng := g.eng()
	sj := searchJob{what: "magic search", where: st.EncodeHands, limits: l, fallback: "bestmove 0000", ponderHit: eng.PonderHit}
	legal := choosableMagic(st, only)
	if len(legal) == 0 {
		over, scores, _ := st.Result()
		sj.noMove = noMoveInfo(over && scores[st.Side()] == 0)
		return sj
	}
	// The fallback commits no card: a move or the pass where there is one.
	fallback := legal[0]
	if i := slices.IndexFunc(legal, func(a variants.Action) bool { return magic.TypeOf(a) != magic.ActCard }); i >= 0 {
		fallback = legal[i]
	}
	sj.fallback = "bestmove " + magicToken(fallback)
	sj.run = func(ctx context.Context) string {
		res := eng.Search(ctx, st, l, only, func(info hands.Info) { p.out.send(formatMagicInfo(info, st)...) })
		best := fallback
		if res.Found {
			best = p.checkedAction(st, res.Action, slices.Contains(legal, res.Action), fallback, "magic search", st.EncodeHands)
		}
		return "bestmove " + magicToken(best)
	}
	return sj
}

// magicToken is an action as the engine answers it: the pass is 0000.
func magicToken(a variants.Action) string {
	if a == magic.PassAction {
		return "0000"
	}
	return magic.FormatAction(a)
}

// formatMagicInfo writes one progress report as a UCI info line (the
// score for the seat to act; the PV cut before its first action that is
// not legal in the engine's view), then `info string worlds <n>`: the
// sampled worlds the report averages over.
func formatMagicInfo(info hands.Info, st *magic.State) []string {
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d seldepth %d multipv 1 score %s", info.Depth, max(info.SelDepth, info.Depth), formatScore(info.Score))
	writeCounts(&b, info.Nodes, info.HashFull, info.Time)
	q := st.Clone().(*magic.State)
	var pv []string
	for _, a := range info.PV {
		if q.Apply(a) != nil {
			break
		}
		pv = append(pv, magicToken(a))
	}
	writePV(&b, pv)
	return []string{b.String(), fmt.Sprintf("info string worlds %d", info.Worlds)}
}

func (g *magicGame) display() []string { return magicDisplay(g.state) }

// eval is `eval` in the magic variant: the static evaluation with the
// card terms for the seat to act (an unknown hand valued at the average
// of the cards it may hold).
func (g *magicGame) eval() {
	st := g.state
	side := st.Side()
	if p := st.ToAct(); p >= 0 {
		side = chess.Color(p)
	}
	g.p.sendEval(eval.NewEvaluator().EvaluateMagic(st, side), side, "seat to act")
}

// magicCommit is one card commitment of a history: who committed which
// card, at which action.
type magicCommit struct {
	action int
	who    chess.Color
	card   magic.CardID
}

// magicPublicStart is the start of a game in which neither hand is known:
// each seat's hand is a count, its cards among the unaccounted ones.
func magicPublicStart(rules magic.Options) *magic.State {
	w := magicFiller(rules, 0)
	return magic.NewWithHands(rules, w, magicFiller(rules, w)).View(0).View(1)
}

// magicFiller is a hand for a seat whose cards the engine does not know:
// the first cards not in taken. View hides it again, leaving its count.
func magicFiller(rules magic.Options, taken magic.CardSet) magic.CardSet {
	var h magic.CardSet
	for c, n := magic.CardID(0), 0; c < magic.NumCards && n < rules.Hand(); c++ {
		if !taken.Has(c) {
			h |= 1 << c
			n++
		}
	}
	return h
}

// parseMagicPosition reads
//
//	position startpos [hand <cards>] [moves <a1> ...]
//	position fen <magic FEN> [moves <a1> ...]
//
// on a fresh state; any fault rejects the whole command. <cards> is the
// hand dealt at the start to the seat that decides after the actions
// (codes separated by commas; `-` or no `hand`: not told). The actions are
// the whole public history: moves, commitments with their targets, pass
// (0000) for each declined window, claim.
func parseMagicPosition(args []string, rules magic.Options) (*magic.State, error) {
	fields, rest, err := splitPosition(args, "want 'startpos' or 'fen <magic FEN>', then optionally 'hand <cards>' (after startpos) and 'moves ...'", "moves", "hand")
	if err != nil {
		return nil, err
	}
	hand, told := "", false
	if len(rest) > 0 && rest[0] == "hand" {
		if fields != nil {
			return nil, errors.New("'hand' with a FEN: the FEN's white= or black= field gives the engine's hand")
		}
		if len(rest) == 1 || rest[1] == "moves" {
			return nil, errors.New("'hand' without cards")
		}
		hand, told = rest[1], rest[1] != "-"
		rest = rest[2:]
	}
	want := "'hand' or 'moves'"
	if fields != nil {
		want = "'moves'"
	}
	moves, err := movesAfter(rest, want)
	if err != nil {
		return nil, err
	}
	if fields != nil {
		st, err := magic.ParseState(strings.Join(fields, " "), rules)
		if err != nil {
			return nil, err
		}
		if err := st.ApplyTokens(moves...); err != nil {
			return nil, err
		}
		return st, nil
	}
	// The history is read in public first: it says which seat decides
	// after it, whose hand the hand is.
	pub := magicPublicStart(rules)
	var commits []magicCommit
	for i, tok := range moves {
		who := pub.ToAct()
		a, err := pub.ParseAction(tok)
		if err == nil {
			err = pub.Apply(a)
		}
		if err != nil {
			return nil, fmt.Errorf("action %d: %w", i+1, err)
		}
		if magic.TypeOf(a) == magic.ActCard {
			c, _ := magic.CardOf(a)
			commits = append(commits, magicCommit{action: i + 1, who: chess.Color(who), card: c})
		}
	}
	if !told {
		return pub, nil
	}
	own, err := magic.ParseCardSet(hand)
	if err != nil {
		return nil, fmt.Errorf("hand %s: %v", quote(hand), err)
	}
	if n := own.Count(); n != rules.Hand() {
		return nil, fmt.Errorf("hand %s: %d cards dealt, want %d (Magic_HandSize)", own, n, rules.Hand())
	}
	seat := pub.Side()
	if p := pub.ToAct(); p >= 0 {
		seat = chess.Color(p)
	}
	for _, c := range commits {
		switch {
		case c.who == seat && !own.Has(c.card):
			return nil, fmt.Errorf("hand %s: action %d commits %s for %s, who was not dealt it", own, c.action, c.card, c.who)
		case c.who != seat && own.Has(c.card):
			return nil, fmt.Errorf("hand %s: action %d commits %s for %s, but the hand holds it", own, c.action, c.card, c.who)
		}
	}
	w, b := own, magicFiller(rules, own)
	if seat == chess.Black {
		w, b = b, w
	}
	st := magic.NewWithHands(rules, w, b).View(variants.Player(seat))
	if err := st.ApplyTokens(moves...); err != nil {
		// The public replay took every action; a hand that passed the
		// checks above cannot make one illegal.
		return nil, fmt.Errorf("hand %s: %w", own, err)
	}
	return st, nil
}

// magicPhases describes the decision each phase waits for, in `d`.
var magicPhases = map[magic.Phase]string{
	magic.PhStart:   "turn start",
	magic.PhMove:    "standard move owed",
	magic.PhEnd:     "END window",
	magic.PhRCommit: "R-COMMIT window",
	magic.PhRImpact: "R-IMPACT window",
	magic.PhReplace: "replacement move after a rewind",
	magic.PhMS:      "MS window, checkmated",
}

// magicDisplay is `d` in the magic variant: the board (a wall is #, a
// mine * after its square's man), the FEN with the hands the engine knows,
// the key, the hands, the discard, the effects with their counters, the
// rules and the decision pending.
func magicDisplay(st *magic.State) []string {
	pos := st.Position()
	var walls, mines chess.Bitboard
	for _, x := range st.Effects() {
		switch x.Kind {
		case magic.EffWall:
			walls |= x.Zone
		case magic.EffMine:
			mines |= x.Zone
		}
	}
	sep := " +---+---+---+---+---+---+---+---+"
	lines := []string{sep}
	for rank := 7; rank >= 0; rank-- {
		var b strings.Builder
		b.WriteByte(' ')
		for file := range 8 {
			sq := chess.MakeSquare(file, rank)
			letter, mark := byte(' '), byte(' ')
			if pc := pos.At(sq); pc != chess.NoPiece {
				letter = pc.Letter()
			} else if walls.Has(sq) {
				letter = '#'
			}
			if mines.Has(sq) {
				mark = '*'
			}
			b.WriteString("| ")
			b.WriteByte(letter)
			b.WriteByte(mark)
		}
		fmt.Fprintf(&b, "| %d", rank+1)
		lines = append(lines, b.String(), sep)
	}
	lines = append(lines, "   a   b   c   d   e   f   g   h", "")
	fen := st.EncodeHands()
	lines = append(lines, "Fen: "+fen, fmt.Sprintf("Key: %016X", st.Key()))
	var hands []string
	for c := chess.White; c <= chess.Black; c++ {
		h, known := st.Hand(c)
		n := st.HandSize(c)
		if known {
			hands = append(hands, fmt.Sprintf("%s %s (%d)", c, h, n))
		} else {
			hands = append(hands, fmt.Sprintf("%s %d unknown", c, n))
		}
	}
	lines = append(lines, "Hands: "+strings.Join(hands, ", "), "Discard: "+st.Discard().String())
	effects := "-"
	for _, f := range strings.Fields(fen) {
		if v, ok := strings.CutPrefix(f, "effects="); ok {
			effects = v
		}
	}
	lines = append(lines, "Effects: "+magicEffects(effects), "Rules: "+st.Options().String())
	if over, scores, reason := st.Result(); over {
		return append(lines, overStatus(scores, colorName, reason))
	}
	actor := chess.Color(st.ToAct())
	what := magicPhases[st.Phase()]
	if a, ok := st.Pending(); ok {
		what += " on " + magic.FormatRecord(a)
	}
	turn := ""
	if actor != st.Side() {
		turn = " in " + st.Side().String() + "'s turn"
	}
	claim := ""
	if slices.Contains(st.Legal(nil), magic.ClaimAction) {
		claim = ", may claim a draw"
	}
	return append(lines, fmt.Sprintf("Status: %s to act%s (%s), %d legal actions%s", actor, turn, what, len(choosableMagic(st, nil)), claim))
}

// magicEffects writes the FEN's effects (AM34w#3@e6) as
// `AM34 white #3 @e6`: the card, its owner, the counter and the anchor.
func magicEffects(field string) string {
	if field == "-" {
		return "-"
	}
	var out []string
	for _, item := range strings.Split(field, ",") {
		head, anchor, _ := strings.Cut(item, "@")
		code, counter, _ := strings.Cut(head, "#")
		owner := "white"
		if strings.HasSuffix(code, "b") {
			owner = "black"
		}
		t := fmt.Sprintf("%s %s #%s", strings.TrimRight(code, "wb"), owner, counter)
		if anchor != "" {
			t += " @" + anchor
		}
		out = append(out, t)
	}
	return strings.Join(out, ", ")
}

// choosableMagic is what the engine may answer: the legal actions (those
// of only, when it names some), less every card commitment when the
// engine does not know the hand of the seat to act.
func choosableMagic(st *magic.State, only []variants.Action) []variants.Action {
	legal := searchable(st.Legal(nil), only)
	if p := st.ToAct(); p >= 0 {
		if _, known := st.Hand(chess.Color(p)); !known {
			legal = slices.DeleteFunc(legal, func(a variants.Action) bool { return magic.TypeOf(a) == magic.ActCard })
		}
	}
	return legal
}
