package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"azar/practice/analysis"
	"azar/variants/chess"
)

// budgetFlags are the search budget flags hint and analyze share. The
// time default applies only when neither nodes nor depth is given, so
// that `-nodes N` alone is a machine-independent budget.
type budgetFlags struct {
	fs       *flag.FlagSet
	movetime *int
	nodes    *uint64
	depth    *int
	threads  *int
	hash     *int
}

func addBudgetFlags(fs *flag.FlagSet, defaultMS int) budgetFlags {
	return budgetFlags{
		fs:       fs,
		movetime: fs.Int("movetime", defaultMS, "milliseconds per position (the default applies when neither -nodes nor -depth is given)"),
		nodes:    fs.Uint64("nodes", 0, "nodes per position (the same answer on every machine)"),
		depth:    fs.Int("depth", 0, "depth per position"),
		threads:  fs.Int("threads", 1, "search threads (more than one varies the answer from run to run)"),
		hash:     fs.Int("hash", 16, "hash table in MB"),
	}
}

func (f budgetFlags) budget() (analysis.Budget, error) {
	set := map[string]bool{}
	f.fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	b := analysis.Budget{Nodes: *f.nodes, Depth: *f.depth, Threads: *f.threads, HashMB: *f.hash}
	if set["movetime"] || (*f.nodes == 0 && *f.depth == 0) {
		b.MoveTime = time.Duration(*f.movetime) * time.Millisecond
	}
	switch {
	case *f.movetime < 0 || *f.depth < 0 || *f.depth > 100:
		return b, fmt.Errorf("-movetime %d, -depth %d: out of range", *f.movetime, *f.depth)
	case *f.threads < 1 || *f.threads > 256 || *f.hash < 1 || *f.hash > 65536:
		return b, fmt.Errorf("-threads %d, -hash %d: out of range", *f.threads, *f.hash)
	case b.Nodes == 0 && b.Depth == 0 && b.MoveTime == 0:
		return b, errors.New("no budget: give -movetime, -nodes or -depth above 0")
	}
	return b, nil
}

func readGameFile(path string, n int) (*chess.Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	g, err := analysis.ReadGame(f, n)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}

// runHint is `azar hint [-fen F | -pgn F [-game N]]`: the engine's best
// move at full strength within a short budget, in SAN and UCI with its
// score and line (docs/analysis.md).
func runHint(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("hint", flag.ContinueOnError)
	fen := fs.String("fen", "", "position (default: the standard start)")
	pgn := fs.String("pgn", "", "PGN file: the position after the game's last move")
	game := fs.Int("game", 1, "which game of the -pgn file (1 = the first)")
	asJSON := fs.Bool("json", false, "write the hint as JSON")
	multiPV := fs.Int("multipv", 1, "list this many candidate moves (the search's MultiPV)")
	bf := addBudgetFlags(fs, 1000)
	bare, err := parseFlags(fs, "azar hint [-fen FEN | -pgn FILE [-game N]] [-movetime MS | -nodes N | -depth N] [-json]", args, stdout)
	if err != nil {
		return err
	}
	if len(bare) > 0 {
		return fmt.Errorf("unexpected arguments %q", bare)
	}
	b, err := bf.budget()
	if err != nil {
		return err
	}
	if *multiPV < 1 || *multiPV > 256 {
		return fmt.Errorf("-multipv %d out of range 1..256", *multiPV)
	}
	b.MultiPV = *multiPV
	var pos *chess.Position
	switch {
	case *fen != "" && *pgn != "":
		return errors.New("give -fen or -pgn, not both")
	case *pgn != "":
		g, err := readGameFile(*pgn, *game)
		if err != nil {
			return err
		}
		if pos, err = g.End(); err != nil {
			return err
		}
	case *fen != "":
		if pos, err = chess.ParseFEN(*fen); err != nil {
			return err
		}
	default:
		pos = chess.NewPosition()
	}
	h, err := analysis.Hint(context.Background(), pos, b)
	if err != nil {
		return err
	}
	if *asJSON {
		pv := make([]string, len(h.PV))
		for i, m := range h.PV {
			pv[i] = m.String()
		}
		type candidate struct {
			UCI   string         `json:"uci"`
			SAN   string         `json:"san"`
			Score analysis.Score `json:"score"`
			PVSAN []string       `json:"pv_san"`
		}
		var cands []candidate
		for _, c := range h.Candidates {
			cands = append(cands, candidate{c.UCI, c.SAN, c.Score, c.PVSAN})
		}
		data, err := json.Marshal(struct {
			FEN        string         `json:"fen"`
			UCI        string         `json:"uci"`
			SAN        string         `json:"san"`
			Score      analysis.Score `json:"score"`
			Depth      int            `json:"depth"`
			Nodes      uint64         `json:"nodes"`
			PV         []string       `json:"pv"`
			PVSAN      []string       `json:"pv_san"`
			Candidates []candidate    `json:"candidates,omitempty"`
		}{pos.FEN(), h.UCI, h.SAN, h.Score, h.Depth, h.Nodes, pv, h.PVSAN, cands})
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", data)
		return err
	}
	var b2 strings.Builder
	fmt.Fprintf(&b2, "best %s (%s), score %s, depth %d, nodes %d\nline %s\n",
		h.SAN, h.UCI, h.Score, h.Depth, h.Nodes, numberedLine(pos, h.PVSAN))
	for i, c := range h.Candidates {
		fmt.Fprintf(&b2, "candidate %d %s (%s) %s: %s\n", i+1, c.SAN, c.UCI, c.Score, numberedLine(pos, c.PVSAN))
	}
	_, err = io.WriteString(stdout, b2.String())
	return err
}

// numberedLine writes SAN moves from pos with move numbers: "4. Qxf7#",
// "12... Nf6 13. Bg5".
func numberedLine(pos *chess.Position, sans []string) string {
	var b strings.Builder
	n, white := pos.FullMove(), pos.Side() == chess.White
	for i, s := range sans {
		switch {
		case white:
			fmt.Fprintf(&b, "%d. ", n)
		case i == 0:
			fmt.Fprintf(&b, "%d... ", n)
		}
		b.WriteString(s)
		b.WriteByte(' ')
		if !white {
			n++
		}
		white = !white
	}
	return strings.TrimSpace(b.String())
}
