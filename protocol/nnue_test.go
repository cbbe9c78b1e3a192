package protocol

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"azar/eval/nnue"
	"azar/search"
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

func TestUseNNUE(t *testing.T) {
	var out bytes.Buffer
	p, net := netProtocol(t, &out)
	p.Handle("uci")
	if s := out.String(); !strings.Contains(s, "option name UseNNUE type check default false\n") ||
		!strings.Contains(s, "option name EvalFile type string default <empty>\n") {
		t.Fatalf("options missing from:\n%s", s)
	}
	out.Reset()

	// No network file: one error line, and no network in use.
	p.Handle("setoption name UseNNUE value true")
	if e := errorLines(&out); len(e) != 1 || p.sopts.Network != nil {
		t.Fatalf("without EvalFile: errors %q, network %v", e, p.sopts.Network)
	}
	// UseNNUE came first (a GUI's order): a missing file is an error...
	p.Handle("setoption name EvalFile value missing.nnue")
	if e := errorLines(&out); len(e) != 1 || p.sopts.Network != nil {
		t.Fatalf("with a missing file: errors %q, network %v", e, p.sopts.Network)
	}
	// ...and a good one is loaded and used at once.
	p.Handle("setoption name EvalFile value good.nnue")
	if e := errorLines(&out); len(e) != 0 || p.sopts.Network != net || p.engine.Options().Network != net {
		t.Fatalf("EvalFile after UseNNUE: errors %q, network not in use", e)
	}
	p.Handle("setoption name UseNNUE value false")
	p.Handle("setoption name EvalFile value other.nnue")
	p.Handle("setoption name EvalFile value good.nnue")
	if p.sopts.Network != nil {
		t.Fatal("EvalFile turned the network on while UseNNUE is false")
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
