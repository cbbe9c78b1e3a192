package protocol

import (
	"context"
	"fmt"
	"strings"

	"azar/eval"
	"azar/search"
	"azar/search/core"
	"azar/search/four"
	"azar/variants"
	"azar/variants/chaturanga4"
)

// Four-player chaturanga (variants/chaturanga4; docs/protocol.md, section
// "Chaturanga for four"): positions in C4N, moves in UCI coordinates, a
// clock per seat (go rtime gtime ytime btime rinc ginc yinc binc), the
// four-seat engine of search/four.

// c4Clocks are the seats' clock letters in go: Red, Green, Yellow, Black.
const c4Clocks = "rgyb"

// chaturangaGame is the chaturanga4 registry entry.
type chaturangaGame struct {
	p      *Protocol
	rules  chaturanga4.Options
	fopts  four.Options
	state  *chaturanga4.State
	engine *four.Engine // created by the first search
}

func newChaturangaGame(p *Protocol) *chaturangaGame {
	g := &chaturangaGame{p: p, fopts: four.DefaultOptions()}
	g.reset()
	return g
}

func (*chaturangaGame) name() string { return "chaturanga4" }

// enter: the position goes back to the start.
func (g *chaturangaGame) enter() { g.reset() }

func (g *chaturangaGame) reset() { g.state = chaturanga4.NewState(g.rules) }

func (g *chaturangaGame) newGame() {
	if g.engine != nil {
		g.engine.NewGame()
	}
}

func (g *chaturangaGame) dropEngine() { g.engine = nil }

// eng returns the engine with the session's shared settings (Hash, Move
// Overhead) applied.
func (g *chaturangaGame) eng() *four.Engine {
	g.fopts.HashMB = g.p.sopts.HashMB
	g.fopts.MoveOverhead = g.p.sopts.MoveOverhead
	if g.engine == nil {
		g.engine = four.New(g.fopts)
	} else {
		g.engine.SetOptions(g.fopts)
	}
	return g.engine
}

// options: the rule option (named as the referee sends it) and the
// search's seat policy.
func (g *chaturangaGame) options() []*uciOption {
	return []*uciOption{
		{name: "C4_ExtendedInsufficient", kind: checkOption, def: "false",
			set: func(p *Protocol, v string) error {
				c := p.c4
				r := c.rules
				if err := r.Set("extended_insufficient", v); err != nil {
					return err
				}
				if r != c.rules {
					c.rules = r
					c.reset()
				}
				return nil
			}},
		{name: "C4Policy", kind: comboOption, def: g.fopts.Policy.String(), vars: core.SeatPolicyNames(),
			set: func(p *Protocol, v string) error {
				p.c4.fopts.Policy, _ = core.ParseSeatPolicy(v)
				return nil
			}},
	}
}

// position reads
//
//	position startpos [moves <m1> ...]
//	position fen <C4N> [moves <m1> ...]
//
// on a fresh state; any fault rejects the whole command.
func (g *chaturangaGame) position(args []string) error {
	fields, rest, err := splitPosition(args, "want 'startpos' or 'fen <C4N>', then optionally 'moves ...'", "moves")
	if err != nil {
		return err
	}
	pos := chaturanga4.NewPosition()
	if fields != nil {
		if len(fields) != 6 {
			return fmt.Errorf("C4N has %d fields, want 6", len(fields))
		}
		if pos, err = chaturanga4.ParseC4N(strings.Join(fields, " ")); err != nil {
			return err
		}
	}
	pos.SetOptions(g.rules)
	st := chaturanga4.StateFrom(pos)
	moves, err := movesAfter(rest, "'moves'")
	if err != nil {
		return err
	}
	if err := st.ApplyTokens(moves...); err != nil {
		return err
	}
	g.state = st
	return nil
}

func (g *chaturangaGame) goCmd(args []string) {
	p := g.p
	st := g.state
	var only []variants.Action
	gc, problems := parseGoClocks(args, c4Clocks, func(tok string) error {
		a, err := st.ParseAction(tok)
		if err != nil {
			return fmt.Errorf("searchmoves: %s is illegal or malformed here", quote(tok))
		}
		only = append(only, a)
		return nil
	})
	p.reportGoProblems(problems)
	if gc.perft > 0 {
		// Perft counts moves by the rules of play only: the draw rules
		// are not applied.
		view := chaturanga4.PerftState(st.Position().Clone())
		ctx, j := p.newJob()
		play := view.ApplyTrusted
		go p.runActionPerft(ctx, j, view, gc.perft, play, "chaturanga4 perft", view.Encode)
		return
	}
	view := st.Clone().(*chaturanga4.State)
	p.startSearch(g.search(view, p.levelLimits(gc.limits), only))
}

// search is the chaturanga4 search job: progress lines (the UCI score for
// the seat to move, and each iteration's per-seat values), then one
// bestmove.
func (g *chaturangaGame) search(st *chaturanga4.State, l search.Limits, only []variants.Action) searchJob {
	p := g.p
	eng := g.eng()
	sj := searchJob{what: "chaturanga4 search", where: st.Encode, limits: l, fallback: "bestmove 0000", ponderHit: eng.PonderHit}
	legal := searchable(st.Legal(nil), only)
	if len(legal) == 0 {
		over, scores, _ := st.Result()
		lost := over && scores[st.Position().ToMove()] == 0
		sj.noMove = noMoveInfo(lost)
		return sj
	}
	sj.fallback = "bestmove " + st.FormatAction(legal[0])
	sj.run = func(ctx context.Context) string {
		res := eng.SearchAmong(ctx, st, l, only, func(info four.Info) {
			p.out.send(formatC4Info(info, st)...)
		})
		best := legal[0]
		if res.Found {
			ok := false
			for _, a := range legal {
				ok = ok || a == res.Action
			}
			best = p.checkedAction(st, res.Action, ok, best, "chaturanga4 search", st.Encode)
		}
		return "bestmove " + st.FormatAction(best)
	}
	return sj
}

// formatC4Info writes a progress report as a UCI info line (the score in
// centipawns for the seat to move, a sure win about core.WinScore, as in
// the lucky variant; the PV cut at its first illegal move), then
// `info string scores r=... g=... y=... b=...`: every seat's value at the
// end of the principal variation, as the search reports it (the static
// values there when it reports none).
func formatC4Info(info four.Info, st *chaturanga4.State) []string {
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d seldepth %d multipv 1 score cp %d", info.Depth, max(info.SelDepth, info.Depth), info.Score)
	writeCounts(&b, info.Nodes, info.HashFull, info.Time)
	q := st.Clone().(*chaturanga4.State)
	var pv []string
	for _, a := range info.PV {
		if q.Apply(a) != nil {
			break
		}
		pv = append(pv, q.FormatAction(a))
	}
	writePV(&b, pv)
	v := info.Seats
	if len(v) != chaturanga4.Seats {
		e := eval.Chaturanga4(q.Position())
		v = e[:]
	}
	scores := fmt.Sprintf("info string scores r=%d g=%d y=%d b=%d", v[0], v[1], v[2], v[3])
	return []string{b.String(), scores}
}

// display is `d`: the board (frozen pieces in lower case), the C4N, the key,
// the pools and the status.
func (g *chaturangaGame) display() []string {
	pos := g.state.Position()
	lines := strings.Split(strings.TrimRight(pos.String(), "\n"), "\n")
	lines = append(lines, "", "Fen: "+pos.C4N(), fmt.Sprintf("Key: %016X", pos.Hash()))
	var pools []string
	for s := chaturanga4.Seat(0); s < chaturanga4.Seats; s++ {
		pools = append(pools, fmt.Sprintf("%s E%d B%d N%d", s.Name(), pos.Pool(s, chaturanga4.Elephant), pos.Pool(s, chaturanga4.Boat), pos.Pool(s, chaturanga4.Knight)))
	}
	lines = append(lines, "Pools: "+strings.Join(pools, ", "))
	if over, scores, reason := g.state.Result(); over {
		lines = append(lines, overStatus(scores, func(i int) string { return chaturanga4.Seat(i).Name() }, reason))
	} else {
		lines = append(lines, fmt.Sprintf("Status: %s to move, %d legal moves", pos.ToMove().Name(), len(g.state.Legal(nil))))
	}
	return lines
}

// eval is `eval`: every seat's static value, and the seat to move's.
func (g *chaturangaGame) eval() {
	pos := g.state.Position()
	v := eval.Chaturanga4(pos)
	g.p.out.send(fmt.Sprintf("Eval: %d cp (seat to move, %s); r=%d g=%d y=%d b=%d", v[pos.ToMove()], pos.ToMove().Name(), v[0], v[1], v[2], v[3]))
}
