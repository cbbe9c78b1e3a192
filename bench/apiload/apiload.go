// Package apiload measures the browser app's HTTP API under load (issue
// 30): many online games of two people at once, each person a client
// with its own seat token and event stream, playing random legal moves
// in real time — a move only once the other's has arrived on its stream.
// It times each kind of request, and a move's delivery to the other
// client, and counts the refusals by status (docs/app.md, "Load").
package apiload

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"time"

	"azar/app/games"
)

// Options are a run's: where, how many games, of what.
type Options struct {
	// URL is a running server's address (http://host:port); empty starts
	// the app in this process on 127.0.0.1:0 with a temporary data
	// directory and limits raised for the load (testLimits).
	URL string
	// Games are played at once (default 50); Plies is the length after
	// which the side to move resigns (default 60).
	Games, Plies int
	// Variant is chess (the default), spy, magic or lucky.
	Variant string
	// Seed draws the clients' random moves; the same seed, the same
	// choices where the games go the same way.
	Seed uint64
	// Timeout bounds the whole run (default 10 minutes).
	Timeout time.Duration
	// Observe, when not nil, gets every body a client receives — each
	// answer and each event's data — with the game's index and the
	// client's seat. For tests (the secrets' check).
	Observe func(game int, seat string, body []byte)
	// NewSeed deals the card games of the in-process server
	// (games.Config.NewSeed); nil draws them at random. For tests.
	NewSeed func() uint64
}

// Result is a run's measurements.
type Result struct {
	URL       string `json:"url"`
	InProcess bool   `json:"inProcess"`
	// Limits are the in-process server's; nil against a URL.
	Limits  *Limits `json:"limits,omitempty"`
	Variant string  `json:"variant"`
	Games   int     `json:"games"`
	Plies   int     `json:"plies"`
	// Stats are each kind's (KindCreate, ...); Errors the refusals and
	// failures, "move 409": n.
	Stats  map[string]Stat `json:"stats"`
	Errors map[string]int  `json:"errors"`
	// Finished are the games played to their end (a result); Ends how
	// they ended, by status ("resign": 47).
	Finished int `json:"finished"`
	// Private are the moves that changed only the mover's own secret (a
	// spy wildcard's choice): the server tells the other seat nothing,
	// so they have no delivery.
	Private int            `json:"private"`
	Ends    map[string]int `json:"ends"`
	Wall    time.Duration  `json:"wall_ns"`
	// Played is each game as its clients last saw it.
	Played []Game `json:"-"`
}

// Limits are the server's limits on one client (server.Config).
type Limits struct {
	CreatePerMinute  int `json:"createPerMinute"`
	StreamsPerClient int `json:"streamsPerClient"`
	StreamsTotal     int `json:"streamsTotal"`
}

// Game is one game of a run: its id, the moves its clients made, and
// the last view each seat's stream delivered (white's, black's).
type Game struct {
	ID      string
	Moves   int
	Private int // of Moves, those only the mover's stream hears of
	Views   [2]games.View
	// Err is why the game was not played to its end, if it was not.
	Err error
}

// Run plays the games and measures them.
func Run(ctx context.Context, o Options) (Result, error) {
	if o.Games <= 0 {
		o.Games = 50
	}
	if o.Plies <= 0 {
		o.Plies = 60
	}
	if o.Variant == "" {
		o.Variant = "chess"
	}
	if o.Timeout <= 0 {
		o.Timeout = 10 * time.Minute
	}
	switch o.Variant {
	case "chess", "spy", "magic", "lucky":
	default:
		return Result{}, fmt.Errorf("apiload: variant %q: want chess, spy, magic or lucky (games of two people)", o.Variant)
	}
	res := Result{URL: strings.TrimRight(o.URL, "/"), Variant: o.Variant, Games: o.Games, Plies: o.Plies, Ends: map[string]int{}}
	if res.URL == "" {
		l, err := startLocal(testLimits(o.Games), o.NewSeed)
		if err != nil {
			return Result{}, err
		}
		defer l.close()
		res.URL, res.InProcess = l.url, true
		res.Limits = &Limits{CreatePerMinute: l.limits.CreatePerMinute, StreamsPerClient: l.limits.StreamsPerClient, StreamsTotal: l.limits.StreamsTotal}
	}
	ctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	// One connection per stream and one or two per player's requests;
	// the default two idle connections a host would open and close one
	// for nearly every request.
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConns, tr.MaxIdleConnsPerHost = 0, 4*o.Games
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr}
	rec := newRecorder()
	res.Played = make([]Game, o.Games)
	start := time.Now()
	var wg sync.WaitGroup
	for i := range o.Games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := &pair{o: o, i: i, rec: rec}
			for s := range 2 {
				p.c[s] = &client{http: hc, base: res.URL, rec: rec}
				if o.Observe != nil {
					seat := seats[s]
					p.c[s].observe = func(b []byte) { o.Observe(i, seat, b) }
				}
			}
			res.Played[i] = p.play(ctx)
		}()
	}
	wg.Wait()
	res.Wall = time.Since(start)
	res.Stats, res.Errors = rec.stats()
	for _, g := range res.Played {
		if g.Err == nil {
			res.Finished++
			res.Ends[g.Views[0].Status]++
			res.Private += g.Private
		}
	}
	return res, nil
}

// seats are the two seats, white's client first.
var seats = [2]string{"w", "b"}

// pair is one game's two clients.
type pair struct {
	o   Options
	i   int
	rec *recorder
	c   [2]*client
	s   [2]*stream
	// sent are the moves posted and not yet seen on the other's stream.
	mu   sync.Mutex
	sent []sent
}

// sent is a move posted by seat on the view of version base: the first
// view newer than base on the other stream is the one that has it
// (nothing else changes an online game of two people meanwhile). Its
// delivery is timed once the server has also taken the move (ok): a
// refused move changed nothing, whatever the other stream saw then.
type sent struct {
	seat     int
	base     uint64
	at, seen time.Time
	ok       bool
}

// play creates the game, joins it, opens both streams and plays it.
func (p *pair) play(ctx context.Context) Game {
	g := Game{}
	var cr games.Created
	if err := p.c[0].call(ctx, KindCreate, http.MethodPost, "/api/games", map[string]string{"variant": p.o.Variant, "mode": "online", "color": "white"}, http.StatusCreated, &cr); err != nil {
		g.Err = err
		return g
	}
	g.ID = cr.View.ID
	if len(cr.Invites) != 1 {
		g.Err = fmt.Errorf("game %s: %d invitations, want 1", g.ID, len(cr.Invites))
		return g
	}
	p.c[0].token = cr.Token
	defer func() {
		for _, s := range p.s {
			if s != nil {
				s.close()
			}
		}
	}()
	var err error
	if p.s[0], err = p.c[0].open(ctx, g.ID, p.delivered(0)); err != nil {
		g.Err = err
		return g
	}
	var j games.Joined
	if err := p.c[1].call(ctx, KindJoin, http.MethodPost, "/api/games/"+g.ID+"/join", map[string]string{"invite": cr.Invites[0].Code}, http.StatusOK, &j); err != nil {
		g.Err = err
		return g
	}
	p.c[1].token = j.Token
	if p.s[1], err = p.c[1].open(ctx, g.ID, p.delivered(1)); err != nil {
		g.Err = err
		return g
	}
	// Both streams are open: now the moves are delivered as they happen.
	var last [2]uint64
	var moves, private [2]int
	var errs [2]error
	var wg sync.WaitGroup
	for s := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(p.o.Seed, uint64(2*p.i+s)))
			last[s], moves[s], private[s], errs[s] = p.player(ctx, s, rng)
		}()
	}
	wg.Wait()
	g.Moves, g.Private = moves[0]+moves[1], private[0]+private[1]
	if g.Err = errors.Join(errs[0], errs[1]); g.Err != nil {
		return g
	}
	// Each stream's last view is the game's last change (the resignation
	// of a resigner's own stream may still be on its way).
	final := max(last[0], last[1])
	for s := range 2 {
		v, _ := p.s[s].view()
		if v.Version < final {
			if v, err = p.s[s].next(ctx, final-1); err != nil {
				p.rec.fail(KindDelivery, "final view missing")
				g.Err = fmt.Errorf("game %s: seat %s's stream: %w", g.ID, seats[s], err)
			}
		}
		g.Views[s] = v
	}
	return g
}

// delivered is stream s's hook: the other seat's moves this view has,
// timed from their POST.
func (p *pair) delivered(s int) func(games.View, time.Time) {
	return func(v games.View, at time.Time) {
		p.mu.Lock()
		defer p.mu.Unlock()
		keep := p.sent[:0]
		for _, m := range p.sent {
			if m.seat != s && v.Version > m.base && m.seen.IsZero() {
				if m.ok {
					p.rec.add(KindDelivery, at.Sub(m.at))
					continue
				}
				m.seen = at
			}
			keep = append(keep, m)
		}
		p.sent = keep
	}
}

// posted settles seat s's move on base once its POST is answered: ok,
// its delivery is timed now if the other stream has it already, else
// when it does; refused, it is forgotten.
func (p *pair) posted(s int, base uint64, ok bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, m := range p.sent {
		if m.seat != s || m.base != base {
			continue
		}
		switch {
		case ok && m.seen.IsZero():
			p.sent[i].ok = true
		case ok:
			p.rec.add(KindDelivery, m.seen.Sub(m.at))
			fallthrough
		default:
			p.sent = append(p.sent[:i], p.sent[i+1:]...)
		}
		return
	}
}

// player plays seat s to the end: on each view of its own stream that
// gives it moves, a random one of them; at Plies, resigns. It returns
// the version of the last view it had and the moves it made.
func (p *pair) player(ctx context.Context, s int, rng *rand.Rand) (uint64, int, int, error) {
	c, st := p.c[s], p.s[s]
	cur, _ := st.view()
	id := cur.ID
	made, private := 0, 0
	for {
		if cur.Status != "playing" {
			return cur.Version, made, private, nil
		}
		if len(cur.Legal) == 0 {
			v, err := st.next(ctx, cur.Version)
			if err != nil {
				return cur.Version, made, private, fmt.Errorf("game %s seat %s: %w", id, seats[s], err)
			}
			cur = v
			continue
		}
		var next games.View
		if len(cur.Moves) >= p.o.Plies {
			if err := c.call(ctx, KindResign, http.MethodPost, "/api/games/"+id+"/resign", struct{}{}, http.StatusOK, &next); err != nil {
				return cur.Version, made, private, fmt.Errorf("game %s seat %s resigns: %w", id, seats[s], err)
			}
		} else {
			mv := cur.Legal[rng.IntN(len(cur.Legal))]
			p.mu.Lock()
			p.sent = append(p.sent, sent{seat: s, base: cur.Version, at: time.Now()})
			p.mu.Unlock()
			err := c.call(ctx, KindMove, http.MethodPost, "/api/games/"+id+"/move", map[string]any{"move": mv, "version": cur.Version}, http.StatusOK, &next)
			// A move answered on the same version changed only this seat's
			// secret (a spy wildcard's choice): the other hears nothing.
			secret := err == nil && next.Version == cur.Version
			p.posted(s, cur.Version, err == nil && !secret)
			if secret {
				private++
			}
			if err != nil {
				var se *statusError
				if errors.As(err, &se) && se.status == http.StatusConflict {
					// The game moved on (counted): wait for the view it
					// has now.
					v, err := st.next(ctx, cur.Version)
					if err != nil {
						return cur.Version, made, private, fmt.Errorf("game %s seat %s: %w", id, seats[s], err)
					}
					cur = v
					continue
				}
				return cur.Version, made, private, fmt.Errorf("game %s seat %s plays %s: %w", id, seats[s], mv, err)
			}
			made++
		}
		if next.Version >= cur.Version {
			cur = next
		}
	}
}
