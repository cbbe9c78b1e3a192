package chance

import (
	"testing"

	"azar/search"
	"azar/variants/lucky"
)

// TestNodeLimit: `go nodes N` stops at N nodes once depth 1 is complete;
// below depth 1's count it answers from depth 1.
func TestNodeLimit(t *testing.T) {
	st := lucky.New(lucky.Options{})
	if err := st.ApplyTokens("e2e4", "e7e5", "g1f3", "b8c6"); err != nil {
		t.Fatal(err)
	}
	depth1 := searchDepth(st, 1, DefaultOptions())
	for _, n := range []uint64{1, 100, 500, 826, 5000, 20000} {
		var last Info
		r := New(DefaultOptions()).Search(t.Context(), st, search.Limits{Nodes: n}, nil, func(i Info) { last = i })
		if !r.Found {
			t.Fatalf("nodes %d: no action", n)
		}
		if n <= depth1.Nodes {
			if r.Depth != 1 || r.Nodes != depth1.Nodes || r.Action != depth1.Action || last.Depth != 1 {
				t.Errorf("nodes %d: depth %d, %d nodes, %s; want depth 1's %d nodes and %s", n, r.Depth, r.Nodes, lucky.FormatAction(r.Action), depth1.Nodes, lucky.FormatAction(depth1.Action))
			}
			continue
		}
		if r.Nodes != n || last.Nodes > n {
			t.Errorf("nodes %d: searched %d, last info %d nodes", n, r.Nodes, last.Nodes)
		}
	}
}
