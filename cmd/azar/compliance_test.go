package main

import (
	"bytes"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"azar/bench/compliance"
)

// azarInProcess starts Azar's UCI mode (run with no arguments) behind a
// pair of pipes, as a GUI would see the process.
func azarInProcess() (io.WriteCloser, io.Reader, func(), error) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		run(nil, inR, outW, io.Discard)
		outW.Close()
	}()
	return inW, outR, func() { <-done }, nil
}

// TestAzarIsCompliant: Azar passes every step, standard chess and every
// variant it lists, each section present.
func TestAzarIsCompliant(t *testing.T) {
	var out bytes.Buffer
	rep := compliance.Run(compliance.Config{Start: azarInProcess, Timeout: 20 * time.Second, Seed: 1, Out: &out})
	if len(rep.Failed) > 0 || rep.Passed == 0 {
		t.Fatalf("failed %q:\n%s", rep.Failed, out.String())
	}
	for _, v := range append([]string{"chess"}, compliance.Variants()...) {
		if !strings.Contains(out.String(), "PASS "+v+": seeded game") {
			t.Errorf("no seeded game of %s:\n%s", v, out.String())
		}
	}
}

// TestComplianceCommand runs the subcommand on the test engine as a
// process: exit 0 when every step passes, 1 with the failed step named
// when one fails, 2 for a bad command line.
func TestComplianceCommand(t *testing.T) {
	te := filepath.Join(t.TempDir(), "testengine")
	if b, err := exec.Command("go", "build", "-o", te, "azar/bench/internal/testengine").CombinedOutput(); err != nil {
		t.Fatalf("building the test engine: %v\n%s", err, b)
	}
	code, out, errs := azar(t, "", "compliance", "-engine", "cmd="+te, "args=-mode first", "-timeout", "2s")
	if code != 0 || !strings.HasSuffix(out, "\n18 passed, 0 failed\n") {
		t.Errorf("mode first: exit %d, stderr %q, stdout:\n%s", code, errs, out)
	}
	code, out, _ = azar(t, "", "compliance", "-timeout", "1s", "-engine", "cmd="+te, "arg=-mode=nostop")
	if code != 1 || !strings.Contains(out, "\nFAIL chess: go infinite, stop: ") || !strings.HasSuffix(out, "\n17 passed, 1 failed\n") {
		t.Errorf("mode nostop: exit %d, stdout:\n%s", code, out)
	}
	for _, args := range [][]string{
		{"compliance"},
		{"compliance", "-engine", "args=-x"},
		{"compliance", "-engine", "cmd=" + te, "-variant", "shogi"},
		{"compliance", "-engine", "cmd=" + te, "stray"},
		{"compliance", "-engine", "cmd=" + te, "-timeout", "0s"},
	} {
		if code, out, errs := azar(t, "", args...); code != 2 || out != "" || errs == "" {
			t.Errorf("azar %q: exit %d, stdout %q, stderr %q; want 2, nothing, an error", args, code, out, errs)
		}
	}
}
