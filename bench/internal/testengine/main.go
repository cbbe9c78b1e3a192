// Command testengine is a tiny deterministic UCI engine for the match
// runner's tests. It knows the rules (through variants/chess) and nothing
// about chess strategy: each -mode picks its move by a fixed rule or
// misbehaves on purpose, so that every path of the runner can be proved.
//
//	first    the first legal move in generation order
//	random   a uniformly random legal move; the choice depends only on
//	         -seed and the position, so a game replays exactly
//	mater    a mate in one when there is one, else the first legal move
//	crash5   plays like first, then exits without answering when asked to
//	         move at full move -at (default 5) or later
//	illegal  plays like first, then answers an illegal move from full
//	         move -at (default 1)
//	hang     plays like first, then from full move -at (default 1) never
//	         answers again: not go, not stop, not isready, not quit
//	slow     plays like first, then from full move -at (default 1) thinks
//	         for twice its time budget plus -late before answering (it
//	         does answer stop at once)
//
// The chess modes follow docs/protocol.md far enough to pass `azar
// compliance` for standard chess: an unknown command, a bad setoption and
// a malformed position each get one `info string error` line with the
// state kept; `go infinite` and `go ponder` answer only after stop (or
// ponderhit); searchmoves restricts the move. Three modes break one rule
// each, for the compliance tests:
//
//	noerror    plays like first, and ignores malformed input silently
//	twoerrors  plays like first, and answers malformed input with two
//	           error lines
//	nostop     plays like first, and never answers stop: an infinite
//	           search goes on for ever (ponderhit is still answered)
//
// Every answer is preceded by one info line with depth 1 and a score:
// -score's value in centipawns if given, else the material balance from the
// side to move's point of view. The options Mode, Seed, At and Score can
// also be set with setoption.
//
// The race modes play the toy four-seat game of bench/match's tests
// instead of chess (race to a target: each action is a number added to a
// running total). A race position is `startpos` (a total of 0) or `fen N`
// (a total of N), then `moves` and the numbers played so far.
//
//	race         answers -step (default 1)
//	racecrash    plays like race, then exits without answering once the
//	             total is -at or more
//	raceillegal  plays like race, then answers 0 (illegal) once the total
//	             is -at or more
//
// Their info line reports depth 1 and -score (default 0).
//
// The chaturanga4 modes play four-player chaturanga (variants/chaturanga4)
// from `position startpos|fen <C4N> [moves ...]`:
//
//	c4random   a uniformly random legal move; the choice depends only on
//	           -seed and the position
//	c4illegal  plays like c4random, then answers a1a1 (never legal) from
//	           round -at (default 1)
//
// Their info line reports depth 1 and -score (default 0).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"azar/variants/chaturanga4"
	"azar/variants/chess"
)

type engine struct {
	mode  string
	seed  uint64
	at    int // full move from which a misbehaving mode misbehaves; 0 = mode default
	score string
	late  time.Duration
	step  int // the number the race modes answer
	total int // the running total of a race position
	pos   *chess.Position
	c4    *chaturanga4.Position // the chaturanga4 modes' position
	cmds  <-chan string
	out   *bufio.Writer
}

func main() {
	e := &engine{out: bufio.NewWriter(os.Stdout)}
	flag.StringVar(&e.mode, "mode", "first", "first, random, mater, crash5, illegal, hang, slow, noerror, twoerrors, nostop, race, racecrash, raceillegal, c4random or c4illegal")
	flag.Uint64Var(&e.seed, "seed", 1, "seed of the random mode")
	flag.IntVar(&e.at, "at", 0, "full move number from which crash5, illegal, hang and slow misbehave (0: 5 for crash5, 1 otherwise); for racecrash and raceillegal, the total")
	flag.IntVar(&e.step, "step", 1, "the number the race modes answer")
	flag.StringVar(&e.score, "score", "", "centipawn score to report on every move (default: material balance)")
	flag.DurationVar(&e.late, "late", 300*time.Millisecond, "how much longer than twice its budget the slow mode thinks")
	flag.Parse()
	e.pos = chess.NewPosition()

	cmds := make(chan string)
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			cmds <- sc.Text()
		}
		close(cmds)
	}()
	e.cmds = cmds
	for line := range cmds {
		if !e.handle(line) {
			return
		}
	}
}

func (e *engine) say(format string, args ...any) {
	fmt.Fprintf(e.out, format+"\n", args...)
	e.out.Flush()
}

// refuse reports input the engine cannot accept: one error line, none
// (noerror) or two (twoerrors).
func (e *engine) refuse(format string, args ...any) {
	n := 1
	switch e.mode {
	case "noerror":
		n = 0
	case "twoerrors":
		n = 2
	}
	for range n {
		e.say("info string error "+format, args...)
	}
}

// handle runs one command; it returns false on quit.
func (e *engine) handle(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	switch fields[0] {
	case "uci":
		e.say("id name testengine %s", e.mode)
		e.say("id author the Azar authors")
		e.say("option name Mode type string default %s", e.mode)
		e.say("option name Seed type spin default %d min 0 max 1000000000", e.seed)
		e.say("option name At type spin default %d min 0 max 1000", e.at)
		e.say("option name Score type string default <material>")
		e.say("uciok")
	case "isready":
		e.say("readyok")
	case "setoption":
		e.setOption(fields[1:])
	case "ucinewgame":
		e.pos = chess.NewPosition()
		e.c4 = nil
	case "position":
		switch {
		case e.race():
			e.setRace(fields[1:])
		case e.chaturanga():
			e.setC4(fields[1:])
		default:
			e.setPosition(fields[1:])
		}
	case "go":
		switch {
		case e.race():
			e.raceGo()
		case e.chaturanga():
			e.c4Go()
		default:
			e.goCmd(fields[1:])
		}
	case "stop", "ponderhit":
		// nothing runs: a stop that crossed a bestmove
	case "quit":
		return false
	default:
		e.refuse("unknown command %q", fields[0])
	}
	return true
}

func (e *engine) setOption(f []string) {
	// setoption name N value V
	if len(f) < 2 || f[0] != "name" {
		e.refuse("setoption: want 'name'")
		return
	}
	name, value := f[1], ""
	if len(f) >= 4 && f[2] == "value" {
		value = strings.Join(f[3:], " ")
	}
	var err error
	switch strings.ToLower(name) {
	case "mode":
		e.mode = value
	case "seed":
		var n uint64
		if n, err = strconv.ParseUint(value, 10, 64); err == nil {
			e.seed = n
		}
	case "at":
		var n int
		if n, err = strconv.Atoi(value); err == nil {
			e.at = n
		}
	case "score":
		e.score = value
	case "uci_variant":
		// the match runner's variant games set it; the mode decides the game
	default:
		e.refuse("setoption: unknown option %q", name)
	}
	if err != nil {
		e.refuse("setoption: %s %q: want an integer", name, value)
	}
}

func (e *engine) setPosition(f []string) {
	var pos *chess.Position
	var err error
	i := 0
	switch {
	case len(f) > 0 && f[0] == "startpos":
		pos, i = chess.NewPosition(), 1
	case len(f) > 0 && f[0] == "fen":
		j := 1
		for j < len(f) && f[j] != "moves" {
			j++
		}
		pos, err = chess.ParseFEN(strings.Join(f[1:j], " "))
		i = j
	default:
		err = fmt.Errorf("position: want startpos or fen")
	}
	if err == nil && i < len(f) && f[i] == "moves" {
		for _, s := range f[i+1:] {
			var m chess.Move
			if m, err = pos.ParseUCIMove(s); err != nil {
				break
			}
			pos.Make(m)
		}
	}
	if err != nil {
		e.refuse("%v", err)
		return
	}
	e.pos = pos
}

// chaturanga reports whether the engine plays four-player chaturanga.
func (e *engine) chaturanga() bool { return strings.HasPrefix(e.mode, "c4") }

// setC4 reads a chaturanga4 position: startpos or fen <C4N>, then moves.
func (e *engine) setC4(f []string) {
	var pos *chaturanga4.Position
	var err error
	i := 0
	switch {
	case len(f) > 0 && f[0] == "startpos":
		pos, i = chaturanga4.NewPosition(), 1
	case len(f) > 0 && f[0] == "fen":
		j := 1
		for j < len(f) && f[j] != "moves" {
			j++
		}
		pos, err = chaturanga4.ParseC4N(strings.Join(f[1:j], " "))
		i = j
	default:
		err = fmt.Errorf("position: want startpos or fen")
	}
	if err == nil && i < len(f) && f[i] == "moves" {
		for _, s := range f[i+1:] {
			var m chaturanga4.Move
			if m, err = pos.ParseMove(s); err != nil {
				break
			}
			pos.Make(m)
		}
	}
	if err != nil {
		e.refuse("%v", err)
		return
	}
	e.c4 = pos
}

// c4Go answers go in chaturanga4.
func (e *engine) c4Go() {
	if e.c4 == nil {
		e.c4 = chaturanga4.NewPosition()
	}
	var l chaturanga4.MoveList
	e.c4.Generate(&l)
	best := "0000"
	if l.Len() > 0 {
		rng := rand.New(rand.NewPCG(e.seed, e.c4.Hash()))
		best = l.At(rng.IntN(l.Len())).String()
	}
	at := e.at
	if at <= 0 {
		at = 1
	}
	if e.mode == "c4illegal" && e.c4.Round() >= at {
		best = "a1a1"
	}
	score := e.score
	if score == "" {
		score = "0"
	}
	e.say("info depth 1 score cp %s nodes %d time 0 pv %s", score, l.Len(), best)
	e.say("bestmove %s", best)
}

// race reports whether the engine plays the toy race game.
func (e *engine) race() bool { return strings.HasPrefix(e.mode, "race") }

// setRace reads a race position: startpos or fen N, then moves and the
// numbers played; it keeps their total.
func (e *engine) setRace(f []string) {
	total, i := 0, 1
	var err error
	switch {
	case len(f) > 0 && f[0] == "startpos":
	case len(f) > 1 && f[0] == "fen":
		total, err = strconv.Atoi(f[1])
		i = 2
	default:
		err = fmt.Errorf("position: want startpos or fen N")
	}
	if err == nil && i < len(f) && f[i] == "moves" {
		for _, s := range f[i+1:] {
			var n int
			if n, err = strconv.Atoi(s); err != nil {
				break
			}
			total += n
		}
	}
	if err != nil {
		e.refuse("%v", err)
		return
	}
	e.total = total
}

// raceGo answers go in the race game.
func (e *engine) raceGo() {
	best := strconv.Itoa(e.step)
	switch {
	case e.mode == "racecrash" && e.total >= e.at:
		os.Exit(3)
	case e.mode == "raceillegal" && e.total >= e.at:
		best = "0"
	}
	score := e.score
	if score == "" {
		score = "0"
	}
	e.say("info depth 1 score cp %s nodes 1 time 0 pv %s", score, best)
	e.say("bestmove %s", best)
}

func (e *engine) misbehaves(def int) bool {
	at := e.at
	if at <= 0 {
		at = def
	}
	return e.pos.FullMove() >= at
}

func (e *engine) goCmd(f []string) {
	budget := time.Duration(0)
	for i := 0; i+1 < len(f); i++ {
		v, err := strconv.Atoi(f[i+1])
		if err != nil {
			continue
		}
		switch f[i] {
		case "movetime":
			budget = time.Duration(v) * time.Millisecond
		case "wtime":
			if e.pos.Side() == chess.White {
				budget = time.Duration(v) * time.Millisecond / 20
			}
		case "btime":
			if e.pos.Side() == chess.Black {
				budget = time.Duration(v) * time.Millisecond / 20
			}
		}
	}
	var l chess.MoveList
	e.pos.GenerateLegal(&l)
	moves := l.Slice()
	if only := searchMoves(f); only != nil {
		var kept []chess.Move
		for _, m := range moves {
			if slices.Contains(only, m.String()) {
				kept = append(kept, m)
			}
		}
		moves = kept
	}
	best := "0000"
	if len(moves) > 0 {
		best = moves[0].String()
	}
	switch e.mode {
	case "random":
		if len(moves) > 0 {
			rng := rand.New(rand.NewPCG(e.seed, e.pos.Hash()))
			best = moves[rng.IntN(len(moves))].String()
		}
	case "mater":
		for _, m := range moves {
			e.pos.Make(m)
			mate := e.pos.Status(false) == chess.Checkmate
			e.pos.Unmake()
			if mate {
				best = m.String()
				break
			}
		}
	case "crash5":
		if e.misbehaves(5) {
			os.Exit(3)
		}
	case "illegal":
		if e.misbehaves(1) {
			best = e.illegalMove(&l)
		}
	case "hang":
		if e.misbehaves(1) {
			go func() { // swallow every later command, quit included
				for range e.cmds {
				}
			}()
			for {
				time.Sleep(time.Hour)
			}
		}
	case "slow":
		if e.misbehaves(1) {
			t := time.NewTimer(2*budget + e.late)
		wait:
			for {
				select {
				case <-t.C:
					break wait
				case c, ok := <-e.cmds:
					if !ok || strings.TrimSpace(c) == "stop" {
						t.Stop()
						break wait
					}
					switch strings.TrimSpace(c) {
					case "isready":
						e.say("readyok")
					case "quit":
						os.Exit(0)
					}
				}
			}
		}
	}
	e.say("info depth 1 score cp %s nodes %d time 0 pv %s", e.reportScore(), len(moves), best)
	if slices.Contains(f, "infinite") || slices.Contains(f, "ponder") {
		e.waitFor(slices.Contains(f, "ponder"))
	}
	e.say("bestmove %s", best)
}

// searchMoves is the list after searchmoves in go's fields, nil without.
func searchMoves(f []string) []string {
	i := slices.Index(f, "searchmoves")
	if i < 0 {
		return nil
	}
	only := []string{}
	for _, s := range f[i+1:] {
		if slices.Contains([]string{"wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate", "movetime", "infinite", "ponder"}, s) {
			break
		}
		only = append(only, s)
	}
	return only
}

// waitFor holds an infinite search's bestmove until stop, a ponder
// search's until ponderhit or stop, answering isready meanwhile. The
// nostop mode never heeds stop.
func (e *engine) waitFor(ponder bool) {
	for c := range e.cmds {
		fields := strings.Fields(c)
		if len(fields) == 0 {
			continue
		}
		switch fields[0] {
		case "stop":
			if e.mode != "nostop" {
				return
			}
		case "ponderhit":
			if ponder {
				return
			}
		case "go", "setoption", "ucinewgame":
			e.refuse("%s while searching (send stop first)", fields[0])
		case "quit":
			os.Exit(0)
		default:
			e.handle(c)
		}
	}
	os.Exit(0) // the end of the input
}

// illegalMove returns a move written correctly in UCI notation, from a
// square holding one of the mover's pieces, that is not legal.
func (e *engine) illegalMove(l *chess.MoveList) string {
	for from := chess.Square(0); from < 64; from++ {
		pc := e.pos.At(from)
		if pc == chess.NoPiece || pc.Color() != e.pos.Side() {
			continue
		}
		for to := chess.Square(0); to < 64; to++ {
			if to == from {
				continue
			}
			legal := false
			for _, m := range l.Slice() {
				if m.From() == from && m.To() == to {
					legal = true
					break
				}
			}
			if !legal {
				return from.String() + to.String()
			}
		}
	}
	return "a1a1"
}

func (e *engine) reportScore() string {
	if e.score != "" {
		return e.score
	}
	values := [...]int{chess.Pawn: 100, chess.Knight: 300, chess.Bishop: 300, chess.Rook: 500, chess.Queen: 900}
	total := 0
	for t := chess.Pawn; t <= chess.Queen; t++ {
		total += values[t] * (e.pos.Pieces(e.pos.Side(), t).Count() - e.pos.Pieces(e.pos.Side().Other(), t).Count())
	}
	return strconv.Itoa(total)
}
