package main

import (
	"io"

	"azar/eval/tune"
)

// runTune is `azar tune ...`: the Texel tuner of eval/tune (docs/eval.md).
func runTune(args []string, stdout, _ io.Writer) error { return tune.Run(args, stdout) }
