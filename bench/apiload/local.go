package apiload

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"

	"github.com/sirupsen/logrus"

	"azar/app/engine"
	"azar/app/games"
	"azar/app/server"
	"azar/app/store"
)

// local is the app started in this process for a run, as `azar serve`
// builds it (cmd/azar/serve.go: store, engine pool, games, server), on
// 127.0.0.1:0 with a data directory of its own that Close removes.
type local struct {
	url    string
	limits server.Config
	close  func()
}

// testLimits are the server's limits for a load of n games from one
// address: every game makes two streams and one creation at once, which
// the defaults (16 streams a client, 120 creations a minute) refuse
// beyond 8 games; the limits are raised, never lowered.
func testLimits(n int) server.Config {
	return server.Config{
		CreatePerMinute:  max(server.DefaultCreatePerMinute, n),
		StreamsPerClient: max(server.DefaultStreamsPerClient, 2*n),
		StreamsTotal:     max(server.DefaultStreamsTotal, 2*n),
	}
}

// startLocal starts the app with the limits of cfg (testLimits for a
// run; zero ones are the defaults); newSeed, when not nil, deals the
// card games (games.Config.NewSeed).
func startLocal(cfg server.Config, newSeed func() uint64) (_ *local, err error) {
	dir, err := os.MkdirTemp("", "azar-apiload-")
	if err != nil {
		return nil, err
	}
	var closers []func()
	shut := func() {
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	}
	defer func() {
		if err != nil {
			shut()
		}
	}()
	closers = append(closers, func() { _ = os.RemoveAll(dir) })
	log := logrus.New()
	log.SetOutput(io.Discard)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	closers = append(closers, func() { _ = ln.Close() })
	st, err := store.Open(dir)
	if err != nil {
		return nil, err
	}
	closers = append(closers, func() { _ = st.Close() })
	// Online games of two people never ask the engine; the pool starts
	// none until asked.
	pool := engine.NewPool(1, engine.Config{HashMB: 16, Log: log})
	closers = append(closers, pool.Close)
	m, err := games.New(games.Config{Store: st, Engine: pool, Log: log, NewSeed: newSeed})
	if err != nil {
		return nil, err
	}
	closers = append(closers, m.Close)
	cfg.Addr = ln.Addr().String()
	h, err := server.NewWith(m, log, cfg)
	if err != nil {
		return nil, err
	}
	srv := server.HTTPServer(h, cfg)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	// Close ends the event streams too (Shutdown would wait for them).
	closers = append(closers, func() {
		_ = srv.Close()
		if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Warnf("apiload: server: %v", err)
		}
	})
	return &local{url: fmt.Sprintf("http://%s", ln.Addr()), limits: cfg, close: shut}, nil
}
