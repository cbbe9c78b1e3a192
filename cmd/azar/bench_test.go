package main

import (
	"strings"
	"testing"
)

// benchNodes runs azar bench with args and returns its signature line's
// node count ("N nodes M nps").
func benchNodes(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errs := azar(t, "", append([]string{"bench"}, args...)...)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := strings.Fields(lines[len(lines)-1])
	if code != 0 || len(last) != 4 || last[1] != "nodes" {
		t.Fatalf("azar bench %v: exit %d, stderr %q, last line %q", args, code, errs, last)
	}
	return last[0]
}

// TestBenchNetwork: -nnue benches the built-in network, the same search
// as -evalfile naming its file, and not the hand-crafted evaluation's.
func TestBenchNetwork(t *testing.T) {
	const file = "../../eval/nnue/nets/default.nnue"
	hand := benchNodes(t, "1")
	builtin := benchNodes(t, "1", "-nnue")
	if fromFile := benchNodes(t, "1", "-evalfile", file); fromFile != builtin {
		t.Errorf("-nnue searched %s nodes, -evalfile %s %s", builtin, file, fromFile)
	}
	if builtin == hand {
		t.Errorf("-nnue searched the hand-crafted evaluation's %s nodes", hand)
	}
	if same := benchNodes(t, "1", "-nnue=false"); same != hand {
		t.Errorf("-nnue=false: %s nodes, want the hand-crafted %s", same, hand)
	}
	for _, args := range [][]string{
		{"bench", "1", "-evalfile", file, "-nnue=false"},
		{"bench", "1", "-evalfile", "testdata/no-such.nnue"},
	} {
		if code, out, errs := azar(t, "", args...); code != 2 || out != "" || errs == "" {
			t.Errorf("azar %v: exit %d, stdout %q, stderr %q; want 2, nothing, an error", args, code, out, errs)
		}
	}
}

// TestBenchFeatures: -features switches a search technique as its UCI
// option does (LMR off searches more nodes at depth 6, the default's count
// comes back with LMR=true), and a name or value that is not one is an
// error with nothing on stdout.
func TestBenchFeatures(t *testing.T) {
	def := benchNodes(t, "6")
	noLMR := benchNodes(t, "6", "-features", "LMR=false")
	if noLMR == def {
		t.Errorf("-features LMR=false searched the default's %s nodes", def)
	}
	if same := benchNodes(t, "6", "-features", "lmr=true, NullMove"); same != def {
		t.Errorf("-features lmr=true,NullMove: %s nodes, want the default's %s", same, def)
	}
	for _, bad := range []string{"NoSuchThing", "LMR=maybe", "HashMB=1"} {
		if code, out, errs := azar(t, "", "bench", "1", "-features", bad); code != 2 || out != "" || errs == "" {
			t.Errorf("azar bench -features %s: exit %d, stdout %q, stderr %q; want 2, nothing, an error", bad, code, out, errs)
		}
	}
}
