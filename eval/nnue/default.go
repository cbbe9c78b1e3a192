package nnue

import (
	_ "embed" // the built-in network
	"fmt"
)

// defaultFile is the built-in network, nets/default.nnue (docs/nnue.md,
// section 4, says which network it is and how it was made). A string, not
// a []byte, so that nothing can change it.
//
//go:embed nets/default.nnue
var defaultFile string

// Default is the network built into the binary, parsed anew on each call:
// parsing 49 KB takes microseconds and is done once per session, so a
// cache (package-level state) would buy nothing. The caller may share the
// result between search threads like any Network.
func Default() (*Network, error) {
	n, err := Parse([]byte(defaultFile))
	if err != nil {
		return nil, fmt.Errorf("the built-in network: %w", err)
	}
	return n, nil
}
