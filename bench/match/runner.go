// Package match plays matches between UCI engines and measures them: the
// engine of `azar match`. It runs each engine as a subprocess, keeps the
// authoritative game and validates every move (it is the referee), applies
// clocks and forfeits, adjudicates, writes PGN and reports win/draw/loss
// statistics, Elo with error bars and an SPRT through bench/stats.
//
// Games are described by a Variant: standard chess (Chess), the card
// games (Spy, Lucky) and four-player chaturanga (Chaturanga4). Besides
// engine processes the runner plays built-in baseline players itself
// (builtin=random, builtin=greedy; builtin.go).
// Each opening is played once per rotation of the engines over the seats
// (for two engines: once with each colour), and the games of an opening
// form a pair for the pentanomial statistics.
package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"azar/bench/stats"
)

// DrawRule adjudicates a draw when, from full move MoveNumber on, every
// engine's score has been within Score centipawns of zero for MoveCount
// consecutive moves of each seat (mate scores never count).
type DrawRule struct {
	MoveNumber, MoveCount, Score int
}

// ResignRule adjudicates a loss for an engine whose own score has been at
// most -Score centipawns for MoveCount consecutive moves of its own.
type ResignRule struct {
	MoveCount, Score int
}

// Config is a match.
type Config struct {
	Variant Variant // nil: Chess
	// Engines play the seats; there must be one per seat of the variant.
	// Statistics (Score, Penta, SPRT) are for Engines[0] against
	// Engines[1] in two-seat games.
	Engines []EngineConfig
	// Games to play; each opening is used once per seating in a row:
	// len(Engines) times (the cyclic rotations), or len(Engines)! times
	// with AllSeatings.
	Games int
	// AllSeatings plays every permutation of the engines over the seats
	// per opening (24 with four engines, in lexicographic order) instead
	// of the cyclic rotations (game k of an opening puts engine
	// (s + k) mod n in seat s). With two engines both are the same.
	AllSeatings bool
	Concurrency int // games in parallel (default 1); each game slot runs its own engine processes
	// Openings in playing order (see OrderOpenings); opening i serves
	// games i*k .. i*k+k-1 (k seatings), wrapping around. None: the
	// variant's standard start.
	Openings []Opening
	// Seed seeds every game's chance (card shuffles): the games of
	// opening pair k use the seed (Seed, k).
	Seed uint64

	Draw     *DrawRule
	Resign   *ResignRule
	MaxMoves int // adjudicate a draw after this many moves per seat; 0: no limit

	// SPRT stops the match once decided; ignored unless SPRT.Valid().
	SPRT stats.SPRT

	Event, Site string // PGN tags; defaults "azar match" and "?"

	PGN      io.Writer // every finished game, in the order they finish; nil: none
	Progress io.Writer // one line per finished game; nil: none
	Debug    io.Writer // all engine traffic; nil: none

	// StartTimeout bounds each handshake wait (uciok, readyok); default
	// 10 s.
	StartTimeout time.Duration
	// MoveTimeout bounds a move when the engine has neither a clock nor a
	// fixed time per move (nodes or depth only); default 60 s.
	MoveTimeout time.Duration
	// StopGrace is how long an engine that overstepped its time has to
	// answer stop before it is declared stalled and restarted; QuitGrace
	// how long an engine has to exit after quit before it is killed.
	// Defaults 1 s each.
	StopGrace, QuitGrace time.Duration

	// seatings are the engine arrangements of one opening: seatings[k][s]
	// is the engine in seat s in the k-th game of an opening.
	seatings [][]int
}

// GameRecord is one finished game.
type GameRecord struct {
	Number  int     // 1-based game number (the PGN Round)
	Pair    int     // 0-based opening pair: the games of one opening
	Opening Opening // the opening as given
	// Engines[s] is the index (into Config.Engines) of the engine at seat s.
	Engines []int
	Tags    []Tag    // the game's own PGN tags (FEN, SetUp, Variant)
	Actions []Action // book moves included
	Result  Result
	Start   time.Time
	// Restarted lists the engines (Config.Engines indexes) restarted
	// because of this game: crashed or stalled. In increasing order.
	Restarted []int
	// Eliminated lists the forfeits after which the game went on (a seat
	// dropping out of a game of more than two players), in the order
	// they happened. A forfeit that ends the game is in Result instead.
	Eliminated []Elimination
}

// Elimination is a seat's forfeit that did not end its game.
type Elimination struct {
	Seat  int
	End   End
	Text  string // the reason, as for Result.Text
	After int    // how many of the record's Actions had been played
}

// Points returns the points engine (a Config.Engines index) scored, and
// whether it played the game.
func (g *GameRecord) Points(engine int) (float64, bool) {
	for s, e := range g.Engines {
		if e == engine && s < len(g.Result.Points) {
			return g.Result.Points[s], true
		}
	}
	return 0, false
}

// Report is the outcome of a match.
type Report struct {
	Engines []string      // names
	Games   []*GameRecord // finished games in the order they were counted
	// Points per engine over all counted games.
	Points []float64
	// PerEngine is each engine's games, score per game and places (what
	// the report shows for more than two seats).
	PerEngine []EngineStats
	// Two-engine statistics from Engines[0]'s point of view.
	Score stats.Score
	Penta stats.Penta
	SPRT  stats.SPRT
	LLR   float64 // 0 unless SPRT is valid
	// Decision is the SPRT's verdict; a decided SPRT stopped the match.
	Decision stats.Decision
	// Restarts per engine: how many times a crashed, stalled or
	// restart=on engine was started again.
	Restarts []int
	// Ends counts the games by how they ended.
	Ends map[End]int
	// Interrupted is set when the context was cancelled before the match
	// finished (the games in progress were dropped).
	Interrupted bool
	Elapsed     time.Duration
}

// EngineStats is one engine's record over a match: its score per game
// (Result.Points: 1 a win, 1/k a draw shared by k, 0 a loss) and the
// places it finished in.
type EngineStats struct {
	Games  int
	Points float64 // the sum of its scores
	sumSq  float64
	// Places[k] counts the games it finished in place k+1; a shared
	// place (a draw among the seats still in) counts as that place.
	Places []int
	// Seats[s] counts the games it played in seat s.
	Seats []int
}

func (e *EngineStats) add(score float64, place, seat int) {
	e.Games++
	e.Points += score
	e.sumSq += score * score
	if place >= 1 && place <= len(e.Places) {
		e.Places[place-1]++
	}
	if seat < len(e.Seats) {
		e.Seats[seat]++
	}
}

// Mean is the score per game (0 before any game).
func (e EngineStats) Mean() float64 {
	if e.Games == 0 {
		return 0
	}
	return e.Points / float64(e.Games)
}

// CI95 is the half width of the 95% confidence interval of the mean score
// per game (normal approximation: 1.96 sample standard deviations over
// the square root of the games). It is 0 with fewer than two games.
func (e EngineStats) CI95() float64 {
	n := float64(e.Games)
	if e.Games < 2 {
		return 0
	}
	v := (e.sumSq - e.Points*e.Points/n) / (n - 1)
	if v <= 0 {
		return 0
	}
	return 1.959963984540054 * math.Sqrt(v/n)
}

// places is each seat's place in a finished game: the variant's own
// (Result.Places), else one more than the seats with more points.
func places(r Result) []int {
	if len(r.Places) == len(r.Points) {
		return r.Places
	}
	out := make([]int, len(r.Points))
	for s, p := range r.Points {
		out[s] = 1
		for _, q := range r.Points {
			if q > p {
				out[s]++
			}
		}
	}
	return out
}

// Summary is the one-line statistics of a two-engine match
// (stats.Summary), or per-engine points otherwise.
func (r *Report) Summary() string {
	if len(r.Engines) == 2 {
		return stats.Summary(r.Score, r.Penta, r.SPRT)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Games: %d, points:", len(r.Games))
	for i, n := range r.Engines {
		fmt.Fprintf(&b, " %s %s", n, points(r.Points[i]))
	}
	return b.String()
}

// points writes a points total with at most two decimals: draws shared
// by three seats give thirds.
func points(x float64) string {
	return strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64)
}

// WriteText writes the final report: who played, the statistics line, the
// SPRT verdict, how games ended and restarts.
func (r *Report) WriteText(w io.Writer) {
	fmt.Fprintf(w, "Engines: %s\n", strings.Join(r.Engines, " vs "))
	if len(r.Engines) == 2 {
		fmt.Fprintf(w, "Results of %s vs %s (%s's point of view):\n", r.Engines[0], r.Engines[1], r.Engines[0])
	}
	fmt.Fprintln(w, r.Summary())
	if len(r.Engines) != 2 && len(r.PerEngine) == len(r.Engines) {
		r.writeEngines(w)
	}
	if r.SPRT.Valid() {
		lo, hi := r.SPRT.Bounds()
		fmt.Fprintf(w, "SPRT: elo0=%g elo1=%g alpha=%g beta=%g: LLR %.2f [%.2f, %.2f], %s\n",
			r.SPRT.Elo0, r.SPRT.Elo1, r.SPRT.Alpha, r.SPRT.Beta, r.LLR, lo, hi, r.Decision)
	}
	if len(r.Ends) > 0 {
		var parts []string
		for _, e := range sortedEnds(r.Ends) {
			parts = append(parts, fmt.Sprintf("%s %d", e, r.Ends[e]))
		}
		fmt.Fprintf(w, "Endings: %s\n", strings.Join(parts, ", "))
	}
	var rs []string
	for i, n := range r.Restarts {
		if n > 0 {
			rs = append(rs, fmt.Sprintf("%s %d", r.Engines[i], n))
		}
	}
	if len(rs) > 0 {
		fmt.Fprintf(w, "Restarts: %s\n", strings.Join(rs, ", "))
	}
	if r.Interrupted {
		fmt.Fprintln(w, "Match interrupted.")
	}
	fmt.Fprintf(w, "Elapsed: %.1fs\n", r.Elapsed.Seconds())
}

// writeEngines writes one line per engine: its score per game with the
// 95% interval and its places.
func (r *Report) writeEngines(w io.Writer) {
	width := 0
	for _, n := range r.Engines {
		width = max(width, len(n))
	}
	seats := 0
	for _, e := range r.PerEngine {
		seats = max(seats, len(e.Places))
	}
	ords := make([]string, seats)
	for k := range ords {
		ords[k] = ordinal(k + 1)
	}
	fmt.Fprintf(w, "Per engine: score per game ± 95%% CI, points/games, places %s:\n", strings.Join(ords, "/"))
	pg := make([]string, len(r.Engines))
	pgWidth := 0
	for i, e := range r.PerEngine {
		pg[i] = fmt.Sprintf("%s/%d", points(e.Points), e.Games)
		pgWidth = max(pgWidth, len(pg[i]))
	}
	for i, n := range r.Engines {
		e := r.PerEngine[i]
		ps := make([]string, len(e.Places))
		for k, c := range e.Places {
			ps[k] = strconv.Itoa(c)
		}
		fmt.Fprintf(w, "  %-*s  %.3f ± %.3f  %-*s  %s\n", width, n, e.Mean(), e.CI95(), pgWidth, pg[i], strings.Join(ps, "/"))
	}
}

// ordinal writes 1st, 2nd, 3rd, 4th, ...
func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return strconv.Itoa(n) + "th"
}

func sortedEnds(m map[End]int) []End {
	var out []End
	for e := range m {
		out = append(out, e)
	}
	// Most frequent first, then by name.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0; j-- {
			a, b := out[j-1], out[j]
			if m[a] > m[b] || (m[a] == m[b] && a < b) {
				break
			}
			out[j-1], out[j] = b, a
		}
	}
	return out
}

// normalize fills defaults and checks the configuration.
func (c *Config) normalize() error {
	if c.Variant == nil {
		c.Variant = Chess{}
	}
	seats := len(c.Variant.Seats())
	if len(c.Engines) != seats {
		return fmt.Errorf("%s takes %d engines (one per seat), got %d", c.Variant.Name(), seats, len(c.Engines))
	}
	names := map[string]bool{}
	for i := range c.Engines {
		e := &c.Engines[i]
		switch {
		case e.Builtin != "":
			if e.Cmd != "" || len(e.Args) > 0 || e.Dir != "" {
				return fmt.Errorf("engine %d: builtin=%s is played by the runner itself: no cmd, arg or dir", i+1, e.Builtin)
			}
			if _, err := newBuiltin(c.Variant, e.Builtin); err != nil {
				return fmt.Errorf("engine %d: %w", i+1, err)
			}
			if e.Name == "" {
				e.Name = e.Builtin
			}
		case e.Cmd == "":
			return fmt.Errorf("engine %d: no cmd", i+1)
		case e.Name == "":
			e.Name = baseName(e.Cmd)
		}
		if names[e.Name] {
			e.Name = fmt.Sprintf("%s(%d)", e.Name, i+1)
		}
		names[e.Name] = true
		if e.Limits.IsZero() && e.Builtin == "" {
			return fmt.Errorf("engine %s: no limit: give tc=, st=, nodes= or depth=", e.Name)
		}
		if e.Limits.Margin < 0 {
			return fmt.Errorf("engine %s: negative time margin", e.Name)
		}
	}
	if c.Games < 1 {
		return fmt.Errorf("games must be at least 1, got %d", c.Games)
	}
	if c.Concurrency < 1 {
		c.Concurrency = 1
	}
	c.Concurrency = min(c.Concurrency, c.Games)
	if c.MaxMoves < 0 {
		return fmt.Errorf("maxmoves must not be negative")
	}
	if d := c.Draw; d != nil && (d.MoveNumber < 0 || d.MoveCount < 1 || d.Score < 0) {
		return fmt.Errorf("draw adjudication: want movenumber >= 0, movecount >= 1, score >= 0")
	}
	if r := c.Resign; r != nil && (r.MoveCount < 1 || r.Score < 1) {
		return fmt.Errorf("resign adjudication: want movecount >= 1, score >= 1")
	}
	if c.SPRT != (stats.SPRT{}) && !c.SPRT.Valid() {
		return fmt.Errorf("sprt: want elo0 < elo1, alpha > 0, beta > 0, alpha + beta < 1")
	}
	if c.SPRT.Valid() && seats != 2 {
		return fmt.Errorf("sprt needs a two-player variant; %s has %d seats", c.Variant.Name(), seats)
	}
	for i, o := range c.Openings {
		if _, err := c.Variant.NewGame(o, rand.New(rand.NewPCG(c.Seed, uint64(i)))); err != nil {
			return fmt.Errorf("opening %d (%s): %w", i+1, o.ID, err)
		}
	}
	c.seatings = seatings(seats, c.AllSeatings)
	if c.Event == "" {
		c.Event = "azar match"
	}
	if c.Site == "" {
		c.Site = "?"
	}
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&c.StartTimeout, 10*time.Second)
	def(&c.MoveTimeout, 60*time.Second)
	def(&c.StopGrace, time.Second)
	def(&c.QuitGrace, time.Second)
	return nil
}

// seatings lists the arrangements of n engines over n seats that each
// opening is played with: the n cyclic rotations, or all n! permutations
// in lexicographic order.
func seatings(n int, all bool) [][]int {
	var out [][]int
	if !all {
		for k := range n {
			a := make([]int, n)
			for s := range a {
				a[s] = (s + k) % n
			}
			out = append(out, a)
		}
		return out
	}
	var perm func(prefix []int, used []bool)
	perm = func(prefix []int, used []bool) {
		if len(prefix) == n {
			out = append(out, slices.Clone(prefix))
			return
		}
		for e := range n {
			if !used[e] {
				used[e] = true
				perm(append(prefix, e), used)
				used[e] = false
			}
		}
	}
	perm(make([]int, 0, n), make([]bool, n))
	return out
}

func baseName(cmd string) string {
	if i := strings.LastIndexAny(cmd, `/\`); i >= 0 {
		cmd = cmd[i+1:]
	}
	return cmd
}

// errAborted marks a game dropped because the match was stopped.
var errAborted = errors.New("match stopped")

// Run plays the match. It returns when all games are played, the SPRT is
// decided, ctx is cancelled (Report.Interrupted) or an engine cannot be
// started (an error, with the report so far). Games in progress when the
// match stops early are dropped.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if err := cfg.normalize(); err != nil {
		return nil, err
	}
	start := time.Now()
	n := len(cfg.Engines)
	rep := &Report{
		SPRT:      cfg.SPRT,
		Points:    make([]float64, n),
		PerEngine: make([]EngineStats, n),
		Restarts:  make([]int, n),
		Ends:      map[End]int{},
	}
	seats := len(cfg.Variant.Seats())
	for i, e := range cfg.Engines {
		rep.Engines = append(rep.Engines, e.Name)
		rep.PerEngine[i] = EngineStats{Places: make([]int, seats), Seats: make([]int, seats)}
	}

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	var debug *debugLog
	if cfg.Debug != nil {
		debug = &debugLog{w: cfg.Debug}
	}
	var (
		next     atomic.Int64
		restarts = make([]atomic.Int64, n)
		results  = make(chan *GameRecord)
		errs     = make(chan error, cfg.Concurrency)
		wg       sync.WaitGroup
	)
	for range cfg.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &worker{cfg: &cfg, engines: make([]player, n), restarts: restarts, debug: debug}
			defer w.closeAll()
			for runCtx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= cfg.Games {
					return
				}
				rec, err := w.play(runCtx, i)
				if errors.Is(err, errAborted) {
					return
				}
				if err != nil {
					errs <- err
					cancel()
					return
				}
				select {
				case results <- rec:
				case <-runCtx.Done():
					return
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	col := newCollector(&cfg, rep)
	for rec := range results {
		if rep.Decision != stats.Continue {
			continue // decided: later games do not count
		}
		col.add(rec)
		if rep.Decision != stats.Continue {
			cancel()
		}
	}
	for i := range restarts {
		rep.Restarts[i] = int(restarts[i].Load())
	}
	rep.Elapsed = time.Since(start)
	select {
	case err := <-errs:
		return rep, err
	default:
	}
	if col.pgnErr != nil {
		return rep, fmt.Errorf("writing PGN: %w", col.pgnErr)
	}
	if ctx.Err() != nil && len(rep.Games) < cfg.Games && rep.Decision == stats.Continue {
		rep.Interrupted = true
	}
	return rep, nil
}

// collector turns finished games into statistics, progress lines and PGN.
type collector struct {
	cfg     *Config
	rep     *Report
	pending map[int]*GameRecord // first game of a pair waiting for its partner
	pgnErr  error
}

func newCollector(cfg *Config, rep *Report) *collector {
	return &collector{cfg: cfg, rep: rep, pending: map[int]*GameRecord{}}
}

func (c *collector) add(rec *GameRecord) {
	rep := c.rep
	rep.Games = append(rep.Games, rec)
	rep.Ends[rec.Result.End]++
	for i := range rep.Points {
		if p, ok := rec.Points(i); ok {
			rep.Points[i] += p
		}
	}
	pl := places(rec.Result)
	for s, e := range rec.Engines {
		if s < len(pl) && e < len(rep.PerEngine) {
			rep.PerEngine[e].add(rec.Result.Points[s], pl[s], s)
		}
	}
	if len(rep.Engines) == 2 {
		o := outcome(rec)
		rep.Score.Add(o)
		if other, ok := c.pending[rec.Pair]; ok {
			delete(c.pending, rec.Pair)
			rep.Penta.AddPair(outcome(other), o)
		} else {
			c.pending[rec.Pair] = rec
		}
		if rep.SPRT.Valid() {
			rep.LLR = rep.SPRT.LLR(rep.Score)
			if rep.Penta.Pairs() > 0 {
				rep.LLR = rep.SPRT.LLRPenta(rep.Penta)
			}
			rep.Decision = rep.SPRT.Decide(rep.LLR)
		}
	}
	if c.cfg.PGN != nil && c.pgnErr == nil {
		c.pgnErr = WritePGN(c.cfg.PGN, rec, c.cfg)
	}
	if w := c.cfg.Progress; w != nil {
		fmt.Fprintln(w, c.progressLine(rec))
	}
}

// outcome is engine 0's result in a two-engine game.
func outcome(rec *GameRecord) stats.Outcome {
	p, _ := rec.Points(0)
	switch {
	case p > 0.75:
		return stats.Win
	case p < 0.25:
		return stats.Loss
	}
	return stats.Draw
}

func (c *collector) progressLine(rec *GameRecord) string {
	rep := c.rep
	var b strings.Builder
	names := make([]string, len(rec.Engines))
	for s, e := range rec.Engines {
		names[s] = rep.Engines[e]
	}
	fmt.Fprintf(&b, "[%d/%d] %s: %s {%s}", len(rep.Games), c.cfg.Games, strings.Join(names, " - "), rec.Result.PGN(), rec.Result.Text)
	if len(rep.Engines) != 2 {
		return b.String()
	}
	s := rep.Score
	elo, eb := s.Elo(), s.ErrorBar()
	if rep.Penta.Pairs() > 0 {
		eb = rep.Penta.ErrorBar()
	}
	fmt.Fprintf(&b, " | %s %g/%d (W%d D%d L%d) Elo %s ± %s", rep.Engines[0], rep.Points[0], s.Games(), s.Wins, s.Draws, s.Losses, signed(elo), fmt1(eb))
	if rep.SPRT.Valid() {
		lo, hi := rep.SPRT.Bounds()
		fmt.Fprintf(&b, " LLR %.2f [%.2f, %.2f]", rep.LLR, lo, hi)
	}
	return b.String()
}

func signed(v float64) string {
	if v >= 0 && !math.IsInf(v, 1) {
		return "+" + fmt1(v)
	}
	return fmt1(v)
}

func fmt1(v float64) string { return fmt.Sprintf("%.1f", v) }
