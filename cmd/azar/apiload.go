package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"azar/bench/apiload"
)

// runAPILoad is `azar apiload`: many online games of two people at once
// through the app's HTTP API, in process or against -url, with the
// latency percentiles of each kind of request (docs/app.md, "Load").
func runAPILoad(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("apiload", flag.ContinueOnError)
	var o apiload.Options
	fs.StringVar(&o.URL, "url", "", "a running server (http://host:port); empty starts one in this process with raised limits")
	fs.IntVar(&o.Games, "games", 50, "games played at once")
	fs.IntVar(&o.Plies, "plies", 60, "plies after which the side to move resigns")
	fs.StringVar(&o.Variant, "variant", "chess", "chess, spy, magic or lucky")
	fs.Uint64Var(&o.Seed, "seed", 1, "seed of the clients' random moves")
	fs.DurationVar(&o.Timeout, "timeout", 10*time.Minute, "bound on the whole run")
	asJSON := fs.Bool("json", false, "write the measurements as JSON")
	bare, err := parseFlags(fs, "azar apiload [-games 50] [-plies 60] [-variant chess|spy|magic|lucky] [-url http://HOST:PORT] [-json]", args, stdout)
	if err != nil {
		return err
	}
	if len(bare) > 0 {
		return fmt.Errorf("unexpected arguments %q", bare)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := apiload.Run(ctx, o)
	if err != nil {
		return err
	}
	if *asJSON {
		b, err := json.MarshalIndent(res, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", b)
		return err
	}
	return apiload.WriteTable(stdout, res)
}
