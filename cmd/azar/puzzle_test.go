package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
	"time"

	"azar/practice/puzzle"
	"azar/variants/chess"
)

func TestPuzzleJSON(t *testing.T) {
	var out, again bytes.Buffer
	if err := runPuzzle([]string{"-date", "2026-03-15", "-json"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	runPuzzle([]string{"-json", "-date", "2026-03-15"}, &again, io.Discard)
	if out.String() != again.String() {
		t.Error("two calls on one date differ")
	}
	var fields map[string]any
	if err := json.Unmarshal(out.Bytes(), &fields); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"date", "fen", "kind", "moves", "solution", "hint", "side", "task", "solution_san"} {
		if _, ok := fields[k]; !ok {
			t.Errorf("JSON field %q missing: %s", k, out.String())
		}
	}
	if fields["date"] != "2026-03-15" {
		t.Errorf("date %v", fields["date"])
	}
	var p puzzleJSON
	json.Unmarshal(out.Bytes(), &p)
	if _, err := chess.ParseFEN(p.FEN); err != nil || len(p.Solution) != 2*p.Moves-1 || p.Hint == "" {
		t.Errorf("implausible puzzle %+v", p)
	}
	if p.Kind != "mate" && p.Kind != "double-attack" && p.Kind != "skewer" {
		t.Errorf("kind %q", p.Kind)
	}
}

func TestPuzzleText(t *testing.T) {
	var out bytes.Buffer
	if err := runPuzzle([]string{"-date", "2026-01-01", "-solution"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Puzzle of 2026-01-01: ", " to play and ", "Hint: ", "Solution: ", "azar puzzle check -date 2026-01-01"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("text output lacks %q:\n%s", s, out.String())
		}
	}
	if err := runPuzzle([]string{"-h"}, io.Discard, io.Discard); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("-h: %v, want flag.ErrHelp", err)
	}
	for _, args := range [][]string{{"-date", "2026-02-30"}, {"extra"}, {"check"}, {"check", "-date", "x", "e2e4"}, {"generate"}} {
		err := runPuzzle(args, io.Discard, io.Discard)
		var code exitStatus
		if err == nil || errors.As(err, &code) {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
	}
}

// firstMateDate is the first date from the epoch whose puzzle is a mate
// in at least n.
func firstMateDate(t *testing.T, n int) (string, puzzle.Puzzle) {
	t.Helper()
	set, err := puzzle.Set()
	if err != nil {
		t.Fatal(err)
	}
	day, _ := puzzle.ParseDate(puzzle.EpochDate)
	for i := 0; i < len(set); i++ {
		d := day.AddDate(0, 0, i)
		p, _ := puzzle.ForDate(set, d)
		if p.Kind == puzzle.Mate && p.Moves >= n {
			return d.Format(puzzle.DateLayout), p
		}
	}
	t.Fatalf("no mate in %d in the set", n)
	return "", puzzle.Puzzle{}
}

func TestPuzzleCheckExitStatus(t *testing.T) {
	date, p := firstMateDate(t, 2)
	var out bytes.Buffer
	if err := runPuzzleCheck(append([]string{"-date", date}, p.Solution...), &out, io.Discard); err != nil {
		t.Fatalf("the stored solution: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "Solved.") {
		t.Errorf("stored solution output:\n%s", out.String())
	}
	out.Reset()
	if err := runPuzzleCheck([]string{"-date", date, p.Solution[0]}, &out, io.Discard); err != nil {
		t.Fatalf("the key move: %v", err)
	}
	if !strings.Contains(out.String(), "Right so far. The reply: ") {
		t.Errorf("key move output:\n%s", out.String())
	}
	// A legal first move that does not force the mate: exit status 1 and
	// the reason on stdout.
	pos, _ := p.Position()
	var l chess.MoveList
	pos.GenerateLegal(&l)
	wrong := ""
	for _, m := range l.Slice() {
		if r, _ := puzzle.Check(p, []string{m.String()}); !r.OK {
			wrong = m.String()
			break
		}
	}
	if wrong == "" {
		t.Fatal("every first move mates")
	}
	out.Reset()
	err := runPuzzleCheck([]string{"-date", date, wrong}, &out, io.Discard)
	if code, ok := err.(exitStatus); !ok || code != 1 {
		t.Errorf("a wrong move: %v, want exit status 1", err)
	}
	if !strings.Contains(out.String(), ": wrong: ") {
		t.Errorf("wrong move output:\n%s", out.String())
	}
	out.Reset()
	err = runPuzzleCheck([]string{"-json", "-date", date, "zz99"}, &out, io.Discard)
	if code, ok := err.(exitStatus); !ok || code != 1 {
		t.Errorf("an illegal move: %v, want exit status 1", err)
	}
	var r checkJSON
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.OK || len(r.Steps) != 1 || r.Steps[0].Reason != "illegal move" || r.Date != date {
		t.Errorf("JSON verdict %+v", r)
	}
}

func TestDailyPuzzleDefaultsToToday(t *testing.T) {
	before := time.Now().UTC().Format(puzzle.DateLayout)
	d, _, err := dailyPuzzle("")
	after := time.Now().UTC().Format(puzzle.DateLayout)
	if err != nil {
		t.Fatal(err)
	}
	if d != before && d != after {
		t.Errorf("default date %s, today is %s", d, after)
	}
}
