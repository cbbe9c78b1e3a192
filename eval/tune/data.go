package tune

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"azar/eval"
	nnrecord "azar/eval/nnue/record"
	"azar/variants/chess"
)

// feat is one non-zero trace coefficient.
type feat struct {
	idx  uint16
	coef int16
}

// record is one labelled position as the tuner sees it: the linear
// features (White's minus Black's count), the king-danger features per
// attacking side, game phase and endgame scale factors.
type record struct {
	result float64    // the target: 1 White won, 0.5 draw, 0 Black won (or a mix with score, mixLabels)
	score  float32    // the search's score in centipawns, White's view; NaN when the data has none
	phase  float64    // phase/24: weight of the middlegame half
	scale  [2]float64 // endgame scale when White / Black is ahead, 1 = none
	lin    [2]int32   // feats[lin[0]:lin[1]]
	ks     [3]int32   // White's danger feats[ks[0]:ks[1]], Black's feats[ks[1]:ks[2]]
}

// shard is a slice of the data set, processed by one goroutine.
type shard struct {
	recs  []record
	feats []feat
}

// dataset is the labelled positions, split for the workers.
type dataset struct {
	shards []*shard
	n      int
}

// addTrace appends a position with its trace.
func (s *shard) addTrace(t *eval.Trace, result float64) {
	s.addScored(t, result, float32(math.NaN()))
}

// addScored appends a position with its trace and the search's score.
func (s *shard) addScored(t *eval.Trace, result float64, score float32) {
	r := record{result: result, score: score, phase: float64(t.Phase) / eval.MaxPhase,
		scale: [2]float64{float64(t.Scale[0]) / 64, float64(t.Scale[1]) / 64}}
	coef := flatTrace(t)
	r.lin[0] = int32(len(s.feats))
	for i, c := range coef {
		if d := c[0] - c[1]; d != 0 && !infos[i].safety {
			s.feats = append(s.feats, feat{uint16(i), int16(d)})
		}
	}
	r.lin[1] = int32(len(s.feats))
	r.ks[0] = r.lin[1]
	for side := 0; side < 2; side++ {
		for i, c := range coef {
			if c[side] != 0 && infos[i].safety {
				s.feats = append(s.feats, feat{uint16(i), int16(c[side])})
			}
		}
		r.ks[side+1] = int32(len(s.feats))
	}
	s.recs = append(s.recs, r)
}

// parseLine reads "FEN ; result" (result 1-0, 1/2-1/2, 0-1, 1.0, 0.5 or
// 0.0); it also accepts "FEN [0.5]" and EPD "FEN c9 \"1-0\";". Blank lines
// and lines starting with # are skipped (ok = false, err = nil).
func parseLine(line string) (fen string, result float64, ok bool, err error) {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return "", 0, false, nil
	}
	var res string
	if i := strings.IndexByte(line, ';'); i >= 0 && strings.TrimSpace(strings.Trim(line[i:], "; \t")) != "" {
		fen, res = line[:i], line[i+1:]
	} else {
		line = strings.TrimRight(line, "; \t")
		j := strings.LastIndexAny(line, " \t")
		if j < 0 {
			return "", 0, false, fmt.Errorf("no result")
		}
		fen, res = line[:j], line[j+1:]
	}
	fen = strings.TrimSpace(fen)
	if f := strings.Fields(fen); len(f) > 0 && f[len(f)-1] == "c9" {
		fen = strings.Join(f[:len(f)-1], " ")
	}
	res = strings.Trim(strings.TrimSpace(res), "[]\"; ")
	res = strings.TrimSpace(strings.TrimPrefix(res, "c9"))
	res = strings.Trim(res, "\"")
	switch res {
	case "1-0":
		return fen, 1, true, nil
	case "0-1":
		return fen, 0, true, nil
	case "1/2-1/2", "1/2":
		return fen, 0.5, true, nil
	}
	v, perr := strconv.ParseFloat(res, 64)
	if perr != nil || v < 0 || v > 1 {
		return "", 0, false, fmt.Errorf("result %q: want 1-0, 1/2-1/2, 0-1 or a number from 0 to 1", res)
	}
	return fen, v, true, nil
}

// Format is the data file's format.
type Format uint8

const (
	// FormatText is "FEN ; result" lines (parseLine).
	FormatText Format = iota
	// FormatBin is eval/nnue/record's 32-byte records (azar datagen
	// -format bin, the background data job): each holds the game's result
	// and a deeper search's score, which -lambda mixes into the target.
	FormatBin
)

// loadStats counts what loading did.
type loadStats struct {
	lines, bad, inCheck, notQuiet, kept int
	firstBad                            string
}

// loadData reads labelled positions, drops unparsable lines (counted in
// bad) and, with quiet set, positions in check or with a winning capture
// sequence for the side to move, and traces the rest with workers
// goroutines. limit > 0 stops after that many positions.
func loadData(r io.Reader, quiet bool, workers, limit int) (*dataset, loadStats, error) {
	return load(r, FormatText, quiet, workers, limit)
}

// load is loadData for either format.
func load(r io.Reader, format Format, quiet bool, workers, limit int) (*dataset, loadStats, error) {
	type item struct {
		fen    string
		result float64
		score  float32
	}
	var st loadStats
	ch := make(chan []item, workers*2)
	ds := &dataset{shards: make([]*shard, workers)}
	counts := make([][3]int, workers) // inCheck, notQuiet, bad FEN
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		sh := &shard{}
		ds.shards[w] = sh
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			var tr eval.Trace
			var q quietChecker
			for batch := range ch {
				for _, it := range batch {
					p, err := chess.ParseFEN(it.fen)
					if err != nil {
						counts[w][2]++
						continue
					}
					if quiet {
						if p.InCheck() {
							counts[w][0]++
							continue
						}
						if !q.quiet(p) {
							counts[w][1]++
							continue
						}
					}
					eval.TraceOf(p, &tr)
					sh.addScored(&tr, it.result, it.score)
				}
			}
		}(w)
	}
	batch := make([]item, 0, 1024)
	n := 0
	// add queues one position; it reports whether the limit is reached.
	add := func(it item) bool {
		batch = append(batch, it)
		n++
		if len(batch) == cap(batch) {
			ch <- batch
			batch = make([]item, 0, 1024)
		}
		return limit > 0 && n >= limit
	}
	var err error
	if format == FormatBin {
		rd := nnrecord.NewReader(bufio.NewReader(r))
		for {
			rec, rerr := rd.Next()
			if rerr == io.EOF {
				break
			}
			st.lines++
			if rerr != nil {
				// A record that does not decode leaves the stream's
				// framing in doubt only when it is cut short.
				st.bad++
				if st.firstBad == "" {
					st.firstBad = rerr.Error()
				}
				if rerr == io.ErrUnexpectedEOF {
					break
				}
				continue
			}
			if add(item{rec.FEN(), float64(rec.Result) / 2, float32(rec.Score)}) {
				break
			}
		}
	} else {
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			st.lines++
			fen, res, ok, perr := parseLine(sc.Text())
			if perr != nil {
				st.bad++
				if st.firstBad == "" {
					st.firstBad = fmt.Sprintf("line %d: %v", st.lines, perr)
				}
				continue
			}
			if !ok {
				continue
			}
			if add(item{fen, res, float32(math.NaN())}) {
				break
			}
		}
		if e := sc.Err(); e != nil {
			err = e
		}
	}
	ch <- batch
	close(ch)
	wg.Wait()
	for _, c := range counts {
		st.inCheck += c[0]
		st.notQuiet += c[1]
		st.bad += c[2]
	}
	for _, s := range ds.shards {
		ds.n += len(s.recs)
	}
	st.kept = ds.n
	return ds, st, err
}

// newDataset builds a data set from positions already in memory (tests,
// synthetic data).
func newDataset(traces []eval.Trace, results []float64, workers int) *dataset {
	ds := &dataset{shards: make([]*shard, workers), n: len(traces)}
	for w := range ds.shards {
		ds.shards[w] = &shard{}
	}
	for i := range traces {
		ds.shards[i%workers].addTrace(&traces[i], results[i])
	}
	return ds
}

// quietChecker decides whether a position is quiet: the side to move has
// no capture sequence that wins material (a captures-only search on the
// nominal piece values finds nothing better than standing pat).
type quietChecker struct {
	lists [32]chess.MoveList
}

func (q *quietChecker) quiet(p *chess.Position) bool {
	stand := material(p)
	return q.search(p, stand-1, stand+1, 0) <= stand
}

func material(p *chess.Position) int {
	v := 0
	for t := chess.Pawn; t < chess.King; t++ {
		v += eval.PieceValue(t) * (p.Pieces(chess.White, t).Count() - p.Pieces(chess.Black, t).Count())
	}
	if p.Side() == chess.Black {
		return -v
	}
	return v
}

func (q *quietChecker) search(p *chess.Position, alpha, beta, ply int) int {
	stand := material(p)
	if stand >= beta || ply >= len(q.lists) {
		return stand
	}
	alpha = max(alpha, stand)
	l := &q.lists[ply]
	p.Generate(l, chess.GenNoisy)
	for _, m := range l.Slice() {
		p.Make(m)
		v := -q.search(p, -beta, -alpha, ply+1)
		p.Unmake()
		if v >= beta {
			return v
		}
		alpha = max(alpha, v)
	}
	return alpha
}

func defaultWorkers() int { return max(1, runtime.NumCPU()) }

// mixLabels makes each target lambda·result + (1−lambda)·sigmoid(k·score)
// where the position has a search score (the network trainer's mix, so
// the evaluation is pulled towards the deeper search as well as towards
// the game's result). lambda 1, or data without scores, changes nothing.
// It returns how many targets it mixed.
func (d *dataset) mixLabels(lambda, k float64) int {
	mixed := 0
	for _, s := range d.shards {
		for i := range s.recs {
			r := &s.recs[i]
			if math.IsNaN(float64(r.score)) {
				continue
			}
			r.result = lambda*r.result + (1-lambda)*sigmoid(k, float64(r.score))
			mixed++
		}
	}
	return mixed
}
