package server

import (
	"net/http"
	"time"
)

// Config says where the server is reached and how long it waits for a
// client (docs/app.md, "Running it on a network").
type Config struct {
	// Addr is the address listened on, host:port (the listener's, so a
	// port of 0 is already chosen). Its host:port is served, and for a
	// loopback address localhost, 127.0.0.1 and [::1] on that port too.
	// Empty serves those three names on any port.
	Addr string
	// Hosts are more names served (-host): "club.example" (any port, or
	// none, as behind a reverse proxy) or "club.example:8443".
	Hosts []string

	// ReadHeaderTimeout bounds reading a request's headers, ReadTimeout
	// its body too, WriteTimeout writing the answer of any request but an
	// event stream (which lasts as long as its page), IdleTimeout a
	// kept-alive connection between requests. Zero gives the defaults.
	ReadHeaderTimeout, ReadTimeout, WriteTimeout, IdleTimeout time.Duration
	// MaxHeaderBytes bounds a request's headers; zero gives the default.
	MaxHeaderBytes int

	// CreatePerMinute bounds the games one client address creates in a
	// minute, StreamsPerClient the event streams it holds open,
	// StreamsTotal those of all clients (limits.go). Zero gives the
	// defaults.
	CreatePerMinute, StreamsPerClient, StreamsTotal int
	// Now is the limits' clock; nil is the system's. For tests.
	Now func() time.Time
}

// The defaults of Config. The write timeout lies above the longest
// request, an engine's search for a hint or a draw offer (60 s at most).
const (
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultReadTimeout       = 20 * time.Second
	DefaultWriteTimeout      = 90 * time.Second
	DefaultIdleTimeout       = 2 * time.Minute
	DefaultMaxHeaderBytes    = 16 << 10
	// Two a second: a person starts a game every few seconds at most, but
	// a club behind one NAT or proxy address shares the count, and the
	// browser tests' walks through every screen make some 30 a minute;
	// the flood it stops made thousands a second (docs/app.md).
	DefaultCreatePerMinute = 120
	// A person keeps a few tabs open; the total stays well below the
	// 1,024 open files a process is often allowed.
	DefaultStreamsPerClient = 16
	DefaultStreamsTotal     = 512
)

func (c *Config) defaults() {
	def := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	def(&c.ReadHeaderTimeout, DefaultReadHeaderTimeout)
	def(&c.ReadTimeout, DefaultReadTimeout)
	def(&c.WriteTimeout, DefaultWriteTimeout)
	def(&c.IdleTimeout, DefaultIdleTimeout)
	for _, d := range []struct {
		p *int
		v int
	}{
		{&c.MaxHeaderBytes, DefaultMaxHeaderBytes}, {&c.CreatePerMinute, DefaultCreatePerMinute},
		{&c.StreamsPerClient, DefaultStreamsPerClient}, {&c.StreamsTotal, DefaultStreamsTotal},
	} {
		if *d.p == 0 {
			*d.p = d.v
		}
	}
}

// HTTPServer is an http.Server for h with the timeouts of c. The event
// stream lifts the read and write deadlines for itself (events), so that
// a page's stream is not cut after ReadTimeout or WriteTimeout.
func HTTPServer(h http.Handler, c Config) *http.Server {
	c.defaults()
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: c.ReadHeaderTimeout,
		ReadTimeout:       c.ReadTimeout,
		WriteTimeout:      c.WriteTimeout,
		IdleTimeout:       c.IdleTimeout,
		MaxHeaderBytes:    c.MaxHeaderBytes,
	}
}
