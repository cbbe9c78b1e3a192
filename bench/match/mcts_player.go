package match

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	gamerules "azar/variants"
	"azar/variants/chaturanga4"
	"azar/variants/chess"
	"azar/variants/lucky"
	"azar/variants/spy"
)

// The built-in MCTS player (`builtin=mcts[:KEY=VALUE,...]`): it reads the
// position argument an engine would get, builds the search's game from
// that view alone (mcts_games.go) and answers with the most visited root
// action (mcts.go).
//
//	iter=N      iterations per decision
//	ms=N        milliseconds per decision
//	c=X         UCB1's exploration constant (default mctsDefaultC)
//	playout=P   mvv (default: captures first, the most valuable victim)
//	            or random
//	depth=K     playout plies before the static value (default 8)
//
// With neither iter nor ms it budgets time from the runner's go command
// (movetime, or the clock: a 30th of what is left plus most of the
// increment), and 1000 iterations when the command has no time at all.

// BuiltinMCTS is the MCTS player's kind (with its options after a colon).
const BuiltinMCTS = "mcts"

// The defaults, chosen by the measurements in docs/match.md ("The MCTS
// player").
const (
	mctsDefaultC     = 0.35
	mctsDefaultDepth = 8
	mctsDefaultIters = 1000
)

// parseMCTSKind reads "mcts" or "mcts:KEY=VALUE,...".
func parseMCTSKind(kind string) (mctsConfig, error) {
	cfg := mctsConfig{c: mctsDefaultC, playout: PlayoutMVV, depth: mctsDefaultDepth}
	name, opts, _ := strings.Cut(kind, ":")
	if name != BuiltinMCTS {
		return cfg, fmt.Errorf("builtin=%s: not an MCTS player", kind)
	}
	if opts == "" {
		return cfg, nil
	}
	for _, kv := range strings.Split(opts, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return cfg, fmt.Errorf("builtin=%s: %q: want KEY=VALUE (iter, ms, c, playout, depth)", kind, kv)
		}
		bad := fmt.Errorf("builtin=%s: %s=%s: want a positive number", kind, k, v)
		switch k {
		case "iter", "ms", "depth":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return cfg, bad
			}
			switch k {
			case "iter":
				cfg.iters = n
			case "ms":
				cfg.budget = time.Duration(n) * time.Millisecond
			default:
				cfg.depth = n
			}
		case "c":
			x, err := strconv.ParseFloat(v, 64)
			if err != nil || x < 0 {
				return cfg, fmt.Errorf("builtin=%s: c=%s: want a number >= 0", kind, v)
			}
			cfg.c = x
		case "playout":
			if v != PlayoutMVV && v != PlayoutRandom {
				return cfg, fmt.Errorf("builtin=%s: playout=%s: want mvv or random", kind, v)
			}
			cfg.playout = v
		default:
			return cfg, fmt.Errorf("builtin=%s: unknown key %q (known: iter, ms, c, playout, depth)", kind, k)
		}
	}
	return cfg, nil
}

// isMCTSKind reports whether kind names the MCTS player.
func isMCTSKind(kind string) bool {
	name, _, _ := strings.Cut(kind, ":")
	return name == BuiltinMCTS
}

// timedMover is a mover that also reads the runner's go command and the
// time it allows (the MCTS player's time budget).
type timedMover interface {
	moveWithin(position, goArgs string, limit time.Duration, rng *rand.Rand) (string, error)
}

// mctsMover plays one of the four card and variant games by MCTS.
type mctsMover struct {
	v      Variant
	cfg    mctsConfig
	search *mcts
}

// newMCTSMover returns the MCTS player of kind for v: lucky, spy, magic
// or chaturanga4.
func newMCTSMover(v Variant, kind string) (*mctsMover, error) {
	cfg, err := parseMCTSKind(kind)
	if err != nil {
		return nil, err
	}
	switch v.(type) {
	case Lucky, Spy, Magic, Chaturanga4:
	default:
		return nil, fmt.Errorf("builtin=%s: the variant %s has no MCTS player (lucky, spy, magic and chaturanga4 have)", kind, v.Name())
	}
	return &mctsMover{v: v, cfg: cfg, search: newMCTS(cfg)}, nil
}

func (m *mctsMover) move(position string, rng *rand.Rand) (string, error) {
	return m.moveWithin(position, "", 0, rng)
}

// budget is the decision's budget: the player's own iter and ms, else the
// time the go command gives.
func (m *mctsMover) budget(goArgs string, limit time.Duration) mctsConfig {
	cfg := m.cfg
	if cfg.iters > 0 || cfg.budget > 0 {
		return cfg
	}
	f := strings.Fields(goArgs)
	var inc time.Duration
	clock := false
	for i := 0; i+1 < len(f); i++ {
		n, err := strconv.Atoi(f[i+1])
		if err != nil {
			continue
		}
		d := time.Duration(n) * time.Millisecond
		switch {
		case f[i] == "movetime":
			// A tenth kept back for the answer's way to the runner.
			cfg.budget = d - max(d/10, 2*time.Millisecond)
			return cfg
		case strings.HasSuffix(f[i], "inc"):
			inc = max(inc, d)
		case strings.HasSuffix(f[i], "time"):
			clock = true
		}
	}
	if clock && limit > 0 {
		cfg.budget = min(limit/30+inc*3/4, limit/3)
		return cfg
	}
	cfg.iters = mctsDefaultIters
	return cfg
}

func (m *mctsMover) moveWithin(position, goArgs string, limit time.Duration, rng *rand.Rand) (string, error) {
	m.search.cfg = m.budget(goArgs, limit)
	switch v := m.v.(type) {
	case Lucky:
		st, err := luckyFromPosition(position, v.Rules)
		if err != nil {
			return "", err
		}
		return m.decide(newLuckyMCTS(st), st, rng)
	case Spy:
		st, me, wild, err := spyFromPosition(position, v.Rules)
		if err != nil {
			return "", err
		}
		if wild {
			c, err := m.chooseWild(st, me, rng)
			return c.String(), err
		}
		return m.decide(newSpyMCTS(st, me), st, rng)
	case Magic:
		r := &magicMover{rules: v.Rules}
		if err := r.read(position); err != nil {
			return "", err
		}
		return m.decide(newMagicMCTS(r.view, chess.Color(r.view.ToAct())), r.view, rng)
	case Chaturanga4:
		st, err := c4FromPosition(position, v.Rules)
		if err != nil {
			return "", err
		}
		return m.decide(newC4MCTS(st), st, rng)
	}
	return "", fmt.Errorf("mcts: no player for %s", m.v.Name())
}

// decide searches g and answers with the best root action legal in the
// view; a decision with one legal action is answered at once.
func (m *mctsMover) decide(g mctsGame, view gamerules.State, rng *rand.Rand) (string, error) {
	if view.ToAct() < 0 {
		return "", errors.New("no action: the game is over or waits on chance")
	}
	legal := view.Legal(nil)
	if len(legal) == 0 {
		return "", errors.New("no action: nothing is legal")
	}
	if len(legal) == 1 {
		return view.FormatAction(legal[0]), nil
	}
	a, ok := m.bestLegal(m.search.search(g, rng), legal)
	if !ok {
		a = legal[rng.IntN(len(legal))]
	}
	return view.FormatAction(a), nil
}

// bestLegal is the most visited root choice among legal.
func (m *mctsMover) bestLegal(cs []mctsChoice, legal []gamerules.Action) (gamerules.Action, bool) {
	cs = slices.DeleteFunc(cs, func(c mctsChoice) bool { return !slices.Contains(legal, c.Action) })
	b, ok := best(cs)
	return b.Action, ok
}

// chooseWild picks a wildcard's spy: each of the six choices searched
// with a sixth of the budget, the one whose best first move is worth
// most kept.
func (m *mctsMover) chooseWild(st *spy.State, me chess.Color, rng *rand.Rand) (spy.Card, error) {
	full := m.search.cfg
	part := full
	part.iters = max(full.iters/6, min(full.iters, 1))
	part.budget = full.budget / 6
	m.search.cfg = part
	defer func() { m.search.cfg = full }()
	bestCard, bestValue := spy.NoCard, -1.0
	for r := spy.Role(0); r < spy.NumRoles; r++ {
		c, ok := spy.WildCard(r)
		if !ok {
			continue
		}
		w := st.Clone().(*spy.State)
		if err := w.AssumeCard(me, c); err != nil {
			return spy.NoCard, err
		}
		b, ok := best(m.search.search(newSpyMCTS(w, me), rng))
		if ok && b.Value > bestValue {
			bestCard, bestValue = c, b.Value
		}
	}
	if bestCard == spy.NoCard {
		return spy.NoCard, errors.New("mcts: no wildcard choice")
	}
	return bestCard, nil
}

// luckyFromPosition reads `startpos|fen <lucky FEN> [moves ...]`, the
// reveals among the moves.
func luckyFromPosition(position string, rules lucky.Options) (*lucky.State, error) {
	fen, startpos, moves, err := splitPosition(position)
	if err != nil {
		return nil, err
	}
	st := lucky.New(rules)
	if !startpos {
		if st, err = lucky.ParseState(fen, rules); err != nil {
			return nil, err
		}
	}
	if err := st.ApplyTokens(moves...); err != nil {
		return nil, fmt.Errorf("position %q: %w", position, err)
	}
	return st, nil
}

// spyFromPosition reads `startpos|fen <spy FEN> card w=<card>|b=<card>
// [moves ...]` as the referee sends it: the seat told its card is the
// one deciding. wild says the card is a bare wildcard whose choice is
// asked.
func spyFromPosition(position string, rules spy.Options) (st *spy.State, me chess.Color, wild bool, err error) {
	f := strings.Fields(position)
	var moves []string
	if i := slices.Index(f, "moves"); i >= 0 {
		f, moves = f[:i], f[i+1:]
	}
	i := slices.Index(f, "card")
	if i < 0 || i != len(f)-2 || len(f[i+1]) < 3 || f[i+1][1] != '=' || (f[i+1][0] != 'w' && f[i+1][0] != 'b') {
		return nil, 0, false, fmt.Errorf("position %q: want card w=<card> or b=<card>", position)
	}
	me = chess.White
	if f[i+1][0] == 'b' {
		me = chess.Black
	}
	name := f[i+1][2:]
	fen := spy.StartFEN
	switch {
	case i == 1 && f[0] == "startpos":
	case i > 1 && f[0] == "fen":
		fen = strings.Join(f[1:i], " ")
	default:
		return nil, 0, false, fmt.Errorf("position %q: want startpos or fen <position>", position)
	}
	if st, err = spy.ParseState(fen, rules); err != nil {
		return nil, 0, false, err
	}
	if name == "wild" {
		return st, me, true, nil
	}
	c, err := spy.ParseCard(name)
	if err != nil {
		return nil, 0, false, err
	}
	if st.Card(me) == spy.NoCard {
		if err := st.AssumeCard(me, c); err != nil {
			return nil, 0, false, err
		}
	}
	if err := st.ApplyTokens(moves...); err != nil {
		return nil, 0, false, fmt.Errorf("position %q: %w", position, err)
	}
	return st, me, false, nil
}

// c4FromPosition reads `startpos|fen <C4N> [moves ...]`.
func c4FromPosition(position string, rules chaturanga4.Options) (*chaturanga4.State, error) {
	fen, startpos, moves, err := splitPosition(position)
	if err != nil {
		return nil, err
	}
	p := chaturanga4.NewPosition()
	if !startpos {
		if p, err = chaturanga4.ParseC4N(fen); err != nil {
			return nil, err
		}
	}
	p.SetOptions(rules)
	st := chaturanga4.StateFrom(p)
	if err := st.ApplyTokens(moves...); err != nil {
		return nil, fmt.Errorf("position %q: %w", position, err)
	}
	return st, nil
}
