package chance

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"azar/variants/lucky"
)

// cacheFile names the file of TestNodeCounts' rows of search k (0: plain
// expectimax, 1: Star1/Star2) for a set and depth under dir.
func cacheFile(dir, set string, depth, k int) string {
	if set == "" {
		set = "random"
	}
	return filepath.Join(dir, fmt.Sprintf("nodecounts-%s-d%d-%c.txt", set, depth, 'a'+k))
}

// writeRows stores column k of rows: one line per position, the action
// token, the score and the node count.
func writeRows(t *testing.T, file string, rows [][3]Result, k int) {
	t.Helper()
	var b strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&b, "%s %d %d\n", lucky.FormatAction(r[k].Action), r[k].Score, r[k].Nodes)
	}
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// readRows fills column k of rows from file, and reports whether it
// could: a missing file, or one for another number of positions, is not
// used (a malformed one fails the test).
func readRows(t *testing.T, file string, positions []*lucky.State, rows [][3]Result, k int) bool {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		return false
	}
	var recs [][]string
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		recs = append(recs, strings.Fields(line))
	}
	if len(recs) != len(positions) {
		return false
	}
	for i, r := range recs {
		if len(r) != 3 {
			t.Fatalf("%s:%d: %q", file, i+1, r)
		}
		a, err := positions[i].ParseAction(r[0])
		if err != nil {
			t.Fatalf("%s:%d: %v", file, i+1, err)
		}
		rows[i][k].Action = a
		if _, err := fmt.Sscan(r[1]+" "+r[2], &rows[i][k].Score, &rows[i][k].Nodes); err != nil {
			t.Fatalf("%s:%d: %v", file, i+1, err)
		}
	}
	return true
}
