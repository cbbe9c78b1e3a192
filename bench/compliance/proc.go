package compliance

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Starter starts one engine and returns its standard input, its standard
// output and a function that ends it (after quit) and waits for it. The
// checker starts the engine afresh for every section and after a failed
// step, so that one fault does not fail every step after it.
type Starter func() (stdin io.WriteCloser, stdout io.Reader, stop func(), err error)

// Engine is how to run an engine process: the keys of `-engine`.
type Engine struct {
	Cmd     string
	Args    []string
	Dir     string
	Options []Option // sent with setoption after uciok, in order
}

// Option is one UCI option to set.
type Option struct{ Name, Value string }

// ParseEngine reads the keys of `-engine`: cmd=PROG, args=ARGS (split at
// white space), arg=ARG (one argument, repeatable, as in `azar match`),
// dir=DIR and option.NAME=VALUE (repeatable).
func ParseEngine(pairs []string) (Engine, error) {
	var e Engine
	for _, p := range pairs {
		k, v, ok := strings.Cut(p, "=")
		switch {
		case !ok || k == "":
			return Engine{}, fmt.Errorf("engine key %q: want KEY=VALUE", p)
		case k == "cmd":
			e.Cmd = v
		case k == "args":
			e.Args = append(e.Args, strings.Fields(v)...)
		case k == "arg":
			e.Args = append(e.Args, v)
		case k == "dir":
			e.Dir = v
		case strings.HasPrefix(k, "option.") && len(k) > len("option."):
			e.Options = append(e.Options, Option{strings.TrimPrefix(k, "option."), v})
		default:
			return Engine{}, fmt.Errorf("unknown engine key %q (cmd=, args=, arg=, dir=, option.NAME=)", k)
		}
	}
	if e.Cmd == "" {
		return Engine{}, errors.New("-engine needs cmd=PROGRAM")
	}
	return e, nil
}

// Starter runs e as a process.
func (e Engine) Starter() Starter {
	return func() (io.WriteCloser, io.Reader, func(), error) {
		cmd := exec.Command(e.Cmd, e.Args...)
		cmd.Dir = e.Dir
		in, err := cmd.StdinPipe()
		if err != nil {
			return nil, nil, nil, err
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			return nil, nil, nil, err
		}
		if err := cmd.Start(); err != nil {
			return nil, nil, nil, err
		}
		exited := make(chan struct{})
		go func() { _ = cmd.Wait(); close(exited) }()
		stop := func() {
			select {
			case <-exited:
			case <-time.After(time.Second): // quit was not heeded
				_ = cmd.Process.Kill()
				<-exited
			}
		}
		return in, out, stop, nil
	}
}

// Errors of conn.next.
var (
	errTimeout = errors.New("no answer in time")
	errExited  = errors.New("the engine exited")
)

// conn is one running engine seen line by line.
type conn struct {
	in    io.WriteCloser
	lines chan string // the engine's output; closed when it ends
	stop  func()
	dead  error // a write that failed
	trace *tracer
}

// tracer writes the traffic, "< " what the engine is sent and "> " what it
// answers, from the writer and the reader goroutines.
type tracer struct {
	mu sync.Mutex
	w  io.Writer
}

func (t *tracer) line(dir, s string) {
	if t == nil || t.w == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	fmt.Fprintf(t.w, "%s %s\n", dir, s)
}

func dial(start Starter, trace *tracer) (*conn, error) {
	in, out, stop, err := start()
	if err != nil {
		return nil, err
	}
	c := &conn{in: in, lines: make(chan string, 256), stop: stop, trace: trace}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
		for sc.Scan() {
			l := strings.TrimRight(sc.Text(), "\r")
			c.trace.line(">", l)
			c.lines <- l
		}
		_, _ = io.Copy(io.Discard, out) // an over-long line: drain the rest
		close(c.lines)
	}()
	return c, nil
}

// send writes one line.
func (c *conn) send(s string) {
	c.trace.line("<", s)
	if c.dead != nil {
		return
	}
	if _, err := io.WriteString(c.in, s+"\n"); err != nil {
		c.dead = err
	}
}

// next returns the next line that arrives before deadline.
func (c *conn) next(deadline time.Time) (string, error) {
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	select {
	case l, ok := <-c.lines:
		if !ok {
			return "", errExited
		}
		return l, nil
	case <-t.C:
		return "", errTimeout
	}
}

// close sends quit, closes the input and ends the engine, dropping what it
// still writes.
func (c *conn) close() {
	c.send("quit")
	_ = c.in.Close()
	go func() {
		for range c.lines {
		}
	}()
	c.stop()
}
