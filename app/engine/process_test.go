package engine

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// build compiles a command of the module into dir, as an outside GUI
// would find an engine: a program on disk.
func build(t *testing.T, pkg, dir string) string {
	t.Helper()
	path := filepath.Join(dir, filepath.Base(pkg))
	if out, err := exec.Command("go", "build", "-o", path, pkg).CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", pkg, err, out)
	}
	return path
}

// TestExternalAzar: Azar run as a subprocess answers as the in-process
// session does — the scholar's mate found with its score, the Level option
// listed — and a kill ends the process.
func TestExternalAzar(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the azar binary")
	}
	e, err := Start(Config{HashMB: 1, Command: build(t, "azar/cmd/azar", t.TempDir())})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	checkAzarFindsMate(t, e)
	if _, err := e.Search(context.Background(), Request{Position: "startpos moves e2e5", Go: "depth 1"}); err == nil {
		t.Fatal("an illegal move in the position was not reported")
	}
	e.Kill()
	select {
	case <-e.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the killed process did not end")
	}
}

// TestExternalEngineWithoutLevel: another engine (the test engine, which
// has no Level option) plays the request, the options it does not list
// skipped; a program that is not there is an error at start.
func TestExternalEngineWithoutLevel(t *testing.T) {
	path := build(t, "azar/bench/internal/testengine", t.TempDir())
	e, err := Start(Config{Command: path, Args: []string{"-mode", "first"}})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if e.HasOption("Level") {
		t.Fatal("the test engine lists Level")
	}
	res, err := e.Search(context.Background(), Request{Options: []Option{{"Level", "3"}}, Position: "startpos moves e2e4", Go: "depth 1"})
	if err != nil {
		t.Fatal(err)
	}
	legalIn(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", res.Move)
	if _, err := Start(Config{Command: filepath.Join(t.TempDir(), "no-such-engine")}); err == nil {
		t.Fatal("a missing program started")
	}
}
