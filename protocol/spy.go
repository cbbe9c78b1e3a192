package protocol

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"azar/search"
	"azar/search/hidden"
	"azar/variants"
	"azar/variants/chess"
	"azar/variants/spy"
)

// The spy variant (Ajedrez con Espía, variants/spy; docs/protocol.md,
// section "Spy chess"): its own position, rule options and engine, used
// instead of the chess ones while UCI_Variant is spy.

// spyGame is the spy variant's registry entry.
type spyGame struct {
	p     *Protocol
	rules spy.Options
	hopts hidden.Options
	// state is the position as the engine knows it: the public state,
	// its own card and the cards revealed.
	state *spy.State
	// wildPending: the position's card is a bare wildcard of colour
	// wildSide, whose choice `go` answers.
	wildPending bool
	wildSide    chess.Color
	engine      *hidden.Engine // created by the first search
}

func (*spyGame) name() string { return "spy" }

// enter: the spy position goes back to the start, no card known.
func (g *spyGame) enter() { g.reset() }

func (g *spyGame) newGame() {
	if g.engine != nil {
		g.engine.NewGame()
	}
}

func (g *spyGame) dropEngine() { g.engine = nil }

// reset sets the spy position to the start, no card known.
func (g *spyGame) reset() {
	g.state = spy.NewPublic(g.rules)
	g.wildPending = false
}

// syncOptions passes the shared settings (Hash, Move Overhead) on to the
// spy engine.
func (g *spyGame) syncOptions() {
	g.hopts.HashMB = g.p.sopts.HashMB
	g.hopts.MoveOverhead = g.p.sopts.MoveOverhead
	if g.engine != nil {
		g.engine.SetOptions(g.hopts)
	}
}

func (g *spyGame) eng() *hidden.Engine {
	if g.engine == nil {
		g.syncOptions()
		g.engine = hidden.New(g.hopts)
	}
	return g.engine
}

// spyPosition is a parsed spy `position` command.
type spyPosition struct {
	state       *spy.State
	wildPending bool
	wildSide    chess.Color
}

// parseSpyPosition reads
//
//	position startpos [card <cards>] [moves <a1> ...]
//	position fen <spy FEN> [card <cards>] [moves <a1> ...]
//
// on a fresh state; any fault rejects the whole command. <cards> is
// <card> (the card of the side to move after the actions), w=<card>,
// b=<card>, or both comma-separated; a bare wildcard (wild, w=wild)
// asks for the wildcard's choice and allows no actions.
func parseSpyPosition(args []string, rules spy.Options) (spyPosition, error) {
	var sp spyPosition
	fields, rest, err := splitPosition(args, "want 'startpos' or 'fen <FEN>', then optionally 'card <card>' and 'moves ...'", "moves", "card")
	if err != nil {
		return sp, err
	}
	fen := spy.StartFEN
	if fields != nil {
		if len(fields) > 10 {
			return sp, fmt.Errorf("spy FEN has %d fields, want 4 to 10", len(fields))
		}
		fen = strings.Join(fields, " ")
	}
	st, err := spy.ParseState(fen, rules)
	if err != nil {
		return sp, err
	}
	var cards string
	if len(rest) > 0 && rest[0] == "card" {
		if len(rest) == 1 || rest[1] == "moves" {
			return sp, errors.New("'card' without a card")
		}
		cards = rest[1]
		rest = rest[2:]
	}
	moves, err := movesAfter(rest, "'card' or 'moves'")
	if err != nil {
		return sp, err
	}
	if cards != "" {
		items := strings.Split(cards, ",")
		seen := [2]bool{}
		for _, item := range items {
			side, name := st.Side(), item
			switch {
			case strings.HasPrefix(item, "w="):
				side, name = chess.White, item[2:]
			case strings.HasPrefix(item, "b="):
				side, name = chess.Black, item[2:]
			case len(items) > 1:
				return sp, fmt.Errorf("card %s: with two cards, write w=<card>,b=<card>", quote(item))
			default:
				// The holder is the side to move after the actions, each
				// of which is one turn but a draw claim, which ends the
				// game and so comes last.
				turns := len(moves)
				if turns > 0 && moves[turns-1] == "claim" {
					turns--
				}
				if turns%2 == 1 {
					side = side.Other()
				}
			}
			if seen[side] {
				return sp, fmt.Errorf("card: %s's card given twice", side)
			}
			seen[side] = true
			if name == "wild" {
				if len(moves) > 0 {
					return sp, errors.New("card wild: the wildcard's choice is made before the first move; send the chosen card (wild:KN) with the moves")
				}
				if st.Card(side) != spy.NoCard || st.Revealed(side) {
					return sp, fmt.Errorf("card wild: %s's card is already known", side)
				}
				sp.wildPending, sp.wildSide = true, side
				continue
			}
			c, err := spy.ParseCard(name)
			if err != nil {
				return sp, fmt.Errorf("card: %v", err)
			}
			if known := st.Card(side); known != spy.NoCard {
				if known != c {
					return sp, fmt.Errorf("card %s: the FEN gives %s the card %s", c, side, known)
				}
				continue
			}
			if err := st.AssumeCard(side, c); err != nil {
				return sp, fmt.Errorf("card %s: %v", c, err)
			}
		}
	}
	if err := st.ApplyTokens(moves...); err != nil {
		return sp, err
	}
	sp.state = st
	return sp, nil
}

func (g *spyGame) position(args []string) error {
	sp, err := parseSpyPosition(args, g.rules)
	if err != nil {
		return err
	}
	g.state, g.wildPending, g.wildSide = sp.state, sp.wildPending, sp.wildSide
	return nil
}

// spyChoice is the engine's wildcard choice: a rook, whose reveal gains
// the most material for the component the queen loses (docs/spy.md).
func spyChoice() spy.Card {
	c, _ := spy.Wild.Choose(spy.QR)
	return c
}

func (g *spyGame) goCmd(args []string) {
	p := g.p
	st := g.state
	// No searchmoves while the wildcard's choice is pending: it is no
	// action of st.
	gc, only, problems := parseGoActions(args, st.ParseAction, !g.wildPending)
	p.reportGoProblems(problems)
	view := st.Clone().(*spy.State)
	switch {
	case gc.perft > 0:
		// The actions of the state as the engine knows it: a reveal is
		// one action; in a seat's view the opponent has one reveal per
		// card it may hold.
		ctx, j := p.newJob()
		go p.runActionPerft(ctx, j, view, gc.perft, view.ApplyTrusted, "spy perft", view.EncodeFull)
	case g.wildPending:
		p.answer(gc.limits, fmt.Sprintf("info string %s chooses the wildcard's spy", g.wildSide), "bestmove "+spyChoice().String())
	default:
		p.startSearch(g.search(view, p.levelLimits(gc.limits), only))
	}
}

// spyFallback is the action played when the search returns nothing
// usable: the first legal action the engine may choose.
func spyFallback(st *spy.State, only []variants.Action) (variants.Action, bool) {
	legal := searchable(st.Legal(nil), only)
	if st.Card(st.Side()) == spy.NoCard {
		// A reveal of a card the engine does not know it holds is no
		// choice.
		legal = slices.DeleteFunc(legal, func(a variants.Action) bool { _, ok := spy.IsReveal(a); return ok })
	}
	if len(legal) == 0 {
		return 0, false
	}
	return legal[0], true
}

// search is the spy search job: progress lines, then exactly one bestmove
// with a legal action (0000 without one).
func (g *spyGame) search(st *spy.State, l search.Limits, only []variants.Action) searchJob {
	p := g.p
	eng := g.eng()
	sj := searchJob{what: "spy search", where: st.EncodeFull, limits: l, fallback: "bestmove 0000", ponderHit: eng.PonderHit}
	fallback, ok := spyFallback(st, only)
	if !ok {
		over, scores, _ := st.Result()
		sj.noMove = noMoveInfo(over && len(scores) == 2 && scores[st.Side()] == 0)
		return sj
	}
	sj.fallback = "bestmove " + st.FormatAction(fallback)
	sj.run = func(ctx context.Context) string {
		res := eng.Search(ctx, st, l, only, func(info hidden.Info) { p.out.send(formatSpyInfo(info, st)) })
		best := fallback
		if res.Found {
			_, err := st.ParseAction(st.FormatAction(res.Action))
			legal := err == nil && (len(only) == 0 || slices.Contains(only, res.Action))
			best = p.checkedAction(st, res.Action, legal, fallback, "spy search", st.EncodeFull)
		}
		return "bestmove " + st.FormatAction(best)
	}
	return sj
}

// formatSpyInfo writes one spy progress report as a UCI info line; the PV
// is cut before its first action that is not legal in the engine's view.
func formatSpyInfo(info hidden.Info, st *spy.State) string {
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d seldepth %d multipv 1 score %s", info.Depth, info.SelDepth, formatScore(info.Score))
	writeCounts(&b, info.Nodes, info.HashFull, info.Time)
	q := st.Clone().(*spy.State)
	var pv []string
	for _, a := range info.PV {
		tok := q.FormatAction(a)
		x, err := q.ParseAction(tok)
		if err != nil || q.Apply(x) != nil {
			break
		}
		pv = append(pv, tok)
	}
	writePV(&b, pv)
	return b.String()
}

// display is `d` in the spy variant.
func (g *spyGame) display() []string {
	st := g.state
	pos := st.Position()
	var lines []string
	sep := " +---+---+---+---+---+---+---+---+"
	lines = append(lines, sep)
	for rank := 7; rank >= 0; rank-- {
		var b strings.Builder
		b.WriteByte(' ')
		for file := range 8 {
			sq := chess.MakeSquare(file, rank)
			pc := pos.At(sq)
			letter, mark := byte(' '), byte(' ')
			if pc != chess.NoPiece {
				letter = pc.Letter()
				if st.Bicolour().Has(sq) {
					mark = '~'
				} else if q, _ := st.OriginalQueen(pc.Color()); q == sq && pc.Type() == chess.Queen {
					mark = '*'
				}
			}
			b.WriteString("| ")
			b.WriteByte(letter)
			b.WriteByte(mark)
		}
		fmt.Fprintf(&b, "| %d", rank+1)
		lines = append(lines, b.String(), sep)
	}
	lines = append(lines, "   a   b   c   d   e   f   g   h", "")
	lines = append(lines, "Fen: "+st.EncodeFull(), fmt.Sprintf("Key: %016X", st.Key()))
	var cards []string
	for c := chess.White; c <= chess.Black; c++ {
		card := "unknown"
		switch {
		case g.wildPending && g.wildSide == c:
			card = "wild (choice pending)"
		case st.Card(c) != spy.NoCard:
			card = st.Card(c).String()
			if st.Revealed(c) {
				card += " (revealed)"
			} else if sq := st.SpySquare(c); sq != chess.NoSquare {
				card += " (spy on " + sq.String() + ")"
			} else if card != spy.Neutral.String() {
				card += " (spy lost)"
			}
		}
		cards = append(cards, fmt.Sprintf("%s %s", c, card))
	}
	lines = append(lines, "Cards: "+strings.Join(cards, ", "))
	if over, scores, reason := st.Result(); over {
		lines = append(lines, overStatus(scores, colorName, reason))
	} else {
		b := st.Belief(variants.Player(st.Side()))
		claim := ""
		if ok, why := st.CanClaimDraw(); ok {
			claim = ", may claim " + why
		}
		opp := st.Side().Other()
		worlds := fmt.Sprintf("%d worlds for %s's card", len(b.Distinct()), opp)
		if st.Card(opp) != spy.NoCard && !st.Revealed(opp) {
			// Given with `card w=…,b=…` (analysis): the search plays in
			// that one world, and so does the count.
			worlds = fmt.Sprintf("1 world, %s's card given", opp)
		}
		lines = append(lines, fmt.Sprintf("Status: %s to move, %d legal actions%s, %s",
			st.Side(), len(st.Legal(nil)), claim, worlds))
	}
	return lines
}

// eval is `eval` in the spy variant: the static evaluation with the spy
// terms, averaged over the worlds of the opponent's card.
func (g *spyGame) eval() {
	g.p.sendEval(g.eng().Evaluate(g.state), g.state.Side(), "side to move")
}

// spyOptions are the spy variant's options (docs/protocol.md): the reveal
// policy and the worlds searched, and the rule options, which reset the
// spy position to the start.
func (g *spyGame) options() []*uciOption {
	d := g.hopts
	return []*uciOption{
		{name: "SpyRevealPolicy", kind: comboOption, def: d.Policy.String(), vars: hidden.Policies(),
			set: func(p *Protocol, v string) error {
				p.spy.hopts.Policy, _ = hidden.ParsePolicy(v)
				p.spy.syncOptions()
				return nil
			}},
		{name: "SpyWorlds", kind: spinOption, def: strconv.Itoa(d.MaxWorlds), min: 1, max: MaxSpyWorlds,
			set: func(p *Protocol, v string) error {
				p.spy.hopts.MaxWorlds, _ = strconv.Atoi(v)
				p.spy.syncOptions()
				return nil
			}},
		{name: "SpyHoldShare", kind: spinOption, def: strconv.Itoa(d.HoldShare), min: 0, max: 100,
			set: func(p *Protocol, v string) error {
				p.spy.hopts.HoldShare, _ = strconv.Atoi(v)
				p.spy.syncOptions()
				return nil
			}},
		{name: "SpyRevealPlies", kind: spinOption, def: strconv.Itoa(d.RevealPlies), min: 0, max: hidden.AllPlies,
			set: func(p *Protocol, v string) error {
				p.spy.hopts.RevealPlies, _ = strconv.Atoi(v)
				p.spy.syncOptions()
				return nil
			}},
		{name: "SpyKingCapture", kind: checkOption, def: "false",
			set: func(p *Protocol, v string) error { return p.spy.setRule("king_capture", v) }},
		{name: "SpyDrawClaims", kind: comboOption, def: "automatic", vars: []string{"automatic", "fide"},
			set: func(p *Protocol, v string) error { return p.spy.setRule("draw_claims", v) }},
	}
}

// MaxSpyWorlds bounds the SpyWorlds option.
const MaxSpyWorlds = 64

// setRule changes a spy rule option; the spy position goes back to the
// start under the new rules (send position again).
func (g *spyGame) setRule(name, v string) error {
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
