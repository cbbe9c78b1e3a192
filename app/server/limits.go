package server

import (
	"fmt"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// limits bound what one client, and all of them, may take of the server:
// games created a minute (one client made 169,886 in 60 s, and every one
// stays in memory) and event streams open (20,000 exhausted the open
// files). A refusal is 429 with a clear error and Retry-After.
type limits struct {
	createPerMinute  int
	streamsPerClient int
	streamsTotal     int
	now              func() time.Time
	mu               sync.Mutex
	creates          map[string]*window
	lastSweep        time.Time
	streams          map[string]int
	streamsOpen      int
}

// window counts a client's creations in the minute that began at start.
type window struct {
	start time.Time
	n     int
}

const minute = time.Minute

func newLimits(c Config) *limits {
	now := c.Now
	if now == nil {
		now = time.Now
	}
	return &limits{createPerMinute: c.CreatePerMinute, streamsPerClient: c.StreamsPerClient, streamsTotal: c.StreamsTotal,
		now: now, creates: map[string]*window{}, streams: map[string]int{}}
}

// create reports whether client may create a game now, and counts it if
// so; else how long until it may.
func (l *limits) create(client string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if now.Sub(l.lastSweep) >= minute {
		// The windows that have ended go, so the map holds only the
		// clients of the last minute.
		for k, w := range l.creates {
			if now.Sub(w.start) >= minute {
				delete(l.creates, k)
			}
		}
		l.lastSweep = now
	}
	w := l.creates[client]
	if w == nil || now.Sub(w.start) >= minute {
		w = &window{start: now}
		l.creates[client] = w
	}
	if w.n >= l.createPerMinute {
		return false, w.start.Add(minute).Sub(now)
	}
	w.n++
	return true, 0
}

// openStream takes a stream slot for client; the message says which
// limit refused it. done gives the slot back.
func (l *limits) openStream(client string) (done func(), refusal string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.streams[client] >= l.streamsPerClient:
		return nil, "too many open event streams from this address (at most " + strconv.Itoa(l.streamsPerClient) + "): close a tab"
	case l.streamsOpen >= l.streamsTotal:
		return nil, "the server has too many open event streams (at most " + strconv.Itoa(l.streamsTotal) + "): try again later"
	}
	l.streams[client]++
	l.streamsOpen++
	var once sync.Once
	return func() {
		once.Do(func() {
			l.mu.Lock()
			defer l.mu.Unlock()
			l.streamsOpen--
			if l.streams[client]--; l.streams[client] <= 0 {
				delete(l.streams, client)
			}
		})
	}, ""
}

// clientOf is the address a request's limits are counted for: its IP,
// an IPv6 one by its /64, which one client holds whole.
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip := net.ParseIP(host)
	if ip == nil {
		return host
	}
	if ip.To4() == nil {
		return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
	}
	return ip.String()
}

// tooMany answers 429 with when the client may try again.
func tooMany(w http.ResponseWriter, retry time.Duration, msg string) {
	if retry > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int((retry+time.Second-1)/time.Second)))
	}
	writeError(w, http.StatusTooManyRequests, msg)
}

// mayCreate counts a game's creation against its client's limit and
// answers 429 when it is over (create and rematch).
func (s *Server) mayCreate(w http.ResponseWriter, r *http.Request) bool {
	if ok, retry := s.limits.create(clientOf(r)); !ok {
		tooMany(w, retry, fmt.Sprintf("too many games created from this address (at most %d a minute): try again in a minute", s.limits.createPerMinute))
		return false
	}
	return true
}
