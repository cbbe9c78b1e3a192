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

// FuzzLoadBin: no record file panics the tuner's reader; every record
// read is counted once, and a target mixed from any score stays within
// [0, 1].
func FuzzLoadBin(f *testing.F) {
	good := make([]byte, 32)
	copy(good, []byte{0x10, 0, 0, 0, 0, 0, 0, 0x10}) // kings on e1 and e8
	good[8] = 0x6 | 0xE<<4
	good[28] = 64
	f.Add(good)
	f.Add(append(append([]byte{}, good...), good[:7]...))
	f.Add(bytes.Repeat([]byte{0xff}, 64))
	f.Fuzz(func(t *testing.T, data []byte) {
		ds, st, err := load(bytes.NewReader(data), FormatBin, true, 2, 0)
		if err != nil {
			t.Fatal(err)
		}
		if st.kept+st.bad+st.inCheck+st.notQuiet > st.lines || st.lines > len(data)/32+1 {
			t.Fatalf("%d bytes, %d records but %+v", len(data), st.lines, st)
		}
		ds.mixLabels(0.3, 1.1)
		for _, s := range ds.shards {
			for _, r := range s.recs {
				if !(r.result >= 0 && r.result <= 1) {
					t.Fatalf("target %v", r.result)
				}
			}
		}
	})
}
