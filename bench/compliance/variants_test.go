package compliance

import (
	"bufio"
	"bytes"
	"io"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"azar/protocol"
)

// azarBroken is Azar's protocol loop in the test process behind pipes,
// its output lines rewritten by edit (the lines to write instead of one)
// once UCI_Variant is set to variant: an engine that keeps every rule
// but the one edit breaks, in that variant only. sent collects every
// line the checker sends.
func azarBroken(variant string, edit func(string) []string, sent *[]string, mu *sync.Mutex) Starter {
	return func() (io.WriteCloser, io.Reader, func(), error) {
		inR, inW := io.Pipe()
		tapR, tapW := io.Pipe()
		midR, midW := io.Pipe()
		outR, outW := io.Pipe()
		var broken atomic.Bool
		go func() {
			sc := bufio.NewScanner(inR)
			for sc.Scan() {
				l := sc.Text()
				mu.Lock()
				*sent = append(*sent, l)
				mu.Unlock()
				if l == "setoption name UCI_Variant value "+variant {
					broken.Store(true)
				}
				if _, err := io.WriteString(tapW, l+"\n"); err != nil {
					break
				}
			}
			tapW.Close()
		}()
		go func() {
			_ = protocol.New(tapR, midW).Run()
			midW.Close()
		}()
		done := make(chan struct{})
		go func() {
			defer close(done)
			sc := bufio.NewScanner(midR)
			for sc.Scan() {
				out := []string{sc.Text()}
				if broken.Load() {
					out = edit(sc.Text())
				}
				for _, l := range out {
					_, _ = io.WriteString(outW, l+"\n")
				}
			}
			outW.Close()
		}()
		return inW, outR, func() { <-done }, nil
	}
}

func noErrors(l string) []string {
	if isError(l) {
		return nil
	}
	return []string{l}
}

// TestBrokenVariants: Azar passes the chess steps and the variant's, but
// for the steps that the one rule it is made to break fails.
func TestBrokenVariants(t *testing.T) {
	if testing.Short() {
		t.Skip("plays Azar in every variant")
	}
	for _, tc := range []struct {
		variant string
		edit    func(string) []string
		fail    []string
	}{
		{"spy", func(l string) []string { // the wildcard's choice left out
			if strings.HasPrefix(l, "bestmove wild:") {
				return []string{"bestmove wild"}
			}
			return []string{l}
		}, []string{"spy: the wildcard's choice"}},
		{"lucky", noErrors, []string{
			"lucky: go while the drawn card is to be revealed",
			"lucky: refuses a malformed action", "lucky: refuses an unknown card revealed",
			"lucky: refuses an illegal move", "lucky: refuses a malformed lucky FEN",
		}},
		{"magic", func(l string) []string { // two error lines for one
			if isError(l) {
				return []string{l, l}
			}
			return []string{l}
		}, []string{
			"magic: refuses a hand of the wrong size", "magic: refuses a hand with an unknown card",
			"magic: refuses a window not passed", "magic: refuses hand after a FEN",
		}},
		{"chaturanga4", func(l string) []string { // a pass that is never legal here
			if strings.HasPrefix(l, "bestmove ") {
				return []string{"bestmove 0000"}
			}
			return []string{l}
		}, []string{
			"chaturanga4: position startpos", "chaturanga4: position startpos moves",
			"chaturanga4: position fen moves", "chaturanga4: go rtime gtime ytime btime",
			"chaturanga4: go nodes", "chaturanga4: seeded game (32 actions at most, go nodes 3000)",
			"chaturanga4: refuses an illegal move", "chaturanga4: refuses a malformed C4N",
		}},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			var out bytes.Buffer
			var sent []string
			var mu sync.Mutex
			rep := Run(Config{Start: azarBroken(tc.variant, tc.edit, &sent, &mu), Variant: tc.variant, Timeout: 20 * time.Second, Seed: 1, Out: &out})
			if !slices.Equal(rep.Failed, tc.fail) {
				t.Errorf("failed %q, want %q:\n%s", rep.Failed, tc.fail, out.String())
			}
			if !strings.Contains(out.String(), "PASS chess: seeded game") || !strings.Contains(out.String(), "PASS "+tc.variant+": setoption UCI_Variant") {
				t.Errorf("the chess steps or the variant's setoption failed:\n%s", out.String())
			}
			mu.Lock()
			defer mu.Unlock()
			checkNoSecret(t, sent)
		})
	}
}

// checkNoSecret: a spy engine asked to go is told one card, that of the
// side to move after the actions (from the start, White after an even
// number of actions), never the opponent's.
func checkNoSecret(t *testing.T, sent []string) {
	t.Helper()
	for i, l := range sent {
		if i+1 == len(sent) || !strings.HasPrefix(sent[i+1], "go ") {
			continue
		}
		f := strings.Fields(l)
		if len(f) < 4 || f[0] != "position" || f[1] != "startpos" || f[2] != "card" {
			continue
		}
		card, actions := f[3], 0
		if len(f) > 5 && f[4] == "moves" {
			actions = len(f) - 5
		}
		if strings.Contains(card, ",") ||
			(strings.HasPrefix(card, "w=") && actions%2 == 1) || (strings.HasPrefix(card, "b=") && actions%2 == 0) {
			t.Errorf("%q gives a card that is not the side to move's", l)
		}
	}
}
