package compliance

import (
	"slices"
	"testing"
)

func TestParseOption(t *testing.T) {
	for _, l := range []string{
		"option name Hash type spin default 16 min 1 max 16384",
		"option name Move Overhead type spin default 30 min 0 max 5000",
		"option name Ponder type check default false",
		"option name UCI_Variant type combo default chess var chess var spy var lucky",
		"option name Debug Log File type string default <empty>",
		"option name EvalFile type string default",
		"option name Clear Hash type button",
	} {
		if _, err := parseOption(l); err != nil {
			t.Errorf("%q: %v", l, err)
		}
	}
	o, _ := parseOption("option name UCI_Variant type combo default chess var chess var spy var lucky")
	if o.name != "UCI_Variant" || !slices.Equal(o.vars, []string{"chess", "spy", "lucky"}) {
		t.Errorf("combo read as %+v", o)
	}
	for _, l := range []string{
		"option name Hash type spin default 16 min 1",       // no max
		"option name Hash type spin default 0 min 1 max 16", // default out of range
		"option name Hash type spin default x min 1 max 16",
		"option name Ponder type check default maybe",
		"option name Ponder type check",                              // no default
		"option name V type combo default shogi var chess var spy",   // default not a var
		"option name Hash type integer default 1",                    // unknown type
		"option name type spin default 1 min 0 max 2",                // no name
		"option name Ponder type check default true min 0",           // min on a check
		"option name Hash type spin default 1 min 0 max 2 default 1", // twice
		"option name Hash type spin default 1 min 0 max 2 step 1",    // unknown word
		"option Hash type spin default 1 min 0 max 2",                // no 'name'
		"option name Clear Hash type button var x",                   // var on a button
	} {
		if _, err := parseOption(l); err == nil {
			t.Errorf("%q accepted", l)
		}
	}
}

func TestParseEngine(t *testing.T) {
	e, err := ParseEngine([]string{"cmd=./azar", "args=-mode first -seed 3", "arg=x y", "option.Hash=8", "option.Move Overhead=10"})
	if err != nil {
		t.Fatal(err)
	}
	if e.Cmd != "./azar" || !slices.Equal(e.Args, []string{"-mode", "first", "-seed", "3", "x y"}) ||
		!slices.Equal(e.Options, []Option{{"Hash", "8"}, {"Move Overhead", "10"}}) {
		t.Errorf("read as %+v", e)
	}
	for _, bad := range [][]string{{}, {"args=x"}, {"cmd=a", "tc=1"}, {"cmd=a", "option.=1"}, {"cmd"}} {
		if _, err := ParseEngine(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
