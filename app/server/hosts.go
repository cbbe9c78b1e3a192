package server

import (
	"fmt"
	"net"
	"net/http"
	"strings"
)

// hosts is the set of Host headers the server answers: a page on another
// site whose name is pointed at this machine (DNS rebinding) sends its
// own name as the Host and is refused before any handler runs.
type hosts struct {
	exact map[string]bool // "name:port", lower case
	// anyPort are names given without a port: behind a reverse proxy the
	// Host is the public name, with the public port or none.
	anyPort map[string]bool
	// loopbackAnyPort accepts localhost, 127.0.0.1 and [::1] on every
	// port: the handler of New, which does not know its listen address
	// (tests on httptest's random port).
	loopbackAnyPort bool
}

// newHosts builds the set for a server listening on addr ("" when not
// known) with the extra names of -host.
func newHosts(addr string, extra []string) (hosts, error) {
	h := hosts{exact: map[string]bool{}, anyPort: map[string]bool{}}
	if addr == "" {
		h.loopbackAnyPort = true
	} else {
		host, port, err := net.SplitHostPort(addr)
		if err != nil {
			return hosts{}, fmt.Errorf("listen address %q: %v", addr, err)
		}
		h.exact[strings.ToLower(net.JoinHostPort(host, port))] = true
		ip := net.ParseIP(host)
		switch {
		case host == "localhost" || ip != nil && ip.IsLoopback():
			h.addLoopback(port)
		case host == "" || ip != nil && ip.IsUnspecified():
			// Every interface: its addresses are the served ones (an IP
			// literal cannot be rebound), loopback's among them.
			h.addLoopback(port)
			addrs, err := net.InterfaceAddrs()
			if err == nil {
				for _, a := range addrs {
					if n, ok := a.(*net.IPNet); ok {
						h.exact[strings.ToLower(net.JoinHostPort(n.IP.String(), port))] = true
					}
				}
			}
		}
	}
	for _, name := range extra {
		if err := h.add(name); err != nil {
			return hosts{}, err
		}
	}
	return h, nil
}

func (h *hosts) addLoopback(port string) {
	for _, n := range [...]string{"localhost", "127.0.0.1", "::1"} {
		h.exact[net.JoinHostPort(n, port)] = true
	}
}

// add takes a -host value: a name or address, with a port or without.
func (h *hosts) add(name string) error {
	n := strings.ToLower(strings.TrimSpace(name))
	if n == "" || strings.ContainsAny(n, "/ @?#") {
		return fmt.Errorf("-host %q: want a host name or address, optionally with :port (no scheme or path)", name)
	}
	if host, port, err := net.SplitHostPort(n); err == nil {
		if host == "" || port == "" {
			return fmt.Errorf("-host %q: want a host name or address, optionally with :port", name)
		}
		h.exact[net.JoinHostPort(host, port)] = true
		return nil
	}
	h.anyPort[strings.Trim(n, "[]")] = true
	return nil
}

// ValidHost says why name is no -host value, or nil when it is one.
func ValidHost(name string) error {
	h := hosts{exact: map[string]bool{}, anyPort: map[string]bool{}}
	return h.add(name)
}

// allows reports whether a request's Host header is one of the set.
func (h hosts) allows(hostHeader string) bool {
	hh := strings.ToLower(hostHeader)
	if hh == "" {
		return false
	}
	if h.exact[hh] {
		return true
	}
	name := hh
	if n, _, err := net.SplitHostPort(hh); err == nil {
		name = n
	}
	name = strings.Trim(name, "[]")
	if h.anyPort[name] {
		return true
	}
	return h.loopbackAnyPort && (name == "localhost" || name == "127.0.0.1" || name == "::1")
}

// refuseHost answers a request for a name this server does not serve.
// 421 Misdirected Request: the name is not this server's. The body does
// not list the served names (the page that asked may be the attacker's).
func refuseHost(w http.ResponseWriter, r *http.Request) {
	writeError(w, http.StatusMisdirectedRequest,
		fmt.Sprintf("this server does not answer to the host %q (start azar serve with -host NAME to add a name)", r.Host))
}
