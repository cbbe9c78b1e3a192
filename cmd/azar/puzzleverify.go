package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"azar/practice/puzzle"
	"azar/variants/chess"
)

// runPuzzleVerify is `azar puzzle verify [-set FILE] [-workers N]
// [-engine PATH [-depth N | -nodes N]]` (docs/puzzles.md, "Verifying the
// set"): every puzzle of the set judged again, by Azar's own Verify or,
// with -engine, by an outside UCI engine on the same standard, and "N of
// M hold". It is not in the usage text: it is a maintainer's tool, run
// by scripts/verify-puzzles-stockfish.sh.
func runPuzzleVerify(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("puzzle verify", flag.ContinueOnError)
	setFile := fs.String("set", "", "the set file (default: the shipped set)")
	enginePath := fs.String("engine", "", "a UCI engine to verify with (default: Azar's own deep search)")
	depth := fs.Int("depth", 18, "with -engine: search depth at every solver move")
	nodes := fs.Uint64("nodes", 0, "with -engine: a node budget instead of -depth")
	hashMB := fs.Int("hash", 64, "with -engine: its hash table, MB")
	workers := fs.Int("workers", 1, "puzzles judged at once (with -engine: one engine process each); the result does not depend on it")
	bare, err := parseFlags(fs, "azar puzzle verify [-set FILE] [-workers N] [-engine PATH [-depth N | -nodes N] [-hash MB]]", args, stdout)
	if err != nil {
		return err
	}
	if len(bare) > 0 {
		return fmt.Errorf("unexpected arguments %q", bare)
	}
	set, err := loadSet(*setFile)
	if err != nil {
		return err
	}
	judges := make([]func(puzzle.Puzzle) error, max(1, *workers))
	what := fmt.Sprintf("Azar's deep search, %d nodes, MultiPV %d", puzzle.DeepNodes, puzzle.DeepMultiPV)
	for i := range judges {
		judges[i] = puzzle.Verify
		if *enginePath == "" {
			continue
		}
		goes := fmt.Sprintf("go depth %d", *depth)
		if *nodes > 0 {
			goes = fmt.Sprintf("go nodes %d", *nodes)
		}
		u, stop, err := startUCIVerifier(*enginePath, goes, *hashMB)
		if err != nil {
			return err
		}
		defer stop()
		judges[i] = u.verify
		what = fmt.Sprintf("%s, %s, MultiPV 2, 1 thread", u.name, strings.TrimPrefix(goes, "go "))
	}
	return verifySet(set, judges, what, stdout, stderr)
}

// startUCIVerifier starts the engine at path and returns its verifier
// and the function that ends it.
func startUCIVerifier(path, goes string, hashMB int) (*uciVerifier, func(), error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, fmt.Errorf("engine %s: %w", path, err)
	}
	stop := func() {
		fmt.Fprintln(in, "quit")
		in.Close()
		cmd.Wait()
	}
	u, err := newUCIVerifier(out, in, goes, hashMB)
	if err != nil {
		stop()
		return nil, nil, fmt.Errorf("engine %s: %w", path, err)
	}
	return u, stop, nil
}

func loadSet(file string) ([]puzzle.Puzzle, error) {
	if file == "" {
		return puzzle.Set()
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return puzzle.ParseSet(string(b))
}

// verifySet judges every puzzle, one judge per worker, and prints each
// failure in the set's order, with the first date from the epoch that
// shows it, and the count that hold; progress goes to logw.
func verifySet(set []puzzle.Puzzle, judges []func(puzzle.Puzzle) error, what string, w, logw io.Writer) error {
	start := time.Now()
	errs := make([]error, len(set))
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for _, judge := range judges {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				errs[i] = judge(set[i])
				mu.Lock()
				if done++; done%20 == 0 {
					fmt.Fprintf(logw, "verify: %d/%d judged, %s\n", done, len(set), time.Since(start).Round(time.Second))
				}
				mu.Unlock()
			}
		}()
	}
	for i := range set {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	epoch, _ := puzzle.ParseDate(puzzle.EpochDate)
	held := 0
	for i, err := range errs {
		var fatal engineError
		switch {
		case err == nil:
			held++
		case errors.As(err, &fatal):
			return err
		default:
			fmt.Fprintf(w, "fails: #%d (%s) %s: %v\n", i, epoch.AddDate(0, 0, i).Format(puzzle.DateLayout), set[i].FEN, err)
		}
	}
	fmt.Fprintf(w, "%d of %d hold (%s; %s)\n", held, len(set), what, time.Since(start).Round(time.Second))
	if held != len(set) {
		return exitStatus(1)
	}
	return nil
}

// engineError is a failure of the outside engine itself (it died, or
// spoke no UCI), which ends the run instead of failing one puzzle.
type engineError struct{ error }

// uciVerifier judges puzzles with an outside UCI engine.
type uciVerifier struct {
	r    *bufio.Scanner
	w    io.Writer
	goes string // the go command, e.g. "go depth 18"
	name string
}

func newUCIVerifier(r io.Reader, w io.Writer, goes string, hashMB int) (*uciVerifier, error) {
	u := &uciVerifier{r: bufio.NewScanner(r), w: w, goes: goes, name: "the engine"}
	u.r.Buffer(make([]byte, 64<<10), 1<<20)
	if err := u.send("uci"); err != nil {
		return nil, err
	}
	if err := u.until("uciok", func(line string) {
		if n, ok := strings.CutPrefix(line, "id name "); ok {
			u.name = n
		}
	}); err != nil {
		return nil, err
	}
	for _, s := range []string{"setoption name Threads value 1", fmt.Sprintf("setoption name Hash value %d", hashMB),
		"setoption name MultiPV value 2"} {
		if err := u.send(s); err != nil {
			return nil, err
		}
	}
	return u, nil
}

func (u *uciVerifier) send(s string) error {
	if _, err := fmt.Fprintln(u.w, s); err != nil {
		return engineError{err}
	}
	return nil
}

// until reads lines until one equal to or starting with word, passing the
// others to each.
func (u *uciVerifier) until(word string, each func(string)) error {
	for u.r.Scan() {
		line := strings.TrimSpace(u.r.Text())
		if line == word || strings.HasPrefix(line, word+" ") {
			return nil
		}
		if each != nil {
			each(line)
		}
	}
	if err := u.r.Err(); err != nil {
		return engineError{err}
	}
	return engineError{fmt.Errorf("the engine stopped before %q", word)}
}

// mateNodes bounds the search for a mate of the stored move: far more
// than a mate in 3 needs, so that a missing mate ends the search.
const mateNodes = 20_000_000

// uciLine is the engine's last full report of one MultiPV line.
type uciLine struct {
	depth int
	cp    int // centipawns from the side to move, capped for mates
	mate  int // moves to mate, negative when mated; 0 when no mate
	move  string
}

// parseInfo reads "info depth D ... multipv K score cp X|mate Y ... pv M
// ...": the line index K (1 without multipv) and the report; ok is false
// for bounds, currmove reports and anything without a pv.
func parseInfo(line string) (k int, l uciLine, ok bool) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return 0, l, false
	}
	k = 1
	score := false
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "depth":
			if i+1 < len(f) {
				l.depth, _ = strconv.Atoi(f[i+1])
			}
		case "multipv":
			if i+1 < len(f) {
				k, _ = strconv.Atoi(f[i+1])
			}
		case "lowerbound", "upperbound":
			return 0, l, false
		case "score":
			if i+2 >= len(f) {
				return 0, l, false
			}
			v, err := strconv.Atoi(f[i+2])
			if err != nil {
				return 0, l, false
			}
			switch f[i+1] {
			case "cp":
				l.cp = v
			case "mate":
				l.mate = v
				l.cp = puzzle.MateCap
				if v <= 0 {
					l.cp = -puzzle.MateCap
				}
			default:
				return 0, l, false
			}
			score = true
		case "pv":
			if i+1 < len(f) {
				l.move = f[i+1]
			}
			return k, l, score && l.move != ""
		}
	}
	return 0, l, false
}

// search runs goes (a go command) from the position after moves and
// returns the best two lines of the deepest finished iteration (the
// second empty when there was one legal move, or searchmoves named one).
func (u *uciVerifier) search(fen string, moves []string, goes, only string) ([2]uciLine, error) {
	var best [2]uciLine
	pos := "position fen " + fen
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	if only != "" {
		goes += " searchmoves " + only
	}
	if err := u.send(pos); err != nil {
		return best, err
	}
	if err := u.send(goes); err != nil {
		return best, err
	}
	var got [3]uciLine
	err := u.until("bestmove", func(line string) {
		if k, l, ok := parseInfo(line); ok && k >= 1 && k <= 2 && l.depth >= got[k].depth {
			got[k] = l
		}
	})
	if err != nil {
		return best, err
	}
	// A second line from a shallower iteration than the first is stale.
	if got[2].depth < got[1].depth {
		got[2] = uciLine{}
	}
	best[0], best[1] = got[1], got[2]
	if best[0].move == "" {
		return best, engineError{fmt.Errorf("no scored line for %s %v", fen, moves)}
	}
	return best, nil
}

// verify judges p with the engine by the standard of practice/puzzle: a
// mate's every solver move must still mate in the moves left (the stored
// move a mate in exactly that many, no line a shorter mate); a tactic's every solver move must be the engine's best,
// win (puzzle.WinScore) and leave the second best clearly worse
// (puzzle.OnlyWin).
func (u *uciVerifier) verify(p puzzle.Puzzle) error {
	if err := u.send("ucinewgame"); err != nil {
		return err
	}
	pos, err := p.Position()
	if err != nil {
		return err
	}
	for i := 0; i < len(p.Solution); i += 2 {
		played, stored := p.Solution[:i], p.Solution[i]
		lines, err := u.search(p.FEN, played, u.goes, "")
		if err != nil {
			return err
		}
		at := fmt.Sprintf("solver move %d (%s)", i/2+1, sanOf(pos, played, stored))
		best := lines[0]
		if p.Kind == puzzle.Mate {
			left := p.Moves - i/2
			if best.mate > 0 && best.mate < left {
				return fmt.Errorf("at %s the engine finds a shorter mate: %s %s", at, best.move, uciEval(best))
			}
			// A multi-line search to a fixed depth can report a longer
			// mate than the shortest; the stored move searched alone,
			// until a mate in the moves left is found (at most
			// mateNodes), says whether it mates in time.
			if best.move != stored || best.mate != left {
				alone, err := u.search(p.FEN, played, fmt.Sprintf("go mate %d nodes %d", left, mateNodes), stored)
				if err != nil {
					return err
				}
				if alone[0].mate != left {
					return fmt.Errorf("at %s the stored move gives %s, not a mate in %d (the best line: %s %s)",
						at, uciEval(alone[0]), left, best.move, uciEval(best))
				}
			}
			continue
		}
		if best.move != stored {
			return fmt.Errorf("at %s the engine prefers %s (%s)", at, best.move, uciEval(best))
		}
		var second *puzzle.Scored
		if lines[1].move != "" {
			second = &puzzle.Scored{Score: lines[1].cp}
		}
		if best.cp < puzzle.WinScore {
			return fmt.Errorf("at %s the engine gives %s, not won", at, uciEval(best))
		}
		if !puzzle.OnlyWin(puzzle.Scored{Score: best.cp}, second) {
			return fmt.Errorf("at %s %s (%s) wins about as much as the solution (%s)", at, lines[1].move, uciEval(lines[1]), uciEval(best))
		}
	}
	return nil
}

// sanOf writes the stored move in SAN after the moves played from pos.
func sanOf(pos *chess.Position, played []string, m string) string {
	q := pos.Clone()
	for _, s := range played {
		mv, err := q.ParseUCIMove(s)
		if err != nil {
			return m
		}
		q.Make(mv)
	}
	mv, err := q.ParseUCIMove(m)
	if err != nil {
		return m
	}
	return q.SAN(mv)
}

func uciEval(l uciLine) string {
	switch {
	case l.mate > 0:
		return fmt.Sprintf("mate in %d", l.mate)
	case l.mate < 0 || l.mate == 0 && l.cp <= -puzzle.MateCap:
		return fmt.Sprintf("mated in %d", -l.mate)
	}
	return fmt.Sprintf("%+.1f", float64(l.cp)/100)
}
