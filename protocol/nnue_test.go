package protocol

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"azar/eval/nnue"
	"azar/search"
	"azar/variants/chess"
)

func testNetwork(t *testing.T) *nnue.Network {
	r := rand.New(rand.NewPCG(1, 2))
	const h = 8
	fw := make([]int16, nnue.Inputs*h)
	for i := range fw {
		fw[i] = int16(r.IntN(129) - 64)
	}
	ow := make([]int16, 2*h)
	for i := range ow {
		ow[i] = int16(r.IntN(129) - 64)
	}
	n, err := nnue.NewNetwork(h, fw, make([]int16, h), ow, 0)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// netProtocol is a session whose EvalFile knows one good file, "good.nnue".
func netProtocol(t *testing.T, out *bytes.Buffer) (*Protocol, *nnue.Network) {
	net := testNetwork(t)
	p := New(strings.NewReader(""), out, WithMaxHashMB(8), WithNetworkLoader(func(path string) (*nnue.Network, error) {
		if path == "good.nnue" {
			return net, nil
		}
		return nil, errors.New("no such file")
	}))
	p.log.SetLevel(0)
	t.Cleanup(p.Close)
	return p, net
}

func errorLines(out *bytes.Buffer) []string {
	p := []string{}
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(l, "info string error") {
			p = append(p, l)
		}
	}
	out.Reset()
	return p
}

// builtinEval is the eval line of the built-in network for p, computed
// straight from nnue.Default.
func builtinEval(t *testing.T, fen string) string {
	net, err := nnue.Default()
	if err != nil {
		t.Fatal(err)
	}
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	s := net.Evaluate(pos)
	w := s
	if pos.Side() == chess.Black {
		w = -s
	}
	return fmt.Sprintf("Eval: %d cp (network, side to move), %d cp (White)", s, w)
}

func lines(out *bytes.Buffer) []string {
	ls := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	out.Reset()
	return ls
}

// TestBuiltinNetwork: UseNNUE with no EvalFile uses the built-in network;
// a file that does not load leaves it in use with one error line; a file
// that loads replaces it, and EvalFile empty goes back to it.
func TestBuiltinNetwork(t *testing.T) {
	var out bytes.Buffer
	p, good := netProtocol(t, &out)
	p.Handle("setoption name UseNNUE value true")
	builtin := p.sopts.Network
	if e := errorLines(&out); len(e) != 0 || builtin == nil || builtin.Hidden() != 32 || p.engine.Options().Network != builtin {
		t.Fatalf("UseNNUE true without EvalFile: errors %q, network %p", e, builtin)
	}
	const afterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
	p.Handle("position startpos moves e2e4")
	p.Handle("eval")
	if ls := lines(&out); len(ls) != 2 || !strings.HasPrefix(ls[0], "Eval: ") || ls[1] != builtinEval(t, afterE4) {
		t.Fatalf("eval with the built-in network: %q, want the hand-crafted line and %q", ls, builtinEval(t, afterE4))
	}

	p.Handle("setoption name EvalFile value missing.nnue")
	if e := errorLines(&out); len(e) != 1 || e[0] != "info string error option EvalFile: cannot load \"missing.nnue\": no such file" || p.sopts.Network != builtin {
		t.Fatalf("a missing file while on: errors %q, network %p (want the built-in one %p kept)", e, p.sopts.Network, builtin)
	}
	p.Handle("setoption name EvalFile value good.nnue")
	if e := errorLines(&out); len(e) != 0 || p.sopts.Network != good || p.engine.Options().Network != good {
		t.Fatalf("a good file while on: errors %q, network not in use", e)
	}
	p.Handle("setoption name EvalFile value <empty>")
	back := p.sopts.Network
	if e := errorLines(&out); len(e) != 0 || back == nil || back == good || back.Hidden() != 32 || p.engine.Options().Network != back {
		t.Fatalf("EvalFile empty again: errors %q, network %p (want the built-in one, not %p)", e, back, good)
	}
	p.Handle("eval")
	if ls := lines(&out); len(ls) != 2 || ls[1] != builtinEval(t, afterE4) {
		t.Fatalf("eval after EvalFile empty: %q, want %q", ls, builtinEval(t, afterE4))
	}
	p.Handle("go depth 3")
	<-p.job.done
	if !strings.Contains(out.String(), "bestmove ") {
		t.Errorf("no bestmove with the built-in network:\n%s", out.String())
	}
}

func TestUseNNUE(t *testing.T) {
	var out bytes.Buffer
	p, net := netProtocol(t, &out)
	p.Handle("uci")
	if s := out.String(); !strings.Contains(s, "option name UseNNUE type check default false\n") ||
		!strings.Contains(s, "option name EvalFile type string default <empty>\n") {
		t.Fatalf("options missing from:\n%s", s)
	}
	out.Reset()

	// A file that does not load, named before UseNNUE: one error line,
	// and no network in use (not the built-in one either: the user named
	// another)...
	p.Handle("setoption name EvalFile value missing.nnue")
	p.Handle("setoption name UseNNUE value true")
	if e := errorLines(&out); len(e) != 1 || p.sopts.Network != nil {
		t.Fatalf("with a missing file: errors %q, network %p", e, p.sopts.Network)
	}
	// ...but the request stands: a good file is loaded and used at once.
	p.Handle("setoption name EvalFile value good.nnue")
	if e := errorLines(&out); len(e) != 0 || p.sopts.Network != net || p.engine.Options().Network != net {
		t.Fatalf("EvalFile after UseNNUE: errors %q, network not in use", e)
	}
	p.Handle("setoption name UseNNUE value false")
	p.Handle("setoption name EvalFile value other.nnue")
	p.Handle("setoption name EvalFile value <empty>")
	p.Handle("setoption name EvalFile value good.nnue")
	if e := errorLines(&out); len(e) != 0 || p.sopts.Network != nil {
		t.Fatalf("EvalFile while UseNNUE is false: errors %q, network %p", e, p.sopts.Network)
	}
	// The usual order: the file, then UseNNUE.
	p.Handle("setoption name UseNNUE value true")
	if e := errorLines(&out); len(e) != 0 || p.sopts.Network != net || p.engine.Options().Network != net {
		t.Fatalf("with a good file: errors %q, network not in use", e)
	}
	// A bad file while on: an error, and the network in use stays.
	p.Handle("setoption name EvalFile value missing.nnue")
	if e := errorLines(&out); len(e) != 1 || p.sopts.Network != net {
		t.Fatalf("switching to a missing file: errors %q", e)
	}
	p.Handle("position startpos moves e2e4")
	p.Handle("eval")
	if !strings.Contains(out.String(), "(network, side to move)") {
		t.Errorf("eval does not show the network's score:\n%s", out.String())
	}
	p.Handle("go depth 4")
	<-p.job.done
	if !strings.Contains(out.String(), "bestmove ") {
		t.Errorf("no bestmove with the network:\n%s", out.String())
	}
	p.Handle("setoption name UseNNUE value false")
	if p.sopts.Network != nil || p.engine.Options().Network != nil {
		t.Error("UseNNUE false left the network on")
	}
	out.Reset()
	p.Handle("eval")
	if strings.Contains(out.String(), "network") {
		t.Errorf("eval shows a network while UseNNUE is false:\n%s", out.String())
	}
	p.Handle("setoption name UseNNUE value true")
	if p.sopts.Network != net {
		t.Error("turning it back on did not use the loaded network")
	}
}

// TestDefaultHasNoNetwork: a fresh session evaluates by hand.
func TestDefaultHasNoNetwork(t *testing.T) {
	var out bytes.Buffer
	p, _ := netProtocol(t, &out)
	if p.sopts.Network != nil || search.DefaultOptions().Network != nil {
		t.Error("a network is on by default")
	}
}
