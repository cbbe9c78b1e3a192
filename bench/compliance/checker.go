package compliance

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// Config is one run of the check.
type Config struct {
	Start   Starter
	Options []Option // the engine's own options, set after uciok
	// Variant, when set, checks that variant only after standard chess;
	// empty checks every variant of Variants that the engine lists in its
	// UCI_Variant combo.
	Variant string
	// Timeout bounds every wait for an answer (default 10s).
	Timeout time.Duration
	Seed    uint64 // the seeded games' deals and shuffles
	Out     io.Writer
	Trace   io.Writer // when set, every line sent ("< ") and received ("> ")
}

// Report is what a run found.
type Report struct {
	Passed int
	Failed []string // the names of the steps that failed, in order
}

// Variants are the variants whose rules the checker knows, in the order
// they are checked.
func Variants() []string { return []string{"spy", "lucky", "magic", "chaturanga4"} }

// slack is what an answer to a timed go may take beyond its time: process
// scheduling and pipes on a busy machine, not the engine's thinking.
const slack = 2 * time.Second

// checker runs the steps against one engine, restarting it after a step
// that failed (a hung search, an extra line) so that the next step starts
// clean.
type checker struct {
	cfg      Config
	variant  string // the section's UCI_Variant; "" for standard chess
	c        *conn
	down     error             // why the engine could not be (re)started
	options  map[string]option // the engine's option lines, by lower-case name
	variants []string          // its UCI_Variant vars
	rep      Report
	trace    *tracer
}

// Run checks the engine and prints one line per step, PASS or FAIL with
// the reason, and the summary "N passed, M failed".
func Run(cfg Config) Report {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	k := &checker{cfg: cfg, trace: &tracer{w: cfg.Trace}}
	k.chessSection()
	todo := Variants()
	if cfg.Variant != "" {
		todo = []string{cfg.Variant}
	}
	for _, v := range todo {
		listed := slices.Contains(k.variants, v)
		if cfg.Variant == "" && !listed {
			continue
		}
		k.section(v)
		if !listed {
			k.step(v+": listed in UCI_Variant", func() error {
				return fmt.Errorf("the engine's UCI_Variant combo lists %q, not %s", k.variants, v)
			})
			continue
		}
		switch v {
		case "spy":
			k.spySteps()
		case "lucky":
			k.luckySteps()
		case "magic":
			k.magicSteps()
		case "chaturanga4":
			k.c4Steps()
		}
	}
	if k.c != nil {
		k.c.close()
	}
	fmt.Fprintf(cfg.Out, "%d passed, %d failed\n", k.rep.Passed, len(k.rep.Failed))
	return k.rep
}

// step runs one named step and prints its verdict. A failed step restarts
// the engine.
func (k *checker) step(name string, f func() error) {
	err := k.down
	if err == nil {
		err = f()
	}
	if err == nil {
		k.rep.Passed++
		fmt.Fprintf(k.cfg.Out, "PASS %s\n", name)
		return
	}
	k.rep.Failed = append(k.rep.Failed, name)
	fmt.Fprintf(k.cfg.Out, "FAIL %s: %v\n", name, err)
	if k.down == nil {
		k.restart()
	}
}

// section starts a fresh engine for variant v and sets it.
func (k *checker) section(v string) {
	k.variant = ""
	k.restart()
	k.variant = v
	if k.down != nil || !slices.Contains(k.variants, v) {
		return
	}
	k.step(v+": setoption UCI_Variant", func() error {
		return k.quiet("setoption name UCI_Variant value " + v)
	})
}

// restart ends the engine and starts it again: handshake, options and
// the section's variant, without verdicts (the first section's handshake
// step gives those).
func (k *checker) restart() {
	k.down = nil
	if k.c != nil {
		k.c.close()
		k.c = nil
	}
	if _, err := k.open(); err != nil {
		k.down = fmt.Errorf("the engine could not be restarted: %v", err)
		return
	}
	for _, o := range k.cfg.Options {
		k.send(setoption(o))
	}
	if k.variant != "" {
		k.send("setoption name UCI_Variant value " + k.variant)
	}
	if _, err := k.sync(); err != nil {
		k.down = fmt.Errorf("the engine could not be restarted: isready: %v", err)
	}
}

// open starts the engine, sends uci and returns the lines up to uciok.
func (k *checker) open() ([]string, error) {
	c, err := dial(k.cfg.Start, k.trace)
	if err != nil {
		return nil, err
	}
	k.c = c
	k.send("uci")
	lines, err := k.until("uciok")
	if err != nil {
		return lines, fmt.Errorf("uci: %v", err)
	}
	return lines, nil
}

// until reads the lines up to one that is token, within the timeout, and
// returns those before it.
func (k *checker) until(token string) ([]string, error) {
	var lines []string
	deadline := time.Now().Add(k.cfg.Timeout)
	for {
		l, err := k.c.next(deadline)
		if err != nil {
			return lines, fmt.Errorf("%v before %s", err, token)
		}
		if strings.TrimSpace(l) == token {
			return lines, nil
		}
		lines = append(lines, l)
	}
}

func setoption(o Option) string {
	if o.Value == "" {
		return "setoption name " + o.Name
	}
	return "setoption name " + o.Name + " value " + o.Value
}

func (k *checker) send(s string) { k.c.send(s) }

// sync sends isready and returns the lines that came before readyok.
func (k *checker) sync() ([]string, error) {
	k.send("isready")
	lines, err := k.until("readyok")
	if err != nil {
		return lines, fmt.Errorf("isready: %v", err)
	}
	return lines, nil
}

// isError reports whether l is an error line of docs/protocol.md.
func isError(l string) bool {
	return strings.HasPrefix(strings.Join(strings.Fields(l), " "), "info string error")
}

// quiet sends a well-formed command that has no answer: nothing but
// informative `info string` lines may come before the readyok of an
// isready after it.
func (k *checker) quiet(cmd string) error {
	k.send(cmd)
	lines, err := k.sync()
	if err != nil {
		return fmt.Errorf("after %q: %v", cmd, err)
	}
	for _, l := range lines {
		if isError(l) || !strings.HasPrefix(l, "info string") {
			return fmt.Errorf("%q answered %q, want no answer", cmd, l)
		}
	}
	return nil
}

// malformed sends a command the engine must refuse: exactly one error line
// and nothing else before the readyok of an isready after it.
func (k *checker) malformed(cmd string) error {
	k.send(cmd)
	lines, err := k.sync()
	switch {
	case err != nil:
		return fmt.Errorf("after %q: %v", cmd, err)
	case len(lines) == 0:
		return fmt.Errorf("%q got no answer, want one 'info string error ...' line", cmd)
	case len(lines) > 1:
		return fmt.Errorf("%q got %d lines (%q), want one 'info string error ...' line", cmd, len(lines), lines)
	case !isError(lines[0]):
		return fmt.Errorf("%q got %q, want one 'info string error ...' line", cmd, lines[0])
	}
	return nil
}

// answer is what a go got.
type answer struct {
	best, ponder string
	errors       []string // error lines before bestmove
	elapsed      time.Duration
}

// search sends `go args` and reads until bestmove, within limit.
func (k *checker) search(args string, limit time.Duration) (answer, error) {
	k.send("go " + args)
	return k.await(args, limit)
}

// await reads the lines of a search started by `go args` until its
// bestmove, within limit.
func (k *checker) await(args string, limit time.Duration) (answer, error) {
	var a answer
	start := time.Now()
	for {
		l, err := k.c.next(start.Add(limit))
		if err != nil {
			return a, fmt.Errorf("go %s: %v (waited %v for bestmove)", args, err, limit)
		}
		f := strings.Fields(l)
		switch {
		case len(f) == 0:
		case isError(l):
			a.errors = append(a.errors, l)
		case f[0] == "info":
		case f[0] == "bestmove":
			a.elapsed = time.Since(start)
			if len(f) < 2 || (len(f) != 2 && (len(f) != 4 || f[2] != "ponder")) {
				return a, fmt.Errorf("go %s: malformed %q, want 'bestmove <action> [ponder <action>]'", args, l)
			}
			a.best = f[1]
			if len(f) == 4 {
				a.ponder = f[3]
			}
			return a, nil
		default:
			return a, fmt.Errorf("go %s: unexpected line %q during the search", args, l)
		}
	}
}

// judge says whether an answer is legal in the referee's full state.
type judge func(action string) error

// play sends position and go and checks the bestmove with legal: no error
// line, a legal action within limit, and nothing but informative lines
// after it (no second bestmove). It returns the answer.
func (k *checker) play(position, args string, limit time.Duration, legal judge) (answer, error) {
	k.send("position " + position)
	a, err := k.search(args, limit)
	if err != nil {
		return a, err
	}
	if len(a.errors) > 0 {
		return a, fmt.Errorf("go %s in %q: error line %q", args, position, a.errors[0])
	}
	if err := legal(a.best); err != nil {
		return a, fmt.Errorf("bestmove %s in %q: %v", a.best, position, err)
	}
	return a, k.after("go " + args)
}

// after checks that nothing but info lines follows a bestmove.
func (k *checker) after(what string) error {
	lines, err := k.sync()
	if err != nil {
		return fmt.Errorf("after %s: %v", what, err)
	}
	for _, l := range lines {
		if f := strings.Fields(l); len(f) > 0 && (f[0] != "info" || isError(l)) {
			return fmt.Errorf("after the bestmove of %s: %q", what, l)
		}
	}
	return nil
}
