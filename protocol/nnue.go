package protocol

import (
	"errors"
	"fmt"
	"strings"

	"azar/eval/nnue"
)

// netSession is the network evaluation's state: the options as set, and
// the network loaded from EvalFile. The chess search evaluates with the
// network only while UseNNUE is on and a network loaded; the card
// variants keep the hand-crafted evaluation.
type netSession struct {
	use  bool
	path string
	net  *nnue.Network
	load func(path string) (*nnue.Network, error)
}

// WithNetworkLoader replaces how EvalFile reads a network (fuzzing keeps
// away from the file system with it).
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

// errNoNetwork: no network is embedded in the binary yet (docs/nnue.md).
var errNoNetwork = errors.New("no network: set EvalFile to a network file first (none is built in)")

// setUseNNUE turns the network on (loading EvalFile if it is not loaded)
// or off. The request is remembered even when no network can be loaded
// yet (one error line says so): a GUI may send UseNNUE before EvalFile,
// and the file then loads as soon as it is named.
func (p *Protocol) setUseNNUE(on bool) error {
	p.nn.use = on
	defer p.applyNetwork()
	if !on || p.nn.net != nil {
		return nil
	}
	if p.nn.path == "" {
		return errNoNetwork
	}
	net, err := p.nn.load(p.nn.path)
	if err != nil {
		return fmt.Errorf("cannot load %s: %v", quote(p.nn.path), err)
	}
	p.nn.net = net
	return nil
}

// setEvalFile records the network file. While UseNNUE is on the file is
// loaded at once; if that fails the network in use (if any) stays.
func (p *Protocol) setEvalFile(path string) error {
	if path == p.nn.path && (p.nn.net != nil || !p.nn.use) {
		return nil
	}
	if !p.nn.use {
		p.nn.path, p.nn.net = path, nil
		return nil
	}
	if path == "" {
		return errNoNetwork
	}
	net, err := p.nn.load(path)
	if err != nil {
		return fmt.Errorf("cannot load %s: %v", quote(path), err)
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
