package engine

import (
	"context"
	"errors"
	"sync"
)

// Pool shares a few engines among many games: a search takes an idle
// engine (starting one when none is idle and fewer than the pool's size
// run) and gives it back after. An engine that died during a search is
// replaced and the search tried once more on the new one, so a crash costs
// a game one search's time, never the game: the request carries the whole
// position, nothing of the game lives in the engine.
type Pool struct {
	cfg   Config
	slots chan *Engine // one per allowed engine; nil where none is started

	mu     sync.Mutex
	all    map[*Engine]bool
	closed bool
}

// ErrClosed is returned by a Pool after Close.
var ErrClosed = errors.New("engine: pool closed")

// NewPool returns a pool of at most size engines, started as needed.
func NewPool(size int, cfg Config) *Pool {
	p := &Pool{cfg: cfg, slots: make(chan *Engine, max(1, size)), all: map[*Engine]bool{}}
	for range max(1, size) {
		p.slots <- nil
	}
	return p
}

// Search runs r on an engine of the pool, waiting for one to be free.
func (p *Pool) Search(ctx context.Context, r Request) (Result, error) {
	var e *Engine
	select {
	case e = <-p.slots:
	case <-ctx.Done():
		return Result{}, ctx.Err()
	}
	var res Result
	var err error
	for try := 0; try < 2; try++ {
		if e == nil || !p.alive(e) {
			p.forget(e)
			if e, err = p.start(); err != nil {
				break
			}
		}
		res, err = e.Search(ctx, r)
		if !errors.Is(err, ErrDead) || ctx.Err() != nil {
			break
		}
	}
	if err != nil && errors.Is(err, ErrDead) {
		p.forget(e)
		e = nil
	}
	p.slots <- e
	return res, err
}

// HasOption reports whether the pool's engines list the option, starting
// one to ask if needed.
func (p *Pool) HasOption(ctx context.Context, name string) (bool, error) {
	var e *Engine
	select {
	case e = <-p.slots:
	case <-ctx.Done():
		return false, ctx.Err()
	}
	var err error
	if e == nil || !p.alive(e) {
		p.forget(e)
		e, err = p.start()
	}
	p.slots <- e
	if err != nil {
		return false, err
	}
	return e.HasOption(name), nil
}

func (p *Pool) start() (*Engine, error) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil, ErrClosed
	}
	p.mu.Unlock()
	e, err := Start(p.cfg)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		e.Kill()
		return nil, ErrClosed
	}
	p.all[e] = true
	return e, nil
}

func (p *Pool) alive(e *Engine) bool {
	select {
	case <-e.killed:
		return false
	case <-e.done:
		return false
	default:
		return true
	}
}

func (p *Pool) forget(e *Engine) {
	if e == nil {
		return
	}
	e.Kill()
	p.mu.Lock()
	delete(p.all, e)
	p.mu.Unlock()
}

// Running is how many engines the pool has started and not lost.
func (p *Pool) Running() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.all)
}

// KillAll kills every running engine as a crash would (the games go on:
// the next search starts a new engine). Tests use it to check exactly
// that.
func (p *Pool) KillAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for e := range p.all {
		e.Kill()
	}
}

// Close ends every engine; searches after it fail with ErrClosed.
func (p *Pool) Close() {
	p.mu.Lock()
	p.closed = true
	es := make([]*Engine, 0, len(p.all))
	for e := range p.all {
		es = append(es, e)
	}
	p.all = map[*Engine]bool{}
	p.mu.Unlock()
	for _, e := range es {
		e.Kill()
	}
}
