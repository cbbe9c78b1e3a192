// Command azar is the Azar chess engine. With no arguments it speaks UCI on
// standard input and output; subcommands measure and test it.
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) > 1 {
		var err error
		switch os.Args[1] {
		case "perft":
			err = runPerft(os.Args[2:], os.Stdout)
		default:
			err = fmt.Errorf("unknown subcommand %q (want perft)", os.Args[1])
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "azar:", err)
			os.Exit(2)
		}
		return
	}
	fmt.Fprintln(os.Stderr, "azar: UCI mode not built yet")
	os.Exit(1)
}
