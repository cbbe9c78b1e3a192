package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/sirupsen/logrus"

	"azar/app/engine"
	"azar/app/games"
	"azar/app/server"
	"azar/app/store"
	"azar/bench/compliance"
)

// runServe is `azar serve`: the browser app (docs/app.md). It prints the
// URL once it listens and serves until SIGINT or SIGTERM.
func runServe(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (loopback unless told otherwise)")
	data := fs.String("data", "", "directory of the saved games (default: the user's config directory/azar)")
	engines := fs.Int("engines", min(4, max(2, runtime.NumCPU()/2)), "engines that think for the games at once")
	var hosts hostList
	fs.Var(&hosts, "host", "a name the server also answers to, with or without :port (repeatable; for a LAN or a reverse proxy)")
	var pairs []string
	fs.Func("engine", "another engine instead of Azar's own: cmd=PROG, then its keys args=\"ARGS\", arg=ARG, dir=DIR, option.NAME=VALUE as separate arguments (it should pass azar compliance)", func(s string) error {
		pairs = append(pairs, s)
		return nil
	})
	bare, err := parseFlags(fs, "azar serve [-addr 127.0.0.1:8080] [-host NAME]... [-data DIR] [-engines N] [-engine cmd=PROG [KEY=VALUE...]]", args, stdout)
	if err != nil {
		return err
	}
	ecfg, err := serveEngine(pairs, bare)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(ctx, *addr, hosts, *data, *engines, ecfg, stdout, stderr)
}

// serveEngine is the engine configuration of `azar serve`: Azar's own in
// process, or with -engine another program, whose keys after cmd= come as
// bare KEY=VALUE arguments, as `azar compliance` and `azar match` take them.
func serveEngine(pairs, bare []string) (engine.Config, error) {
	cfg := engine.Config{HashMB: 32}
	for _, b := range bare {
		if len(pairs) == 0 || !strings.Contains(b, "=") {
			return cfg, fmt.Errorf("unexpected argument %q", b)
		}
		pairs = append(pairs, b)
	}
	if len(pairs) == 0 {
		return cfg, nil
	}
	e, err := compliance.ParseEngine(pairs)
	if err != nil {
		return cfg, err
	}
	cfg.Command, cfg.Args, cfg.Dir = e.Cmd, e.Args, e.Dir
	for _, o := range e.Options {
		cfg.Options = append(cfg.Options, engine.Option{Name: o.Name, Value: o.Value})
	}
	return cfg, nil
}

// hostList is the repeatable -host flag.
type hostList []string

func (h *hostList) String() string { return strings.Join(*h, ",") }

func (h *hostList) Set(v string) error {
	if err := server.ValidHost(v); err != nil {
		return err
	}
	*h = append(*h, v)
	return nil
}

// serve runs the app until ctx ends, answering the listen address and
// the names in hosts (server.Config).
func serve(ctx context.Context, addr string, hosts []string, data string, engines int, ecfg engine.Config, stdout, stderr io.Writer) error {
	dir := data
	if dir == "" {
		var err error
		if dir, err = defaultDataDir(); err != nil {
			return err
		}
	}
	log := logrus.New()
	log.SetOutput(stderr)
	log.SetLevel(logrus.WarnLevel)

	// The port first: a busy one fails before the store is touched.
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	// The store locks the directory: a second server on it is refused
	// here, before it could overwrite the first one's games.
	st, err := store.Open(dir)
	if err != nil {
		return err
	}
	defer st.Close()
	ecfg.Log = log
	pool := engine.NewPool(engines, ecfg)
	defer pool.Close()
	m, err := games.New(games.Config{Store: st, Engine: pool, Log: log})
	if err != nil {
		return err
	}
	defer m.Close()

	cfg := server.Config{Addr: ln.Addr().String(), Hosts: hosts}
	h, err := server.NewWith(m, log, cfg)
	if err != nil {
		return err
	}
	srv := server.HTTPServer(h, cfg)
	fmt.Fprintf(stdout, "Azar is listening on http://%s/ (games in %s)\n", ln.Addr(), dir)

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	// Event streams never end by themselves: give requests a moment, then
	// close what is left.
	sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	_ = srv.Close()
	return nil
}

// defaultDataDir is <user config dir>/azar (~/.config/azar on Linux).
func defaultDataDir() (string, error) {
	base, err := os.UserConfigDir()
	if err != nil {
		home, herr := os.UserHomeDir()
		if herr != nil {
			return "", fmt.Errorf("serve: no -data given and no config or home directory: %v", err)
		}
		base = filepath.Join(home, ".config")
	}
	return filepath.Join(base, "azar"), nil
}
