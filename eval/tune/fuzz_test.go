package tune

import (
	"bytes"
	"testing"
)

// FuzzLoadData: no data file panics the tuner's reader; a line it accepts
// has a result between 0 and 1, and every line is counted once.
func FuzzLoadData(f *testing.F) {
	for _, s := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ; 1/2-1/2\n",
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 [1.0]\n# comment\n\n",
		"4k3/8/8/8/8/8/8/4K2R w K - 0 1 c9 \"1-0\";\n8/8/8/8/8/8/8/K6k b - - 0 1 ; 0.25\n",
		"not a fen ; 1-0\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ; 2\n",
		"4k3/8/8/8/8/8/3q4/4K3 w - - 0 1 ; 0-1\n", // in check: dropped by quiet
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, line := range bytes.Split(data, []byte("\n")) {
			if _, r, ok, err := parseLine(string(line)); ok && (err != nil || r < 0 || r > 1) {
				t.Fatalf("%q: accepted with result %v, error %v", line, r, err)
			}
		}
		_, st, err := loadData(bytes.NewReader(data), true, 2, 0)
		if err != nil {
			return // a line over the scanner's limit
		}
		if st.kept+st.bad+st.inCheck+st.notQuiet > st.lines {
			t.Fatalf("%d lines but %+v", st.lines, st)
		}
	})
}
