package protocol

import (
	"context"
	"fmt"

	"azar/variants/chess"
)

// runPerft is `go perft N` in the background: Stockfish's divide format,
// one "move: count" line per root move, a blank line, then
// "Nodes searched: N". `stop` abandons it with an info string.
func (p *Protocol) runPerft(ctx context.Context, j *job, pos *chess.Position, depth int) {
	defer close(j.done)
	defer j.cancel()
	defer func() {
		if r := recover(); r != nil {
			p.log.Errorf("perft panicked in %s: %v", pos.FEN(), r)
			p.out.send(fmt.Sprintf("info string error internal perft failure: %v", r))
		}
		j.finished.Store(true)
	}()
	c := perftCounter{ctx: ctx, lists: make([]chess.MoveList, depth+1)}
	var total uint64
	for _, m := range legalMoves(pos) {
		pos.Make(m)
		n := c.count(pos, depth-1)
		pos.Unmake()
		if c.stopped {
			p.out.sendLast(&j.finished, "info string perft stopped")
			return
		}
		p.out.send(fmt.Sprintf("%s: %d", m, n))
		total += n
	}
	p.out.sendLast(&j.finished, "", fmt.Sprintf("Nodes searched: %d", total), "")
}

// perftCounter is a perft that checks for cancellation as it goes.
type perftCounter struct {
	ctx     context.Context
	lists   []chess.MoveList
	calls   uint
	stopped bool
}

func (c *perftCounter) count(pos *chess.Position, depth int) uint64 {
	switch {
	case depth <= 0:
		return 1
	case depth == 1:
		return uint64(pos.CountLegal())
	}
	if c.calls++; c.calls&1023 == 0 && c.ctx.Err() != nil {
		c.stopped = true
	}
	if c.stopped {
		return 0
	}
	l := &c.lists[depth]
	pos.GenerateLegal(l)
	var n uint64
	for _, m := range l.Slice() {
		pos.Make(m)
		n += c.count(pos, depth-1)
		pos.Unmake()
	}
	return n
}
