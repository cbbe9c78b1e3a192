package protocol

import (
	"context"
	"errors"
	"fmt"
	"slices"
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

// spySession is the spy variant's part of a session.
type spySession struct {
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

const variantSpy = "spy"

func (p *Protocol) spyMode() bool { return p.variant == variantSpy }

// resetSpy sets the spy position to the start, no card known.
func (p *Protocol) resetSpy() {
	p.spy.state = spy.NewPublic(p.spy.rules)
	p.spy.wildPending = false
}

// syncSpyOptions passes the shared settings (Hash, Move Overhead) on to
// the spy engine.
func (p *Protocol) syncSpyOptions() {
	p.spy.hopts.HashMB = p.sopts.HashMB
	p.spy.hopts.MoveOverhead = p.sopts.MoveOverhead
	if p.spy.engine != nil {
		p.spy.engine.SetOptions(p.spy.hopts)
	}
}

func (p *Protocol) spyEngine() *hidden.Engine {
	if p.spy.engine == nil {
		p.syncSpyOptions()
		p.spy.engine = hidden.New(p.spy.hopts)
	}
	return p.spy.engine
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
	if err := st.ApplyTokens(moves); err != nil {
		return sp, err
	}
	sp.state = st
	return sp, nil
}

func (p *Protocol) cmdSpyPosition(args []string) {
	sp, err := parseSpyPosition(args, p.spy.rules)
	if err != nil {
		p.errorf("position: %v", err)
		return
	}
	p.spy.state, p.spy.wildPending, p.spy.wildSide = sp.state, sp.wildPending, sp.wildSide
}

// spyChoice is the engine's wildcard choice: a rook, whose reveal gains
// the most material for the component the queen loses (docs/spy.md).
func spyChoice() spy.Card {
	c, _ := spy.Wild.Choose(spy.QR)
	return c
}

func (p *Protocol) cmdSpyGo(args []string) {
	st := p.spy.state
	// No searchmoves while the wildcard's choice is pending: it is no
	// action of st.
	g, only, problems := parseGoActions(args, st.ParseAction, !p.spy.wildPending)
	p.reportGoProblems(problems)
	ctx, j := p.newJob()
	view := st.Clone().(*spy.State)
	switch {
	case g.perft > 0:
		// The actions of the state as the engine knows it: a reveal is
		// one action; in a seat's view the opponent has one reveal per
		// card it may hold.
		go p.runActionPerft(ctx, j, view, g.perft, view.Play, "spy perft", view.EncodeFull)
	case p.spy.wildPending:
		info := fmt.Sprintf("info string %s chooses the wildcard's spy", p.spy.wildSide)
		go func() {
			defer close(j.done)
			defer j.cancel()
			p.release(ctx, j, g.limits, info, "bestmove "+spyChoice().String())
		}()
	default:
		j.spyEngine = p.spyEngine()
		go p.runSpySearch(ctx, j, view, p.levelLimits(g.limits), only)
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

// runSpySearch is the spy search goroutine: progress lines, then exactly
// one bestmove with a legal action (0000 without one).
func (p *Protocol) runSpySearch(ctx context.Context, j *job, st *spy.State, l search.Limits, only []variants.Action) {
	defer close(j.done)
	defer j.cancel()
	fallback, ok := spyFallback(st, only)
	last := "bestmove 0000"
	if ok {
		last = "bestmove " + st.FormatAction(fallback)
	}
	defer p.endSearch(j, last, "spy search", st.EncodeFull)
	if !ok {
		over, scores, _ := st.Result()
		p.release(ctx, j, l, noMoveInfo(over && len(scores) == 2 && scores[st.Side()] == 0), "bestmove 0000")
		return
	}
	report := func(info hidden.Info) {
		if j.hit.Load() {
			j.spyEngine.PonderHit()
		}
		p.out.send(formatSpyInfo(info, st))
	}
	res := j.spyEngine.Search(ctx, st, l, only, report)
	waitForRelease(ctx, j, l)
	best := fallback
	if res.Found {
		_, err := st.ParseAction(st.FormatAction(res.Action))
		legal := err == nil && (len(only) == 0 || slices.Contains(only, res.Action))
		best = p.checkedAction(st, res.Action, legal, fallback, "spy search", st.EncodeFull)
	}
	p.out.sendLast(&j.finished, "bestmove "+st.FormatAction(best))
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

// spyDisplay is `d` in the spy variant.
func (p *Protocol) spyDisplay() {
	st := p.spy.state
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
		case p.spy.wildPending && p.spy.wildSide == c:
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
	if over, _, reason := st.Result(); over {
		lines = append(lines, "Status: over, "+reason)
	} else {
		b := st.Belief(variants.Player(st.Side()))
		claim := ""
		if ok, why := st.CanClaimDraw(); ok {
			claim = ", may claim " + why
		}
		lines = append(lines, fmt.Sprintf("Status: %s to move, %d legal actions%s, %d worlds for %s's card",
			st.Side(), len(st.Legal(nil)), claim, len(b.Distinct()), st.Side().Other()))
	}
	p.out.send(lines...)
}

// spyEval is `eval` in the spy variant: the static evaluation with the
// spy terms, averaged over the worlds of the opponent's card.
func (p *Protocol) spyEval() {
	p.sendEval(p.spyEngine().Evaluate(p.spy.state), p.spy.state.Side(), "side to move")
}
