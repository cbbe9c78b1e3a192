package puzzle

import (
	"azar/practice/mate"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"azar/search"
	"azar/variants/chess"
)

// GenConfig controls Generate.
type GenConfig struct {
	Games       int    // self-play games to scan
	Nodes       uint64 // node budget per engine move
	RandomPlies int    // uniformly random opening plies before the engine plays
	Seed        uint64
	Count       int // puzzles to select
	Workers     int // games played in parallel; the result does not depend on it
	Log         io.Writer
}

// GenStats counts what a run saw.
type GenStats struct {
	Games, Positions          int
	MateTried, TacticTried    int
	Candidates                int
	Found, Selected           map[string]int // by bucket: mate1..mate3, double-attack, skewer
	Elapsed                   time.Duration
	PuzzlesPerMinute          float64
	RejectedByCheck, Repeated int
	// DeepRefused counts the tactics the material measure found that the
	// deep search refused (not true puzzles, with GenSlack to spare).
	DeepRefused int
}

// candidate is a verified puzzle with where it came from.
type candidate struct {
	p      Puzzle
	game   int
	bucket string
	rank   int    // lower is preferred (mates: a unique key move, a full board)
	key    string // FEN without the clocks
}

type rng struct{ s uint64 }

// next is splitmix64: one seed per game gives independent streams.
func (r *rng) next() uint64 {
	r.s += 0x9E3779B97F4A7C15
	z := r.s
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// maxRule50 keeps puzzles clear of the fifty-move rule, which the prover
// does not model: a mate in 3 ends before the clock could reach 100.
const (
	maxRule50 = 80
	maxPlies  = 300
)

// Generate plays cfg.Games self-play games of Azar, at cfg.Nodes nodes a
// move after cfg.RandomPlies random plies, and scans every position for
// puzzles: a mate in 1 to 3 wherever the engine's score shows one (then
// proved exactly), a tactic wherever the engine's move makes a double
// attack or a skewer (then verified). Each kept puzzle passes Verify. It
// returns cfg.Count puzzles (fewer if not enough were found), balanced
// across mates in 1, 2 and 3 (40 % together) and tactics, at most two per
// game while others remain, in an order mixed by the seed.
func Generate(ctx context.Context, cfg GenConfig) ([]Puzzle, GenStats, error) {
	start := time.Now()
	st := GenStats{Found: map[string]int{}, Selected: map[string]int{}}
	if cfg.Games < 1 || cfg.Nodes < 1 || cfg.Count < 1 {
		return nil, st, fmt.Errorf("generate needs positive games, nodes and count")
	}
	logw := cfg.Log
	if logw == nil {
		logw = io.Discard
	}
	perGame := make([][]candidate, cfg.Games)
	stats := make([]GenStats, cfg.Games)
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for w := 0; w < max(1, cfg.Workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			opts := search.DefaultOptions()
			opts.HashMB = 16
			e := search.New(opts)
			deep := NewDeep()
			for g := range jobs {
				perGame[g], stats[g] = scanGame(ctx, e, deep, cfg, g)
				mu.Lock()
				done++
				if done%20 == 0 || done == cfg.Games {
					n := 0
					for i := range perGame {
						n += len(perGame[i])
					}
					fmt.Fprintf(logw, "generate: %d/%d games, %d puzzles found, %s\n", done, cfg.Games, n, time.Since(start).Round(time.Second))
				}
				mu.Unlock()
			}
		}()
	}
	for g := 0; g < cfg.Games && ctx.Err() == nil; g++ {
		jobs <- g
	}
	close(jobs)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, st, err
	}
	var all []candidate
	seen := map[string]bool{}
	for g := range perGame {
		st.Games++
		st.Positions += stats[g].Positions
		st.MateTried += stats[g].MateTried
		st.TacticTried += stats[g].TacticTried
		st.RejectedByCheck += stats[g].RejectedByCheck
		st.DeepRefused += stats[g].DeepRefused
		for _, c := range perGame[g] {
			if seen[c.key] {
				st.Repeated++
				continue
			}
			seen[c.key] = true
			st.Found[c.bucket]++
			all = append(all, c)
		}
	}
	st.Candidates = len(all)
	picked := selectBalanced(all, cfg.Count, cfg.Seed)
	out := make([]Puzzle, len(picked))
	for i, c := range picked {
		out[i] = c.p
		st.Selected[c.bucket]++
	}
	st.Elapsed = time.Since(start)
	if m := st.Elapsed.Minutes(); m > 0 {
		st.PuzzlesPerMinute = float64(st.Candidates) / m
	}
	return out, st, nil
}

// bucketShare is a bucket and its share of the set, in percent.
type bucketShare struct {
	name  string
	share int
}

// bucketShares: 40 % mates, the rest tactics. Skewers are the rarest find
// in games; a bucket short of its share is filled from the others.
func bucketShares() []bucketShare {
	return []bucketShare{{"mate1", 13}, {"mate2", 14}, {"mate3", 13}, {"skewer", 20}, {"double-attack", 40}}
}

func selectBalanced(all []candidate, count int, seed uint64) []candidate {
	r := rng{seed ^ 0x5A17}
	// A fixed shuffle, then the best-ranked first within each bucket.
	order := make([]uint64, len(all))
	for i := range order {
		order[i] = r.next()
	}
	idx := make([]int, len(all))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		if all[a].rank != all[b].rank {
			return all[a].rank - all[b].rank
		}
		switch {
		case order[a] < order[b]:
			return -1
		case order[a] > order[b]:
			return 1
		}
		return 0
	})
	used := make([]bool, len(all))
	perGame := map[int]int{}
	var picked []candidate
	take := func(bucket string, quota, gameCap int) {
		n := 0
		for _, c := range picked {
			if c.bucket == bucket {
				n++
			}
		}
		for _, i := range idx {
			if n >= quota || len(picked) >= count {
				return
			}
			c := all[i]
			if used[i] || (bucket != "" && c.bucket != bucket) || perGame[c.game] >= gameCap {
				continue
			}
			used[i] = true
			perGame[c.game]++
			picked = append(picked, c)
			n++
		}
	}
	for _, gameCap := range []int{2, 1 << 30} {
		for _, b := range bucketShares() {
			take(b.name, (count*b.share+99)/100, gameCap)
		}
	}
	// Fill from what is left, tactics first: mates are the commoner find.
	take("double-attack", count, 1<<30)
	take("skewer", count, 1<<30)
	take("", count, 1<<30)
	// Mix the kinds over the days.
	mix := make([]uint64, len(picked))
	for i := range mix {
		mix[i] = r.next()
	}
	p := make([]int, len(picked))
	for i := range p {
		p[i] = i
	}
	slices.SortFunc(p, func(a, b int) int {
		switch {
		case mix[a] < mix[b]:
			return -1
		case mix[a] > mix[b]:
			return 1
		}
		return 0
	})
	out := make([]candidate, len(picked))
	for i, j := range p {
		out[i] = picked[j]
	}
	return out
}

// scanGame plays one game and returns the puzzles found in it; deep
// verifies the tactics.
func scanGame(ctx context.Context, e *search.Engine, deep *Deep, cfg GenConfig, g int) ([]candidate, GenStats) {
	var st GenStats
	r := rng{cfg.Seed*0xA24BAED4963EE407 + uint64(g)*0x9FB21C651E98DF25 + 1}
	pos := chess.NewPosition()
	e.NewGame()
	var l chess.MoveList
	for i := 0; i < cfg.RandomPlies; i++ {
		pos.GenerateLegal(&l)
		if l.N == 0 {
			return nil, st
		}
		pos.Make(l.Moves[r.next()%uint64(l.N)])
	}
	if pos.Status(false) != chess.Ongoing {
		return nil, st
	}
	var found []candidate
	for ply := 0; ply < maxPlies && ctx.Err() == nil; ply++ {
		if pos.Status(false) != chess.Ongoing {
			break
		}
		res := e.Search(ctx, pos, search.Limits{Nodes: cfg.Nodes}, nil)
		if res.Move == chess.NoMove {
			break
		}
		st.Positions++
		if pos.Rule50() <= maxRule50 {
			// A position without its game history, as the puzzle shows it.
			fresh, err := chess.ParseFEN(pos.FEN())
			if err == nil {
				if c, ok := scanPosition(fresh, res, deep, &st); ok {
					c.game = g
					found = append(found, c)
				}
			}
		}
		pos.Make(res.Move)
	}
	return found, st
}

// scanPosition tries pos (history-free) as a puzzle, given the engine's
// search result there.
func scanPosition(pos *chess.Position, res search.Result, deep *Deep, st *GenStats) (candidate, bool) {
	var c candidate
	if isMate, n := search.IsMate(res.Score); isMate && n >= 1 && n <= MaxMate {
		st.MateTried++
		p, rank, ok := mateCandidate(pos, res.Move)
		if !ok {
			return c, false
		}
		c.p, c.rank, c.bucket = p, rank, fmt.Sprintf("mate%d", p.Moves)
	} else if !isMate && shapeMove(pos, res.Move) {
		st.TacticTried++
		p, ok, refused := tacticCandidate(pos, res.Move, deep)
		if refused {
			st.DeepRefused++
		}
		if !ok {
			return c, false
		}
		c.p, c.bucket = p, string(p.Kind)
	} else {
		return c, false
	}
	var d *Deep
	if c.p.Kind != Mate {
		d = deep
	}
	if verifyWith(c.p, d) != nil {
		st.RejectedByCheck++
		return c, false
	}
	f := strings.Fields(c.p.FEN)
	c.key = strings.Join(f[:4], " ")
	return c, true
}

// shapeMove reports whether m in pos makes a double attack on two targets
// or a skewer.
func shapeMove(pos *chess.Position, m chess.Move) bool {
	p := pos.Clone()
	p.Make(m)
	f, _ := skewers(p, m.To())
	return len(f) > 0 || targets(p, m.To()).Count() >= 2
}

// mateCandidate proves the mate in pos and writes its line: the engine's
// move when it is one of the mating moves, the longest defence after each
// solver move. rank orders the candidates, lower first (see below).
func mateCandidate(pos *chess.Position, engineMove chess.Move) (Puzzle, int, bool) {
	n, ok := mate.Length(pos, MaxMate)
	if !ok {
		return Puzzle{}, 0, false
	}
	keys := mate.Moves(pos, n)
	if len(keys) == 0 {
		return Puzzle{}, 0, false
	}
	first := keys[0]
	if slices.Contains(keys, engineMove) {
		first = engineMove
	}
	p := pos.Clone()
	line := []chess.Move{first}
	p.Make(first)
	for left := n - 1; left > 0; left-- {
		d, k := mate.LongestDefence(p, MaxMate)
		if d == chess.NoMove || k != left {
			return Puzzle{}, 0, false
		}
		p.Make(d)
		ms := mate.Moves(p, left)
		if len(ms) == 0 {
			return Puzzle{}, 0, false
		}
		line = append(line, d, ms[0])
		p.Make(ms[0])
	}
	// A single key move first, then the fuller boards (mid-game mates
	// before the mop-ups of a lone king).
	rank := 1000*(len(keys)-1) + 32 - pos.Occupied().Count()
	return Puzzle{FEN: pos.FEN(), Kind: Mate, Moves: n, Solution: uciLine(line), Hint: MateHint(pos, line, n)}, rank, true
}

// tacticCandidate verifies a tactic in pos, where the engine played
// engineMove, by the material measure and writes its line: the winning
// move, the deep search's best defence, and the deep search's best answer
// to it; the line must then be a true puzzle with GenSlack to spare.
// refused says the deep search turned down a line the material measure
// accepted.
func tacticCandidate(pos *chess.Position, engineMove chess.Move, deep *Deep) (_ Puzzle, ok, refused bool) {
	// The engine's move must itself win the material: one move's value
	// costs a thirtieth of the full measure, which most candidates fail.
	if MoveValue(pos, engineMove)-QuietValue(pos) < MinGain {
		return Puzzle{}, false, false
	}
	pf, ok := VerifyTactic(pos)
	if !ok {
		return Puzzle{}, false, false
	}
	if _, isMate := mate.Length(pos, MaxMate); isMate {
		return Puzzle{}, false, false
	}
	p := pos.Clone()
	p.Make(pf.Move)
	reply := deep.Best(p).Move
	if reply == chess.NoMove {
		return Puzzle{}, false, false
	}
	p.Make(reply)
	c := deep.Analyse(p) // the search VerifyLine asks at this ply
	if len(c) == 0 {
		return Puzzle{}, false, false
	}
	follow := c[0].Move
	line := []chess.Move{pf.Move, reply, follow}
	sh, ok := classify(pos, line)
	if !ok {
		return Puzzle{}, false, false
	}
	if deep.verifyLine(pos, line, GenSlack) != nil {
		return Puzzle{}, false, true
	}
	return Puzzle{FEN: pos.FEN(), Kind: sh.kind, Moves: TacticMoves, Solution: uciLine(line), Hint: TacticHint(pos, sh, pf.Move)}, true, false
}

func uciLine(line []chess.Move) []string {
	out := make([]string, len(line))
	for i, m := range line {
		out[i] = m.String()
	}
	return out
}

// WriteSet writes puzzles in the set's format with a header comment.
func WriteSet(w io.Writer, header string, puzzles []Puzzle) error {
	for _, h := range strings.Split(strings.TrimSpace(header), "\n") {
		if _, err := fmt.Fprintf(w, "# %s\n", h); err != nil {
			return err
		}
	}
	for _, p := range puzzles {
		if _, err := fmt.Fprintln(w, p.Line()); err != nil {
			return err
		}
	}
	return nil
}
