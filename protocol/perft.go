package protocol

import (
	"context"
	"fmt"

	"azar/variants"
	"azar/variants/chess"
)

// runPerft is `go perft N` in the background: Stockfish's divide format,
// one "move: count" line per root move, a blank line, then
// "Nodes searched: N". `stop` abandons it with an info string.
func (p *Protocol) runPerft(ctx context.Context, j *job, pos *chess.Position, depth int) {
	defer close(j.done)
	defer j.cancel()
	defer p.endPerft(j, "perft", pos.FEN)
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

// endPerft is deferred by every perft goroutine, chess or variant: a panic
// becomes an error line (what names the perft and where gives the position
// for the log), and the job is finished either way.
func (p *Protocol) endPerft(j *job, what string, where func() string) {
	if r := recover(); r != nil {
		p.log.Errorf("%s panicked in %s: %v", what, where(), r)
		p.out.send(fmt.Sprintf("info string error internal perft failure: %v", r))
	}
	j.finished.Store(true)
}

// runActionPerft is runPerft for a variant: the tree of st's actions, each
// played by play (which skips the checks of Apply) and taken back by Undo;
// what names the perft and where gives the position in the log.
func (p *Protocol) runActionPerft(ctx context.Context, j *job, st variants.State, depth int, play func(variants.Action), what string, where func() string) {
	defer close(j.done)
	defer j.cancel()
	defer p.endPerft(j, what, where)
	var calls uint
	stopped := false
	bufs := make([][]variants.Action, depth+1)
	var count func(d int) uint64
	count = func(d int) uint64 {
		if d == 0 {
			return 1
		}
		if calls++; calls&1023 == 0 && ctx.Err() != nil {
			stopped = true
		}
		if stopped {
			return 0
		}
		bufs[d] = st.Legal(bufs[d][:0])
		if d == 1 {
			return uint64(len(bufs[d]))
		}
		var n uint64
		for i := range bufs[d] {
			play(bufs[d][i])
			n += count(d - 1)
			st.Undo()
		}
		return n
	}
	var total uint64
	for _, a := range st.Legal(nil) {
		tok := st.FormatAction(a)
		play(a)
		n := count(depth - 1)
		st.Undo()
		if stopped {
			p.out.sendLast(&j.finished, "info string perft stopped")
			return
		}
		p.out.send(fmt.Sprintf("%s: %d", tok, n))
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
