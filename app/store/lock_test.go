//go:build unix

package store

import (
	"errors"
	"strings"
	"testing"
)

// TestSecondOpenIsRefused: two servers on one data directory each
// overwrote the other's games; now the second store is refused with
// ErrLocked, before its database is opened, and the first keeps working.
// Once the first is closed the directory can be opened again.
func TestSecondOpenIsRefused(t *testing.T) {
	dir := t.TempDir()
	first, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	second, err := Open(dir)
	if !errors.Is(err, ErrLocked) || second != nil {
		t.Fatalf("second Open: %v, %v", second, err)
	}
	if !strings.Contains(err.Error(), LockName) || !strings.Contains(err.Error(), "another azar") {
		t.Fatalf("the error does not say what is wrong: %v", err)
	}
	g := sample("g1", Playing, 1700000001000)
	if err := first.Save(g); err != nil {
		t.Fatalf("the first store after the refusal: %v", err)
	}
	if got, err := first.Load("g1"); err != nil || got.ID != "g1" {
		t.Fatalf("load: %+v %v", got, err)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	again, err := Open(dir)
	if err != nil {
		t.Fatalf("open after close: %v", err)
	}
	defer again.Close()
	if got, err := again.Load("g1"); err != nil || len(got.Moves) != 3 {
		t.Fatalf("reopened: %+v %v", got, err)
	}
}
