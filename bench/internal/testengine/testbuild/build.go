// Package testbuild builds the test engine (bench/internal/testengine)
// for the tests that run it as a process.
package testbuild

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"
)

// Build compiles the test engine into dir and returns its path.
func Build(dir string) (string, error) {
	path := filepath.Join(dir, "testengine")
	if runtime.GOOS == "windows" {
		path += ".exe"
	}
	if out, err := exec.Command("go", "build", "-o", path, "azar/bench/internal/testengine").CombinedOutput(); err != nil {
		return "", fmt.Errorf("building the test engine: %v\n%s", err, out)
	}
	return path, nil
}
