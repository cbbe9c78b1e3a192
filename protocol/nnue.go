package protocol

import (
	"fmt"
	"strings"

	"azar/eval/nnue"
)

// netSession is the network evaluation's state: the options as set, and
// the network loaded for EvalFile (empty: the built-in one, nnue.Default).
// The chess search evaluates with the network only while UseNNUE is on
// and a network loaded; the card variants keep the hand-crafted
// evaluation.
type netSession struct {
	use  bool
	path string
	net  *nnue.Network
	load func(path string) (*nnue.Network, error)
}

// WithNetworkLoader replaces how EvalFile reads a network file (fuzzing
// keeps away from the file system with it). The built-in network, for an
// empty EvalFile, is not read through it.
func WithNetworkLoader(load func(path string) (*nnue.Network, error)) Option {
	return func(p *Protocol) { p.nn.load = load }
}

func (p *Protocol) nnueOptions() []*uciOption {
	return []*uciOption{
		{name: "UseNNUE", kind: checkOption, def: "false",
			set: func(p *Protocol, v string) error { return p.setUseNNUE(strings.EqualFold(v, "true")) }},
		{name: "EvalFile", kind: stringOption, def: "",
			set: func(p *Protocol, v string) error { return p.setEvalFile(v) }},
	}
}

// open loads the network EvalFile names: the built-in one for "", as
// Stockfish uses its embedded network while EvalFile keeps its default.
func (s *netSession) open(path string) (*nnue.Network, error) {
	if path == "" {
		return nnue.Default()
	}
	net, err := s.load(path)
	if err != nil {
		return nil, fmt.Errorf("cannot load %s: %v", quote(path), err)
	}
	return net, nil
}

// setUseNNUE turns the network on (loading EvalFile's, or the built-in
// one, if it is not loaded) or off. The request is remembered even when
// the file does not load (one error line says so, and the hand-crafted
// evaluation plays rather than a network the user did not name): a GUI
// may send UseNNUE before EvalFile, and the file then loads as soon as it
// is named.
func (p *Protocol) setUseNNUE(on bool) error {
	p.nn.use = on
	defer p.applyNetwork()
	if !on || p.nn.net != nil {
		return nil
	}
	net, err := p.nn.open(p.nn.path)
	if err != nil {
		return err
	}
	p.nn.net = net
	return nil
}

// setEvalFile records the network file ("" for the built-in one). While
// UseNNUE is on the file is loaded at once; if that fails the network in
// use (if any) stays.
func (p *Protocol) setEvalFile(path string) error {
	if path == p.nn.path && (p.nn.net != nil || !p.nn.use) {
		return nil
	}
	if !p.nn.use {
		p.nn.path, p.nn.net = path, nil
		return nil
	}
	net, err := p.nn.open(path)
	if err != nil {
		return err
	}
	p.nn.path, p.nn.net = path, net
	p.applyNetwork()
	return nil
}

func (p *Protocol) applyNetwork() {
	var net *nnue.Network
	if p.nn.use {
		net = p.nn.net
	}
	if p.sopts.Network != net {
		p.sopts.Network = net
		p.engine.SetOptions(p.sopts)
	}
}
