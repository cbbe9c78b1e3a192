package match

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"azar/bench/stats"
)

// Usage is the help text of `azar match`.
const Usage = `usage: azar match -engine KEY=VALUE... -engine KEY=VALUE... [options]

Plays UCI engines against each other, refereeing every game, and reports
W/D/L, Elo ± 95% error, LOS, pentanomial pair counts and an optional SPRT;
for four seats (chaturanga4: one -engine per seat, four in all) each
engine's score per game ± 95% error and its places.

Engine keys (after -engine; after -each they apply to every engine, and an
engine's own keys win):
  cmd=PROGRAM          the engine to run (required, unless builtin=)
  builtin=KIND         a player the runner plays itself, no process: random
                       (a random legal move) or greedy (takes the most
                       valuable piece, else random) in chess and
                       chaturanga4; random (a random legal action) or
                       never (a random move, never a card) in magic;
                       mcts[:iter=N,ms=N,c=X,playout=mvv|random,depth=K]
                       in lucky, spy, magic and chaturanga4: information-
                       set MCTS on the engine's view (budget: iter or ms,
                       else the go command's time)
  name=NAME            name in PGN and reports (default: the program's name)
  arg=ARG              a command-line argument (repeatable)
  dir=DIR              working directory
  option.NAME=VALUE    UCI option sent with setoption (repeatable)
  tc=M[+I]             clock: M seconds (or m:ss) plus I seconds per move
  st=S                 fixed S seconds per move (go movetime)
  nodes=N              N nodes per move (go nodes)
  depth=D              depth D per move (go depth)
  timemargin=MS        extra milliseconds allowed before a time loss (default 0)
  restart=on|off       fresh process every game (default off; crashed or
                       stalled engines are always restarted)

Match options:
  -variant NAME        game to play: chess (default), spy, lucky,
                       chaturanga4 or magic
  -rules NAME=VALUE... the variant's rule options, for the referee and every
                       engine (sent as the matching UCI options): lucky:
                       edition=second|first, mandatory_card, king_capture,
                       temporal_three_turns, rules_cards_in_deck (on|off),
                       temporal_cards=all|none|ID,ID..., draw_claims=
                       automatic|fide; spy: king_capture (on|off),
                       draw_claims=automatic|fide; chaturanga4:
                       extended_insufficient (on|off); magic:
                       mode=classic|advanced, hand_size=1..10,
                       draw_claims=automatic|fide
  -games N             number of games (default 2); each opening is played
                       once per seat rotation (twice with two engines, four
                       times with four)
  -seatings cyclic|all the engines' seats per opening: the cyclic rotations
                       (default) or all permutations (24 with four engines)
  -concurrency N       games in parallel (default 1)
  -openings file=F [format=epd|pgn|c4n] [order=sequential|random] [start=N]
  -pgnout file=F [append=on|off]   write games as PGN (default append=on)
  -draw movenumber=N movecount=N score=CP
                       adjudicate a draw once both scores stay within CP of 0
                       for N consecutive moves each, from move N on
  -resign movecount=N score=CP
                       an engine whose score is <= -CP for N consecutive moves
                       of its own loses
  -maxmoves N          adjudicate a draw after N moves per side
  -sprt elo0=E0 elo1=E1 alpha=A beta=B
                       stop when the SPRT (logistic Elo) is decided
  -seed N              seed for random opening order, card shuffles and deals
  -event NAME, -site NAME   PGN Event and Site tags
  -movetimeout S       limit on a move with no clock or st (default 60)
  -debug               log all engine traffic to stderr
`

// CLI is a parsed `azar match` command line.
type CLI struct {
	Config   Config
	Help     bool
	Debug    bool
	Openings struct {
		File, Format string
		Random       bool
		Start        int
	}
	PGNFile   string
	PGNAppend bool
}

// ParseArgs reads the `azar match` command line (without "match") in the
// cutechess-cli style: flags start with '-', and the flags that take
// KEY=VALUE pairs consume every following argument that does not start
// with '-'.
func ParseArgs(args []string) (*CLI, error) {
	c := &CLI{PGNAppend: true}
	c.Config.Games = 2
	c.Config.Concurrency = 1
	var each, rules []string
	var engines [][]string
	hasEach := false
	for i := 0; i < len(args); {
		flag := args[i]
		i++
		if !strings.HasPrefix(flag, "-") {
			return nil, fmt.Errorf("unexpected argument %q", flag)
		}
		name := strings.TrimLeft(flag, "-")
		// pairs collects the KEY=VALUE arguments that follow.
		pairs := func() []string {
			j := i
			for j < len(args) && !strings.HasPrefix(args[j], "-") {
				j++
			}
			p := args[i:j]
			i = j
			return p
		}
		// value takes the single argument that follows.
		value := func() (string, error) {
			if i >= len(args) {
				return "", fmt.Errorf("%s needs a value", flag)
			}
			i++
			return args[i-1], nil
		}
		intValue := func() (int, error) {
			v, err := value()
			if err != nil {
				return 0, err
			}
			n, err := strconv.Atoi(v)
			if err != nil {
				return 0, fmt.Errorf("%s %s: want an integer", flag, v)
			}
			return n, nil
		}
		var err error
		switch name {
		case "h", "help":
			c.Help = true
		case "engine":
			engines = append(engines, pairs())
		case "each":
			each = append(each, pairs()...)
			hasEach = true
		case "variant":
			var v string
			if v, err = value(); err == nil {
				c.Config.Variant, err = LookupVariant(v)
			}
		case "rules":
			rules = append(rules, pairs()...)
		case "seatings":
			var v string
			if v, err = value(); err == nil {
				switch v {
				case "cyclic":
					c.Config.AllSeatings = false
				case "all":
					c.Config.AllSeatings = true
				default:
					err = fmt.Errorf("-seatings %s: want cyclic or all", v)
				}
			}
		case "games":
			c.Config.Games, err = intValue()
		case "concurrency":
			c.Config.Concurrency, err = intValue()
		case "maxmoves":
			c.Config.MaxMoves, err = intValue()
		case "seed":
			var v string
			if v, err = value(); err == nil {
				if c.Config.Seed, err = strconv.ParseUint(v, 10, 64); err != nil {
					err = fmt.Errorf("-seed %s: want a non-negative integer", v)
				}
			}
		case "event":
			c.Config.Event, err = value()
		case "site":
			c.Config.Site, err = value()
		case "movetimeout":
			var v string
			if v, err = value(); err == nil {
				c.Config.MoveTimeout, err = parseSeconds("movetimeout", v)
			}
		case "debug":
			c.Debug = true
		case "openings":
			err = c.parseOpenings(pairs())
		case "pgnout":
			err = c.parsePGNOut(pairs())
		case "draw":
			err = c.parseDraw(pairs())
		case "resign":
			err = c.parseResign(pairs())
		case "sprt":
			err = c.parseSPRT(pairs())
		default:
			err = fmt.Errorf("unknown option %s (see azar match -help)", flag)
		}
		if err != nil {
			return nil, err
		}
	}
	if c.Help {
		return c, nil
	}
	if len(engines) == 0 {
		return nil, fmt.Errorf("no engines: give -engine cmd=... once per player")
	}
	for k, pe := range engines {
		var e EngineConfig
		if hasEach {
			if err := applyEngineKeys(&e, each); err != nil {
				return nil, fmt.Errorf("-each: %w", err)
			}
		}
		if err := applyEngineKeys(&e, pe); err != nil {
			return nil, fmt.Errorf("-engine %d: %w", k+1, err)
		}
		c.Config.Engines = append(c.Config.Engines, e)
	}
	if err := applyRules(&c.Config, rules); err != nil {
		return nil, err
	}
	return c, nil
}

func splitPair(p string) (string, string, error) {
	k, v, ok := strings.Cut(p, "=")
	if !ok || k == "" {
		return "", "", fmt.Errorf("%q: want KEY=VALUE", p)
	}
	return k, v, nil
}

// applyEngineKeys sets engine keys on e, later keys overriding earlier ones
// (options accumulate; an option set twice keeps its last value).
func applyEngineKeys(e *EngineConfig, pairs []string) error {
	for _, p := range pairs {
		k, v, err := splitPair(p)
		if err != nil {
			return err
		}
		switch {
		case k == "cmd":
			e.Cmd = v
		case k == "builtin":
			e.Builtin = v
		case k == "name":
			e.Name = v
		case k == "arg":
			e.Args = append(e.Args, v)
		case k == "dir":
			e.Dir = v
		case strings.HasPrefix(k, "option."):
			name := strings.TrimPrefix(k, "option.")
			if name == "" {
				return fmt.Errorf("%q: empty option name", p)
			}
			replaced := false
			for i := range e.Options {
				if e.Options[i].Name == name {
					e.Options[i].Value, replaced = v, true
				}
			}
			if !replaced {
				e.Options = append(e.Options, Option{Name: name, Value: v})
			}
		case k == "tc":
			if e.Limits.Time, e.Limits.Inc, err = ParseTC(v); err != nil {
				return err
			}
		case k == "st":
			if e.Limits.MoveTime, err = parseSeconds(k, v); err != nil {
				return err
			}
		case k == "nodes":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 1 {
				return fmt.Errorf("nodes=%s: want a positive integer", v)
			}
			e.Limits.Nodes = n
		case k == "depth":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return fmt.Errorf("depth=%s: want a positive integer", v)
			}
			e.Limits.Depth = n
		case k == "timemargin":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return fmt.Errorf("timemargin=%s: want milliseconds >= 0", v)
			}
			e.Limits.Margin = time.Duration(n) * time.Millisecond
		case k == "restart":
			on, err := parseOnOff(k, v)
			if err != nil {
				return err
			}
			e.Restart = on
		case k == "proto" || k == "protocol":
			if v != "uci" {
				return fmt.Errorf("%s=%s: only uci is supported", k, v)
			}
		default:
			return fmt.Errorf("unknown engine key %q", k)
		}
	}
	return nil
}

func parseOnOff(k, v string) (bool, error) {
	switch strings.ToLower(v) {
	case "on", "true", "yes", "1":
		return true, nil
	case "off", "false", "no", "0":
		return false, nil
	}
	return false, fmt.Errorf("%s=%s: want on or off", k, v)
}

func (c *CLI) parseOpenings(pairs []string) error {
	for _, p := range pairs {
		k, v, err := splitPair(p)
		if err != nil {
			return fmt.Errorf("-openings: %w", err)
		}
		switch k {
		case "file":
			c.Openings.File = v
		case "format":
			if v != "epd" && v != "pgn" && v != "c4n" {
				return fmt.Errorf("-openings format=%s: want epd, pgn or c4n", v)
			}
			c.Openings.Format = v
		case "order":
			switch v {
			case "random":
				c.Openings.Random = true
			case "sequential":
				c.Openings.Random = false
			default:
				return fmt.Errorf("-openings order=%s: want sequential or random", v)
			}
		case "start":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return fmt.Errorf("-openings start=%s: want a positive integer", v)
			}
			c.Openings.Start = n
		default:
			return fmt.Errorf("-openings: unknown key %q", k)
		}
	}
	if c.Openings.File == "" {
		return fmt.Errorf("-openings: file= is required")
	}
	return nil
}

func (c *CLI) parsePGNOut(pairs []string) error {
	for _, p := range pairs {
		k, v, err := splitPair(p)
		if err != nil {
			return fmt.Errorf("-pgnout: %w", err)
		}
		switch k {
		case "file":
			c.PGNFile = v
		case "append":
			if c.PGNAppend, err = parseOnOff(k, v); err != nil {
				return fmt.Errorf("-pgnout: %w", err)
			}
		default:
			return fmt.Errorf("-pgnout: unknown key %q", k)
		}
	}
	if c.PGNFile == "" {
		return fmt.Errorf("-pgnout: file= is required")
	}
	return nil
}

// intPairs reads KEY=INT pairs whose keys are in want; every key of want is
// required.
func intPairs(flag string, pairs []string, want ...string) (map[string]int, error) {
	out := map[string]int{}
	for _, p := range pairs {
		k, v, err := splitPair(p)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", flag, err)
		}
		known := false
		for _, w := range want {
			known = known || w == k
		}
		if !known {
			return nil, fmt.Errorf("%s: unknown key %q (want %s)", flag, k, strings.Join(want, ", "))
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, fmt.Errorf("%s %s: want an integer", flag, p)
		}
		out[k] = n
	}
	for _, w := range want {
		if _, ok := out[w]; !ok {
			return nil, fmt.Errorf("%s: %s= is required", flag, w)
		}
	}
	return out, nil
}

func (c *CLI) parseDraw(pairs []string) error {
	m, err := intPairs("-draw", pairs, "movenumber", "movecount", "score")
	if err != nil {
		return err
	}
	c.Config.Draw = &DrawRule{MoveNumber: m["movenumber"], MoveCount: m["movecount"], Score: m["score"]}
	return nil
}

func (c *CLI) parseResign(pairs []string) error {
	m, err := intPairs("-resign", pairs, "movecount", "score")
	if err != nil {
		return err
	}
	c.Config.Resign = &ResignRule{MoveCount: m["movecount"], Score: m["score"]}
	return nil
}

func (c *CLI) parseSPRT(pairs []string) error {
	t := stats.SPRT{Alpha: 0.05, Beta: 0.05}
	seen := map[string]bool{}
	for _, p := range pairs {
		k, v, err := splitPair(p)
		if err != nil {
			return fmt.Errorf("-sprt: %w", err)
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return fmt.Errorf("-sprt %s: want a number", p)
		}
		switch k {
		case "elo0":
			t.Elo0 = f
		case "elo1":
			t.Elo1 = f
		case "alpha":
			t.Alpha = f
		case "beta":
			t.Beta = f
		default:
			return fmt.Errorf("-sprt: unknown key %q", k)
		}
		seen[k] = true
	}
	if !seen["elo0"] || !seen["elo1"] {
		return fmt.Errorf("-sprt: elo0= and elo1= are required")
	}
	if !t.Valid() {
		return fmt.Errorf("-sprt: want elo0 < elo1, alpha > 0, beta > 0, alpha + beta < 1")
	}
	c.Config.SPRT = t
	return nil
}

// Main runs `azar match` with args (without "match"): progress on stderr,
// the final report on stdout. Cancelling ctx (Ctrl-C) stops the match
// early and still prints the report.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	c, err := ParseArgs(args)
	if err != nil {
		return err
	}
	if c.Help {
		_, err := io.WriteString(stdout, Usage)
		return err
	}
	cfg := c.Config
	if c.Openings.File != "" {
		ops, err := LoadOpenings(c.Openings.File, c.Openings.Format)
		if err != nil {
			return err
		}
		cfg.Openings = OrderOpenings(ops, c.Openings.Start, c.Openings.Random, cfg.Seed)
	}
	if c.PGNFile != "" {
		mode := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
		if c.PGNAppend {
			mode = os.O_CREATE | os.O_WRONLY | os.O_APPEND
		}
		f, err := os.OpenFile(c.PGNFile, mode, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		cfg.PGN = f
	}
	cfg.Progress = stderr
	if c.Debug {
		cfg.Debug = stderr
	}
	rep, err := Run(ctx, cfg)
	if rep != nil {
		rep.WriteText(stdout)
	}
	return err
}
