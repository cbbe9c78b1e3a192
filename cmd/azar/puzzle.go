package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"azar/practice/puzzle"
	"azar/variants/chess"
)

// exitStatus is an error that sets the process's exit status and prints
// nothing more: `azar puzzle check` exits 1 when a move is wrong, after
// saying why on stdout.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// runPuzzle is `azar puzzle [-date D] [-json] [-solution]`, `azar puzzle
// check -date D MOVES...` and `azar puzzle generate -out FILE ...`
// (docs/puzzles.md).
func runPuzzle(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		switch args[0] {
		case "check":
			return runPuzzleCheck(args[1:], stdout, stderr)
		case "generate":
			return runPuzzleGenerate(args[1:], stdout, stderr)
		case "verify":
			return runPuzzleVerify(args[1:], stdout, stderr)
		}
	}
	fs := flag.NewFlagSet("puzzle", flag.ContinueOnError)
	date := fs.String("date", "", "the day, YYYY-MM-DD (default: today, UTC)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	show := fs.Bool("solution", false, "also print the stored solution")
	bare, err := parseFlags(fs, "azar puzzle [-date YYYY-MM-DD] [-json] [-solution] | azar puzzle check ... | azar puzzle generate ...", args, stdout)
	if err != nil {
		return err
	}
	if len(bare) > 0 {
		return fmt.Errorf("unexpected argument %q (subcommands: check, generate)", bare[0])
	}
	day, p, err := dailyPuzzle(*date)
	if err != nil {
		return err
	}
	pos, err := p.Position()
	if err != nil {
		return err
	}
	san := sanLine(pos, p.Solution)
	if *asJSON {
		return writeJSON(stdout, puzzleJSON{
			Date: day, FEN: p.FEN, Side: pos.Side().String(), Kind: string(p.Kind), Moves: p.Moves,
			Task: task(p, pos), Solution: p.Solution, SolutionSAN: san, Hint: p.Hint,
		})
	}
	// The board diagram ends with the FEN and key lines.
	fmt.Fprintf(stdout, "Puzzle of %s: %s\n%s\nHint: %s\n", day, task(p, pos), pos, p.Hint)
	if *show {
		fmt.Fprintf(stdout, "Solution: %s\n", strings.Join(san, " "))
	}
	fmt.Fprintf(stdout, "Check your moves with: azar puzzle check -date %s MOVE...\n", day)
	return nil
}

type puzzleJSON struct {
	Date        string   `json:"date"`
	FEN         string   `json:"fen"`
	Side        string   `json:"side"`
	Kind        string   `json:"kind"`
	Moves       int      `json:"moves"`
	Task        string   `json:"task"`
	Solution    []string `json:"solution"`
	SolutionSAN []string `json:"solution_san"`
	Hint        string   `json:"hint"`
}

func dailyPuzzle(date string) (string, puzzle.Puzzle, error) {
	var day time.Time
	if date == "" {
		day = time.Now().UTC()
	} else {
		var err error
		if day, err = puzzle.ParseDate(date); err != nil {
			return "", puzzle.Puzzle{}, err
		}
	}
	set, err := puzzle.Set()
	if err != nil {
		return "", puzzle.Puzzle{}, err
	}
	p, err := puzzle.ForDate(set, day)
	return day.Format(puzzle.DateLayout), p, err
}

func task(p puzzle.Puzzle, pos *chess.Position) string {
	side := "White"
	if pos.Side() == chess.Black {
		side = "Black"
	}
	if p.Kind == puzzle.Mate {
		if p.Moves == 1 {
			return side + " to play and mate in 1"
		}
		return fmt.Sprintf("%s to play and mate in %d", side, p.Moves)
	}
	return fmt.Sprintf("%s to play and win material (%s)", side, strings.ReplaceAll(string(p.Kind), "-", " "))
}

func sanLine(pos *chess.Position, uci []string) []string {
	p := pos.Clone()
	var out []string
	for _, s := range uci {
		m, err := p.ParseUCIMove(s)
		if err != nil {
			break
		}
		out = append(out, p.SAN(m))
		p.Make(m)
	}
	return out
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

type checkJSON struct {
	Date     string     `json:"date"`
	FEN      string     `json:"fen"`
	Kind     string     `json:"kind"`
	OK       bool       `json:"ok"`
	Solved   bool       `json:"solved"`
	Left     int        `json:"left"`
	Steps    []stepJSON `json:"steps"`
	Reply    string     `json:"reply,omitempty"`
	ReplySAN string     `json:"reply_san,omitempty"`
}

type stepJSON struct {
	Move   string `json:"move"`
	SAN    string `json:"san,omitempty"`
	Side   string `json:"side"`
	OK     bool   `json:"ok"`
	Reason string `json:"reason,omitempty"`
}

// runPuzzleCheck judges a line of moves against the puzzle of a date:
// exit status 0 while they are right, 1 when one is not.
func runPuzzleCheck(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("puzzle check", flag.ContinueOnError)
	date := fs.String("date", "", "the puzzle's day, YYYY-MM-DD (default: today, UTC)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	moves, err := parseFlags(fs, "azar puzzle check [-date YYYY-MM-DD] [-json] MOVE... (the solver's and the defender's moves alternating, UCI or SAN)", args, stdout)
	if err != nil {
		return err
	}
	if len(moves) == 0 {
		return fmt.Errorf("give the moves (UCI or SAN), the solver's and the defender's alternating")
	}
	day, p, err := dailyPuzzle(*date)
	if err != nil {
		return err
	}
	r, err := puzzle.Check(p, moves)
	if err != nil {
		return err
	}
	pos, _ := p.Position()
	solver, defender := pos.Side(), pos.Side().Other()
	if *asJSON {
		out := checkJSON{Date: day, FEN: p.FEN, Kind: string(p.Kind), OK: r.OK, Solved: r.Solved, Left: r.Left, Reply: r.Reply, ReplySAN: r.ReplySAN}
		for _, st := range r.Steps {
			side := defender
			if st.Solver {
				side = solver
			}
			out.Steps = append(out.Steps, stepJSON{Move: st.Move, SAN: st.SAN, Side: side.String(), OK: st.OK, Reason: st.Reason})
		}
		if err := writeJSON(stdout, out); err != nil {
			return err
		}
	} else {
		for _, st := range r.Steps {
			name := st.SAN
			if name == "" {
				name = st.Move
			}
			if st.OK {
				fmt.Fprintf(stdout, "%s: right\n", name)
			} else {
				fmt.Fprintf(stdout, "%s: wrong: %s\n", name, st.Reason)
			}
		}
		switch {
		case !r.OK:
		case r.Solved:
			fmt.Fprintln(stdout, "Solved.")
		case r.Reply != "":
			fmt.Fprintf(stdout, "Right so far. The reply: %s (%s); %d move(s) to go.\n", r.ReplySAN, r.Reply, r.Left)
		default:
			fmt.Fprintf(stdout, "Right so far; %d move(s) to go.\n", r.Left)
		}
	}
	if !r.OK {
		return exitStatus(1)
	}
	return nil
}

// runPuzzleGenerate is `azar puzzle generate`: self-play games scanned for
// puzzles, each verified, written as a set file.
func runPuzzleGenerate(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("puzzle generate", flag.ContinueOnError)
	var cfg puzzle.GenConfig
	out := fs.String("out", "", "output file; required")
	fs.IntVar(&cfg.Games, "games", 600, "self-play games to scan")
	fs.Uint64Var(&cfg.Nodes, "nodes", 1500, "node budget per engine move")
	fs.IntVar(&cfg.RandomPlies, "random", 8, "random opening plies")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the openings and of the set's order")
	fs.IntVar(&cfg.Count, "count", 400, "puzzles to write")
	fs.IntVar(&cfg.Workers, "workers", 1, "games played in parallel")
	bare, err := parseFlags(fs, "azar puzzle generate -out FILE [-games N] [-nodes N] [-seed S] [-count N] [flags]", args, stdout)
	if err != nil {
		return err
	}
	if len(bare) > 0 {
		return fmt.Errorf("unexpected arguments %q", bare)
	}
	if *out == "" {
		return fmt.Errorf("puzzle generate needs -out FILE")
	}
	cfg.Log = stderr
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	ps, st, err := puzzle.Generate(ctx, cfg)
	if err != nil {
		return err
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	header := fmt.Sprintf(`Azar's daily puzzles (docs/puzzles.md): FEN | kind | moves | solution (UCI) | hint
azar puzzle generate -games %d -nodes %d -random %d -seed %d -count %d
%d games, %d positions; %d tactics refused by the deep search (%d nodes); found %v; selected %v`,
		cfg.Games, cfg.Nodes, cfg.RandomPlies, cfg.Seed, cfg.Count, st.Games, st.Positions, st.DeepRefused, puzzle.DeepNodes, st.Found, st.Selected)
	err = puzzle.WriteSet(w, header, ps)
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	fmt.Fprintf(stderr, "puzzle generate: %d games, %d positions, %d mate and %d tactic candidates tried, %d tactics refused by the deep search, %d verified puzzles (%d repeated, %d refused by Verify) in %s: %.1f puzzles/min; found %v; wrote %d to %s %v\n",
		st.Games, st.Positions, st.MateTried, st.TacticTried, st.DeepRefused, st.Candidates, st.Repeated, st.RejectedByCheck,
		st.Elapsed.Round(time.Second), st.PuzzlesPerMinute, st.Found, len(ps), *out, st.Selected)
	return err
}
