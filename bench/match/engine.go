package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// EngineConfig is how to run one engine and how long it may think.
type EngineConfig struct {
	Name    string   // display name (PGN tag); default: the command's base name, or the builtin's kind
	Cmd     string   // program to run
	Args    []string // its arguments
	Dir     string   // working directory; "" is the runner's
	Options []Option // sent with setoption, in order, after uciok
	Limits  Limits
	// Restart starts a fresh process for every game (restart=on). An
	// engine that crashed or stopped answering is restarted regardless.
	Restart bool
	// Builtin is a player the runner plays itself, without a process
	// (builtin=random, builtin=greedy; see builtin.go); Cmd, Args and Dir
	// must then be empty, Options are ignored and Limits may be zero.
	Builtin string
}

// Option is one UCI option to set. An empty Value sends no value part
// (for button options).
type Option struct{ Name, Value string }

// Errors of Engine.Go and the handshakes.
var (
	ErrCrashed = errors.New("engine exited")
	ErrTimeout = errors.New("engine did not answer in time")
)

// Reply is an engine's answer to go.
type Reply struct {
	Move    string        // the bestmove
	Score   Score         // the last score reported in info lines
	Depth   int           // the last depth reported
	Elapsed time.Duration // from writing go to reading bestmove, on the runner's clock
}

// Engine is a running UCI engine process. Its methods are not safe for
// concurrent use.
type Engine struct {
	cfg   EngineConfig
	ID    string // the engine's `id name`
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan line // stdout lines; closed when stdout ends
	// discard is closed by Close: from then on the reader drops lines
	// instead of blocking on a reader that is gone.
	discard   chan struct{}
	exited    chan struct{} // closed once the process has been waited for
	closeOnce sync.Once
	debug     *debugLog
	writeErr  error
}

type line struct {
	text string
	at   time.Time
}

// debugLog serializes the engine traffic of every engine onto one writer.
type debugLog struct {
	mu sync.Mutex
	w  io.Writer
}

func (d *debugLog) printf(format string, args ...any) {
	if d == nil || d.w == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	fmt.Fprintf(d.w, format, args...)
}

// StartEngine runs the engine and performs the UCI handshake: uci, wait for
// uciok, setoption for each option (and UCI_Variant when variant is not
// "" or "chess"), isready, wait for readyok. Each wait is bounded by
// timeout. On failure the process is stopped and an error returned.
func StartEngine(ctx context.Context, cfg EngineConfig, variant string, timeout time.Duration, debug io.Writer) (*Engine, error) {
	var dl *debugLog
	if debug != nil {
		dl = &debugLog{w: debug}
	}
	return startEngine(ctx, cfg, variant, timeout, dl)
}

func startEngine(ctx context.Context, cfg EngineConfig, variant string, timeout time.Duration, dl *debugLog) (*Engine, error) {
	cmd := exec.Command(cfg.Cmd, cfg.Args...)
	cmd.Dir = cfg.Dir
	setProcessGroup(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("engine %s: %w", cfg.Name, err)
	}
	e := &Engine{
		cfg: cfg, cmd: cmd, stdin: stdin,
		lines:   make(chan line, 64),
		discard: make(chan struct{}),
		exited:  make(chan struct{}),
		debug:   dl,
	}
	go e.read(stdout)
	fail := func(what string, err error) (*Engine, error) {
		e.Close(0)
		return nil, fmt.Errorf("engine %s: %s: %w", cfg.Name, what, err)
	}
	e.send("uci")
	if err := e.waitFor(ctx, "uciok", timeout); err != nil {
		return fail("uci handshake", err)
	}
	if variant != "" && variant != "chess" {
		e.send("setoption name UCI_Variant value " + variant)
	}
	for _, o := range cfg.Options {
		if o.Value == "" {
			e.send("setoption name " + o.Name)
		} else {
			e.send("setoption name " + o.Name + " value " + o.Value)
		}
	}
	if err := e.sync(ctx, timeout); err != nil {
		return fail("isready", err)
	}
	return e, nil
}

// read copies the engine's stdout into e.lines, stamping each line with
// the time it arrived, until stdout ends; then it waits for the process.
func (e *Engine) read(stdout io.Reader) {
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	for sc.Scan() {
		l := line{text: sc.Text(), at: time.Now()}
		e.debug.printf("%s > %s\n", e.cfg.Name, l.text)
		select {
		case e.lines <- l:
		case <-e.discard:
		}
	}
	if sc.Err() != nil { // an absurdly long line: drain the rest unread
		_, _ = io.Copy(io.Discard, stdout)
	}
	close(e.lines)
	_ = e.cmd.Wait()
	close(e.exited)
}

// send writes one command line; a write error (the process is gone) is
// remembered and shows up as ErrCrashed on the next wait.
func (e *Engine) send(s string) {
	e.debug.printf("%s < %s\n", e.cfg.Name, s)
	if e.writeErr != nil {
		return
	}
	if _, err := io.WriteString(e.stdin, s+"\n"); err != nil {
		e.writeErr = err
	}
}

// Alive reports whether the process is still running.
func (e *Engine) Alive() bool {
	select {
	case <-e.exited:
		return false
	default:
		return e.writeErr == nil
	}
}

// waitFor reads lines until one whose first word is token.
func (e *Engine) waitFor(ctx context.Context, token string, timeout time.Duration) error {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return ErrCrashed
			}
			if first, _, _ := strings.Cut(strings.TrimSpace(l.text), " "); first == token {
				return nil
			}
		case <-timer.C:
			return ErrTimeout
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// sync sends isready and waits for readyok, dropping whatever came before.
func (e *Engine) sync(ctx context.Context, timeout time.Duration) error {
	e.send("isready")
	return e.waitFor(ctx, "readyok", timeout)
}

// NewGame tells the engine a new game starts: ucinewgame, then isready and
// readyok within timeout.
func (e *Engine) NewGame(ctx context.Context, timeout time.Duration) error {
	e.send("ucinewgame")
	return e.sync(ctx, timeout)
}

// Go sends `position <position>` and `go <goArgs>` and reads info lines
// until bestmove. limit bounds the wait on the runner's clock: ErrTimeout
// when it passes (the engine is still thinking; call Stop), ErrCrashed when
// the engine exits, ctx.Err() when ctx is done. The reply is filled as far
// as it got, Elapsed included.
func (e *Engine) Go(ctx context.Context, position, goArgs string, limit time.Duration) (Reply, error) {
	e.drain()
	e.send("position " + position)
	e.send("go " + goArgs)
	start := time.Now()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	var r Reply
	// take handles one receive from e.lines: done at bestmove, or with
	// ErrCrashed when the engine has exited.
	take := func(l line, ok bool) (done bool, err error) {
		if !ok {
			r.Elapsed = time.Since(start)
			return true, ErrCrashed
		}
		fields := strings.Fields(l.text)
		if len(fields) == 0 {
			return false, nil
		}
		switch fields[0] {
		case "info":
			parseInfo(&r, fields[1:])
		case "bestmove":
			if len(fields) > 1 {
				r.Move = fields[1]
			}
			r.Elapsed = l.at.Sub(start)
			return true, nil
		}
		return false, nil
	}
	for {
		select {
		case l, ok := <-e.lines:
			if done, err := take(l, ok); done {
				return r, err
			}
		case <-timer.C:
			// A bestmove already received but not read yet still answers
			// (late or not: the runner judges Elapsed).
			for {
				select {
				case l, ok := <-e.lines:
					if done, err := take(l, ok); done {
						return r, err
					}
					continue
				default:
				}
				break
			}
			r.Elapsed = time.Since(start)
			return r, ErrTimeout
		case <-ctx.Done():
			r.Elapsed = time.Since(start)
			return r, ctx.Err()
		}
	}
}

// drain drops lines already received (stray output after a bestmove).
func (e *Engine) drain() {
	for {
		select {
		case _, ok := <-e.lines:
			if !ok {
				return
			}
		default:
			return
		}
	}
}

// Stop sends stop after a timed-out Go and waits up to grace for the
// bestmove that ends the search. It reports whether the engine answered,
// that is whether it is in step with the runner again.
func (e *Engine) Stop(ctx context.Context, grace time.Duration) bool {
	e.send("stop")
	return e.waitFor(ctx, "bestmove", grace) == nil
}

// Close sends quit, waits up to grace for the process to exit, then kills
// it (its whole process group where the system has them). It returns once
// the process is gone. Close may be called more than once.
func (e *Engine) Close(grace time.Duration) {
	e.closeOnce.Do(func() {
		close(e.discard)
		e.send("quit")
		_ = e.stdin.Close()
		timer := time.NewTimer(grace)
		defer timer.Stop()
		select {
		case <-e.exited:
			return
		case <-timer.C:
		}
		killProcess(e.cmd)
		<-e.exited
	})
}

// parseInfo keeps the score and depth of an info line (fields after
// "info"). Bounds (lowerbound, upperbound) are taken as reported.
func parseInfo(r *Reply, f []string) {
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case "string":
			return // free text to the end of the line
		case "depth":
			if i+1 < len(f) {
				if d, err := strconv.Atoi(f[i+1]); err == nil {
					r.Depth = d
				}
				i++
			}
		case "score":
			if i+2 < len(f) {
				v, err := strconv.Atoi(f[i+2])
				if err == nil && (f[i+1] == "cp" || f[i+1] == "mate") {
					r.Score = Score{Valid: true, Mate: f[i+1] == "mate", Value: v}
				}
				i += 2
			}
		}
	}
}
