package protocol

import (
	"context"
	"fmt"
	"runtime/debug"
	"strings"

	"azar/eval"
	"azar/search"
	"azar/variants/chess"
)

// chessGame is standard chess's registry entry. Its position and engine
// are the Protocol's own (p.pos, p.engine), which the shared options, the
// book and the levels also use.
type chessGame struct{ p *Protocol }

func (chessGame) name() string { return "chess" }

// options: the search's feature switches (NullMove, LMR, ...), the
// opening book and the network evaluation.
func (g chessGame) options() []*uciOption {
	opts := append(g.p.featureOptions(), g.p.bookOptions()...)
	return append(opts, g.p.nnueOptions()...)
}

func (chessGame) enter() {}

func (g chessGame) newGame() { g.p.engine.NewGame() }

func (g chessGame) dropEngine() { g.p.engine = search.New(g.p.sopts) }

func (g chessGame) position(args []string) error {
	pos, err := parsePosition(args)
	if err != nil {
		return err
	}
	g.p.pos = pos
	return nil
}

func (g chessGame) display() []string {
	return strings.Split(strings.Trim(g.p.pos.String(), "\n"), "\n")
}

func (g chessGame) eval() {
	g.p.sendEval(eval.NewEvaluator().Evaluate(g.p.pos), g.p.pos.Side(), "side to move")
	if net := g.p.sopts.Network; net != nil {
		g.p.sendEval(net.Evaluate(g.p.pos), g.p.pos.Side(), "network, side to move")
	}
}

func (g chessGame) goCmd(args []string) {
	p := g.p
	gc, problems := parseGo(args, p.pos)
	p.reportGoProblems(problems)
	if gc.perft == 0 && p.playBookMove(gc.limits) {
		return
	}
	pos := p.pos.Clone()
	if gc.perft > 0 {
		ctx, j := p.newJob()
		go p.runPerft(ctx, j, pos, gc.perft)
		return
	}
	l := p.levelLimits(gc.limits)
	legal := legalMoves(pos)
	if len(l.SearchMoves) > 0 {
		legal = l.SearchMoves
	}
	sj := searchJob{what: "search", where: pos.FEN, limits: l, fallback: "bestmove 0000", ponderHit: p.engine.PonderHit}
	if len(legal) == 0 {
		sj.noMove = noMoveInfo(pos.InCheck())
		p.startSearch(sj)
		return
	}
	sj.fallback = "bestmove " + legal[0].String()
	eng := p.engine
	sj.run = func(ctx context.Context) string {
		res := p.chessSearch(ctx, eng, pos, l)
		return p.chessBestmove(pos, l, legal, res)
	}
	p.startSearch(sj)
}

// chessSearch runs the engine, turning a panic into an empty result (the
// caller then plays the first legal move) and marking the engine for
// rebuilding.
func (p *Protocol) chessSearch(ctx context.Context, eng *search.Engine, pos *chess.Position, l search.Limits) (res search.Result) {
	defer func() {
		if r := recover(); r != nil {
			p.broken.Store(true)
			p.log.WithField("stack", string(debug.Stack())).Errorf("search panicked in %s: %v", pos.FEN(), r)
			p.out.send(fmt.Sprintf("info string error internal search failure: %v", r))
			res = search.Result{}
		}
	}()
	return eng.Search(ctx, pos, l, func(info search.Info) { p.out.send(formatInfo(info, pos)) })
}

// chessBestmove is the bestmove line of a chess search: the level's
// choice, checked against the legal moves (the first legal one if the
// search returned none), with its ponder move when that is legal.
func (p *Protocol) chessBestmove(pos *chess.Position, l search.Limits, legal []chess.Move, res search.Result) string {
	best := res.Move
	if m, changed := p.levelMove(pos, l, res); changed {
		best, res.Ponder = m, chess.NoMove
	}
	if !contains(legal, best) {
		if best != chess.NoMove {
			p.log.Errorf("search returned %s, not a legal choice in %s; playing %s", best, pos.FEN(), legal[0])
		}
		best = legal[0]
	}
	line := "bestmove " + best.String()
	if res.Ponder != chess.NoMove {
		after := pos.Clone()
		after.Make(best)
		if contains(legalMoves(after), res.Ponder) {
			line += " ponder " + res.Ponder.String()
		} else {
			p.log.Warnf("dropping ponder move %s: illegal after %s in %s", res.Ponder, best, pos.FEN())
		}
	}
	return line
}
