// Command tune fits Azar's evaluation weights to game results (Texel
// method) and writes eval/weights.go; see docs/eval.md. Run it from the
// repository root:
//
//	go run ./eval/tune/cmd/tune -data positions.txt -out eval/weights.go
package main

import (
	"flag"
	"fmt"
	"os"

	"azar/eval/tune"
)

func main() {
	if err := tune.Run(os.Args[1:], os.Stdout); err != nil {
		if err == flag.ErrHelp {
			return
		}
		fmt.Fprintln(os.Stderr, "tune:", err)
		os.Exit(2)
	}
}
