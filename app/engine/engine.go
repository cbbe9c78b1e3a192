// Package engine runs an engine behind the UCI protocol, as a third-party
// GUI would: by default each Engine is Azar's own protocol session
// (package protocol) in a goroutine, joined to this side by two in-process
// pipes that carry the same text lines a subprocess would read and write;
// with Config.Command it is any engine program run as a subprocess, on
// its standard input and output. The app never calls the search directly,
// so what it can ask for is exactly what docs/protocol.md offers, and any
// engine that passes `azar compliance` can stand in for Azar.
//
// The package knows the UCI text, not the games: a Request carries the
// position and go arguments already written out.
package engine

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

	"github.com/sirupsen/logrus"

	"azar/protocol"
)

// ErrDead reports an engine whose pipe closed (it crashed or was killed);
// a Pool replaces such an engine.
var ErrDead = errors.New("engine: the engine is gone")

// handshakeTimeout bounds `uci` ... `uciok` and `isready` ... `readyok`.
const handshakeTimeout = 10 * time.Second

// stopGrace is how long a search may take to answer `stop` with its
// bestmove before the engine is treated as hung and killed.
const stopGrace = 5 * time.Second

// Config sets up the engines a Pool starts.
type Config struct {
	HashMB  int            // the Hash option; 0 leaves the protocol's default
	Log     *logrus.Logger // diagnostics; nil discards them
	Options []Option       // sent once after the handshake
	// Command, when set, is the engine program to run as a subprocess
	// (azar serve -engine cmd=PROG), with Args; empty runs Azar's own
	// protocol in process.
	Command string
	Args    []string
	Dir     string // its working directory; "" is the server's
}

// Option is one `setoption` line.
type Option struct{ Name, Value string }

// Request is one search: the position and go lines' arguments and the
// options to set first. An option the engine does not list in its `uci`
// answer is skipped, so a request may name options that only newer
// engines have (the app's Level, say).
type Request struct {
	Options  []Option
	Position string // after "position ", e.g. "startpos moves e2e4"
	Go       string // after "go ", e.g. "movetime 300"
}

// Result is a search's answer. Score is from the side to move's view.
type Result struct {
	Move  string // the bestmove, "0000" when there is none
	Score Score
	// Seats is four-player chaturanga's value of each seat (r, g, y, b)
	// at the end of the last principal variation, from the last `info
	// string scores r=… g=… y=… b=…` line; nil when none came.
	Seats []int
}

// Score is the last `score` an info line gave: centipawns, or mate in
// Mate moves (negative when the side to move is mated) when Mate != 0.
type Score struct {
	CP    int
	Mate  int
	Known bool // an info line carried a score
}

// Engine is one protocol session behind a pipe. Its methods must not be
// called concurrently (a Pool hands each engine to one caller at a time).
type Engine struct {
	cmdW    io.WriteCloser
	outR    io.ReadCloser
	end     func() // ends the engine as a crash would (Kill)
	lines   chan string
	done    chan struct{} // closed when the protocol loop or the process has ended
	killed  chan struct{} // closed by Kill: the reader stops handing on lines
	options map[string]bool
	once    sync.Once
}

// Start runs a new engine, Azar's protocol session or cfg.Command, and
// completes the UCI handshake.
func Start(cfg Config) (*Engine, error) {
	log := cfg.Log
	if log == nil {
		log = logrus.New()
		log.SetOutput(io.Discard)
	}
	e := &Engine{lines: make(chan string, 256), done: make(chan struct{}), killed: make(chan struct{}), options: map[string]bool{}}
	if cfg.Command != "" {
		if err := e.startProcess(cfg.Command, cfg.Args, cfg.Dir); err != nil {
			return nil, err
		}
	} else {
		e.startInProcess(log)
	}
	go e.read()
	ctx, cancel := context.WithTimeout(context.Background(), handshakeTimeout)
	defer cancel()
	if err := e.handshake(ctx); err != nil {
		e.Kill()
		return nil, err
	}
	if cfg.HashMB > 0 {
		e.setOption(Option{"Hash", strconv.Itoa(cfg.HashMB)})
	}
	for _, o := range cfg.Options {
		e.setOption(o)
	}
	return e, nil
}

// startInProcess joins a protocol session in a goroutine by two pipes.
func (e *Engine) startInProcess(log *logrus.Logger) {
	cmdR, cmdW := io.Pipe()
	outR, outW := io.Pipe()
	e.cmdW, e.outR = cmdW, outR
	e.end = func() {
		_ = cmdW.CloseWithError(ErrDead)
		_ = outR.CloseWithError(ErrDead)
	}
	p := protocol.New(cmdR, outW, protocol.WithLogger(log), protocol.WithMaxThreads(1))
	go func() {
		defer close(e.done)
		err := p.Run()
		if err == nil {
			err = io.EOF
		}
		_ = cmdR.CloseWithError(err)
		_ = outW.CloseWithError(err)
	}()
}

// startProcess runs the engine program with its standard input and output
// as the protocol's lines; its standard error is discarded (diagnostics
// are the engine's own business, never protocol).
func (e *Engine) startProcess(command string, args []string, dir string) error {
	cmd := exec.Command(command, args...)
	cmd.Dir = dir
	in, err := cmd.StdinPipe()
	if err != nil {
		return fmt.Errorf("engine %s: %w", command, err)
	}
	// Through a pipe of our own rather than StdoutPipe: Wait then returns
	// only once every line the process wrote has been copied, so a last
	// bestmove before an exit is not lost.
	outR, outW := io.Pipe()
	cmd.Stdout = outW
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("engine %s: %w", command, err)
	}
	e.cmdW, e.outR = in, outR
	e.end = func() {
		_ = in.Close()
		_ = cmd.Process.Kill()
		_ = outR.CloseWithError(ErrDead)
	}
	go func() {
		defer close(e.done)
		err := cmd.Wait()
		if err == nil {
			err = io.EOF
		}
		_ = outW.CloseWithError(err)
	}()
	return nil
}

// read moves the engine's output lines into e.lines, closing it at the end
// of the output.
func (e *Engine) read() {
	defer close(e.lines)
	sc := bufio.NewScanner(e.outR)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		select {
		case e.lines <- sc.Text():
		case <-e.killed:
			return
		}
	}
}

func (e *Engine) send(line string) error {
	if _, err := io.WriteString(e.cmdW, line+"\n"); err != nil {
		return fmt.Errorf("%w: %v", ErrDead, err)
	}
	return nil
}

// next returns the next output line.
func (e *Engine) next(ctx context.Context) (string, error) {
	select {
	case l, ok := <-e.lines:
		if !ok {
			return "", ErrDead
		}
		return l, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

func (e *Engine) handshake(ctx context.Context) error {
	if err := e.send("uci"); err != nil {
		return err
	}
	for {
		l, err := e.next(ctx)
		if err != nil {
			return fmt.Errorf("engine: waiting for uciok: %w", err)
		}
		if l == "uciok" {
			break
		}
		if name, ok := optionName(l); ok {
			e.options[name] = true
		}
	}
	return e.sync(ctx)
}

// sync sends isready and waits for readyok.
func (e *Engine) sync(ctx context.Context) error {
	if err := e.send("isready"); err != nil {
		return err
	}
	for {
		l, err := e.next(ctx)
		if err != nil {
			return fmt.Errorf("engine: waiting for readyok: %w", err)
		}
		if l == "readyok" {
			return nil
		}
	}
}

// optionName reads the name of an `option name <N> type ...` line.
func optionName(l string) (string, bool) {
	rest, ok := strings.CutPrefix(l, "option name ")
	if !ok {
		return "", false
	}
	name, _, ok := strings.Cut(rest, " type ")
	return name, ok
}

// HasOption reports whether the engine listed the option in its `uci`
// answer.
func (e *Engine) HasOption(name string) bool { return e.options[name] }

func (e *Engine) setOption(o Option) {
	if e.options[o.Name] {
		_ = e.send("setoption name " + o.Name + " value " + o.Value)
	}
}

// Search sets the request's options and position, runs `go` and returns
// the bestmove with the last score. When ctx ends first, the search is
// stopped and its bestmove still returned; an engine that does not answer
// `stop` within a few seconds is killed and ErrDead returned. An
// `info string error` line (a request the protocol refused) is returned
// as an error and the engine stays usable.
func (e *Engine) Search(ctx context.Context, r Request) (Result, error) {
	for _, o := range r.Options {
		e.setOption(o)
	}
	if err := e.send("position " + r.Position); err != nil {
		return Result{}, err
	}
	if err := e.send("go " + r.Go); err != nil {
		return Result{}, err
	}
	var res Result
	var refused string
	stopped := false
	wait := ctx
	for {
		l, err := e.next(wait)
		if err != nil && !stopped && ctx.Err() != nil {
			// The caller gave up: stop the search, still read its bestmove.
			stopped = true
			if err := e.send("stop"); err != nil {
				return Result{}, err
			}
			c, cancel := context.WithTimeout(context.Background(), stopGrace)
			defer cancel()
			wait = c
			continue
		}
		if err != nil {
			if !errors.Is(err, ErrDead) {
				e.Kill()
				err = fmt.Errorf("%w: no bestmove after stop: %v", ErrDead, err)
			}
			return Result{}, err
		}
		done, err := res.take(l, &refused)
		if done || err != nil {
			return res, err
		}
	}
}

// take reads one output line of a search into r: it reports done at the
// bestmove, and an error for a refused request (refused keeps an earlier
// refusal, whose bestmove is still to come).
func (r *Result) take(l string, refused *string) (done bool, err error) {
	switch {
	case strings.HasPrefix(l, "bestmove"):
		f := strings.Fields(l)
		if len(f) < 2 || f[0] != "bestmove" {
			return true, fmt.Errorf("engine: malformed line %q", l)
		}
		r.Move = f[1]
		if *refused != "" {
			return true, fmt.Errorf("engine refused the request: %s", *refused)
		}
		return true, nil
	case strings.HasPrefix(l, "info string error "):
		*refused = strings.TrimPrefix(l, "info string error ")
		if strings.HasPrefix(l, "info string error go") {
			// `go` itself was refused: no bestmove follows.
			return true, fmt.Errorf("engine refused the request: %s", *refused)
		}
	case strings.HasPrefix(l, "info string scores "):
		if v, ok := parseSeats(strings.Fields(l)[3:]); ok {
			r.Seats = v
		}
	case strings.HasPrefix(l, "info "):
		parseScore(&r.Score, strings.Fields(l))
	}
	return false, nil
}

// parseSeats reads the four seats' values of an `info string scores`
// line (after its first three words); ok is false for any other shape.
func parseSeats(f []string) ([]int, bool) {
	if len(f) != 4 {
		return nil, false
	}
	v := make([]int, 4)
	for i, w := range f {
		k, n, ok := strings.Cut(w, "=")
		if !ok || k != string("rgyb"[i]) {
			return nil, false
		}
		x, err := strconv.Atoi(n)
		if err != nil {
			return nil, false
		}
		v[i] = x
	}
	return v, true
}

// parseScore keeps the score of an info line that has one.
func parseScore(s *Score, f []string) {
	for i := 0; i+2 < len(f); i++ {
		if f[i] != "score" {
			continue
		}
		n, err := strconv.Atoi(f[i+2])
		if err != nil {
			return
		}
		switch f[i+1] {
		case "cp":
			*s = Score{CP: n, Known: true}
		case "mate":
			*s = Score{Mate: n, Known: true}
		}
		return
	}
}

// Kill closes the pipes as a crash would (and kills a subprocess); the
// protocol loop then ends.
// It is safe to call more than once and concurrently with Search.
func (e *Engine) Kill() {
	e.once.Do(func() {
		close(e.killed)
		e.end()
	})
}

// Close asks the engine to quit and waits briefly for its loop to end,
// killing it otherwise.
func (e *Engine) Close() {
	_ = e.send("quit")
	select {
	case <-e.done:
	case <-time.After(stopGrace):
	}
	e.Kill()
}

// Done is closed once the engine's protocol loop has returned, or its
// process has exited.
func (e *Engine) Done() <-chan struct{} { return e.done }
