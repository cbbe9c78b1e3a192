package main

import (
	"bytes"
	"strings"
	"testing"
)

// azar runs the command in-process and returns its exit status and streams.
func azar(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// checkUsage asserts that text is the usage: every subcommand of the table
// listed with its summary, and the pointer to the docs.
func checkUsage(t *testing.T, text string) {
	t.Helper()
	for _, c := range commands() {
		if !strings.Contains(text, "  "+c.name+" ") || !strings.Contains(text, c.summary) {
			t.Errorf("usage does not list %q with its summary:\n%s", c.name, text)
		}
	}
	if !strings.Contains(text, "docs/rules/") {
		t.Errorf("usage does not say where the docs are:\n%s", text)
	}
}

func TestHelpListsEverySubcommand(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"-help"}, {"--help"}, {"help", "help"}} {
		code, out, errs := azar(t, "", args...)
		if code != 0 || errs != "" {
			t.Errorf("azar %v: exit %d, stderr %q; want 0 and nothing", args, code, errs)
		}
		checkUsage(t, out)
	}
}

func TestUnknownSubcommand(t *testing.T) {
	code, out, errs := azar(t, "", "nosuch")
	if code != 2 || out != "" {
		t.Fatalf("azar nosuch: exit %d, stdout %q; want 2 and nothing", code, out)
	}
	if !strings.Contains(errs, `unknown subcommand "nosuch"`) {
		t.Errorf("stderr does not name the subcommand:\n%s", errs)
	}
	checkUsage(t, errs)

	if code, _, errs := azar(t, "", "help", "nosuch"); code != 2 || !strings.Contains(errs, "nosuch") {
		t.Errorf("azar help nosuch: exit %d, stderr %q; want 2 naming it", code, errs)
	}
}

// TestEverySubcommandHasHelp holds each row of the table, present and
// future, to the contract: `SUB -h`, `SUB --help` and `help SUB` print
// something on stdout, nothing on stderr, and exit 0.
func TestEverySubcommandHasHelp(t *testing.T) {
	for _, c := range commands() {
		for _, args := range [][]string{{c.name, "-h"}, {c.name, "--help"}, {"help", c.name}} {
			code, out, errs := azar(t, "", args...)
			if code != 0 || out == "" || errs != "" {
				t.Errorf("azar %v: exit %d, stdout %d bytes, stderr %q; want 0, the flags, nothing", args, code, len(out), errs)
			}
		}
	}
}

func TestPerftHelpListsFlags(t *testing.T) {
	code, out, _ := azar(t, "", "perft", "-h")
	if code != 0 {
		t.Fatalf("perft -h: exit %d", code)
	}
	for _, want := range []string{"usage: azar perft [DEPTH]", "-depth", "-fen", "-full"} {
		if !strings.Contains(out, want) {
			t.Errorf("perft -h lacks %q:\n%s", want, out)
		}
	}
}

func TestPerftDepth(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	for _, tc := range []struct {
		args  []string
		nodes string
	}{
		{[]string{"perft", "3"}, "Nodes searched: 8902\n"},
		{[]string{"perft", "-depth", "3"}, "Nodes searched: 8902\n"},
		{[]string{"perft", "-depth=2"}, "Nodes searched: 400\n"},
		{[]string{"perft", "2", "-fen", kiwipete}, "Nodes searched: 2039\n"},
		{[]string{"perft", "-fen", kiwipete, "2", "-full"}, "Nodes searched: 2039\n"},
		{[]string{"perft", "-depth", "1", "--", "3"}, "Nodes searched: 8902\n"},
	} {
		code, out, errs := azar(t, "", tc.args...)
		if code != 0 || !strings.Contains(out, tc.nodes) {
			t.Errorf("azar %v: exit %d, stderr %q, stdout:\n%s\nwant %q", tc.args, code, errs, out, tc.nodes)
		}
	}
}

func TestBadArguments(t *testing.T) {
	for _, args := range [][]string{
		{"perft", "-x"},
		{"perft", "0"},
		{"perft", "three"},
		{"perft", "3", "4"},
		{"perft", "-fen", "not a fen", "1"},
		{"bench", "0"},
		{"bench", "-depth", "x"},
		{"datagen"},
		{"help", "perft", "bench"},
	} {
		code, out, errs := azar(t, "", args...)
		if code != 2 || errs == "" || out != "" {
			t.Errorf("azar %v: exit %d, stdout %q, stderr %q; want 2, nothing, an error", args, code, out, errs)
		}
	}
}

// TestNoArgumentsIsUCI: with no arguments azar is the UCI engine, which is
// how GUIs start it.
func TestNoArgumentsIsUCI(t *testing.T) {
	code, out, _ := azar(t, "uci\nisready\nquit\n")
	if code != 0 || !strings.Contains(out, "uciok\n") || !strings.Contains(out, "readyok\n") {
		t.Errorf("azar with uci, isready, quit: exit %d, stdout:\n%s", code, out)
	}
}
