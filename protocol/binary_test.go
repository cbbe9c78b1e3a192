package protocol_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// The transcript tests drive the real binary, built once per test run from
// the module this package belongs to.

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
	binDir    string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		_ = os.RemoveAll(binDir)
	}
	os.Exit(code)
}

func goTool() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return filepath.Join(runtime.GOROOT(), "bin", "go")
}

// azarBinary builds cmd/azar (once) and returns its path.
func azarBinary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		out, err := exec.Command(goTool(), "env", "GOMOD").Output()
		if err != nil {
			buildErr = fmt.Errorf("go env GOMOD: %v", err)
			return
		}
		root := filepath.Dir(strings.TrimSpace(string(out)))
		if binDir, err = os.MkdirTemp("", "azar-protocol-test-"); err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(binDir, "azar")
		cmd := exec.Command(goTool(), "build", "-o", binPath, "./cmd/azar")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build ./cmd/azar: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// engineProc is a running azar process spoken to through pipes.
type engineProc struct {
	t      testing.TB
	name   string
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string // stdout, line by line; closed at EOF
	stderr *bytes.Buffer
	sent   time.Time // when the last command was written
	waited bool
}

func startEngine(t testing.TB, name string) *engineProc {
	t.Helper()
	cmd := exec.Command(azarBinary(t))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	e := &engineProc{t: t, name: name, cmd: cmd, stdin: stdin, lines: make(chan string, 4096), stderr: &bytes.Buffer{}}
	cmd.Stderr = e.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	t.Cleanup(func() {
		if !e.waited {
			_ = e.cmd.Process.Kill()
			_ = e.cmd.Wait()
		}
	})
	return e
}

func (e *engineProc) send(lines ...string) {
	e.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(e.stdin, l+"\n"); err != nil {
			e.t.Fatalf("%s: writing %q: %v", e.name, l, err)
		}
	}
	e.sent = time.Now()
}

// readUntil returns the lines read up to and including the first one
// matching; it fails the test after timeout.
func (e *engineProc) readUntil(match func(string) bool, timeout time.Duration) []string {
	e.t.Helper()
	var got []string
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				e.t.Fatalf("%s: output ended before the expected line; got %q\nstderr: %s", e.name, got, e.stderr)
			}
			got = append(got, l)
			if match(l) {
				return got
			}
		case <-deadline:
			e.t.Fatalf("%s: no expected line within %v; got %q", e.name, timeout, got)
		}
	}
}

func prefix(p string) func(string) bool {
	return func(l string) bool { return strings.HasPrefix(l, p) }
}

// sync sends isready and returns everything printed before readyok.
func (e *engineProc) sync() []string {
	e.t.Helper()
	e.send("isready")
	got := e.readUntil(func(l string) bool { return l == "readyok" }, 10*time.Second)
	return got[:len(got)-1]
}

// quiet collects lines for d and returns them.
func (e *engineProc) quiet(d time.Duration) []string {
	var got []string
	deadline := time.After(d)
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return got
			}
			got = append(got, l)
		case <-deadline:
			return got
		}
	}
}

// finish closes stdin (or sends quit first when quit is set), waits for the
// process to exit with status 0 and returns its remaining output.
func (e *engineProc) finish(quit bool) []string {
	e.t.Helper()
	if quit {
		e.send("quit")
	}
	_ = e.stdin.Close()
	var rest []string
	timeout := time.After(10 * time.Second)
	for done := false; !done; {
		select {
		case l, ok := <-e.lines:
			if !ok {
				done = true
				break
			}
			rest = append(rest, l)
		case <-timeout:
			e.t.Fatalf("%s: did not exit within 10s of end of input; output %q", e.name, rest)
		}
	}
	err := e.cmd.Wait()
	e.waited = true
	if err != nil {
		e.t.Fatalf("%s: exit: %v\nstderr: %s", e.name, err, e.stderr)
	}
	if e.stderr.Len() > 0 {
		e.t.Logf("%s stderr: %s", e.name, e.stderr)
	}
	return rest
}

func count(lines []string, match func(string) bool) int {
	n := 0
	for _, l := range lines {
		if match(l) {
			n++
		}
	}
	return n
}
