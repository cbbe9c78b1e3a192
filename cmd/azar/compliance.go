package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"azar/bench/compliance"
)

// runCompliance is `azar compliance -engine cmd=PROG ...`: the
// conformance check of docs/protocol.md ("Conformance: azar compliance").
// Exit status 0 only when every step passes.
func runCompliance(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("compliance", flag.ContinueOnError)
	var pairs []string
	fs.Func("engine", "the engine: cmd=PROG, then its keys args=\"ARGS\", arg=ARG, dir=DIR, option.NAME=VALUE as separate arguments", func(s string) error {
		pairs = append(pairs, s)
		return nil
	})
	variant := fs.String("variant", "", "check this variant only (after standard chess): "+strings.Join(compliance.Variants(), ", ")+"; default: every one the engine lists in UCI_Variant")
	timeout := fs.Duration("timeout", 10*time.Second, "the longest wait for any answer")
	seed := fs.Uint64("seed", 1, "seed of the seeded games' deals and shuffles")
	debug := fs.Bool("debug", false, "write every line sent (\"< \") and received (\"> \") to stderr")
	bare, err := parseFlags(fs, "azar compliance -engine cmd=PROG [KEY=VALUE...] [-variant V] [-timeout D]", args, stdout)
	if err != nil {
		return err
	}
	// The engine's keys after its cmd= come as bare KEY=VALUE arguments.
	for _, b := range bare {
		if !strings.Contains(b, "=") {
			return fmt.Errorf("unexpected argument %q", b)
		}
		pairs = append(pairs, b)
	}
	if len(pairs) == 0 {
		return errors.New("-engine cmd=PROG is required")
	}
	if *variant != "" && !slices.Contains(compliance.Variants(), *variant) {
		return fmt.Errorf("-variant %q: want one of %s", *variant, strings.Join(compliance.Variants(), ", "))
	}
	if *timeout <= 0 {
		return fmt.Errorf("-timeout %v: want a positive duration", *timeout)
	}
	eng, err := compliance.ParseEngine(pairs)
	if err != nil {
		return err
	}
	cfg := compliance.Config{
		Start: eng.Starter(), Options: eng.Options, Variant: *variant,
		Timeout: *timeout, Seed: *seed, Out: stdout,
	}
	if *debug {
		cfg.Trace = stderr
	}
	if len(compliance.Run(cfg).Failed) > 0 {
		return exitStatus(1)
	}
	return nil
}
