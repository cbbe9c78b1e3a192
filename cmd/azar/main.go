// Command azar is the Azar chess engine. With no arguments it speaks UCI on
// standard input and output (docs/protocol.md); subcommands measure and
// test it.
package main

import (
	"fmt"
	"os"

	"azar/protocol"
)

func main() {
	if len(os.Args) < 2 {
		// UCI mode: the protocol loop owns stdin and stdout until `quit`
		// or the end of the input; diagnostics go to stderr.
		if err := protocol.New(os.Stdin, os.Stdout).Run(); err != nil {
			fmt.Fprintln(os.Stderr, "azar:", err)
			os.Exit(1)
		}
		return
	}
	var err error
	switch cmd, args := os.Args[1], os.Args[2:]; cmd {
	case "perft":
		err = runPerft(args, os.Stdout)
	case "bench":
		err = runBench(args, os.Stdout)
	case "match":
		err = runMatch(args, os.Stdout, os.Stderr)
	case "datagen":
		err = runDatagen(args, os.Stderr)
	case "tune":
		err = runTune(args, os.Stdout)
	// One case per subcommand, each a thin wrapper.
	default:
		err = fmt.Errorf("unknown subcommand %q (want perft, bench, match, datagen, tune, or no argument for UCI)", cmd)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "azar:", err)
		os.Exit(2)
	}
}
