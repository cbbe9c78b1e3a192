package protocol

import (
	"context"
	"time"

	"azar/search"
)

// The one search runner: every game's `go` that searches hands it a
// searchJob, and the runner owns what UCI asks of every search: progress
// lines go out as they come, a ponderhit reaches the engine however early
// it arrives, an infinite or ponder search holds its bestmove until stop
// or ponderhit, a panic becomes an error line, and exactly one bestmove
// ends the job.

// searchJob is one search as a game describes it to the runner.
type searchJob struct {
	what  string        // names the search in the log ("spy search")
	where func() string // the position, for the log
	// limits are the go command's (the runner holds the bestmove of an
	// infinite or ponder search).
	limits search.Limits
	// fallback is the bestmove line played if the search fails: a legal
	// action, or 0000.
	fallback string
	// noMove, when set, is the info line of a position with nothing to
	// choose; the runner then answers bestmove 0000 without searching.
	noMove string
	// ponderHit turns the engine's ponder search into a normal one.
	ponderHit func()
	// run searches and returns the bestmove line.
	run func(ctx context.Context) string
}

// startSearch makes sj the session's job and runs it in the background.
func (p *Protocol) startSearch(sj searchJob) {
	ctx, j := p.newJob()
	go p.runSearchJob(ctx, j, sj)
}

func (p *Protocol) runSearchJob(ctx context.Context, j *job, sj searchJob) {
	defer close(j.done)
	defer j.cancel()
	defer p.endSearch(j, sj.fallback, sj.what, sj.where)
	if sj.noMove != "" {
		p.release(ctx, j, sj.limits, sj.noMove, "bestmove 0000")
		return
	}
	stopRelay := relayPonderHit(j, sj.ponderHit)
	line := sj.run(ctx)
	stopRelay() // before bestmove: the next search must not get this ponderhit
	// The engines hold infinite and ponder searches themselves; this is
	// the guarantee, should a search come back early.
	waitForRelease(ctx, j, sj.limits)
	p.out.sendLast(&j.finished, line)
}

// relayPonderHit passes the job's ponderhit to the engine. The engine takes
// its ponder state from the limits when its search starts, so a ponderhit
// that arrives before that is repeated until the search ends. The returned
// function ends the relay.
func relayPonderHit(j *job, hit func()) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		select {
		case <-j.hitCh:
		case <-done:
			return
		}
		for {
			if hit != nil {
				hit()
			}
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

// answer answers a `go` without searching (a book move, the wildcard's
// choice, a go that cannot search after its error line): the info line,
// if any, then bestmove, held as UCI requires (see waitForRelease).
func (p *Protocol) answer(l search.Limits, info, bestmove string) {
	ctx, j := p.newJob()
	go func() {
		defer close(j.done)
		defer j.cancel()
		p.release(ctx, j, l, info, bestmove)
	}()
}
