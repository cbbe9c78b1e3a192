package apiload

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"azar/app/games"
	"azar/app/server"
)

// client is one person's side of the API: its seat's token on every
// request (server.SeatHeader), as the page sends it.
type client struct {
	http  *http.Client
	base  string
	rec   *recorder
	token string
	// observe, when not nil, gets every body this client receives.
	observe func(body []byte)
}

// statusError is a refusal: the status and the server's words.
type statusError struct {
	status int
	body   string
}

func (e *statusError) Error() string { return fmt.Sprintf("%d %s", e.status, e.body) }

// call sends a JSON request, times it to the last byte of the answer
// under kind, and decodes the answer into out. A refusal or a transport
// error is counted under kind and returned.
func (c *client) call(ctx context.Context, kind, method, path string, body any, want int, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set(server.SeatHeader, c.token)
	}
	start := time.Now()
	resp, err := c.http.Do(req)
	if err != nil {
		c.rec.fail(kind, failure(ctx, err))
		return err
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	d := time.Since(start)
	if err != nil {
		c.rec.fail(kind, failure(ctx, err))
		return err
	}
	if c.observe != nil {
		c.observe(b)
	}
	if resp.StatusCode != want {
		c.rec.fail(kind, strconv.Itoa(resp.StatusCode))
		return &statusError{resp.StatusCode, string(bytes.TrimSpace(b))}
	}
	c.rec.add(kind, d)
	return json.Unmarshal(b, out)
}

// failure names an error without a status: the run's time up, or the
// connection's trouble.
func failure(ctx context.Context, err error) string {
	if ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded) {
		return "timeout"
	}
	return "transport"
}

// stream is a client's open event stream: the newest view it has
// delivered, as a page keeps only the newest.
type stream struct {
	mu     sync.Mutex
	latest games.View
	got    bool
	err    error // why the stream ended, once it has
	notify chan struct{}
	cancel context.CancelFunc
	done   chan struct{}
}

// open opens the game's event stream, timed under KindStream to its
// first event. onView runs on the reader's goroutine with each view and
// the moment its data line arrived, before the view is delivered.
func (c *client) open(ctx context.Context, id string, onView func(v games.View, at time.Time)) (*stream, error) {
	ctx, cancel := context.WithCancel(ctx)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/api/games/"+id+"/events", nil)
	if err != nil {
		cancel()
		return nil, err
	}
	req.Header.Set(server.SeatHeader, c.token)
	start := time.Now()
	resp, err := c.http.Do(req)
	if err != nil {
		cancel()
		c.rec.fail(KindStream, failure(ctx, err))
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		cancel()
		c.rec.fail(KindStream, strconv.Itoa(resp.StatusCode))
		return nil, &statusError{resp.StatusCode, string(bytes.TrimSpace(b))}
	}
	s := &stream{notify: make(chan struct{}, 1), cancel: cancel, done: make(chan struct{})}
	first := make(chan struct{})
	go func() {
		defer close(s.done)
		defer resp.Body.Close()
		once := sync.Once{}
		err := readEvents(resp.Body, func(data []byte) error {
			at := time.Now()
			if c.observe != nil {
				c.observe(data)
			}
			var v games.View
			if err := json.Unmarshal(data, &v); err != nil {
				return err
			}
			onView(v, at)
			s.mu.Lock()
			if !s.got || v.Version >= s.latest.Version {
				s.latest, s.got = v, true
			}
			s.mu.Unlock()
			// After the view is kept: open returns with it.
			once.Do(func() {
				c.rec.add(KindStream, at.Sub(start))
				close(first)
			})
			select {
			case s.notify <- struct{}{}:
			default:
			}
			return nil
		})
		s.mu.Lock()
		s.err = err
		s.mu.Unlock()
		once.Do(func() { close(first) })
		select {
		case s.notify <- struct{}{}:
		default:
		}
	}()
	select {
	case <-first:
	case <-ctx.Done():
	}
	if _, ok := s.view(); !ok {
		s.close()
		c.rec.fail(KindStream, "no first event")
		return nil, errors.New("the event stream ended before its first event")
	}
	return s, nil
}

// readEvents calls f with the data of each event of an event stream
// until it ends; comments (the keep-alive) are skipped.
func readEvents(r io.Reader, f func(data []byte) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var data []byte
	for {
		line, err := br.ReadBytes('\n')
		if err != nil {
			return err
		}
		line = bytes.TrimRight(line, "\r\n")
		switch {
		case len(line) == 0:
			if data != nil {
				if err := f(data); err != nil {
					return err
				}
				data = nil
			}
		case bytes.HasPrefix(line, []byte("data: ")):
			data = append(data, line[len("data: "):]...)
		}
	}
}

// view is the newest view the stream has delivered.
func (s *stream) view() (games.View, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.latest, s.got
}

// next waits for a view newer than version, or for the stream's end.
func (s *stream) next(ctx context.Context, version uint64) (games.View, error) {
	for {
		s.mu.Lock()
		v, err := s.latest, s.err
		s.mu.Unlock()
		if v.Version > version {
			return v, nil
		}
		if err != nil {
			return v, fmt.Errorf("the event stream ended: %w", err)
		}
		select {
		case <-s.notify:
		case <-ctx.Done():
			return v, ctx.Err()
		}
	}
}

func (s *stream) close() {
	s.cancel()
	<-s.done
}
