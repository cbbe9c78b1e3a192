package match

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"azar/variants/chess"
)

// FuzzParseArgs: no command line panics the parser; one it accepts has
// engines (unless it asks for help), rules the variant accepts, and every
// engine told the referee's rules once.
func FuzzParseArgs(f *testing.F) {
	for _, s := range []string{
		"-engine cmd=a -engine cmd=b -each tc=10+0.1 timemargin=50 -games 4 -concurrency 2",
		"-engine cmd=a st=0.05 -engine cmd=b nodes=1000 depth=3 restart=on",
		"-engine cmd=a -sprt elo0=0 elo1=5 alpha=0.05 beta=0.1 -draw movenumber=40 movecount=8 score=10",
		"-variant lucky -engine cmd=a -engine cmd=b -rules edition=first mandatory_card=on king_capture=on",
		"-variant spy -engine cmd=a -engine cmd=b option.SpyKingCapture=true -rules king_capture=on",
		"-variant lucky -rules temporal_cards=super:Q,leadking -engine cmd=a",
		"-openings file=x.epd order=random start=3 -pgnout file=o.pgn append=off -seed 7 -help",
		"-resign movecount=3 score=1000 -maxmoves 150 -engine cmd=a option.Hash=16 option.Hash=32",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := ParseArgs(strings.Fields(line))
		if err != nil || c.Help {
			return
		}
		if len(c.Config.Engines) == 0 {
			t.Fatalf("%q: accepted without engines", line)
		}
		if l, ok := c.Config.Variant.(Lucky); ok {
			if err := l.Rules.Validate(); err != nil {
				t.Fatalf("%q: accepted lucky rules that do not validate: %v", line, err)
			}
		}
		name := "chess"
		if c.Config.Variant != nil {
			name = c.Config.Variant.Name()
		}
		for _, e := range c.Config.Engines {
			seen := map[string]string{}
			for _, o := range e.Options {
				for _, uci := range ruleOptions[name] {
					if strings.EqualFold(o.Name, uci) {
						if v, dup := seen[uci]; dup && !strings.EqualFold(v, o.Value) {
							t.Fatalf("%q: engine told %s=%s and %s", line, uci, v, o.Value)
						}
						seen[uci] = o.Value
					}
				}
			}
		}
	})
}

// FuzzReadOpenings: no opening file panics the EPD or PGN reader, a file
// read once reads the same again, and what is read is what the file says:
// an EPD opening per position line, its FEN the line's four board fields
// with two numeric clocks; a PGN opening's moves replay legally from its
// FEN (or the start position).
func FuzzReadOpenings(f *testing.F) {
	for _, s := range []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 id \"King's pawn\"; hmvc 0; fmvn 1;\n# comment\n\n",
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n",
		"[Event \"x\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Ka2 Kg1 *\n",
		"[Opening \"Ruy\"]\n\n1. e4 e5 2. Nf3 {comment} Nc6 (2... d6) 3. Bb5 $1 a6 1-0\n\n1. d4 d5 *\n",
		"1. e4 ; rest of line\n%escape\ne5 *",
		"[FEN \"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. b8=Q+ Kd7 2. Qb5+ Kd6 *\n",
		"[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. O-O O-O-O 2. Rfd1 *\n",
		"[FEN \"8/1P2k3/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n\n1. exd6+ Kxd6 2. b8=N Kc7 *\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, read := range []func([]byte) ([]Opening, error){
			func(b []byte) ([]Opening, error) { return ReadEPD(bytes.NewReader(b)) },
			func(b []byte) ([]Opening, error) { return ReadPGNOpenings(bytes.NewReader(b)) },
		} {
			a, errA := read(data)
			b, errB := read(data)
			if (errA == nil) != (errB == nil) || !reflect.DeepEqual(a, b) {
				t.Fatalf("two reads of the same file differ: %v / %v", errA, errB)
			}
		}
		if ops, err := ReadEPD(bytes.NewReader(data)); err == nil {
			var boards []string
			for _, ln := range strings.Split(string(data), "\n") {
				if ln = strings.TrimSpace(ln); ln != "" && ln[0] != '#' {
					boards = append(boards, strings.Join(strings.Fields(ln)[:4], " "))
				}
			}
			if len(ops) != len(boards) {
				t.Fatalf("EPD: %d openings from %d position lines", len(ops), len(boards))
			}
			for i, o := range ops {
				f := strings.Fields(o.FEN)
				if len(f) != 6 || strings.Join(f[:4], " ") != boards[i] || !isUint(f[4]) || !isUint(f[5]) || len(o.Moves) != 0 {
					t.Fatalf("EPD opening %d: %+v from the line starting %q", i+1, o, boards[i])
				}
			}
		}
		if ops, err := ReadPGNOpenings(bytes.NewReader(data)); err == nil {
			for i, o := range ops {
				pos := chess.NewPosition()
				if o.FEN != "" {
					p, err := chess.ParseFEN(o.FEN)
					if err != nil {
						t.Fatalf("PGN opening %d: FEN %q: %v", i+1, o.FEN, err)
					}
					pos = p
				}
				for _, m := range o.Moves {
					mv, err := pos.ParseUCIMove(m)
					if err != nil {
						t.Fatalf("PGN opening %d (%+v): %v", i+1, o, err)
					}
					pos.Make(mv)
				}
			}
		}
	})
}
