package hidden

import (
	"testing"

	"azar/search"
	"azar/variants/spy"
)

// TestNodeLimit: `go nodes N` stops at N nodes once depth 1 is complete
// in every world; below depth 1's count it answers from depth 1.
func TestNodeLimit(t *testing.T) {
	st := mustState(t, spy.StartFEN)
	depth1 := searchWith(t, PolicySearch, st, search.Limits{Depth: 1})
	for _, n := range []uint64{1, 100, 500, 826, 5000, 20000} {
		var last Info
		r := searchWithReport(t, st, search.Limits{Nodes: n}, func(i Info) { last = i })
		if n <= depth1.Nodes {
			if r.Depth != 1 || r.Nodes != depth1.Nodes || r.Action != depth1.Action || last.Depth != 1 {
				t.Errorf("nodes %d: depth %d, %d nodes, %s; want depth 1's %d nodes and %s", n, r.Depth, r.Nodes, st.FormatAction(r.Action), depth1.Nodes, st.FormatAction(depth1.Action))
			}
			continue
		}
		if r.Nodes != n || last.Nodes > n {
			t.Errorf("nodes %d: searched %d, last info %d nodes", n, r.Nodes, last.Nodes)
		}
	}
}

func searchWithReport(t *testing.T, st *spy.State, l search.Limits, report func(Info)) Result {
	t.Helper()
	o := DefaultOptions()
	o.HashMB = 4
	res := New(o).Search(t.Context(), st, l, nil, report)
	if !res.Found {
		t.Fatalf("no action found")
	}
	return res
}
