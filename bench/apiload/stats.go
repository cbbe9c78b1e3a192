package apiload

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

// The kinds of timing a run measures, in the order the table lists them.
const (
	KindCreate   = "create"   // POST /api/games
	KindJoin     = "join"     // POST /api/games/{id}/join
	KindStream   = "stream"   // GET /api/games/{id}/events until its first event
	KindMove     = "move"     // POST /api/games/{id}/move
	KindDelivery = "delivery" // a move's POST sent until the other client's stream has it
	KindResign   = "resign"   // POST /api/games/{id}/resign
)

var kinds = []string{KindCreate, KindJoin, KindStream, KindMove, KindDelivery, KindResign}

// Stat is one kind's count and latency percentiles, in milliseconds.
type Stat struct {
	Count int     `json:"count"`
	P50   float64 `json:"p50_ms"`
	P90   float64 `json:"p90_ms"`
	P99   float64 `json:"p99_ms"`
	Max   float64 `json:"max_ms"`
}

// recorder gathers the timings and errors of every client of a run.
type recorder struct {
	mu     sync.Mutex
	times  map[string][]time.Duration
	errors map[string]int
}

func newRecorder() *recorder {
	return &recorder{times: map[string][]time.Duration{}, errors: map[string]int{}}
}

func (r *recorder) add(kind string, d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.times[kind] = append(r.times[kind], d)
}

// fail counts an error of kind: what is key, "409" for a status, or a
// word for an error without one ("transport", "timeout").
func (r *recorder) fail(kind, what string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors[kind+" "+what]++
}

// stats is each kind's Stat, for the kinds measured at least once.
func (r *recorder) stats() (map[string]Stat, map[string]int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := map[string]Stat{}
	for k, ds := range r.times {
		out[k] = summarize(ds)
	}
	errs := map[string]int{}
	for k, n := range r.errors {
		errs[k] = n
	}
	return out, errs
}

// summarize is the nearest-rank percentiles of ds: the smallest value
// with at least p% of the values at or below it, so that p50 ≤ p90 ≤
// p99 ≤ max and each is a latency actually measured.
func summarize(ds []time.Duration) Stat {
	s := slices.Clone(ds)
	slices.Sort(s)
	if len(s) == 0 {
		return Stat{}
	}
	at := func(p int) float64 {
		i := (p*len(s)+99)/100 - 1
		return ms(s[max(0, i)])
	}
	return Stat{Count: len(s), P50: at(50), P90: at(90), P99: at(99), Max: ms(s[len(s)-1])}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// WriteTable writes res as the table docs/app.md shows.
func WriteTable(w io.Writer, res Result) error {
	var b strings.Builder
	where := "against " + res.URL
	if res.InProcess {
		where = "in process on " + res.URL
	}
	fmt.Fprintf(&b, "%d %s games of two people, %s, at most %d plies each (then the side to move resigns)\n", res.Games, res.Variant, where, res.Plies)
	if res.Limits != nil {
		fmt.Fprintf(&b, "server limits raised for the test: %d games created a minute, %d event streams per client, %d in all (defaults 120, 16, 512)\n",
			res.Limits.CreatePerMinute, res.Limits.StreamsPerClient, res.Limits.StreamsTotal)
	}
	fmt.Fprintf(&b, "%-9s %7s %9s %9s %9s %9s\n", "request", "count", "p50 ms", "p90 ms", "p99 ms", "max ms")
	for _, k := range kinds {
		s, ok := res.Stats[k]
		if !ok {
			continue
		}
		fmt.Fprintf(&b, "%-9s %7d %9.1f %9.1f %9.1f %9.1f\n", k, s.Count, s.P50, s.P90, s.P99, s.Max)
	}
	errs := make([]string, 0, len(res.Errors))
	for k, n := range res.Errors {
		errs = append(errs, fmt.Sprintf("%s: %d", k, n))
	}
	sort.Strings(errs)
	if len(errs) == 0 {
		errs = []string{"none"}
	}
	fmt.Fprintf(&b, "errors: %s\n", strings.Join(errs, ", "))
	ends := make([]string, 0, len(res.Ends))
	for k, n := range res.Ends {
		ends = append(ends, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(ends)
	moves := res.Stats[KindMove].Count
	fmt.Fprintf(&b, "games played to the end: %d of %d (%s); moves %d; wall %.2f s; %.0f moves/s\n",
		res.Finished, res.Games, strings.Join(ends, ", "), moves, res.Wall.Seconds(), float64(moves)/res.Wall.Seconds())
	_, err := io.WriteString(w, b.String())
	return err
}
