package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"azar/bench/datagen"
)

// TestDatagenResume: a job extended with -resume holds what one run of
// all its games writes; other flags are refused.
func TestDatagenResume(t *testing.T) {
	dir := t.TempDir()
	flags := []string{"datagen", "-format", "bin", "-nodes", "200", "-per-game", "3", "-seed", "4", "-workers", "2"}
	one := filepath.Join(dir, "one.bin")
	if code, _, errs := azar(t, "", append(flags, "-games", "4", "-out", one)...); code != 0 {
		t.Fatalf("datagen: exit %d, %s", code, errs)
	}
	two := filepath.Join(dir, "two.bin")
	azar(t, "", append(flags, "-games", "2", "-out", two)...)
	code, _, errs := azar(t, "", append(flags, "-games", "4", "-out", two, "-resume")...)
	if code != 0 || !strings.Contains(errs, "resuming "+two+" after game 2") || !strings.Contains(errs, "of 4 games") {
		t.Fatalf("resume: exit %d, %s", code, errs)
	}
	a, _ := os.ReadFile(one)
	b, _ := os.ReadFile(two)
	if len(a) == 0 || string(a) != string(b) {
		t.Errorf("2 games resumed to 4: %d bytes, 4 games at once: %d", len(b), len(a))
	}
	if code, _, errs := azar(t, "", "datagen", "-format", "bin", "-nodes", "300", "-games", "5", "-out", two, "-resume"); code == 0 || !strings.Contains(errs, "same flags") {
		t.Errorf("resumed with other flags: exit %d, %s", code, errs)
	}
	if _, err := os.Stat(datagen.ProgressPath(two)); err != nil {
		t.Error(err)
	}
}
