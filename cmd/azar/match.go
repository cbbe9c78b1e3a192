package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"

	"azar/bench/match"
)

// runMatch is `azar match ...`: plays UCI engines against each other (see
// docs/match.md and `azar match -help`). Ctrl-C stops the match early and
// still prints the report.
func runMatch(args []string, stdout, stderr io.Writer) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return match.Main(ctx, args, stdout, stderr)
}
