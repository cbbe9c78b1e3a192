package protocol_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"azar/protocol"
)

// Every transcript the docs show is run against the protocol: the lines
// Azar prints must be the ones the doc shows, but for the speed and time
// of info lines; a line `...` in the doc stands for any number of lines.

// docCommands are the commands that make a transcript line input.
var docCommands = []string{"uci", "debug", "isready", "setoption", "register", "ucinewgame", "position", "go", "stop", "ponderhit", "quit", "d", "eval"}

func isInput(line string) bool {
	f := strings.Fields(line)
	return len(f) > 0 && slices.Contains(docCommands, f[0])
}

// transcript is one fenced block with input and output lines.
type transcript struct {
	where string // file:line of the block
	lines []string
}

// docTranscripts reads the fenced blocks of a Markdown file that mix
// commands and answers; blocks of commands alone (syntax) or answers
// alone (formats) are not transcripts.
func docTranscripts(t *testing.T, path string) []transcript {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []transcript
	var cur *transcript
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			if cur == nil {
				cur = &transcript{where: fmt.Sprintf("%s:%d", filepath.Base(path), n)}
				continue
			}
			in := slices.ContainsFunc(cur.lines, isInput)
			answers := slices.ContainsFunc(cur.lines, func(l string) bool { return !isInput(l) })
			if in && answers {
				out = append(out, *cur)
			}
			cur = nil
			continue
		}
		if cur != nil {
			cur.lines = append(cur.lines, l)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

var (
	npsRE  = regexp.MustCompile(` nps \d+`)
	timeRE = regexp.MustCompile(` time \d+`)
)

// comparable masks what varies from run to run: an info line's speed and
// time.
func comparable(l string) string {
	if !strings.HasPrefix(l, "info ") {
		return l
	}
	return timeRE.ReplaceAllString(npsRE.ReplaceAllString(l, " nps _"), " time _")
}

// matchLines reports whether got is want, where a want line "..." stands
// for any run of lines.
func matchLines(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "..." {
		for k := 0; k <= len(got); k++ {
			if matchLines(want[1:], got[k:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && comparable(want[0]) == comparable(got[0]) && matchLines(want[1:], got[1:])
}

// runTranscript sends the input lines to a fresh session, waiting after
// each go for its last line as a GUI does, and returns the output.
func runTranscript(t *testing.T, tr transcript) []string {
	out := &sink{}
	p := protocol.New(strings.NewReader(""), out, protocol.WithLogger(quietLogger()))
	defer p.Close()
	for _, l := range tr.lines {
		if !isInput(l) {
			continue
		}
		from := len(out.lines())
		p.Handle(l)
		f := strings.Fields(l)
		switch {
		case f[0] != "go" || slices.Contains(f, "infinite") || slices.Contains(f, "ponder"):
		case len(f) > 1 && f[1] == "perft":
			out.waitFor(t, from, prefix("Nodes searched"), 60*time.Second)
		default:
			out.waitFor(t, from, prefix("bestmove"), 60*time.Second)
		}
	}
	return out.lines()
}

func TestDocTranscripts(t *testing.T) {
	docs, err := filepath.Glob("../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]int{}
	for _, path := range append(docs, "../README.md") {
		for _, tr := range docTranscripts(t, path) {
			found[filepath.Base(path)]++
			t.Run(tr.where, func(t *testing.T) {
				want := slices.DeleteFunc(slices.Clone(tr.lines), isInput)
				got := runTranscript(t, tr)
				if !matchLines(want, got) {
					t.Errorf("%s shows\n%s\nAzar printed\n%s", tr.where, strings.Join(want, "\n"), strings.Join(got, "\n"))
				}
			})
		}
	}
	// The uci answer, the faulty go, spy and lucky examples.
	if found["protocol.md"] < 4 {
		t.Errorf("found only %d transcripts in docs/protocol.md: %v", found["protocol.md"], found)
	}
}

func TestMatchLines(t *testing.T) {
	for _, c := range []struct {
		want, got string
		ok        bool
	}{
		{"a|b", "a|b", true},
		{"a|b", "a|c", false},
		{"a|...|d", "a|b|c|d", true},
		{"a|...|d", "a|d", true},
		{"a|...", "a", true},
		{"a|...|d", "a|b|c", false},
		{"a", "a|b", false},
		{"info depth 1 nodes 5 nps 9 time 3 pv e2e4", "info depth 1 nodes 5 nps 1000 time 0 pv e2e4", true},
		{"info depth 1 nodes 5 nps 9 time 3 pv e2e4", "info depth 1 nodes 6 nps 9 time 3 pv e2e4", false},
	} {
		if got := matchLines(strings.Split(c.want, "|"), strings.Split(c.got, "|")); got != c.ok {
			t.Errorf("matchLines(%q, %q) = %v", c.want, c.got, got)
		}
	}
}
