package games

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"

	"azar/app/engine"
	"azar/practice/analysis"
)

// The post-game analysis of the card games (lucky, spy, magic; issue 31
// §4, docs/analysis.md "Card variants"). Chess judges a move by the
// positions before and after it; a card game cannot: after a draw the
// position holds a card nobody chose, and in spy and magic the position
// is not what either player saw. So every decision is judged from its
// maker's information only, as the engine is told it when it plays that
// seat (play.engineRequest: the public history and the seat's own cards,
// never the deck's order or the other's cards):
//
//   - before: the engine's best action there and its score, an
//     expectation over what the seat cannot see (lucky: the cards still
//     to draw, by the search's chance nodes; spy and magic: the other's
//     cards, by the worlds the search samples);
//   - after: the score of the action played, searched alone
//     (searchmoves) from the same information, so that a draw is judged
//     by what it was worth before the card came, not by the card.
//
// What the rules did between two decisions (the card a draw gave) is a
// chance ply: its swing, the drawer's expectation after the card minus
// before it, is luck and never a mistake. The report is practice/
// analysis's, so the win %, accuracy, labels, game accuracy and graph are
// the chess analysis's formulas.

// The three card games are analysed decision by decision; chess and
// four-player chaturanga are not (chaturanga's analysis is refused).
func (c cards) judgesDecisions() bool      { return true }
func (g *chessGame) judgesDecisions() bool { return false }
func (g *c4Game) judgesDecisions() bool    { return false }

// Swing is a chance ply of a card analysis that moved its drawer's
// winning chances the most (Analysis.Swings): a card the rules dealt.
type Swing struct {
	Ply   int     `json:"ply"`
	Side  string  `json:"side"`  // the drawer, "w" or "b"
	SAN   string  `json:"san"`   // what the rules gave, as the move list writes it
	Swing float64 `json:"swing"` // the drawer's win % after minus before
}

// maxSwings is how many swings a card analysis names.
const maxSwings = 3

// cardPly is one ply of a card game as its analysis sees it.
type cardPly struct {
	seat, tok string
	kind      string // "" a decision, analysis.KindChance or KindForced
	req       engine.Request
	at        play // the game before the ply, for the better action's words
}

// analyseCards judges a finished card game (o, secret, moves, its
// result) with the engine, each search told b's nodes at full strength.
// texts are the move list's words for the tokens (nil: the tokens).
func analyseCards(ctx context.Context, e entry, o Options, secret string, moves, texts []string, result string,
	s Searcher, b analysis.Budget, progress func(done, total int)) (analysis.Report, []Swing, error) {
	plies, err := cardPlies(e, o, secret, moves, b)
	if err != nil {
		return analysis.Report{}, nil, err
	}
	rep := analysis.Report{Result: result, Budget: analysis.BudgetReport{Nodes: b.Nodes, Depth: b.Depth, MoveTimeMS: b.MoveTime.Milliseconds()}}
	rep.White.Name, rep.Black.Name = "White", "Black"
	// best[k] is the score of ply k's seat before it (decisions only).
	best := make([]analysis.Score, len(plies))
	known := make([]bool, len(plies))
	for k, p := range plies {
		if p.kind != "" {
			continue
		}
		res, err := s.Search(ctx, p.req)
		if err != nil {
			return analysis.Report{}, nil, fmt.Errorf("ply %d: %w", k+1, err)
		}
		before := scoreOf(res.Score)
		after := before
		if res.Move != p.tok {
			played := p.req
			played.Go += " searchmoves " + p.tok
			pres, err := s.Search(ctx, played)
			if err != nil {
				return analysis.Report{}, nil, fmt.Errorf("ply %d (%s alone): %w", k+1, p.tok, err)
			}
			// A search of one action goes deeper than the search of all:
			// a score above the best is that depth, not a better action.
			after = min(scoreOf(pres.Score), before)
		}
		best[k], known[k] = before, true
		text := textOf(texts, k, p.tok)
		rep.Moves = append(rep.Moves, analysis.MoveReport{
			Ply: k + 1, Side: sideWord(p.seat), SAN: text, UCI: p.tok, Best: res.Move, BestSAN: res.Move,
			EvalBefore: before, EvalAfter: after,
			WinBefore: analysis.Percent(before.WinPercent()), WinAfter: analysis.Percent(after.WinPercent()),
			Accuracy: analysis.Percent(analysis.MoveAccuracy(before.WinPercent(), after.WinPercent())),
			Label:    analysis.Judge(before, after),
		})
		if progress != nil {
			progress(k+1, len(plies))
		}
	}
	// A game that ended off the board (a resignation) right after a card
	// is searched once more where it stopped, so that the card's swing is
	// the card's and not the resignation's.
	var end *endPoint
	if n := len(plies); n > 0 && plies[n-1].kind == analysis.KindChance {
		if p, err := e.open(o, secret, moves); err == nil && p.toAct() != "" {
			vo, pos := p.engineRequest(p.toAct())
			res, err := s.Search(ctx, engine.Request{Options: append(levelOption(fullStrength), vo...), Position: pos, Go: goLine(b)})
			if err != nil {
				return analysis.Report{}, nil, fmt.Errorf("the end: %w", err)
			}
			end = &endPoint{seat: p.toAct(), score: scoreOf(res.Score)}
		}
	}
	rep.Moves = withEvents(rep.Moves, plies, best, known, texts, result, end)
	for i := range rep.Moves {
		if rep.Moves[i].BestSAN != "" && texts != nil {
			rep.Moves[i].BestSAN = bestText(e, o, plies[rep.Moves[i].Ply-1].at, rep.Moves[i])
		}
	}
	rep.Summarise()
	return rep, swings(rep.Moves), nil
}

// cardPlies opens the game at every ply and says who acted and how.
func cardPlies(e entry, o Options, secret string, moves []string, b analysis.Budget) ([]cardPly, error) {
	goArgs := goLine(b)
	var out []cardPly
	for k, tok := range moves {
		p, err := e.open(o, secret, moves[:k])
		if err != nil {
			return nil, fmt.Errorf("ply %d: %w", k+1, err)
		}
		seat := p.toAct()
		if seat == "" {
			return nil, fmt.Errorf("ply %d: %s after the game had ended", k+1, tok)
		}
		cp := cardPly{seat: seat, tok: tok, at: p}
		legal := p.legal(seat)
		switch {
		case !slices.Contains(legal, tok):
			// Not the seat's choice: a card the rules dealt (the drawer
			// is the seat), or a choice out of turn (spy's wildcard) that
			// the engine does not search (no searchmoves there).
			cp.kind = analysis.KindChance
			if o := otherSeat(seat); p.outOfTurn(o) && slices.Contains(p.legal(o), tok) {
				cp.seat, cp.kind = o, analysis.KindForced
			}
		case len(legal) == 1:
			cp.kind = analysis.KindForced
		default:
			vo, pos := p.engineRequest(seat)
			cp.req = engine.Request{Options: append(levelOption(fullStrength), vo...), Position: pos, Go: goArgs}
		}
		out = append(out, cp)
	}
	return out, nil
}

// goLine is the `go` arguments of a search of budget b: its nodes, else
// its depth, else its time.
func goLine(b analysis.Budget) string {
	switch {
	case b.Nodes > 0:
		return fmt.Sprintf("nodes %d", b.Nodes)
	case b.Depth > 0:
		return fmt.Sprintf("depth %d", b.Depth)
	case b.MoveTime > 0:
		return fmt.Sprintf("movetime %d", b.MoveTime.Milliseconds())
	}
	return fmt.Sprintf("nodes %d", DefaultAnalysisBudget.Nodes)
}

// withEvents puts the chance and forced plies among the judged decisions,
// in game order, each with the win % its seat had before and after it:
// a forced ply keeps the seat's chances; a chance ply goes from the
// drawer's expectation before the card (its previous point) to its
// chances at the next decision after the card (the next searched ply,
// turned to the drawer's side), or the result when the game ended.
func withEvents(judged []analysis.MoveReport, plies []cardPly, best []analysis.Score, known []bool,
	texts []string, result string, end *endPoint) []analysis.MoveReport {
	out := make([]analysis.MoveReport, 0, len(plies))
	j := 0
	white := 50.0 // White's win % at the last point of the graph
	for k, p := range plies {
		if p.kind == "" {
			m := judged[j]
			j++
			white = whiteWinOf(p.seat, float64(m.WinAfter))
			out = append(out, m)
			continue
		}
		before := whiteWinOf(p.seat, white) // the seat's own chances, from White's
		after := before
		if p.kind == analysis.KindChance {
			after = nextChances(p.seat, k, plies, best, known, result, end, before)
		}
		text := textOf(texts, k, p.tok)
		out = append(out, analysis.MoveReport{
			Ply: k + 1, Side: sideWord(p.seat), SAN: text, UCI: p.tok, Kind: p.kind,
			WinBefore: analysis.Percent(before), WinAfter: analysis.Percent(after), Accuracy: 100,
		})
		white = whiteWinOf(p.seat, after)
	}
	return out
}

// endPoint is the search of where a game stopped without the rules
// ending it: its seat to act and that seat's score.
type endPoint struct {
	seat  string
	score analysis.Score
}

// nextChances is seat's win % at the first searched ply after k, else at
// the search of where the game stopped (end), else from the result;
// fallback when none is known.
func nextChances(seat string, k int, plies []cardPly, best []analysis.Score, known []bool, result string, end *endPoint, fallback float64) float64 {
	for i := k + 1; i < len(plies); i++ {
		if known[i] {
			w := best[i].WinPercent()
			if plies[i].seat != seat {
				w = 100 - w
			}
			return w
		}
	}
	if end != nil {
		w := end.score.WinPercent()
		if end.seat != seat {
			w = 100 - w
		}
		return w
	}
	switch result {
	case "1-0", "0-1":
		if (result == "1-0") == (seat == "w") {
			return 100
		}
		return 0
	case "1/2-1/2":
		return 50
	}
	return fallback
}

// bestText is the engine's action before m in the move list's words:
// the game played on with it for one ply, as the view writes it.
func bestText(e entry, o Options, p play, m analysis.MoveReport) string {
	if m.Best == m.UCI {
		return m.SAN
	}
	toks, sec, err := p.act(seatOf(m.Side), m.Best)
	if err != nil {
		return m.Best
	}
	q, err := e.open(o, sec, toks)
	if err != nil {
		return m.Best
	}
	v := publicView(q)
	if len(v.Moves) == len(toks) && len(toks) >= m.Ply {
		return v.Moves[m.Ply-1].SAN
	}
	return m.Best
}

// swings are the chance plies that moved their drawer's chances the most,
// biggest first.
func swings(moves []analysis.MoveReport) []Swing {
	var out []Swing
	for _, m := range moves {
		if m.Kind == analysis.KindChance {
			out = append(out, Swing{Ply: m.Ply, Side: m.Side[:1], SAN: m.SAN, Swing: float64(m.WinAfter - m.WinBefore)})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return math.Abs(out[i].Swing) > math.Abs(out[j].Swing) })
	if len(out) > maxSwings {
		out = out[:maxSwings]
	}
	for i := range out {
		out[i].Swing = math.Round(out[i].Swing*10) / 10
	}
	return out
}

// moveTexts are the move list's words for the game's tokens, read from
// the finished game's view for no seat (everything in it is public), or
// nil when the list does not go token by token.
func moveTexts(p play, moves []string) []string {
	v := publicView(p)
	if len(v.Moves) != len(moves) {
		return nil
	}
	out := make([]string, len(moves))
	for i, m := range v.Moves {
		out[i] = m.SAN
	}
	return out
}

// textOf is the move list's words for ply k, else its token (a draw,
// whose words go with the card it gave).
func textOf(texts []string, k int, tok string) string {
	if texts != nil && texts[k] != "" {
		return texts[k]
	}
	return tok
}

// publicView is p's view for no seat: what everyone may see.
func publicView(p play) View {
	v := View{Files: 8, Ranks: 8, Pieces: map[string]string{}, Legal: []string{}, Moves: []MoveView{}}
	p.view(&v, viewer{})
	return v
}

// scoreOf turns the engine's score into the report's units; no score at
// all (an engine that gave none) is an even one.
func scoreOf(s engine.Score) analysis.Score {
	if !s.Known {
		return 0
	}
	return analysis.FromUCI(s.CP, s.Mate)
}

func sideWord(seat string) string {
	if seat == "w" {
		return "white"
	}
	return "black"
}

func seatOf(side string) string { return side[:1] }

// whiteWinOf turns seat's win % into White's (and White's into seat's).
func whiteWinOf(seat string, w float64) float64 {
	if seat == "w" {
		return w
	}
	return 100 - w
}
