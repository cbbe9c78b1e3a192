package match

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"time"
)

// worker is one game slot: it owns one process per engine and plays games
// one after another.
type worker struct {
	cfg      *Config
	engines  []player // by Config.Engines index; nil: not running
	restarts []atomic.Int64
	debug    *debugLog
	started  []bool // engine i has been started once by this worker
}

func (w *worker) closeAll() {
	for i, e := range w.engines {
		if e != nil {
			e.Close(w.cfg.QuitGrace)
			w.engines[i] = nil
		}
	}
}

// engine returns a running engine i, starting (or restarting) it if needed.
func (w *worker) engine(ctx context.Context, i int) (player, error) {
	if w.started == nil {
		w.started = make([]bool, len(w.engines))
	}
	if e := w.engines[i]; e != nil {
		if e.Alive() {
			return e, nil
		}
		e.Close(w.cfg.QuitGrace)
		w.engines[i] = nil
	}
	if w.started[i] {
		w.restarts[i].Add(1)
	}
	w.started[i] = true
	if kind := w.cfg.Engines[i].Builtin; kind != "" {
		b, err := newBuiltin(w.cfg.Variant, kind)
		if err != nil {
			return nil, fmt.Errorf("engine %s: %w", w.cfg.Engines[i].Name, err)
		}
		w.engines[i] = b
		return b, nil
	}
	e, err := startEngine(ctx, w.cfg.Engines[i], w.cfg.Variant.Name(), w.cfg.StartTimeout, w.debug)
	if err != nil {
		if ctx.Err() != nil {
			return nil, errAborted
		}
		return nil, err
	}
	w.engines[i] = e
	return e, nil
}

// drop stops engine i so that the next game starts a fresh process.
func (w *worker) drop(i int) {
	if e := w.engines[i]; e != nil {
		e.Close(w.cfg.QuitGrace)
		w.engines[i] = nil
	}
}

// ready makes engine i ready for a new game: running, told ucinewgame and
// in step (readyok). A failure gets one restart; a second failure is fatal
// for the match.
func (w *worker) ready(ctx context.Context, i int) error {
	if w.cfg.Engines[i].Restart {
		w.drop(i)
	}
	var err error
	for try := 0; try < 2; try++ {
		var e player
		if e, err = w.engine(ctx, i); err != nil {
			return err
		}
		if err = e.NewGame(ctx, w.cfg.StartTimeout); err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return errAborted
		}
		w.drop(i)
	}
	return fmt.Errorf("engine %s: not ready for a new game: %w", w.cfg.Engines[i].Name, err)
}

// play plays game i (0-based).
func (w *worker) play(ctx context.Context, i int) (*GameRecord, error) {
	cfg := w.cfg
	seats := cfg.Variant.Seats()
	ns := len(seats)
	pair, k := i/len(cfg.seatings), i%len(cfg.seatings)
	var op Opening
	if len(cfg.Openings) > 0 {
		op = cfg.Openings[pair%len(cfg.Openings)]
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(pair)))
	g, err := cfg.Variant.NewGame(op, rng)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", i+1, err)
	}
	rec := &GameRecord{Number: i + 1, Pair: pair, Opening: op, Engines: slices.Clone(cfg.seatings[k]), Start: time.Now()}
	for _, m := range op.Moves {
		a, err := g.Play(g.ToMove(), m)
		if err != nil {
			return nil, fmt.Errorf("game %d: opening %q: %w", i+1, op.ID, err)
		}
		a.Book = true
		rec.Actions = append(rec.Actions, a)
	}
	rec.Tags = g.Tags()
	for s := range ns {
		if err := w.ready(ctx, rec.Engines[s]); err != nil {
			return nil, err
		}
		if b, ok := w.engines[rec.Engines[s]].(*builtin); ok {
			b.seed(cfg.Seed, i, s)
		}
	}

	// Clocks per seat, from the limits of the engine in that seat.
	clock := make([]time.Duration, ns)
	for s := range ns {
		clock[s] = cfg.Engines[rec.Engines[s]].Limits.Time
	}
	adj := newAdjudicator(cfg, ns)
	restarted := map[int]bool{}
	// forfeit ends seat s's part in the game; a game that goes on without
	// it (more than two seats) keeps the reason in the record.
	forfeit := func(s int, end End, text string) {
		g.Forfeit(s, end, text)
		if _, over := g.Result(); !over {
			rec.Eliminated = append(rec.Eliminated, Elimination{Seat: s, End: end, Text: text, After: len(rec.Actions)})
			adj.eliminate()
		}
	}
	for {
		if _, over := g.Result(); over {
			break
		}
		if cfg.MaxMoves > 0 && plies(rec.Actions) >= cfg.MaxMoves*ns {
			g.Adjudicate(rec.activeDraw(draw(ns, EndMoveLimit, fmt.Sprintf("Draw by move limit (%d moves)", cfg.MaxMoves))))
			break
		}
		s := g.ToMove()
		ei := rec.Engines[s]
		if w.engines[ei] == nil {
			// Dropped earlier in this game (a variant where a forfeit does
			// not end the game): bring it back before asking it.
			if err := w.ready(ctx, ei); err != nil {
				return nil, err
			}
		}
		e := w.engines[ei]
		lim := cfg.Engines[ei].Limits
		goArgs, allowed := w.goCommand(s, rec.Engines, clock)
		reply, err := e.Go(ctx, g.Position(s), goArgs, allowed+lim.Margin)
		name := seats[s].Name
		switch {
		case err == nil:
		case ctx.Err() != nil:
			return nil, errAborted
		case errors.Is(err, ErrCrashed):
			w.drop(ei)
			restarted[ei] = true
			forfeit(s, EndCrash, fmt.Sprintf("%s's engine crashed", name))
			continue
		case errors.Is(err, ErrTimeout):
			if e.Stop(ctx, cfg.StopGrace) {
				forfeit(s, EndTime, fmt.Sprintf("%s loses on time", name))
			} else {
				if ctx.Err() != nil {
					return nil, errAborted
				}
				w.drop(ei)
				restarted[ei] = true
				forfeit(s, EndHang, fmt.Sprintf("%s's engine stopped answering (no bestmove within %s)", name, allowed+lim.Margin+cfg.StopGrace))
			}
			continue
		default:
			return nil, err
		}
		if reply.Elapsed > allowed+lim.Margin {
			forfeit(s, EndTime, fmt.Sprintf("%s loses on time (%.3fs for %.3fs)", name, reply.Elapsed.Seconds(), allowed.Seconds()))
			continue
		}
		if lim.HasClock() {
			clock[s] = max(clock[s]-reply.Elapsed, 0) + lim.Inc
		}
		a, err := g.Play(s, reply.Move)
		if err != nil {
			forfeit(s, EndIllegal, fmt.Sprintf("%s makes an illegal move: %s", name, reply.Move))
			continue
		}
		a.Score, a.Depth, a.Time = reply.Score, reply.Depth, reply.Elapsed
		rec.Actions = append(rec.Actions, a)
		if _, over := g.Result(); over {
			break
		}
		if a.Secret {
			continue
		}
		if r, ok := adj.update(a); ok {
			if r.End == EndResign {
				forfeit(a.Seat, EndResign, r.Text)
			} else {
				g.Adjudicate(rec.activeDraw(r))
			}
		}
	}
	if am, ok := g.(interface{ amendTexts([]Action) }); ok {
		am.amendTexts(rec.Actions) // what later actions told of earlier ones (a magic card countered)
	}
	rec.Result, _ = g.Result()
	rec.Tags = g.Tags() // what the game revealed (a spy wildcard's choice)
	for ei := range restarted {
		rec.Restarted = append(rec.Restarted, ei)
	}
	slices.Sort(rec.Restarted)
	return rec, nil
}

// goCommand builds the go arguments for seat s and returns the time the
// move may take (before the margin).
func (w *worker) goCommand(s int, engines []int, clock []time.Duration) (string, time.Duration) {
	cfg := w.cfg
	seats := cfg.Variant.Seats()
	lim := cfg.Engines[engines[s]].Limits
	var b strings.Builder
	if lim.HasClock() {
		// UCI's order: every seat's time, then every seat's increment
		// (wtime btime winc binc; rtime gtime ytime btime rinc ginc yinc
		// binc).
		var inc strings.Builder
		for t := range seats {
			l := cfg.Engines[engines[t]].Limits
			if !l.HasClock() {
				continue
			}
			fmt.Fprintf(&b, " %stime %s", seats[t].Clock, ms(clock[t]))
			fmt.Fprintf(&inc, " %sinc %s", seats[t].Clock, ms(l.Inc))
		}
		b.WriteString(inc.String())
	}
	if lim.MoveTime > 0 {
		fmt.Fprintf(&b, " movetime %s", ms(lim.MoveTime))
	}
	if lim.Nodes > 0 {
		fmt.Fprintf(&b, " nodes %d", lim.Nodes)
	}
	if lim.Depth > 0 {
		fmt.Fprintf(&b, " depth %d", lim.Depth)
	}
	allowed := time.Duration(-1)
	if lim.HasClock() {
		allowed = clock[s]
	}
	if lim.MoveTime > 0 && (allowed < 0 || lim.MoveTime < allowed) {
		allowed = lim.MoveTime
	}
	if allowed < 0 {
		allowed = cfg.MoveTimeout
	}
	return strings.TrimSpace(b.String()), allowed
}

// adjudicator follows the engines' scores for -draw and -resign.
type adjudicator struct {
	draw      *DrawRule
	resign    *ResignRule
	seats     int
	active    int   // seats still in the game (fewer after eliminations)
	drawRun   int   // consecutive engine moves with a drawish score
	resignRun []int // per seat: consecutive own moves with a losing score
	names     []Seat
}

func newAdjudicator(cfg *Config, seats int) *adjudicator {
	return &adjudicator{draw: cfg.Draw, resign: cfg.Resign, seats: seats, active: seats, resignRun: make([]int, seats), names: cfg.Variant.Seats()}
}

// eliminate takes a seat out of the draw rule's count: MoveCount moves
// of each seat still in make a drawish run.
func (a *adjudicator) eliminate() { a.active = max(1, a.active-1) }

// update takes an engine's move and returns an adjudicated result, if any.
// A resignation's Result names only End and Text; the caller forfeits the
// seat.
func (a *adjudicator) update(act Action) (Result, bool) {
	sc := act.Score
	if d := a.draw; d != nil {
		if sc.Valid && !sc.Mate && abs(sc.Value) <= d.Score && act.Number >= d.MoveNumber {
			a.drawRun++
		} else {
			a.drawRun = 0
		}
		if a.drawRun >= d.MoveCount*a.active {
			return draw(a.seats, EndDrawAdjudicated, "Draw by adjudication"), true
		}
	}
	if r := a.resign; r != nil {
		if sc.Valid && sc.CP() <= -r.Score {
			a.resignRun[act.Seat]++
		} else {
			a.resignRun[act.Seat] = 0
		}
		if a.resignRun[act.Seat] >= r.MoveCount {
			return Result{End: EndResign, Text: a.names[act.Seat].Name + " resigns (adjudication)"}, true
		}
	}
	return Result{}, false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// activeDraw takes the half points of an adjudicated draw away from the
// seats already eliminated (forfeits after which a game of more than two
// seats went on): they lost, and the draw is among the seats still in.
func (rec *GameRecord) activeDraw(r Result) Result {
	for _, e := range rec.Eliminated {
		if e.Seat < len(r.Points) {
			r.Points[e.Seat] = 0
		}
	}
	return r
}
